package logic_test

import (
	"fmt"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/logic"
	"github.com/satdoku/satdoku/variant"
)

// ExampleRuleTechniques solves a few cages and a thermometer with the
// rule techniques beside the house techniques, and prints the first step
// of each rule technique on the path: a cage's combinations, a
// thermometer's bounds, pointing for a cage and a cage read with the
// thermometer below it, each naming its rules (indexes in p.Rules).
// Without givens the path ends stuck.
func ExampleRuleTechniques() {
	p := variant.New(board.Classic)
	p.Rules = []variant.Rule{
		variant.Killer{Cells: []int{0, 1, 2}, Sum: 6},  // r1c1 r1c2 r1c3
		variant.Killer{Cells: []int{3, 4, 5}, Sum: 24}, // r1c4 r1c5 r1c6
		variant.Killer{Cells: []int{6, 7}, Sum: 11},    // r1c7 r1c8
		variant.Killer{Cells: []int{9, 10}, Sum: 17},   // r2c1 r2c2
		variant.Thermometer{Cells: []int{18, 27, 36}},  // r3c1 → r5c1
	}
	g, err := logic.FromPuzzle(p)
	if err != nil {
		panic(err)
	}
	opts := logic.Options{Techniques: logic.VariantTechniques(g)}
	path := logic.Solve(g, opts)
	shown := map[string]bool{}
	for _, s := range path.Steps {
		if len(s.Rules) > 0 && !shown[s.Technique] {
			fmt.Printf("%s (rules %v)\n", s.Text, s.Rules)
			shown[s.Technique] = true
		}
	}
	fmt.Printf("%d steps, solved: %v\n", len(path.Steps), path.Solved)
	// Output:
	// Thermometer: thermometer r3c1 → r5c1; r3c1 is 1-7, r4c1 is 2-8, r5c1 is 3-9 (r3c1≠8/9, r4c1≠1/9, r5c1≠1/2) (rules [4])
	// Killer Cage: killer cage 6 at r1c1 (3 cells): only {1,2,3} fits; r1c1 is 1-3, r1c2 is 1-3, r1c3 is 1-3 (r1c1≠4-9, r1c2≠4-9, r1c3≠4-9) (rules [0])
	// Rule Pointing: killer cage 6 at r1c1 (3 cells) must hold a 1, which can only go in r1c1 r1c2 r1c3 (all in row 1 and box 1); every cell that sees them all loses it: r1c9≠1, r2c3≠1, r3c1≠1, r3c2≠1, r3c3≠1 (rules [0])
	// Rules Together: killer cage 17 at r2c1 (2 cells) and thermometer r3c1 → r5c1 see each other; together r3c1 is 4-6, r4c1 is 5-7 (r3c1≠7, r4c1≠8) (rules [3 4])
	// 23 steps, solved: false
}
