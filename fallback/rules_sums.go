package fallback

import (
	"math/bits"
	"sync"
)

// Sums (killer cages, little killers, arrows and pills, double arrows,
// region-sum lines, zipper lines, sandwiches, x-sums) are pruned with the
// exact sets of totals the cells can make: a bitset of reachable sums,
// built cell by cell (dynamic programming over the masks, digits allowed to
// repeat), then walked back from the wanted totals to keep in each cell only
// the digits some wanted total uses. For one sum this is the exact
// (generalized arc consistent) pruning, ignoring only whether digits must
// differ; that is left to the peers, and for killer cages to the digit
// combinations of comboProp.

// sumDP holds the tables of one sum over up to cap cells with totals below
// 64·words.
type sumDP struct {
	words int
	f     []uint64 // f[i·words:(i+1)·words]: totals of the first i cells
	r, nr []uint64 // the totals that can still be completed, going back
	supp  []uint64 // the digits of each cell used by a wanted total
}

func newSumDP(cells, maxTotal int) *sumDP {
	w := maxTotal/64 + 1
	return &sumDP{
		words: w,
		f:     make([]uint64, (cells+1)*w),
		r:     make([]uint64, w),
		nr:    make([]uint64, w),
		supp:  make([]uint64, cells),
	}
}

// forward fills the prefix tables for the cell masks and returns the
// totals they can make (below 64·words; larger totals are dropped, which
// is sound as long as no wanted total is that large). The result aliases
// the tables: valid until the next forward.
func (d *sumDP) forward(masks []uint64) []uint64 {
	w := d.words
	f := d.f[:(len(masks)+1)*w]
	clear(f[:w])
	f[0] = 1
	for i, m := range masks {
		prev, cur := f[i*w:(i+1)*w], f[(i+1)*w:(i+2)*w]
		clear(cur)
		for ; m != 0; m &= m - 1 {
			shlOr(cur, prev, lowDigit(m))
		}
	}
	return f[len(masks)*w:]
}

// backward, after forward on the same masks, fills supp[i] with the digits
// of masks[i] that some total in want uses. It reports false if no total
// in want can be made.
func (d *sumDP) backward(masks []uint64, want []uint64) bool {
	w := d.words
	r, nr := d.r, d.nr
	copy(r, want)
	for i := len(masks) - 1; i >= 0; i-- {
		prev := d.f[i*w : (i+1)*w]
		var supp uint64
		clear(nr)
		for m := masks[i]; m != 0; m &= m - 1 {
			dg := lowDigit(m)
			if shlIntersects(prev, r, dg) {
				supp |= m & -m
				shrOr(nr, r, dg)
			}
		}
		if supp == 0 {
			return false
		}
		d.supp[i] = supp
		r, nr = nr, r
	}
	return true
}

// shlOr sets dst |= src << k, dropping the bits shifted past dst's end.
func shlOr(dst, src []uint64, k int) {
	ws, bs := k/64, uint(k%64)
	for i := len(dst) - 1; i >= ws; i-- {
		v := src[i-ws] << bs
		if bs != 0 && i-ws-1 >= 0 {
			v |= src[i-ws-1] >> (64 - bs)
		}
		dst[i] |= v
	}
}

// shrOr sets dst |= src >> k.
func shrOr(dst, src []uint64, k int) {
	ws, bs := k/64, uint(k%64)
	for i := 0; i+ws < len(src); i++ {
		v := src[i+ws] >> bs
		if bs != 0 && i+ws+1 < len(src) {
			v |= src[i+ws+1] << (64 - bs)
		}
		dst[i] |= v
	}
}

// shlIntersects reports whether (a << k) & b is not empty.
func shlIntersects(a, b []uint64, k int) bool {
	ws, bs := k/64, uint(k%64)
	for i := len(b) - 1; i >= ws; i-- {
		v := a[i-ws] << bs
		if bs != 0 && i-ws-1 >= 0 {
			v |= a[i-ws-1] >> (64 - bs)
		}
		if v&b[i] != 0 {
			return true
		}
	}
	return false
}

// sumGroup is a group of cells whose digits add up, or, for a pill, a
// circle whose digits read one after the other as a decimal number.
type sumGroup struct {
	cells []int32
	pill  bool
}

// sumProp makes every group reach the same total, and that total target
// when target ≥ 0: a killer or little killer is one group with a target,
// an arrow its circle and its shaft, a double arrow its ends and its
// middle, a region-sum line its segments, a zipper line its mirrored pairs
// and its centre.
type sumProp struct {
	groups     []sumGroup
	target     int
	impossible bool // the target is above what the plain groups can make
	dps        []*sumDP
	masks      [][]uint64
	common     []uint64
	// pill enumeration scratch
	pillSupp []uint64
	pillDig  []int
}

// maxPillWork bounds the digit combinations of a pill enumerated per
// propagation; beyond it the pill is left unpruned until more is known.
const maxPillWork = 1 << 12

