package render

import (
	"slices"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/variant"
)

// unhandledKinds returns the names of the kinds whose sample the renderer
// draws only as the grey outline of a kind it does not know
// (drawing.rule): its completeness check, run over the registry and over
// a kind it cannot know.
func unhandledKinds(t *testing.T, kinds []variant.Kind) []string {
	var out []string
	for _, k := range kinds {
		p := variant.New(board.Classic)
		p.Rules = []variant.Rule{k.Sample}
		d, err := newDrawing(&Picture{Variant: p}, Options{})
		if err != nil {
			t.Fatalf("%s: %v", k.Name, err)
		}
		clones := 0
		if !d.rule(k.Sample, &clones) {
			out = append(out, k.Name)
		}
	}
	return out
}

// unregistered is a rule kind that is not in the registry: a type of
// this test that embeds a rule.
type unregistered struct{ variant.Killer }

// TestEveryKindDrawn walks the registry: the renderer draws every kind
// (or knows it is stated in words only), and reports one it does not
// know.
func TestEveryKindDrawn(t *testing.T) {
	if missing := unhandledKinds(t, variant.Kinds()); len(missing) > 0 {
		t.Errorf("rule kinds the renderer does not handle: %v", missing)
	}
	fake := variant.Kind{Name: "TestOnly", Sample: unregistered{variant.Killer{Cells: []int{0, 1}, Sum: 3}}}
	if got := unhandledKinds(t, append(variant.Kinds(), fake)); !slices.Equal(got, []string{"TestOnly"}) {
		t.Errorf("a kind not in the registry: %v, want [TestOnly]", got)
	}
}
