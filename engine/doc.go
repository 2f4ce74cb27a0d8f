// Package engine solves puzzles end to end: it runs the SAT pipeline
// (encode → solver → decode), the native backtracker, both with a comparison,
// or an external DIMACS solver, and verifies every answer with board.Verify
// before returning it, falling back to the backtracker when the SAT path
// fails.
package engine
