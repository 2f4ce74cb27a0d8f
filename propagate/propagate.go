package propagate

import (
	"errors"
	"fmt"
	"math/bits"
	"strconv"

	"github.com/satdoku/satdoku/board"
)

// Stage names a step of the propagation; Stats.Stage is the one that
// decided a puzzle.
type Stage uint8

// The stages, in the order Run applies them. Each one only removes
// candidates that no solution can use.
const (
	// StageSearch: propagation left cells open; a search must decide them.
	StageSearch Stage = iota
	// StageSingles: the givens with naked and hidden singles (exactly unit
	// propagation on the extended CNF encoding).
	StageSingles
	// StageSubsets: singles with locked candidates (pointing and claiming)
	// and naked pairs, to a fixpoint.
	StageSubsets
	// StageProbing: the above with failed-literal probing: each candidate
	// of a cell with two (then, if cells are left open, three) candidates
	// is tried and propagated with singles; a candidate whose propagation
	// ends in a contradiction is removed, and so is every candidate that
	// all branches remove.
	StageProbing
)

var stageNames = [...]string{"search", "singles", "subsets", "probing"}

// String returns the stage's name: "search", "singles", "subsets" or
// "probing".
func (s Stage) String() string {
	if int(s) < len(stageNames) {
		return stageNames[s]
	}
	return "Stage(" + strconv.Itoa(int(s)) + ")"
}

// Stats describes what Run decided.
type Stats struct {
	// Stage is the step that settled the puzzle (decided every cell or
	// found the contradiction), or StageSearch when cells are left open.
	Stage Stage
	// Settled reports that every cell is decided (or, with Contradiction,
	// that the puzzle has no solution).
	Settled bool
	// Contradiction reports that the givens clash, or that propagation
	// emptied a cell or left a digit no place in a unit.
	Contradiction bool
	// Givens is the number of filled cells of the puzzle; Placed the number
	// of cells propagation filled besides them.
	Givens, Placed int
	// Open is the number of cells still undecided, Candidates the number
	// of their (cell, digit) candidates.
	Open, Candidates int
}

// ErrShape reports a board that does not have the Propagator's shape.
var ErrShape = errors.New("board shape differs from the propagator's")

// MaxProbeSide is the largest side on which Run probes: on larger boards
// a probe costs more than the search it saves.
const MaxProbeSide = 16

// A Propagator runs the propagation on boards of one shape, reusing its
// storage. Create one with New.
type Propagator struct {
	// MaxStage is the last stage Run applies: StageSingles, StageSubsets
	// or StageProbing. The zero value, StageSearch, means StageProbing.
	MaxStage Stage

	shape board.Shape
	n     int
	g     *board.Geometry
	full  uint64
	cand  []uint64 // candidate digits of each cell, bit d−1
	value []uint8  // decided digit, 0 if open
	done  []uint64 // digits placed in each unit
	queue []int32  // cells with one candidate left, to place
	bad   bool     // a contradiction was found

	// peers holds Geometry.Peers as int32, flattened: npeers per cell.
	peers  []int32
	npeers int
	// unitsOf holds Geometry.UnitsOf as int32, flattened: 3 per cell.
	unitsOf []int32

	// While probing (counted), cnt[u*n+e] counts the cells of unit u that
	// have digit e+1 as a candidate (placed cells count for their digit),
	// and hidden queues the unit-digits whose count fell to one.
	counted bool
	cnt     []uint8
	hidden  []int32

	lines [2]lineFamily // rows and columns, for locked candidates

	// Probing: the saved state and the union of the surviving branches.
	sCand, union []uint64
	sValue       []uint8
	sDone        []uint64
	sCnt         []uint8
}

// New returns a Propagator for boards of shape s (which must be valid).
func New(s board.Shape) *Propagator {
	n := s.Side()
	g := s.Geometry()
	p := &Propagator{shape: s, n: n, g: g, full: 1<<uint(n) - 1}
	if n == 64 {
		p.full = ^uint64(0)
	}
	p.cand = make([]uint64, n*n)
	p.value = make([]uint8, n*n)
	p.done = make([]uint64, len(g.Units))
	p.sCand = make([]uint64, n*n)
	p.union = make([]uint64, n*n)
	p.sValue = make([]uint8, n*n)
	p.sDone = make([]uint64, len(g.Units))
	p.cnt = make([]uint8, len(g.Units)*n)
	p.sCnt = make([]uint8, len(g.Units)*n)
	p.unitsOf = make([]int32, 0, 3*n*n)
	for _, us := range g.UnitsOf {
		for _, u := range us {
			p.unitsOf = append(p.unitsOf, int32(u))
		}
	}
	p.npeers = len(g.Peers[0])
	p.peers = make([]int32, 0, n*n*p.npeers)
	for _, ps := range g.Peers {
		for _, q := range ps {
			p.peers = append(p.peers, int32(q))
		}
	}
	p.lines = lineFamilies(s)
	return p
}

