package logic

import (
	"fmt"
	"math/bits"
)

// The uniqueness techniques assume the puzzle has one solution: a pattern
// that would leave two solutions (a deadly pattern) cannot be the
// solution. The solver uses them only with Options.Unique.

// findUniqueRectangle finds unique rectangles (SE's unique loops of four
// cells, UniqueLoops.java): four unsolved cells in two rows, two columns
// and two boxes (more generally: every house holding any of them holds
// one cell of each diagonal pair) sharing two candidates x and y. Type 1:
// one cell has more, so it is not x or y. Type 2: the extra candidates are
// one digit w, so a cell seeing every extra cell loses w. Type 3: the two
// extra cells form, with other cells of a house they share, a naked set
// of their extra digits. Type 4: x fits only the two extra cells in a
// house they share, so they are not y. SE rates types 1, 2 and 4 at 4.5
// and type 3 at 4.5 plus 0.1 per digit of its naked set beyond one.
func findUniqueRectangle(g *Grid) []Step {
	geo := g.geometry()
	if len(geo.rows) != g.N || len(geo.cols) != g.N {
		return nil
	}
	n := g.N
	var best []Step
	for r1 := 0; r1 < n; r1++ {
		for r2 := r1 + 1; r2 < n; r2++ {
			for c1 := 0; c1 < n; c1++ {
				a, d := r1*n+c1, r2*n+c1
				if g.Value[a] != 0 || g.Value[d] != 0 || (g.Cand[a]&g.Cand[d]).Count() < 2 {
					continue
				}
				for c2 := c1 + 1; c2 < n; c2++ {
					b, c := r1*n+c2, r2*n+c2
					if g.Value[b] != 0 || g.Value[c] != 0 {
						continue
					}
					common := g.Cand[a] & g.Cand[b] & g.Cand[c] & g.Cand[d]
					if common.Count() < 2 || !g.isLoop([4]int{a, b, c, d}) {
						continue
					}
					for _, x := range common.List() {
						for _, y := range common.List() {
							if y <= x {
								continue
							}
							for _, s := range g.rectangleSteps([4]int{a, b, c, d}, x, y) {
								if s.Rating == 4.5 {
									return []Step{s}
								}
								best = append(best, s)
							}
						}
					}
				}
			}
		}
	}
	return best
}

// isLoop reports whether every house holding a cell of the loop a-b-c-d
// holds exactly one of a, c and one of b, d.
func (g *Grid) isLoop(cells [4]int) bool {
	var houses [16]int
	var even, odd [16]int
	n := 0
	for i, c := range cells {
		for _, h := range g.HousesOf[c] {
			j := 0
			for j < n && houses[j] != h {
				j++
			}
			if j == n {
				if n == len(houses) {
					return false
				}
				houses[n] = h
				n++
			}
			if i%2 == 0 {
				even[j]++
			} else {
				odd[j]++
			}
		}
	}
	for j := 0; j < n; j++ {
		if even[j] != 1 || odd[j] != 1 {
			return false
		}
	}
	return true
}

// rectangleSteps returns the unique rectangle steps of loop cells on
// digits x and y.
func (g *Grid) rectangleSteps(cells [4]int, x, y int) []Step {
	xy := DigitSet(x, y)
	var extra []int
	var extraDigits Digits
	for _, c := range cells {
		if g.Cand[c] != xy {
			extra = append(extra, c)
			extraDigits |= g.Cand[c] &^ xy
		}
	}
	var used []Candidate
	for _, c := range cells {
		used = append(used, Candidate{c, x}, Candidate{c, y})
	}
	loop := cells[:]
	mk := func(typ int, rating float64, elims []Candidate, houses []int, what string) Step {
		return Step{
			Technique: fmt.Sprintf("Unique Rectangle Type %d", typ), Rating: rating,
			Eliminations: elims, Cells: append([]int(nil), loop...), Houses: houses, Candidates: used,
			Text: fmt.Sprintf("Unique Rectangle Type %d: %s on %d/%d; %s; %s", typ, cellList(g.N, loop), x, y, what, candList(g.N, elims)),
		}
	}
	var out []Step
	switch {
	case len(extra) == 1:
		var elims []Candidate
		for _, d := range []int{x, y} {
			elims = append(elims, Candidate{extra[0], d})
		}
		return []Step{mk(1, 4.5, elims, nil, CellName(g.N, extra[0])+" must hold another digit")}
	case len(extra) >= 2 && extraDigits.Count() == 1:
		w := extraDigits.Single()
		var elims []Candidate
		for c := range g.Cand {
			if g.Value[c] != 0 || !g.Cand[c].Has(w) || contains(extra, c) {
				continue
			}
			all := true
			for _, e := range extra {
				all = all && g.Sees(c, e)
			}
			if all {
				elims = append(elims, Candidate{c, w})
			}
		}
		if len(elims) > 0 {
			out = append(out, mk(2, 4.5, elims, nil, fmt.Sprintf("one of %s holds %d", cellList(g.N, extra), w)))
		}
	}
	if len(extra) != 2 {
		return out
	}
	e1, e2 := extra[0], extra[1]
	for _, h := range g.HousesOf[e1] {
		if !contains(g.Houses[h].Cells, e2) {
			continue
		}
		// Type 4: x (or y) fits only e1, e2 in h.
		for _, pair := range [][2]int{{x, y}, {y, x}} {
			lock, rem := pair[0], pair[1]
			only := true
			for _, c := range g.Houses[h].Cells {
				if c != e1 && c != e2 && g.Value[c] == 0 && g.Cand[c].Has(lock) {
					only = false
				}
			}
			if only && g.Value[e1] == 0 {
				elims := []Candidate{{e1, rem}, {e2, rem}}
				out = append(out, mk(4, 4.5, elims, []int{h}, fmt.Sprintf("%d fits only %s in %s", lock, cellList(g.N, extra), g.Houses[h].Name())))
			}
		}
		// Type 3: a naked set with the extra digits as one virtual cell.
		if extraDigits.Count() >= 2 {
			if s, ok := g.rectangleNaked(h, e1, e2, extraDigits, mk); ok {
				out = append(out, s)
			}
		}
	}
	return out
}

