package logic_test

import (
	"fmt"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/logic"
)

// Example solves a puzzle step by step, prints the first steps and rates
// the path.
func Example() {
	b, err := board.Parse("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
	if err != nil {
		panic(err)
	}
	g, err := logic.FromBoard(b)
	if err != nil {
		panic(err)
	}
	path := logic.Solve(g, logic.Options{})
	for i, s := range path.Steps[:3] {
		fmt.Printf("%d. %s\n", i+1, s.Text)
	}
	r := logic.Rate(path)
	fmt.Printf("%d steps, solved: %v\n", len(path.Steps), path.Solved)
	fmt.Printf("ER %.1f, EP %.1f, ED %.1f, HoDoKu %s\n", r.ER, r.EP, r.ED, r.Level)
	// Output:
	// 1. Hidden Single: 6 in box 1 only fits r2c2
	// 2. Hidden Single: 8 in box 1 only fits r1c2
	// 3. Hidden Single: 1 in box 2 only fits r1c6
	// 49 steps, solved: true
	// ER 1.2, EP 1.2, ED 1.2, HoDoKu Easy
}
