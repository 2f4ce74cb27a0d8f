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
	// of a two-candidate cell is tried and propagated with singles; a
	// candidate whose propagation ends in a contradiction is removed, and
	// so is every candidate that both branches remove.
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
// removed any.
func (p *prop) nakedPairs() bool {
	changed := false
	for _, unit := range p.g.Units {
		for i, a := range unit {
			ca := p.cand[a]
			if p.value[a] != 0 || bits.OnesCount64(ca) != 2 {
				continue
			}
			for _, b := range unit[i+1:] {
				if p.value[b] != 0 || p.cand[b] != ca {
					continue
				}
				for _, x := range unit {
					if x != a && x != b {
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
}

// restore returns to the state saved by snapshot.
func (p *prop) restore() {
	copy(p.cand, p.sCand)
	copy(p.value, p.sValue)
	copy(p.done, p.sDone)
	p.queue = p.queue[:0]
	p.bad = false
}

// probe runs failed-literal probing on the two-candidate cells to a
// fixpoint. For a cell with candidates a and b, it places a and propagates
// singles, then does the same for b. A branch that ends in a contradiction
// proves the other digit; when both branches stand, any candidate that
// neither keeps is impossible (every solution goes through one of them)
// and is removed. After any removal the full propagation runs again.
func (p *prop) probe() {
	n2 := p.n * p.n
	for again := true; again && !p.bad; {
		again = false
		for cell := 0; cell < n2 && !p.bad; cell++ {
			c := p.cand[cell]
			if p.value[cell] != 0 || bits.OnesCount64(c) != 2 {
				continue
			}
			p.snapshot()
			alive := 0
			for m := c; m != 0; m &= m - 1 {
				p.place(cell, bits.TrailingZeros64(m)+1)
				p.singles()
				if !p.bad {
					if alive == 0 {
						copy(p.union, p.cand)
					} else {
						for i, x := range p.cand {
							p.union[i] |= x
						}
					}
					alive++
				}
				p.restore()
			}
			if alive == 0 {
				p.bad = true
				return
			}
			changed := false
			for i, x := range p.cand {
				if x&^p.union[i] != 0 {
					changed = p.elim(i, x&^p.union[i]) || changed
				}
			}
			if changed {
				again = true
				p.propagate(true)
			}
		}
	}
}
