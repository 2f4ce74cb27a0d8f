package logic

import (
	"fmt"
	"math/bits"
)

var fishNames = [...]string{2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}

// SE's ratings of basic fish (LockingHint: 3.2, 3.8, 5.2). SE has no
// finned fish: SukakuExplainer finds them as strong-link patterns
// (StrongLinksHint: 2, 3, 4 links rate 4.0, 5.4, 5.8, plus 0.3 when a
// link is grouped, as a fin's box makes it), so a sashimi fish takes the
// plain value and a finned one the grouped value.
var (
	fishRatings    = [...]float64{2: 3.2, 3: 3.8, 4: 5.2}
	sashimiRatings = [...]float64{2: 4.0, 3: 5.4, 4: 5.8}
	finnedRatings  = [...]float64{2: 4.3, 3: 5.7, 4: 6.1}
)

// fishLines holds, for one digit and one orientation, the base lines that
// may take part and their positions across (a bit per cover line).
type fishLines struct {
	house []int    // base house indexes
	pos   []uint64 // positions: bit i is the cover line of index i
}

// lines returns the base lines of digit d: rows (across: columns) when
// byRow, else columns, each with between 1 and max candidates of d.
func (g *Grid) lines(d int, byRow bool, max int, fl *fishLines) {
	fl.house, fl.pos = fl.house[:0], fl.pos[:0]
	geo := g.geometry()
	base := geo.cols
	if byRow {
		base = geo.rows
	}
	bit := DigitSet(d)
	for _, h := range base {
		var p uint64
		for _, c := range g.Houses[h].Cells {
			if g.Value[c] == d {
				p = 0
				break
			}
			if g.Value[c] == 0 && g.Cand[c]&bit != 0 {
				if byRow {
					p |= 1 << (c % g.N)
				} else {
					p |= 1 << (c / g.N)
				}
			}
		}
		if n := bits.OnesCount64(p); n >= 1 && n <= max {
			fl.house = append(fl.house, h)
			fl.pos = append(fl.pos, p)
		}
	}
}

// placedCount returns how many cells hold d.
func (g *Grid) placedCount(d int) int {
	n := 0
	for _, v := range g.Value {
		if v == d {
			n++
		}
	}
	return n
}

// findFish returns the finder of basic fish of k lines: k columns (then
// rows, SE's order) whose candidates of a digit lie in k rows, which lose
// the digit elsewhere.
func findFish(k int) func(*Grid) []Step {
	return func(g *Grid) []Step {
		if len(g.geometry().rows) != g.N || len(g.geometry().cols) != g.N {
			return nil
		}
		var fl fishLines
		for d := 1; d <= g.N; d++ {
			// SE: a fish needs 2k cells still open for the digit.
			if g.placedCount(d)+2*k > g.N {
				continue
			}
			for _, byRow := range []bool{false, true} {
				g.lines(d, byRow, k, &fl)
				var pick [4]int
				if s, ok := g.fishSearch(d, k, byRow, &fl, pick[:0], 0, 0, false, false); ok {
					return []Step{s}
				}
			}
		}
		return nil
	}
}

// findFinnedFish returns the finder of finned fish of k lines (sashimi
// ones when sashimi): k base lines whose candidates of a digit lie in k
// cover lines but for fins, all in one box; the cells of the cover lines
// in that box, outside the base lines, lose the digit.
func findFinnedFish(k int, sashimi bool) func(*Grid) []Step {
	return func(g *Grid) []Step {
		if len(g.geometry().rows) != g.N || len(g.geometry().cols) != g.N {
			return nil
		}
		var fl fishLines
		for d := 1; d <= g.N; d++ {
			for _, byRow := range []bool{false, true} {
				g.lines(d, byRow, k+3, &fl)
				var pick [4]int
				if s, ok := g.fishSearch(d, k, byRow, &fl, pick[:0], 0, 0, true, sashimi); ok {
					return []Step{s}
				}
			}
		}
		return nil
	}
}

// fishSearch tries the sets of k base lines from index from; union is
// their positions. finned looks for finned fish (sashimi ones when
// sashimi) instead of basic ones.
func (g *Grid) fishSearch(d, k int, byRow bool, fl *fishLines, pick []int, from int, union uint64, finned, sashimi bool) (Step, bool) {
	if len(pick) == k {
		if !finned {
			if bits.OnesCount64(union) != k {
				return Step{}, false
			}
			return g.fishStep(d, k, byRow, fl, pick, union, 0, -1, false)
		}
		if bits.OnesCount64(union) <= k {
			return Step{}, false
		}
		return g.finnedCover(d, k, byRow, fl, pick, union, sashimi)
	}
	limit := k
	if finned {
		limit = k + 3
	}
	for i := from; i <= len(fl.house)-(k-len(pick)); i++ {
		u := union | fl.pos[i]
		if bits.OnesCount64(u) > limit {
			continue
		}
		if s, ok := g.fishSearch(d, k, byRow, fl, append(pick, i), i+1, u, finned, sashimi); ok {
			return s, ok
		}
	}
	return Step{}, false
}

