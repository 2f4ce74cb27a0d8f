package fallback

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"slices"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/variant"
)

// The variant path solves a variant.Puzzle with its own propagation, so
// that a variant answer of the SAT engine is cross-checked by code that
// shares nothing with it (nor with package encode or solver). It reads the
// rules' fields and works out their cells itself (variant_compile.go).
//
// State: one uint64 candidate mask per cell (bit d−1 for digit d), as on the
// generic path; a cell is decided when its mask has one bit. The rules are
// compiled into
//   - peers: pairs of cells that must differ (rows, columns, regions,
//     diagonals, extra regions, disjoint groups, anti-knight and anti-king
//     pairs, killer cages, renban lines); a decided digit leaves its peers;
//   - full groups: groups of N cells that must differ and so hold every
//     digit: hidden singles, and locked candidates through any peers (a
//     digit left with two or three places in a group leaves every cell
//     that sees them all);
//   - propagators, one or more per rule (rules_*.go), each woken when a
//     mask it watches shrinks; each prunes what it can, reports a
//     contradiction, and is exact once all its cells are decided.
//
// Propagation runs to a fixpoint. The search copies the masks per level
// and branches two ways (a digit in a cell, or not): on the cell of the
// last failed branch while it is open, else on the cell with the most
// conflict weight per candidate (dom/wdeg), or on a digit with two places
// left in a group when that cell has more than two candidates.

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
// SolveVariant returns what it has found so far together with ctx.Err();
// past Solver.NodeLimit, with an error matching ErrNodeLimit.
//
// SolveVariant shares no state with Solve: it allocates its own on each
// call, so the Solver's buffers for classic boards are untouched.
func (s *Solver) SolveVariant(ctx context.Context, p *variant.Puzzle, limit int) (Result, error) {
	return s.EachVariant(ctx, p, limit, nil)
}

// EachVariant is SolveVariant that also calls visit, if not nil, with each
// solution as it is found, until visit returns false or limit solutions
// have been found. Each board passed to visit is new and the caller may
// keep it (the first two are also the boards of Result.Solutions).
// Result.Count counts the solutions visited.
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
	defer searching()()
	if marks := marks9(p); marks != nil && visit == nil && !s.forceGeneric {
		return s.solveMarks9(ctx, p, marks, limit)
	}
	vs, err := newVariantSearch(ctx, p, limit, !s.noDerived)
	if vs == nil {
		return Result{}, err
	}
	vs.visit = visit
	vs.nodeLimit = s.NodeLimit
	if vs.start() {
		vs.search(0)
	}
	if vs.stopped && vs.res.Count < limit && !vs.visitStopped {
		if err := ctx.Err(); err != nil {
			return vs.res, err
		}
		if vs.over {
			return vs.res, fmt.Errorf("%w (%d)", ErrNodeLimit, vs.nodeLimit)
		}
	}
	return vs.res, nil
}

