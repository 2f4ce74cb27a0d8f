package fallback_test

import (
	"errors"
	"testing"

	"github.com/satdoku/satdoku/fallback"
	"github.com/satdoku/satdoku/variant"
	"github.com/satdoku/satdoku/variant/varianttest"
)

// TestEveryKindCompiled walks the registry: the backtracker compiles
// every kind (builder.rule), and reports one that is not registered.
func TestEveryKindCompiled(t *testing.T) {
	unhandled := func(kinds []variant.Kind) []string {
		return varianttest.Unhandled(kinds, func(k variant.Kind) bool {
			return !errors.Is(fallback.CompileVariant(varianttest.KindPuzzle(k)), fallback.ErrUnknownRule)
		})
	}
	if err := varianttest.Completeness("the backtracker", unhandled); err != nil {
		t.Error(err)
	}
}
