package varianttest

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/variant"
)

// uncovered returns the names of the kinds the property tests do not
// make: no clue or global kind in flavours, or one that makes rules of
// another type (rng and grid, a 9×9 solution, make the clues). It is
// varianttest's completeness check, run over the registry and over a kind
// it cannot know.
func uncovered(rng *rand.Rand, grid *board.Board, kinds []variant.Kind) []string {
	var out []string
	for _, k := range kinds {
		f := flavours[k.Name]
		ok := len(f.clues)+len(f.globals) > 0
		for _, g := range f.globals {
			ok = ok && reflect.TypeOf(Global(g, grid.Side())) == k.Type()
		}
		for _, c := range f.clues {
			var rules []variant.Rule
			for try := 0; try < 50 && rules == nil; try++ {
				rules = Clue(rng, variant.New(grid.Shape), grid, c)
			}
			ok = ok && len(rules) > 0 && reflect.TypeOf(rules[0]) == k.Type()
		}
		if !ok {
			out = append(out, k.Name)
		}
	}
	return out
}

// unregistered is a rule kind that is not in the registry: a type of
// this test that embeds a rule.
type unregistered struct{ variant.Killer }

// TestEveryKindMade walks the registry: Kinds and Globals make rules of
// every kind, each flavour of its own kind, and a kind not in the
// registry is reported.
func TestEveryKindMade(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	grid := Grid(rng, board.Classic)
	if missing := uncovered(rng, grid, variant.Kinds()); len(missing) > 0 {
		t.Errorf("rule kinds the property tests do not make: %v", missing)
	}
	fake := variant.Kind{Name: "TestOnly", Sample: unregistered{variant.Killer{Cells: []int{0, 1}, Sum: 3}}}
	if got := uncovered(rng, grid, []variant.Kind{fake}); !slices.Equal(got, []string{"TestOnly"}) {
		t.Errorf("a kind not in the registry: %v, want [TestOnly]", got)
	}
	if len(flavours) != len(variant.Kinds()) {
		t.Errorf("flavours has %d kinds, the registry %d", len(flavours), len(variant.Kinds()))
	}
}
