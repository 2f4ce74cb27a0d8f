package logic

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"github.com/satdoku/satdoku/variant"
)

// findRulePointing finds pointing for rules: a digit that every
// assignment keeping a rule puts in one of its cells (a cage whose every
// combination holds 9, a thermometer's ...), where all the cells that can
// hold it see one cell outside: that cell cannot hold it. A rule that is a
// whole row (sandwiches, x-sums, skyscrapers) holds every digit anyway.
func findRulePointing(g *Grid) []Step {
	if g.Puzzle == nil {
		return nil
	}
	tech := Technique{Name: "Rule Pointing", Rating: 2.7}
	geo := g.geometry()
	var steps []Step
	for _, idx := range g.Rules {
		rule := g.Puzzle.Rules[idx]
		switch rule.(type) {
		case variant.Sandwich, variant.XSum, variant.Skyscraper:
			continue
		}
		p := problemOf(g, rule)
		if p == nil {
			p = apartProblem(g, rule)
		}
		if p == nil {
			continue
		}
		var union, placed Digits
		for i, c := range p.cells {
			union |= p.dom[i]
			if g.Value[c] != 0 {
				placed |= DigitSet(g.Value[c])
			}
		}
		for _, d := range (union &^ placed).List() {
			var holders []int
			seen := make([]uint64, geo.words)
			for i := range seen {
				seen[i] = ^uint64(0)
			}
			for i, c := range p.cells {
				if p.dom[i].Has(d) {
					holders = append(holders, c)
					for w := range seen {
						seen[w] &= geo.sees[c][w]
					}
				}
			}
			var elims []Candidate
			for w, word := range seen {
				for ; word != 0; word &= word - 1 {
					c := w*64 + bits.TrailingZeros64(word)
					if g.Value[c] == 0 && g.Cand[c].Has(d) {
						elims = append(elims, Candidate{c, d})
					}
				}
			}
			if len(elims) == 0 && len(holders) != 1 {
				continue
			}
			if must, complete := p.mustHold(d); !must || !complete {
				continue
			}
			// A digit with one place left in the rule goes there (a
			// hidden single of the rule).
			var places []Candidate
			if len(holders) == 1 {
				places = []Candidate{{holders[0], d}}
			}
			houses := commonHouses(g, holders)
			where := ""
			if len(houses) > 0 {
				names := make([]string, len(houses))
				for i, h := range houses {
					names[i] = g.Houses[h].Name()
				}
				where = " (all in " + strings.Join(names, " and ") + ")"
			}
			steps = append(steps, Step{
				Technique:    tech.Name,
				Rating:       tech.Rating,
				Placements:   places,
				Eliminations: elims,
				Cells:        append([]int(nil), p.cells...),
				Houses:       houses,
				Candidates:   digitCandidates(holders, d),
				Rules:        []int{idx},
				Text:         pointingText(g, tech, rule, d, holders, where, elims),
			})
		}
	}
	return steps
}

// pointingText says a Rule Pointing step in words.
func pointingText(g *Grid, tech Technique, rule variant.Rule, d int, holders []int, where string, elims []Candidate) string {
	text := fmt.Sprintf("%s: %s must hold a %d, which can only go in %s%s", tech.Name, ruleName(g, rule), d, cellList(g.N, holders), where)
	if len(holders) == 1 {
		text += fmt.Sprintf(", so %s is %d", CellName(g.N, holders[0]), d)
	}
	if len(elims) > 0 {
		text += "; every cell that sees them all loses it: " + elimList(g.N, elims)
	}
	return text
}

// apartProblem returns the problem of a rule that only keeps its cells
// apart (a killer cage with no sum, a small extra region), whose musts
// are counted, not searched (ruleProblem.apartOnly), or nil for another
// rule.
func apartProblem(g *Grid, rule variant.Rule) *ruleProblem {
	var cells []int
	switch r := rule.(type) {
	case variant.Killer:
		if r.Sum != 0 {
			return nil
		}
		cells = r.Cells
	case variant.ExtraRegion:
		cells = r.Cells
	default:
		return nil
	}
	p := newRuleProblem(g, rule, cells, true, nil)
	p.apartOnly = true
	return p
}

// commonHouses returns the houses holding every one of cells.
func commonHouses(g *Grid, cells []int) []int {
	if len(cells) == 0 {
		return nil
	}
	var out []int
	for _, h := range g.HousesOf[cells[0]] {
		all := true
		for _, c := range cells[1:] {
			if indexOf(g.HousesOf[c], h) < 0 {
				all = false
				break
			}
		}
		if all {
			out = append(out, h)
		}
	}
	return out
}

