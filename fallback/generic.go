package fallback

import (
	"math"
	"math/bits"
	"sync"

	"github.com/satdoku/satdoku/board"
)

// The generic path works on any shape up to board.MaxSide: one uint64
// candidate mask per cell (bit d-1 set when digit d is still possible).
// A cell is placed when its mask has a single bit; propagation keeps the
// invariant that every placed cell's digit is removed from all its peers.
//
// Propagation, repeated until nothing changes:
//   - naked singles: a cell left with one candidate is placed (queue);
//   - hidden singles: a digit with one place left in a unit is placed;
//   - locked candidates (pointing and claiming): a digit confined to one
//     box–line intersection within a box (or within a line) is removed from
//     the rest of the line (or the box);
//   - on boards of side 16 and more, subsets: every candidate that lies in
//     no perfect matching of a unit's cells and digits goes (alldiff.go),
//     which covers naked and hidden subsets of every size.
//
// Each step looks only at the units changed since it last ran: a change to
// a cell marks its three units in one dirty set per step.
//
// Search branches on an unplaced cell with the fewest candidates per unit
// of failure weight (dom/wdeg: each unit's weight grows whenever it yields
// a contradiction), copying the whole state (one mask per cell) per level.
// A first short run learns failure weights; if it finds no solution, the
// search starts once more from the root with them.

// geom holds the flattened tables of one shape.
type geom struct {
	shape    board.Shape
	n, ncell int
	br, bc   int // box rows, box cols
	npeer    int
	full     uint64
	peers    []uint16 // peers[cell*npeer : (cell+1)*npeer]
	units    []uint16 // units[u*n : (u+1)*n]: rows, then columns, then boxes
	unitsOf  [][3]uint16
	splits   []split // for locked candidates
}

// split is a unit cut into the segments where it meets the units that cross
// it: a box cut into its row segments or into its column segments, a row or
// a column cut by the boxes it meets. A digit whose candidates in the unit
// all lie in one segment leaves target, the rest of the crossing unit.
type split struct {
	unit    int        // the unit cut
	segs    [][]uint16 // the cells of each segment
	targets [][]uint16 // for each segment, the crossing unit's other cells
}

// newSplit cuts unit u by the crossing units of kind k (0 row, 1 column,
// 2 box, as in board.Geometry.UnitsOf).
func newSplit(bg *board.Geometry, u, k int) split {
	sp := split{unit: u}
	index := map[int]int{} // crossing unit → segment
	for _, c := range bg.Units[u] {
		x := bg.UnitsOf[c][k]
		s, ok := index[x]
		if !ok {
			s = len(sp.segs)
			index[x] = s
			sp.segs = append(sp.segs, nil)
			var target []uint16
			for _, t := range bg.Units[x] {
				if bg.UnitsOf[t][0] != u && bg.UnitsOf[t][1] != u && bg.UnitsOf[t][2] != u {
					target = append(target, uint16(t))
				}
			}
			sp.targets = append(sp.targets, target)
		}
		sp.segs[s] = append(sp.segs[s], uint16(c))
	}
	return sp
}

var geoms sync.Map // board.Shape → *geom

func geomOf(s board.Shape) *geom {
	if g, ok := geoms.Load(s); ok {
		return g.(*geom)
	}
	bg := s.Geometry()
	n := s.Side()
	g := &geom{shape: s, n: n, ncell: n * n, br: s.BoxRows, bc: s.BoxCols}
	g.full = ^uint64(0) >> (64 - n)
	g.npeer = len(bg.Peers[0])
	g.peers = make([]uint16, 0, g.ncell*g.npeer)
	for _, p := range bg.Peers {
		for _, q := range p {
			g.peers = append(g.peers, uint16(q))
		}
	}
	g.units = make([]uint16, 0, 3*n*n)
	for _, u := range bg.Units {
		for _, c := range u {
			g.units = append(g.units, uint16(c))
		}
	}
	g.unitsOf = make([][3]uint16, g.ncell)
	for c, us := range bg.UnitsOf {
		g.unitsOf[c] = [3]uint16{uint16(us[0]), uint16(us[1]), uint16(us[2])}
	}
	// Boxes by rows and by columns (pointing), then rows and columns by
	// boxes (claiming). A unit that meets a single crossing unit teaches
	// nothing and is left out.
	for b := 0; b < n; b++ {
		for _, k := range []int{0, 1} {
			if sp := newSplit(bg, 2*n+b, k); len(sp.segs) > 1 {
				g.splits = append(g.splits, sp)
			}
		}
	}
	for u := 0; u < 2*n; u++ {
		if sp := newSplit(bg, u, 2); len(sp.segs) > 1 {
			g.splits = append(g.splits, sp)
		}
	}
	v, _ := geoms.LoadOrStore(s, g)
	return v.(*geom)
}

