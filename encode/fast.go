package encode

import (
	"math/bits"

	"github.com/satdoku/satdoku/board"
)

// FastStats describes what Fast's propagation decided before any clause
// was written.
type FastStats struct {
	// Settled reports that propagation alone decided every cell: the formula
	// is only unit clauses (or, with Contradiction, unsatisfiable).
	Settled bool
	// Contradiction reports that the givens clash or propagation emptied a
	// cell or left a digit no place in a unit: the formula then holds an
	// empty clause.
	Contradiction bool
	// Givens is the number of filled cells of the puzzle; Placed the number
	// of cells propagation filled besides them.
	Givens, Placed int
	// Open is the number of cells still undecided, Candidates the number of
	// their (cell, digit) candidates: the variables of the non-unit clauses.
	Open, Candidates int
	// Units is the number of unit clauses (one per decided variable) and
	// Clauses the number of longer clauses.
	Units, Clauses int
	// Stage is the preprocessing step that settled the puzzle (decided
	// every cell or found the contradiction), or StageSearch when cells
	// are left to gophersat's search.
	Stage Stage
}

// Fast returns the formula the SAT engine solves: the givens are
// propagated, then naked and hidden singles to a fixpoint (exactly unit
// propagation on the Extended encoding), and clauses are written only over
// the open (cell, digit) candidates: for each open cell, at-least-one and
// pairwise at-most-one over its candidates; for each unit and each digit
// not yet placed in it, at-least-one and pairwise at-most-one over the
// cells that can take it. Each group is written as its at-least-one clause
// immediately followed by its pairs in order, (¬x1 ∨ ¬x2), (¬x1 ∨ ¬x3), …,
// (¬x2 ∨ ¬x3), …, a layout package solver recognises and hands to
// gophersat as one cardinality constraint. (A pair shared by a row or
// column and a box is written in both groups.) Every other primary
// variable is decided, and gets
// one unit clause (+v placed, −v eliminated), so every model of the formula
// is a full valid assignment of all n³ primary variables. The numbering is
// the public one; NumVars = Primary = n³. If propagation finds a
// contradiction the formula contains the empty clause.
//
// It returns an error only for a malformed board, as Encode does.
func Fast(b *board.Board) (*CNF, FastStats, error) {
	var fb FastBuilder
	f, st, err := fb.Build(b)
	if err != nil {
		return nil, st, err
	}
	f.Comments = comments(b, "fast", Pairwise, f.NumVars)
	return f, st, nil
}

// A FastBuilder builds Fast formulas one after another, reusing its
// storage, so that a caller solving many puzzles allocates (almost)
// nothing per puzzle. The zero FastBuilder is ready to use. It is not safe
// for concurrent use.
type FastBuilder struct {
	p    *prop
	f    CNF
	lits []Lit
}

// Build returns Fast's formula and statistics for b, without comments. The
// formula and its clauses belong to the builder and are valid only until
// the next call to Build.
func (fb *FastBuilder) Build(b *board.Board) (*CNF, FastStats, error) {
	if err := checkBoard(b); err != nil {
		return nil, FastStats{}, err
	}
	if fb.p == nil || fb.p.shape != b.Shape {
		fb.p = newProp(b.Shape)
	}
	st := fb.p.run(b)
	fb.lits = fb.p.emit(&fb.f, fb.lits, &st)
	return &fb.f, st, nil
}

// prepLevel selects the preprocessing beyond singles: 0 none, 1 locked
// candidates and naked pairs, 2 also probing (the default; tests lower it
// to compare).
var prepLevel = 2

