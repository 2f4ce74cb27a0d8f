package solver

import (
	"os"
	"runtime"
	"runtime/debug"
)

// GCPercent is the garbage-collection target TuneGC raises a long run to:
// the heap may grow to five times the live data before a collection. The
// SAT path allocates from a few kB to a few MB per puzzle, almost all of
// it garbage at once, and keeps little live data, so on a long run a
// higher target trades a few MB of heap for a collector that runs a fifth
// as often (at the default 100 it takes about a quarter of the CPU on hard
// puzzles).
const GCPercent = 400

// RaiseAfter is how many collections a process runs at the default target
// before TuneGC raises it to GCPercent. A larger heap is memory touched
// for the first time: at 400 the heap's floor is 16 MiB instead of 4, and
// the first use of each of those pages is a page fault (well under 1 µs on
// a plain Linux machine, 11.5 µs in the Firecracker VM it was measured
// on). A short run, such as a few thousand easy puzzles, never recovers
// that cost. After 16 collections (at least 64 MiB allocated) the process
// has shown that it allocates enough for the rarer collections to pay.
const RaiseAfter = 16

// TuneGC sets up the collector for a process that solves many puzzles
// (the bench command, worker processes, the CLI): it keeps the default
// target for the first RaiseAfter collections, then raises it to
// GCPercent. If the user set GOGC in the environment, that wins and
// nothing changes. It returns the setting in effect when it was called.
// Call it once at start-up, before solving.
func TuneGC() int {
	if _, ok := os.LookupEnv("GOGC"); ok {
		prev := debug.SetGCPercent(-1)
		debug.SetGCPercent(prev)
		return prev
	}
	prev := debug.SetGCPercent(100)
	raiseAfter(RaiseAfter)
	return prev
}

// gcMark is an object kept by nothing but its finalizer: it is finalized
// after every collection, which is how raiseAfter counts them.
//
// It is 16 bytes: a zero-sized object is never finalized, and smaller
// pointer-free ones share the runtime's tiny blocks, whose finalizers need
// not run.
type gcMark struct{ _ [16]byte }

// raiseAfter sets the collector's target to GCPercent after n more
// collections. The finalizer runs on the runtime's finalizer goroutine,
// one at a time, so its count needs no lock.
func raiseAfter(n int) {
	cycles := 0
	var count func(*gcMark)
	count = func(m *gcMark) {
		if cycles++; cycles >= n {
			debug.SetGCPercent(GCPercent)
			return
		}
		runtime.SetFinalizer(m, count) // again at the next collection
	}
	runtime.SetFinalizer(&gcMark{}, count)
}
