package solver

import "context"

// gophersatLock is the one piece of package-level mutable state in this
// package, and it is forced on us: gophersat v1.4.0 keeps a package-level
// buffer (bufLits, in its learn.go) that every solver writes during
// conflict analysis, so two gophersat solves at the same time, even on
// separate solvers, corrupt each other (wrong UNSAT answers, index out of
// range panics). Every call into a gophersat solver runs holding this
// lock (a channel of one token, so that a wait for it can heed a
// context), through locked or lockedCtx; building the formulas does not,
// so goroutines prepare their next formula while another solves.
var gophersatLock = make(chan struct{}, 1)

// locked runs fn, a call into gophersat, holding gophersatLock, turning a
// panic into an ErrPanic error.
func locked(fn func()) error {
	gophersatLock <- struct{}{}
	defer func() { <-gophersatLock }()
	return protect(fn)
}

// lockedCtx is locked, but returns ctx's error as soon as ctx ends, while
// waiting for the lock or while fn runs. gophersat cannot be stopped, so
// an fn cut short goes on in a goroutine of its own, holding the lock
// until it returns (every later solve waits for it, each within its own
// context); abandoned reports that, and the caller must then leave alone
// everything fn uses: the solver and its clauses.
func lockedCtx(ctx context.Context, fn func()) (abandoned bool, err error) {
	if err := ctx.Err(); err != nil {
		return false, err
	}
	if ctx.Done() == nil {
		return false, locked(fn)
	}
	select {
	case gophersatLock <- struct{}{}:
	case <-ctx.Done():
		return false, ctx.Err()
	}
	done := make(chan error, 1)
	go func() {
		defer func() { <-gophersatLock }()
		done <- protect(fn)
	}()
	select {
	case err := <-done:
		return false, err
	case <-ctx.Done():
		return true, ctx.Err()
	}
}
