package fallback

import "math/bits"

// quadProp makes the cells around a grid point hold the listed digits
// (each as often as it is listed): a digit stays in a cell when the listed
// digits left over can still go into the other cells, one each. With ≤ 4
// cells the matchings are tried outright.
type quadProp struct {
	cells []int32
	need  []int // the listed digits, sorted
	slots []int // scratch: the listed digits still to place
}

func newQuadProp(cells []int32, digits []int) *quadProp {
	need := append([]int(nil), digits...)
	for i := 1; i < len(need); i++ { // insertion sort: at most 4
		for j := i; j > 0 && need[j] < need[j-1]; j-- {
			need[j], need[j-1] = need[j-1], need[j]
		}
	}
	return &quadProp{cells: cells, need: need, slots: make([]int, len(need))}
}

func (p *quadProp) propagate(s *vsolver) bool {
	for xi, x := range p.cells {
		// Can the other cells hold every listed digit? Then x is free.
		var supp uint64
		if p.cover(s, p.need, xi, 0) {
			supp = s.cand[x]
		} else {
			for i, d := range p.need {
				if i > 0 && p.need[i-1] == d {
					continue
				}
				if s.cand[x]&digitMask(d) == 0 {
					continue
				}
				rest := p.slots[:0]
				rest = append(rest, p.need[:i]...)
				rest = append(rest, p.need[i+1:]...)
				if p.cover(s, rest, xi, 0) {
					supp |= digitMask(d)
				}
			}
		}
		if !s.restrict(x, supp) {
			return false
		}
	}
	return true
}

// cover reports whether the digits of slots can go into distinct cells of
// the quadruple other than cell skip and those in used (a bit per cell
// index), each into a cell that can hold it.
func (p *quadProp) cover(s *vsolver, slots []int, skip int, used uint) bool {
	if len(slots) == 0 {
		return true
	}
	bit := digitMask(slots[0])
	for i, c := range p.cells {
		if i == skip || used&(1<<i) != 0 || s.cand[c]&bit == 0 {
			continue
		}
		if p.cover(s, slots[1:], skip, used|1<<i) {
			return true
		}
	}
	return false
}

// sandwichProp: in a full row or column, the digits between the 1 and the
// N sum to sum. Every placement of the two crusts that the masks allow is
// tried; the cells between keep the digits of a total equal to sum (sumDP,
// crusts excluded), the cells outside keep any digit but the crusts, and
// each cell keeps the union over the placements left. The sets of digits
// between are also enumerated (when sumCombos can list them): a set fits
// a placement when the cells between can hold each of its digits and the
// cells outside have enough of the other digits; the cells outside keep
// only digits that some fitting set leaves out (a digit every fitting set
// holds is between the crusts, so nowhere outside), and the cells between
// only digits of some fitting set.
type sandwichProp struct {
	line []int32
	sum  int
	dp   *sumDP
	want []uint64
	mids []uint64
	supp []uint64
	// combos[k] lists the sets of k digits between the crusts that sum
	// to sum, each digit one lower (sumCombos' sets of 1..N−2), or is
	// nil when there are too many to list.
	combos [][]uint64
}

func newSandwichProp(n int, line []int32, sum int) *sandwichProp {
	p := &sandwichProp{line: line, sum: sum, dp: newSumDP(n, sum)}
	p.want = make([]uint64, p.dp.words)
	p.want[sum/64] = 1 << (sum % 64)
	p.mids = make([]uint64, n)
	p.supp = make([]uint64, n)
	if n >= 3 {
		p.combos = make([][]uint64, n-1)
		for k := range p.combos {
			// Sets of k digits of 2..N−1 summing to sum are those of
			// 1..N−2 summing to sum − k, each digit one higher.
			sets, ok := sumCombos(n-2, k, sum-k)
			if !ok {
				p.combos = nil // too many to list: the DP alone
				break
			}
			p.combos[k] = sets
		}
	}
	return p
}

// outside returns, for the crusts at a < b, the digits the cells outside
// may hold and those the cells between may hold, by the digit sets that
// fit (see sandwichProp), and false when none fits.
func (p *sandwichProp) outside(s *vsolver, a, b int, crusts uint64) (out, in uint64, ok bool) {
	var inner, outer uint64
	for _, c := range p.line[a+1 : b] {
		inner |= s.cand[c]
	}
	nOuter := 0
	for k, c := range p.line {
		if k < a || k > b {
			outer |= s.cand[c]
			nOuter++
		}
	}
	inner &^= crusts
	outer &^= crusts
	for _, low := range p.combos[b-a-1] {
		set := low << 1
		if set&^inner != 0 || bits.OnesCount64(outer&^set) < nOuter {
			continue
		}
		ok = true
		out |= ^set
		in |= set
	}
	return out, in, ok
}