// digitCandidates returns digit d in each of cells.
func digitCandidates(cells []int, d int) []Candidate {
	out := make([]Candidate, len(cells))
	for i, c := range cells {
		out[i] = Candidate{c, d}
	}
	return out
}

// maxInnies bounds the cells an innie or outie step sums: few enough to
// search and to say.
const maxInnies = 4

// houseSet is a set of whole rows, columns or regions: the cells of k
// houses that share no cell hold every digit k times, so they sum to k
// times 1+…+N.
type houseSet struct {
	name   string
	houses []int
	cells  []bool // per cell: in the set
	count  int    // its cells
}

// houseSets returns the sets innies and outies read: every row, column
// and region, and two or three neighbouring rows or columns.
func houseSets(g *Grid) []houseSet {
	var rows, cols, regions []int
	for h, house := range g.Houses {
		switch house.Kind {
		case Row:
			rows = append(rows, h)
		case Column:
			cols = append(cols, h)
		case Box:
			regions = append(regions, h)
		}
	}
	var out []houseSet
	add := func(name string, hs []int) {
		s := houseSet{name: name, houses: hs, cells: make([]bool, g.N*g.N)}
		for _, h := range hs {
			for _, c := range g.Houses[h].Cells {
				s.cells[c] = true
				s.count++
			}
		}
		out = append(out, s)
	}
	for _, hs := range [][]int{rows, cols, regions} {
		for _, h := range hs {
			add(g.Houses[h].Name(), []int{h})
		}
	}
	for _, lines := range [][]int{rows, cols} {
		for k := 2; k <= 3; k++ {
			for i := 0; i+k <= len(lines); i++ {
				first, last := g.Houses[lines[i]], g.Houses[lines[i+k-1]]
				kind := "rows"
				if first.Kind == Column {
					kind = "columns"
				}
				add(fmt.Sprintf("%s %d-%d", kind, first.Index+1, last.Index+1), lines[i:i+k])
			}
		}
	}
	return out
}

// sumCages returns the killer cages of the grid with a sum, as rule
// indexes, leaving out a cage that overlaps one before it (sums of
// overlapping cages do not add up).
func sumCages(g *Grid) []int {
	if g.Puzzle == nil {
		return nil
	}
	taken := make([]bool, g.N*g.N)
	var out []int
	for _, idx := range g.Rules {
		k, ok := g.Puzzle.Rules[idx].(variant.Killer)
		if !ok || k.Sum == 0 {
			continue
		}
		free := true
		for _, c := range k.Cells {
			free = free && !taken[c]
		}
		if !free {
			continue
		}
		for _, c := range k.Cells {
			taken[c] = true
		}
		out = append(out, idx)
	}
	return out
}

// findInnies finds innies: the cages wholly inside a set of houses leave
// a few of its cells uncovered, which sum to what the houses hold less
// the cages' sums.
func findInnies(g *Grid) []Step { return houseSumSteps(g, false) }

// findOuties finds outies: the cages that touch a set of houses cover it
// and a few cells outside it, which sum to the cages' sums less what the
// houses hold.
func findOuties(g *Grid) []Step { return houseSumSteps(g, true) }

func houseSumSteps(g *Grid, outies bool) []Step {
	cages := sumCages(g)
	if len(cages) == 0 {
		return nil
	}
	tech := Technique{Name: "Innies", Rating: 3.1}
	if outies {
		tech = Technique{Name: "Outies", Rating: 3.3}
	}
	houseSum := g.N * (g.N + 1) / 2
	var steps []Step
	for _, hs := range houseSets(g) {
		covered := make([]bool, g.N*g.N)
		var used []int
		sum, coveredIn := 0, 0
		for _, idx := range cages {
			k := g.Puzzle.Rules[idx].(variant.Killer)
			in := 0
			for _, c := range k.Cells {
				if hs.cells[c] {
					in++
				}
			}
			if in == 0 || (!outies && in < len(k.Cells)) {
				continue
			}
			used = append(used, idx)
			sum += k.Sum
			coveredIn += in
			for _, c := range k.Cells {
				covered[c] = true
			}
		}
		total := houseSum * len(hs.houses)
		var cells []int
		var target int
		if outies {
			if coveredIn != hs.count {
				continue
			}
			for c, in := range covered {
				if in && !hs.cells[c] {
					cells = append(cells, c)
				}
			}
			target = sum - total
		} else {
			for c, in := range hs.cells {
				if in && !covered[c] {
					cells = append(cells, c)
				}
			}
			target = total - sum
		}
		if len(cells) == 0 || len(cells) > maxInnies || len(used) == 0 {
			continue
		}
		if s := houseSumStep(g, tech, hs, used, cells, total, sum, target, outies); s != nil {
			steps = append(steps, *s)
		}
	}
	return steps
}

