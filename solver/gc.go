package solver

import (
	"os"
	"runtime/debug"
)

// GCPercent is the garbage-collection target TuneGC sets: the heap may grow
// to five times the live data before a collection. The SAT path allocates
// about 0.2 MB per puzzle, almost all of it garbage at once, and keeps
// little live data, so a higher target trades a few MB of heap for a
// collector that runs a fifth as often (at the default 100 it takes about
// a quarter of the CPU).
const GCPercent = 400

// TuneGC sets the collector's target to GCPercent for a process that solves
// many puzzles (the bench command, worker processes), unless the user set
// GOGC in the environment, which then wins. It returns the previous
// setting. Call it once at start-up, before solving.
func TuneGC() int {
	if _, ok := os.LookupEnv("GOGC"); ok {
		prev := debug.SetGCPercent(-1)
		debug.SetGCPercent(prev)
		return prev
	}
	return debug.SetGCPercent(GCPercent)
}
