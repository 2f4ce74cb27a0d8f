package generate

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/variant"
)

// KillerOptions control Killer.
type KillerOptions struct {
	// Shape is the board's shape (used when Solution is nil).
	Shape board.Shape
	// Solution, if not nil, is the grid the puzzle must have as its
	// solution; nil draws a random one.
	Solution *board.Board
	// MaxCage is the most cells a cage may have (0: 5, at most N).
	MaxCage int
	// Layouts is how many random cage layouts are tried for one that is
	// unique with no givens at all before givens are added to the last
	// (0: 10).
	Layouts int
	// Seed decides every random choice.
	Seed uint64
	// Tries is Complete's number of greedy runs (0: 8).
	Tries int
}

// Killer makes a killer sudoku: a solution (random, or the one given),
// random cages over it (connected, no digit twice, from 2 to MaxCage cells
// where the cells around allow) with their sums, and as few givens as it
// finds: none when one of Layouts random layouts is unique as it stands,
// else those Complete adds to the last layout. The result is proven unique
// by the backtracker and the SAT engine, as Complete's is.
func Killer(ctx context.Context, o KillerOptions) (*Completion, error) {
	rng := rand.New(rand.NewPCG(o.Seed, 0x6b696c6c6572)) // "killer"
	sol := o.Solution
	if sol == nil {
		if !o.Shape.Valid() {
			return nil, fmt.Errorf("%w: invalid shape %v", ErrOptions, o.Shape)
		}
		k, err := newCore(o.Shape, nil, nil)
		if err != nil {
			return nil, err
		}
		for sol == nil {
			cells, ok, err := k.randomSolution(ctx, rng, make([]uint8, o.Shape.Cells()), solutionBudget(o.Shape.Side()))
			if err != nil && err != errBudget {
				return nil, err
			}
			if ok {
				sol = &board.Board{Shape: o.Shape, Cells: cells}
			}
		}
	} else if err := sol.Check(); err != nil || !sol.Solved() {
		return nil, fmt.Errorf("%w: the solution given is not a solved grid", ErrOptions)
	}
	n := sol.Side()
	if o.MaxCage <= 0 {
		o.MaxCage = 5
	}
	o.MaxCage = min(max(o.MaxCage, 2), n)
	if o.Layouts <= 0 {
		o.Layouts = 10
	}
	cnt, err := newCounter()
	if err != nil {
		return nil, err
	}
	var p *variant.Puzzle
	for l := 0; l < o.Layouts; l++ {
		p = &variant.Puzzle{Givens: board.New(sol.Shape)}
		for _, cage := range RandomCages(rng, sol, o.MaxCage) {
			sum := 0
			for _, x := range cage {
				sum += int(sol.Cells[x])
			}
			p.Rules = append(p.Rules, variant.Killer{Cells: cage, Sum: sum})
		}
		k, _, err := cnt.count(ctx, p)
		if err != nil {
			return nil, err
		}
		if k == 1 {
			break
		}
	}
	c, err := Complete(ctx, p, CompleteOptions{Target: sol, Seed: rng.Uint64(), Tries: o.Tries})
	if err != nil {
		return nil, err
	}
	c.Counts += cnt.counts
	return c, nil
}

// RandomCages cuts the board of solution sol into random killer cages:
// connected groups of orthogonal neighbours, no digit twice in one, of 2 to
// maxCage cells, grown one at a time from a random free cell toward a
// random size; a cell left alone joins a neighbouring cage that lacks its
// digit and has room, else it is a cage of one. Each cage's cells are
// sorted; the cages are in the order of their first cell.
func RandomCages(rng *rand.Rand, sol *board.Board, maxCage int) [][]int {
	n := sol.Side()
	owner := make([]int, n*n)
	for i := range owner {
		owner[i] = -1
	}
	var cages [][]int
	has := func(cage []int, d uint8) bool {
		for _, x := range cage {
			if sol.Cells[x] == d {
				return true
			}
		}
		return false
	}
	for _, start := range rng.Perm(n * n) {
		if owner[start] >= 0 {
			continue
		}
		id := len(cages)
		cage := []int{start}
		owner[start] = id
		size := 2 + rng.IntN(maxCage-1)
		for len(cage) < size {
			var frontier []int
			for _, x := range cage {
				for _, y := range variant.Neighbours(n, x) {
					if owner[y] < 0 && !has(cage, sol.Cells[y]) && !containsInt(frontier, y) {
						frontier = append(frontier, y)
					}
				}
			}
			if len(frontier) == 0 {
				break
			}
			sortInts(frontier)
			y := frontier[rng.IntN(len(frontier))]
			owner[y] = id
			cage = append(cage, y)
		}
		cages = append(cages, cage)
	}
	// Merge cages of one cell into a neighbour with room for their digit.
	for id, cage := range cages {
		if len(cage) != 1 {
			continue
		}
		x := cage[0]
		for _, y := range variant.Neighbours(n, x) {
			to := owner[y]
			if to != id && len(cages[to]) > 0 && len(cages[to]) < maxCage && !has(cages[to], sol.Cells[x]) {
				cages[to] = append(cages[to], x)
				owner[x] = to
				cages[id] = nil
				break
			}
		}
	}
	var out [][]int
	for _, cage := range cages {
		if len(cage) > 0 {
			sortInts(cage)
			out = append(out, cage)
		}
	}
	// In the order of their first cell, so that the layout reads the same
	// whatever the order they grew in.
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j][0] < out[j-1][0]; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

func containsInt(a []int, x int) bool {
	for _, y := range a {
		if y == x {
			return true
		}
	}
	return false
}