// newVariantSearch validates and compiles p for a search under ctx that
// stops at limit solutions, with the sums derived from its rules if
// derived. It returns nil and a nil error for givens
// that clash (no solution).
func newVariantSearch(ctx context.Context, p *variant.Puzzle, limit int, derived bool) (*vsolver, error) {
	if err := p.Validate(); err != nil {
		var clash *board.ClashError
		if errors.As(err, &clash) {
			return nil, nil
		}
		return nil, err
	}
	vs, err := compileVariant(p, derived)
	if err != nil {
		return nil, err
	}
	vs.ctx, vs.done, vs.limit = ctx, ctx.Done(), limit
	vs.shape = p.Givens.Shape
	vs.lastConflict = -1
	return vs, nil
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
	// peerBits[c·cw:(c+1)·cw] is the set of c's peers, as bits
	cw       int
	peerBits []uint64
	seen     []uint64 // scratch: cells that see given cells
	// groupsOf[c·gw:(c+1)·gw] is the set of full groups holding cell c;
	// dirtyHS and dirtyLC are the groups changed since hidden singles and
	// locked candidates last looked at them.
	gw               int
	groupsOf         []uint64
	dirtyHS, dirtyLC []uint64
	work             []uint64
	// gone[c] holds the digits that left cell c since locked candidates
	// last began (goneWork: those before it began): a digit whose places
	// in a group have not changed since the group was last looked at
	// has nothing left to remove.
	gone, goneWork []uint64
	lcEvery        bool // tests: locked candidates looks at every digit
	props          []propagator
	propCells      [][]int32
	watch          [][]int32 // the propagators each cell wakes

	// weight[c] grows by 1 with each contradiction c takes part in; it
	// starts at priorWeight × (1 + the number of propagators on c), a
	// derived line sum counting lineSumWeight instead. The search
	// branches on the cell with the most weight per candidate (dom/wdeg).
	weight    []int64
	failCells []int32 // the cells of the last contradiction
	failPair  [2]int32
	// lastConflict is the cell of the last branch that failed at once: the
	// search branches on it again while it is open (last-conflict
	// reasoning), which homes in on the cause of a dead end.
	lastConflict int32

	queued  []bool
	pq      []int32 // propagators to run (a FIFO: pq[pqHead:])
	pqHead  int
	singles []int32 // cells newly decided, whose digit must leave the peers

	contradiction bool // a given or a one-cell rule left a cell empty

	ctx       context.Context
	done      <-chan struct{}
	nodes     int64
	nodeLimit int64    // Solver.NodeLimit
	prefer    []uint64 // per cell, the digit tried first (Solver.Prefer), or 0
	// pause, if set, is called when the node count passes turnEnd: it
	// waits for the search's next turn (solveMarks9), raising turnEnd, and
	// reports false if the search is to stop instead.
	pause        func() bool
	turnEnd      int64
	over         bool // nodeLimit was reached
	limit        int
	res          Result
	visit        func(*board.Board) bool
	stopped      bool // limit reached, ctx done or visit said stop
	visitStopped bool
	// solSeen, when not nil, collects the digits of every solution found,
	// cell by cell, and the search skips a subtree whose candidates are all
	// seen (Candidates).
	solSeen []uint64
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
	s.gone = make([]uint64, nc)
	s.goneWork = make([]uint64, nc)
	s.weight = make([]int64, nc)
	for i := range s.weight {
		s.weight[i] = priorWeight
	}
	return s
}

// priorWeight is the weight a cell starts with and gets for each
// propagator on it, in units of one contradiction. With 1, the first few
// contradictions outweighed the structure (a cell's propagators): on
// skyscraper puzzles the search then left the clued lines too early
// (Interactive Sudoku Solver's "Skyscaper 2-3": 22,996 guesses to find
// two solutions; 597–618 with 4 to 6). 5 rather than 6, which made one
// of the MATHEMAGIC killers search 2.7 times more: the search is that
// sensitive. Measured in docs/performance.md.
const priorWeight = 5

// fullMask returns the mask of digits 1..n.
func fullMask(n int) uint64 {
	if n >= 64 {
		return ^uint64(0)
	}
	return uint64(1)<<n - 1
}

// addProp registers p, woken by the cells it watches (duplicates are
// ignored); each of them gains priorWeight.
func (s *vsolver) addProp(p propagator, cells []int32) {
	s.addPropWeight(p, cells, priorWeight)
}

// addPropWeight is addProp with the weight each watched cell gains.
func (s *vsolver) addPropWeight(p propagator, cells []int32, weight int64) {
	id := int32(len(s.props))
	s.props = append(s.props, p)
	s.queued = append(s.queued, false)
	var own []int32
	for _, c := range cells {
		if slices.Contains(own, c) {
			continue
		}
		own = append(own, c)
		s.watch[c] = append(s.watch[c], id)
		s.weight[c] += weight
	}
	s.propCells = append(s.propCells, own)
}

