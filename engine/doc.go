// Package engine solves puzzles end to end: it runs the SAT pipeline
// (propagate → encode → solver → decode), the native backtracker, both
// with a comparison, or an external DIMACS solver, and verifies every
// answer with board.Verify before returning it, falling back to the
// backtracker when the SAT path fails. A no-solution answer from SAT or an
// external solver is confirmed by the backtracker where that is cheap
// (always up to 9×9), and a disagreement is reported, not trusted.
//
// An Engine is safe for concurrent use by any number of goroutines: one
// Engine can serve a whole program. Each Solve takes its own scratch space
// from a pool. gophersat's solves take turns across the process (see
// package solver), so in-process parallelism helps the backtracker and
// the work around the SAT solve, not the solve itself.
package engine