// houseSumStep returns the step of cells that sum to target (the innies
// or outies of a house set), or nil when it removes nothing.
func houseSumStep(g *Grid, tech Technique, hs houseSet, used, cells []int, total, sum, target int, outies bool) *Step {
	open := false
	for _, c := range cells {
		open = open || g.Value[c] == 0
	}
	if !open {
		return nil
	}
	p := newRuleProblem(g, nil, cells, false, nil)
	p.ok = sumTest(p, 0, len(cells), func([]int) int { return target })
	sup, complete := p.supports()
	if !complete {
		return nil
	}
	elims, places, keeps := supportChanges(g, cells, p.dom, sup)
	if len(elims) == 0 {
		return nil
	}
	names := make([]string, len(used))
	for i, idx := range used {
		names[i] = ruleName(g, g.Puzzle.Rules[idx])
	}
	var why string
	if outies {
		why = fmt.Sprintf("%s hold %d; the cages that cover them (%s) sum to %d, so the outies %s sum to %d − %d = %d",
			hs.name, total, strings.Join(names, ", "), sum, cellList(g.N, cells), sum, total, target)
	} else {
		why = fmt.Sprintf("%s hold %d; the cages inside (%s) sum to %d, so the innies %s sum to %d − %d = %d",
			hs.name, total, strings.Join(names, ", "), sum, cellList(g.N, cells), total, sum, target)
	}
	all := append([]int(nil), cells...)
	for _, idx := range used {
		all = append(all, g.Puzzle.Rules[idx].(variant.Killer).Cells...)
	}
	return &Step{
		Technique:    tech.Name,
		Rating:       tech.Rating,
		Placements:   places,
		Eliminations: elims,
		Cells:        all,
		Houses:       append([]int(nil), hs.houses...),
		Candidates:   candidatesOf(g, cells),
		Rules:        used,
		Text:         fmt.Sprintf("%s: %s; %s (%s)", tech.Name, why, strings.Join(keeps, ", "), elimList(g.N, elims)),
	}
}

// findRuleInHouse finds the steps of a rule read with the houses its
// cells lie in: where a house's only places for a digit are cells of the
// rule, the rule must put the digit in one of them (a renban that must
// hold row 1's 9 is a run up to 9), and a candidate no such assignment
// gives its cell goes. It runs after the rule's own step has found
// nothing.
func findRuleInHouse(g *Grid) []Step {
	if g.Puzzle == nil {
		return nil
	}
	tech := Technique{Name: "Rule and House", Rating: 2.8}
	var steps []Step
	for _, idx := range g.Rules {
		rule := g.Puzzle.Rules[idx]
		switch rule.(type) {
		case variant.Sandwich, variant.XSum, variant.Skyscraper:
			continue // a whole row holds every digit anyway
		}
		p := problemOf(g, rule)
		if p == nil {
			continue
		}
		at := make(map[int]int, len(p.cells))
		for i, c := range p.cells {
			at[c] = i
		}
		var houses []int
		var why []string
		for h, house := range g.Houses {
			inside := 0
			for _, c := range house.Cells {
				if _, ok := at[c]; ok {
					inside++
				}
			}
			if inside == 0 {
				continue
			}
			for d := 1; d <= g.N; d++ {
				var places []int
				in := true
				for _, c := range house.Cells {
					if g.Cand[c].Has(d) {
						if g.Value[c] == d {
							in = false // placed: nothing to say
							break
						}
						if _, ok := at[c]; !ok {
							in = false
							break
						}
						places = append(places, c)
					}
				}
				if !in || len(places) == 0 {
					continue
				}
				pos := make([]int, len(places))
				for i, c := range places {
					pos[i] = at[c]
				}
				p.addMust(d, pos)
				if indexOf(houses, h) < 0 {
					houses = append(houses, h)
				}
				why = append(why, fmt.Sprintf("%s's %d goes in %s", house.Name(), d, cellList(g.N, places)))
			}
		}
		if len(why) == 0 {
			continue
		}
		sup, complete := p.supports()
		if !complete {
			continue
		}
		elims, places, keeps := supportChanges(g, p.cells, p.dom, sup)
		if len(elims) == 0 {
			continue
		}
		if len(why) > 4 {
			why = append(why[:4], "…")
		}
		steps = append(steps, Step{
			Technique:    tech.Name,
			Rating:       tech.Rating,
			Placements:   places,
			Eliminations: elims,
			Cells:        append([]int(nil), p.cells...),
			Houses:       houses,
			Candidates:   candidatesOf(g, p.cells),
			Rules:        []int{idx},
			Text: fmt.Sprintf("%s: %s, where %s; %s (%s)", tech.Name, ruleName(g, rule), strings.Join(why, ", "),
				strings.Join(keeps, ", "), elimList(g.N, elims)),
		})
	}
	return steps
}

