package fallback

import (
	"context"
	"errors"
	"fmt"
	"math/bits"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/variant"
)

// The variant path solves a variant.Puzzle with its own propagation, so
// that a variant answer of the SAT engine is cross-checked by code that
// shares nothing with it (nor with package encode or solver).
//
// State: one uint64 candidate mask per cell (bit d−1 for digit d), as on the
// generic path; a cell is decided when its mask has one bit. The rules are
// compiled into
//   - peers: pairs of cells that must differ (rows, columns, regions,
//     diagonals, extra regions, disjoint groups, anti-knight and anti-king
//     pairs, killer cages, renban lines); a decided digit leaves its peers;
//   - full groups: groups of N cells that must differ and so hold every
//     digit (hidden singles);
//   - propagators, one or more per rule, each woken when a mask it
//     watches shrinks; each prunes what it can and reports a
//     contradiction, and each is exact once all its cells are decided.
//
// Propagation runs to a fixpoint; the search branches on a cell with the
// fewest candidates, copying the masks per level.

// ErrUnknownRule reports a rule type the variant solver does not know. A
// rule is never skipped: skipping it would make a wrong "solution".
var ErrUnknownRule = errors.New("fallback: unknown rule")

// SolveVariant searches for up to limit (≥ 1) solutions of the variant
// puzzle p, keeping the first two in Result.Solutions. A puzzle whose
// givens clash gives Count 0 and a nil error, as Solve does. A puzzle that
// is not well formed gives the error of p.Validate (matching
// variant.ErrInvalid, board.ErrShape or board.ErrDigit), and a rule type
// this solver does not know an error matching ErrUnknownRule that names it.
// ctx is checked every few hundred search nodes: when it is done,
// SolveVariant returns what it has found so far together with ctx.Err().
//
// SolveVariant does not use the Solver's buffers for classic boards and
// allocates its own state on each call.
func (s *Solver) SolveVariant(ctx context.Context, p *variant.Puzzle, limit int) (Result, error) {
	return s.EachVariant(ctx, p, limit, nil)
}

// EachVariant is SolveVariant that also calls visit, if not nil, with each
// solution as it is found, until visit returns false or limit solutions
// have been found. The board passed to visit is fresh: the caller may keep
// it. Result.Count counts the solutions visited; Result.Solutions holds the
// first two.
func (s *Solver) EachVariant(ctx context.Context, p *variant.Puzzle, limit int, visit func(*board.Board) bool) (Result, error) {
	if limit < 1 {
		return Result{}, fmt.Errorf("fallback: limit %d: must be at least 1", limit)
	}
	if ctx == nil {
		ctx = context.Background()
	}
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}
	if err := p.Validate(); err != nil {
		var clash *board.ClashError
		if errors.As(err, &clash) {
			return Result{}, nil
		}
		return Result{}, err
	}
	vs, err := compileVariant(p)
	if err != nil {
		return Result{}, err
	}
	vs.ctx, vs.done, vs.limit, vs.visit = ctx, ctx.Done(), limit, visit
	vs.shape = p.Givens.Shape
	if vs.start() {
		vs.search(0)
	}
	if vs.stopped && vs.res.Count < limit && !vs.visitStopped {
		if err := ctx.Err(); err != nil {
			return vs.res, err
		}
	}
	return vs.res, nil
}

// propagator prunes the masks of the cells of one rule (or part of one).
// It is called when a mask it watches has shrunk and reports false on a
// contradiction. It must never remove a digit that some solution of its
// rule (within the current masks) uses, and it must detect every
// violation once all its cells are decided.
type propagator interface {
	propagate(s *vsolver) bool
}

