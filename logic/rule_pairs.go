package logic

import (
	"fmt"
	"strings"

	"github.com/satdoku/satdoku/variant"
)

// arc is one direction of a rule on two cells: a may hold x only if b
// holds one of allow[x].
type arc struct {
	a, b  int
	allow []Digits
}

// relation returns the table of a relation on digits 1..n: allow[x] holds
// every y with rel(x, y).
func relation(n int, rel func(x, y int) bool) []Digits {
	allow := make([]Digits, n+1)
	for x := 1; x <= n; x++ {
		for y := 1; y <= n; y++ {
			if rel(x, y) {
				allow[x] |= DigitSet(y)
			}
		}
	}
	return allow
}

// both ways returns the two arcs of a relation on a and b (rel read as
// rel(digit of a, digit of b)).
func bothWays(n, a, b int, rel func(x, y int) bool) []arc {
	return []arc{
		{a, b, relation(n, rel)},
		{b, a, relation(n, func(x, y int) bool { return rel(y, x) })},
	}
}

// arcsOf returns the arcs of a rule on pairs of cells (the global
// relations, dots, XV, minima and maxima, small extra regions, killer
// cages with no sum), or nil for another rule.
func arcsOf(g *Grid, rule variant.Rule) []arc {
	n := g.N
	var differ []Digits // the table of x ≠ y, made once
	apart := func(a, b int) []arc {
		if differ == nil {
			differ = relation(n, func(x, y int) bool { return x != y })
		}
		return []arc{{a, b, differ}, {b, a, differ}}
	}
	var arcs []arc
	switch r := rule.(type) {
	case variant.AntiKnight:
		for _, pr := range r.Pairs(n) {
			arcs = append(arcs, apart(pr[0], pr[1])...)
		}
	case variant.AntiKing:
		for _, pr := range r.Pairs(n) {
			arcs = append(arcs, apart(pr[0], pr[1])...)
		}
	case variant.ExtraRegion:
		for i, a := range r.Cells {
			for _, b := range r.Cells[:i] {
				arcs = append(arcs, apart(a, b)...)
			}
		}
	case variant.Killer:
		if r.Sum != 0 {
			return nil
		}
		for i, a := range r.Cells {
			for _, b := range r.Cells[:i] {
				arcs = append(arcs, apart(a, b)...)
			}
		}
	case variant.Negative:
		allowed := relation(n, func(x, y int) bool { return !r.Has(x, y) }) // symmetric
		for _, pr := range r.Pairs {
			arcs = append(arcs, arc{pr[0], pr[1], allowed}, arc{pr[1], pr[0], allowed})
		}
	case variant.Difference:
		arcs = bothWays(n, r.A, r.B, func(x, y int) bool { return abs(x-y) == r.Diff })
	case variant.Ratio:
		arcs = bothWays(n, r.A, r.B, func(x, y int) bool { return x == r.Ratio*y || y == r.Ratio*x })
	case variant.XV:
		arcs = bothWays(n, r.A, r.B, func(x, y int) bool { return x+y == r.Sum })
	case variant.Minimum:
		for _, b := range r.Than {
			arcs = append(arcs, bothWays(n, r.Cell, b, func(x, y int) bool { return x < y })...)
		}
	case variant.Maximum:
		for _, b := range r.Than {
			arcs = append(arcs, bothWays(n, r.Cell, b, func(x, y int) bool { return x > y })...)
		}
	default:
		return nil
	}
	return arcs
}

// pairSteps returns the steps of a rule on pairs of cells: a candidate of
// a with no partner among b's candidates goes, one step per cell b whose
// candidates are the reason.
func pairSteps(g *Grid, tech Technique, idx int) []Step {
	rule := g.Puzzle.Rules[idx]
	arcs := arcsOf(g, rule)
	var order []int
	byB := map[int][]Candidate{}
	for _, a := range arcs {
		if g.Value[a.a] != 0 {
			continue
		}
		for _, x := range g.Cand[a.a].List() {
			if a.allow[x]&g.Cand[a.b] == 0 {
				if _, ok := byB[a.b]; !ok {
					order = append(order, a.b)
				}
				byB[a.b] = append(byB[a.b], Candidate{a.a, x})
			}
		}
	}
	var steps []Step
	for _, b := range order {
		elims := dedupe(byB[b])
		cells := []int{b}
		for _, e := range elims {
			if indexOf(cells, e.Cell) < 0 {
				cells = append(cells, e.Cell)
			}
		}
		used := candidatesOf(g, []int{b})
		var why string
		if d := g.Cand[b].Single(); d != 0 {
			why = fmt.Sprintf("%s is %d", CellName(g.N, b), d)
		} else {
			why = fmt.Sprintf("%s holds %s", CellName(g.N, b), digitList(g.Cand[b]))
		}
		steps = append(steps, Step{
			Technique:    tech.Name,
			Rating:       tech.Rating,
			Eliminations: elims,
			Cells:        cells,
			Candidates:   used,
			Rules:        []int{idx},
			Text:         fmt.Sprintf("%s: %s%s, so %s", tech.Name, ruleLabel(tech, rule.Describe(g.N)), why, elimList(g.N, elims)),
		})
	}
	return steps
}

