package logic

import (
	"fmt"
	"math/bits"
	"sort"
	"strings"
)

// This file is nested chaining: Sudoku Explainer's dynamic forcing chains
// of level 1 and up (Chaining with level > 0 in
// diuf.sudoku.solver.rules.chaining, learnt from its source, not copied).
//
// A dynamic chain follows the X and Y rules until nothing more follows;
// at a nesting level it then applies other rules to the grid it has
// reached (the position with every potential it turned off struck out),
// and whatever they remove goes off too, and the chain goes on. Level 1
// (Dynamic Forcing Chains (+), 9.0) applies pointing and claiming, hidden
// and naked pairs and X-Wings; level 2 (9.5) adds forcing chains and
// cycles, level 3 (10.0) multiple forcing chains, and level 4 (10.5)
// replaces both with dynamic forcing chains. The first rule that removes
// anything is taken, with all it removes, as SE does.
//
// Such an "advanced" off potential names as parents the eliminations the
// rule relies on: the candidates the position has and the chain's grid no
// longer has, where the rule needs them gone (SE's getRuleParents). A
// nested chain's complexity adds to the step's (SE's nested complexity),
// so that a step rates its base plus the length bonus of everything it
// uses.

// nestedBudget bounds the work of one search of a nested technique, in
// potentials made by the chain and every chain nested in it (about half a
// microsecond of CPU each), and a potential per cell each time the house
// rules are applied. A search of level 1 on a top1465 position
// makes tens of thousands; one of levels 2 to 4 on an 11+ position a few
// million. A search that runs out finds nothing, so a puzzle beyond it
// ends stuck rather than slow.
const nestedBudget = 10_000_000

// budget is the number of potentials a search may still make, shared by
// its inner chainers; below zero the search's results are incomplete.
type budget struct{ left int }

// nesting is a chainer's state for the rules it applies inside its
// chains.
type nesting struct {
	b *budget
	// inner holds the chainers of the nested chain rules, by mode, reset
	// to the chain's grid at each use.
	inner map[chainMode]*chainer
	// crossings lists, per house, the houses crossing it in SE's order
	// (boxes, columns, rows, the rest), with the cells they share.
	crossings [][]houseCrossing
	pos       []uint64 // per house and digit: the positions in the chain's grid
	placed    []int    // per digit: the cells where it is placed
	open      []int    // per house: its unsolved cells
}

// houseCrossing is a house crossing another: the cells they share and the
// cells of each outside the other.
type houseCrossing struct {
	other                int
	shared, mine, theirs []int
}

// ruleKind names the rule that turned an advanced potential off.
type ruleKind uint8

const (
	rulePointing ruleKind = iota
	ruleClaiming
	ruleHiddenPair
	ruleNakedPair
	ruleXWing
	ruleChain
)

// ruleCause is a rule applied inside a chain: what it is, what it removed
// and what it used, for the step's words.
type ruleCause struct {
	kind   ruleKind
	digits Digits
	// houses: locking, the house the digit is confined to and the one it
	// is removed from; pairs, the house; X-Wing, the base lines then the
	// cover lines.
	houses []int
	cells  []int // the cells of the pattern
	elim   []Candidate
	// hint is a nested chain's hint and view the chainer it was found
	// with, on a copy of the grid the outer chain had reached.
	hint *seHint
	view *chainer
}

func newNesting(c *chainer, b *budget) *nesting {
	g := c.g
	geo := g.geometry()
	rank := make([]int, len(g.Houses))
	for i, h := range geo.order {
		rank[h] = i
	}
	nest := &nesting{b: b, crossings: make([][]houseCrossing, len(g.Houses))}
	for _, x := range geo.crossings {
		nest.crossings[x.a] = append(nest.crossings[x.a], houseCrossing{x.b, x.shared, x.aRest, x.bRest})
		nest.crossings[x.b] = append(nest.crossings[x.b], houseCrossing{x.a, x.shared, x.bRest, x.aRest})
	}
	for _, xs := range nest.crossings {
		sort.SliceStable(xs, func(i, j int) bool { return rank[xs[i].other] < rank[xs[j].other] })
	}
	nest.pos = make([]uint64, len(g.Houses)*(c.n+1))
	nest.placed = make([]int, c.n+1)
	for _, v := range g.Value {
		nest.placed[v]++
	}
	nest.open = make([]int, len(g.Houses))
	for h, house := range g.Houses {
		for _, cell := range house.Cells {
			if c.orig[cell] != 0 {
				nest.open[h]++
			}
		}
	}
	return nest
}

