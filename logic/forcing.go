package logic

import (
	"math/bits"
	"sort"
)

// This file is the chaining engine: the model of Sudoku Explainer's
// chaining rules (diuf.sudoku.solver.rules.chaining.Chaining, learnt from
// its source, not copied), so that a chain step rates as SE rates it.
//
// A node of SE's chains is a potential: one candidate, either on (the
// cell holds that digit) or off (it does not). Two rules turn an on
// potential into off ones: the cell's other candidates go off (the "Y"
// rule) and the digit goes off in the cell's houses (the "X" rule). Two
// rules turn an off potential into an on one: the last candidate of a cell
// goes on (Y) and the last position of a digit in a house goes on (X).
// Every implied potential records its parents; a step's length is the
// number of distinct potentials among the ancestors of its conclusions,
// and that length adds tenths to the base rating (lengthBonus).
//
// Static chains read the candidates of the position; dynamic chains also
// strike every potential they turn off, so that later implications see
// the smaller grid, and an implied potential then names as parents the
// earlier eliminations it relies on ("hidden parents").

// pot is a potential with the potentials that imply it; parents[0] is the
// one the implication came from.
type pot struct {
	cell, digit int
	house       int32 // the house of an X implication, -1 for a cell (Y) one
	on          bool
	parents     []*pot
	one         [1]*pot // parents' backing array when there is one parent
	// rule is what turned an "advanced" off potential off (a house rule
	// or a nested chain applied to the grid the chain had reached, see
	// nested.go); its parents are then the eliminations the rule relies
	// on. It is nil for the X and Y implications.
	rule *ruleCause
}

// newPot returns a potential implied by parent (nil for an assumption),
// allocated from the chainer's slab: a search makes many.
func (c *chainer) newPot(cell, d int, on bool, house int, parent *pot) *pot {
	if c.used == len(c.slab) {
		c.slab, c.used = make([]pot, 1024), 0
	}
	q := &c.slab[c.used]
	c.used++
	if c.nest != nil {
		c.nest.b.left--
	}
	*q = pot{cell: cell, digit: d, on: on, house: int32(house)}
	if parent != nil {
		q.one[0] = parent
		q.parents = q.one[:1]
	}
	return q
}

// slabMark is a point of the slab to go back to (rewind).
type slabMark struct {
	slab []pot
	used int
}

// slabHere returns the slab's current point.
func (c *chainer) slabHere() slabMark { return slabMark{c.slab, c.used} }

// rewind frees the potentials made since m, which nothing may still
// point to: a search from one candidate that found no hint keeps none,
// and reusing its slab spares the fresh pages (each a page fault) that a
// short run such as a hint would otherwise touch.
func (c *chainer) rewind(m slabMark) {
	if len(m.slab) > 0 && len(c.slab) > 0 && &m.slab[0] == &c.slab[0] {
		c.used = m.used
	} else {
		c.used = 0 // every potential of the current slab is newer than m
	}
}

func (c *chainer) key(cell, d int, on bool) int {
	k := (cell*c.n + d - 1) * 2
	if on {
		k++
	}
	return k
}

func (c *chainer) keyOf(p *pot) int { return c.key(p.cell, p.digit, p.on) }

// potSet is an insertion-ordered set of potentials keyed by candidate and
// state, as SE's LinkedSet: the order decides which chain is found first.
type potSet struct {
	at   []int32 // key → index+1 in list
	list []*pot
}

// newSet returns an empty set, reusing a released one when it can.
func (c *chainer) newSet() *potSet {
	if n := len(c.pool); n > 0 {
		s := c.pool[n-1]
		c.pool = c.pool[:n-1]
		return s
	}
	return &potSet{at: make([]int32, c.keys)}
}

// release empties sets no longer used and keeps them for newSet.
func (c *chainer) release(sets ...*potSet) {
	for _, s := range sets {
		if s == nil {
			continue
		}
		for i, p := range s.list {
			s.at[c.keyOf(p)] = 0
			s.list[i] = nil
		}
		s.list = s.list[:0]
		c.pool = append(c.pool, s)
	}
}

func (s *potSet) get(k int) *pot {
	if i := s.at[k]; i > 0 {
		return s.list[i-1]
	}
	return nil
}

func (s *potSet) has(k int) bool { return s.at[k] > 0 }

