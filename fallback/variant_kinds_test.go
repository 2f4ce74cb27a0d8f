package fallback_test

import (
	"errors"
	"testing"

	"github.com/satdoku/satdoku/fallback"
	"github.com/satdoku/satdoku/variant"
	"github.com/satdoku/satdoku/variant/varianttest"
)

// unhandledKinds returns the names of the kinds whose sample the
// backtracker does not compile (builder.rule): its completeness check.
func unhandledKinds(kinds []variant.Kind) []string {
	var out []string
	for _, k := range kinds {
		if err := fallback.CompileVariant(varianttest.KindPuzzle(k)); errors.Is(err, fallback.ErrUnknownRule) {
			out = append(out, k.Name)
		}
	}
	return out
}

// TestEveryKindCompiled walks the registry: the backtracker compiles
// every kind, and reports one that is not registered.
func TestEveryKindCompiled(t *testing.T) {
	if err := varianttest.Completeness("the backtracker", unhandledKinds); err != nil {
		t.Error(err)
	}
}
