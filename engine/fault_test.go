package engine

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/fallback"
	"github.com/satdoku/satdoku/internal/variantcorpus"
	"github.com/satdoku/satdoku/solver"
)

// modelOf returns the model (DIMACS numbering, index 0 unused) that sets
// exactly the grid's digits true.
func modelOf(grid *board.Board) []bool {
	n := grid.Side()
	m := make([]bool, encode.NumVars(n)+1)
	for cell, d := range grid.Cells {
		if d != 0 {
			m[encode.CellVar(n, cell, int(d))] = true
		}
	}
	return m
}

// swapBlanks returns a copy of the solution with the digits of two blank
// cells of the puzzle in one row exchanged: every row is still a
// permutation, but the columns are not, so the grid is wrong.
func swapBlanks(tb testing.TB, p, sol *board.Board) *board.Board {
	tb.Helper()
	n := p.Side()
	for r := 0; r < n; r++ {
		var blanks []int
		for c := 0; c < n; c++ {
			if p.At(r, c) == 0 {
				blanks = append(blanks, r*n+c)
			}
		}
		if len(blanks) >= 2 {
			g := sol.Clone()
			a, b := blanks[0], blanks[1]
			g.Cells[a], g.Cells[b] = g.Cells[b], g.Cells[a]
			return g
		}
	}
	tb.Fatal("no row with two blanks")
	return nil
}

// solutions returns the first two solutions the backtracker finds.
func solutions(tb testing.TB, p *board.Board) []*board.Board {
	tb.Helper()
	r, err := fallback.NewSolver().Solve(bg, p, 2)
	if err != nil || r.Count == 0 {
		tb.Fatalf("backtracker: count %d, err %v", r.Count, err)
	}
	return r.Solutions
}

type solveFunc = func(context.Context, *encode.Formula) (solver.Result, error)
type countFunc = func(context.Context, *encode.Formula, int) ([][]bool, encode.Status, error)

