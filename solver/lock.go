package solver

import "sync"

// gophersatMu is the one piece of package-level mutable state in this
// package, and it is forced on us: gophersat v1.4.0 keeps a package-level
// buffer (bufLits, in its learn.go) that every solver writes during
// conflict analysis, so two gophersat solves at the same time, even on
// separate solvers, corrupt each other (wrong UNSAT answers, index out of
// range panics). Every call into a gophersat solver runs under this lock,
// through locked; building the formulas does not, so goroutines prepare
// their next formula while another solves.
var gophersatMu sync.Mutex

// locked runs fn, a call into gophersat, under gophersatMu, turning a
// panic into an ErrPanic error.
func locked(fn func()) error {
	gophersatMu.Lock()
	defer gophersatMu.Unlock()
	return protect(fn)
}
