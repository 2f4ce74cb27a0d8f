package engine

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/internal/puzzlegen"
)

// listedShapes are the board sizes issue 5 lists: every square size from
// 4×4 to 25×25 and the rectangular boxes in common use.
var listedShapes = []board.Shape{
	shp(2, 2), shp(3, 3), shp(4, 4), shp(5, 5), // square
	shp(2, 3), shp(2, 4), shp(2, 5), shp(3, 4), shp(3, 5), shp(4, 5), // rectangular
}

// TestEverySize: for each listed size, the empty board solves to a valid
// grid, a generated proper puzzle returns exactly its solution, and a
// generated no-solution puzzle (one given of a proper puzzle changed, no
// clash) is reported as having none — by the SAT engine and the backtracker.
func TestEverySize(t *testing.T) {
	t.Parallel()
	for _, s := range listedShapes {
		t.Run(s.String(), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(s.BoxRows), uint64(s.BoxCols)))
			solution := puzzlegen.Grid(rng, s)
			blank := 0.55
			if s.Side() >= 20 {
				blank = 0.45 // keeps the generator's uniqueness checks quick
			}
			proper := puzzlegen.Proper(rng, solution, blank)
			noSolution := puzzlegen.NoSolution(rng, proper)
			for _, k := range []Kind{SAT, Backtrack} {
				eng := newEngine(t, Options{Kind: k})
				w := fmt.Sprintf("%v %v", k, s)
				checkSolved(t, w+" empty", board.New(s), eng.Solve(bg, board.New(s)))
				res := eng.Solve(bg, proper)
				checkSolved(t, w+" proper", proper, res)
				if res.Solution != nil && !res.Solution.Equal(solution) {
					t.Errorf("%s: proper puzzle (%d blanks) solved to another grid", w, proper.Blanks())
				}
				if noSolution == nil {
					t.Fatalf("%s: no no-solution puzzle could be made", w)
				}
				if res := eng.Solve(bg, noSolution); res.Status != NoSolution {
					t.Errorf("%s: no-solution puzzle reported %v (%v)", w, res.Status, res.Err)
				}
			}
		})
	}
}
