package fallback

// betweenProp keeps the inner cells of a between line strictly between
// its two ends, whichever end is the low one: each case (e0 low, e1 high,
// or the reverse) is narrowed by bounds to a fixpoint — the low end below
// every inner cell's largest digit, the high end above every inner cell's
// smallest, the inner cells strictly between the low end's smallest and
// the high end's largest — and each cell keeps the digits of the cases
// left. With every cell decided a case survives exactly when the line
// holds.
type betweenProp struct {
	e0, e1 int32
	inner  []int32
	xa, xb []uint64 // the inner masks of each case
}

func newBetweenProp(cells []int32) *betweenProp {
	inner := cells[1 : len(cells)-1]
	return &betweenProp{
		e0: cells[0], e1: cells[len(cells)-1], inner: inner,
		xa: make([]uint64, len(inner)), xb: make([]uint64, len(inner)),
	}
}

func (p *betweenProp) propagate(s *vsolver) bool {
	if len(p.inner) == 0 {
		return true // two circles with nothing between: no constraint
	}
	a0, a1 := p.narrow(s, s.cand[p.e0], s.cand[p.e1], p.xa)
	b1, b0 := p.narrow(s, s.cand[p.e1], s.cand[p.e0], p.xb)
	if !s.restrict(p.e0, a0|b0) || !s.restrict(p.e1, a1|b1) {
		return false
	}
	for i, c := range p.inner {
		if !s.restrict(c, p.xa[i]|p.xb[i]) {
			return false
		}
	}
	return true
}

// narrow narrows the case where the end with mask lo is below every inner
// cell and the end with mask hi above, filling x with the inner masks. An
// impossible case gives zero masks throughout.
func (p *betweenProp) narrow(s *vsolver, lo, hi uint64, x []uint64) (uint64, uint64) {
	for i, c := range p.inner {
		x[i] = s.cand[c]
	}
	for {
		if lo == 0 || hi == 0 {
			clear(x)
			return 0, 0
		}
		minHigh, maxLow := 65, 0
		for _, m := range x {
			minHigh = min(minHigh, highDigit(m))
			maxLow = max(maxLow, lowDigit(m))
		}
		nlo := lo & rangeMask(1, minHigh-1)
		nhi := hi & rangeMask(maxLow+1, 64)
		changed := nlo != lo || nhi != hi
		lo, hi = nlo, nhi
		if lo == 0 || hi == 0 {
			clear(x)
			return 0, 0
		}
		inside := rangeMask(lowDigit(lo)+1, highDigit(hi)-1)
		for i, m := range x {
			nm := m & inside
			if nm == 0 {
				clear(x)
				return 0, 0
			}
			if nm != m {
				x[i] = nm
				changed = true
			}
		}
		if !changed {
			return lo, hi
		}
	}
}
