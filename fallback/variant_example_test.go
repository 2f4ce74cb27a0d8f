package fallback_test

import (
	"context"
	"fmt"
	"math/bits"
	"os"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/fallback"
	"github.com/satdoku/satdoku/fpuzzles"
	"github.com/satdoku/satdoku/variant"
)

// A 4×4 killer sudoku with no givens: six cages, each holding different
// digits that add up to its sum. Cells are numbered r·4 + c from 0.
func ExampleSolver_SolveVariant() {
	p := variant.New(board.Square(2))
	p.Rules = []variant.Rule{
		variant.Killer{Cells: []int{0, 4, 8}, Sum: 8},
		variant.Killer{Cells: []int{1, 2, 3}, Sum: 7},
		variant.Killer{Cells: []int{5, 9}, Sum: 7},
		variant.Killer{Cells: []int{6, 7}, Sum: 5},
		variant.Killer{Cells: []int{10, 11, 15}, Sum: 6},
		variant.Killer{Cells: []int{12, 13, 14}, Sum: 7},
	}
	res, err := fallback.NewSolver().SolveVariant(context.Background(), p, 2) // 2: is it unique?
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("solutions:", res.Count)
	fmt.Println("checked:", variant.Check(p, res.Solutions[0]) == nil)
	fmt.Print(res.Solutions[0])
	// Output:
	// solutions: 1
	// checked: true
	// 3 2 1 4
	// 1 4 3 2
	// 4 3 2 1
	// 2 1 4 3
}

// EachVariant lists every solution: here the 4×4 grids whose main
// diagonal and anti-diagonal both hold different digits, with two givens.
func ExampleSolver_EachVariant() {
	p := variant.New(board.Square(2))
	p.Givens.Set(0, 0, 1)
	p.Givens.Set(0, 1, 2)
	p.Rules = []variant.Rule{variant.NegativeDiagonal{}, variant.PositiveDiagonal{}}
	res, err := fallback.NewSolver().EachVariant(context.Background(), p, 100, func(g *board.Board) bool {
		for _, d := range g.Cells {
			fmt.Print(d)
		}
		fmt.Println()
		return true
	})
	fmt.Println(res.Count, err)
	// Output:
	// 1234341243212143
	// 1234432121433412
	// 1243342121344312
	// 1243431234212134
	// 4 <nil>
}

// PruneVariant narrows the candidates without search. On "X-Sum Little
// Killer" (Interactive Sudoku Solver's collection: six little killers, six
// x-sums, two givens) propagation leaves most cells open, and
// failed-literal probing decides them all.
func ExamplePruneVariant() {
	f, err := os.Open("../testdata/variants/sigh/x-sum-little-killer.json")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer f.Close()
	res, err := fpuzzles.Read(f)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, probe := range []bool{false, true} {
		masks, ok, err := fallback.PruneVariant(context.Background(), res.Puzzle, probe)
		if err != nil || !ok {
			fmt.Println(ok, err)
			return
		}
		open, cands := 0, 0
		for _, m := range masks {
			cands += bits.OnesCount64(m)
			if m&(m-1) != 0 {
				open++
			}
		}
		fmt.Printf("probe %-5v %2d open cells, %3d candidates\n", probe, open, cands)
	}
	// Output:
	// probe false 75 open cells, 534 candidates
	// probe true   0 open cells,  81 candidates
}
