package engine

import (
	"testing"

	"github.com/satdoku/satdoku/board"
)

// TestNaiveBacktrackerKillers are puzzles with no solution whose
// contradiction sits in the last cells a row-by-row backtracker would
// reach: without propagation it would run for ages. Both engines must say
// "no solution" at once.
func TestNaiveBacktrackerKillers(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		givens map[[2]int]int // (row, column), 1-based → digit
	}{
		{"r9c9 has no candidate", map[[2]int]int{
			{9, 1}: 1, {9, 2}: 2, {9, 3}: 3, {9, 4}: 4, // row 9 rules out 1-4
			{1, 9}: 5, {2, 9}: 6, {3, 9}: 7, {4, 9}: 8, // column 9 rules out 5-8
			{7, 7}: 9, // box 9 rules out 9
		}},
		{"no place for 9 in box 9", map[[2]int]int{
			{7, 1}: 9, {8, 4}: 9, // rows 7 and 8 rule out 9 in box 9...
			{1, 7}: 9, {4, 8}: 9, // ...and so do columns 7 and 8
			{9, 9}: 1, // r9c9 is taken
		}},
	}
	for _, tt := range tests {
		p := board.New(board.Classic)
		for rc, d := range tt.givens {
			p.Set(rc[0]-1, rc[1]-1, d)
		}
		if err := p.Check(); err != nil {
			t.Fatalf("%s: the givens clash directly (%v): the test needs a deeper contradiction", tt.name, err)
		}
		for _, k := range []Kind{SAT, Backtrack, Both} {
			res := newEngine(t, Options{Kind: k, Limit: 2}).Solve(bg, p)
			if res.Status != NoSolution {
				t.Errorf("%s, %v: %v (%v), want no solution", tt.name, k, res.Status, res.Err)
			}
			// "At once" is milliseconds (res.Elapsed, logged); a search
			// that ran for ages would meet go test's limit, not a clock here.
			t.Logf("%s, %v: %v", tt.name, k, res.Elapsed)
		}
	}
}