// probeBase is the smallest node budget of the first, probing run.
const probeBase = 256

// genSolver is the generic search state for one shape.
type genSolver struct {
	g     *geom
	stack [][]uint64 // stack[k] is the state at search depth k
	queue []uint16   // cells newly placed, waiting to be propagated
	seg   []uint64   // scratch for locked candidates
	masks []uint64   // scratch for subsets: the masks of one unit's open cells
	open  []uint16   // scratch for subsets: those cells
	match *matching  // scratch for subsets
	// units changed since hidden singles, locked candidates and subsets
	// last looked at them (a bit per unit)
	dirtyHS, dirtyLC, dirtySub, work []uint64
	splitsOf                         [][]int  // unit → its splits (locked candidates)
	w                                []uint32 // failure weight of each unit (dom/wdeg branching)
	runNodes                         int64    // nodes in the current run
	budget                           int64    // node budget of the current run
	restart                          bool     // the run hit its budget
	pollMask                         int64    // poll ctx once every pollMask+1 nodes
}

func (gs *genSolver) blameCell(c int) {
	for _, u := range gs.g.unitsOf[c] {
		gs.w[u]++
	}
}

func (s *Solver) genFor(shape board.Shape) *genSolver {
	if gs, ok := s.gen[shape]; ok {
		return gs
	}
	if s.gen == nil {
		s.gen = make(map[board.Shape]*genSolver)
	}
	g := geomOf(shape)
	gs := &genSolver{g: g, queue: make([]uint16, 0, g.ncell), seg: make([]uint64, g.n), w: make([]uint32, 3*g.n)}
	gs.masks, gs.open, gs.match = make([]uint64, g.n), make([]uint16, g.n), newMatching(g.n)
	words := (3*g.n + 63) / 64
	gs.dirtyHS, gs.dirtyLC = make([]uint64, words), make([]uint64, words)
	gs.dirtySub, gs.work = make([]uint64, words), make([]uint64, words)
	gs.splitsOf = make([][]int, 3*g.n)
	for i, sp := range g.splits {
		gs.splitsOf[sp.unit] = append(gs.splitsOf[sp.unit], i)
	}
	gs.pollMask = 1023
	if g.n > 16 {
		gs.pollMask = 15
	}
	s.gen[shape] = gs
	return gs
}

// level returns the state buffer of search depth k, growing the stack.
func (gs *genSolver) level(k int) []uint64 {
	for len(gs.stack) <= k {
		gs.stack = append(gs.stack, make([]uint64, gs.g.ncell))
	}
	return gs.stack[k]
}

func (s *Solver) solveGeneric(b *board.Board) {
	gs := s.genFor(b.Shape)
	g := gs.g
	clear(gs.w)
	gs.abandon()
	gs.touchAll()
	cand := gs.level(0)
	for i := range cand {
		cand[i] = g.full
	}
	gs.queue = gs.queue[:0]
	for i, d := range b.Cells {
		if d == 0 {
			continue
		}
		bit := uint64(1) << (d - 1)
		if cand[i]&bit == 0 {
			return // clash with an earlier given in the same cell: impossible, but safe
		}
		cand[i] = bit
		gs.queue = append(gs.queue, uint16(i))
	}
	if !gs.propagate(cand) {
		return
	}
	// One restart: a first run that exceeds its node budget without a
	// solution starts again from the root, where the failure weights it
	// learnt steer the branching, and that run goes to the end (so the
	// search stays complete, and counting never sees a solution twice).
	// Restarting again and again, with budgets growing by half, cost up to
	// 4× the nodes on the unique 25×25 puzzles of testdata/large, and no
	// restart at all up to 13× on a random 25×25 one (docs/performance.md).
	gs.budget = max(probeBase, 2*int64(g.ncell)) // a run needs room to reach the bottom
	gs.runNodes = 0
	gs.restart = false
	s.genSearch(gs, 0)
	if gs.restart {
		gs.budget = math.MaxInt64
		gs.runNodes = 0
		gs.restart = false
		s.genSearch(gs, 0)
	}
}

// touch marks the units of cell as changed for every propagation step.
func (gs *genSolver) touch(cell int) {
	for _, u := range gs.g.unitsOf[cell] {
		bit := uint64(1) << (u % 64)
		gs.dirtyHS[u/64] |= bit
		gs.dirtyLC[u/64] |= bit
		gs.dirtySub[u/64] |= bit
	}
}

