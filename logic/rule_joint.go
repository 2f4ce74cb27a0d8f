package logic

import (
	"fmt"
	"slices"
	"strings"

	"github.com/satdoku/satdoku/variant"
)

// jointProblem returns the problem of two rule instances read together:
// an assignment of their cells that keeps both (and keeps apart the cells
// either keeps apart, or that share a house). The search assigns a's cells first, in a's
// order, then b's others; b's partial test runs as soon as a prefix of
// b's order is assigned.
func jointProblem(g *Grid, a, b *ruleProblem) *ruleProblem {
	cells := append([]int(nil), a.cells...)
	posOf := make(map[int]int, len(cells))
	for i, c := range cells {
		posOf[c] = i
	}
	bPos := make([]int, len(b.cells))
	for j, c := range b.cells {
		if i, ok := posOf[c]; ok {
			bPos[j] = i
			continue
		}
		bPos[j] = len(cells)
		posOf[c] = len(cells)
		cells = append(cells, c)
	}
	p := newRuleProblem(g, nil, cells, false, nil)
	apart := func(i, j int) {
		if i > j {
			i, j = j, i
		}
		if i != j && !slices.Contains(p.differ[j], i) {
			p.differ[j] = append(p.differ[j], i)
			p.later[i] = append(p.later[i], j)
		}
	}
	for j := range a.cells {
		for _, k := range a.differ[j] {
			apart(j, k)
		}
	}
	for j := range b.cells {
		for _, k := range b.differ[j] {
			apart(bPos[j], bPos[k])
		}
	}
	// b's prefix up to j is assigned once the latest of its positions is.
	sched := make([][]int, len(cells))
	last := -1
	for j := range b.cells {
		last = max(last, bPos[j])
		sched[last] = append(sched[last], j)
	}
	vb := make([]int, len(b.cells))
	curB := make([]Digits, len(b.cells))
	na := len(a.cells)
	p.prepare = func(dom []Digits) {
		a.cur = dom[:na]
		for k, i := range bPos {
			curB[k] = dom[i]
		}
		b.cur = curB
	}
	p.ok = func(v []int, i int) bool {
		if i < na && a.ok != nil && !a.ok(v[:na], i) {
			return false
		}
		for _, j := range sched[i] {
			for k := 0; k <= j; k++ {
				vb[k] = v[bPos[k]]
			}
			if b.ok != nil && !b.ok(vb, j) {
				return false
			}
		}
		return true
	}
	p.also = func(v []int) bool {
		for k, i := range bPos {
			vb[k] = v[i]
		}
		return a.leaf(v[:na]) && b.leaf(vb)
	}
	return p
}

// jointKinds reports whether a rule may join another in a joint search:
// the rules problemOf reads, but the row clues, which span a whole row.
func jointKinds(rule variant.Rule) bool {
	switch rule.(type) {
	case variant.Sandwich, variant.XSum, variant.Skyscraper:
		return false
	}
	return true
}

// findRulesTogether finds the steps of two rules read together, that
// share a cell or are small (maxApartCells together) and have cells that
// share a house: a candidate that no assignment keeping both gives its
// cell goes (an arrow's shaft on a thermometer, a little killer through a
// cage, two cages in a row). It runs after each rule's own step has found
// nothing.
func findRulesTogether(g *Grid) []Step {
	if g.Puzzle == nil || len(g.Rules) < 2 {
		return nil
	}
	tech := Technique{Name: "Rules Together", Rating: 3.0}
	byCell := map[int][]int{} // cell → positions in g.Rules
	probs := make([]*ruleProblem, len(g.Rules))
	for k, idx := range g.Rules {
		rule := g.Puzzle.Rules[idx]
		if !jointKinds(rule) {
			continue
		}
		if probs[k] = problemOf(g, rule); probs[k] == nil {
			continue
		}
		for _, c := range probs[k].cells {
			byCell[c] = append(byCell[c], k)
		}
	}
	var steps []Step
	done := map[[2]int]bool{}
	for k := range g.Rules {
		if probs[k] == nil {
			continue
		}
		var partners []int
		for _, c := range probs[k].cells {
			partners = append(partners, byCell[c]...)
		}
		if len(probs[k].cells) < maxApartCells {
			for m := k + 1; m < len(g.Rules); m++ {
				if probs[m] != nil && len(probs[k].cells)+len(probs[m].cells) <= maxApartCells &&
					!(isDot(g.Puzzle.Rules[g.Rules[k]]) && isDot(g.Puzzle.Rules[g.Rules[m]])) &&
					seeEachOther(g, probs[k].cells, probs[m].cells) {
					partners = append(partners, m)
				}
			}
		}
		{
			for _, m := range partners {
				if m <= k || done[[2]int{k, m}] {
					continue
				}
				done[[2]int{k, m}] = true
				if len(probs[k].cells)+len(probs[m].cells) > maxJointCells {
					continue
				}
				a, b := problemOf(g, g.Puzzle.Rules[g.Rules[k]]), problemOf(g, g.Puzzle.Rules[g.Rules[m]])
				p := jointProblem(g, a, b)
				p.budget = jointSearchBudget
				sup, complete := p.supports()
				if !complete {
					continue
				}
				elims, places, keeps := supportChanges(g, p.cells, p.dom, sup)
				if len(elims) == 0 {
					continue
				}
				ra, rb := g.Puzzle.Rules[g.Rules[k]], g.Puzzle.Rules[g.Rules[m]]
				how := "see each other"
				if shared := sharedCells(a.cells, b.cells); len(shared) > 0 {
					how = "share " + cellList(g.N, shared)
				}
				steps = append(steps, Step{
					Technique:    tech.Name,
					Rating:       tech.Rating,
					Placements:   places,
					Eliminations: elims,
					Cells:        append([]int(nil), p.cells...),
					Houses:       sharedHouses(g, p.cells),
					Candidates:   candidatesOf(g, p.cells),
					Rules:        []int{g.Rules[k], g.Rules[m]},
					Text: fmt.Sprintf("%s: %s and %s %s; together %s (%s)", tech.Name, ruleName(g, ra), ruleName(g, rb),
						how, strings.Join(keeps, ", "), elimList(g.N, elims)),
				})
			}
		}
	}
	return steps
}

// maxJointCells and jointSearchBudget bound the joint searches: a pair of
// rules read together has at most maxJointCells cells (counting shared
// ones twice) and jointSearchBudget nodes a call, a quarter of a rule's
// own, since a grid has many more pairs than rules.
const (
	maxJointCells     = 12
	jointSearchBudget = ruleSearchBudget / 4
)

// maxApartCells bounds the cells of two rules that share no cell and are
// read together because cells of theirs share a house; two dots (or XVs)
// are read together only when they share a cell: a grid has many.
const maxApartCells = 7

// isDot reports whether a rule is a kropki dot or an X or V.
func isDot(rule variant.Rule) bool {
	switch rule.(type) {
	case variant.Difference, variant.Ratio, variant.XV:
		return true
	}
	return false
}

// seeEachOther reports whether a cell of a shares a house with a cell of b.
func seeEachOther(g *Grid, a, b []int) bool {
	for _, x := range a {
		for _, y := range b {
			if g.Sees(x, y) {
				return true
			}
		}
	}
	return false
}

// sharedCells returns the cells of a that are also in b.
func sharedCells(a, b []int) []int {
	var out []int
	for _, c := range a {
		if slices.Contains(b, c) {
			out = append(out, c)
		}
	}
	return out
}
