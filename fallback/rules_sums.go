package fallback

import (
	"math/bits"
	"slices"
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
	if w == 1 { // totals below 64 (most): one word a cell, no calls
		f := d.f[:len(masks)+1]
		t := uint64(1)
		f[0] = t
		for i, m := range masks {
			var cur uint64
			for ; m != 0; m &= m - 1 {
				cur |= t << uint(lowDigit(m)) // 0 from a shift of 64 or more
			}
			f[i+1], t = cur, cur
		}
		return f[len(masks):]
	}
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
	if w == 1 {
		r := want[0]
		for i := len(masks) - 1; i >= 0; i-- {
			prev := d.f[i]
			var supp, nr uint64
			for m := masks[i]; m != 0; m &= m - 1 {
				dg := uint(lowDigit(m))
				if (prev<<dg)&r != 0 {
					supp |= m & -m
					nr |= r >> dg
				}
			}
			if supp == 0 {
				return false
			}
			d.supp[i] = supp
			r = nr
		}
		return true
	}
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
	if len(dst) == 1 {
		if k < 64 {
			dst[0] |= src[0] << k
		}
		return
	}
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
	if len(src) == 1 {
		if k < 64 {
			dst[0] |= src[0] >> k
		}
		return
	}
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
	if len(b) == 1 {
		return k < 64 && (a[0]<<k)&b[0] != 0
	}
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
	// offset is added to the group's total before it is matched with the
	// others' (a plain group only): Σ outies = Σ innies + k is the groups
	// outies and innies with offset k.
	offset int

	cliques []*clique // the cells cut into groups of peers (finish)
	prefix  []uint64  // prefix[i·w:(i+1)·w]: totals of the first i cliques
}

// clique is part of a sum group whose cells are all peers, so hold
// different digits: its totals are sums of different digits.
type clique struct {
	cells   []int32
	masks   []uint64
	dp      *sumDP   // the totals with digits allowed to repeat, cell by cell
	dist    []uint64 // dist[j·w:(j+1)·w]: sums of j different digits
	reach   []uint64 // the totals the clique can make
	allowed []uint64 // the totals that fit the rest of the group
	// combos[t] lists the sets of different digits with total t (nil
	// when the board is too large or a total has too many).
	combos [][]uint64
}

// sumProp makes every group reach the same total (its own plus its
// offset), and that total target when target ≥ 0: a killer or little
// killer is one group with a target, an arrow its circle and its shaft, a
// double arrow its ends and its middle, a region-sum line its segments, a
// zipper line its mirrored pairs and its centre, and the rule of 45 a
// killer's outies and its innies, one of them offset (cageInnies).
//
// Each plain group is cut into cliques of peers (cells in one row, column,
// region or cage). A clique's totals are those its cells can make digit by
// digit that are also sums of as many different digits of the clique's
// masks; the group's totals are the sums of one total per clique. The
// totals every group can make are the common ones; walking back, each
// clique keeps the totals that fit a common one with the other cliques,
// and each cell the digits those totals use. When a clique is left with
// few totals, the digit combinations of those totals prune it as a killer
// cage's do.
type sumProp struct {
	n          int
	groups     []sumGroup
	target     int
	impossible bool // the target is above what the plain groups can make
	pills      bool // some group is a pill
	// looseBounds (two plain groups) skips the propagation while the
	// bounds of the two sides leave every cell's extremes possible
	// (looseTwo), as loose does for one group with a target.
	looseBounds bool
	words       int
	common      []uint64
	back, next  []uint64
	// scratch
	pillMasks []uint64
	pillSupp  []uint64
	pillDig   []int
	pillReach []uint64
	comboMask []uint64
	dsums     *[10][1 << 9]uint64 // distinctSums(), once used
}

// maxPillWork bounds the digit combinations of a pill enumerated per
// propagation; beyond it the pill is left unpruned until more is known.
const maxPillWork = 1 << 12

// maxCliqueCombos is the most totals a clique may have left for its digit
// combinations to be tried.
const maxCliqueCombos = 4