// exhausted reports whether the search has run out of budget.
func (nest *nesting) exhausted() bool { return nest.b.left < 0 }

// newNestedChainer returns a chainer of a nesting level, sharing budget b
// (a new budget when b is nil).
func newNestedChainer(g *Grid, mode chainMode, b *budget) *chainer {
	c := newChainer(g, mode)
	if b == nil {
		b = &budget{left: nestedBudget}
	}
	c.nest = newNesting(c, b)
	return c
}

// reset points the chainer at another grid of the same board, dropping
// what it had worked out on the last one.
func (c *chainer) reset(cand []Digits) {
	copy(c.orig, cand)
	copy(c.work, cand)
	clear(c.staticOff)
	clear(c.staticOn)
	clear(c.onCache)
}

// advanced applies the rules of the chainer's level to the grid the chain
// has reached (c.work) and returns the off potentials of the first rule
// that removes anything, each with the eliminations it relies on as
// parents, looked up in toOff.
func (c *chainer) advanced(toOff *potSet) []*pot {
	nest := c.nest
	// Applying the house rules costs about a pass over the grid: charge
	// it as a potential a cell, so that big boards spend as they work.
	nest.b.left -= len(c.orig)
	c.positions()
	var out []*pot
	// add makes the off potentials of a rule's eliminations; false when
	// a parent is not among the chain's eliminations (it always is: the
	// guard keeps a step from naming a parent it does not have).
	add := func(rc *ruleCause, parents []Candidate) {
		ps := make([]*pot, 0, len(parents))
		for _, p := range parents {
			q := toOff.get(c.key(p.Cell, p.Digit, false))
			if q == nil {
				return
			}
			ps = append(ps, q)
		}
		for _, e := range rc.elim {
			q := c.newPot(e.Cell, e.Digit, false, -1, nil)
			q.parents = ps
			q.rule = rc
			out = append(out, q)
		}
	}
	for _, rule := range [...]func(func(*ruleCause, []Candidate)){c.locking, c.hiddenPairs, c.nakedPairs, c.xWings} {
		rule(add)
		if len(out) > 0 {
			return out
		}
	}
	if c.mode.level < 2 {
		return nil
	}
	var modes []chainMode
	switch c.mode.level {
	case 2:
		modes = []chainMode{{}}
	case 3:
		modes = []chainMode{{}, {multiple: true}}
	default:
		modes = []chainMode{{multiple: true, dynamic: true, level: c.mode.level - 4}}
	}
	for _, m := range modes {
		c.chainRule(m, add)
		if len(out) > 0 || nest.exhausted() {
			return out
		}
	}
	return out
}

// positions fills nest.pos with the positions of each digit in each
// house of the chain's grid, as bit sets over the house's cells.
func (c *chainer) positions() {
	pos := c.nest.pos
	clear(pos)
	for h, house := range c.g.Houses {
		row := pos[h*(c.n+1):]
		for i, cell := range house.Cells {
			for ds := c.work[cell]; ds != 0; ds &= ds - 1 {
				row[bits.TrailingZeros64(uint64(ds))+1] |= 1 << i
			}
		}
	}
}

func (c *chainer) housePos(h, d int) uint64 { return c.nest.pos[h*(c.n+1)+d] }

