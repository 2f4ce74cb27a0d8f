package fallback

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/variant"
)

// Candidates returns the true candidates of the variant puzzle p: for each
// cell (r·N + c), the digits that appear there in at least one solution,
// as a set (bit d−1 for digit d), or nil when p has no solution. The
// Result counts the solutions visited and holds the first two.
//
// It is one search that collects the digits of every solution it finds
// and leaves out every subtree whose cells' candidates (after propagation)
// have all been seen in solutions already: nothing below it can add a
// digit. A digit left out is thus in no solution, since propagation never
// removes a digit some solution below has; a digit reported was seen in a
// solution. To find new digits early, once three solutions have been
// found each branch tries a digit not yet seen in its cell first (see
// unseenFirst). visit, if not nil, is called with each solution
// visited (a new board the caller may keep) and may stop the search by
// returning false, which makes the sets incomplete: Candidates then
// returns them with ErrStopped.
//
// A pencil-mark sudoku (PencilMarks9) is searched by the 9×9 fast path
// and the variant search in turns, as SolveVariant does, the two sharing
// the digits they have seen; the Result's Count then adds the solutions
// each visited.
//
// Errors are those of SolveVariant: ctx's error when it ends, one
// matching ErrNodeLimit past Solver.NodeLimit (both with the sets so far,
// incomplete), and p's validation errors.
func (s *Solver) Candidates(ctx context.Context, p *variant.Puzzle, visit func(*board.Board) bool) ([]uint64, Result, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	if err := ctx.Err(); err != nil {
		return nil, Result{}, err
	}
	defer searching()()
	if marks := marks9(p); marks != nil && !s.forceGeneric {
		return s.candidatesMarks9(ctx, p, marks, visit)
	}
	vs, err := newVariantSearch(ctx, p, math.MaxInt, true)
	if vs == nil {
		return nil, Result{}, err
	}
	vs.visit = visit
	vs.nodeLimit = s.NodeLimit
	vs.solSeen = make([]uint64, vs.ncell)
	if vs.start() {
		vs.search(0)
	}
	var sets []uint64
	if vs.res.Count > 0 {
		sets = vs.solSeen
	}
	switch {
	case vs.visitStopped:
		return sets, vs.res, ErrStopped
	case vs.stopped && ctx.Err() != nil:
		return sets, vs.res, ctx.Err()
	case vs.over:
		return sets, vs.res, fmt.Errorf("%w (%d)", ErrNodeLimit, vs.nodeLimit)
	}
	return sets, vs.res, nil
}

// ErrStopped is the error of Candidates when its visit function stopped
// the search.
var ErrStopped = errors.New("fallback: search stopped by its caller")

// news reports whether some cell still has a candidate not seen in a
// solution.
func (s *vsolver) news() bool {
	for c, m := range s.cand {
		if m&^s.solSeen[c] != 0 {
			return true
		}
	}
	return false
}

// unseenFirst returns bit, or a digit of cell not yet seen in a solution
// there when bit has been. The search asks it only once it has found three
// solutions: where solutions are many, new digits come sooner (the
// windoku of the corpus with half its givens: 12,154 guesses to 104,672
// without), but where they are few the search is mostly a proof, which
// the failure-weighted order does best with its own digit ("Sandwich
// snipe 18", two solutions: 22,290 guesses with it from the start, 11,544
// without; over 270 ambiguous puzzles made from the corpus, 2.9 % fewer
// guesses in all than from the start, none worse by 2×).
func (s *vsolver) unseenFirst(cell int32, bit uint64) uint64 {
	if bit&^s.solSeen[cell] != 0 {
		return bit
	}
	if m := s.cand[cell] &^ s.solSeen[cell]; m != 0 {
		return m & -m
	}
	return bit
}
