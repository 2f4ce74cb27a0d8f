// Package solver runs the gophersat SAT solver on an encode.Formula: it
// solves, counts models with blocking clauses, and finds a minimal set of
// givens that admits no solution.
//
// The formula's cardinality constraints (the exactly-one and at-most-one
// groups of Sudoku among them) and weighted sums go to gophersat as its
// native cardinality and pseudo-Boolean constraints, normalised (one term
// per variable, positive weights, "≥" only), built here and never
// through gophersat's parsers. Before that,
// this package propagates the top level itself (unit clauses and the
// literals any constraint forces), so that gophersat gets no unit literal
// and no constraint already decided — gophersat's parser silently drops
// those, and its Assume forgets units found while parsing. Its
// CuttingPlanes mode, which gave wrong UNSAT answers, is never set.
//
// It contains gophersat's other hazards too: no function here panics (a
// panic inside gophersat is recovered and returned as an error), prints,
// or returns a model that has not been checked against every constraint of
// the formula.
//
// gophersat keeps a package-level buffer shared by all its solvers, so
// this package runs at most one gophersat solve at a time per process:
// that lock is the package's only package-level state. A Solver holds
// reusable buffers and serves one goroutine; Solvers in several goroutines
// are safe together, but their solves take turns. For parallel solving use
// several processes.
//
// Variables are renamed for gophersat: variables fixed at the top level
// are left out, the others are numbered compactly with the primary ones
// negated (gophersat tries "false" first). None of this changes the
// models: the returned Model uses DIMACS numbering.
//
// Performance: the per-puzzle cost is dominated by gophersat building its
// solver (watch lists allocated per clause and per variable) and by its
// propagation; the garbage collector takes a quarter of the time at the
// default GOGC. A process solving many puzzles should call TuneGC once at
// start-up: after RaiseAfter collections it raises the target to
// GCPercent (400), unless GOGC is set.
//
// gophersat cannot be interrupted: a context is checked before a solve
// starts and between solves, but a solve that has started runs to its
// end. Under a context of WithAbandon, Solve, Count, Possible and the
// minimisations of MinimalGroups answer with its error as soon as it
// ends, even during a solve, which goes on to its end on a goroutine of
// its own, holding the lock that every gophersat call takes (later solves
// wait for it, within their own contexts), its CPU spent all the same. A
// caller that must get the CPU back runs the solve in a worker process it
// can kill, as package batch does.
package solver
