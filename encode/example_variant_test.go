package encode_test

import (
	"context"
	"fmt"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/solver"
	"github.com/satdoku/satdoku/variant"
)

// A 4×4 killer Sudoku with no givens: six cages cover the grid. Cages of
// two and three cells become clauses (a relation, a table), the four-cell
// cage a layered graph of its partial sums (auxiliary variables 65..79);
// each cage's digits are at-most-one cardinality constraints.
func ExampleVariant() {
	p := variant.New(board.Square(2)) // 4×4, 2×2 boxes; cell r·4 + c
	p.Rules = []variant.Rule{
		variant.Killer{Cells: []int{0, 1}, Sum: 3},          // r1c1 r1c2
		variant.Killer{Cells: []int{2, 3, 7}, Sum: 8},       // r1c3 r1c4 r2c4
		variant.Killer{Cells: []int{4, 8, 12, 13}, Sum: 10}, // r2c1 r3c1 r4c1 r4c2
		variant.Killer{Cells: []int{5, 9}, Sum: 7},          // r2c2 r3c2
		variant.Killer{Cells: []int{6, 10, 11}, Sum: 7},     // r2c3 r3c3 r3c4
		variant.Killer{Cells: []int{14, 15}, Sum: 5},        // r4c3 r4c4
	}
	f, err := encode.Variant(p)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("variables %d (primary %d), clauses %d, cardinality constraints %d, sums %d\n",
		f.NumVars, f.Primary, len(f.Clauses), len(f.Cards), len(f.Sums))
	vars, clauses := f.ClausalSize()
	fmt.Printf("as DIMACS: %d variables, %d clauses\n", vars, clauses)
	models, _, err := solver.Count(context.Background(), f, 2)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(models), "solution(s)")
	for cell := 0; cell < 16; cell++ {
		for d := 1; d <= 4; d++ {
			if models[0][encode.CellVar(4, cell, d)] {
				fmt.Print(d)
			}
		}
		if cell%4 == 3 {
			fmt.Println()
		}
	}
	// Output:
	// variables 64 (primary 64), clauses 112, cardinality constraints 108, sums 0
	// as DIMACS: 64 variables, 652 clauses
	// 1 solution(s)
	// 1243
	// 3421
	// 2314
	// 4132
}
