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

// diagonalClues returns the clue of every diagonal of one direction
// (down-right, or down-left), each outside the top or the side edge.
func diagonalClues(n int, downLeft bool) []variant.Outside {
	var out []variant.Outside
	if !downLeft {
		for j := range n {
			out = append(out, variant.Outside{Row: -1, Col: j - 1, DRow: 1, DCol: 1})
		}
		for i := 1; i < n; i++ {
			out = append(out, variant.Outside{Row: i - 1, Col: -1, DRow: 1, DCol: 1})
		}
		return out
	}
	for j := range n {
		out = append(out, variant.Outside{Row: -1, Col: j + 1, DRow: 1, DCol: -1})
	}
	for i := 1; i < n; i++ {
		out = append(out, variant.Outside{Row: i - 1, Col: n, DRow: 1, DCol: -1})
	}
	return out
}

// TestDiagonalFamiliesAgainstBruteForce checks the backtracker on little
// killers that run side by side, with and without the X rule, where it
// adds the sums their sets imply less the regions they cover
// (diagonalInnies): the solutions found are exactly the grids the checker
// accepts, on 4×4 and 6×6 boards, with box and jigsaw regions, and puzzles
// with no solution, one and several all occur. A wrong implied sum would
// lose a solution or, where it is the only one, report none.
func TestDiagonalFamiliesAgainstBruteForce(t *testing.T) {
	t.Parallel()
	race.SkipSequential(t)
	trials := 80
	if testing.Short() {
		trials = 20
	}
	var tally outcomes
	implied := 0
	s := fallback.NewSolver()
	for _, size := range sizes {
		n := size.shape.Side()
		rng := rand.New(rand.NewPCG(46, uint64(n)))
		for range trials {
			p := variant.New(size.shape)
			if rng.IntN(2) == 0 {
				p.Rules = append(p.Rules, variant.PositiveDiagonal{}, variant.NegativeDiagonal{})
			}
			grid := varianttest.Fill(rng, p, 100000)
			if grid == nil {
				continue
			}
			if rng.IntN(3) == 0 {
				p.Regions = varianttest.Regions(rng, grid, p.RegionLabels(), 4*n)
			}
			wrong := rng.IntN(3) == 0 // one wrong clue: often no solution
			for _, downLeft := range []bool{false, true} {
				if rng.IntN(3) == 0 {
					continue
				}
				for _, o := range diagonalClues(n, downLeft) {
					if rng.IntN(10) < 3 {
						continue
					}
					cells, sum := o.Cells(n), 0
					for _, c := range cells {
						sum += int(grid.Cells[c])
					}
					if wrong && sum > len(cells) {
						sum += 1 - 2*rng.IntN(2)
						wrong = false
					}
					p.Rules = append(p.Rules, variant.LittleKiller{Clue: o, Sum: sum})
				}
			}
			givens(rng, p, grid, size.minGivens+rng.IntN(size.maxGivens-size.minGivens+1)/2)
			want, complete := truth(p, size.completion)
			if !complete {
				continue
			}
			implied += fallback.DiagonalInnies(p)
			agree(t, s, p, want)
			tally.add(len(want))
		}
	}
	t.Logf("%v; %d implied sums", tally, implied)
	if tally[0] == 0 || tally[1] == 0 || tally[2] == 0 {
		t.Errorf("%v; want each outcome", tally)
	}
	if implied == 0 {
		t.Error("no puzzle had an implied diagonal sum")
	}
}