// findInnieOutie finds the innie-outie difference: the cages that touch a
// set of houses cover all of it but a few innies and stick out of it by a
// few outies, so the innies' sum less the outies' is what the houses hold
// less the cages' sums.
func findInnieOutie(g *Grid) []Step {
	cages := sumCages(g)
	if len(cages) == 0 {
		return nil
	}
	tech := Technique{Name: "Innie-Outie Difference", Rating: 3.5}
	houseSum := g.N * (g.N + 1) / 2
	var steps []Step
	for _, hs := range houseSets(g) {
		covered := make([]bool, g.N*g.N)
		var used []int
		sum := 0
		for _, idx := range cages {
			k := g.Puzzle.Rules[idx].(variant.Killer)
			if !slices.ContainsFunc(k.Cells, func(c int) bool { return hs.cells[c] }) {
				continue
			}
			used = append(used, idx)
			sum += k.Sum
			for _, c := range k.Cells {
				covered[c] = true
			}
		}
		var innies, outies []int
		for c := range covered {
			switch {
			case hs.cells[c] && !covered[c]:
				innies = append(innies, c)
			case !hs.cells[c] && covered[c]:
				outies = append(outies, c)
			}
		}
		if len(innies) == 0 || len(outies) == 0 || len(innies)+len(outies) > maxInnies {
			continue
		}
		total := houseSum * len(hs.houses)
		diff := total - sum
		cells := append(append([]int(nil), innies...), outies...)
		open := slices.ContainsFunc(cells, func(c int) bool { return g.Value[c] == 0 })
		if !open {
			continue
		}
		ni := len(innies)
		p := newRuleProblem(g, nil, cells, false, nil)
		p.ok = func(v []int, i int) bool {
			lo, hi := 0, 0
			for j := range cells {
				var a, b int
				if j <= i {
					a, b = v[j], v[j]
				} else {
					a, b = lowest(p.cur[j]), highest(p.cur[j])
				}
				if j < ni {
					lo, hi = lo+a, hi+b
				} else {
					lo, hi = lo-b, hi-a
				}
			}
			return lo <= diff && diff <= hi
		}
		sup, complete := p.supports()
		if !complete {
			continue
		}
		elims, places, keeps := supportChanges(g, cells, p.dom, sup)
		if len(elims) == 0 {
			continue
		}
		names := make([]string, len(used))
		for i, idx := range used {
			names[i] = ruleName(g, g.Puzzle.Rules[idx])
		}
		all := append([]int(nil), cells...)
		for _, idx := range used {
			all = append(all, g.Puzzle.Rules[idx].(variant.Killer).Cells...)
		}
		steps = append(steps, Step{
			Technique:    tech.Name,
			Rating:       tech.Rating,
			Placements:   places,
			Eliminations: elims,
			Cells:        all,
			Houses:       append([]int(nil), hs.houses...),
			Candidates:   candidatesOf(g, cells),
			Rules:        used,
			Text: fmt.Sprintf("%s: %s hold %d; the cages that touch them (%s) sum to %d, so the innies %s sum to the outies %s%s; %s (%s)",
				tech.Name, hs.name, total, strings.Join(names, ", "), sum, cellList(g.N, innies), cellList(g.N, outies), signed(diff),
				strings.Join(keeps, ", "), elimList(g.N, elims)),
		})
	}
	return steps
}

// signed writes a difference added to a sum in words: " + 12", " − 2",
// or nothing for 0.
func signed(d int) string {
	switch {
	case d > 0:
		return fmt.Sprintf(" + %d", d)
	case d < 0:
		return fmt.Sprintf(" − %d", -d)
	}
	return ""
}