// dedupe returns cs without repeats, in their first order.
func dedupe(cs []Candidate) []Candidate {
	seen := map[Candidate]bool{}
	out := cs[:0:0]
	for _, c := range cs {
		if !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	return out
}

// candidatesOf returns the candidates of cells.
func candidatesOf(g *Grid, cells []int) []Candidate {
	var out []Candidate
	for _, c := range cells {
		for _, d := range g.Cand[c].List() {
			out = append(out, Candidate{c, d})
		}
	}
	return out
}

// indexerSteps returns the steps of an indexer: a digit d in an indexer
// cell c says that its target t holds w (Indexer.Target), and t holding w
// says that c holds d (the digit w names c's position, and only c's digit
// can put w there), so each of the two candidates goes when the other is
// gone. One step per indexer cell.
func indexerSteps(g *Grid, tech Technique, idx int) []Step {
	x := g.Puzzle.Rules[idx].(variant.Indexer)
	var steps []Step
	for _, c := range x.Cells {
		var elims []Candidate
		var why []string
		cells := []int{c}
		for d := 1; d <= g.N; d++ {
			t, w := x.Target(g.Puzzle, c, d)
			if t < 0 {
				continue
			}
			hasCD, hasTW := g.Cand[c].Has(d) && g.Value[c] == 0, g.Cand[t].Has(w)
			switch {
			case hasCD && !g.Cand[t].Has(w):
				elims = append(elims, Candidate{c, d})
				why = append(why, fmt.Sprintf("%d in %s needs %d in %s", d, CellName(g.N, c), w, CellName(g.N, t)))
			case hasTW && g.Value[t] == 0 && !g.Cand[c].Has(d):
				elims = append(elims, Candidate{t, w})
				why = append(why, fmt.Sprintf("%d in %s needs %d in %s", w, CellName(g.N, t), d, CellName(g.N, c)))
			default:
				continue
			}
			if indexOf(cells, t) < 0 {
				cells = append(cells, t)
			}
		}
		if len(elims) == 0 {
			continue
		}
		steps = append(steps, Step{
			Technique:    tech.Name,
			Rating:       tech.Rating,
			Eliminations: elims,
			Cells:        cells,
			Candidates:   candidatesOf(g, cells),
			Rules:        []int{idx},
			Text: fmt.Sprintf("%s: %s at %s: %s, which it cannot hold, so %s", tech.Name, indexerName(x.Kind), CellName(g.N, c),
				strings.Join(why, "; "), elimList(g.N, elims)),
		})
	}
	return steps
}

// indexerName names an indexer's kind as its rule does.
func indexerName(k variant.IndexKind) string {
	switch k {
	case variant.RowIndex:
		return "row indexer"
	case variant.ColumnIndex:
		return "column indexer"
	}
	return "box indexer"
}

// parityStep returns the step of an odd or even cell: the digits of the
// other parity go.
func parityStep(g *Grid, tech Technique, idx int) []Step {
	var cell, rem int
	switch r := g.Puzzle.Rules[idx].(type) {
	case variant.Odd:
		cell, rem = r.Cell, 0
	case variant.Even:
		cell, rem = r.Cell, 1
	default:
		return nil
	}
	if g.Value[cell] != 0 {
		return nil
	}
	var elims []Candidate
	for _, d := range g.Cand[cell].List() {
		if d%2 == rem {
			elims = append(elims, Candidate{cell, d})
		}
	}
	if len(elims) == 0 {
		return nil
	}
	return []Step{{
		Technique:    tech.Name,
		Rating:       tech.Rating,
		Eliminations: elims,
		Cells:        []int{cell},
		Rules:        []int{idx},
		Text:         fmt.Sprintf("%s: %s, so %s", tech.Name, g.Puzzle.Rules[idx].Describe(g.N), elimList(g.N, elims)),
	}}
}

// ruleLabel is a rule's description and "; " to lead a step's words, or
// nothing when it only repeats the technique's name ("Anti-Knight:
// anti-knight;" says it twice).
func ruleLabel(tech Technique, describe string) string {
	if strings.EqualFold(describe, tech.Name) {
		return ""
	}
	return describe + "; "
}
