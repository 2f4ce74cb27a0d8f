// Package fallback is an independent native Sudoku solver (bitmask constraint propagation and backtracking: on where a digit goes in a band or stack for 9×9, on the most constrained cell for other shapes) that solves and counts solutions on boards of any shape, serving as the cross-check and fallback for the SAT engine.
//
// Its variant propagators also narrow a variant puzzle's candidates
// without search (PruneVariant); the SAT engine writes what they rule out
// into its formula, except under --engine both, where the two engines
// share no reasoning.
//
// Candidates finds a puzzle's true candidates by one search that skips
// every subtree whose candidates have all been seen in solutions already.
package fallback