// newSumProp returns the propagator for groups on a board of side n;
// target < 0 means the total is free. At least one group must be plain
// (not a pill), which bounds the totals. It is ready once finish has cut
// the groups into cliques.
func newSumProp(n int, groups []sumGroup, target int) *sumProp {
	maxTotal := 1 << 30
	for _, g := range groups {
		if !g.pill {
			maxTotal = min(maxTotal, n*len(g.cells)+g.offset)
		}
	}
	p := &sumProp{n: n, groups: groups, target: target}
	for _, g := range groups {
		p.pills = p.pills || g.pill
	}
	if target > maxTotal {
		p.impossible = true
	} else if target >= 0 {
		maxTotal = target
	}
	p.words = maxTotal/64 + 1
	return p
}

// dropHouses takes out of each plain group every house it holds whole
// (houses: groups of N distinct cells, which hold 1…N), adding the
// house's total, N(N+1)/2, to the group's offset instead. The sum is the
// same in every grid that keeps the houses, and no pruning is lost (a
// whole house is a clique of one total), but a long sum (an arrow's shaft
// over eight rows, a line sum across the grid) then costs a few cells a
// propagation instead of every cell of those houses. A group is never
// left empty. It runs before finish.
func (p *sumProp) dropHouses(houses [][]int32) {
	n := p.n
	full := n * (n + 1) / 2
	changed := false
	for gi := range p.groups {
		g := &p.groups[gi]
		if g.pill || len(g.cells) <= n {
			continue
		}
		in := make(map[int32]bool, len(g.cells))
		for _, c := range g.cells {
			in[c] = true
		}
		for _, h := range houses {
			if len(h) != n || len(in) == n || !allIn(h, in) {
				continue
			}
			for _, c := range h {
				delete(in, c)
			}
			g.offset += full
			changed = true
		}
		if changed {
			g.cells = slices.DeleteFunc(slices.Clone(g.cells), func(c int32) bool { return !in[c] })
		}
	}
	if !changed || p.impossible || p.target >= 0 {
		return
	}
	maxTotal := 1 << 30
	for _, g := range p.groups {
		if !g.pill {
			maxTotal = min(maxTotal, n*len(g.cells)+g.offset)
		}
	}
	p.words = maxTotal/64 + 1
}

// allIn reports whether every cell of h is in set.
func allIn(h []int32, set map[int32]bool) bool {
	for _, c := range h {
		if !set[c] {
			return false
		}
	}
	return true
}

func (p *sumProp) cells() []int32 {
	var out []int32
	for _, g := range p.groups {
		out = append(out, g.cells...)
	}
	return out
}

// finish cuts each plain group into cliques and allocates the tables.
// The cliques are taken greedily from units, the groups of cells that must
// differ (rows, columns, regions, diagonals, cages, ...): again and again
// the unit holding most of the cells not yet in a clique, so that the
// cliques are large and their sums of different digits tight (a long arrow
// through four boxes is bounded by its four box segments); cells left over
// join a clique whose cells are all their peers, or form their own.
func (p *sumProp) finish(units [][]int32, peer func(a, b int32) bool) {
	w := p.words
	p.common = make([]uint64, w)
	p.back = make([]uint64, w)
	p.next = make([]uint64, w)
	p.pillReach = make([]uint64, w)
	maxCells := 0
	for gi := range p.groups {
		g := &p.groups[gi]
		maxCells = max(maxCells, len(g.cells))
		if g.pill {
			continue
		}
		for _, cells := range partition(g.cells, units, peer) {
			k := len(cells)
			q := &clique{
				cells:   cells,
				masks:   make([]uint64, k),
				dp:      newSumDP(k, w*64-1),
				dist:    make([]uint64, (k+1)*w),
				reach:   make([]uint64, w),
				allowed: make([]uint64, w),
			}
			if k >= 2 && p.n <= 16 {
				q.combos = make([][]uint64, k*p.n+1)
				for t := range q.combos {
					combos, ok := sumCombos(p.n, k, t)
					if !ok {
						q.combos = nil
						break
					}
					q.combos[t] = combos
				}
			}
			g.cliques = append(g.cliques, q)
		}
		g.prefix = make([]uint64, (len(g.cliques)+1)*w)
	}
	p.pillMasks = make([]uint64, maxCells)
	p.pillSupp = make([]uint64, maxCells)
	p.pillDig = make([]int, maxCells)
	p.comboMask = make([]uint64, 2*maxCells)
}

