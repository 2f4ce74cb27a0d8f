package solver_test

import (
	"context"
	"fmt"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/solver"
)

// A variant rule is a few more constraints over the public numbering. On
// an empty 4×4: a killer cage r1c1 + r1c2 + r2c1 = 9 and an arrow r4c4 =
// r3c3 + r4c3 leave 12 grids; an auxiliary variable (numbered after the
// board's 64) that means "r3c1 is even", made true, leaves 3.
func ExampleCount_variant() {
	const n = 4
	x := func(cell, d int) encode.Lit { return encode.Lit(encode.CellVar(n, cell, d)) }
	f, _ := encode.Encode(board.New(board.Square(2)), encode.Options{})
	f.AddSum(encode.DigitSum(n, 1, 0, 1, 4), encode.Equal, 9)
	f.AddSum(append(encode.DigitSum(n, 1, 15), encode.DigitSum(n, -1, 10, 14)...), encode.Equal, 0)
	models, _, _ := solver.Count(context.Background(), f, 100)
	fmt.Println(len(models), "grids")

	even := f.NewVar()
	f.AddSum([]encode.Term{{Weight: 1, Lit: x(8, 2)}, {Weight: 1, Lit: x(8, 4)}, {Weight: -1, Lit: even}}, encode.Equal, 0)
	f.Add(even)
	models, _, _ = solver.Count(context.Background(), f, 100)
	fmt.Println(len(models), "grids with an even r3c1; variable", even, "is the auxiliary")
	// Output:
	// 12 grids
	// 3 grids with an even r3c1; variable 65 is the auxiliary
}