// vsolver is the state of one variant search.
type vsolver struct {
	n, ncell int
	full     uint64
	shape    board.Shape

	cand   []uint64   // the masks of the current level
	levels [][]uint64 // levels[d]: the masks at search depth d

	peers  [][]int32 // cells that must differ from each cell
	groups [][]int32 // groups of N cells holding every digit
	props  []propagator
	watch  [][]int32 // the propagators each cell wakes
	weight []int32   // propagators per cell, to break ties when branching

	queued  []bool
	pq      []int32 // propagators to run (a FIFO: pq[pqHead:])
	pqHead  int
	singles []int32 // cells newly decided, whose digit must leave the peers

	contradiction bool // a given or a one-cell rule left a cell empty

	ctx          context.Context
	done         <-chan struct{}
	nodes        int64
	limit        int
	res          Result
	visit        func(*board.Board) bool
	stopped      bool // limit reached, ctx done or visit said stop
	visitStopped bool
}

// newVsolver returns an empty state for a board of side n: every cell
// open, no peers, no rules.
func newVsolver(n int) *vsolver {
	nc := n * n
	s := &vsolver{n: n, ncell: nc, full: fullMask(n)}
	s.levels = [][]uint64{make([]uint64, nc)}
	s.cand = s.levels[0]
	for i := range s.cand {
		s.cand[i] = s.full
	}
	s.peers = make([][]int32, nc)
	s.watch = make([][]int32, nc)
	s.weight = make([]int32, nc)
	return s
}

// fullMask returns the mask of digits 1..n.
func fullMask(n int) uint64 {
	if n >= 64 {
		return ^uint64(0)
	}
	return uint64(1)<<n - 1
}

// addProp registers p, woken by the cells it watches (duplicates are
// ignored).
func (s *vsolver) addProp(p propagator, cells []int32) {
	id := int32(len(s.props))
	s.props = append(s.props, p)
	s.queued = append(s.queued, false)
	for _, c := range cells {
		w := s.watch[c]
		if len(w) > 0 && w[len(w)-1] == id {
			continue
		}
		dup := false
		for _, x := range w {
			if x == id {
				dup = true
				break
			}
		}
		if !dup {
			s.watch[c] = append(w, id)
			s.weight[c]++
		}
	}
}

// restrict keeps only the digits of m in cell c. It reports false if none
// is left; a change wakes the cell's propagators.
func (s *vsolver) restrict(c int32, m uint64) bool {
	old := s.cand[c]
	nw := old & m
	if nw == old {
		return true
	}
	if nw == 0 {
		return false
	}
	s.cand[c] = nw
	for _, p := range s.watch[c] {
		if !s.queued[p] {
			s.queued[p] = true
			s.pq = append(s.pq, p)
		}
	}
	if nw&(nw-1) == 0 {
		s.singles = append(s.singles, c)
	}
	return true
}

// clearQueues forgets pending work after a contradiction.
func (s *vsolver) clearQueues() {
	for _, p := range s.pq[s.pqHead:] {
		s.queued[p] = false
	}
	s.pq, s.pqHead = s.pq[:0], 0
	s.singles = s.singles[:0]
}

// propagate runs the peers, the propagators and hidden singles to a
// fixpoint. It reports false on a contradiction, with the queues cleared.
func (s *vsolver) propagate() bool {
	for {
		for len(s.singles) > 0 {
			c := s.singles[len(s.singles)-1]
			s.singles = s.singles[:len(s.singles)-1]
			d := s.cand[c]
			for _, o := range s.peers[c] {
				if !s.restrict(o, ^d) {
					s.clearQueues()
					return false
				}
			}
		}
		if s.pqHead < len(s.pq) {
			p := s.pq[s.pqHead]
			s.pqHead++
			if s.pqHead == len(s.pq) {
				s.pq, s.pqHead = s.pq[:0], 0
			}
			s.queued[p] = false
			if !s.props[p].propagate(s) {
				s.clearQueues()
				return false
			}
			continue
		}
		progress, ok := s.hiddenSingles()
		if !ok {
			s.clearQueues()
			return false
		}
		if !progress {
			return true
		}
	}
}

