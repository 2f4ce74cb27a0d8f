package fpuzzles_test

import (
	"fmt"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/fpuzzles"
	"github.com/satdoku/satdoku/input"
	"github.com/satdoku/satdoku/variant"
)

// Example reads an f-puzzles link ("Peak Sudoku" by Rangsk, from
// SudokuSolver's tests), lists its rules and checks two grids.
func Example() {
	link := "https://www.f-puzzles.com/?load=N4IgzglgXgpiBcAWANCALhNAbO8QAUYBDAawAIBlAVwBMB7EqkVIqtACzoCcEQAlIgDsA5mBLMQXKjjAw0vACrsIYMirIcYamsSyVaDKgDoyATTpUyAWyIBPMoLpoyWCCS2ZkZAEZsNy1XUAd3YiZwAHYnJIrgAzbhtBAGMtLDoGVVd3IwAdQTyKNCEaIi4aMgA1eDIAEQhhTFVZcNKwmHLveyJKsjAqKw06MgBWEwA5JzIiLD0K1VKtBoA3GEFc/MFC4tLygBlMbC0AaQgZmC5quoa0ebSRKbJwughBNHayGggiYTpBad7+oN/FoklgqFpBDAAB7ONBDTRTLhcOhBExXRpkJJCMhcGCRMJTO7CB6fb6/aZGCTCLgQGgIADa9OAAF9kCy2ayWQBdZBMzn8jk8vkckXc3nsiX8rk8kCuNCHEinHBcPpWBmgFIzXh8AAMAGFhhJNVgwAz+ABGPWICR8ABMeoAzDaHXrbTbEHrzSAZZ9cUkML9eDVdhIltNwbxzdbOSBjdr9TqjTAZqb4PSLZ6bfa3ag+C6nbmPdafRA/QHBEG+KHw7gQAA2EAxuN4PiWxOoY2p9N2zO5l05/gep0lssQQN4GpV1BhsG1gCcjZlUKW6tjyZNZtbrptlq9MpnEbwFUXzKAA="
	res, err := input.Load(link)
	if err != nil {
		fmt.Println(err)
		return
	}
	p := res.Puzzle
	fmt.Printf("%s by %s, %dx%d\n", p.Title, p.Author, p.Side(), p.Side())
	for _, r := range p.Rules {
		fmt.Println(r.Describe(p.Side()))
	}
	solution, _ := board.Parse("1423\n3241\n2314\n4132\n")
	fmt.Println(variant.Check(p, solution))
	wrong, _ := board.Parse("1423\n3241\n4132\n2314\n")
	fmt.Println(variant.Check(p, wrong))
	// Output:
	// Peak Sudoku by Rangsk, 4x4
	// little killer at the top-right corner, pointing down-left, sums to 14
	// little killer at the top-left corner, pointing down-right, sums to 6
	// little killer left of row 1, pointing down-right, sums to 9
	// V r1c2-r1c1 (sum 5)
	// <nil>
	// little killer at the top-right corner, pointing down-left, sums to 14: the diagonal sums to 10 (r1c4 r2c3 r3c2 r4c1)
}

// Example_sudokuPad reads a small killer in SudokuPad's own JSON, in the
// relaxed shape its links carry (short keys, single quotes, an empty slot
// for a cell with nothing in it).
func Example_sudokuPad() {
	text := `{metadata:{t:'Tiny killer',solution:'1234341221434321'},ce:[[{v:1},,,],[,,,],[,,,],[,,,]],` +
		`re:[[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],[[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]],` +
		`ca:[{ce:[[1,2],[1,3]],v:3},{ce:[[3,0],[3,1]],v:7}]}`
	res, err := input.Load(text)
	if err != nil {
		fmt.Println(err)
		return
	}
	p := res.Puzzle
	fmt.Printf("%s, %dx%d, %d given\n", p.Title, p.Side(), p.Side(), p.Givens.Givens())
	for _, r := range p.Rules {
		fmt.Println(r.Describe(p.Side()))
	}
	fmt.Println(variant.Check(p, res.Solution))
	// Output:
	// Tiny killer, 4x4, 1 given
	// killer cage r2c3 r2c4 sums to 3
	// killer cage r4c1 r4c2 sums to 7
	// <nil>
}

// ExampleReadSigh reads a small puzzle of Interactive Sudoku Solver from
// its link: a 4x4 killer with a thermometer and a given.
func ExampleReadSigh() {
	link := "https://sigh.github.io/Interactive-Sudoku-Solver/?q=.Shape%7E4x4.Cage%7E3%7ER1C1%7ER1C2.Thermo%7ER4C1%7ER4C2%7ER4C3.%7ER2C4_1"
	res, err := fpuzzles.ReadSigh(link)
	if err != nil {
		fmt.Println(err)
		return
	}
	p := res.Puzzle
	fmt.Printf("%dx%d, %d given\n", p.Side(), p.Side(), p.Givens.Givens())
	for _, r := range p.Rules {
		fmt.Println(r.Describe(p.Side()))
	}
	solution, _ := board.Parse("2134\n3421\n4312\n1243\n")
	fmt.Println(variant.Check(p, solution))
	_, err = fpuzzles.ReadSigh(".Lunchbox~10~R1C1~R1C2")
	fmt.Println(err)
	// Output:
	// 4x4, 1 given
	// killer cage r1c1 r1c2 sums to 3
	// thermometer r4c1 → r4c3
	// <nil>
	// Interactive Sudoku Solver: constraint "Lunchbox" is not supported by satdoku (item 1: .Lunchbox~10~R1C1~R1C2); solving without it would give wrong answers
}