// Shape returns the shape of the boards p propagates.
func (p *Propagator) Shape() board.Shape { return p.shape }

// Candidates returns the candidates of every cell after the last Run, bit
// d−1 for digit d; a decided cell has its digit's bit only. The slice
// belongs to p: read it, do not keep it past the next Run.
func (p *Propagator) Candidates() []uint64 { return p.cand }

// Values returns the digit of every decided cell after the last Run, 0 for
// an open cell. The slice belongs to p, as Candidates' does.
func (p *Propagator) Values() []uint8 { return p.value }

// Placed returns, for every unit of the shape's Geometry, the digits
// decided in it after the last Run (bit d−1 for digit d). The slice
// belongs to p, as Candidates' does.
func (p *Propagator) Placed() []uint64 { return p.done }

// Run propagates the givens of b, then applies each stage up to MaxStage
// to a fixpoint, and reports what it decided. After a contradiction the
// candidates are meaningless. It returns ErrShape for a board of another
// shape or with the wrong number of cells; a digit beyond the side is a
// contradiction, not an error.
func (p *Propagator) Run(b *board.Board) (Stats, error) {
	var st Stats
	if b == nil || b.Shape != p.shape || len(b.Cells) != len(p.cand) {
		return st, fmt.Errorf("%w: want %v", ErrShape, p.shape)
	}
	max := p.MaxStage
	if max == StageSearch {
		max = StageProbing
	}
	p.bad = false
	p.queue = p.queue[:0]
	p.counted = false
	for i := range p.cand {
		p.cand[i] = p.full
		p.value[i] = 0
	}
	clear(p.done)
	for cell, d := range b.Cells {
		if d != 0 {
			st.Givens++
			if int(d) > p.n || p.value[cell] != 0 || p.cand[cell]&(1<<uint(d-1)) == 0 {
				p.bad = true
				break
			}
			p.place(cell, int(d))
		}
	}
	st.Stage = StageSingles
	if !p.bad {
		p.singles()
	}
	if !p.bad && !p.solved() && max >= StageSubsets {
		st.Stage = StageSubsets
		p.propagate(true)
		if !p.bad && !p.solved() && p.n <= MaxProbeSide && max >= StageProbing {
			st.Stage = StageProbing
			p.probe()
		}
	}
	if p.bad {
		st.Contradiction = true
		st.Settled = true
		return st, nil
	}
	for cell, v := range p.value {
		if v == 0 {
			st.Open++
			st.Candidates += bits.OnesCount64(p.cand[cell])
		} else if b.Cells[cell] == 0 {
			st.Placed++
		}
	}
	st.Settled = st.Open == 0
	if !st.Settled {
		st.Stage = StageSearch
	}
	return st, nil
}

// solved reports whether every cell is decided.
func (p *Propagator) solved() bool {
	for _, v := range p.value {
		if v == 0 {
			return false
		}
	}
	return true
}

// place puts digit d (1-based) in cell, removing it from the peers.
func (p *Propagator) place(cell, d int) {
	bit := uint64(1) << uint(d-1)
	if p.cand[cell]&bit == 0 {
		p.bad = true
		return
	}
	other := p.cand[cell] &^ bit
	p.value[cell] = uint8(d)
	p.cand[cell] = bit
	for _, u := range p.unitsOf[3*cell : 3*cell+3] {
		if p.done[u]&bit != 0 {
			p.bad = true
		}
		p.done[u] |= bit
	}
	if other != 0 && p.counted {
		p.lose(cell, other)
	}
	for _, q := range p.peers[cell*p.npeers : (cell+1)*p.npeers] {
		c := p.cand[q]
		if c&bit == 0 {
			continue
		}
		c &^= bit
		p.cand[q] = c
		if p.counted {
			p.lose(int(q), bit)
		}
		if p.value[q] != 0 {
			continue
		}
		if c == 0 {
			p.bad = true
		} else if c&(c-1) == 0 {
			p.queue = append(p.queue, q)
		}
	}
}