// partition cuts cells into cliques of peers: first the largest
// intersections with units, then greedily by peers.
func partition(cells []int32, units [][]int32, peer func(a, b int32) bool) [][]int32 {
	left := slices.Clone(cells)
	var out [][]int32
	// inLeft marks the cells left (by index, up to the largest of cells),
	// so that a unit's share is counted in one pass over the unit: the
	// derived sums call this on many sets of cells while a puzzle is built.
	size := 0
	for _, c := range cells {
		size = max(size, int(c)+1)
	}
	inLeft := make([]bool, size)
	for _, c := range left {
		inLeft[c] = true
	}
	for len(left) > 1 {
		bestUnit, bestCount := -1, 0
		for ui, u := range units {
			k := 0
			for _, c := range u {
				if int(c) < size && inLeft[c] {
					k++
				}
			}
			if k > bestCount {
				bestUnit, bestCount = ui, k
			}
		}
		if bestCount < 2 {
			break
		}
		var best []int32
		for _, c := range left {
			if slices.Contains(units[bestUnit], c) {
				best = append(best, c)
				inLeft[c] = false
			}
		}
		out = append(out, best)
		left = slices.DeleteFunc(left, func(c int32) bool { return !inLeft[c] })
	}
	var rest [][]int32
	for _, c := range left {
		home := -1
		for i, q := range rest {
			if !slices.ContainsFunc(q, func(o int32) bool { return !peer(c, o) }) {
				home = i
				break
			}
		}
		if home < 0 {
			rest = append(rest, nil)
			home = len(rest) - 1
		}
		rest[home] = append(rest[home], c)
	}
	return append(out, rest...)
}

func (p *sumProp) propagate(s *vsolver) bool {
	if p.impossible {
		return false
	}
	if p.target >= 0 && len(p.groups) == 1 && !p.groups[0].pill && p.loose(s) {
		return true
	}
	if p.looseBounds && p.looseTwo(s) {
		return true
	}
	if p.words == 1 && !p.pills {
		return p.propagate1(s)
	}
	return p.propagateWide(s)
}

// propagateWide is propagate on bitsets of p.words words.
func (p *sumProp) propagateWide(s *vsolver) bool {
	common := p.common
	for i := range common {
		common[i] = ^uint64(0)
	}
	if p.target >= 0 {
		clear(common)
		common[p.target/64] = 1 << (p.target % 64)
	}
	for gi := range p.groups {
		g := &p.groups[gi]
		var reach []uint64
		if g.pill {
			reach = p.pillReachOf(s, g)
		} else {
			reach = p.groupReach(s, g)
		}
		if g.offset > 0 {
			clear(p.next)
			shlOr(p.next, reach, g.offset)
			reach = p.next
		}
		if !andInto(common, reach) {
			return false
		}
	}
	for gi := range p.groups {
		g := &p.groups[gi]
		if g.pill {
			if !p.prunePill(s, g) {
				return false
			}
		} else if !p.pruneGroup(s, g) {
			return false
		}
	}
	return true
}

// loose reports whether a fixed total is so far from both the smallest
// and the largest sum of the only group's masks that no cell's smallest or
// largest digit can be ruled out, even with the others at their extremes:
// the full pruning is then left for when the masks are narrower. (A loose
// sum is never decided: with every cell decided its slack is zero.)
func (p *sumProp) loose(s *vsolver) bool {
	lo, hi, spread := s.bounds(p.groups[0].cells)
	return p.target-lo >= spread && hi-p.target >= spread && spread > 0
}

