package render

import (
	"testing"

	"github.com/satdoku/satdoku/variant"
	"github.com/satdoku/satdoku/variant/varianttest"
)

// TestEveryKindDrawn walks the registry: the renderer draws every kind,
// or knows it is stated in words only (drawing.rule), and reports one
// that is not registered (drawn only as the grey outline of a kind it
// does not know).
func TestEveryKindDrawn(t *testing.T) {
	unhandled := func(kinds []variant.Kind) []string {
		return varianttest.Unhandled(kinds, func(k variant.Kind) bool {
			d, err := newDrawing(&Picture{Variant: varianttest.KindPuzzle(k)}, Options{})
			clones := 0
			return err == nil && d.rule(k.Sample, &clones)
		})
	}
	if err := varianttest.Completeness("the renderer", unhandled); err != nil {
		t.Error(err)
	}
}