// touchAll marks every unit as changed.
func (gs *genSolver) touchAll() {
	for u := range 3 * gs.g.n {
		bit := uint64(1) << (u % 64)
		gs.dirtyHS[u/64] |= bit
		gs.dirtyLC[u/64] |= bit
		gs.dirtySub[u/64] |= bit
	}
}

// abandon forgets the pending work of a state that failed.
func (gs *genSolver) abandon() {
	gs.queue = gs.queue[:0]
	clear(gs.dirtyHS)
	clear(gs.dirtyLC)
	clear(gs.dirtySub)
}

// eliminate removes the bits of m from cell; it reports false when the
// cell is left with no candidate.
func (gs *genSolver) eliminate(cand []uint64, cell int, m uint64) bool {
	c := cand[cell]
	if c&m == 0 {
		return true
	}
	c &^= m
	cand[cell] = c
	gs.touch(cell)
	if c == 0 {
		gs.blameCell(cell)
		return false
	}
	if c&(c-1) == 0 {
		gs.queue = append(gs.queue, uint16(cell))
	}
	return true
}

// propagate runs singles (and, when they stall, locked candidates, then
// subsets) to a fixed point; it reports false on a contradiction, with the
// pending work forgotten.
func (gs *genSolver) propagate(cand []uint64) bool {
	if !gs.fixpoint(cand) {
		gs.abandon()
		return false
	}
	return true
}

func (gs *genSolver) fixpoint(cand []uint64) bool {
	for {
		if !gs.drain(cand) {
			return false
		}
		progress, ok := gs.hiddenSingles(cand)
		if !ok {
			return false
		}
		if progress {
			continue
		}
		progress, ok = gs.lockedCandidates(cand)
		if !ok {
			return false
		}
		if progress {
			continue
		}
		if gs.g.n < subsetMinSide {
			clear(gs.dirtySub)
			return true
		}
		progress, ok = gs.subsets(cand)
		if !ok {
			return false
		}
		if !progress {
			return true
		}
	}
}

// subsetMinSide is the smallest side on which propagation filters each
// unit for subsets (alldiff.go): below it, naked and hidden subsets prune
// too little to pay for the work.
const subsetMinSide = 16

// subsets removes from every changed unit the candidates that lie in no
// perfect matching of its cells and digits (all naked and hidden subsets).
// It reports whether it removed anything, and false for ok on a
// contradiction.
func (gs *genSolver) subsets(cand []uint64) (progress, ok bool) {
	g := gs.g
	n := g.n
	masks := gs.masks
	for wi := range gs.dirtySub {
		for gs.dirtySub[wi] != 0 {
			u := wi*64 + bits.TrailingZeros64(gs.dirtySub[wi])
			// the open cells only: a placed digit has left its peers
			open := gs.open[:0]
			masks = masks[:0]
			for _, c := range g.units[u*n : (u+1)*n] {
				if m := cand[c]; m&(m-1) != 0 {
					open = append(open, c)
					masks = append(masks, m)
				}
			}
			if !gs.match.filter(masks) {
				gs.w[u]++
				return false, false
			}
			for i, c := range open {
				if m := masks[i]; m != cand[c] {
					progress = true
					cand[c] = m
					gs.touch(int(c))
					if m&(m-1) == 0 {
						gs.queue = append(gs.queue, c)
					}
				}
			}
			// the unit is filtered now, whatever it changed in itself
			gs.dirtySub[wi] &^= 1 << (u % 64)
			if len(gs.queue) > 0 {
				return true, true // singles first, then on with the rest
			}
		}
	}
	return progress, true
}

// drain propagates every queued placement to its peers.
func (gs *genSolver) drain(cand []uint64) bool {
	g := gs.g
	np := g.npeer
	for len(gs.queue) > 0 {
		cell := int(gs.queue[len(gs.queue)-1])
		gs.queue = gs.queue[:len(gs.queue)-1]
		bit := cand[cell]
		for _, p := range g.peers[cell*np : (cell+1)*np] {
			c := cand[p]
			if c&bit == 0 {
				continue
			}
			c &^= bit
			cand[p] = c
			gs.touch(int(p))
			if c == 0 {
				gs.blameCell(int(p))
				return false
			}
			if c&(c-1) == 0 {
				gs.queue = append(gs.queue, p)
			}
		}
	}
	return true
}

// hiddenSingles places every digit that has one place left in a unit. It
// reports whether it placed anything, and false for ok on a contradiction
// (a digit with no place in a unit).
func (gs *genSolver) hiddenSingles(cand []uint64) (progress, ok bool) {
	work := gs.work
	copy(work, gs.dirtyHS)
	clear(gs.dirtyHS)
	for wi, word := range work {
		for ; word != 0; word &= word - 1 {
			u := wi*64 + bits.TrailingZeros64(word)
			p, ok := gs.hiddenSinglesIn(cand, u)
			if !ok {
				return false, false
			}
			progress = progress || p
		}
	}
	return progress, true
}