// finnedCover tries every cover of k lines among the positions union of
// the picked base lines, the rest being fins in one box.
func (g *Grid) finnedCover(d, k int, byRow bool, fl *fishLines, pick []int, union uint64, sashimi bool) (Step, bool) {
	idx := make([]int, 0, 8)
	for u := union; u != 0; u &= u - 1 {
		idx = append(idx, bits.TrailingZeros64(u))
	}
	var try func(from int, cover uint64, n int) (Step, bool)
	try = func(from int, cover uint64, n int) (Step, bool) {
		if n == k {
			isSashimi := false
			for _, i := range pick {
				in := bits.OnesCount64(fl.pos[i] & cover)
				if in == 0 {
					return Step{}, false
				}
				if in == 1 {
					isSashimi = true
				}
			}
			if isSashimi != sashimi {
				return Step{}, false
			}
			box := g.finBox(byRow, fl, pick, cover)
			if box < 0 {
				return Step{}, false
			}
			return g.fishStep(d, k, byRow, fl, pick, cover, union&^cover, box, sashimi)
		}
		for i := from; i <= len(idx)-(k-n); i++ {
			if s, ok := try(i+1, cover|1<<idx[i], n+1); ok {
				return s, ok
			}
		}
		return Step{}, false
	}
	return try(0, 0, 0)
}

// cellAt returns the cell of base line fl.house[i] at cross position p.
func (g *Grid) cellAt(byRow bool, line, p int) int {
	if byRow {
		return line*g.N + p
	}
	return p*g.N + line
}

// lineIndex returns the row (byRow) or column index of base house h.
func (g *Grid) lineIndex(h int) int { return g.Houses[h].Index }

// finBox returns the box holding every fin of the picked base lines
// (their candidates outside cover), or −1.
func (g *Grid) finBox(byRow bool, fl *fishLines, pick []int, cover uint64) int {
	box := -1
	for _, i := range pick {
		for f := fl.pos[i] &^ cover; f != 0; f &= f - 1 {
			c := g.cellAt(byRow, g.lineIndex(fl.house[i]), bits.TrailingZeros64(f))
			b := -1
			for _, h := range g.HousesOf[c] {
				if g.Houses[h].Kind == Box {
					b = h
				}
			}
			if b < 0 || (box >= 0 && b != box) {
				return -1
			}
			box = b
		}
	}
	return box
}

// fishStep builds the step: the cover lines lose d outside the base lines
// (only in the fin box when fins is not 0).
func (g *Grid) fishStep(d, k int, byRow bool, fl *fishLines, pick []int, cover, fins uint64, box int, sashimi bool) (Step, bool) {
	bit := DigitSet(d)
	var baseLines uint64
	var houses []int
	for _, i := range pick {
		baseLines |= 1 << g.lineIndex(fl.house[i])
		houses = append(houses, fl.house[i])
	}
	var elims []Candidate
	for cv := cover; cv != 0; cv &= cv - 1 {
		p := bits.TrailingZeros64(cv)
		for line := 0; line < g.N; line++ {
			if baseLines&(1<<line) != 0 {
				continue
			}
			c := g.cellAt(byRow, line, p)
			if g.Value[c] != 0 || g.Cand[c]&bit == 0 {
				continue
			}
			if box >= 0 && !hasCell(g.Houses[box].Cells, c) {
				continue
			}
			elims = append(elims, Candidate{c, d})
		}
	}
	if len(elims) == 0 {
		return Step{}, false
	}
	var cells []int
	var used []Candidate
	for _, i := range pick {
		for p := fl.pos[i]; p != 0; p &= p - 1 {
			c := g.cellAt(byRow, g.lineIndex(fl.house[i]), bits.TrailingZeros64(p))
			cells = append(cells, c)
			used = append(used, Candidate{c, d})
		}
	}
	name, rating := fishNames[k], fishRatings[k]
	switch {
	case box >= 0 && sashimi:
		name, rating = "Sashimi "+name, sashimiRatings[k]
	case box >= 0:
		name, rating = "Finned "+name, finnedRatings[k]
	}
	if box >= 0 {
		houses = append(houses, box)
	}
	base := "columns"
	if byRow {
		base = "rows"
	}
	text := fmt.Sprintf("%s: %d in %s %s", name, d, base, lineNames(g, houses[:k]))
	if box >= 0 {
		text += " with fins in " + g.Houses[box].Name()
	}
	return Step{
		Technique: name, Rating: rating, Eliminations: elims,
		Cells: cells, Houses: houses, Candidates: used,
		Text: text + "; " + candList(g.N, elims),
	}, true
}

// lineNames writes the 1-based indexes of houses as "1, 4, 7".
func lineNames(g *Grid, houses []int) string {
	s := ""
	for i, h := range houses {
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprint(g.Houses[h].Index + 1)
	}
	return s
}
