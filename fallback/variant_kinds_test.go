package fallback

import (
	"errors"
	"slices"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/variant"
)

// unhandledKinds returns the names of the kinds whose sample the
// backtracker does not compile (builder.rule): its completeness check,
// run over the registry and over a kind it cannot know.
func unhandledKinds(kinds []variant.Kind) []string {
	var out []string
	for _, k := range kinds {
		p := variant.New(board.Classic)
		p.Rules = []variant.Rule{k.Sample}
		if _, err := compileVariant(p); errors.Is(err, ErrUnknownRule) {
			out = append(out, k.Name)
		}
	}
	return out
}

// unregistered is a rule kind that is not in the registry: a type of
// this test that embeds a rule.
type unregistered struct{ variant.Killer }

// TestEveryKindCompiled walks the registry: the backtracker compiles
// every kind, and reports one it does not know.
func TestEveryKindCompiled(t *testing.T) {
	if missing := unhandledKinds(variant.Kinds()); len(missing) > 0 {
		t.Errorf("rule kinds the backtracker does not handle: %v", missing)
	}
	fake := variant.Kind{Name: "TestOnly", Sample: unregistered{variant.Killer{Cells: []int{0, 1}, Sum: 3}}}
	if got := unhandledKinds(append(variant.Kinds(), fake)); !slices.Equal(got, []string{"TestOnly"}) {
		t.Errorf("a kind not in the registry: %v, want [TestOnly]", got)
	}
}
