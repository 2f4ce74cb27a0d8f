package fallback_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/fallback"
	"github.com/satdoku/satdoku/internal/race"
	"github.com/satdoku/satdoku/variant"
	"github.com/satdoku/satdoku/variant/varianttest"
)

// cageTiling cuts the board into cages of 1–4 orthogonally connected
// cells holding different digits of grid, and keeps each with probability
// keep, its sum taken from grid (or, one time in eight, off by one).
func cageTiling(rng *rand.Rand, grid *board.Board, keep float64) []variant.Rule {
	n := grid.Shape.Side()
	taken := make([]bool, n*n)
	var rules []variant.Rule
	for _, start := range rng.Perm(n * n) {
		if taken[start] {
			continue
		}
		cells := []int{start}
		taken[start] = true
		for size := 1 + rng.IntN(4); len(cells) < size; {
			var next []int
			for _, c := range cells {
				r, col := c/n, c%n
				for _, o := range [][2]int{{r - 1, col}, {r + 1, col}, {r, col - 1}, {r, col + 1}} {
					if o[0] < 0 || o[0] >= n || o[1] < 0 || o[1] >= n {
						continue
					}
					x := o[0]*n + o[1]
					if !taken[x] && !slices.ContainsFunc(cells, func(c int) bool { return grid.Cells[c] == grid.Cells[x] }) {
						next = append(next, x)
					}
				}
			}
			if len(next) == 0 {
				break
			}
			x := next[rng.IntN(len(next))]
			taken[x] = true
			cells = append(cells, x)
		}
		if rng.Float64() >= keep {
			continue
		}
		sum := 0
		for _, c := range cells {
			sum += int(grid.Cells[c])
		}
		if rng.IntN(8) == 0 && sum > len(cells)*(len(cells)+1)/2 {
			sum--
		}
		rules = append(rules, variant.Killer{Cells: cells, Sum: sum})
	}
	return rules
}

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
			p.Rules = cageTiling(rng, grid, 0.6+0.4*rng.Float64())
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
