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
// gophersat cannot be interrupted: a context is checked before a solve
// starts and between the solves of Count and MinimalConflict, but a solve
// that has started runs to its end. A caller that needs a hard timeout runs
// the solve in a worker process it can kill.
package solver