// newSumProp builds the propagator for groups on a board of side n;
// target < 0 means the total is free. At least one group must be plain
// (not a pill), which bounds the totals.
func newSumProp(n int, groups []sumGroup, target int) *sumProp {
	maxTotal := 1 << 30
	maxCells := 0
	for _, g := range groups {
		if !g.pill {
			maxTotal = min(maxTotal, n*len(g.cells))
		}
		maxCells = max(maxCells, len(g.cells))
	}
	p := &sumProp{groups: groups, target: target}
	if target > maxTotal {
		p.impossible = true
	} else if target >= 0 {
		maxTotal = target
	}
	for _, g := range groups {
		p.dps = append(p.dps, newSumDP(len(g.cells), maxTotal))
		p.masks = append(p.masks, make([]uint64, len(g.cells)))
	}
	p.common = make([]uint64, maxTotal/64+1)
	p.pillSupp = make([]uint64, maxCells)
	p.pillDig = make([]int, maxCells)
	return p
}

func (p *sumProp) cells() []int32 {
	var out []int32
	for _, g := range p.groups {
		out = append(out, g.cells...)
	}
	return out
}

func (p *sumProp) propagate(s *vsolver) bool {
	if p.impossible {
		return false
	}
	common := p.common
	for i := range common {
		common[i] = ^uint64(0)
	}
	if p.target >= 0 {
		clear(common)
		common[p.target/64] = 1 << (p.target % 64)
	}
	for gi, g := range p.groups {
		for i, c := range g.cells {
			p.masks[gi][i] = s.cand[c]
		}
		var reach []uint64
		if g.pill {
			reach = p.pillReach(gi)
		} else {
			reach = p.dps[gi].forward(p.masks[gi])
		}
		empty := true
		for i := range common {
			common[i] &= reach[i]
			if common[i] != 0 {
				empty = false
			}
		}
		if empty {
			return false
		}
	}
	for gi, g := range p.groups {
		var supp []uint64
		if g.pill {
			if !p.pillSupport(gi) {
				return false
			}
			supp = p.pillSupp
		} else {
			dp := p.dps[gi]
			if !dp.backward(p.masks[gi], common) {
				return false
			}
			supp = dp.supp
		}
		for i, c := range g.cells {
			if !s.restrict(c, supp[i]) {
				return false
			}
		}
	}
	return true
}

// pillWork returns the number of digit combinations of group gi's masks,
// capped just above maxPillWork.
func (p *sumProp) pillWork(gi int) int {
	work := 1
	for _, m := range p.masks[gi] {
		work *= bits.OnesCount64(m)
		if work > maxPillWork {
			return work
		}
	}
	return work
}

// pillReach returns the numbers pill group gi can read (within the
// common bitset's range), in the group's dp.r scratch.
func (p *sumProp) pillReach(gi int) []uint64 {
	reach := p.dps[gi].r[:len(p.common)]
	clear(reach)
	limit := len(p.common) * 64
	if p.pillWork(gi) > maxPillWork {
		// Too many combinations to list: every number between the
		// smallest and the largest reading (a reading grows with each
		// digit) stays possible.
		lo, hi := 0, 0
		for _, m := range p.masks[gi] {
			lo = appendDigit(lo, lowDigit(m))
			hi = appendDigit(hi, highDigit(m))
		}
		for v := lo; v <= min(hi, limit-1); v++ {
			reach[v/64] |= 1 << (v % 64)
		}
		return reach
	}
	p.walkPill(p.masks[gi], 0, 0, limit, func(v int) { reach[v/64] |= 1 << (v % 64) })
	return reach
}

// pillSupport keeps in pillSupp the digits of each cell of pill group gi
// that read a number in common. It reports false if none does.
func (p *sumProp) pillSupport(gi int) bool {
	masks := p.masks[gi]
	supp := p.pillSupp[:len(masks)]
	if p.pillWork(gi) > maxPillWork {
		copy(supp, masks)
		return true
	}
	clear(supp)
	found := false
	p.walkPill(masks, 0, 0, len(p.common)*64, func(v int) {
		if p.common[v/64]&(1<<(v%64)) == 0 {
			return
		}
		found = true
		for i := range masks {
			supp[i] |= digitMask(p.pillDig[i])
		}
	})
	return found
}

// walkPill calls fn with every reading below limit of the digits of
// masks[i:] appended to v, the digits chosen in pillDig.
func (p *sumProp) walkPill(masks []uint64, i, v, limit int, fn func(v int)) {
	if v >= limit {
		return // readings only grow
	}
	if i == len(masks) {
		fn(v)
		return
	}
	for m := masks[i]; m != 0; m &= m - 1 {
		d := lowDigit(m)
		p.pillDig[i] = d
		p.walkPill(masks, i+1, appendDigit(v, d), limit, fn)
	}
}