// restrict keeps only the digits of m in cell c. It reports false if none
// is left; a change wakes the cell's propagators.
func (s *vsolver) restrict(c int32, m uint64) bool {
	if s.cand[c]&^m == 0 {
		return true // small enough to inline: most calls change nothing
	}
	return s.narrow(c, m)
}

// narrow is restrict when m removes a digit of cell c.
func (s *vsolver) narrow(c int32, m uint64) bool {
	old := s.cand[c]
	nw := old & m
	if nw == 0 {
		s.failPair = [2]int32{c, c}
		s.failCells = s.failPair[:1]
		return false
	}
	s.cand[c] = nw
	s.gone[c] |= old &^ m
	if s.gw == 1 { // 64 full groups or fewer (27 on a 9×9 board)
		g := s.groupsOf[c]
		s.dirtyHS[0] |= g
		s.dirtyLC[0] |= g
	} else {
		for i, g := range s.groupsOf[int(c)*s.gw : int(c+1)*s.gw] {
			s.dirtyHS[i] |= g
			s.dirtyLC[i] |= g
		}
	}
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

// fail forgets pending work after a contradiction and adds weight to the
// cells that took part in it.
func (s *vsolver) fail() bool {
	for _, c := range s.failCells {
		s.weight[c]++
	}
	s.failCells = nil
	s.clearQueues()
	return false
}

// clearQueues forgets pending work.
func (s *vsolver) clearQueues() {
	for _, p := range s.pq[s.pqHead:] {
		s.queued[p] = false
	}
	s.pq, s.pqHead = s.pq[:0], 0
	s.singles = s.singles[:0]
	clear(s.dirtyHS)
	clear(s.dirtyLC)
	clear(s.gone)
}

// propagate runs the peers, the propagators, hidden singles and locked
// candidates to a fixpoint. It reports false on a contradiction, with the
// queues cleared.
func (s *vsolver) propagate() bool {
	for {
		for len(s.singles) > 0 {
			c := s.singles[len(s.singles)-1]
			s.singles = s.singles[:len(s.singles)-1]
			d := s.cand[c]
			for _, o := range s.peers[c] {
				if !s.restrict(o, ^d) {
					s.failPair = [2]int32{o, c}
					s.failCells = s.failPair[:]
					return s.fail()
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
				s.failCells = s.propCells[p]
				return s.fail()
			}
			continue
		}
		progress, ok := s.hiddenSingles()
		if !ok {
			return s.fail()
		}
		if progress {
			continue
		}
		if !s.lockedCandidates() {
			return s.fail()
		}
		if len(s.singles) == 0 && s.pqHead == len(s.pq) && !s.dirty() {
			return true
		}
	}
}

// dirty reports whether a full group changed since hidden singles or
// locked candidates last looked at it.
func (s *vsolver) dirty() bool {
	for i, w := range s.dirtyHS {
		if w|s.dirtyLC[i] != 0 {
			return true
		}
	}
	return false
}

// hiddenSingles places each digit that has one place left in a full
// group. It reports whether it changed a mask, and false for ok if a digit
// has no place left.
func (s *vsolver) hiddenSingles() (progress, ok bool) {
	cand := s.cand
	work := s.work
	copy(work, s.dirtyHS)
	clear(s.dirtyHS)
	for wi, word := range work {
		for ; word != 0; word &= word - 1 {
			g := s.groups[wi*64+bits.TrailingZeros64(word)]
			var once, twice uint64
			for _, c := range g {
				m := cand[c]
				twice |= once & m
				once |= m
			}
			if once != s.full {
				s.failCells = g
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
					s.failCells = g
					return progress, false // one cell is the only place for two digits
				}
				if cand[c] == m {
					continue
				}
				s.restrict(c, m)
				progress = true
			}
		}
	}
	return progress, true
}

// lockedCandidates removes from every cell the digits it would take from
// all the places they have left in a full group (a digit in a box confined
// to one row leaves the rest of the row, and likewise with diagonals,
// extra regions and anti-king or anti-knight peers). It looks at the
// groups changed since its last call and at digits with two or three
// places. It reports false on a contradiction.
func (s *vsolver) lockedCandidates() bool {
	cand := s.cand
	work := s.work
	copy(work, s.dirtyLC)
	clear(s.dirtyLC)
	gone, goneWork := s.gone, s.goneWork
	copy(goneWork, gone)
	clear(gone)
	cw := s.cw
	seen := s.seen
	for wi, word := range work {
		for ; word != 0; word &= word - 1 {
			g := s.groups[wi*64+bits.TrailingZeros64(word)]
			// Digits with two or three places, by counting in bit-sliced
			// form; decided cells count too (one may not have left its
			// peers yet when an earlier group of this call decided it).
			var once, twice, thrice, more, moved uint64
			for _, c := range g {
				m := cand[c]
				more |= thrice & m
				thrice |= twice & m
				twice |= once & m
				once |= m
				moved |= goneWork[c] | gone[c]
			}
			if s.lcEvery {
				moved = ^uint64(0)
			}
			for few := twice &^ more & moved; few != 0; few &= few - 1 {
				bit := few & -few
				for i := range seen {
					seen[i] = ^uint64(0)
				}
				for _, c := range g {
					if cand[c]&bit == 0 {
						continue
					}
					for i, x := range s.peerBits[int(c)*cw : int(c+1)*cw] {
						seen[i] &= x
					}
				}
				if !s.eliminate(seen, bit) {
					return false
				}
			}
		}
	}
	return true
}

// eliminate removes digit bit from every cell of the set cells.
func (s *vsolver) eliminate(cells []uint64, bit uint64) bool {
	for wi, word := range cells {
		for ; word != 0; word &= word - 1 {
			c := int32(wi*64 + bits.TrailingZeros64(word))
			if s.cand[c]&bit != 0 && !s.restrict(c, ^bit) {
				return false
			}
		}
	}
	return true
}

// eliminateSeen removes digit bit from every cell that sees all the cells
// of places holding it (the digit must go in one of them).
func (s *vsolver) eliminateSeen(places []int32, bit uint64) bool {
	cw := s.cw
	seen := s.seen
	for i := range seen {
		seen[i] = ^uint64(0)
	}
	n := 0
	for _, c := range places {
		if s.cand[c]&bit == 0 {
			continue
		}
		n++
		for i, x := range s.peerBits[int(c)*cw : int(c+1)*cw] {
			seen[i] &= x
		}
	}
	if n == 0 {
		return true
	}
	return s.eliminate(seen, bit)
}

// indexPeers fills the peer bitsets and the scratch they need.
func (s *vsolver) indexPeers() {
	s.cw = (s.ncell + 63) / 64
	s.peerBits = make([]uint64, s.ncell*s.cw)
	for c, ps := range s.peers {
		for _, o := range ps {
			s.peerBits[c*s.cw+int(o)/64] |= 1 << (o % 64)
		}
	}
	s.seen = make([]uint64, s.cw)
}

// indexGroups fills the tables that track which full groups changed.
func (s *vsolver) indexGroups() {
	s.gw = (len(s.groups) + 63) / 64
	s.groupsOf = make([]uint64, s.ncell*s.gw)
	for gi, g := range s.groups {
		for _, c := range g {
			s.groupsOf[int(c)*s.gw+gi/64] |= 1 << (gi % 64)
		}
	}
	s.dirtyHS = make([]uint64, s.gw)
	s.dirtyLC = make([]uint64, s.gw)
	s.work = make([]uint64, s.gw)
}

// start queues every propagator and every decided cell, and propagates.
func (s *vsolver) start() bool {
	if s.contradiction {
		return false
	}
	for gi := range s.groups {
		s.dirtyHS[gi/64] |= 1 << (gi % 64)
		s.dirtyLC[gi/64] |= 1 << (gi % 64)
	}
	for c := range s.gone {
		s.gone[c] = s.full
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
	if s.nodeLimit > 0 && s.nodes > s.nodeLimit {
		s.stopped, s.over = true, true
		return true
	}
	if s.pause != nil && s.nodes > s.turnEnd && !s.pause() {
		s.stopped = true
		return true
	}
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

// choose picks the branch: the cell of the last conflict while it is
// open; else the open cell with the most weight per candidate, and its
// smallest digit; but when that cell has more than two candidates and some
// digit has only two places left in a full group, one of which weighs at
// least the best cell's weight per candidate, that digit in the most
// weighted of its places (a binary choice either way, but one that places
// the digit on both sides). It returns −1 when every cell is decided.
//
// Interactive Sudoku Solver, which branches on every digit of a cell,
// takes such a pair only at twice the cell's weight per candidate; here a
// cell's branch is "its digit or not", weaker on its second side, so the
// pair is worth more. Taking any pair, however light, as before, made the
// killers and skyscrapers search 1.5–6 times more (docs/performance.md).
func (s *vsolver) choose() (int32, uint64) {
	if s.lastConflict >= 0 {
		if m := s.cand[s.lastConflict]; m&(m-1) != 0 {
			return s.lastConflict, m & -m
		}
		s.lastConflict = -1
	}
	best, bestK, bestW := int32(-1), 0, int64(0)
	for c, m := range s.cand {
		if m&(m-1) == 0 {
			continue
		}
		k := bits.OnesCount64(m)
		w := s.weight[c]
		// w/k > bestW/bestK
		if best < 0 || w*int64(bestK) > bestW*int64(k) {
			best, bestK, bestW = int32(c), k, w
		}
	}
	if best < 0 {
		return -1, 0
	}
	bit := s.cand[best] & -s.cand[best]
	if bestK <= 2 {
		return best, bit
	}
	// A place must weigh at least ⌈bestW/bestK⌉.
	pairW := (bestW+int64(bestK)-1)/int64(bestK) - 1
	for _, g := range s.groups {
		var once, twice, thrice uint64
		for _, c := range g {
			m := s.cand[c]
			thrice |= twice & m
			twice |= once & m
			once |= m
		}
		two := twice &^ thrice
		if two == 0 {
			continue
		}
		for _, c := range g {
			m := s.cand[c]
			if m&(m-1) == 0 || m&two == 0 {
				continue
			}
			if w := s.weight[c]; w > pairW {
				pairW, best, bit = w, c, (m&two)&-(m&two)
			}
		}
	}
	return best, bit
}

// level returns the masks of search depth d, allocating them on first use.
func (s *vsolver) level(d int) []uint64 {
	for d >= len(s.levels) {
		s.levels = append(s.levels, make([]uint64, s.ncell))
	}
	return s.levels[d]
}

// search explores the current (propagated) state at depth: the chosen
// digit in the chosen cell, then the cell without it.
func (s *vsolver) search(depth int) {
	if s.stopped || s.cancelled() {
		return
	}
	if s.solSeen != nil && !s.news() {
		return // every solution below is made of digits seen already (here or, in turns, by the 9×9 path)
	}
	cell, bit := s.choose()
	if cell < 0 {
		s.solution()
		return
	}
	if s.prefer != nil {
		if m := s.cand[cell] & s.prefer[cell]; m != 0 {
			bit = m
		}
	}
	if s.solSeen != nil && s.res.Count >= 3 {
		bit = s.unseenFirst(cell, bit)
	}
	parent, child := s.cand, s.level(depth+1)
	for _, keep := range [2]uint64{bit, ^bit} {
		copy(child, parent)
		s.cand = child
		s.res.Guesses++
		if !s.restrict(cell, keep) {
			s.fail()
			s.lastConflict = cell
		} else if s.propagate() {
			s.search(depth + 1)
		} else {
			s.lastConflict = cell
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
	if s.solSeen != nil {
		for c, m := range s.cand {
			s.solSeen[c] |= m
		}
	}
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
