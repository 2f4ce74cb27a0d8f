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

// abandonKey marks a context of WithAbandon.
type abandonKey struct{}

// WithAbandon returns ctx marked so that a solve of this package under it
// answers with ctx's error as soon as ctx ends, even while gophersat is
// solving: that solve goes on to its end on a goroutine of its own,
// holding the lock every gophersat call takes, so that later solves wait
// for it. It is for a process that must answer on time and cannot kill a
// worker instead (a logical path's SAT steps, a web request). Without the
// mark, a solve that has started runs to its end before the error is
// returned, and the solves after it are not held up: a worker process
// whose parent kills it on time wants that.
func WithAbandon(ctx context.Context) context.Context {
	return context.WithValue(ctx, abandonKey{}, true)
}

// lockedCtx is locked, but returns ctx's error when ctx has ended, and,
// for a ctx of WithAbandon, as soon as it ends while waiting for the lock
// or while fn runs: fn then goes on in a goroutine of its own, holding the
// lock until it returns; abandoned reports that, and the caller must then
// leave alone everything fn uses: the solver and its clauses.
func lockedCtx(ctx context.Context, fn func()) (abandoned bool, err error) {
	if err := ctx.Err(); err != nil {
		return false, err
	}
	if ctx.Done() == nil || ctx.Value(abandonKey{}) == nil {
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
