package solver_test

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/internal/testpuzzles"
	"github.com/satdoku/satdoku/solver"
)

// TestHazards holds one regression case for each of gophersat's hazards
// (GOPHERSAT.md) that this package guards against.
func TestHazards(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	// Hazard 2: gophersat's parser drops a cardinality constraint that the
	// units decide, and reported AtMost1(1,2,3) with units 1, 2, −3 SAT.
	f := &encode.Formula{NumVars: 3, Clauses: []encode.Clause{{1}, {2}, {-3}}}
	f.AddAtMostOne(1, 2, 3)
	if res, err := solver.Solve(ctx, f); err != nil || res.Status != encode.Unsat {
		t.Errorf("at most one of 1, 2, 3 with 1 and 2 true: %v %v, want UNSATISFIABLE", res.Status, err)
	}
	// The same with a sum: 2·x1 + 3·x2 ≤ 4 with both true.
	f = &encode.Formula{NumVars: 2, Clauses: []encode.Clause{{1}, {2}}}
	f.AddSum([]encode.Term{{Weight: 2, Lit: 1}, {Weight: 3, Lit: 2}}, encode.AtMost, 4)
	if res, err := solver.Solve(ctx, f); err != nil || res.Status != encode.Unsat {
		t.Errorf("2·x1 + 3·x2 ≤ 4 with both true: %v %v, want UNSATISFIABLE", res.Status, err)
	}
	// Hazard 3: units found while parsing are forgotten by a later solve
	// ({1}, {−1, 2} with Assume(−1) reported SAT). Count solves again after
	// each model: the units must hold in every model, and the count be
	// exact (1 and 2 true, one of 3, 4, 5).
	f = &encode.Formula{NumVars: 5, Clauses: []encode.Clause{{1}, {-1, 2}}}
	f.AddExactlyOne(3, 4, 5)
	models, st, err := solver.Count(ctx, f, 10)
	if err != nil || st != encode.Sat || len(models) != 3 {
		t.Fatalf("Count: %d models, %v, %v; want 3", len(models), st, err)
	}
	for _, m := range models {
		if !m[1] || !m[2] {
			t.Errorf("model %v forgets the units", m)
		}
	}
	// Hazard 4: gophersat's CountModels returns duplicates; Count finds
	// each grid of an empty 4×4 once (checked in TestCount).
}

// TestConcurrentSolvers solves from 8 goroutines at once, each with its
// own Solver: hazard 1, gophersat's package-level buffer, is behind the
// package's lock, so every answer is right (and -race is quiet).
func TestConcurrentSolvers(t *testing.T) {
	t.Parallel()
	puzzles := testpuzzles.Boards(t, "testdata/hardest1106-sample.txt")
	if testing.Short() && len(puzzles) > 10 {
		puzzles = puzzles[:10]
	}
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var sv solver.Solver
			var fb encode.FastBuilder
			for i := range puzzles {
				p := puzzles[(i+g)%len(puzzles)]
				f, _, err := fb.Build(p)
				if err != nil {
					errs <- err
					return
				}
				models, _, err := sv.Count(context.Background(), f, 2)
				if err != nil || len(models) != 1 {
					errs <- fmt.Errorf("goroutine %d, puzzle %d: %d models, %v", g, i, len(models), err)
					return
				}
				sol, err := decodeModel(p, models[0])
				if err == nil {
					err = board.Verify(p, sol)
				}
				if err != nil {
					errs <- fmt.Errorf("goroutine %d, puzzle %d: %v", g, i, err)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
