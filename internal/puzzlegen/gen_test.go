package puzzlegen

import (
	"math/rand/v2"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/fallback"
)

var shapes = []board.Shape{{BoxRows: 2, BoxCols: 2}, {BoxRows: 2, BoxCols: 3}, {BoxRows: 3, BoxCols: 2}, {BoxRows: 2, BoxCols: 4}, {BoxRows: 3, BoxCols: 3}, {BoxRows: 2, BoxCols: 5}, {BoxRows: 3, BoxCols: 4}, {BoxRows: 3, BoxCols: 5}, {BoxRows: 4, BoxCols: 4}, {BoxRows: 4, BoxCols: 5}, {BoxRows: 5, BoxCols: 5}, {BoxRows: 6, BoxCols: 6}}

func TestGrid(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, s := range shapes {
		for i := 0; i < 5; i++ {
			g := Grid(rng, s)
			if !g.Solved() {
				t.Fatalf("%v: not a solved grid:\n%v", s, g)
			}
		}
	}
}

func TestHolesKeepsSolution(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, s := range shapes {
		g := Grid(rng, s)
		p := Holes(rng, g, 0.55)
		if got, want := p.Blanks(), int(0.55*float64(len(g.Cells))); got != want {
			t.Errorf("%v: %d blanks, want %d", s, got, want)
		}
		if err := board.Verify(p, g); err != nil {
			t.Errorf("%v: the grid no longer completes the puzzle: %v", s, err)
		}
	}
}

func TestProperAndNoSolution(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, s := range shapes[:8] {
		g := Grid(rng, s)
		p := Proper(rng, g, 0.6)
		if n := fallback.Count(p, 2); n != 1 {
			t.Fatalf("%v: proper puzzle has %d solutions", s, n)
		}
		if p.Blanks() == 0 {
			t.Fatalf("%v: nothing cleared", s)
		}
		bad := NoSolution(rng, p)
		if bad == nil {
			continue // possible on tiny boards; the 9×9 case below must work
		}
		if bad.Check() != nil || fallback.Count(bad, 1) != 0 {
			t.Fatalf("%v: NoSolution gave a clash or a solvable puzzle", s)
		}
	}
	if NoSolution(rng, Proper(rng, Grid(rng, board.Classic), 0.6)) == nil {
		t.Fatal("no 9×9 no-solution puzzle from a proper one")
	}
}
