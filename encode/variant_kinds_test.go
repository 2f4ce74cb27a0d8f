package encode

import (
	"errors"
	"testing"

	"github.com/satdoku/satdoku/variant"
	"github.com/satdoku/satdoku/variant/varianttest"
)

// unhandledKinds returns the names of the kinds whose sample the encoder
// does not know: once for the clauses (variantEncoder.rule), once for the
// groups of distinct cells (apartRule). It is the encoder's completeness
// check.
func unhandledKinds(kinds []variant.Kind) []string {
	encoded := func(k variant.Kind) bool {
		_, err := Variant(varianttest.KindPuzzle(k))
		return !errors.Is(err, ErrUnknownRule)
	}
	apart := func(k variant.Kind) bool {
		e := &variantEncoder{p: varianttest.KindPuzzle(k), n: 9}
		return e.apartRule(k.Sample, true, func([]int) {})
	}
	return append(varianttest.Unhandled(kinds, encoded), varianttest.Unhandled(kinds, apart)...)
}

// TestEveryKindEncoded walks the registry: the encoder handles every
// kind, and reports one that is not registered, in both places.
func TestEveryKindEncoded(t *testing.T) {
	if err := varianttest.Completeness("the encoder", unhandledKinds); err != nil {
		t.Error(err)
	}
	if got := unhandledKinds([]variant.Kind{varianttest.Unregistered}); len(got) != 2 {
		t.Errorf("an unregistered kind: %v, want it missing from rule and apartRule", got)
	}
}