// rectangleNaked finds in house h a naked set made of the virtual cell
// (e1, e2 with digits extra) and other cells of h.
func (g *Grid) rectangleNaked(h, e1, e2 int, extra Digits, mk func(int, float64, []Candidate, []int, string) Step) (Step, bool) {
	var others []int
	for _, c := range g.Houses[h].Cells {
		if c != e1 && c != e2 && g.Value[c] == 0 {
			others = append(others, c)
		}
	}
	for k := extra.Count(); k <= 4 && k <= len(others); k++ {
		var try func(from int, pick []int, union Digits) (Step, bool)
		try = func(from int, pick []int, union Digits) (Step, bool) {
			if len(pick) == k-1 {
				if union.Count() != k {
					return Step{}, false
				}
				var elims []Candidate
				for _, c := range others {
					if contains(pick, c) {
						continue
					}
					for s := g.Cand[c] & union; s != 0; s &= s - 1 {
						elims = append(elims, Candidate{c, bits.TrailingZeros64(uint64(s)) + 1})
					}
				}
				if len(elims) == 0 {
					return Step{}, false
				}
				what := fmt.Sprintf("their extra digits %s and %s make a naked set of %s in %s", digitList(extra), cellList(g.N, pick), digitList(union), g.Houses[h].Name())
				return mk(3, 4.5+float64(k-1)*0.1, elims, []int{h}, what), true
			}
			for i := from; i < len(others); i++ {
				u := union | g.Cand[others[i]]
				if u.Count() > k {
					continue
				}
				if s, ok := try(i+1, append(pick, others[i]), u); ok {
					return s, ok
				}
			}
			return Step{}, false
		}
		if s, ok := try(0, nil, extra); ok {
			return s, ok
		}
	}
	return Step{}, false
}

// findBUG finds BUG+1 (SE's BUG type 1, 5.6): every unsolved cell has two
// candidates but one, which has three, and every candidate appears twice
// in each of its houses but one digit of that cell, which appears three
// times in each of the cell's houses. Without that digit the grid would
// be a bivalue universal grave, which has no single solution, so the cell
// holds it: it loses its other candidates.
func findBUG(g *Grid) []Step {
	bug := -1
	for c, s := range g.Cand {
		if g.Value[c] != 0 {
			continue
		}
		switch s.Count() {
		case 2:
		case 3:
			if bug >= 0 {
				return nil
			}
			bug = c
		default:
			return nil
		}
	}
	if bug < 0 {
		return nil
	}
	var pos [65]uint64
	digit := 0
	for h := range g.Houses {
		g.housePositions(h, &pos)
		inBug := contains(g.Houses[h].Cells, bug)
		for d := 1; d <= g.N; d++ {
			switch cnt := bits.OnesCount64(pos[d]); {
			case cnt == 0 || cnt == 2:
			case cnt == 3 && inBug && g.Cand[bug].Has(d):
				if digit != 0 && digit != d {
					return nil
				}
				digit = d
			default:
				return nil
			}
		}
	}
	if digit == 0 {
		return nil
	}
	for _, h := range g.HousesOf[bug] {
		g.housePositions(h, &pos)
		if bits.OnesCount64(pos[digit]) != 3 {
			return nil
		}
	}
	var elims []Candidate
	for _, d := range g.Cand[bug].List() {
		if d != digit {
			elims = append(elims, Candidate{bug, d})
		}
	}
	return []Step{{
		Technique: "BUG+1", Rating: 5.6, Eliminations: elims, Cells: []int{bug},
		Candidates: []Candidate{{bug, digit}},
		Text:       fmt.Sprintf("BUG+1: every other cell has two candidates; %s must be %d; %s", CellName(g.N, bug), digit, candList(g.N, elims)),
	}}
}
