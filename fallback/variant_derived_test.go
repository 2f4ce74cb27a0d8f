package fallback_test

import (
	"context"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/fallback"
	"github.com/satdoku/satdoku/variant"
)

// zeroLittleKiller is "Zero solution: Little Killer" of Interactive Sudoku
// Solver's collection (data/collections.js, e373f98): eight diagonals of
// 49 on an empty 9×9 board, which no grid fills.
func zeroLittleKiller() *variant.Puzzle {
	p := variant.New(board.Square(3))
	for _, o := range []variant.Outside{
		{Row: -1, Col: 9, DRow: 1, DCol: -1}, // r1c9 down-left
		{Row: -1, Col: 8, DRow: 1, DCol: -1}, // r1c8
		{Row: 0, Col: 9, DRow: 1, DCol: -1},  // r2c9 (ISS: up-right from r9c2)
		{Row: 1, Col: 9, DRow: 1, DCol: -1},  // r3c9 (from r9c3)
		{Row: -1, Col: -1, DRow: 1, DCol: 1}, // r1c1 down-right
		{Row: 0, Col: -1, DRow: 1, DCol: 1},  // r2c1
		{Row: 1, Col: -1, DRow: 1, DCol: 1},  // r3c1
		{Row: -1, Col: 1, DRow: 1, DCol: 1},  // r1c3 (from r7c9)
	} {
		p.Rules = append(p.Rules, variant.LittleKiller{Clue: o, Sum: 49})
	}
	return p
}

// TestZeroLittleKillerRefuted checks that the backtracker proves "Zero
// solution: Little Killer" has no solution within a bound of search
// nodes: the sums of the lines less the regions they mostly cover
// (lineOuties) refute it; without them no search of a minute did.
func TestZeroLittleKillerRefuted(t *testing.T) {
	t.Parallel()
	s := fallback.NewSolver()
	s.NodeLimit = 200_000
	res, err := s.SolveVariant(context.Background(), zeroLittleKiller(), 1)
	if err != nil || res.Count != 0 {
		t.Fatalf("got %d solutions, %v; want none proved within %d nodes", res.Count, err, s.NodeLimit)
	}
	t.Logf("refuted with %d guesses", res.Guesses)
}
