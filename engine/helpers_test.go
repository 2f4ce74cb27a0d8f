package engine

import (
	"context"
	"math/rand"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/fallback"
	"github.com/satdoku/satdoku/internal/testpuzzles"
)

// The committed samples (relative to the module root).
const (
	top1465Sample  = "testdata/top1465-sample.txt"
	hardest1106    = "testdata/hardest1106-sample.txt"
	clue17Sample   = "testdata/17clue-sample.txt"
	plbHard20      = "testdata/plb-hard20.txt"
	sergSample     = "testdata/serg-multi-sample.txt"
	noSolutionFile = "fallback/testdata/nosolution.txt"
)

// readPuzzles reads every puzzle of a committed file (a missing file, a
// parse error or an empty file fails the test).
func readPuzzles(tb testing.TB, path string) []*board.Puzzle {
	tb.Helper()
	return testpuzzles.Read(tb, path)
}

// mustParse parses one puzzle or fails the test.
func mustParse(tb testing.TB, text string) *board.Board {
	tb.Helper()
	b, err := board.Parse(text)
	if err != nil {
		tb.Fatalf("parse %q: %v", text, err)
	}
	return b
}

// newEngine returns an Engine or fails the test.
func newEngine(tb testing.TB, o Options) *Engine {
	tb.Helper()
	e, err := New(o)
	if err != nil {
		tb.Fatalf("New(%+v): %v", o, err)
	}
	return e
}

// checkSolved fails the test unless res is Solved with a verified solution
// (and a verified, different second solution when there is one).
func checkSolved(tb testing.TB, where string, p *board.Board, res Result) {
	tb.Helper()
	if res.Status != Solved {
		tb.Fatalf("%s: status %v (err %v), want solved", where, res.Status, res.Err)
	}
	if res.Solution == nil {
		tb.Fatalf("%s: solved without a solution", where)
	}
	if err := board.Verify(p, res.Solution); err != nil {
		tb.Fatalf("%s: solution fails Verify: %v\n%v", where, err, res.Solution)
	}
	if res.Second != nil {
		if err := board.Verify(p, res.Second); err != nil {
			tb.Fatalf("%s: second solution fails Verify: %v", where, err)
		}
		if res.Second.Equal(res.Solution) {
			tb.Fatalf("%s: second solution equals the first", where)
		}
	}
}

// line returns the puzzle as one line of symbols, for failure messages.
func line(b *board.Board) string { return string(board.AppendLine(nil, b, board.Default)) }

var bg = context.Background()

// genPuzzle returns a proper puzzle of the given shape (one solution) and
// its solution: a backtracker solution of the empty board with its digits
// relabelled at random, then givens removed in random order as long as
// the solution stays unique. It is deterministic for a seed.
func genPuzzle(tb testing.TB, shape board.Shape, seed int64) (puzzle, solution *board.Board) {
	tb.Helper()
	rng := rand.New(rand.NewSource(seed))
	sol, ok := fallback.Solve(board.New(shape))
	if !ok {
		tb.Fatalf("empty %v board: no solution", shape)
	}
	n := shape.Side()
	perm := rng.Perm(n)
	for i, d := range sol.Cells {
		sol.Cells[i] = uint8(perm[d-1] + 1)
	}
	p := sol.Clone()
	for _, c := range rng.Perm(len(p.Cells)) {
		d := p.Cells[c]
		p.Cells[c] = 0
		if fallback.Count(p, 2) != 1 {
			p.Cells[c] = d
		}
	}
	return p, sol
}
