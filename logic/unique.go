package logic

import (
	"fmt"
	"math"
	"math/bits"
	"sort"
)

// The uniqueness techniques assume the puzzle has one solution: a pattern
// that would leave two solutions (a deadly pattern) cannot be the
// solution. The solver uses them only with Options.Unique.

// findUniqueRectangle finds unique rectangles and loops (SE's unique
// loops, UniqueLoops.java): an even loop of unsolved cells sharing two
// candidates x and y, each step of it along a house of another kind than
// the step before, such that every house holding a cell of the loop holds
// two, one at an even place and one at an odd place. If every cell held
// only x or y, the two ways of filling the loop would give two solutions.
// Type 1: one cell has more candidates, so it is not x or y. Type 2: the
// extra candidates are one digit w, so a cell seeing every extra cell
// loses w. Type 3: the two extra cells form, with other cells of a house
// they share, a naked set of their extra digits. Type 4: x fits only the
// two extra cells in a house they share, so they are not y. SE rates a
// rectangle 4.5, a loop of 6, 8 and 10 or more cells 4.6, 4.7 and 5.0,
// and adds to type 3 0.1 per digit of its naked set beyond one.
func findUniqueRectangle(g *Grid) []Step {
	var best []Step
	seen := map[string]bool{}
	loop := make([]int, 0, 2*g.N)
	maxLen := 2 * g.N
	for start, s := range g.Cand {
		if g.Value[start] != 0 || s.Count() != 2 {
			continue
		}
		xy := s
		var found []Step
		var walk func(cur, allowed int, extra Digits, last HouseKind) bool
		walk = func(cur, allowed int, extra Digits, last HouseKind) bool {
			for _, h := range g.HousesOf[cur] {
				kind := g.Houses[h].Kind
				if kind == last {
					continue
				}
				for _, next := range g.Houses[h].Cells {
					if next == start && len(loop) >= 4 {
						if steps := g.loopSteps(loop, xy, seen); len(steps) > 0 {
							for _, st := range steps {
								if st.Rating == 4.5 {
									found = []Step{st}
									return true
								}
							}
							found = append(found, steps...)
						}
						continue
					}
					if next == cur || g.Value[next] != 0 || g.Cand[next]&xy != xy || hasCell(loop, next) || len(loop) == maxLen {
						continue
					}
					cnt := g.Cand[next].Count()
					ex := extra | g.Cand[next]&^xy
					if cnt == 2 || ex.Count() == 1 || allowed > 0 {
						left := allowed
						if cnt > 2 {
							left--
						}
						loop = append(loop, next)
						stop := walk(next, left, ex, kind)
						loop = loop[:len(loop)-1]
						if stop {
							return true
						}
					}
				}
			}
			return false
		}
		loop = append(loop[:0], start)
		if walk(start, 2, 0, HouseKind(255)) {
			return found
		}
		best = append(best, found...)
	}
	return best
}

// loopSteps returns the steps of a closed loop on the digits xy, once per
// loop (seen holds the loops already tried).
func (g *Grid) loopSteps(loop []int, xy Digits, seen map[string]bool) []Step {
	if len(loop)%2 != 0 || !g.isLoop(loop) {
		return nil
	}
	sorted := append([]int(nil), loop...)
	sort.Ints(sorted)
	key := fmt.Sprint(sorted, xy)
	if seen[key] {
		return nil
	}
	seen[key] = true
	ds := xy.List()
	return g.rectangleSteps(append([]int(nil), loop...), ds[0], ds[1])
}