// locking is SE's Locking rule (pointing and claiming) on the chain's
// grid: a digit whose places in a house all lie where it crosses another
// leaves the rest of the other. The rule relies on the digit's removal
// from the rest of the first house.
func (c *chainer) locking(add func(*ruleCause, []Candidate)) {
	order := c.g.geometry().order
	for d := 1; d <= c.n; d++ {
		for _, h1 := range order {
			p := c.housePos(h1, d)
			if bits.OnesCount64(p) < 2 {
				continue
			}
			for _, x := range c.nest.crossings[h1] {
				confined := true
				for _, cell := range x.mine {
					if c.work[cell].Has(d) {
						confined = false
						break
					}
				}
				if !confined {
					continue
				}
				var elim, parents []Candidate
				for _, cell := range x.theirs {
					if c.work[cell].Has(d) {
						elim = append(elim, Candidate{cell, d})
					}
				}
				for _, cell := range x.mine {
					if c.orig[cell].Has(d) {
						parents = append(parents, Candidate{cell, d})
					}
				}
				if len(elim) == 0 || len(parents) == 0 {
					continue
				}
				kind := rulePointing
				if c.g.Houses[h1].Kind != Box {
					kind = ruleClaiming
				}
				var cells []int
				for _, cell := range x.shared {
					if c.work[cell].Has(d) {
						cells = append(cells, cell)
					}
				}
				add(&ruleCause{kind: kind, digits: DigitSet(d), houses: []int{h1, x.other}, cells: cells, elim: elim}, parents)
			}
		}
	}
}

// hiddenPairs is SE's HiddenSet(2) on the chain's grid: two digits with
// the same two places in a house leave those cells' other candidates. It
// relies on both digits' removal from the house's other cells.
func (c *chainer) hiddenPairs(add func(*ruleCause, []Candidate)) {
	for _, h := range c.g.geometry().order {
		if c.nest.open[h] <= 4 {
			continue
		}
		cells := c.g.Houses[h].Cells
		for d1 := 1; d1 <= c.n; d1++ {
			p1 := c.housePos(h, d1)
			if bits.OnesCount64(p1) != 2 {
				continue
			}
			for d2 := d1 + 1; d2 <= c.n; d2++ {
				if c.housePos(h, d2) != p1 {
					continue
				}
				pair := DigitSet(d1, d2)
				a, b := cells[bits.TrailingZeros64(p1)], cells[63-bits.LeadingZeros64(p1)]
				var elim, parents []Candidate
				for _, cell := range [2]int{a, b} {
					for _, d := range (c.work[cell] &^ pair).List() {
						elim = append(elim, Candidate{cell, d})
					}
				}
				if len(elim) == 0 {
					continue
				}
				for _, cell := range cells {
					if cell == a || cell == b {
						continue
					}
					for _, d := range [2]int{d1, d2} {
						if c.orig[cell].Has(d) {
							parents = append(parents, Candidate{cell, d})
						}
					}
				}
				if len(parents) == 0 {
					continue
				}
				add(&ruleCause{kind: ruleHiddenPair, digits: pair, houses: []int{h}, cells: []int{a, b}, elim: elim}, parents)
			}
		}
	}
}

// nakedPairs is SE's NakedSet(2) on the chain's grid: two cells of a house
// left with the same two candidates remove them from the house's other
// cells. It relies on the removal of the pair's other candidates.
func (c *chainer) nakedPairs(add func(*ruleCause, []Candidate)) {
	for _, h := range c.g.geometry().order {
		if c.nest.open[h] < 4 {
			continue
		}
		cells := c.g.Houses[h].Cells
		for i, a := range cells {
			pair := c.work[a]
			if pair.Count() != 2 {
				continue
			}
			for _, b := range cells[i+1:] {
				if c.work[b] != pair {
					continue
				}
				var elim, parents []Candidate
				for _, o := range cells {
					if o != a && o != b {
						for _, d := range (c.work[o] & pair).List() {
							elim = append(elim, Candidate{o, d})
						}
					}
				}
				if len(elim) == 0 {
					continue
				}
				for _, cell := range [2]int{a, b} {
					for _, d := range (c.orig[cell] &^ pair).List() {
						parents = append(parents, Candidate{cell, d})
					}
				}
				if len(parents) == 0 {
					continue
				}
				add(&ruleCause{kind: ruleNakedPair, digits: pair, houses: []int{h}, cells: []int{a, b}, elim: elim}, parents)
			}
		}
	}
}

