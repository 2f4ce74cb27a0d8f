package solver_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/solver"
)

// TestPossibleRandom compares Possible with the models found by trying
// every assignment of small random formulas of every constraint kind
// (unit clauses among them: their values must hold in every model, which
// the top-level propagation makes sure of).
func TestPossibleRandom(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(21, 22))
	ctx := context.Background()
	var sv solver.Solver
	trials := 3000
	if testing.Short() {
		trials = 800
	}
	sat := 0
	for trial := 0; trial < trials; trial++ {
		nv := 2 + rng.IntN(7)
		f := randomFormula(rng, nv)
		var lits []encode.Lit
		for v := 1; v <= nv; v++ {
			lits = append(lits, encode.Lit(v), encode.Lit(-v))
		}
		want := make([]bool, len(lits))
		models := 0
		for x := uint(0); x < 1<<nv; x++ {
			m := assignment(nv, x)
			if f.Broken(m) >= 0 {
				continue
			}
			models++
			for i, l := range lits {
				want[i] = want[i] || m[l.Var()] == (l > 0)
			}
		}
		visited := 0
		got, st, err := sv.Possible(ctx, f, lits, func(m []bool) error {
			if f.Broken(m) >= 0 {
				return errors.New("a model that breaks the formula")
			}
			visited++
			return nil
		})
		if err != nil {
			t.Fatalf("trial %d: %v\n%+v", trial, err, f)
		}
		if (st == encode.Sat) != (models > 0) {
			t.Fatalf("trial %d: status %v with %d models\n%+v", trial, st, models, f)
		}
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d: possible %v, want %v\n%+v", trial, got, want, f)
		}
		if models > 0 {
			sat++
			// Each solve but the last finds a new true literal.
			open := 0
			for _, w := range want {
				if w {
					open++
				}
			}
			if visited > open {
				t.Fatalf("trial %d: %d models visited for %d possible literals", trial, visited, open)
			}
		}
	}
	if sat < trials/4 {
		t.Fatalf("only %d of %d formulas satisfiable: the test is too weak", sat, trials)
	}
}

// TestPossibleSudoku finds the candidates of an empty 4×4 (every digit
// everywhere) and of a proper puzzle (its solution's digits only), and
// counts the solves: two for the proper puzzle, whose first model is the
// solution.
func TestPossibleSudoku(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	top := committed(t, "top1465-sample.txt")[0]
	multi := committed(t, "serg-multi-sample.txt")[0]
	for _, tt := range []struct {
		name   string
		b      *board.Board
		unique bool
	}{
		{"empty 4x4", board.New(board.Square(2)), false},
		{"4x4, one given", mustParseLine(t, "1..............."), false},
		{"top1465", top, true},
		{"several solutions", multi, false},
	} {
		b := tt.b
		n := b.Side()
		f, err := encode.Encode(b, encode.Options{})
		if err != nil {
			t.Fatal(err)
		}
		var lits []encode.Lit
		for cell := range b.Cells {
			for d := 1; d <= n; d++ {
				lits = append(lits, encode.Lit(encode.CellVar(n, cell, d)))
			}
		}
		var grids []*board.Board
		got, st, err := solver.Possible(ctx, f, lits, func(m []bool) error {
			g, err := decodeModel(b, m)
			if err == nil {
				err = board.Verify(b, g)
			}
			grids = append(grids, g)
			return err
		})
		if err != nil || st != encode.Sat {
			t.Fatalf("%s: %v %v", tt.name, st, err)
		}
		// Every digit marked appears in a model visited, and every digit
		// of a model visited is marked.
		for i, l := range lits {
			in := false
			for _, g := range grids {
				_, _, d := encode.Unvar(n, l.Var())
				in = in || int(g.Cells[(l.Var()-1)/n]) == d
			}
			if in != got[i] {
				t.Fatalf("%s: literal %d marked %v, in a model %v", tt.name, l, got[i], in)
			}
		}
		if b.Givens() == 0 && slices.Contains(got, false) {
			t.Fatalf("empty board: a digit ruled out")
		}
		if tt.unique && len(grids) != 1 {
			t.Fatalf("%s: %d models for a proper puzzle", tt.name, len(grids))
		}
		if !tt.unique && len(grids) < 2 {
			t.Fatalf("%s: %d models for a puzzle with several solutions", tt.name, len(grids))
		}
	}
}

func mustParseLine(t *testing.T, s string) *board.Board {
	t.Helper()
	b, err := parseLine(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestPossibleErrors: a literal out of range, an error from visit, a ctx
// already done, and an unsatisfiable formula.
func TestPossibleErrors(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := &encode.Formula{NumVars: 3}
	f.AddExactlyOne(1, 2, 3)
	if _, _, err := solver.Possible(ctx, f, []encode.Lit{4}, nil); !errors.Is(err, solver.ErrFormula) {
		t.Errorf("literal 4: %v", err)
	}
	stop := fmt.Errorf("stop")
	if _, _, err := solver.Possible(ctx, f, []encode.Lit{1}, func([]bool) error { return stop }); err != stop {
		t.Errorf("visit error: %v", err)
	}
	done, cancel := context.WithCancel(ctx)
	cancel()
	if _, _, err := solver.Possible(done, f, []encode.Lit{1}, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("ctx done: %v", err)
	}
	f.Add(-1)
	f.Add(-2)
	f.Add(-3)
	got, st, err := solver.Possible(ctx, f, []encode.Lit{1, -1}, nil)
	if err != nil || st != encode.Unsat || slices.Contains(got, true) {
		t.Errorf("unsatisfiable: %v %v %v", got, st, err)
	}
}
