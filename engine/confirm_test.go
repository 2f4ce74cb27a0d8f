package engine

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/internal/puzzlegen"
	"github.com/satdoku/satdoku/solver"
)

// lyingUnsat is a SAT path that answers UNSATISFIABLE to everything.
func lyingUnsat(e *Engine) {
	e.satSolve = func(context.Context, *encode.Formula) (solver.Result, error) {
		return solver.Result{Status: encode.Unsat}, nil
	}
	e.satCount = func(context.Context, *encode.Formula, int) ([][]bool, encode.Status, error) {
		return nil, encode.Unsat, nil
	}
}

// TestConfirmUnsat (issue 13, item 9): a no-solution answer from SAT is
// checked by the backtracker. A lying SAT path turns a solvable puzzle
// into a disagreement (Failed, ErrDisagree), never into "no solution"; a
// true one is reported as confirmed.
func TestConfirmUnsat(t *testing.T) {
	t.Parallel()
	solvable := readPuzzles(t, top1465Sample)[0].Board
	none := readPuzzles(t, noSolutionFile)[0].Board
	for _, limit := range []int{0, 2} {
		e := newEngine(t, Options{Kind: SAT, Limit: limit})
		lyingUnsat(e)
		res := e.Solve(bg, solvable)
		if res.Status != Failed || !errors.Is(res.Err, ErrDisagree) || res.Solution != nil {
			t.Errorf("limit %d, lying SAT on a solvable puzzle: status %v, err %v; want failed with ErrDisagree", limit, res.Status, res.Err)
		}
		if res.Err != nil && !strings.Contains(res.Err.Error(), "sat says no solution, but the backtracker found a solution") {
			t.Errorf("error %q does not say who disagrees", res.Err)
		}
		res = e.Solve(bg, none)
		if res.Status != NoSolution || !res.Confirmed || res.Engine != "sat" {
			t.Errorf("limit %d, no-solution puzzle: status %v, confirmed %v, engine %q; want a confirmed no_solution by sat", limit, res.Status, res.Confirmed, res.Engine)
		}
	}
}

// TestConfirmedField: which no-solution answers are confirmed, with the
// real engines.
func TestConfirmedField(t *testing.T) {
	t.Parallel()
	none := readPuzzles(t, noSolutionFile)[0].Board
	clash := mustParse(t, "55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	for _, tc := range []struct {
		kind    Kind
		p       *board.Board
		confirm bool
	}{
		{SAT, none, true}, {Both, none, true}, {Backtrack, none, false},
		{SAT, clash, true}, {Both, clash, true}, {Backtrack, clash, true},
	} {
		res := newEngine(t, Options{Kind: tc.kind}).Solve(bg, tc.p)
		if res.Status != NoSolution || res.Confirmed != tc.confirm {
			t.Errorf("%v on %s: status %v, confirmed %v; want no_solution, confirmed %v", tc.kind, line(tc.p), res.Status, res.Confirmed, tc.confirm)
		}
	}
	// A solved puzzle is never "confirmed": the field is for no-solution.
	if res := newEngine(t, Options{}).Solve(bg, readPuzzles(t, top1465Sample)[0].Board); res.Confirmed {
		t.Error("Confirmed set on a solved puzzle")
	}
}

// TestConfirmBudget: above 9×9 the confirmation has a budget. A budget
// that cannot be met leaves the answer unconfirmed (and a lie
// undetected: that is what the budget trades); a negative one skips the
// confirmation; a generous one confirms, or catches the lie.
func TestConfirmBudget(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(16, 16))
	solution := puzzlegen.Grid(rng, shp(4, 4))
	proper := puzzlegen.Proper(rng, solution, 0.5)
	none := puzzlegen.NoSolution(rng, proper)
	if none == nil {
		t.Fatal("no 16×16 puzzle without a solution could be made")
	}
	tests := []struct {
		name    string
		budget  time.Duration
		lie     bool
		p       *board.Board
		status  Status
		confirm bool
	}{
		{"no budget, true answer", time.Nanosecond, false, none, NoSolution, false},
		{"skipped, true answer", -1, false, none, NoSolution, false},
		{"generous, true answer", time.Hour, false, none, NoSolution, true},
		{"no budget, lie", time.Nanosecond, true, proper, NoSolution, false},
		{"skipped, lie", -1, true, proper, NoSolution, false},
		{"generous, lie", time.Hour, true, proper, Failed, false},
	}
	for _, tt := range tests {
		e := newEngine(t, Options{Kind: SAT, ConfirmBudget: tt.budget})
		if tt.lie {
			lyingUnsat(e)
		}
		res := e.Solve(bg, tt.p)
		if res.Status != tt.status || res.Confirmed != tt.confirm {
			t.Errorf("%s: status %v (%v), confirmed %v; want %v, confirmed %v", tt.name, res.Status, res.Err, res.Confirmed, tt.status, tt.confirm)
		}
		if tt.status == Failed && !errors.Is(res.Err, ErrDisagree) {
			t.Errorf("%s: err %v, want ErrDisagree", tt.name, res.Err)
		}
	}
	// Up to 9×9 there is no budget: even 1 ns confirms.
	e := newEngine(t, Options{Kind: SAT, ConfirmBudget: time.Nanosecond})
	lyingUnsat(e)
	if res := e.Solve(bg, readPuzzles(t, top1465Sample)[0].Board); res.Status != Failed {
		t.Errorf("9×9 lie with a 1 ns budget: status %v, want failed", res.Status)
	}
}
