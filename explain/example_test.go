package explain_test

import (
	"fmt"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/explain"
	"github.com/satdoku/satdoku/logic"
	"github.com/satdoku/satdoku/variant"
)

// The first step of an empty 4×4 board with two killer cages: no house
// technique applies, and the cage on r1c1 r1c2 alone, summing to 3, leaves
// no place for 3 or 4 in its cells. Its zoom is the propagation inside.
func ExampleExplainer_Find() {
	p := &variant.Puzzle{Givens: board.New(board.Square(2)), Rules: []variant.Rule{
		variant.Killer{Cells: []int{0, 1}, Sum: 3},
		variant.Killer{Cells: []int{4, 8}, Sum: 7},
	}}
	g, err := logic.FromPuzzle(p)
	if err != nil {
		fmt.Println(err)
		return
	}
	x, err := explain.New(g, explain.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	steps := x.Find(g)
	fmt.Println(steps[0].Text)
	for _, s := range steps[0].Sub {
		fmt.Println("  " + s.Text)
	}
	fmt.Println(x.Check(g, steps[0]) == nil, x.Minimal(g, steps[0]) == nil)
	// Output:
	// SAT Step: r1c1≠3, r1c1≠4, r1c2≠3, r1c2≠4: killer cage r1c1 r1c2 sums to 3 alone leaves no place for them
	//   suppose r1c1=3
	//   killer cage r1c1 r1c2 sums to 3: r1c1≠3
	//   killer cage r1c1 r1c2 sums to 3: contradiction
	// true true
}
