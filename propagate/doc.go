// Package propagate narrows the candidates of a Sudoku board by logic
// alone, before any search: the givens, naked and hidden singles, locked
// candidates and naked pairs (the "subsets"), and failed-literal probing.
//
// Every rule only removes a candidate that no solution can use, so the
// candidates left keep every solution of the puzzle; package encode writes
// its formula over them. The stages run in order, each to a fixpoint, and
// Stats.Stage names the one that decided the puzzle (every cell filled or a
// contradiction found), or StageSearch when cells are left open.
//
// Candidates are bit sets: bit d−1 of a cell's uint64 is digit d, so
// boards up to 64×64 are supported. Cells are numbered r·N + c, 0-based,
// and units as in board.Geometry.
//
// A Propagator reuses its storage from one board to the next and is not
// safe for concurrent use; give each goroutine its own.
package propagate
