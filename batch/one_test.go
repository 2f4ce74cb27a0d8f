package batch_test

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/satdoku/satdoku/batch"
	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/engine"
	"github.com/satdoku/satdoku/internal/proctest"
	"github.com/satdoku/satdoku/variant"
)

// TestSolveOne solves a classic puzzle, counts a variant one, and finds
// true candidates, each in a worker process of its own, and checks every
// answer.
func TestSolveOne(t *testing.T) {
	t.Parallel()
	p, err := board.Parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	if err != nil {
		t.Fatal(err)
	}
	res := batch.SolveOne(context.Background(), p, nil, batch.Options{Timeout: time.Minute})
	if res.Status != engine.Solved || board.Verify(p, res.Solution) != nil {
		t.Errorf("classic: %v %v", res.Status, res.Err)
	}
	rules, err := variant.ParseRules("diagonals", board.Square(2))
	if err != nil {
		t.Fatal(err)
	}
	vp := variant.New(board.Square(2))
	vp.Rules = rules
	res = batch.SolveOne(context.Background(), nil, vp, batch.Options{Engine: engine.Options{Limit: 100}})
	if res.Status != engine.Solved || res.Count == 0 || variant.Check(vp, res.Solution) != nil {
		t.Errorf("variant: %v count %d %v", res.Status, res.Count, res.Err)
	}
	res = batch.SolveOne(context.Background(), p, nil, batch.Options{Engine: engine.Options{Candidates: true}})
	if res.Status != engine.Solved || len(res.Candidates) != 81 || res.Candidates[0] != 1<<4 {
		t.Errorf("candidates: %v %v %v", res.Status, res.Err, res.Candidates)
	}
}

// TestSolveOneStops: a solve that gophersat would take minutes over (a
// blank 16×16 with anti-knight and non-consecutive rules) is a timeout,
// by o.Timeout or by the context, and its worker process is gone when
// SolveOne returns.
func TestSolveOneStops(t *testing.T) {
	t.Parallel()
	s := board.Square(4)
	rules, err := variant.ParseRules("antiknight,nonconsecutive", s)
	if err != nil {
		t.Fatal(err)
	}
	vp := variant.New(s)
	vp.Rules = rules
	for _, byCtx := range []bool{false, true} {
		m := proctest.NewMark()
		o := batch.Options{Worker: func() (*exec.Cmd, error) {
			cmd := exec.Command(os.Args[0], "-test.run=^$")
			cmd.Env = proctest.Env(m)
			return cmd, nil
		}}
		ctx := context.Background()
		if byCtx {
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeout(ctx, 300*time.Millisecond)
			defer cancel()
		} else {
			o.Timeout = 300 * time.Millisecond
		}
		res := batch.SolveOne(ctx, nil, vp, o)
		if res.Status != engine.Timeout || !errors.Is(res.Err, context.DeadlineExceeded) {
			t.Errorf("by context %v: %v %v, want a timeout", byCtx, res.Status, res.Err)
		}
		if left := proctest.Leftovers(m); len(left) > 0 {
			t.Errorf("by context %v: left running when SolveOne returned: %v", byCtx, left)
		}
	}
}
