package solver

import (
	"context"
	"errors"
	"testing"
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

	ctx, cancel := context.WithCancel(context.Background())
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
