package render

import (
	"testing"

	"github.com/satdoku/satdoku/variant"
	"github.com/satdoku/satdoku/variant/varianttest"
)

// unhandledKinds returns the names of the kinds whose sample the renderer
// draws only as the grey outline of a kind it does not know
// (drawing.rule): its completeness check.
func unhandledKinds(kinds []variant.Kind) []string {
	var out []string
	for _, k := range kinds {
		d, err := newDrawing(&Picture{Variant: varianttest.KindPuzzle(k)}, Options{})
		clones := 0
		if err != nil || !d.rule(k.Sample, &clones) {
			out = append(out, k.Name)
		}
	}
	return out
}

// TestEveryKindDrawn walks the registry: the renderer draws every kind
// (or knows it is stated in words only), and reports one that is not
// registered.
func TestEveryKindDrawn(t *testing.T) {
	if err := varianttest.Completeness("the renderer", unhandledKinds); err != nil {
		t.Error(err)
	}
}
