package fallback_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/fallback"
	"github.com/satdoku/satdoku/variant"
	"github.com/satdoku/satdoku/variant/varianttest"
)

// partHolds reports whether the digits of cells satisfy a part of p: the
// houses on hold different digits, the rules on pass their own Check, and
// each cell holds a digit of its mask.
func partHolds(p *variant.Puzzle, houses [][]int, rules []int, masks []uint64, cells []int) bool {
	for c, d := range cells {
		if d < 1 || masks[c]&(1<<(d-1)) == 0 {
			return false
		}
	}
	for _, h := range houses {
		seen := 0
		for _, c := range h {
			if seen&(1<<cells[c]) != 0 {
				return false
			}
			seen |= 1 << cells[c]
		}
	}
	b := board.New(p.Givens.Shape)
	for c, d := range cells {
		b.Cells[c] = uint8(d)
	}
	for _, i := range rules {
		if p.Rules[i].Check(p, b) != nil {
			return false
		}
	}
	return true
}

// partExists reports, by brute force over the masks (every cell's digits
// in turn), whether a part of p has a solution.
func partExists(p *variant.Puzzle, houses [][]int, rules []int, masks []uint64) bool {
	n := p.Side()
	cells := make([]int, n*n)
	var try func(c int) bool
	try = func(c int) bool {
		if c == len(cells) {
			return partHolds(p, houses, rules, masks, cells)
		}
		for d := 1; d <= n; d++ {
			if masks[c]&(1<<(d-1)) != 0 {
				cells[c] = d
				if try(c + 1) {
					return true
				}
			}
		}
		return false
	}
	return try(0)
}

// TestSolvePartAgainstBruteForce checks SolvePart on parts of random 4×4
// puzzles (random rules, or a board tiled by killer cages so that the
// derived sums come in) with random houses and rules switched off and two
// digits per cell at most (mostly the grid's and another): it finds a solution exactly when the brute force does,
// and the solution it finds holds.
func TestSolvePartAgainstBruteForce(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(36, 37))
	s := fallback.NewSolver()
	shape := board.Square(2)
	n := shape.Side()
	found := [2]int{}
	for trial := range 600 {
		p := variant.New(shape)
		grid := varianttest.Grid(rng, shape)
		if trial%2 == 0 {
			for range 1 + rng.IntN(3) {
				p.Rules = append(p.Rules, randomRule(rng, p))
			}
		} else {
			// Dominoes along the rows, or down the columns.
			for i := 0; i < n*n; i += 2 {
				a, b := i, i+1
				if trial%4 == 3 {
					a, b = (i%n)*n+i/n, (i%n+1)*n+i/n
				}
				p.Rules = append(p.Rules, variant.Killer{Cells: []int{a, b}, Sum: int(grid.Cells[a] + grid.Cells[b])})
			}
		}
		if p.Validate() != nil {
			continue
		}
		var houses [][]int
		all := p.RegionCells()
		for i := range n {
			row, col := make([]int, n), make([]int, n)
			for j := range n {
				row[j], col[j] = i*n+j, j*n+i
			}
			all = append(all, row, col)
		}
		for _, h := range all {
			if len(h) == n && rng.IntN(4) > 0 {
				houses = append(houses, h)
			}
		}
		var rules []int
		for i := range p.Rules {
			if rng.IntN(4) > 0 {
				rules = append(rules, i)
			}
		}
		masks := make([]uint64, n*n)
		for c := range masks {
			masks[c] = 1<<(rng.IntN(n)) | 1<<(grid.Cells[c]-1)
			if rng.IntN(8) == 0 {
				masks[c] = 1 << (rng.IntN(n))
			}
		}
		sol, _, err := s.SolvePart(context.Background(), p, houses, rules, masks)
		if err != nil {
			t.Fatal(err)
		}
		want := partExists(p, houses, rules, masks)
		if (sol != nil) != want {
			t.Fatalf("trial %d: SolvePart found %v, brute force %v\nhouses %v rules %v masks %v\n%s", trial, sol, want, houses, rules, masks, describe(p))
		}
		if sol != nil && !partHolds(p, houses, rules, masks, sol) {
			t.Fatalf("trial %d: solution %v does not hold\n%s", trial, sol, describe(p))
		}
		found[min(len(sol), 1)]++
	}
	t.Logf("outcomes %v (none, some)", found)
	if found[0] == 0 || found[1] == 0 {
		t.Errorf("outcomes %v (none, some): want both", found)
	}
}
