package logic_test

import (
	"fmt"
	"strings"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/logic"
)

// The position of HoDoKu's skyscraper example (sk01), one field of
// candidates a cell.
const skyscraperPosition = `6 9 7 1345 13458 158 1458 148 2  45 58 1 9 7 2 458 6 3  245 258 3 145 1458 6 7 9 18
	9 1 2 345 3458 58 6 38 7  3 7 4 2 6 18 9 5 18  8 6 5 7 13 9 13 2 4
	1 4 8 6 9 3 2 7 5  7 35 9 15 2 4 138 138 6  25 235 6 8 15 7 134 134 9`

// pencilGrid reads a position of 81 candidate fields; a field of one
// digit is a placed digit.
func pencilGrid(s string) *logic.Grid {
	g, err := logic.NewGrid(9, logic.ClassicHouses(board.Square(3)))
	if err != nil {
		panic(err)
	}
	for i, f := range strings.Fields(s) {
		var d logic.Digits
		for _, r := range f {
			d |= logic.DigitSet(int(r - '0'))
		}
		g.Cand[i] = d
		if len(f) == 1 {
			g.Value[i] = d.Single()
		}
	}
	return g
}

// ExampleChainTechniques takes the step Sudoku Explainer would take with
// its first chain rule, Forcing Chains & Cycles, and the same position's
// skyscraper among the grouped chains.
func ExampleChainTechniques() {
	g := pencilGrid(skyscraperPosition)
	chains := logic.ChainTechniques()[0]
	for _, s := range chains.Find(g) {
		fmt.Printf("%.1f %s\n", s.Rating, s.Text)
	}
	for _, s := range logic.PatternTechniques()[0].Find(g) {
		if s.Technique == "Skyscraper" {
			fmt.Printf("%.1f %s\n", s.Rating, s.Text)
		}
	}
	// Output:
	// 6.6 Skyscraper on 1: r3c9=r5c9-r5c6=r1c6 ⇒ r1c7≠1
	// 6.6 Skyscraper on 1: r1c6=r5c6-r5c9=r3c9 ⇒ r1c7≠1, r1c8≠1, r3c4≠1, r3c5≠1
}
