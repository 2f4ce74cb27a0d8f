package fallback_test

import (
	"math/rand/v2"
	"testing"

	"github.com/satdoku/satdoku/fallback"
	"github.com/satdoku/satdoku/internal/race"
	"github.com/satdoku/satdoku/variant"
	"github.com/satdoku/satdoku/variant/varianttest"
)

// TestKillerTilingsAgainstBruteForce checks the backtracker on killer
// sudokus whose cages cover most of the board, where it adds the sums of
// the rule of 45 (cageInnies): the solutions found are exactly the grids
// the checker accepts, on 4×4 and 6×6 boards, with box and jigsaw regions,
// and puzzles with no solution, one and several all occur. A wrong implied
// sum would lose a solution or, where it is the only one, report none.
func TestKillerTilingsAgainstBruteForce(t *testing.T) {
	t.Parallel()
	race.SkipSequential(t)
	trials := 60
	if testing.Short() {
		trials = 15
	}
	var tally outcomes
	s := fallback.NewSolver()
	for _, size := range sizes {
		rng := rand.New(rand.NewPCG(45, uint64(size.shape.Side())))
		for range trials {
			grid := varianttest.Grid(rng, size.shape)
			p := variant.New(size.shape)
			if rng.IntN(3) == 0 {
				n := size.shape.Side()
				p.Regions = varianttest.Regions(rng, grid, p.RegionLabels(), 4*n)
			}
			p.Rules = varianttest.KillerTiling(rng, grid, 0.6+0.4*rng.Float64())
			givens(rng, p, grid, rng.IntN(size.minGivens+1))
			want, complete := truth(p, size.completion)
			if !complete {
				continue
			}
			agree(t, s, p, want)
			tally.add(len(want))
		}
	}
	t.Logf("%v", tally)
	if tally[0] == 0 || tally[1] == 0 || tally[2] == 0 {
		t.Errorf("%v; want each outcome", tally)
	}
}
