package race

import "testing"

// SkipSequential skips tb in a -race build: its work is sequential, so the
// detector has nothing to find, and the tests that run goroutines cover
// the race run.
func SkipSequential(tb testing.TB) {
	tb.Helper()
	if Enabled {
		tb.Skip("sequential: the race run leaves it to the tests that run goroutines")
	}
}

// SkipExternal skips tb in a -race build: its work happens in other
// programs (SAT solvers, shells, a browser), where the detector cannot see.
func SkipExternal(tb testing.TB) {
	tb.Helper()
	if Enabled {
		tb.Skip("the work is in other programs: not in the race run")
	}
}