func (p *sandwichProp) propagate(s *vsolver) bool {
	n := len(p.line)
	one, top := digitMask(1), digitMask(n)
	crusts := one | top
	clear(p.supp)
	found := false
	for i, ci := range p.line {
		if s.cand[ci]&one == 0 {
			continue
		}
		for j, cj := range p.line {
			if j == i || s.cand[cj]&top == 0 {
				continue
			}
			a, b := min(i, j), max(i, j)
			if p.combos != nil && len(p.combos[b-a-1]) == 0 {
				continue // no set of b−a−1 digits sums to p.sum
			}
			between := p.line[a+1 : b]
			out, in := ^uint64(0), ^uint64(0)
			if p.combos != nil {
				var ok bool
				if out, in, ok = p.outside(s, a, b, crusts); !ok {
					continue
				}
			}
			if !p.fits(s, between, crusts) {
				continue
			}
			found = true
			p.supp[i] |= one
			p.supp[j] |= top
			for k := range between {
				p.supp[a+1+k] |= p.dp.supp[k] & in
			}
			for k, c := range p.line {
				if k < a || k > b {
					p.supp[k] |= s.cand[c] &^ crusts & out
				}
			}
		}
	}
	if !found {
		return false
	}
	for k, c := range p.line {
		if !s.restrict(c, p.supp[k]) {
			return false
		}
	}
	return true
}

// fits reports whether the cells between the crusts can sum to p.sum
// without a crust digit, leaving the digits used in p.dp.supp.
func (p *sandwichProp) fits(s *vsolver, between []int32, crusts uint64) bool {
	k := len(between)
	if k == 0 {
		return p.sum == 0
	}
	// Different digits 2..N−1: at least 2+…+(k+1), at most (N−1)+…+(N−k).
	n := len(p.line)
	if lo, hi := k*(k+3)/2, k*(2*n-k-1)/2; p.sum < lo || p.sum > hi {
		return false
	}
	masks := p.mids[:k]
	for i, c := range between {
		masks[i] = s.cand[c] &^ crusts
		if masks[i] == 0 {
			return false
		}
	}
	p.dp.forward(masks)
	return p.dp.backward(masks, p.want)
}

// xsumProp: the first X cells of a full row or column, X the digit in the
// first, sum to sum. Every X the first cell allows is tried: the cells
// after it up to the X-th keep the digits of a total of sum − X (sumDP),
// the cells beyond keep their masks, and each cell keeps the union over
// the values of X left.
type xsumProp struct {
	line  []int32
	sum   int
	dp    *sumDP
	want  []uint64
	masks []uint64
	supp  []uint64
}

func newXsumProp(n int, line []int32, sum int) *xsumProp {
	p := &xsumProp{line: line, sum: sum, dp: newSumDP(n, sum)}
	p.want = make([]uint64, p.dp.words)
	p.masks = make([]uint64, n)
	p.supp = make([]uint64, n)
	return p
}

func (p *xsumProp) propagate(s *vsolver) bool {
	clear(p.supp)
	found := false
	for m := s.cand[p.line[0]]; m != 0; m &= m - 1 {
		x := lowDigit(m)
		rest := p.sum - x
		if rest < 0 || x > len(p.line) {
			continue
		}
		cells := p.line[1:x]
		if len(cells) == 0 {
			if rest != 0 {
				continue
			}
		} else {
			masks := p.masks[:len(cells)]
			for i, c := range cells {
				masks[i] = s.cand[c] &^ digitMask(x) // x is already in the line
			}
			clear(p.want)
			p.want[rest/64] = 1 << (rest % 64)
			p.dp.forward(masks)
			if !p.dp.backward(masks, p.want) {
				continue
			}
			for i := range cells {
				p.supp[1+i] |= p.dp.supp[i]
			}
		}
		found = true
		p.supp[0] |= m & -m
		for k := x; k < len(p.line); k++ {
			p.supp[k] |= s.cand[p.line[k]]
		}
	}
	if !found {
		return false
	}
	for k, c := range p.line {
		if !s.restrict(c, p.supp[k]) {
			return false
		}
	}
	return true
}

