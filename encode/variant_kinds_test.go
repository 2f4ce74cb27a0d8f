package encode

import (
	"errors"
	"slices"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/variant"
)

// unhandledKinds returns, for each kind whose sample the encoder does not
// know, "Name: where": "rule" for the clauses (variantEncoder.rule),
// "apart" for the groups of distinct cells (apartRule). It is the
// encoder's completeness check, run over the registry and over a kind it
// cannot know.
func unhandledKinds(kinds []variant.Kind) []string {
	var out []string
	for _, k := range kinds {
		p := variant.New(board.Classic)
		p.Rules = []variant.Rule{k.Sample}
		if _, err := Variant(p); errors.Is(err, ErrUnknownRule) {
			out = append(out, k.Name+": rule")
		}
		e := &variantEncoder{p: p, n: p.Side()}
		if !e.apartRule(k.Sample, true, func([]int) {}) {
			out = append(out, k.Name+": apart")
		}
	}
	return out
}

// unregistered is a rule kind that is not in the registry: a type of
// this test that embeds a rule.
type unregistered struct{ variant.Killer }

// TestEveryKindEncoded walks the registry: the encoder handles every
// kind, and reports one it does not know.
func TestEveryKindEncoded(t *testing.T) {
	if missing := unhandledKinds(variant.Kinds()); len(missing) > 0 {
		t.Errorf("rule kinds the encoder does not handle: %v", missing)
	}
	fake := variant.Kind{Name: "TestOnly", Sample: unregistered{variant.Killer{Cells: []int{0, 1}, Sum: 3}}}
	if got, want := unhandledKinds([]variant.Kind{fake}), []string{"TestOnly: rule", "TestOnly: apart"}; !slices.Equal(got, want) {
		t.Errorf("a kind not in the registry: %v, want %v", got, want)
	}
}