// bounds returns the smallest and the largest sum of the cells' masks
// and the widest cell's spread (its largest digit less its smallest).
func (s *vsolver) bounds(cells []int32) (lo, hi, spread int) {
	for _, c := range cells {
		m := s.cand[c]
		l, h := lowDigit(m), highDigit(m)
		lo, hi, spread = lo+l, hi+h, max(spread, h-l)
	}
	return lo, hi, spread
}

// looseTwo is loose for a sum of two plain groups, Σ first + its offset =
// Σ second + its offset: the first group's cells count up and the
// second's down, and the sum is loose when its total is at least the
// widest cell's spread from both the smallest and the largest difference
// the masks make. Digits that differ and the exact totals are ignored: a
// loose sum is left unpruned until its masks narrow (it is never loose
// with every cell decided).
func (p *sumProp) looseTwo(s *vsolver) bool {
	lo1, hi1, spread1 := s.bounds(p.groups[0].cells)
	lo2, hi2, spread2 := s.bounds(p.groups[1].cells)
	lo, hi, spread := lo1-hi2, hi1-lo2, max(spread1, spread2)
	t := p.groups[1].offset - p.groups[0].offset
	return t-lo >= spread && hi-t >= spread && spread > 0
}

// andInto sets dst &= src and reports whether dst is not empty.
func andInto(dst, src []uint64) bool {
	nonEmpty := false
	for i := range dst {
		dst[i] &= src[i]
		nonEmpty = nonEmpty || dst[i] != 0
	}
	return nonEmpty
}

// groupReach returns the totals plain group g can make, filling the
// cliques' tables and the group's prefix sums.
func (p *sumProp) groupReach(s *vsolver, g *sumGroup) []uint64 {
	w := p.words
	clear(g.prefix[:w])
	g.prefix[0] = 1
	for i, q := range g.cliques {
		var union uint64
		for j, c := range q.cells {
			q.masks[j] = s.cand[c]
			union |= s.cand[c]
		}
		copy(q.reach, q.dp.forward(q.masks))
		if k := len(q.cells); k > 1 {
			// sums of k different digits of union
			clear(q.dist)
			q.dist[0] = 1
			taken := 0
			for m := union; m != 0; m &= m - 1 {
				d := lowDigit(m)
				taken++
				for j := min(k, taken); j >= 1; j-- {
					shlOr(q.dist[j*w:(j+1)*w], q.dist[(j-1)*w:j*w], d)
				}
			}
			andInto(q.reach, q.dist[k*w:(k+1)*w])
		}
		prev, cur := g.prefix[i*w:(i+1)*w], g.prefix[(i+1)*w:(i+2)*w]
		clear(cur)
		forEachBit(q.reach, func(t int) { shlOr(cur, prev, t) })
	}
	return g.prefix[len(g.cliques)*w:]
}

// forEachBit calls fn with the index of every set bit of set.
func forEachBit(set []uint64, fn func(i int)) {
	for wi, word := range set {
		for ; word != 0; word &= word - 1 {
			fn(wi*64 + bits.TrailingZeros64(word))
		}
	}
}

// pruneGroup walks back from the common totals through g's cliques,
// keeping in each the totals that fit, and prunes its cells.
func (p *sumProp) pruneGroup(s *vsolver, g *sumGroup) bool {
	w := p.words
	back, next := p.back, p.next
	if g.offset > 0 {
		clear(back)
		shrOr(back, p.common, g.offset)
	} else {
		copy(back, p.common)
	}
	for i := len(g.cliques) - 1; i >= 0; i-- {
		q := g.cliques[i]
		prev := g.prefix[i*w : (i+1)*w]
		clear(q.allowed)
		clear(next)
		forEachBit(q.reach, func(t int) {
			if shlIntersects(prev, back, t) {
				q.allowed[t/64] |= 1 << (t % 64)
				shrOr(next, back, t)
			}
		})
		back, next = next, back
		if !p.pruneClique(s, q) {
			return false
		}
	}
	return true
}

// pruneClique keeps in each cell of q the digits of a total in q.allowed,
// then, when few totals are left, the digits of their combinations.
func (p *sumProp) pruneClique(s *vsolver, q *clique) bool {
	if !q.dp.backward(q.masks, q.allowed) {
		return false
	}
	return p.pruneCells(s, q)
}

