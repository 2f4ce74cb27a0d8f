package logic

import (
	"fmt"
	"math/bits"
)

var setNames = [...]string{2: "Pair", 3: "Triple", 4: "Quad"}

// nakedRatings and hiddenRatings are SE's ratings of naked and hidden
// sets by size (NakedSetHint, HiddenSetHint).
var (
	nakedRatings  = [...]float64{2: 3.0, 3: 3.6, 4: 5.0}
	hiddenRatings = [...]float64{2: 3.4, 3: 4.0, 4: 5.4}
)

// findNaked returns the finder of naked sets of k cells: k cells of a
// house whose candidates are k digits between them; the house's other
// cells lose those digits.
func findNaked(k int) func(*Grid) []Step {
	return func(g *Grid) []Step {
		var cells [64]int
		for _, h := range g.geometry().order {
			n := 0
			empty := 0
			for _, c := range g.Houses[h].Cells {
				if g.Value[c] != 0 {
					continue
				}
				empty++
				if cnt := g.Cand[c].Count(); cnt >= 2 && cnt <= k {
					cells[n] = c
					n++
				}
			}
			if n < k || empty <= k {
				continue
			}
			var pick [4]int
			if s, ok := g.nakedSearch(h, k, cells[:n], pick[:0], 0, 0); ok {
				return []Step{s}
			}
		}
		return nil
	}
}

// nakedSearch tries the subsets of cells from index from, extending pick
// whose candidates are union.
func (g *Grid) nakedSearch(h, k int, cells, pick []int, from int, union Digits) (Step, bool) {
	if len(pick) == k {
		if union.Count() != k {
			return Step{}, false
		}
		return g.nakedStep(h, k, pick, union)
	}
	for i := from; i <= len(cells)-(k-len(pick)); i++ {
		u := union | g.Cand[cells[i]]
		if u.Count() > k {
			continue
		}
		if s, ok := g.nakedSearch(h, k, cells, append(pick, cells[i]), i+1, u); ok {
			return s, ok
		}
	}
	return Step{}, false
}

func (g *Grid) nakedStep(h, k int, pick []int, set Digits) (Step, bool) {
	var elims []Candidate
	for _, c := range g.Houses[h].Cells {
		if g.Value[c] != 0 || g.Cand[c]&set == 0 || hasCell(pick, c) {
			continue
		}
		for s := g.Cand[c] & set; s != 0; s &= s - 1 {
			elims = append(elims, Candidate{c, bits.TrailingZeros64(uint64(s)) + 1})
		}
	}
	if len(elims) == 0 {
		return Step{}, false
	}
	cells := append([]int(nil), pick...)
	var used []Candidate
	for _, c := range cells {
		for _, d := range g.Cand[c].List() {
			used = append(used, Candidate{c, d})
		}
	}
	name := "Naked " + setNames[k]
	return Step{
		Technique: name, Rating: nakedRatings[k], Eliminations: elims,
		Cells: cells, Houses: []int{h}, Candidates: used,
		Text: fmt.Sprintf("%s: %s hold %s in %s; %s", name, cellList(g.N, cells), digitList(set), g.Houses[h].Name(), candList(g.N, elims)),
	}, true
}

func hasCell(cells []int, c int) bool {
	for _, x := range cells {
		if x == c {
			return true
		}
	}
	return false
}

// housePositions fills pos[d] with the positions (indexes into the
// house's cells) of candidate d among its unsolved cells, and returns the
// digits not placed in the house and the number of unsolved cells.
func (g *Grid) housePositions(h int, pos *[65]uint64) (open Digits, empty int) {
	for d := range pos {
		pos[d] = 0
	}
	for i, c := range g.Houses[h].Cells {
		if g.Value[c] != 0 {
			continue
		}
		empty++
		for s := g.Cand[c]; s != 0; s &= s - 1 {
			pos[bits.TrailingZeros64(uint64(s))+1] |= 1 << i
		}
	}
	for d := 1; d <= g.N; d++ {
		if pos[d] != 0 {
			open |= DigitSet(d)
		}
	}
	return open, empty
}

