package engine

import (
	"context"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/variant"
)

// TestZeroEngine checks that the zero Engine works as New(Options{}) does:
// the SAT engine, one verified solution, classic and variant.
func TestZeroEngine(t *testing.T) {
	t.Parallel()
	var e Engine
	ctx := context.Background()
	p := readPuzzles(t, top1465Sample)[0].Board
	res := e.Solve(ctx, p)
	checkSolved(t, "zero Engine, classic", p, res)
	if res.Engine != "sat" {
		t.Errorf("engine %v, want sat", res.Engine)
	}
	q := &variant.Puzzle{Givens: p, Rules: []variant.Rule{variant.AntiKnight{}}}
	if res := e.SolvePuzzle(ctx, q); res.Status != Solved && res.Status != NoSolution {
		t.Errorf("zero Engine, variant: %v (%v)", res.Status, res.Err)
	} else if res.Status == Solved {
		if err := variant.Check(q, res.Solution); err != nil {
			t.Errorf("zero Engine, variant: %v", err)
		}
	}
	empty := &variant.Puzzle{Givens: board.New(board.Square(2))}
	if res := e.SolvePuzzle(ctx, empty); res.Status != Solved {
		t.Errorf("zero Engine, empty 4×4: %v (%v)", res.Status, res.Err)
	}
}