// elim removes the digits of mask from cell's candidates and reports
// whether it removed any. A cell left with one candidate is queued for
// singles; a cell left with none is a contradiction.
func (p *Propagator) elim(cell int, mask uint64) bool {
	c := p.cand[cell]
	if c&mask == 0 || p.value[cell] != 0 {
		return false
	}
	if p.counted {
		p.lose(cell, c&mask)
	}
	c &^= mask
	p.cand[cell] = c
	if c == 0 {
		p.bad = true
	} else if c&(c-1) == 0 {
		p.queue = append(p.queue, int32(cell))
	}
	return true
}

// lose updates the counts of cell's units for the digits of mask, which
// cell has just lost: a digit left with one place in a unit is queued as
// a hidden single, one left with none (and not placed) is a
// contradiction.
func (p *Propagator) lose(cell int, mask uint64) {
	us := p.unitsOf[3*cell : 3*cell+3]
	for m := mask; m != 0; m &= m - 1 {
		e := bits.TrailingZeros64(m)
		for _, u := range us {
			i := int(u)*p.n + e
			p.cnt[i]--
			if p.cnt[i] <= 1 && p.done[u]&(1<<uint(e)) == 0 {
				if p.cnt[i] == 0 {
					p.bad = true
				} else {
					p.hidden = append(p.hidden, int32(i))
				}
			}
		}
	}
}

// singles places the queued naked singles and the hidden singles (a digit
// with one place left in a unit) to a fixpoint, or until a contradiction.
// Outside probing it finds the hidden singles by scanning the units after
// each round of naked singles; while probing (counted) it takes them from
// the queue that the per-unit digit counts feed (see count), which is
// cheaper when a probe changes little.
func (p *Propagator) singles() {
	if p.counted {
		p.countedSingles()
		return
	}
	for !p.bad {
		p.nakedSingles()
		if p.bad {
			return
		}
		found := false
		for u, unit := range p.g.Units {
			var once, twice uint64
			for _, cell := range unit {
				if p.value[cell] == 0 {
					c := p.cand[cell]
					twice |= once & c
					once |= c
				}
			}
			need := p.full &^ p.done[u]
			if need&^once != 0 {
				p.bad = true
				return
			}
			for single := once &^ twice & need; single != 0; single &= single - 1 {
				d := bits.TrailingZeros64(single)
				p.placeIn(unit, d)
				found = true
				if p.bad {
					return
				}
			}
		}
		if !found && len(p.queue) == 0 {
			return
		}
	}
}

// nakedSingles places the queued cells that have one candidate left.
func (p *Propagator) nakedSingles() {
	for len(p.queue) > 0 && !p.bad {
		cell := int(p.queue[len(p.queue)-1])
		p.queue = p.queue[:len(p.queue)-1]
		if p.value[cell] == 0 {
			p.place(cell, bits.TrailingZeros64(p.cand[cell])+1)
		}
	}
}

// placeIn places digit e+1 in the first open cell of unit that can take
// it, if any.
func (p *Propagator) placeIn(unit []int, e int) {
	bit := uint64(1) << uint(e)
	for _, cell := range unit {
		if p.value[cell] == 0 && p.cand[cell]&bit != 0 {
			p.place(cell, e+1)
			return
		}
	}
}

// count fills cnt from the candidates (at a fixpoint, nothing queued) and
// makes place and elim keep it.
func (p *Propagator) count() {
	clear(p.cnt)
	n := p.n
	for cell, c := range p.cand {
		for _, u := range p.unitsOf[3*cell : 3*cell+3] {
			for m := c; m != 0; m &= m - 1 {
				p.cnt[int(u)*n+bits.TrailingZeros64(m)]++
			}
		}
	}
	p.hidden = p.hidden[:0]
	p.counted = true
}

// countedSingles is singles with the hidden singles taken from their
// queue.
func (p *Propagator) countedSingles() {
	for !p.bad {
		if len(p.queue) > 0 {
			p.nakedSingles()
			continue
		}
		k := len(p.hidden)
		if k == 0 {
			return
		}
		i := int(p.hidden[k-1])
		p.hidden = p.hidden[:k-1]
		u, e := i/p.n, i%p.n
		if p.done[u]&(1<<uint(e)) != 0 || p.cnt[i] != 1 {
			continue
		}
		p.placeIn(p.g.Units[u], e)
	}
}

// propagate runs singles and, with subsets, locked candidates and naked
// pairs, to a fixpoint or a contradiction.
func (p *Propagator) propagate(subsets bool) {
	for !p.bad {
		p.singles()
		if p.bad || !subsets {
			return
		}
		if !p.locked() && !p.nakedPairs() {
			return
		}
	}
}
