package varianttest

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/variant"
)

// Unregistered is a kind that is not in the registry (variant.Kinds): its
// sample is a type of this package that embeds a killer cage only to
// satisfy the sealed variant.Rule, so that no type switch takes it for a
// rule of package variant. Every consumer's completeness check must
// report it.
var Unregistered = variant.Kind{
	Name:   "Unregistered",
	Keys:   []variant.Key{{Name: "killercage"}},
	Doc:    "a kind no consumer knows",
	Sample: unregistered{variant.Killer{Cells: []int{0, 1}, Sum: 3}},
}

type unregistered struct{ variant.Killer }

// KindPuzzle returns an empty 9×9 puzzle whose one rule is k's sample.
func KindPuzzle(k variant.Kind) *variant.Puzzle {
	p := variant.New(board.Classic)
	p.Rules = []variant.Rule{k.Sample}
	return p
}

// Unhandled returns the names of the kinds for which handles is false:
// the shape of a consumer's completeness check.
func Unhandled(kinds []variant.Kind, handles func(k variant.Kind) bool) []string {
	var out []string
	for _, k := range kinds {
		if !handles(k) {
			out = append(out, k.Name)
		}
	}
	return out
}

// Completeness runs a consumer's completeness check, missing, which
// returns an entry starting with a kind's name for each kind it does not
// handle: it must report none of the registry's kinds, and Unregistered
// added to them (so that a check that reports nothing fails).
func Completeness(consumer string, missing func(kinds []variant.Kind) []string) error {
	var errs []error
	if m := missing(variant.Kinds()); len(m) > 0 {
		errs = append(errs, fmt.Errorf("rule kinds %s does not handle: %v", consumer, m))
	}
	m := missing(append(variant.Kinds(), Unregistered))
	if !slices.ContainsFunc(m, func(entry string) bool { return strings.HasPrefix(entry, Unregistered.Name) }) {
		errs = append(errs, fmt.Errorf("%s does not report a kind that is not in the registry (it reports %v)", consumer, m))
	}
	return errors.Join(errs...)
}
