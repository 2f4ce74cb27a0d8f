package propagate

import "math/bits"

// probeCands is the largest number of candidates of a cell whose digits
// probe tries; probeBudget is how many fruitless probes of cells with more
// than two candidates a pass tolerates in a row before it stops probing
// them (on the hardest puzzles they find nothing and would only cost).
const (
	probeCands  = 3
	probeBudget = 8
)

// snapshot saves the propagation state (at a fixpoint: the queue is empty).
func (p *Propagator) snapshot() {
	copy(p.sCand, p.cand)
	copy(p.sValue, p.value)
	copy(p.sDone, p.done)
	copy(p.sCnt, p.cnt)
}

// restore returns to the state saved by snapshot.
func (p *Propagator) restore() {
	copy(p.cand, p.sCand)
	copy(p.value, p.sValue)
	copy(p.done, p.sDone)
	copy(p.cnt, p.sCnt)
	p.queue = p.queue[:0]
	p.hidden = p.hidden[:0]
	p.bad = false
}

// probe runs failed-literal probing to a fixpoint on every open cell with
// at most probeCands candidates. The candidates of a cell hold exactly one
// true (cell, digit) of every solution; probing places each in turn and
// propagates singles. A branch that ends in a contradiction is impossible;
// any candidate that no surviving branch keeps is impossible too (every
// solution goes through one of the branches) and is removed — with one
// surviving branch that is everything the branch implies. After any
// removal singles run again; locked candidates and naked pairs run when a
// pass has nothing left to probe, and if they remove anything the pass
// starts over. While probing, singles takes hidden singles from per-unit
// digit counts kept up to date by place and elim (see count) instead of
// scanning every unit after each round, which makes a probe several times
// cheaper.
func (p *Propagator) probe() {
	p.count()
	defer func() { p.counted = false }()
	// First the two-candidate cells alone to a fixpoint, then, if cells
	// are left open, the wider ones (with the two-candidate cells again
	// once something has changed).
	p.probePass(2, false)
	if p.bad || p.solved() {
		return
	}
	p.probePass(probeCands, true)
}

// probePass probes to a fixpoint the open cells with at most maxCands
// candidates. With skip2 the two-candidate cells are left out until a
// probe has removed something (they are already at their fixpoint). After
// probeBudget consecutive fruitless probes of wider cells in a pass, the
// pass probes no more of them. It reports whether it removed any
// candidate.
func (p *Propagator) probePass(maxCands int, skip2 bool) bool {
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
		if !again && !p.bad && (p.locked() || p.nakedPairs()) {
			// Nothing left to probe: the subset rules, held back while
			// probing (see probeGroup), may still remove something.
			p.propagate(true)
			again, removed, skip2 = true, true, false
		}
	}
	return removed
}

// probeGroup probes the placements (cells[i], digits[i]), of which every
// solution makes exactly one, and removes what no surviving branch keeps,
// then runs singles. It reports whether it removed any candidate (or found a
// contradiction).
func (p *Propagator) probeGroup(cells []int32, digits []uint8) bool {
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