// hiddenSingles places each digit that has one place left in a full
// group. It reports whether it changed a mask, and false for ok if a digit
// has no place left.
func (s *vsolver) hiddenSingles() (progress, ok bool) {
	cand := s.cand
	for _, g := range s.groups {
		var once, twice uint64
		for _, c := range g {
			m := cand[c]
			twice |= once & m
			once |= m
		}
		if once != s.full {
			return progress, false
		}
		uniq := once &^ twice
		if uniq == 0 {
			continue
		}
		for _, c := range g {
			m := cand[c] & uniq
			if m == 0 {
				continue
			}
			if m&(m-1) != 0 {
				return progress, false // one cell is the only place for two digits
			}
			if cand[c] == m {
				continue
			}
			s.restrict(c, m)
			progress = true
		}
	}
	return progress, true
}

// start queues every propagator and every decided cell, and propagates.
func (s *vsolver) start() bool {
	if s.contradiction {
		return false
	}
	for i := range s.props {
		s.queued[i] = true
		s.pq = append(s.pq, int32(i))
	}
	for c, m := range s.cand {
		if m == 0 {
			return false
		}
		if m&(m-1) == 0 {
			s.singles = append(s.singles, int32(c))
		}
	}
	return s.propagate()
}

// cancelled reports whether the search must stop: ctx is polled every
// 256 nodes.
func (s *vsolver) cancelled() bool {
	s.nodes++
	if s.nodes&255 != 0 {
		return false
	}
	select {
	case <-s.done:
		s.stopped = true
		return true
	default:
		return false
	}
}

// search explores the current (propagated) state at depth.
func (s *vsolver) search(depth int) {
	if s.stopped || s.cancelled() {
		return
	}
	parent := s.cand
	best, bestCount, bestWeight := int32(-1), 65, int32(-1)
	for c, m := range parent {
		if m&(m-1) == 0 {
			continue
		}
		k := bits.OnesCount64(m)
		if k < bestCount || (k == bestCount && s.weight[c] > bestWeight) {
			best, bestCount, bestWeight = int32(c), k, s.weight[c]
		}
	}
	if best < 0 {
		s.solution()
		return
	}
	if depth+1 >= len(s.levels) {
		s.levels = append(s.levels, make([]uint64, s.ncell))
	}
	child := s.levels[depth+1]
	for m := parent[best]; m != 0; m &= m - 1 {
		bit := m & -m
		copy(child, parent)
		s.cand = child
		s.res.Guesses++
		if s.restrict(best, bit) && s.propagate() {
			s.search(depth + 1)
		} else {
			s.clearQueues()
		}
		s.cand = parent
		if s.stopped {
			return
		}
	}
}

// solution records the decided masks as a solution.
func (s *vsolver) solution() {
	b := board.New(s.shape)
	for c, m := range s.cand {
		b.Cells[c] = uint8(bits.TrailingZeros64(m) + 1)
	}
	s.res.Count++
	if len(s.res.Solutions) < 2 {
		s.res.Solutions = append(s.res.Solutions, b)
	}
	if s.visit != nil && !s.visit(b) {
		s.stopped, s.visitStopped = true, true
		return
	}
	if s.res.Count >= s.limit {
		s.stopped = true
	}
}

// digitMask returns the mask of digit d (1-based).
func digitMask(d int) uint64 { return uint64(1) << (d - 1) }

// lowDigit returns the smallest digit of a non-empty mask.
func lowDigit(m uint64) int { return bits.TrailingZeros64(m) + 1 }

// highDigit returns the largest digit of a non-empty mask.
func highDigit(m uint64) int { return 64 - bits.LeadingZeros64(m) }

// rangeMask returns the digits lo..hi (clamped to 1..64), or 0 if lo > hi.
func rangeMask(lo, hi int) uint64 {
	lo, hi = max(lo, 1), min(hi, 64)
	if lo > hi {
		return 0
	}
	return fullMask(hi) &^ fullMask(lo-1)
}
