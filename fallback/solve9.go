package fallback

import "github.com/satdoku/satdoku/board"

// solver9 is the 9×9 fast path (placeholder: generic for now).
type solver9 struct{}

func (s *Solver) solve9(b *board.Board) { s.solveGeneric(b) }
