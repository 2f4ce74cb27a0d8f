package logic_test

import (
	"context"
	"errors"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/logic"
)

// TestSolveContext checks that SolveContext ends when its context does:
// at once for a context already ended; after the step being found when it
// ends during a technique's search; and, when a technique that heeds the
// context finds nothing because of it, with the context's error rather
// than a stuck path. With a context that never ends it is Solve. Either
// way Options.OnStep is told every step of the path, in order, as it is
// taken.
func TestSolveContext(t *testing.T) {
	t.Parallel()
	const puzzle = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
	b, err := board.Parse(puzzle)
	if err != nil {
		t.Fatal(err)
	}
	g, err := logic.FromBoard(b)
	if err != nil {
		t.Fatal(err)
	}
	// techniques returns the default techniques, the k-th step found
	// ending ctx; with heed, a technique asked after that finds nothing.
	techniques := func(cancel func(), ctx context.Context, k int, heed bool) []logic.Technique {
		found := 0
		ts := logic.DefaultTechniques()
		for i := range ts {
			find := ts[i].Find
			ts[i].Find = func(g *logic.Grid) []logic.Step {
				if heed && ctx.Err() != nil {
					return nil
				}
				steps := find(g)
				if len(steps) > 0 {
					if found++; found == k {
						cancel()
						if heed {
							return nil
						}
					}
				}
				return steps
			}
		}
		return ts
	}
	tests := []struct {
		name      string
		k         int
		heed      bool
		wantSteps int
	}{
		{"ended before", 0, false, 0},
		{"ends while the 3rd step is found", 3, false, 3},
		{"a heeding technique gives up on the 3rd", 3, true, 2},
	}
	for _, tc := range tests {
		ctx, cancel := context.WithCancel(context.Background())
		if tc.k == 0 {
			cancel()
		}
		var told []logic.Step
		onStep := func(s logic.Step) { told = append(told, s) }
		p, err := logic.SolveContext(ctx, g, logic.Options{Techniques: techniques(cancel, ctx, tc.k, tc.heed), OnStep: onStep})
		cancel()
		sameSteps(t, tc.name, told, p.Steps)
		if !errors.Is(err, context.Canceled) || len(p.Steps) != tc.wantSteps || p.Stuck || p.Solved {
			t.Errorf("%s: err %v, %d steps, stuck %v, solved %v; want Canceled, %d steps, neither", tc.name, err, len(p.Steps), p.Stuck, p.Solved, tc.wantSteps)
		}
	}
	want := logic.Solve(g, logic.Options{})
	var told []logic.Step
	got, err := logic.SolveContext(context.Background(), g, logic.Options{OnStep: func(s logic.Step) { told = append(told, s) }})
	sameSteps(t, "no deadline", told, got.Steps)
	if err != nil || got.Solved != want.Solved || len(got.Steps) != len(want.Steps) || !got.Solved {
		t.Errorf("no deadline: err %v, solved %v with %d steps; Solve: %v with %d", err, got.Solved, len(got.Steps), want.Solved, len(want.Steps))
	}
}

// sameSteps checks that the steps OnStep was told are the path's.
func sameSteps(t *testing.T, what string, told, steps []logic.Step) {
	t.Helper()
	if len(told) != len(steps) {
		t.Errorf("%s: OnStep told %d steps of %d", what, len(told), len(steps))
		return
	}
	for i := range steps {
		if told[i].Text != steps[i].Text {
			t.Errorf("%s: OnStep told %q as step %d, the path has %q", what, told[i].Text, i+1, steps[i].Text)
		}
	}
}