// appendDigit returns v with the decimal digits of d ≥ 1 written after it:
// appendDigit(1, 3) = 13, appendDigit(1, 12) = 112 (a pill's reading).
func appendDigit(v, d int) int {
	p := 10
	for x := d; x >= 10; x /= 10 {
		p *= 10
	}
	if v > (1<<40)/p {
		return 1 << 40 // far beyond any sum of digits
	}
	return v*p + d
}

// comboProp makes its cells hold exactly the digits of one of combos, all
// different: the digit sets of a killer cage's sum, or the runs of a
// renban line. A combination stays while every cell can take one of its
// digits and the cells can take all its digits at once (a matching); each
// cell keeps the digits of the combinations left, and a digit that every
// combination needs and only one cell can take goes there.
type comboProp struct {
	cells  []int32
	combos []uint64
	masks  []uint64
}

func newComboProp(cells []int32, combos []uint64) *comboProp {
	return &comboProp{cells: cells, combos: combos, masks: make([]uint64, len(cells))}
}

func (p *comboProp) propagate(s *vsolver) bool {
	var avail uint64
	for _, c := range p.cells {
		avail |= s.cand[c]
	}
	var union uint64
	need := ^uint64(0)
	for _, m := range p.combos {
		if m&^avail != 0 {
			continue
		}
		ok := true
		for i, c := range p.cells {
			p.masks[i] = s.cand[c] & m
			if p.masks[i] == 0 {
				ok = false
				break
			}
		}
		if !ok || !matchAll(p.masks) {
			continue
		}
		union |= m
		need &= m
	}
	if union == 0 {
		return false
	}
	for _, c := range p.cells {
		if !s.restrict(c, union) {
			return false
		}
	}
	for ; need != 0; need &= need - 1 {
		bit := need & -need
		place := int32(-1)
		for _, c := range p.cells {
			if s.cand[c]&bit != 0 {
				if place >= 0 {
					place = -2
					break
				}
				place = c
			}
		}
		switch {
		case place == -1:
			return false
		case place >= 0:
			if !s.restrict(place, bit) {
				return false
			}
		}
	}
	return true
}

// distinctProp fails when its cells, which must all differ, cannot take
// different digits at once (the peers alone see only decided cells).
type distinctProp struct {
	cells []int32
	masks []uint64
}

func (p *distinctProp) propagate(s *vsolver) bool {
	for i, c := range p.cells {
		p.masks[i] = s.cand[c]
	}
	return matchAll(p.masks)
}

// matchAll reports whether the cells with these masks can take different
// digits at once (a matching of cells to digits covering every cell), by
// augmenting paths.
func matchAll(masks []uint64) bool {
	if len(masks) > 64 {
		return false
	}
	var owner [64]int8 // digit bit → cell index + 1
	for i := range masks {
		var seen uint64
		if !augment(i, masks, &owner, &seen) {
			return false
		}
	}
	return true
}

func augment(i int, masks []uint64, owner *[64]int8, seen *uint64) bool {
	for m := masks[i] &^ *seen; m != 0; m &= m - 1 {
		d := bits.TrailingZeros64(m)
		if *seen&(1<<d) != 0 {
			continue
		}
		*seen |= 1 << d
		if owner[d] == 0 || augment(int(owner[d]-1), masks, owner, seen) {
			owner[d] = int8(i + 1)
			return true
		}
	}
	return false
}

// maxCombos bounds the combinations a cage keeps as a list; a cage with
// more (only on large boards) is pruned by its sum alone.
const maxCombos = 4096

type comboKey struct{ n, k, sum int }

var comboCache sync.Map // comboKey → []uint64

// sumCombos returns the sets of k different digits of 1..n that add up to
// sum, or false if there are more than maxCombos.
func sumCombos(n, k, sum int) ([]uint64, bool) {
	key := comboKey{n, k, sum}
	if v, ok := comboCache.Load(key); ok {
		out := v.([]uint64)
		if len(out) > maxCombos {
			return nil, false
		}
		return out, true
	}
	var out []uint64
	tooMany := false
	var rec func(next, left, rest int, m uint64)
	rec = func(next, left, rest int, m uint64) {
		if tooMany {
			return
		}
		if left == 0 {
			if rest == 0 {
				out = append(out, m)
				tooMany = len(out) > maxCombos
			}
			return
		}
		// the smallest and largest sums of left digits from next..n
		lo := left*next + left*(left-1)/2
		hi := left*n - left*(left-1)/2
		if rest < lo || rest > hi {
			return
		}
		for d := next; d <= n-left+1; d++ {
			rec(d+1, left-1, rest-d, m|digitMask(d))
		}
	}
	rec(1, k, sum, 0)
	if tooMany {
		comboCache.Store(key, out)
		return nil, false
	}
	if out == nil {
		out = []uint64{}
	}
	comboCache.Store(key, out)
	return out, true
}
