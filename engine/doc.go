// Package engine solves puzzles end to end: it runs the SAT pipeline
// (propagate → encode → solver → decode), the native backtracker, both
// with a comparison, or an external DIMACS solver, and verifies every
// answer with board.Verify before returning it, falling back to the
// backtracker when the SAT path fails. A no-solution answer from SAT or an
// external solver is confirmed by the backtracker where that is cheap
// (always up to 9×9), and a disagreement is reported, not trusted.
//
// Solve (a classic board) and SolvePuzzle (a variant puzzle: givens,
// regions and rules) are one pipeline: the same steps, fallback,
// confirmation and comparison, each step asking only which formula,
// backtracker and checker the puzzle takes. A classic puzzle takes the
// classic fast path inside it (propagation before encoding, the classic
// backtracker, board.Verify); a variant puzzle encode.Variant's formula,
// the variant backtracker and variant.Check.
//
// An Engine is safe for concurrent use by any number of goroutines: one
// Engine can serve a whole program. Each Solve takes its own scratch space
// from a pool. gophersat's solves take turns across the process (see
// package solver), so in-process parallelism helps the backtracker and
// the work around the SAT solve, not the solve itself.
package engine