// hiddenSinglesIn places the digits with one place left in unit u.
func (gs *genSolver) hiddenSinglesIn(cand []uint64, u int) (progress, ok bool) {
	g := gs.g
	n := g.n
	unit := g.units[u*n : (u+1)*n]
	var once, twice, placed uint64
	for _, c := range unit {
		m := cand[c]
		twice |= once & m
		once |= m
		if m&(m-1) == 0 {
			placed |= m
		}
	}
	if once != g.full {
		gs.w[u]++
		return false, false
	}
	// a placed digit has one place too: only the open digits count
	single := once &^ twice &^ placed
	for single != 0 {
		bit := single & -single
		single &^= bit
		for _, c := range unit {
			if cand[c]&bit != 0 {
				if cand[c] != bit {
					cand[c] = bit
					gs.touch(int(c))
					gs.queue = append(gs.queue, c)
					progress = true
				}
				break
			}
		}
	}
	if len(gs.queue) > 0 && !gs.drain(cand) {
		return false, false
	}
	return progress, true
}

// lockedCandidates applies pointing (a digit confined to one line within a
// box leaves the rest of that line) and claiming (a digit confined to one
// box within a line leaves the rest of that box).
func (gs *genSolver) lockedCandidates(cand []uint64) (progress, ok bool) {
	seg := gs.seg
	work := gs.work
	copy(work, gs.dirtyLC)
	clear(gs.dirtyLC)
	for wi, word := range work {
		for ; word != 0; word &= word - 1 {
			for _, si := range gs.splitsOf[wi*64+bits.TrailingZeros64(word)] {
				p, ok := gs.lockedIn(cand, &gs.g.splits[si], seg)
				if !ok {
					return false, false
				}
				progress = progress || p
			}
		}
	}
	return progress, true
}

// lockedIn applies locked candidates to one split.
func (gs *genSolver) lockedIn(cand []uint64, sp *split, seg []uint64) (progress, ok bool) {
	var once, twice, placed uint64
	for s, cells := range sp.segs {
		var m uint64
		for _, c := range cells {
			x := cand[c]
			m |= x
			if x&(x-1) == 0 {
				placed |= x
			}
		}
		seg[s] = m
		twice |= once & m
		once |= m
	}
	// digits in exactly one segment; a placed digit is, but has left
	// its peers already (drain)
	excl := once &^ twice &^ placed
	if excl == 0 {
		return false, true
	}
	for s, target := range sp.targets {
		m := seg[s] & excl
		if m == 0 {
			continue
		}
		for _, c := range target {
			if cand[c]&m != 0 && cand[c]&(cand[c]-1) != 0 {
				progress = true
				if !gs.eliminate(cand, int(c), m) {
					return false, false
				}
			}
		}
	}
	if len(gs.queue) > 0 && !gs.drain(cand) {
		return false, false
	}
	return progress, true
}

func (s *Solver) genSearch(gs *genSolver, k int) bool {
	// a node on a big board costs far more than on 9×9: poll more often
	if s.cancelled(gs.pollMask) {
		return true
	}
	gs.runNodes++
	if gs.runNodes > gs.budget && s.res.Count == 0 {
		gs.restart = true
		return true
	}
	g := gs.g
	cand := gs.level(k)
	// dom/wdeg: fewest candidates per unit of failure weight
	best, bestN, bestW := -1, uint64(65), uint64(1)
	for i, c := range cand {
		if c&(c-1) == 0 {
			continue
		}
		p := uint64(bits.OnesCount64(c))
		us := g.unitsOf[i]
		w := 1 + uint64(gs.w[us[0]]+gs.w[us[1]]+gs.w[us[2]])
		if p*bestW < bestN*w {
			best, bestN, bestW = i, p, w
		}
	}
	if best < 0 {
		if cells := s.solutionCells(g.shape); cells != nil {
			for i, c := range cand {
				cells[i] = uint8(bits.TrailingZeros64(c) + 1)
			}
		}
		return s.limitReached()
	}
	next := gs.level(k + 1)
	for m := cand[best]; m != 0; m &= m - 1 {
		bit := m & -m
		s.res.Guesses++
		copy(next, cand)
		next[best] = bit
		gs.touch(best)
		gs.queue = append(gs.queue[:0], uint16(best))
		if gs.propagate(next) && s.genSearch(gs, k+1) {
			return true
		}
	}
	return false
}
