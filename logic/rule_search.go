package logic

import (
	"math/bits"
	"slices"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/variant"
)

// ruleSearchBudget bounds the nodes (digits tried in a cell) one rule
// instance may spend in one call of a finder: a search that runs out
// concludes nothing, which is sound (only a complete search removes a
// candidate) and keeps every call cheap. A killer cage of 9 open cells
// needs a few thousand; a row clue (sandwich, skyscraper) over an open
// row may run out, and is decided later, when the row has fewer
// candidates.
const ruleSearchBudget = 20000

// ruleProblem is one rule instance as a small constraint problem over its
// cells: the current candidates of each cell, the pairs of cells that
// must differ (they share a house, or the rule keeps them apart), and the
// rule's test of a partial assignment. Its searches are depth-first in
// the order of cells, so the rule's test reads cells in that order (a
// line from its start, a cage's sum as it fills).
type ruleProblem struct {
	g     *Grid
	rule  variant.Rule
	cells []int
	dom   []Digits
	// cur is the candidate sets of the search under way (dom with the
	// cell being tested fixed), for the rule's bounds.
	cur []Digits
	// differ lists, per position, the earlier positions that must hold
	// another digit; later the later ones, for forward checking.
	differ, later [][]int
	// ok reports whether v[0..i] (just assigned v[i]) can still extend to
	// an assignment the rule allows; at i == len(cells)−1 it is the whole
	// rule. Nil accepts every partial assignment.
	ok func(v []int, i int) bool
	// scratch is a board the rule's own checker judges full assignments
	// on (variant's Check, the ground truth): a leaf passes only if both
	// ok and Check accept it.
	scratch *board.Board
	// musts are digits the assignment must put in one of some positions:
	// a house whose only places for the digit are cells of the rule.
	musts  [][]mustDigit // per position: those whose last position it is
	budget int
	// prepare, if set, sees the candidate sets of each search before it
	// starts; also, if set, judges each full assignment too (the two
	// rules of a joint problem).
	prepare func(dom []Digits)
	// apartOnly says the rule only keeps its cells apart: a digit is a
	// must when the others are too few for the cells (mustHold counts).
	apartOnly bool
	also      func(v []int) bool
	// exhausted reports that a search ran out of budget: nothing it found
	// missing may be concluded.
	exhausted bool
}

// mustDigit says that digit d is in one of the positions at.
type mustDigit struct {
	d  int
	at []int
}

// addMust adds the condition that d is in one of the positions at.
func (p *ruleProblem) addMust(d int, at []int) {
	if p.musts == nil {
		p.musts = make([][]mustDigit, len(p.cells))
	}
	last := slices.Max(at)
	p.musts[last] = append(p.musts[last], mustDigit{d, at})
}

// mustsKept reports whether the musts decided at position i hold.
func (p *ruleProblem) mustsKept(v []int, i int) bool {
	if p.musts == nil {
		return true
	}
	for _, m := range p.musts[i] {
		if !slices.ContainsFunc(m.at, func(j int) bool { return v[j] == m.d }) {
			return false
		}
	}
	return true
}

// newRuleProblem returns the problem of rule over cells (distinct, in
// search order); allDiffer says the rule itself keeps every two of them
// apart (a cage), beside those that share a house.
func newRuleProblem(g *Grid, rule variant.Rule, cells []int, allDiffer bool, ok func(v []int, i int) bool) *ruleProblem {
	p := &ruleProblem{g: g, rule: rule, cells: cells, ok: ok, budget: ruleSearchBudget}
	p.dom = make([]Digits, len(cells))
	p.differ = make([][]int, len(cells))
	p.later = make([][]int, len(cells))
	for i, c := range cells {
		p.dom[i] = g.Cand[c]
		for j := 0; j < i; j++ {
			if allDiffer || g.Sees(cells[j], c) {
				p.differ[i] = append(p.differ[i], j)
				p.later[j] = append(p.later[j], i)
			}
		}
	}
	return p
}