// TestFaultInjection replaces the engine's gophersat calls with faulty ones
// (issue 2, item 6): an error, a panic, models that decode to wrong grids,
// the same model twice. Each time the engine must answer with the
// backtracker, say why, and still return a verified solution.
func TestFaultInjection(t *testing.T) {
	t.Parallel()
	unique := mustParse(t, "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
	multi := mustParse(t, "8.........95.......76.........426798...571243...893165......916....3.487....1.532")
	empty4 := board.New(board.Square(2))
	uSol := solutions(t, unique)[0]
	mSols := solutions(t, multi)
	if len(mSols) != 2 {
		t.Fatalf("the multiple puzzle has %d solutions", len(mSols))
	}
	twoDigits := modelOf(uSol)
	for d := 1; d <= 9; d++ { // r1c2 (blank in the puzzle) gets a second digit
		if v := encode.CellVar(9, 1, d); !twoDigits[v] {
			twoDigits[v] = true
			break
		}
	}
	noDigit := modelOf(uSol)
	for d := 1; d <= 9; d++ {
		noDigit[encode.CellVar(9, 1, d)] = false
	}
	e4 := solutions(t, empty4)

	solveWith := func(r solver.Result, err error) solveFunc {
		return func(context.Context, *encode.Formula) (solver.Result, error) { return r, err }
	}
	countWith := func(models [][]bool, st encode.Status, err error) countFunc {
		return func(context.Context, *encode.Formula, int) ([][]bool, encode.Status, error) { return models, st, err }
	}
	tests := []struct {
		name   string
		p      *board.Board
		limit  int
		solve  solveFunc
		count  countFunc
		reason []string // substrings of Result.Fallback
	}{
		{name: "solve error", p: unique,
			solve:  solveWith(solver.Result{}, errors.New("injected failure")),
			reason: []string{"gophersat", "injected failure"}},
		{name: "solve panic", p: unique, // package solver turns gophersat's panics into ErrPanic
			solve:  solveWith(solver.Result{}, fmt.Errorf("%w: injected panic", solver.ErrPanic)),
			reason: []string{"panicked", "injected panic"}},
		{name: "solve panic multiple", p: multi,
			solve:  solveWith(solver.Result{}, fmt.Errorf("%w: boom", solver.ErrPanic)),
			reason: []string{"panicked", "boom"}},
		{name: "two digits swapped", p: unique,
			solve:  solveWith(solver.Result{Status: encode.Sat, Model: modelOf(swapBlanks(t, unique, uSol))}, nil),
			reason: []string{"model 1 rejected"}},
		{name: "two digits in a cell", p: unique,
			solve:  solveWith(solver.Result{Status: encode.Sat, Model: twoDigits}, nil),
			reason: []string{"model 1 rejected", "r1c2"}},
		{name: "no digit in a cell", p: unique,
			solve:  solveWith(solver.Result{Status: encode.Sat, Model: noDigit}, nil),
			reason: []string{"model 1 rejected", "r1c2"}},
		{name: "given changed", p: unique, // a valid grid, but not this puzzle's
			solve:  solveWith(solver.Result{Status: encode.Sat, Model: modelOf(mSols[0])}, nil),
			reason: []string{"model 1 rejected"}},
		{name: "short model", p: unique,
			solve:  solveWith(solver.Result{Status: encode.Sat, Model: make([]bool, 10)}, nil),
			reason: []string{"model 1 rejected"}},
		{name: "sat without model", p: unique,
			solve:  solveWith(solver.Result{Status: encode.Sat}, nil),
			reason: []string{"model 1 rejected"}},
		{name: "unknown", p: unique,
			solve:  solveWith(solver.Result{Status: encode.Unknown}, nil),
			reason: []string{"gophersat answered"}},

		{name: "count error", p: multi, limit: 2,
			count:  countWith(nil, encode.Unknown, errors.New("injected failure")),
			reason: []string{"gophersat", "injected failure"}},
		{name: "count error after a model", p: multi, limit: 2,
			count:  countWith([][]bool{modelOf(mSols[0])}, encode.Sat, errors.New("injected failure")),
			reason: []string{"injected failure"}},
		{name: "count panic", p: multi, limit: 2,
			count:  countWith(nil, encode.Unknown, fmt.Errorf("%w: injected panic", solver.ErrPanic)),
			reason: []string{"panicked", "injected panic"}},
		{name: "count second model wrong", p: multi, limit: 2,
			count:  countWith([][]bool{modelOf(mSols[0]), modelOf(swapBlanks(t, multi, mSols[1]))}, encode.Sat, nil),
			reason: []string{"model 2 rejected"}},
		{name: "count first model two digits", p: unique, limit: 2,
			count:  countWith([][]bool{twoDigits}, encode.Sat, nil),
			reason: []string{"model 1 rejected"}},
		{name: "same model twice", p: multi, limit: 2,
			count:  countWith([][]bool{modelOf(mSols[0]), modelOf(mSols[0])}, encode.Sat, nil),
			reason: []string{"same solution twice"}},
		{name: "same model twice, unique puzzle", p: unique, limit: 2,
			count:  countWith([][]bool{modelOf(uSol), modelOf(uSol)}, encode.Sat, nil),
			reason: []string{"same solution twice"}},
		{name: "third model repeats the first", p: empty4, limit: 3,
			count:  countWith([][]bool{modelOf(e4[0]), modelOf(e4[1]), modelOf(e4[0])}, encode.Sat, nil),
			reason: []string{"same solution twice"}},
		{name: "count unknown", p: multi, limit: 2,
			count:  countWith(nil, encode.Unknown, nil),
			reason: []string{"gophersat answered"}},
	}
	for _, tt := range tests {
		for _, kind := range []Kind{SAT, Both} {
			t.Run(tt.name+"/"+kind.String(), func(t *testing.T) {
				e := newEngine(t, Options{Kind: kind, Limit: tt.limit})
				if tt.solve != nil {
					e.satSolve = tt.solve
				}
				if tt.count != nil {
					e.satCount = tt.count
				}
				res := e.Solve(bg, tt.p)
				checkSolved(t, tt.name, tt.p, res)
				wantEngine := "backtrack"
				if kind == Both {
					wantEngine = "both"
				}
				if res.Engine != wantEngine {
					t.Errorf("Engine %q, want %q", res.Engine, wantEngine)
				}
				if res.Fallback == "" {
					t.Fatalf("no Fallback reason")
				}
				for _, s := range tt.reason {
					if !strings.Contains(res.Fallback, s) {
						t.Errorf("Fallback %q does not mention %q", res.Fallback, s)
					}
				}
				if tt.limit >= 2 {
					if want := fallback.Count(tt.p, tt.limit); res.Count != want {
						t.Errorf("Count %d, want %d", res.Count, want)
					}
					if res.Count >= 2 && res.Second == nil {
						t.Errorf("Count %d but no Second", res.Count)
					}
				}
				if kind == SAT {
					t.Logf("fallback: %s", res.Fallback)
				}
			})
		}
	}
}

// TestFaultNoSolution: when gophersat fails on a puzzle that has no
// solution, the backtracker's verdict is returned.
func TestFaultNoSolution(t *testing.T) {
	t.Parallel()
	p := mustParse(t, "4...3.......6..8..........1....5..9..2....6...7.2........1.27..5.3....4.9........")
	for _, limit := range []int{0, 2} {
		e := newEngine(t, Options{Kind: SAT, Limit: limit})
		e.satSolve = func(context.Context, *encode.Formula) (solver.Result, error) {
			return solver.Result{}, fmt.Errorf("%w: injected", solver.ErrPanic)
		}
		e.satCount = func(context.Context, *encode.Formula, int) ([][]bool, encode.Status, error) {
			return nil, encode.Unknown, fmt.Errorf("%w: injected", solver.ErrPanic)
		}
		res := e.Solve(bg, p)
		if res.Status != NoSolution || res.Engine != "backtrack" || !strings.Contains(res.Fallback, "injected") {
			t.Errorf("limit %d: status %v, engine %q, fallback %q; want no_solution by backtrack after the injected panic",
				limit, res.Status, res.Engine, res.Fallback)
		}
	}
}

// TestFaultTimeout: an error from gophersat after the context ended is a
// timeout, not a reason to fall back.
func TestFaultTimeout(t *testing.T) {
	t.Parallel()
	p := mustParse(t, "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
	ctx, cancel := context.WithCancel(bg)
	e := newEngine(t, Options{Kind: SAT})
	e.satSolve = func(context.Context, *encode.Formula) (solver.Result, error) {
		cancel()
		return solver.Result{}, context.Canceled
	}
	res := e.Solve(ctx, p)
	if res.Status != Timeout || !errors.Is(res.Err, context.Canceled) {
		t.Errorf("status %v, err %v; want timeout with context.Canceled", res.Status, res.Err)
	}
	if res := e.Solve(ctx, p); res.Status != Timeout {
		t.Errorf("done context: status %v, want timeout", res.Status)
	}
}

// TestDisagree injects SAT answers that differ from the backtracker's: the
// Both engine must report ErrDisagree.
func TestDisagree(t *testing.T) {
	t.Parallel()
	unique := mustParse(t, "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
	multi := mustParse(t, "8.........95.......76.........426798...571243...893165......916....3.487....1.532")
	mSol := solutions(t, multi)[0]
	tests := []struct {
		name  string
		p     *board.Board
		limit int
		solve solveFunc
		count countFunc
		want  string
	}{
		{"unsat for a solvable puzzle", unique, 0,
			func(context.Context, *encode.Formula) (solver.Result, error) {
				return solver.Result{Status: encode.Unsat}, nil
			},
			nil, "sat says no_solution, backtrack says solved"},
		{"unsat when counting", multi, 2, nil,
			func(context.Context, *encode.Formula, int) ([][]bool, encode.Status, error) {
				return nil, encode.Unsat, nil
			},
			"sat says no_solution, backtrack says solved"},
		{"one solution of two", multi, 2, nil,
			func(context.Context, *encode.Formula, int) ([][]bool, encode.Status, error) {
				return [][]bool{modelOf(mSol)}, encode.Sat, nil
			},
			"sat counts 1 solutions, backtrack 2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEngine(t, Options{Kind: Both, Limit: tt.limit})
			if tt.solve != nil {
				e.satSolve = tt.solve
			}
			if tt.count != nil {
				e.satCount = tt.count
			}
			res := e.Solve(bg, tt.p)
			if res.Status != Failed || !errors.Is(res.Err, ErrDisagree) {
				t.Fatalf("status %v, err %v; want error with ErrDisagree", res.Status, res.Err)
			}
			if !strings.Contains(res.Err.Error(), tt.want) {
				t.Errorf("error %q does not say %q", res.Err, tt.want)
			}
			if res.Solution != nil {
				t.Errorf("a disagreement returned a solution")
			}
		})
	}
}

// TestBothTimeout: a context cancelled while Both runs gives Timeout with
// the context's own error.
func TestBothTimeout(t *testing.T) {
	t.Parallel()
	p := mustParse(t, "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
	ctx, cancel := context.WithCancel(bg)
	e := newEngine(t, Options{Kind: Both})
	e.satSolve = func(context.Context, *encode.Formula) (solver.Result, error) {
		cancel()
		return solver.Result{}, context.Canceled
	}
	res := e.Solve(ctx, p)
	if res.Status != Timeout || !errors.Is(res.Err, context.Canceled) || res.Engine != "both" {
		t.Errorf("status %v, engine %q, err %v; want timeout by both with context.Canceled", res.Status, res.Engine, res.Err)
	}
}

// TestDisagreeVariant: on a variant puzzle, where Both runs the two engines
// at once, a SAT answer that differs from the backtracker's is still a
// disagreement, and a true one is confirmed by both.
func TestDisagreeVariant(t *testing.T) {
	t.Parallel()
	var c variantcorpus.Puzzle
	for _, p := range variantcorpus.Read(t) {
		if p.File == "dclamage/blitz.json" {
			c = p
		}
	}
	if c.Puzzle == nil {
		t.Fatal("dclamage/blitz.json is not in the corpus")
	}
	for _, tt := range []struct {
		name  string
		count countFunc
		want  string
	}{
		{"unsat for a solvable puzzle", func(context.Context, *encode.Formula, int) ([][]bool, encode.Status, error) {
			return nil, encode.Unsat, nil
		}, "sat says no_solution, backtrack says solved"},
		{"the true answer", nil, ""},
	} {
		e := newEngine(t, Options{Kind: Both, Limit: 2})
		if tt.count != nil {
			e.satCount = tt.count
		}
		res := e.SolvePuzzle(bg, c.Puzzle)
		if tt.want == "" {
			if res.Status != Solved || res.Count != 1 || !res.Solution.Equal(c.Solution) || res.Engine != "both" {
				t.Errorf("%s: %v, count %d, engine %q, err %v; want the unique solution from both", tt.name, res.Status, res.Count, res.Engine, res.Err)
			}
			continue
		}
		if res.Status != Failed || !errors.Is(res.Err, ErrDisagree) || !strings.Contains(res.Err.Error(), tt.want) {
			t.Errorf("%s: %v, err %v; want a disagreement saying %q", tt.name, res.Status, res.Err, tt.want)
		}
	}
}
