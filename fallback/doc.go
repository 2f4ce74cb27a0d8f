// Package fallback is an independent native Sudoku solver (bitmask constraint propagation and most-constrained-cell backtracking) that solves and counts solutions on boards of any shape, serving as the cross-check and fallback for the SAT engine.
package fallback
