package decode_test

import (
	"fmt"
	"strings"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/decode"
)

// A 4×4 puzzle, and a solver's answer in SAT-competition format. Variable
// encode.Var(4, r, c, d) = 16r + 4c + d means "row r, column c (0-based)
// holds digit d".
func Example() {
	puzzle := &board.Board{Shape: board.Square(2), Cells: []uint8{
		1, 0, 0, 0,
		0, 4, 0, 0,
		0, 0, 4, 0,
		0, 0, 0, 1,
	}}
	answer := `c solved by some SAT solver
s SATISFIABLE
v 1 -2 -3 -4 -5 6 -7 -8 -9 -10 11 -12 -13 -14 -15 16
v -17 -18 19 -20 -21 -22 -23 24 25 -26 -27 -28 -29 30 -31 -32
v -33 34 -35 -36 37 -38 -39 -40 -41 -42 -43 44 -45 -46 47 -48
v -49 -50 -51 52 -53 -54 55 -56 -57 58 -59 -60 61 -62 -63 -64
v 0
`
	out, err := decode.ReadOutput(strings.NewReader(answer))
	if err != nil {
		fmt.Println(err)
		return
	}
	grid, err := decode.Board(puzzle, out.Model)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(out.Status, "\n", grid)
	// Output:
	// SATISFIABLE
	// 1 2 3 4
	// 3 4 1 2
	// 2 1 4 3
	// 4 3 2 1
}

// A model that gives a cell two digits is rejected with the cell's name.
func ExampleBoard_twoDigits() {
	puzzle := board.New(board.Square(2))
	model := make([]bool, 65)
	for _, v := range []int{1, 2, 6, 11, 16, 19, 24, 25, 30, 34, 37, 44, 47, 52, 55, 58, 61} {
		model[v] = true
	}
	_, err := decode.Board(puzzle, model)
	fmt.Println(err)
	// Output:
	// r1c1: several digits true: 1 and 2
}

// MiniSat writes its verdict to a result file; Result sorts the outcomes.
func ExampleResult() {
	puzzle := board.New(board.Square(2))
	for _, answer := range []string{"UNSAT\n", "INDET\n", "s UNKNOWN\n"} {
		out, err := decode.ReadOutput(strings.NewReader(answer))
		if err != nil {
			fmt.Println(err)
			continue
		}
		grid, status, err := decode.Result(puzzle, out)
		fmt.Println(grid == nil, status, err)
	}
	// Output:
	// true UNSATISFIABLE <nil>
	// true UNKNOWN solver says UNKNOWN
	// true UNKNOWN solver says UNKNOWN
}