// prop is the propagator of one shape.
type prop struct {
	shape board.Shape
	n     int
	g     *board.Geometry
	full  uint64
	cand  []uint64 // candidate digits of each cell, bit d−1
	value []uint8  // decided digit, 0 if open
	done  []uint64 // digits placed in each unit
	queue []int32  // cells with one candidate left, to place
	// peers holds Geometry.Peers as int32, flattened: npeers per cell.
	peers  []int32
	npeers int
	// unitsOf holds Geometry.UnitsOf as int32, flattened: 3 per cell.
	// cnt[u*n+e] counts the cells of unit u that have digit e+1 as a
	// candidate (placed cells count for their digit); hidden queues the
	// unit-digits whose count fell to one, for singles to place.
	unitsOf []int32
	counted bool // cnt and hidden are kept (while probing)
	cnt     []uint8
	sCnt    []uint8
	hidden  []int32
	bad     bool
	places  []uint64 // per digit, scratch for emit; all zero between uses

	// The stronger preprocessing (prep.go).
	level          int      // prepLevel when built
	rowSeg, colSeg []uint64 // candidate unions of box-line segments
	sCand, union   []uint64 // probing: saved candidates, union of branches
	sValue         []uint8
	sDone          []uint64
}

func newProp(s board.Shape) *prop {
	n := s.Side()
	g := s.Geometry()
	p := &prop{shape: s, n: n, g: g, full: 1<<uint(n) - 1}
	if n == 64 {
		p.full = ^uint64(0)
	}
	p.cand = make([]uint64, n*n)
	p.value = make([]uint8, n*n)
	p.done = make([]uint64, 3*n)
	p.places = make([]uint64, n)
	p.level = prepLevel
	p.rowSeg = make([]uint64, n*s.BoxRows)
	p.colSeg = make([]uint64, n*s.BoxCols)
	p.sCand = make([]uint64, n*n)
	p.union = make([]uint64, n*n)
	p.sValue = make([]uint8, n*n)
	p.sDone = make([]uint64, 3*n)
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
	return p
}