// skyscraperProp: seen from the clue, count digits of a full row or column
// are higher than all before them. A dynamic program over the line tracks
// the states (highest digit so far, digits seen so far): forward from the
// clue, backward from the far end, where the highest must be N (the line
// holds every digit) and the count the clue's. A digit stays in a cell when
// it leads from a state reachable before it to one that can still finish;
// a digit equal to the highest so far is no step, the line's digits
// differ.
//
// Each cell's step takes one pass over the highest digit (prefix and
// suffix unions of the states, bit sets of counts) rather than a pass per
// candidate: the propagator took 80–89 % of the backtracker's time on
// Interactive Sudoku Solver's "Skyscaper 2-3" with the pass per candidate.
type skyscraperProp struct {
	line  []int32
	count int
	// f[k·(n+1)+m], b[k·(n+1)+m]: bit c−1 for c digits seen, after k
	// cells, the highest being m
	f, b []uint64
	// above[m] (scratch): the union over tops above m of the states both
	// reachable before a cell and finishing after it.
	above []uint64
}

func newSkyscraperProp(n int, line []int32, count int) *skyscraperProp {
	return &skyscraperProp{line: line, count: count,
		f: make([]uint64, (n+1)*(n+1)), b: make([]uint64, (n+1)*(n+1)), above: make([]uint64, n+2)}
}

func (p *skyscraperProp) propagate(s *vsolver) bool {
	n := len(p.line)
	w := n + 1
	f, b := p.f, p.b
	if p.count > 64 {
		return false
	}
	// After the first cell: its digit seen, count 1.
	clear(f[w : 2*w])
	for m := s.cand[p.line[0]]; m != 0; m &= m - 1 {
		f[w+lowDigit(m)] = 1
	}
	for k := 1; k < n; k++ {
		cur, next := f[k*w:(k+1)*w], f[(k+1)*w:(k+2)*w]
		cand := s.cand[p.line[k]]
		// A digit d above the highest so far (top) is seen: next[d] gets
		// the states of every top below d, one count more; a digit below
		// top keeps the state.
		var below uint64 // the union of cur[top] for top < the loop's top
		for top := 1; top <= n; top++ {
			var st uint64
			bit := uint64(1) << (top - 1)
			if cand&bit != 0 {
				st = below << 1
			}
			if cand&(bit-1) != 0 {
				st |= cur[top]
			}
			next[top] = st
			below |= cur[top]
		}
	}
	clear(b[n*w : (n+1)*w])
	b[n*w+n] = 1 << (p.count - 1)
	for k := n - 1; k >= 1; k-- {
		cur, next := b[k*w:(k+1)*w], b[(k+1)*w:(k+2)*w]
		cand := s.cand[p.line[k]]
		var over uint64 // the union of next[d]>>1 for candidates d > top
		for top := n; top >= 1; top-- {
			bit := uint64(1) << (top - 1)
			ok := over
			if cand&(bit-1) != 0 {
				ok |= next[top]
			}
			cur[top] = ok
			if cand&bit != 0 {
				over |= next[top] >> 1
			}
		}
	}
	// The first cell: count 1 with its digit as the highest.
	var supp uint64
	for m := s.cand[p.line[0]]; m != 0; m &= m - 1 {
		if b[w+lowDigit(m)]&1 != 0 {
			supp |= m & -m
		}
	}
	if !s.restrict(p.line[0], supp) {
		return false
	}
	above := p.above
	for k := 1; k < n; k++ {
		cur, next := f[k*w:(k+1)*w], b[(k+1)*w:(k+2)*w]
		cand := s.cand[p.line[k]]
		// d below top: the state (top, seen) must finish as it is.
		above[n] = 0
		for top := n; top >= 1; top-- {
			above[top-1] = above[top] | cur[top]&next[top]
		}
		// d above every top so far: (d, seen+1) must finish.
		var supp, below uint64
		for d := 1; d <= n; d++ {
			bit := uint64(1) << (d - 1)
			if cand&bit != 0 && (below&(next[d]>>1) != 0 || above[d] != 0) {
				supp |= bit
			}
			below |= cur[d]
		}
		if !s.restrict(p.line[k], supp) {
			return false
		}
	}
	return true
}