// isLoop reports whether every house holding a cell of the loop holds
// exactly two of its cells, one at an even place and one at an odd place.
func (g *Grid) isLoop(loop []int) bool {
	var houses, even, odd [96]int
	n := 0
	for i, c := range loop {
		for _, h := range g.HousesOf[c] {
			j := 0
			for j < n && houses[j] != h {
				j++
			}
			if j == n {
				if n == len(houses) {
					return false
				}
				houses[n], even[n], odd[n] = h, 0, 0
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

// loopRating is SE's rating of a unique loop of n cells.
func loopRating(n int) float64 {
	switch {
	case n >= 10:
		return 5.0
	case n >= 8:
		return 4.7
	case n >= 6:
		return 4.6
	}
	return 4.5
}

// rectangleSteps returns the unique rectangle steps of loop cells on
// digits x and y.
func (g *Grid) rectangleSteps(cells []int, x, y int) []Step {
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
	loop := cells
	shape := "Unique Rectangle"
	if len(loop) > 4 {
		shape = "Unique Loop"
	}
	base := loopRating(len(loop))
	mk := func(typ int, rating float64, elims []Candidate, houses []int, what string) Step {
		return Step{
			Technique: fmt.Sprintf("%s Type %d", shape, typ), Rating: math.Round((rating-4.5+base)*10) / 10,
			Eliminations: elims, Cells: loop, Houses: houses, Candidates: used,
			Text: fmt.Sprintf("%s Type %d: %s on %d/%d; %s; %s", shape, typ, cellList(g.N, loop), x, y, what, candList(g.N, elims)),
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
			if g.Value[c] != 0 || !g.Cand[c].Has(w) || hasCell(extra, c) {
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
		if !hasCell(g.Houses[h].Cells, e2) {
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
					if hasCell(pick, c) {
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

// findBUG finds a bivalue universal grave (SE's BivalueUniversalGrave):
// a digit that appears in a house other than twice (or not at all) marks
// a BUG value in the one cell of more than two candidates holding it;
// without the BUG values every unsolved cell would have two candidates
// and every digit two places or none in each house, a pattern with no
// single solution, so one BUG value is true. Type 1 (BUG+1, SE 5.6): one
// BUG cell, which loses its other candidates. Type 2 (SE 5.7): one BUG
// value in several cells, which the cells seeing all of them lose. Type 4
// (SE 5.7): see bugType4. SE's type 3 (a naked set with the BUG values)
// is not found.
func findBUG(g *Grid) []Step {
	multi := 0
	for c, s := range g.Cand {
		if g.Value[c] != 0 {
			continue
		}
		switch n := s.Count(); {
		case n < 2:
			return nil
		case n > 2:
			multi++
		}
	}
	if multi == 0 {
		return nil
	}
	var pos [65]uint64
	var bugCells []int
	bugValues := map[int]Digits{}
	var allValues Digits
	for h := range g.Houses {
		g.housePositions(h, &pos)
		cells := g.Houses[h].Cells
		for d := 1; d <= g.N; d++ {
			if cnt := bits.OnesCount64(pos[d]); cnt == 0 || cnt == 2 {
				continue
			}
			bug, found := -1, 0
			for p := pos[d]; p != 0; p &= p - 1 {
				if c := cells[bits.TrailingZeros64(p)]; g.Cand[c].Count() >= 3 {
					bug = c
					found++
				}
			}
			switch found {
			case 0:
				return nil // a digit off two places with no cell to blame
			case 1:
				if _, ok := bugValues[bug]; !ok {
					bugCells = append(bugCells, bug)
				}
				bugValues[bug] |= DigitSet(d)
				allValues |= DigitSet(d)
			}
		}
	}
	if len(bugCells) == 0 {
		return nil
	}
	// Without the BUG values the grid must be a BUG.
	cand := func(c int) Digits { return g.Cand[c] &^ bugValues[c] }
	for c := range g.Cand {
		if g.Value[c] == 0 && cand(c).Count() != 2 {
			return nil
		}
	}
	for _, h := range g.Houses {
		var once, twice, more Digits
		for _, c := range h.Cells {
			if g.Value[c] != 0 {
				continue
			}
			s := cand(c)
			more |= twice & s
			twice |= once & s
			once |= s
		}
		if more != 0 || once&^twice != 0 {
			return nil
		}
	}
	var used []Candidate
	for _, c := range bugCells {
		for _, d := range bugValues[c].List() {
			used = append(used, Candidate{c, d})
		}
	}
	if len(bugCells) == 1 {
		bug := bugCells[0]
		var elims []Candidate
		for _, d := range (g.Cand[bug] &^ allValues).List() {
			elims = append(elims, Candidate{bug, d})
		}
		if len(elims) == 0 {
			return nil
		}
		return []Step{{
			Technique: "BUG+1", Rating: 5.6, Eliminations: elims, Cells: []int{bug}, Candidates: used,
			Text: fmt.Sprintf("BUG+1: without %s in %s every cell would have two candidates and every digit two places, a pattern with two solutions; so %s is %s; %s",
				digitList(allValues), CellName(g.N, bug), CellName(g.N, bug), digitList(allValues), candList(g.N, elims)),
		}}
	}
	if allValues.Count() == 1 {
		if s, ok := g.bugType2(bugCells, allValues.Single(), used); ok {
			return []Step{s}
		}
	}
	if len(bugCells) == 2 {
		if s, ok := g.bugType4(bugCells, bugValues, allValues, used); ok {
			return []Step{s}
		}
	}
	return nil
}

// bugType2 eliminates the one BUG value w from the cells seeing every BUG
// cell.
func (g *Grid) bugType2(bugCells []int, w int, used []Candidate) (Step, bool) {
	var elims []Candidate
	for c := range g.Cand {
		if g.Value[c] != 0 || !g.Cand[c].Has(w) || hasCell(bugCells, c) {
			continue
		}
		all := true
		for _, b := range bugCells {
			all = all && g.Sees(c, b)
		}
		if all {
			elims = append(elims, Candidate{c, w})
		}
	}
	if len(elims) == 0 {
		return Step{}, false
	}
	return Step{
		Technique: "BUG Type 2", Rating: 5.7, Eliminations: elims, Cells: append([]int(nil), bugCells...), Candidates: used,
		Text: fmt.Sprintf("BUG Type 2: without %d in %s the grid would be a bivalue universal grave, so one of them is %d; %s",
			w, cellList(g.N, bugCells), w, candList(g.N, elims)),
	}, true
}

// bugType4 (SE 5.7): two BUG cells in one house, whose BUG-pattern
// candidates share one digit v. One of them holds its BUG value; v, which
// has only those two places in the house, must be in the other; so
// neither holds its third candidate.
func (g *Grid) bugType4(bugCells []int, bugValues map[int]Digits, all Digits, used []Candidate) (Step, bool) {
	c1, c2 := bugCells[0], bugCells[1]
	v := (g.Cand[c1] & g.Cand[c2] &^ all).Single()
	if v == 0 {
		return Step{}, false
	}
	house := -1
	for _, h := range g.HousesOf[c1] {
		if hasCell(g.Houses[h].Cells, c2) {
			house = h
			break
		}
	}
	if house < 0 {
		return Step{}, false
	}
	var elims []Candidate
	for _, c := range bugCells {
		for _, d := range (g.Cand[c] &^ bugValues[c] &^ DigitSet(v)).List() {
			elims = append(elims, Candidate{c, d})
		}
	}
	if len(elims) == 0 {
		return Step{}, false
	}
	return Step{
		Technique: "BUG Type 4", Rating: 5.7, Eliminations: elims, Cells: []int{c1, c2}, Houses: []int{house}, Candidates: used,
		Text: fmt.Sprintf("BUG Type 4: one of %s holds its BUG value and %d, which fits only them in %s, is in the other; %s",
			cellList(g.N, bugCells), v, g.Houses[house].Name(), candList(g.N, elims)),
	}, true
}