// place puts digit d (1-based) in cell, removing it from the peers.
func (p *prop) place(cell, d int) {
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

// lose updates the counts of cell's units for the digits of mask, which
// cell has just lost: a digit left with one place in a unit is queued as
// a hidden single, one left with none (and not placed) is a
// contradiction.
func (p *prop) lose(cell int, mask uint64) {
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

// run propagates the givens, then naked and hidden singles to a fixpoint,
// then the stronger preprocessing of prep.go, and fills in the statistics.
func (p *prop) run(b *board.Board) FastStats {
	var st FastStats
	n := p.n
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
			if p.value[cell] != 0 || p.cand[cell]&(1<<uint(d-1)) == 0 {
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
	if !p.bad && !p.solved() && p.level >= 1 {
		st.Stage = StageSubsets
		p.propagate(true)
		if !p.bad && !p.solved() && p.n <= maxProbeSide && p.level >= 2 {
			st.Stage = StageProbing
			p.probe()
		}
	}
	if p.bad {
		st.Contradiction = true
		st.Settled = true
		return st
	}
	for cell := 0; cell < n*n; cell++ {
		if p.value[cell] == 0 {
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
	return st
}

// solved reports whether every cell is decided.
func (p *prop) solved() bool {
	for _, v := range p.value {
		if v == 0 {
			return false
		}
	}
	return true
}

// singles places the queued naked singles and the hidden singles (a digit
// with one place left in a unit) to a fixpoint, or until a contradiction.
// While probing (counted) it takes the hidden singles from their queue;
// otherwise it scans the units for them.
func (p *prop) singles() {
	if p.counted {
		p.countedSingles()
		return
	}
	for !p.bad {
		for len(p.queue) > 0 && !p.bad {
			cell := int(p.queue[len(p.queue)-1])
			p.queue = p.queue[:len(p.queue)-1]
			if p.value[cell] != 0 {
				continue
			}
			p.place(cell, bits.TrailingZeros64(p.cand[cell])+1)
		}
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
			single := once &^ twice & need
			for single != 0 {
				d := bits.TrailingZeros64(single)
				single &= single - 1
				bit := uint64(1) << uint(d)
				for _, cell := range unit {
					if p.value[cell] == 0 && p.cand[cell]&bit != 0 {
						p.place(cell, d+1)
						found = true
						break
					}
				}
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

// count fills cnt from the candidates (at a fixpoint, nothing queued) and
// makes place and elim keep it.
func (p *prop) count() {
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
func (p *prop) countedSingles() {
	for !p.bad {
		if k := len(p.queue); k > 0 {
			cell := int(p.queue[k-1])
			p.queue = p.queue[:k-1]
			if p.value[cell] == 0 {
				p.place(cell, bits.TrailingZeros64(p.cand[cell])+1)
			}
			continue
		}
		k := len(p.hidden)
		if k == 0 {
			return
		}
		i := int(p.hidden[k-1])
		p.hidden = p.hidden[:k-1]
		u, e := i/p.n, i%p.n
		bit := uint64(1) << uint(e)
		if p.done[u]&bit != 0 || p.cnt[i] != 1 {
			continue
		}
		for _, cell := range p.g.Units[u] {
			if p.value[cell] == 0 && p.cand[cell]&bit != 0 {
				p.place(cell, e+1)
				break
			}
		}
	}
}

// emit writes the formula of the propagated state into f.
func (p *prop) emit(f *CNF, lits []Lit, st *FastStats) []Lit {
	n := p.n
	n3 := NumVars(n)
	f.NumVars, f.Primary = n3, n3
	f.Comments = f.Comments[:0]
	if st.Contradiction {
		f.Clauses = append(f.Clauses[:0], Clause{})
		st.Clauses = 1
		st.Units = 0
		return lits
	}
	// Clauses are slices of one backing array. The units come first, at
	// known positions; if the array must grow later, the clauses already
	// added keep pointing into the old one, which stays valid.
	units := n3 - st.Candidates
	if cap(lits) < units+16*st.Candidates {
		lits = make([]Lit, 0, units+16*st.Candidates)
	}
	lits = lits[:units]
	cls := f.Clauses[:0]
	if cap(cls) < units+8*st.Candidates {
		cls = make([]Clause, 0, units+8*st.Candidates)
	}
	cls = cls[:units]
	i := 0
	for cell := 0; cell < n*n; cell++ {
		base := Lit(cell * n)
		d := p.value[cell]
		c := p.cand[cell]
		for e := 1; e <= n; e++ {
			switch {
			case int(d) == e:
				lits[i] = base + Lit(e)
			case c&(1<<uint(e-1)) == 0 || d != 0:
				lits[i] = -(base + Lit(e))
			default:
				continue
			}
			cls[i] = lits[i : i+1 : i+1]
			i++
		}
	}
	st.Units = units
	if !st.Settled {
		// Cells: exactly one candidate.
		for cell := 0; cell < n*n; cell++ {
			if p.value[cell] != 0 {
				continue
			}
			base := Lit(cell * n)
			start := len(lits)
			for c := p.cand[cell]; c != 0; c &= c - 1 {
				lits = append(lits, base+Lit(bits.TrailingZeros64(c)+1))
			}
			cls = append(cls, lits[start:len(lits):len(lits)])
			lits, cls = pairs(lits, cls, start)
		}
		// Units: each digit not yet placed exactly once. places[d] holds
		// the positions in the unit of the open cells that can take d+1.
		places := p.places
		for u, unit := range p.g.Units {
			need := p.full &^ p.done[u]
			if need == 0 {
				continue
			}
			for i, cell := range unit {
				if p.value[cell] == 0 {
					for c := p.cand[cell]; c != 0; c &= c - 1 {
						places[bits.TrailingZeros64(c)] |= 1 << uint(i)
					}
				}
			}
			for need != 0 {
				d := bits.TrailingZeros64(need)
				need &= need - 1
				start := len(lits)
				for m := places[d]; m != 0; m &= m - 1 {
					lits = append(lits, Lit(unit[bits.TrailingZeros64(m)]*n+d+1))
				}
				cls = append(cls, lits[start:len(lits):len(lits)])
				lits, cls = pairs(lits, cls, start)
			}
			clear(places)
		}
	}
	st.Clauses = len(cls) - st.Units
	f.Clauses = cls
	return lits
}

// pairs appends the clauses (¬a ∨ ¬b) for the pairs of lits[start:], in
// order.
func pairs(lits []Lit, cls []Clause, start int) ([]Lit, []Clause) {
	end := len(lits)
	for i := start; i < end; i++ {
		for j := i + 1; j < end; j++ {
			s := len(lits)
			lits = append(lits, -lits[i], -lits[j])
			cls = append(cls, lits[s:s+2:s+2])
		}
	}
	return lits, cls
}
