package fallback_test

import (
	"context"
	"fmt"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/fallback"
)

// puzzle builds a 9×9 board from 81 symbols, '.' for a blank.
func puzzle(line string) *board.Board {
	b := board.New(board.Classic)
	for i := range b.Cells {
		if ch := line[i]; ch >= '1' && ch <= '9' {
			b.Cells[i] = ch - '0'
		}
	}
	return b
}

func ExampleSolve() {
	p := puzzle("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	solution, ok := fallback.Solve(p)
	fmt.Println(ok, board.Verify(p, solution) == nil)
	fmt.Print(solution)
	// Output:
	// true true
	// 4 1 7 3 6 9 8 2 5
	// 6 3 2 1 5 8 9 4 7
	// 9 5 8 7 2 4 3 1 6
	// 8 2 5 4 3 7 1 6 9
	// 7 9 1 5 8 6 4 3 2
	// 3 4 6 9 1 2 7 5 8
	// 2 8 9 6 4 3 5 7 1
	// 5 7 3 2 9 1 6 8 4
	// 1 6 4 8 7 5 2 9 3
}

func ExampleCount() {
	fmt.Println(fallback.Count(board.New(board.Classic), 2))              // an empty board: many solutions
	fmt.Println(fallback.Count(board.New(board.Square(2)), 1000))         // every 4×4 grid
	fmt.Println(fallback.Count(puzzle("11"+string(make([]byte, 79))), 2)) // clashing givens
	// Output:
	// 2
	// 288
	// 0
}

func ExampleSolver_Solve() {
	s := fallback.NewSolver() // reuse one Solver for many puzzles
	shape := board.Shape{BoxRows: 2, BoxCols: 3}
	b := board.New(shape) // a 6×6 board with 2×3 boxes
	b.Set(0, 0, 1)
	b.Set(0, 1, 2)
	b.Set(0, 2, 3)
	res, err := s.Solve(context.Background(), b, 2)
	fmt.Println(res.Count, len(res.Solutions), err)
	for _, sol := range res.Solutions {
		fmt.Println(board.Verify(b, sol) == nil)
	}
	// Output:
	// 2 2 <nil>
	// true
	// true
}