// xWings is SE's Fisherman(2) on the chain's grid: a digit with the same
// two places in two rows (columns) leaves the rest of those columns
// (rows). It relies on the digit's removal from the rest of the two base
// lines.
func (c *chainer) xWings(add func(*ruleCause, []Candidate)) {
	geo := c.g.geometry()
	if len(geo.rows) != c.n || len(geo.cols) != c.n {
		return
	}
	for _, lines := range [2][2][]int{{geo.rows, geo.cols}, {geo.cols, geo.rows}} {
		base, cover := lines[0], lines[1]
		for d := 1; d <= c.n; d++ {
			if c.nest.placed[d]+4 > c.n {
				continue
			}
			for i, l1 := range base {
				p := c.housePos(l1, d)
				if bits.OnesCount64(p) != 2 {
					continue
				}
				for _, l2 := range base[i+1:] {
					if c.housePos(l2, d) != p {
						continue
					}
					covers := []int{cover[bits.TrailingZeros64(p)], cover[63-bits.LeadingZeros64(p)]}
					var elim, parents []Candidate
					for _, cv := range covers {
						for _, cell := range c.g.Houses[cv].Cells {
							if c.work[cell].Has(d) && !c.inHouse(cell, l1) && !c.inHouse(cell, l2) {
								elim = append(elim, Candidate{cell, d})
							}
						}
					}
					if len(elim) == 0 {
						continue
					}
					var cells []int
					for _, l := range [2]int{l1, l2} {
						for k, cell := range c.g.Houses[l].Cells {
							if p&(1<<k) != 0 {
								cells = append(cells, cell)
							} else if c.orig[cell].Has(d) {
								parents = append(parents, Candidate{cell, d})
							}
						}
					}
					if len(parents) == 0 {
						continue
					}
					add(&ruleCause{kind: ruleXWing, digits: DigitSet(d), houses: []int{l1, l2, covers[0], covers[1]}, cells: cells, elim: elim}, parents)
				}
			}
		}
	}
}

func (c *chainer) inHouse(cell, h int) bool {
	for _, x := range c.g.HousesOf[cell] {
		if x == h {
			return true
		}
	}
	return false
}

// chainRule runs the chain rule of mode m on the chain's grid and adds
// every hint it finds that relies on the chain's eliminations.
func (c *chainer) chainRule(m chainMode, add func(*ruleCause, []Candidate)) {
	nest := c.nest
	if nest.inner == nil {
		nest.inner = make(map[chainMode]*chainer)
	}
	ic := nest.inner[m]
	if ic == nil {
		ic = newChainer(c.g, m)
		ic.nest = newNesting(ic, nest.b)
		nest.inner[m] = ic
	}
	ic.reset(c.work)
	var hints []*seHint
	if m.multiple || m.dynamic {
		hints = ic.multipleHints()
	} else {
		hints = ic.loopHints()
	}
	if nest.exhausted() {
		return
	}
	var view *chainer
	for _, h := range hints {
		parents := c.chainParents(h)
		if len(parents) == 0 {
			// The hint holds without the chain: it is not one of its
			// implications (SE's "the rule probably already exists").
			continue
		}
		if view == nil {
			view = ic.snapshot()
		}
		rc := &ruleCause{kind: ruleChain, hint: h, view: view}
		if h.place != nil {
			for _, d := range (c.work[h.place.Cell] &^ DigitSet(h.place.Digit)).List() {
				rc.elim = append(rc.elim, Candidate{h.place.Cell, d})
			}
		} else {
			rc.elim = h.elim
		}
		add(rc, parents)
	}
}

// snapshot returns a chainer that can write the hints this one found
// after it is reset: its grid copied, its tables shared.
func (c *chainer) snapshot() *chainer {
	return &chainer{g: c.g, n: c.n, keys: c.keys, mode: c.mode, houses: c.houses,
		orig: append([]Digits(nil), c.orig...)}
}