// search reports whether some assignment of dom (one digit per cell from
// its set) keeps the rule, and writes it to v.
func (p *ruleProblem) search(dom []Digits, v []int) bool {
	for i := range v {
		v[i] = 0
	}
	p.cur = dom
	if p.prepare != nil {
		p.prepare(dom)
	}
	return p.dfs(dom, v, 0)
}

func (p *ruleProblem) dfs(dom []Digits, v []int, i int) bool {
	if i == len(p.cells) {
		return p.leaf(v)
	}
	for s := dom[i]; s != 0; s &= s - 1 {
		if p.budget--; p.budget < 0 {
			p.exhausted = true
			return false
		}
		d := bits.TrailingZeros64(uint64(s)) + 1
		if p.clashes(v, i, d) {
			continue
		}
		v[i] = d
		if !p.forward(dom, v, i) || (p.ok != nil && !p.ok(v, i)) || !p.mustsKept(v, i) {
			v[i] = 0
			continue
		}
		if p.dfs(dom, v, i+1) {
			return true
		}
		if p.exhausted {
			return false
		}
		v[i] = 0
	}
	return false
}

// clashes reports whether d at position i equals an earlier digit it must
// differ from.
func (p *ruleProblem) clashes(v []int, i, d int) bool {
	for _, j := range p.differ[i] {
		if v[j] == d {
			return true
		}
	}
	return false
}

// forward reports whether every later position apart from i still has a
// digit the assigned positions it must differ from leave it.
func (p *ruleProblem) forward(dom []Digits, v []int, i int) bool {
	for _, j := range p.later[i] {
		left := dom[j]
		for _, k := range p.differ[j] {
			if k <= i {
				left &^= DigitSet(v[k])
			}
		}
		if left == 0 {
			return false
		}
	}
	return true
}

// leaf judges a full assignment with the rule's own checker.
func (p *ruleProblem) leaf(v []int) bool {
	if p.also != nil && !p.also(v) {
		return false
	}
	if p.rule == nil {
		return true
	}
	if p.scratch == nil {
		p.scratch = board.New(p.g.Puzzle.Givens.Shape)
		for c := range p.scratch.Cells {
			p.scratch.Cells[c] = 1
		}
	}
	for i, c := range p.cells {
		p.scratch.Cells[c] = uint8(v[i])
	}
	return p.rule.Check(p.g.Puzzle, p.scratch) == nil
}

// supports returns, per position, the digits of its set that some
// assignment keeping the rule gives it, and whether the searches were
// complete (when not, nothing may be removed).
func (p *ruleProblem) supports() ([]Digits, bool) {
	sup := make([]Digits, len(p.cells))
	v := make([]int, len(p.cells))
	dom := make([]Digits, len(p.dom))
	for i := range p.cells {
		for s := p.dom[i] &^ sup[i]; s != 0; s &= s - 1 {
			d := bits.TrailingZeros64(uint64(s)) + 1
			if sup[i].Has(d) {
				continue
			}
			copy(dom, p.dom)
			dom[i] = DigitSet(d)
			if p.search(dom, v) {
				for j, x := range v {
					sup[j] |= DigitSet(x)
				}
			} else if p.exhausted {
				return nil, false
			}
		}
	}
	return sup, true
}

// mustHold reports whether every assignment keeping the rule puts d in
// one of its cells (the search for one without d fails), and whether the
// search was complete.
func (p *ruleProblem) mustHold(d int) (must, complete bool) {
	if p.apartOnly {
		var union Digits
		for _, s := range p.dom {
			union |= s
		}
		return (union &^ DigitSet(d)).Count() < len(p.cells), true
	}
	dom := make([]Digits, len(p.dom))
	for i := range dom {
		dom[i] = p.dom[i] &^ DigitSet(d)
	}
	found := p.search(dom, make([]int, len(p.cells)))
	if p.exhausted {
		return false, false
	}
	return !found, true
}