func (s *potSet) add(k int, p *pot) {
	if s.at[k] == 0 {
		s.list = append(s.list, p)
		s.at[k] = int32(len(s.list))
	}
}

// clone copies the set (the potentials are shared).
func (c *chainer) clone(s *potSet) *potSet {
	out := c.newSet()
	for _, p := range s.list {
		out.add(c.keyOf(p), p)
	}
	return out
}

// retain keeps the potentials that other also holds, in s's order.
func (c *chainer) retain(s, other *potSet) {
	kept := s.list[:0]
	for _, p := range s.list {
		k := c.keyOf(p)
		if other.has(k) {
			kept = append(kept, p)
		} else {
			s.at[k] = 0
		}
	}
	for i := len(kept); i < len(s.list); i++ {
		s.list[i] = nil
	}
	s.list = kept
	for i, p := range s.list {
		s.at[c.keyOf(p)] = int32(i + 1)
	}
}

// chainMode is one of SE's chaining rules.
type chainMode struct {
	multiple, dynamic, nishio bool
	// level is SE's nesting level of a dynamic chain (see nested.go): 0
	// for none, 1 when house rules act inside the chain (Dynamic Forcing
	// Chains (+)), 2–4 when chain rules do too.
	level int
}

// chainer searches one position.
type chainer struct {
	g    *Grid
	n    int
	keys int
	// orig holds the position's candidates, none in a solved cell (SE
	// keeps no candidate in a solved cell); work is the grid a dynamic
	// chain strikes candidates from.
	orig, work []Digits
	// houses lists, per cell, its houses in SE's order: box, row, column,
	// then the other kinds.
	houses          [][]int
	mode            chainMode
	mark            []int // per cell: stamp of onToOff's "already added"
	stamp           int
	pool            []*potSet // released sets
	seen            []uint32  // per key: stamp of ancestors' visit
	seenAt          uint32
	todo            []*pot
	slab            []pot // potentials, slab[:used] handed out
	used            int
	offBuf          []imp  // onToOff's result, reused
	onBuf           []imp  // offToOn's result, reused
	pendOn, pendOff []*pot // doChaining's queues, reused
	onCache         map[int]*onResult
	// staticOff and staticOn cache onToOff and offToOn on orig, by
	// candidate and link rules.
	staticOff, staticOn [][]imp
	// nest is the state of nested chaining (nested.go): the inner
	// chainers, the work budget shared with them; nil at level 0.
	nest *nesting
	// forcingChains' search state, by key
	fcSeen            []uint32
	fcParent, fcHouse []int32
	fcStamp           uint32
	fcOn, fcOff       []int
}

