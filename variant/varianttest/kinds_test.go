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
		i := slices.IndexFunc(flavours, func(f flavour) bool { return f.kind == k.Name })
		if i < 0 {
			out = append(out, k.Name)
			continue
		}
		f := flavours[i]
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

// TestEveryKindMade walks the registry: Kinds and Globals make rules of
// every kind, each flavour of its own kind, and a kind that is not
// registered is reported.
func TestEveryKindMade(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	grid := Grid(rng, board.Classic)
	if err := Completeness("the property tests", func(kinds []variant.Kind) []string { return uncovered(rng, grid, kinds) }); err != nil {
		t.Error(err)
	}
	registered := map[string]bool{}
	for _, k := range variant.Kinds() {
		registered[k.Name] = true
	}
	seen := map[string]bool{}
	for _, f := range flavours {
		if !registered[f.kind] || seen[f.kind] {
			t.Errorf("flavours: %s is not a kind of the registry, or listed twice", f.kind)
		}
		seen[f.kind] = true
	}
}
