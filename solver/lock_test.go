package solver

import (
	"context"
	"errors"
	"runtime"
	"testing"

	"github.com/satdoku/satdoku/encode"
)

// TestLockedCtx: lockedCtx runs nothing for an ended context; when the
// context ends while fn runs, it returns at once, abandoned, and the lock
// stays held until fn returns, so no other gophersat call starts before.
func TestLockedCtx(t *testing.T) {
	ended, cancel := context.WithCancel(context.Background())
	cancel()
	ran := false
	if abandoned, err := lockedCtx(ended, func() { ran = true }); !errors.Is(err, context.Canceled) || abandoned || ran {
		t.Fatalf("ended context: abandoned %v, error %v, ran %v", abandoned, err, ran)
	}

	ctx, cancel := context.WithCancel(WithAbandon(context.Background()))
	started, release, finished := make(chan struct{}), make(chan struct{}), make(chan struct{})
	go func() {
		<-started
		cancel() // the context ends while fn runs
	}()
	abandoned, err := lockedCtx(ctx, func() {
		close(started)
		<-release
		close(finished)
	})
	if !abandoned || !errors.Is(err, context.Canceled) {
		t.Fatalf("cut short: abandoned %v, error %v", abandoned, err)
	}
	select {
	case gophersatLock <- struct{}{}:
		t.Fatal("the lock is free while the abandoned call runs")
	default:
	}
	close(release)
	<-finished
	if err := locked(func() {}); err != nil { // waits for the abandoned call
		t.Fatal(err)
	}
	if abandoned, err := lockedCtx(context.Background(), func() {}); abandoned || err != nil {
		t.Fatalf("background context: abandoned %v, error %v", abandoned, err)
	}
}

// TestSolveCutShort: a Solve whose context ends while gophersat works on
// a formula gophersat needs a while for (the pigeonhole principle, 8 pigeons in 7
// holes) returns the context's error without waiting for it, and the
// same Solver then solves the next formula right, on buffers of its own.
func TestSolveCutShort(t *testing.T) {
	hard := pigeonhole(8, 7)
	var sv Solver
	ctx, cancel := context.WithCancel(WithAbandon(context.Background()))
	go func() {
		// Cancel once the solve holds the lock (it has started).
		for len(gophersatLock) == 0 {
			runtime.Gosched()
		}
		cancel()
	}()
	if _, err := sv.Solve(ctx, hard); !errors.Is(err, context.Canceled) {
		t.Fatalf("cut short: %v", err)
	}
	if !sv.s.abandoned {
		t.Skip("the solve ended before the context: nothing abandoned")
	}
	// The next formula waits for the lock, then is solved on new buffers.
	easy := pigeonhole(3, 3)
	res, err := sv.Solve(context.Background(), easy)
	if err != nil || res.Status != encode.Sat || easy.Broken(res.Model) >= 0 {
		t.Fatalf("after: %v %v", res.Status, err)
	}
}

// pigeonhole returns the formula "p pigeons in h holes, one a hole":
// unsatisfiable when p > h, and hard for resolution.
func pigeonhole(p, h int) *encode.Formula {
	v := func(i, j int) encode.Lit { return encode.Lit(i*h + j + 1) }
	f := &encode.Formula{NumVars: p * h}
	for i := range p {
		var c []encode.Lit
		for j := range h {
			c = append(c, v(i, j))
		}
		f.Clauses = append(f.Clauses, c)
	}
	for j := range h {
		for a := range p {
			for b := a + 1; b < p; b++ {
				f.Clauses = append(f.Clauses, []encode.Lit{-v(a, j), -v(b, j)})
			}
		}
	}
	return f
}

// TestLockedCtxUnmarked: without WithAbandon, a context that ends while
// fn runs does not cut it short: fn's own answer comes back.
func TestLockedCtxUnmarked(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	ran := false
	abandoned, err := lockedCtx(ctx, func() { cancel(); ran = true })
	if abandoned || err != nil || !ran {
		t.Fatalf("abandoned %v, error %v, ran %v", abandoned, err, ran)
	}
}
