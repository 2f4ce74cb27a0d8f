package encode

import (
	"errors"
	"testing"

	"github.com/satdoku/satdoku/variant"
	"github.com/satdoku/satdoku/variant/varianttest"
)

// unhandledKinds returns, for each kind whose sample the encoder does not
// know, "Name: where": "rule" for the clauses (variantEncoder.rule),
// "apart" for the groups of distinct cells (apartRule). It is the
// encoder's completeness check.
func unhandledKinds(kinds []variant.Kind) []string {
	var out []string
	for _, k := range kinds {
		p := varianttest.KindPuzzle(k)
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

// TestEveryKindEncoded walks the registry: the encoder handles every
// kind, and reports one that is not registered.
func TestEveryKindEncoded(t *testing.T) {
	if err := varianttest.Completeness("the encoder", unhandledKinds); err != nil {
		t.Error(err)
	}
	if got := unhandledKinds([]variant.Kind{varianttest.Unregistered}); len(got) != 2 {
		t.Errorf("an unregistered kind: %v, want it missing from rule and apart", got)
	}
}