func newChainer(g *Grid, mode chainMode) *chainer {
	n := g.N
	c := &chainer{g: g, n: n, keys: n * n * n * 2, mode: mode}
	c.orig = make([]Digits, n*n)
	for i, d := range g.Cand {
		if g.Value[i] == 0 {
			c.orig[i] = d
		}
	}
	c.work = append([]Digits(nil), c.orig...)
	c.mark = make([]int, n*n)
	c.seen = make([]uint32, c.keys)
	order := [...]HouseKind{Box, Row, Column, Diagonal, Extra, Disjoint}
	c.houses = make([][]int, n*n)
	for cell := range c.houses {
		for _, kind := range order {
			for _, h := range g.HousesOf[cell] {
				if g.Houses[h].Kind == kind {
					c.houses[cell] = append(c.houses[cell], h)
				}
			}
		}
	}
	return c
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// imp is an implication found before it becomes a potential: most are
// found again and dropped, so a potential is made only when kept.
type imp struct{ cell, digit, house int }

// onToOff returns what an on potential turns off in grid: the cell's
// other candidates (when y) and the digit in the cell's houses.
func (c *chainer) onToOff(grid []Digits, p *pot, y bool) []imp {
	static := &grid[0] == &c.orig[0]
	var ck int
	if static {
		// The position's own implications never change: work them out once.
		ck = (p.cell*c.n+p.digit-1)*2 + b2i(y)
		if c.staticOff == nil {
			c.staticOff = make([][]imp, c.keys)
		}
		if r := c.staticOff[ck]; r != nil {
			return r
		}
		defer func() { c.staticOff[ck] = append(make([]imp, 0, len(c.offBuf)), c.offBuf...) }()
	}
	out := c.offBuf[:0]
	if y {
		for rest := grid[p.cell] &^ DigitSet(p.digit); rest != 0; rest &= rest - 1 {
			out = append(out, imp{p.cell, bits.TrailingZeros64(uint64(rest)) + 1, -1})
		}
	}
	c.stamp++
	c.mark[p.cell] = c.stamp
	for _, h := range c.houses[p.cell] {
		for _, o := range c.g.Houses[h].Cells {
			if c.mark[o] != c.stamp && grid[o].Has(p.digit) {
				c.mark[o] = c.stamp
				out = append(out, imp{o, p.digit, h})
			}
		}
	}
	c.offBuf = out
	return out
}

// offToOn returns what an off potential turns on in grid: the last
// candidate of the cell (when y) and the last other position of the digit
// in each house (when x).
func (c *chainer) offToOn(grid []Digits, p *pot, y, x bool) []imp {
	if &grid[0] == &c.orig[0] {
		ck := ((p.cell*c.n+p.digit-1)*2+b2i(y))*2 + b2i(x)
		if c.staticOn == nil {
			c.staticOn = make([][]imp, 2*c.keys)
		}
		if r := c.staticOn[ck]; r != nil {
			return r
		}
		defer func() { c.staticOn[ck] = append(make([]imp, 0, len(c.onBuf)), c.onBuf...) }()
	}
	out := c.onBuf[:0]
	if y && grid[p.cell].Count() == 2 {
		out = append(out, imp{p.cell, (grid[p.cell] &^ DigitSet(p.digit)).Single(), -1})
	}
	if x {
	houses:
		for _, h := range c.houses[p.cell] {
			other := -1
			for _, o := range c.g.Houses[h].Cells {
				if o != p.cell && grid[o].Has(p.digit) {
					if other >= 0 {
						continue houses
					}
					other = o
				}
			}
			if other >= 0 {
				out = append(out, imp{other, p.digit, h})
			}
		}
	}
	c.onBuf = out
	return out
}

// off makes the off potential of an implication of p.
func (c *chainer) off(p *pot, m imp) *pot { return c.newPot(m.cell, m.digit, false, m.house, p) }

// on makes the on potential of an implication of p. In a dynamic chain it
// also names as parents the eliminations (in offs) it relies on: the
// candidates of its cell (a Y implication) or of the digit in its house
// (an X one) that orig holds and grid no longer does, p aside.
func (c *chainer) on(p *pot, m imp, grid []Digits, offs *potSet) *pot {
	q := c.newPot(m.cell, m.digit, true, m.house, p)
	if !c.mode.dynamic {
		return q
	}
	if m.house < 0 {
		for _, d := range (c.orig[m.cell] &^ grid[m.cell]).List() {
			if d == p.digit {
				continue
			}
			if h := offs.get(c.key(m.cell, d, false)); h != nil {
				q.parents = append(q.parents, h)
			}
		}
		return q
	}
	for _, o := range c.g.Houses[m.house].Cells {
		if o != p.cell && c.orig[o].Has(m.digit) && !grid[o].Has(m.digit) {
			if h := offs.get(c.key(o, m.digit, false)); h != nil {
				q.parents = append(q.parents, h)
			}
		}
	}
	return q
}

// doChaining completes toOn and toOff with everything they imply, in SE's
// breadth-first order (an on potential before any off one). It returns the
// first potential found both on and off (its on and off versions), or nil.
func (c *chainer) doChaining(toOn, toOff *potSet) (*pot, *pot) {
	copy(c.work, c.orig)
	y := !c.mode.nishio
	pendOn := append(c.pendOn[:0], toOn.list...)
	pendOff := append(c.pendOff[:0], toOff.list...)
	defer func() { c.pendOn, c.pendOff = pendOn[:0], pendOff[:0] }()
	for i, j := 0, 0; ; {
		if i == len(pendOn) && j == len(pendOff) {
			// Nothing left to follow: at a nesting level, the rules
			// applied to the grid reached may remove more.
			if c.mode.level == 0 || c.nest.exhausted() {
				break
			}
			before := len(pendOff)
			for _, q := range c.advanced(toOff) {
				if k := c.keyOf(q); !toOff.has(k) {
					toOff.add(k, q)
					pendOff = append(pendOff, q)
				}
			}
			if len(pendOff) == before {
				break
			}
		}
		if i < len(pendOn) {
			p := pendOn[i]
			i++
			for _, m := range c.onToOff(c.work, p, y) {
				if on := toOn.get(c.key(m.cell, m.digit, true)); on != nil {
					return on, c.off(p, m)
				}
				if k := c.key(m.cell, m.digit, false); !toOff.has(k) {
					q := c.off(p, m)
					toOff.add(k, q)
					pendOff = append(pendOff, q)
				}
			}
			continue
		}
		p := pendOff[j]
		j++
		makeOn := c.offToOn(c.work, p, y, true)
		if c.mode.dynamic {
			c.work[p.cell] &^= DigitSet(p.digit)
		}
		for _, m := range makeOn {
			if off := toOff.get(c.key(m.cell, m.digit, false)); off != nil {
				return c.on(p, m, c.work, toOff), off
			}
			if k := c.key(m.cell, m.digit, true); !toOn.has(k) {
				q := c.on(p, m, c.work, toOff)
				toOn.add(k, q)
				pendOn = append(pendOn, q)
			}
		}
	}
	return nil, nil
}

// onResult is what assuming a candidate on implies: the potentials turned
// on and off, in order, and the contradiction met, if any.
type onResult struct {
	on, off       []*pot
	absOn, absOff *pot
}

// chainOn fills the empty sets toOn and toOff with what p (an on
// potential) implies and returns the contradiction met, as doChaining. A
// candidate's implications are the same wherever they are asked for (its
// own cell's chains and the region chains through it), so each is worked
// out once per search and then copied.
func (c *chainer) chainOn(p *pot, toOn, toOff *potSet) (*pot, *pot) {
	k := c.keyOf(p)
	if r := c.onCache[k]; r != nil {
		for _, q := range r.on {
			toOn.add(c.keyOf(q), q)
		}
		for _, q := range r.off {
			toOff.add(c.keyOf(q), q)
		}
		return r.absOn, r.absOff
	}
	toOn.add(k, p)
	on, off := c.doChaining(toOn, toOff)
	if c.onCache == nil {
		c.onCache = make(map[int]*onResult)
	}
	c.onCache[k] = &onResult{append([]*pot(nil), toOn.list...), append([]*pot(nil), toOff.list...), on, off}
	return on, off
}

// ancestors counts the distinct potentials (by candidate and state) among
// p and its ancestors: SE's measure of a chain's length.
func (c *chainer) ancestors(ps ...*pot) int {
	c.seenAt++
	count := 0
	todo := append(c.todo[:0], ps...)
	for len(todo) > 0 {
		q := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		k := c.keyOf(q)
		if c.seen[k] == c.seenAt {
			continue
		}
		c.seen[k] = c.seenAt
		count++
		todo = append(todo, q.parents...)
	}
	c.todo = todo
	return count
}

// ancestorsEach sums the ancestor counts of each potential taken alone,
// as SE sums the lengths of the branches of a step.
func (c *chainer) ancestorsEach(ps ...*pot) int {
	total := 0
	for _, p := range ps {
		total += c.ancestors(p)
	}
	return total
}

// complexity is SE's measure of a multiple-chain step: the ancestors of
// each branch, plus the complexity of each nested chain they rely on.
func (c *chainer) complexity(targets ...*pot) int {
	return c.ancestorsEach(targets...) + c.nestedComplexity(targets...)
}

// lengthBonus returns, in tenths, what a chain of the given complexity adds
// to its base rating: nothing up to 4 potentials beyond the two ends, then
// a tenth each time the length passes 6, 8, 12, 16, 24, 32, ... (the
// thresholds grow by 3/2 and 4/3 in turn), as SE's getLengthDifficulty.
func lengthBonus(complexity int) int {
	added, ceil, odd := 0, 4, false
	for length := complexity - 2; length > ceil; {
		added++
		if !odd {
			ceil = ceil * 3 / 2
		} else {
			ceil = ceil * 4 / 3
		}
		odd = !odd
	}
	return added
}

// hintKind is the form of a chain step, as SE's hint classes.
type hintKind uint8

const (
	kindCycle  hintKind = iota // a bidirectional cycle (nice loop)
	kindChain                  // a forcing chain from one candidate to its own negation
	kindBinary                 // a contradiction, or both states of a candidate agreeing
	kindCell                   // every candidate of a cell implies the same
	kindRegion                 // every position of a digit in a house implies the same
)

// seHint is a chain step before it becomes a Step.
type seHint struct {
	kind       hintKind
	tenths     int // rating in tenths
	complexity int
	sortKey    int
	x, y       bool // the link rules the search allowed (loops and chains)
	absurd     bool // a contradiction
	elim       []Candidate
	place      *Candidate
	source     *pot   // the assumption (cycles, chains, binary)
	targets    []*pot // the conclusions, one per branch
	cell       int    // the cell of a cell forcing chain
	house      int    // the house of a region forcing chain
	digit      int    // the digit of a region forcing chain
	mode       chainMode
}

// worth reports whether the hint removes anything.
func (h *seHint) worth() bool { return len(h.elim) > 0 || h.place != nil }

// conclude fills a hint's eliminations or placement from its result: an on
// result places its digit (removing the cell's other candidates), an off
// result removes its candidate.
func (c *chainer) conclude(h *seHint, result *pot) {
	if result.on {
		if c.orig[result.cell]&^DigitSet(result.digit) != 0 {
			h.place = &Candidate{result.cell, result.digit}
		}
		return
	}
	h.elim = []Candidate{{result.cell, result.digit}}
}

// The base ratings, in tenths, of SE's chaining rules.
const (
	tenthsCycle         = 65 // an X- or Y-cycle
	tenthsXChain        = 66 // a forcing X-chain (turbot fish and kin)
	tenthsXYChain       = 70 // a cycle or forcing chain with both link kinds
	tenthsNishio        = 75
	tenthsMultiple      = 80
	tenthsDynamic       = 85
	sortCellReduction   = 5
	sortRegionReduction = 6
	sortAbsurd          = 7
)

func (m chainMode) base() int {
	switch {
	case m.level > 0:
		return tenthsDynamic + 5*m.level
	case m.nishio:
		return tenthsNishio
	case m.dynamic:
		return tenthsDynamic
	default:
		return tenthsMultiple
	}
}

// sortHints orders hints as SE does before taking the first: by rating,
// then length, then kind (stable, so search order breaks the last ties).
func sortHints(hs []*seHint) {
	sort.SliceStable(hs, func(i, j int) bool {
		a, b := hs[i], hs[j]
		if a.tenths != b.tenths {
			return a.tenths < b.tenths
		}
		if a.complexity != b.complexity {
			return a.complexity < b.complexity
		}
		return a.sortKey < b.sortKey
	})
}

// loopHints is SE's "Forcing Chains & Cycles" rule: from every candidate,
// bidirectional cycles and forcing chains with X links only, then Y links
// only, then both.
func (c *chainer) loopHints() []*seHint {
	var out []*seHint
	for _, xy := range [...][2]bool{{false, true}, {true, false}, {true, true}} {
		y, x := xy[0], xy[1]
		for cell, cand := range c.orig {
			if cand.Count() < 2 {
				continue
			}
			if c.nest != nil && c.nest.exhausted() {
				break
			}
			for _, d := range cand.List() {
				out = append(out, c.unary(cell, d, y, x)...)
			}
		}
	}
	sortHints(out)
	return out
}

// isAncestor reports whether the potential of key k is on the
// first-parent path above p.
func (c *chainer) isAncestor(p *pot, k int) bool {
	for len(p.parents) > 0 {
		p = p.parents[0]
		if c.keyOf(p) == k {
			return true
		}
	}
	return false
}

// unary finds the cycles through the candidate (cell, d) and the forcing
// chains from it, on or off, to its own negation.
func (c *chainer) unary(cell, d int, y, x bool) []*seHint {
	if !x && c.orig[cell].Count() > 2 {
		return nil // a Y-cycle starts in a bivalue cell
	}
	var out []*seHint
	start := c.slabHere()
	defer func() {
		if len(out) == 0 {
			c.rewind(start)
		}
	}()
	src := &pot{cell: cell, digit: d, on: true, house: -1}
	srcKey := c.keyOf(src)
	// Cycles: breadth first, one round of on→off then off→on at a time.
	var cycles []*pot
	toOn := c.newSet()
	toOff := c.newSet()
	toOn.add(srcKey, src)
	pendOn := []*pot{src}
	var pendOff []*pot
	for length := 0; len(pendOn) > 0 || len(pendOff) > 0; {
		length++
		for _, p := range pendOn {
			for _, m := range c.onToOff(c.orig, p, y) {
				if !c.isAncestor(p, c.key(m.cell, m.digit, false)) {
					q := c.off(p, m)
					pendOff = append(pendOff, q)
					toOff.add(c.keyOf(q), q)
				}
			}
		}
		pendOn = pendOn[:0]
		length++
		for _, p := range pendOff {
			for _, m := range c.offToOn(c.orig, p, y, x) {
				k := c.key(m.cell, m.digit, true)
				if length >= 4 && k == srcKey {
					cycles = append(cycles, c.on(p, m, c.orig, toOff))
				}
				if !toOn.has(k) {
					q := c.on(p, m, c.orig, toOff)
					toOn.add(k, q)
					pendOn = append(pendOn, q)
				}
			}
		}
		pendOff = pendOff[:0]
	}
	c.release(toOn, toOff)
	var chains []*pot
	if x {
		chains = c.forcingChains(src, y, chains)
		chains = c.forcingChains(&pot{cell: cell, digit: d, house: -1}, y, chains)
	}
	for _, end := range cycles {
		if h := c.cycleHint(end, y, x); h.worth() {
			out = append(out, h)
		}
	}
	for _, t := range chains {
		h := &seHint{kind: kindChain, x: x, y: y, targets: []*pot{t}, complexity: c.ancestors(t)}
		c.conclude(h, t)
		h.tenths, h.sortKey = tenthsXChain, 2
		if y {
			h.tenths, h.sortKey = tenthsXYChain, 4
		}
		h.tenths += lengthBonus(h.complexity)
		if h.worth() {
			out = append(out, h)
		}
	}
	return out
}

// forcingChains follows the implications of src (static, X links always,
// Y links when y) and appends every potential found that negates src.
func (c *chainer) forcingChains(src *pot, y bool, chains []*pot) []*pot {
	// A static search: every potential has one parent, the first that
	// implied it, so the search keeps keys and parents by key and makes
	// potentials only for the chains it finds.
	if c.fcSeen == nil {
		c.fcSeen = make([]uint32, c.keys)
		c.fcParent = make([]int32, c.keys)
		c.fcHouse = make([]int32, c.keys)
	}
	c.fcStamp++
	stamp := c.fcStamp
	srcKey := c.keyOf(src)
	negKey := srcKey ^ 1
	c.fcSeen[srcKey] = stamp
	var build func(k int) *pot
	build = func(k int) *pot {
		if k == srcKey {
			return src
		}
		cd := k >> 1
		return c.newPot(cd/c.n, cd%c.n+1, k&1 == 1, int(c.fcHouse[k]), build(int(c.fcParent[k])))
	}
	found := func(parent int, m imp, on bool) {
		k := c.key(m.cell, m.digit, on)
		for _, h := range chains {
			if c.keyOf(h) == k {
				return
			}
		}
		chains = append(chains, c.newPot(m.cell, m.digit, on, m.house, build(parent)))
	}
	pendOn, pendOff := c.fcOn[:0], c.fcOff[:0]
	if src.on {
		pendOn = append(pendOn, srcKey)
	} else {
		pendOff = append(pendOff, srcKey)
	}
	var at pot
	for i, j := 0, 0; i < len(pendOn) || j < len(pendOff); {
		for ; i < len(pendOn); i++ {
			pk := pendOn[i]
			at.cell, at.digit = (pk>>1)/c.n, (pk>>1)%c.n+1
			for _, m := range c.onToOff(c.orig, &at, y) {
				k := c.key(m.cell, m.digit, false)
				if k == negKey {
					found(pk, m, false)
				}
				if c.fcSeen[k] != stamp {
					c.fcSeen[k], c.fcParent[k], c.fcHouse[k] = stamp, int32(pk), int32(m.house)
					pendOff = append(pendOff, k)
				}
			}
		}
		for ; j < len(pendOff); j++ {
			pk := pendOff[j]
			at.cell, at.digit = (pk>>1)/c.n, (pk>>1)%c.n+1
			for _, m := range c.offToOn(c.orig, &at, y, true) {
				k := c.key(m.cell, m.digit, true)
				if k == negKey {
					found(pk, m, true)
				}
				if c.fcSeen[k] != stamp {
					c.fcSeen[k], c.fcParent[k], c.fcHouse[k] = stamp, int32(pk), int32(m.house)
					pendOn = append(pendOn, k)
				}
			}
		}
	}
	c.fcOn, c.fcOff = pendOn, pendOff
	return chains
}

// cycleHint builds the hint of a cycle that returns to its start at end:
// a candidate that sees an on node and an off node of its digit in the
// loop (outside the loop's cells) goes.
func (c *chainer) cycleHint(end *pot, y, x bool) *seHint {
	h := &seHint{kind: kindCycle, x: x, y: y, targets: []*pot{end}, source: end}
	inLoop := make(map[int]bool)
	for p := end; len(p.parents) > 0; p = p.parents[0] {
		inLoop[p.cell] = true
	}
	fw := make(map[Candidate]bool)
	bw := make(map[Candidate]bool)
	var order []Candidate
	for p := end; len(p.parents) > 0; p = p.parents[0] {
		for _, o := range c.g.Peers[p.cell] {
			if inLoop[o] || !c.orig[o].Has(p.digit) {
				continue
			}
			cd := Candidate{o, p.digit}
			if p.on {
				if !fw[cd] {
					order = append(order, cd)
				}
				fw[cd] = true
			} else {
				bw[cd] = true
			}
		}
	}
	for _, cd := range order {
		if bw[cd] {
			h.elim = append(h.elim, cd)
		}
	}
	sortCandidates(h.elim)
	h.complexity = c.ancestors(end)
	h.tenths, h.sortKey = tenthsCycle, 2
	if y && x {
		h.tenths, h.sortKey = tenthsXYChain, 4
	} else if y {
		h.sortKey = 3
	}
	h.tenths += lengthBonus(h.complexity)
	return h
}

func sortCandidates(cs []Candidate) {
	sort.Slice(cs, func(i, j int) bool {
		if cs[i].Cell != cs[j].Cell {
			return cs[i].Cell < cs[j].Cell
		}
		return cs[i].Digit < cs[j].Digit
	})
}

// multipleHints is SE's forcing-chain search of the given mode (Nishio,
// multiple, dynamic): from every cell, each candidate assumed on and off
// (contradictions, and both states agreeing), each house where the digit
// has few places (region forcing chains) and all its candidates together
// (cell forcing chains).
func (c *chainer) multipleHints() []*seHint {
	var out []*seHint
	for cell, cand := range c.orig {
		if c.nest != nil && c.nest.exhausted() {
			break
		}
		k := cand.Count()
		if k > 2 || (k > 1 && c.mode.dynamic) {
			out = append(out, c.cellHints(cell, k)...)
		}
	}
	sortHints(out)
	return out
}

func (c *chainer) cellHints(cell, cardinality int) []*seHint {
	var out []*seHint
	valueOn := make(map[int]*potSet)
	valueOff := make(map[int]*potSet)
	var cellOn, cellOff *potSet
	for _, d := range c.orig[cell].List() {
		pOn := &pot{cell: cell, digit: d, on: true, house: -1}
		pOff := &pot{cell: cell, digit: d, house: -1}
		onToOn, onToOff := c.newSet(), c.newSet()
		double := cardinality >= 3 && !c.mode.nishio && c.mode.dynamic
		contradiction := c.mode.dynamic || c.mode.nishio
		out = append(out, c.binary(pOn, pOff, onToOn, onToOff, double, contradiction)...)
		if !c.mode.nishio {
			out = append(out, c.regionHints(cell, d, onToOn, onToOff)...)
		}
		valueOn[d], valueOff[d] = onToOn, onToOff
		if cellOn == nil {
			cellOn, cellOff = c.clone(onToOn), c.clone(onToOff)
		} else {
			c.retain(cellOn, onToOn)
			c.retain(cellOff, onToOff)
		}
	}
	defer func() {
		c.release(cellOn, cellOff)
		for _, d := range c.orig[cell].List() {
			c.release(valueOn[d], valueOff[d])
		}
	}()
	if c.mode.nishio || cellOn == nil || !(cardinality == 2 || (c.mode.multiple && cardinality > 2)) {
		return out
	}
	for _, set := range [2]struct {
		common *potSet
		by     map[int]*potSet
	}{{cellOn, valueOn}, {cellOff, valueOff}} {
		for _, t := range set.common.list {
			h := &seHint{kind: kindCell, cell: cell, mode: c.mode, sortKey: sortCellReduction}
			k := c.keyOf(t)
			for _, d := range c.orig[cell].List() {
				h.targets = append(h.targets, set.by[d].get(k))
			}
			c.conclude(h, h.targets[0])
			h.complexity = c.complexity(h.targets...)
			h.tenths = c.mode.base() + lengthBonus(h.complexity)
			if h.worth() {
				out = append(out, h)
			}
		}
	}
	return out
}

// binary assumes pOn, then pOff: a contradiction from one state proves the
// other; with double, what both states imply holds.
func (c *chainer) binary(pOn, pOff *pot, onToOn, onToOff *potSet, double, contradiction bool) []*seHint {
	var out []*seHint
	offToOn, offToOff := c.newSet(), c.newSet()
	add := func(src, result *pot, targets []*pot, absurd bool) {
		h := &seHint{kind: kindBinary, source: src, targets: targets, absurd: absurd, mode: c.mode, sortKey: 1}
		if absurd {
			h.sortKey = sortAbsurd
		}
		c.conclude(h, result)
		h.complexity = c.complexity(targets...)
		h.tenths = c.mode.base() + lengthBonus(h.complexity)
		if h.worth() {
			out = append(out, h)
		}
	}
	if on, off := c.chainOn(pOn, onToOn, onToOff); contradiction && on != nil {
		add(pOn, pOff, []*pot{on, off}, true)
	}
	offToOff.add(c.keyOf(pOff), pOff)
	if on, off := c.doChaining(offToOn, offToOff); contradiction && on != nil {
		add(pOff, pOn, []*pot{on, off}, true)
	}
	if double {
		for _, a := range onToOn.list {
			if b := offToOn.get(c.keyOf(a)); b != nil {
				add(pOn, a, []*pot{a, b}, false)
			}
		}
		for _, a := range onToOff.list {
			if b := offToOff.get(c.keyOf(a)); b != nil {
				add(pOff, b, []*pot{a, b}, false)
			}
		}
	}
	c.release(offToOn, offToOff)
	return out
}

// regionHints tries each house of cell where d has two places (or more,
// in multiple mode) and cell is the first of them: what every position
// implies holds.
func (c *chainer) regionHints(cell, d int, onToOn, onToOff *potSet) []*seHint {
	var out []*seHint
	for _, hi := range c.houses[cell] {
		var pos []int
		for _, o := range c.g.Houses[hi].Cells {
			if c.orig[o].Has(d) {
				pos = append(pos, o)
			}
		}
		if !(len(pos) == 2 || (c.mode.multiple && len(pos) > 2)) || pos[0] != cell {
			continue
		}
		posOn := make([]*potSet, len(pos))
		posOff := make([]*potSet, len(pos))
		var regionOn, regionOff *potSet
		for i, o := range pos {
			if o == cell {
				posOn[i], posOff[i] = onToOn, onToOff
				regionOn, regionOff = c.clone(onToOn), c.clone(onToOff)
				continue
			}
			oOn, oOff := c.newSet(), c.newSet()
			c.chainOn(&pot{cell: o, digit: d, on: true, house: -1}, oOn, oOff)
			posOn[i], posOff[i] = oOn, oOff
			c.retain(regionOn, oOn)
			c.retain(regionOff, oOff)
		}
		for _, set := range [2]struct {
			common *potSet
			by     []*potSet
		}{{regionOn, posOn}, {regionOff, posOff}} {
			for _, t := range set.common.list {
				h := &seHint{kind: kindRegion, house: hi, digit: d, mode: c.mode, sortKey: sortRegionReduction}
				k := c.keyOf(t)
				for _, s := range set.by {
					h.targets = append(h.targets, s.get(k))
				}
				c.conclude(h, h.targets[0])
				h.complexity = c.complexity(h.targets...)
				h.tenths = c.mode.base() + lengthBonus(h.complexity)
				if h.worth() {
					out = append(out, h)
				}
			}
		}
		c.release(regionOn, regionOff)
		for i, o := range pos {
			if o != cell {
				c.release(posOn[i], posOff[i])
			}
		}
	}
	return out
}