// pruneCells keeps in each cell of q the digits of q.dp.supp, then, when
// few totals are left in q.allowed, the digits of their combinations.
func (p *sumProp) pruneCells(s *vsolver, q *clique) bool {
	for j, c := range q.cells {
		if !s.restrict(c, q.dp.supp[j]) {
			return false
		}
	}
	k := len(q.cells)
	if q.combos == nil {
		return true
	}
	totals := 0
	for _, word := range q.allowed {
		totals += bits.OnesCount64(word)
	}
	if totals > maxCliqueCombos {
		return true
	}
	if k == 2 && p.n <= 9 {
		union, need := pairCombos(s.cand[q.cells[0]], s.cand[q.cells[1]], q.allowed[0])
		return applyCombos(s, q.cells, union, need)
	}
	scan := startCombos(s, q.cells, p.comboMask[:2*k])
	forEachBit(q.allowed, func(t int) {
		if t < len(q.combos) {
			scan.add(q.combos[t])
		}
	})
	return applyCombos(s, q.cells, scan.union, scan.need)
}

// pillWork returns the number of digit combinations of masks, capped just
// above maxPillWork.
func pillWork(masks []uint64) int {
	work := 1
	for _, m := range masks {
		work *= bits.OnesCount64(m)
		if work > maxPillWork {
			return work
		}
	}
	return work
}

// pillReachOf returns the numbers pill group g can read (within the
// common bitset's range).
func (p *sumProp) pillReachOf(s *vsolver, g *sumGroup) []uint64 {
	masks := p.pillMasks[:len(g.cells)]
	for i, c := range g.cells {
		masks[i] = s.cand[c]
	}
	reach := p.pillReach
	clear(reach)
	limit := p.words * 64
	if pillWork(masks) > maxPillWork {
		// Too many combinations to list: every number between the
		// smallest and the largest reading (a reading grows with each
		// digit) stays possible.
		lo, hi := 0, 0
		for _, m := range masks {
			lo = appendDigit(lo, lowDigit(m))
			hi = appendDigit(hi, highDigit(m))
		}
		for v := lo; v <= min(hi, limit-1); v++ {
			reach[v/64] |= 1 << (v % 64)
		}
		return reach
	}
	p.walkPill(masks, 0, 0, limit, func(v int) { reach[v/64] |= 1 << (v % 64) })
	return reach
}

