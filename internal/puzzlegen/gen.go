// Package puzzlegen makes random Sudoku of any box shape for tests and
// benchmarks: full grids, puzzles with a chosen share of blanks, and proper
// puzzles (exactly one solution).
package puzzlegen

import (
	"math/rand/v2"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/fallback"
)

// Grid returns a random solved grid of shape s: the standard pattern grid
// with its digits relabelled, rows shuffled within bands, bands shuffled,
// columns shuffled within stacks and stacks shuffled — each of which keeps
// every row, column and box a permutation.
func Grid(rng *rand.Rand, s board.Shape) *board.Board {
	n := s.Side()
	digits := rng.Perm(n)
	rows := shuffledLines(rng, s.BoxRows, s.BoxCols) // bands of BoxRows rows, BoxCols bands
	cols := shuffledLines(rng, s.BoxCols, s.BoxRows) // stacks of BoxCols columns, BoxRows stacks
	b := board.New(s)
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			pr, pc := rows[r], cols[c]
			v := (s.BoxCols*(pr%s.BoxRows) + pr/s.BoxRows + pc) % n
			b.Set(r, c, digits[v]+1)
		}
	}
	return b
}

// shuffledLines returns a permutation of count·size lines that keeps groups
// of size consecutive lines together: groups shuffled, lines within each.
func shuffledLines(rng *rand.Rand, size, count int) []int {
	out := make([]int, 0, size*count)
	for _, g := range rng.Perm(count) {
		for _, l := range rng.Perm(size) {
			out = append(out, g*size+l)
		}
	}
	return out
}

// Holes returns a copy of solution with a share blank of its cells cleared
// at random (rounded down). The puzzle has solution as one of its
// solutions, not necessarily the only one.
func Holes(rng *rand.Rand, solution *board.Board, blank float64) *board.Board {
	p := solution.Clone()
	k := int(blank * float64(len(p.Cells)))
	for _, i := range rng.Perm(len(p.Cells))[:k] {
		p.Cells[i] = 0
	}
	return p
}

// Proper clears cells of solution in random order while the puzzle keeps
// exactly one solution, until a share blank of the cells is clear or no
// further cell can go. Uniqueness is checked with the backtracker.
func Proper(rng *rand.Rand, solution *board.Board, blank float64) *board.Board {
	p := solution.Clone()
	want := int(blank * float64(len(p.Cells)))
	cleared := 0
	for _, i := range rng.Perm(len(p.Cells)) {
		if cleared >= want {
			break
		}
		d := p.Cells[i]
		p.Cells[i] = 0
		if fallback.Count(p, 2) == 1 {
			cleared++
		} else {
			p.Cells[i] = d
		}
	}
	return p
}

// NoSolution returns a puzzle with no solution and no clash among its
// givens, made from a proper puzzle by changing one given, or nil if no
// single change does it.
func NoSolution(rng *rand.Rand, proper *board.Board) *board.Board {
	n := proper.Side()
	p := proper.Clone()
	for _, i := range rng.Perm(len(p.Cells)) {
		d := p.Cells[i]
		if d == 0 {
			continue
		}
		for _, nd := range rng.Perm(n) {
			p.Cells[i] = uint8(nd + 1)
			if p.Cells[i] != d && p.Check() == nil && fallback.Count(p, 1) == 0 {
				return p
			}
		}
		p.Cells[i] = d
	}
	return nil
}