// findHidden returns the finder of hidden sets of k digits: k digits of a
// house that fit only in the same k cells, which lose their other
// candidates. As SE, it looks only in houses with more than 2k unsolved
// cells (else the naked set of the other cells is smaller).
func findHidden(k int) func(*Grid) []Step {
	return func(g *Grid) []Step {
		var pos [65]uint64
		for _, h := range g.geometry().order {
			open, empty := g.housePositions(h, &pos)
			if empty <= 2*k {
				continue
			}
			if s, ok := g.hiddenSearch(h, k, &pos, open.List(), 0, 0, 0, false); ok {
				return []Step{s}
			}
		}
		return nil
	}
}

// findDirectHidden returns the finder of SE's direct hidden sets: a
// hidden set of k digits whose eliminations leave another digit with one
// place in the house, which is placed (SE 2.0 for pairs, 2.5 for triples).
func findDirectHidden(k int) func(*Grid) []Step {
	return func(g *Grid) []Step {
		var pos [65]uint64
		for _, h := range g.geometry().order {
			open, empty := g.housePositions(h, &pos)
			if empty <= k {
				continue
			}
			if s, ok := g.hiddenSearch(h, k, &pos, open.List(), 0, 0, 0, true); ok {
				return []Step{s}
			}
		}
		return nil
	}
}

// hiddenSearch tries the sets of k digits of open from index from; set
// and where are the digits picked and the union of their positions.
func (g *Grid) hiddenSearch(h, k int, pos *[65]uint64, open []int, from int, set Digits, where uint64, direct bool) (Step, bool) {
	if set.Count() == k {
		if bits.OnesCount64(where) != k {
			return Step{}, false
		}
		return g.hiddenStep(h, k, pos, set, where, direct)
	}
	for i := from; i <= len(open)-(k-set.Count()); i++ {
		d := open[i]
		w := where | pos[d]
		if bits.OnesCount64(w) > k {
			continue
		}
		if s, ok := g.hiddenSearch(h, k, pos, open, i+1, set|DigitSet(d), w, direct); ok {
			return s, ok
		}
	}
	return Step{}, false
}

func (g *Grid) hiddenStep(h, k int, pos *[65]uint64, set Digits, where uint64, direct bool) (Step, bool) {
	house := g.Houses[h]
	var cells []int
	var elims, used []Candidate
	for w := where; w != 0; w &= w - 1 {
		c := house.Cells[bits.TrailingZeros64(w)]
		cells = append(cells, c)
		for s := g.Cand[c]; s != 0; s &= s - 1 {
			d := bits.TrailingZeros64(uint64(s)) + 1
			if set.Has(d) {
				used = append(used, Candidate{c, d})
			} else {
				elims = append(elims, Candidate{c, d})
			}
		}
	}
	if len(elims) == 0 {
		return Step{}, false
	}
	if !direct {
		name := "Hidden " + setNames[k]
		return Step{
			Technique: name, Rating: hiddenRatings[k], Eliminations: elims,
			Cells: cells, Houses: []int{h}, Candidates: used,
			Text: fmt.Sprintf("%s: %s fit only %s in %s; %s", name, digitList(set), cellList(g.N, cells), house.Name(), candList(g.N, elims)),
		}, true
	}
	for d := 1; d <= g.N; d++ {
		if set.Has(d) || bits.OnesCount64(pos[d]) < 2 {
			continue
		}
		if rest := pos[d] &^ where; bits.OnesCount64(rest) == 1 {
			c := house.Cells[bits.TrailingZeros64(rest)]
			name, rating := "Direct Hidden Pair", 2.0
			if k == 3 {
				name, rating = "Direct Hidden Triple", 2.5
			}
			return Step{
				Technique: name, Rating: rating, Placements: []Candidate{{c, d}},
				Cells: append(cells, c), Houses: []int{h}, Candidates: append(used, elims...),
				Text: fmt.Sprintf("%s: %s fit only %s in %s, so %d only fits %s", name, digitList(set), cellList(g.N, cells), house.Name(), d, CellName(g.N, c)),
			}, true
		}
	}
	return Step{}, false
}

func trailing(x uint64) int { return bits.TrailingZeros64(x) }