// chainParents returns the eliminations a nested chain's hint relies on
// (SE's collectRuleParents): for each on potential of its branches, the
// candidates the chain removed from its cell (a naked single: every
// candidate of the cell the position has) or from its house (a hidden
// single: the digit's other places), by what made it on. A branch's
// assumption counts as its hint's kind says: a cell forcing chain assumes
// a candidate of a cell, a region forcing chain a place in a house. The
// nodes of a cycle count both ways, since the cycle runs both ways.
func (c *chainer) chainParents(h *seHint) []Candidate {
	var out []Candidate
	seen := make(map[Candidate]bool)
	naked := func(cell int) {
		for ds := c.orig[cell] &^ c.work[cell]; ds != 0; ds &= ds - 1 {
			cd := Candidate{cell, bits.TrailingZeros64(uint64(ds)) + 1}
			if !seen[cd] {
				seen[cd] = true
				out = append(out, cd)
			}
		}
	}
	hidden := func(house, d int) {
		for _, o := range c.g.Houses[house].Cells {
			if cd := (Candidate{o, d}); c.orig[o].Has(d) && !c.work[o].Has(d) && !seen[cd] {
				seen[cd] = true
				out = append(out, cd)
			}
		}
	}
	cause := func(p *pot) {
		switch {
		case len(p.parents) == 0 && h.kind == kindCell:
			naked(p.cell)
		case len(p.parents) == 0 && h.kind == kindRegion:
			hidden(h.house, p.digit)
		case len(p.parents) == 0:
		case p.house < 0:
			naked(p.cell)
		default:
			hidden(int(p.house), p.digit)
		}
	}
	if h.kind == kindCycle {
		for p := h.targets[0]; len(p.parents) > 0; p = p.parents[0] {
			cause(p)
		}
		return out
	}
	for _, t := range h.targets {
		c.walk(t, func(p *pot) {
			if p.on {
				cause(p)
			}
		})
	}
	return out
}

// walk calls f on t and each of its ancestors once (by candidate and
// state, as SE's getChain).
func (c *chainer) walk(t *pot, f func(*pot)) {
	if c.seen == nil {
		c.seen = make([]uint32, c.keys)
	}
	c.seenAt++
	todo := append(c.todo[:0], t)
	for len(todo) > 0 {
		q := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		k := c.keyOf(q)
		if c.seen[k] == c.seenAt {
			continue
		}
		c.seen[k] = c.seenAt
		f(q)
		todo = append(todo, q.parents...)
	}
	c.todo = todo[:0]
}

// nestedComplexity sums the complexity of the nested chains the branches
// rely on, each once (SE's getNestedComplexity).
func (c *chainer) nestedComplexity(targets ...*pot) int {
	if c.mode.level < 2 {
		return 0
	}
	total := 0
	var done []*seHint
	for _, t := range targets {
		c.walk(t, func(p *pot) {
			if p.rule == nil || p.rule.hint == nil {
				return
			}
			for _, h := range done {
				if h == p.rule.hint {
					return
				}
			}
			done = append(done, p.rule.hint)
			total += p.rule.hint.complexity
		})
	}
	return total
}

