// Package solver runs the gophersat SAT solver on an encode.CNF: it solves,
// counts models with blocking clauses, and finds a minimal set of givens
// that admits no solution.
//
// It contains gophersat's hazards: no function here panics (a panic inside
// gophersat is recovered and returned as an error), prints, or returns a
// model that has not been checked against every clause of the formula.
// gophersat keeps a package-level buffer shared by all its solvers, so this
// package runs at most one gophersat solve at a time per process: calls from
// several goroutines are safe but serialised. For parallel solving use
// several processes.
//
// Solve renames variables for gophersat: variables fixed
// by unit clauses only share one gophersat variable per sign, the others
// are numbered compactly with the primary ones negated (gophersat tries
// "false" first), and an exactly-one group written as a clause followed by
// its pairwise at-most-one (the layout of encode.Fast) becomes one
// gophersat cardinality constraint. None of this changes the models: the
// returned Model uses DIMACS numbering and is checked clause by clause.
//
// Performance: the per-puzzle cost is dominated by gophersat building its
// solver (watch lists allocated per clause and per variable) and by its
// propagation; the garbage collector takes a quarter of the time at the
// default GOGC. A process solving many puzzles should call TuneGC once at
// start-up (debug.SetGCPercent(GCPercent), 400, unless GOGC is set).
//
// gophersat cannot be interrupted: a context is checked before a solve
// starts and between the solves of Count and MinimalConflict, but a solve
// that has started runs to its end. A caller that needs a hard timeout runs
// the solve in a worker process it can kill.
package solver
