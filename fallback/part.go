package fallback

import (
	"context"
	"fmt"

	"github.com/satdoku/satdoku/variant"
)

// SolvePart searches for one solution of part of the variant puzzle p:
// the cells of each of houses hold different digits, the rules of p
// listed in rules (indexes in p.Rules) hold, and each cell c holds a
// digit of masks[c] (bit d−1 for digit d; a mask per cell). Nothing else
// is assumed: not the shape's rows, columns and regions (unless among
// houses) and not p's givens. The sums that rules imply together with
// the houses (cageInnies, houseCages, diagonalInnies, lineOuties) are
// added from the houses and rules on only. It returns the digit of each cell of the
// first solution found, or nil when there is none, and the search nodes
// it took.
//
// It is for the deletion trials of a minimal unsatisfiable subset
// (package explain), where houses and rules are switched off one by one.
// Errors are those of SolveVariant: p.Validate's, ErrUnknownRule, ctx's
// error, and past Solver.NodeLimit an error matching ErrNodeLimit (the
// search decided nothing).
func (s *Solver) SolvePart(ctx context.Context, p *variant.Puzzle, houses [][]int, rules []int, masks []uint64) (sol []int, nodes int64, err error) {
	if ctx == nil {
		ctx = context.Background()
	}
	if err := ctx.Err(); err != nil {
		return nil, 0, err
	}
	if err := p.Validate(); err != nil {
		return nil, 0, err
	}
	b := newBuilder(p)
	vs := b.s
	if len(masks) != vs.ncell {
		return nil, 0, fmt.Errorf("fallback: %d masks for %d cells", len(masks), vs.ncell)
	}
	b.on = map[string]bool{}
	for _, h := range houses {
		cells := cells32(h)
		b.distinct(cells)
		b.on[houseKey(cells)] = true
	}
	sub := *p // the rules on, for the derived sums
	sub.Rules = nil
	for _, i := range rules {
		if i < 0 || i >= len(p.Rules) {
			return nil, 0, fmt.Errorf("fallback: rule %d of %d", i+1, len(p.Rules))
		}
		if err := b.rule(p.Rules[i]); err != nil {
			return nil, 0, fmt.Errorf("rule %d: %w", i+1, err)
		}
		sub.Rules = append(sub.Rules, p.Rules[i])
	}
	if !s.noDerived {
		b.houseTotals = true
		// The sums the rules on imply together with the houses on.
		b.houseCages(b.cageInnies(&sub))
		b.diagonalInnies()
		b.lineOuties()
	}
	b.finish()
	for c, m := range masks {
		if !vs.restrictInit(int32(c), m) {
			return nil, 0, nil
		}
	}
	vs.ctx, vs.done, vs.limit = ctx, ctx.Done(), 1
	vs.shape = p.Givens.Shape
	vs.lastConflict = -1
	vs.nodeLimit = s.NodeLimit
	if s.Prefer != nil {
		if len(s.Prefer) != vs.ncell {
			return nil, 0, fmt.Errorf("fallback: %d preferred digits for %d cells", len(s.Prefer), vs.ncell)
		}
		vs.prefer = make([]uint64, vs.ncell)
		for c, d := range s.Prefer {
			if d > 0 {
				vs.prefer[c] = digitMask(d)
			}
		}
	}
	if vs.start() {
		vs.search(0)
	}
	if vs.res.Count > 0 {
		b := vs.res.Solutions[0]
		out := make([]int, len(b.Cells))
		for c, d := range b.Cells {
			out[c] = int(d)
		}
		return out, vs.nodes, nil
	}
	if vs.stopped {
		if err := ctx.Err(); err != nil {
			return nil, vs.nodes, err
		}
		if vs.over {
			return nil, vs.nodes, fmt.Errorf("%w (%d)", ErrNodeLimit, vs.nodeLimit)
		}
	}
	return nil, vs.nodes, nil
}