// causes lists the rules applied inside a hint's branches, each once, in
// the order the branches meet them.
func (c *chainer) causes(h *seHint) []*ruleCause {
	var out []*ruleCause
	for _, t := range h.targets {
		c.walk(t, func(p *pot) {
			if p.rule == nil {
				return
			}
			for _, rc := range out {
				if rc == p.rule {
					return
				}
			}
			out = append(out, p.rule)
		})
	}
	// walk goes from the conclusions back; the explanation reads forward.
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// The names of the nested chain techniques, as Sudoku Explainer names
// its dynamic forcing chains of levels 1 to 4.
const (
	DynamicForcingChainsPlus    = "Dynamic Forcing Chains (+)"
	NestedForcingChains         = "Dynamic Forcing Chains (+ Forcing Chains)"
	NestedMultipleForcingChains = "Dynamic Forcing Chains (+ Multiple Forcing Chains)"
	NestedDynamicForcingChains  = "Dynamic Forcing Chains (+ Dynamic Forcing Chains)"
)

func init() {
	extraTechniques = append(extraTechniques, NestedChainTechniques()...)
}

// NestedChainTechniques returns Sudoku Explainer's dynamic forcing chains
// of nesting levels 1 to 4, each a dynamic forcing chain that applies
// more rules to the grid its assumption leads to: level 1, Dynamic
// Forcing Chains (+) (9.0), pointing and claiming, hidden and naked pairs
// and X-Wings; level 2 (9.5) also forcing chains and cycles; level 3
// (10.0) also multiple forcing chains; level 4 (10.5) dynamic forcing
// chains instead of both. A step rates its base plus SE's length bonus
// on its complexity, which counts the chains nested in it. They come
// last in DefaultTechniques, as in SE, and only a position that every
// other technique leaves alone pays for them. Each search is bounded: one
// that would make more than a fixed number of potentials (some seconds of
// CPU) finds nothing.
func NestedChainTechniques() []Technique {
	names := [...]string{DynamicForcingChainsPlus, NestedForcingChains, NestedMultipleForcingChains, NestedDynamicForcingChains}
	out := make([]Technique, 0, len(names))
	for level := 1; level <= len(names); level++ {
		mode := chainMode{multiple: true, dynamic: true, level: level}
		out = append(out, Technique{
			Name:   names[level-1],
			Rating: float64(mode.base()) / 10,
			Find: func(g *Grid) []Step {
				c := newNestedChainer(g, mode, nil)
				hs := c.multipleHints()
				if c.nest.exhausted() || len(hs) == 0 {
					return nil
				}
				return []Step{c.nestedStep(hs[0])}
			},
		})
	}
	return out
}

// nestedSuffix is SE's suffix of a level's names: " (+)", " (+ Forcing
// Chains)", ...
func nestedSuffix(level int) string {
	switch level {
	case 0:
		return ""
	case 1:
		return " (+)"
	case 2:
		return " (+ Forcing Chains)"
	case 3:
		return " (+ Multiple Forcing Chains)"
	case 4:
		return " (+ Dynamic Forcing Chains)"
	default:
		return " (+ Dynamic Forcing Chains" + nestedSuffix(level-3) + ")"
	}
}

// nestedStep turns a hint of a nesting level into a Step: the chain's
// step named with its level, and after its branches one sub-step for each
// rule applied inside them (a nested chain's sub-step has its own
// branches and rules).
func (c *chainer) nestedStep(h *seHint) Step {
	s := c.step(h)
	if c.mode.level == 0 {
		return s
	}
	name := s.Technique + nestedSuffix(c.mode.level)
	s.Text = name + strings.TrimPrefix(s.Text, s.Technique)
	for i := range s.Sub {
		s.Sub[i].Technique = name
	}
	s.Technique = name
	for _, rc := range c.causes(h) {
		s.Sub = append(s.Sub, c.ruleStep(rc))
	}
	return s
}

// ruleStep is the sub-step of a rule applied inside a chain.
func (c *chainer) ruleStep(rc *ruleCause) Step {
	if rc.kind == ruleChain {
		s := rc.view.nestedStep(rc.hint)
		s.Text = "Inside the chain, " + s.Text
		return s
	}
	s := Step{Eliminations: append([]Candidate(nil), rc.elim...), Cells: append([]int(nil), rc.cells...),
		Houses: append([]int(nil), rc.houses...)}
	name := func(h int) string { return c.g.Houses[h].Name() }
	ds := digitsText(rc.digits)
	var what string
	switch rc.kind {
	case rulePointing, ruleClaiming:
		s.Technique, s.Rating = "Pointing", 2.6
		if rc.kind == ruleClaiming {
			s.Technique, s.Rating = "Claiming", 2.8
		}
		what = fmt.Sprintf("%s in %s lies in %s", ds, name(rc.houses[0]), name(rc.houses[1]))
	case ruleHiddenPair:
		s.Technique, s.Rating = "Hidden Pair", 3.4
		what = fmt.Sprintf("%s in %s only fit %s", ds, name(rc.houses[0]), cellList(c.n, rc.cells))
	case ruleNakedPair:
		s.Technique, s.Rating = "Naked Pair", 3.0
		what = fmt.Sprintf("%s in %s hold only %s", cellList(c.n, rc.cells), name(rc.houses[0]), ds)
	default:
		s.Technique, s.Rating = "X-Wing", 3.2
		what = fmt.Sprintf("%s in %s and %s lies in %s and %s", ds, name(rc.houses[0]), name(rc.houses[1]),
			name(rc.houses[2]), name(rc.houses[3]))
	}
	for _, cell := range rc.cells {
		for _, d := range rc.digits.List() {
			s.Candidates = append(s.Candidates, Candidate{cell, d})
		}
	}
	s.Text = fmt.Sprintf("Inside the chain, %s: %s ⇒ %s", s.Technique, what, candList(c.n, rc.elim))
	return s
}