// prunePill keeps in each cell of pill group g the digits that read a
// common number.
func (p *sumProp) prunePill(s *vsolver, g *sumGroup) bool {
	masks := p.pillMasks[:len(g.cells)]
	for i, c := range g.cells {
		masks[i] = s.cand[c]
	}
	if pillWork(masks) > maxPillWork {
		return true
	}
	supp := p.pillSupp[:len(masks)]
	clear(supp)
	found := false
	p.walkPill(masks, 0, 0, p.words*64, func(v int) {
		if p.common[v/64]&(1<<(v%64)) == 0 {
			return
		}
		found = true
		for i := range masks {
			supp[i] |= digitMask(p.pillDig[i])
		}
	})
	if !found {
		return false
	}
	for i, c := range g.cells {
		if !s.restrict(c, supp[i]) {
			return false
		}
	}
	return true
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

// comboFilter returns the union and the intersection of the combinations
// (digit sets, one digit per cell) that the cells can still hold: every
// cell can take a digit of it and the cells can take all its digits at
// once. scratch has room for 2·len(cells) masks. The union is 0 if none
// fits.
func comboFilter(s *vsolver, cells []int32, scratch []uint64, combos []uint64) (union, need uint64) {
	scan := startCombos(s, cells, scratch)
	scan.add(combos)
	return scan.union, scan.need
}

// pairCombos is comboFilter for two cells of a board up to 9×9 and the
// pairs of different digits of every total of totals (bit t for total
// t): a digit x of the first cell is in a pair of total t when t − x,
// another digit, is in the second; the pairs of one total are disjoint,
// so they all need a digit only when there is one pair.
func pairCombos(a, b, totals uint64) (union, need uint64) {
	need = ^uint64(0)
	for ; totals != 0; totals &= totals - 1 {
		t := bits.TrailingZeros64(totals)
		x := a & mirror(b, t)
		if t%2 == 0 && t >= 2 {
			x &^= digitMask(t / 2)
		}
		if x == 0 {
			continue
		}
		pairs := x | mirror(x, t)
		union |= pairs
		if bits.OnesCount64(pairs) == 2 {
			need &= pairs
		} else {
			need = 0
		}
	}
	return union, need
}

// mirror returns the digits t − d, for the digits d of m (1..9) with
// t − d in 1..9.
func mirror(m uint64, t int) uint64 {
	r := uint64(reversed9[m&0x1ff]) // d → 10 − d
	if t >= 10 {
		r <<= t - 10
	} else {
		r >>= 10 - t
	}
	return r & 0x1ff
}

// reversed9 maps a mask of digits 1..9 to the mask of 10 − d.
var reversed9 = func() (t [512]uint16) {
	for m := range t {
		for d := 1; d <= 9; d++ {
			if m&(1<<(d-1)) != 0 {
				t[m] |= 1 << (9 - d)
			}
		}
	}
	return t
}()

// comboScan is comboFilter over several lists of combinations of the
// same cells (a clique's combinations of each of its totals): the union
// and the intersection of those that fit.
//
// A decided cell's digit is matched to it in any matching, so a
// combination must hold the decided digits (all different), and the
// matching is looked for among the open cells and the combination's
// other digits only: deep in a search most cells are decided, and the
// matchings left are of one to three cells, which matchAll settles
// without a search.
type comboScan struct {
	avail, fixed uint64   // the digits the cells can take, and the decided ones
	open, masks  []uint64 // the open cells' masks; scratch
	union, need  uint64
	clash        bool // two decided cells share a digit: nothing fits
}

// startCombos reads the cells' masks, for combinations to be added.
func startCombos(s *vsolver, cells []int32, scratch []uint64) comboScan {
	scan := comboScan{need: ^uint64(0), open: scratch[:0]}
	nfixed := 0
	for _, c := range cells {
		m := s.cand[c]
		scan.avail |= m
		if m&(m-1) == 0 {
			scan.fixed |= m
			nfixed++
		} else {
			scan.open = append(scan.open, m)
		}
	}
	scan.masks = scratch[len(cells) : len(cells)+len(scan.open)]
	scan.clash = bits.OnesCount64(scan.fixed) != nfixed
	return scan
}

// add takes in the combinations of combos that fit.
func (scan *comboScan) add(combos []uint64) {
	avail, fixed, open, masks := scan.avail, scan.fixed, scan.open, scan.masks
	union, need := scan.union, scan.need
	if scan.clash || (need == 0 && union == avail) {
		return
	}
	for _, m := range combos {
		if m&^avail != 0 || m&fixed != fixed || (m&^union == 0 && need&^m == 0) {
			continue // cannot fit, or would change neither union nor need
		}
		rest := m &^ fixed
		ok := true
		for i, o := range open {
			masks[i] = o & rest
			if masks[i] == 0 {
				ok = false
				break
			}
		}
		if !ok || !matchAll(masks) {
			continue
		}
		union |= m
		need &= m
		if need == 0 && union == avail {
			break // no combination left can change either
		}
	}
	scan.union, scan.need = union, need
}

// applyCombos keeps the digits of union in the cells, places each digit
// of need that only one cell can take, and removes a needed digit from the
// cells outside that see all the cells that can take it. It reports false if union is
// empty or a needed digit has no place.
func applyCombos(s *vsolver, cells []int32, union, need uint64) bool {
	if union == 0 {
		return false
	}
	for _, c := range cells {
		if !s.restrict(c, union) {
			return false
		}
	}
	for ; need != 0; need &= need - 1 {
		bit := need & -need
		place := int32(-1)
		for _, c := range cells {
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
		default:
			if !s.eliminateSeen(cells, bit) {
				return false
			}
		}
	}
	return true
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
	return &comboProp{cells: cells, combos: combos, masks: make([]uint64, 2*len(cells))}
}

func (p *comboProp) propagate(s *vsolver) bool {
	scan := startCombos(s, p.cells, p.masks)
	scan.add(p.combos)
	// The decided cells' digits have left the other cells already
	// (propagate drains the singles before it runs a propagator): each
	// has one place, its own.
	return applyCombos(s, p.cells, scan.union, scan.need&^scan.fixed)
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
	switch len(masks) {
	case 0:
		return true
	case 1:
		return masks[0] != 0
	case 2:
		a, b := masks[0], masks[1]
		return a != 0 && b != 0 && (a|b)&((a|b)-1) != 0
	case 3: // Hall's condition on every subset
		a, b, c := masks[0], masks[1], masks[2]
		two := func(m uint64) bool { return m&(m-1) != 0 }
		return a != 0 && b != 0 && c != 0 && two(a|b) && two(a|c) && two(b|c) &&
			bits.OnesCount64(a|b|c) >= 3
	}
	if len(masks) > 64 {
		return false
	}
	var union uint64
	for _, m := range masks {
		union |= m
	}
	if bits.OnesCount64(union) < len(masks) {
		return false
	}
	if wideEnough(masks) {
		return true
	}
	if len(masks) == 4 { // Hall's condition on every subset
		a, b, c, d := masks[0], masks[1], masks[2], masks[3]
		two := func(m uint64) bool { return m&(m-1) != 0 }
		three := func(m uint64) bool { return bits.OnesCount64(m) >= 3 }
		return a != 0 && b != 0 && c != 0 && d != 0 &&
			two(a|b) && two(a|c) && two(a|d) && two(b|c) && two(b|d) && two(c|d) &&
			three(a|b|c) && three(a|b|d) && three(a|c|d) && three(b|c|d)
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

// wideEnough reports whether the masks pass a test that is enough for
// them to be matched: for each j, at most j of them have j digits or
// fewer (so the i-th narrowest has at least i digits, and any i of them
// hold at least i digits together: Hall's condition). Most masks in a
// search pass it, and matchAll then needs no augmenting paths.
func wideEnough(masks []uint64) bool {
	var count [65]int8
	for _, m := range masks {
		k := bits.OnesCount64(m)
		if k < len(masks) {
			count[k]++
		}
	}
	narrow := 0
	for j := 0; j < len(masks); j++ {
		narrow += int(count[j])
		if narrow > j {
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

// rootCombos returns the sets of k different digits of 1..n whose sum
// has digital root root (1..9): every one, however many (a cage has at
// most n cells, so at most C(16, 8) = 12870 sets on boards up to 16×16).
func rootCombos(n, k, root int) []uint64 {
	out := []uint64{}
	var rec func(next, left, sum int, m uint64)
	rec = func(next, left, sum int, m uint64) {
		if left == 0 {
			if (sum-1)%9+1 == root {
				out = append(out, m)
			}
			return
		}
		for d := next; d <= n-left+1; d++ {
			rec(d+1, left-1, sum+d, m|digitMask(d))
		}
	}
	rec(1, k, 0, 0)
	return out
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

// propagate1 is propagate for plain groups whose totals fit one word (below
// 64), the common case of cages and derived sums on boards up to 9×9: the
// same tables, each one uint64, without the loops over words.
func (p *sumProp) propagate1(s *vsolver) bool {
	common := ^uint64(0)
	if p.target >= 0 {
		common = 1 << p.target
	}
	for gi := range p.groups {
		g := &p.groups[gi]
		common &= p.groupReach1(s, g) << g.offset
		if common == 0 {
			return false
		}
	}
	p.common[0] = common
	for gi := range p.groups {
		if !p.pruneGroup1(s, &p.groups[gi], common) {
			return false
		}
	}
	return true
}

// groupReach1 is groupReach for totals below 64.
func (p *sumProp) groupReach1(s *vsolver, g *sumGroup) uint64 {
	if p.dsums == nil {
		p.dsums = distinctSums()
	}
	dsums := p.dsums
	total := uint64(1)
	g.prefix[0] = 1
	for i, q := range g.cliques {
		var union uint64
		f := q.dp.f
		f[0] = 1
		m0 := s.cand[q.cells[0]]
		q.masks[0], union = m0, m0
		reach := m0 << 1 // the first cell's digits are its totals
		f[1] = reach
		for j := 1; j < len(q.cells); j++ {
			m := s.cand[q.cells[j]]
			q.masks[j] = m
			union |= m
			var cur uint64
			for ; m != 0; m &= m - 1 {
				cur |= reach << lowDigit(m)
			}
			reach = cur
			f[j+1] = cur
		}
		if k := len(q.cells); k > 1 && k <= 9 && union < 1<<9 {
			reach &= dsums[k][union]
		} else if k > 1 {
			// sums of k different digits of union
			dist := q.dist
			clear(dist)
			dist[0] = 1
			taken := 0
			for m := union; m != 0; m &= m - 1 {
				d := lowDigit(m)
				taken++
				for j := min(k, taken); j >= 1; j-- {
					dist[j] |= dist[j-1] << d
				}
			}
			reach &= dist[k]
		}
		q.reach[0] = reach
		if i == 0 {
			total = reach
		} else {
			var cur uint64
			for r := reach; r != 0; r &= r - 1 {
				cur |= total << bits.TrailingZeros64(r)
			}
			total = cur
		}
		g.prefix[i+1] = total
	}
	return total
}

// pruneGroup1 is pruneGroup for totals below 64.
func (p *sumProp) pruneGroup1(s *vsolver, g *sumGroup, common uint64) bool {
	back := common >> g.offset
	for i := len(g.cliques) - 1; i >= 0; i-- {
		q := g.cliques[i]
		prev := g.prefix[i]
		var allowed, next uint64
		if i == 0 {
			allowed = q.reach[0] & back // the first clique's totals are the prefix's
		} else {
			for r := q.reach[0]; r != 0; r &= r - 1 {
				t := bits.TrailingZeros64(r)
				if (prev<<t)&back != 0 {
					allowed |= 1 << t
					next |= back >> t
				}
			}
		}
		back = next
		q.allowed[0] = allowed
		if k := len(q.cells); k > 1 && allowed == q.dp.f[k] {
			// every total the cells can make is allowed: each digit
			// of each cell takes part in one
			copy(q.dp.supp, q.masks)
			if !p.pruneCells(s, q) {
				return false
			}
			continue
		}
		// keep in each cell the digits of an allowed total
		r := allowed
		for j := len(q.cells) - 1; j >= 1; j-- {
			f := q.dp.f[j]
			var supp, nr uint64
			for m := q.masks[j]; m != 0; m &= m - 1 {
				d := lowDigit(m)
				if (f<<d)&r != 0 {
					supp |= m & -m
					nr |= r >> d
				}
			}
			if supp == 0 {
				return false
			}
			q.dp.supp[j] = supp
			r = nr
		}
		// the first cell: its digits are its totals
		if q.dp.supp[0] = q.masks[0] & (r >> 1); q.dp.supp[0] == 0 {
			return false
		}
		if !p.pruneCells(s, q) {
			return false
		}
	}
	return true
}

// distinctSums returns, for k ≤ 9 and a set u of digits 1..9, the sums
// of k different digits of u, as a bitset (bit t for total t).
var distinctSums = sync.OnceValue(func() *[10][1 << 9]uint64 {
	var t [10][1 << 9]uint64
	for u := range 1 << 9 {
		var dist [10]uint64
		dist[0] = 1
		taken := 0
		for m := uint64(u); m != 0; m &= m - 1 {
			d := lowDigit(m)
			taken++
			for j := min(9, taken); j >= 1; j-- {
				dist[j] |= dist[j-1] << d
			}
		}
		for k := range dist {
			t[k][u] = dist[k]
		}
	}
	return &t
})
