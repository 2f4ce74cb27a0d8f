package encode

import "math/bits"

// Stage names the step of Fast's preprocessing that decided a puzzle.
type Stage uint8

// The stages, in the order Fast runs them. Each one only removes
// candidates that no solution can use, so the formula keeps every solution
// of the puzzle.
const (
	// StageSearch: preprocessing left cells open; gophersat's search
	// decides them.
	StageSearch Stage = iota
	// StageSingles: the givens with naked and hidden singles (exactly unit
	// propagation on the Extended encoding).
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
	return "Stage(" + itoa(int(s)) + ")"
}

func itoa(i int) string {
	var b [20]byte
	n := len(b)
	neg := i < 0
	if neg {
		i = -i
	}
	for {
		n--
		b[n] = byte('0' + i%10)
		i /= 10
		if i == 0 {
			break
		}
	}
	if neg {
		n--
		b[n] = '-'
	}
	return string(b[n:])
}

// maxProbeSide is the largest side on which Fast probes: on larger boards
// a probe costs more than the search it saves.
const maxProbeSide = 16

// elim removes the digits of mask from cell's candidates and reports
// whether it removed any. A cell left with one candidate is queued for
// singles; a cell left with none is a contradiction.
func (p *prop) elim(cell int, mask uint64) bool {
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

// propagate runs singles and, with subsets, locked candidates and naked
// pairs, to a fixpoint or a contradiction.
func (p *prop) propagate(subsets bool) {
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

// locked removes locked candidates and reports whether it removed any. A
// digit whose places in a box all lie in one row (column) cannot go
// elsewhere in that row (column): pointing. A digit whose places in a row
// (column) all lie in one box cannot go elsewhere in that box: claiming.
// Both are read off the unions of the candidates of the open cells of each
// row (column) segment of a box.
func (p *prop) locked() bool {
	n, R, C := p.n, p.shape.BoxRows, p.shape.BoxCols
	if R == 1 || C == 1 {
		return false // a box is a line: nothing to lock
	}
	// rowSeg[r*R+s]: row r within box stack s (C cells); colSeg[c*C+b]:
	// column c within band b (R cells).
	rowSeg, colSeg := p.rowSeg, p.colSeg
	for r := 0; r < n; r++ {
		row := p.cand[r*n : r*n+n]
		vals := p.value[r*n : r*n+n]
		for s := 0; s < R; s++ {
			var m uint64
			for c := s * C; c < s*C+C; c++ {
				if vals[c] == 0 {
					m |= row[c]
				}
			}
			rowSeg[r*R+s] = m
		}
	}
	for c := 0; c < n; c++ {
		for b := 0; b < C; b++ {
			var m uint64
			for r := b * R; r < b*R+R; r++ {
				if p.value[r*n+c] == 0 {
					m |= p.cand[r*n+c]
				}
			}
			colSeg[c*C+b] = m
		}
	}
	changed := false
	for r := 0; r < n; r++ {
		band := r / R
		for s := 0; s < R; s++ {
			seg := rowSeg[r*R+s]
			if seg == 0 {
				continue
			}
			var box, line uint64 // the other segments of the box, of the row
			for i := band * R; i < band*R+R; i++ {
				if i != r {
					box |= rowSeg[i*R+s]
				}
			}
			for t := 0; t < R; t++ {
				if t != s {
					line |= rowSeg[r*R+t]
				}
			}
			if m := seg &^ box; m != 0 && m&line != 0 {
				for c := 0; c < n; c++ {
					if c/C != s {
						changed = p.elim(r*n+c, m) || changed
					}
				}
			}
			if m := seg &^ line; m != 0 && m&box != 0 {
				for i := band * R; i < band*R+R; i++ {
					if i != r {
						for c := s * C; c < s*C+C; c++ {
							changed = p.elim(i*n+c, m) || changed
						}
					}
				}
			}
		}
	}
	for c := 0; c < n; c++ {
		stack := c / C
		for b := 0; b < C; b++ {
			seg := colSeg[c*C+b]
			if seg == 0 {
				continue
			}
			var box, line uint64
			for j := stack * C; j < stack*C+C; j++ {
				if j != c {
					box |= colSeg[j*C+b]
				}
			}
			for t := 0; t < C; t++ {
				if t != b {
					line |= colSeg[c*C+t]
				}
			}
			if m := seg &^ box; m != 0 && m&line != 0 {
				for r := 0; r < n; r++ {
					if r/R != b {
						changed = p.elim(r*n+c, m) || changed
					}
				}
			}
			if m := seg &^ line; m != 0 && m&box != 0 {
				for j := stack * C; j < stack*C+C; j++ {
					if j != c {
						for r := b * R; r < b*R+R; r++ {
							changed = p.elim(r*n+j, m) || changed
						}
					}
				}
			}
		}
	}
	return changed
}

// nakedPairs removes the digits of two open cells of a unit that have the
// same two candidates from the unit's other cells, and reports whether it
// removed any. It walks the two-candidate cells and their peers rather
// than every unit: two-candidate cells are few.
func (p *prop) nakedPairs() bool {
	changed := false
	np := p.npeers
	for a := range p.cand {
		ca := p.cand[a]
		if p.value[a] != 0 || bits.OnesCount64(ca) != 2 {
			continue
		}
		ua := p.unitsOf[3*a : 3*a+3]
		for _, q := range p.peers[a*np : (a+1)*np] {
			if int(q) <= a || p.cand[q] != ca || p.value[q] != 0 {
				continue
			}
			uq := p.unitsOf[3*q : 3*q+3]
			for _, u := range ua {
				if u != uq[0] && u != uq[1] && u != uq[2] {
					continue
				}
				for _, x := range p.g.Units[u] {
					if x != a && x != int(q) {
						changed = p.elim(x, ca) || changed
					}
				}
			}
		}
	}
	return changed
}

// snapshot saves the propagation state (at a fixpoint: the queue is empty).
func (p *prop) snapshot() {
	copy(p.sCand, p.cand)
	copy(p.sValue, p.value)
	copy(p.sDone, p.done)
	copy(p.sCnt, p.cnt)
}

// restore returns to the state saved by snapshot.
func (p *prop) restore() {
	copy(p.cand, p.sCand)
	copy(p.value, p.sValue)
	copy(p.done, p.sDone)
	copy(p.cnt, p.sCnt)
	p.queue = p.queue[:0]
	p.hidden = p.hidden[:0]
	p.bad = false
}

// probeCands is the largest number of candidates of a cell whose digits
// probe tries; probeBudget is how many fruitless probes of cells with more
// than two candidates a pass tolerates in a row before it stops probing
// them (on the hardest puzzles they find nothing and would only cost);
// probeBilocal makes probe also try the two places of a digit that has
// exactly two left in a unit (off: on the sets measured it cost more than
// it saved).
var (
	probeCands   = 3
	probeBudget  = 8
	probeBilocal = false
)

// probe runs failed-literal probing to a fixpoint on every open cell with
// at most probeCands candidates and, with probeBilocal, on every digit
// with exactly two places left in a unit. Each such group holds exactly
// one true (cell, digit) of every solution; probing places each member in
// turn and propagates singles. A branch that ends in a contradiction is
// impossible; any candidate that no surviving branch keeps is impossible
// too (every solution goes through one of the branches) and is removed —
// with one surviving branch that is everything the branch implies. After
// any removal singles run again; locked candidates and naked pairs run when
// a pass has nothing left to probe, and if they remove anything the pass
// starts over. While probing, singles takes hidden singles from per-unit
// digit counts kept up to date by place and elim (see count) instead of
// scanning every unit after each round, which makes a probe several times
// cheaper.
func (p *prop) probe() {
	p.count()
	defer func() { p.counted = false }()
	// First the two-candidate cells alone to a fixpoint, then, if cells
	// are left open, the wider groups (with the two-candidate cells again
	// once something has changed).
	p.probePass(2, false, false)
	if p.bad || p.solved() {
		return
	}
	if probeCands > 2 || probeBilocal {
		p.probePass(probeCands, probeBilocal, true)
	}
}

// probePass probes to a fixpoint the open cells with at most maxCands
// candidates and, with bilocal, the digits with two places in a unit. With
// skip2 the two-candidate cells are left out until a probe has removed
// something (they are already at their fixpoint). After probeBudget
// consecutive fruitless probes of wider cells in a pass, the pass probes
// no more of them. It reports whether it removed any candidate.
func (p *prop) probePass(maxCands int, bilocal, skip2 bool) bool {
	n2 := p.n * p.n
	var cells [64]int32
	var digits [64]uint8
	removed := false
	for again := true; again && !p.bad; {
		again = false
		misses := 0
		for cell := 0; cell < n2 && !p.bad; cell++ {
			c := p.cand[cell]
			k := bits.OnesCount64(c)
			if p.value[cell] != 0 || k > maxCands || k == 2 && skip2 {
				continue
			}
			wide := k > 2
			if wide && misses >= probeBudget {
				continue
			}
			k = 0
			for m := c; m != 0; m &= m - 1 {
				cells[k], digits[k] = int32(cell), uint8(bits.TrailingZeros64(m)+1)
				k++
			}
			if p.probeGroup(cells[:k], digits[:k]) {
				again, removed, skip2 = true, true, false
				misses = 0
			} else if wide {
				misses++
			}
		}
		if bilocal && p.probeBilocals(&cells, &digits) {
			again, removed = true, true
		}
		if again {
			skip2 = false
		} else if !p.bad && (p.locked() || p.nakedPairs()) {
			// Nothing left to probe: the subset rules, held back while
			// probing (see probeGroup), may still remove something.
			p.propagate(true)
			again, removed, skip2 = true, true, false
		}
	}
	return removed
}

// probeBilocals probes the digits with exactly two places left in a unit
// (cells and digits are scratch) and reports whether it removed any
// candidate.
func (p *prop) probeBilocals(cells *[64]int32, digits *[64]uint8) bool {
	removed := false
	for u := 0; u < len(p.g.Units) && !p.bad; u++ {
		unit := p.g.Units[u]
		need := p.full &^ p.done[u]
		var once, twice, thrice uint64
		for _, cell := range unit {
			if p.value[cell] == 0 {
				c := p.cand[cell]
				thrice |= twice & c
				twice |= once & c
				once |= c
			}
		}
		two := twice &^ thrice & need
		for two != 0 && !p.bad {
			d := bits.TrailingZeros64(two)
			two &= two - 1
			bit := uint64(1) << uint(d)
			k := 0
			for _, cell := range unit {
				if p.value[cell] == 0 && p.cand[cell]&bit != 0 && k < 2 {
					cells[k], digits[k] = int32(cell), uint8(d+1)
					k++
				}
			}
			if k != 2 || p.cand[cells[0]] == p.cand[cells[1]] && bits.OnesCount64(p.cand[cells[0]]) == 2 {
				continue // changed meanwhile, or a naked pair: nothing new
			}
			if p.probeGroup(cells[:k], digits[:k]) {
				removed = true
				break // the unit changed; its counts are stale
			}
		}
	}
	return removed
}

// probeGroup probes the placements (cells[i], digits[i]), of which every
// solution makes exactly one, and removes what no surviving branch keeps,
// then runs singles. It reports whether it removed any candidate (or found a
// contradiction).
func (p *prop) probeGroup(cells []int32, digits []uint8) bool {
	p.snapshot()
	alive := 0
	for i, cell := range cells {
		if p.cand[cell]&(1<<uint(digits[i]-1)) == 0 {
			continue // removed meanwhile: no solution takes this branch
		}
		p.place(int(cell), int(digits[i]))
		p.singles()
		if !p.bad {
			if alive == 0 {
				copy(p.union, p.cand)
			} else {
				for j, x := range p.cand {
					p.union[j] |= x
				}
			}
			alive++
		}
		p.restore()
	}
	if alive == 0 {
		p.bad = true
		return true
	}
	changed := false
	for i, x := range p.cand {
		if x&^p.union[i] != 0 {
			changed = p.elim(i, x&^p.union[i]) || changed
		}
	}
	if changed {
		// Singles only: locked candidates and naked pairs wait for the end
		// of the pass (see probePass), which is cheaper than running them
		// after every fruitful probe.
		p.singles()
	}
	return changed
}
