package fallback_test

import (
	"context"
	"math/rand/v2"
	"slices"
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
		// The digits tried first change no answer.
		s.Prefer = make([]int, n*n)
		for c := range s.Prefer {
			s.Prefer[c] = rng.IntN(n + 1)
		}
		psol, _, err := s.SolvePart(context.Background(), p, houses, rules, masks)
		s.Prefer = nil
		if err != nil {
			t.Fatal(err)
		}
		if (psol != nil) != want || psol != nil && !partHolds(p, houses, rules, masks, psol) {
			t.Fatalf("trial %d: with digits preferred, SolvePart found %v, brute force %v\n%s", trial, psol, want, describe(p))
		}
		found[min(len(sol), 1)]++
	}
	t.Logf("outcomes %v (none, some)", found)
	if found[0] == 0 || found[1] == 0 {
		t.Errorf("outcomes %v (none, some): want both", found)
	}
}

// TestSolvePartPrefer checks Solver.Prefer: on an empty 9×9 board, which
// has many solutions, the search preferring the digits of one goes
// straight to it, without a wrong guess; preferred digits of the wrong
// length are an error.
func TestSolvePartPrefer(t *testing.T) {
	shape := board.Square(3)
	p := variant.New(shape)
	n := shape.Side()
	var houses [][]int
	houses = append(houses, p.RegionCells()...)
	for i := range n {
		row, col := make([]int, n), make([]int, n)
		for j := range n {
			row[j], col[j] = i*n+j, j*n+i
		}
		houses = append(houses, row, col)
	}
	masks := make([]uint64, n*n)
	for c := range masks {
		masks[c] = 1<<n - 1
	}
	s := fallback.NewSolver()
	for seed := range uint64(5) {
		grid := varianttest.Grid(rand.New(rand.NewPCG(seed, 38)), shape)
		s.Prefer = make([]int, n*n)
		for c, d := range grid.Cells {
			s.Prefer[c] = int(d)
		}
		sol, nodes, err := s.SolvePart(context.Background(), p, houses, nil, masks)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(sol, s.Prefer) {
			t.Errorf("seed %d: found %v, want the preferred %v", seed, sol, s.Prefer)
		}
		if nodes > int64(n*n) {
			t.Errorf("seed %d: %d nodes to the preferred solution: a guess went wrong", seed, nodes)
		}
	}
	s.Prefer = make([]int, 3)
	if _, _, err := s.SolvePart(context.Background(), p, houses, nil, masks); err == nil {
		t.Errorf("3 preferred digits for %d cells: no error", n*n)
	}
}
