package logic

import (
	"fmt"
	"sort"
	"strings"
)

// als is an almost locked set: n cells of one house holding n+1 digits
// between them, so that removing any one digit locks the rest.
type als struct {
	house int
	cells []int
	cand  Digits
}

// alsMaxCells bounds the size of the sets searched.
const alsMaxCells = 4

// findALSs lists the almost locked sets of every house, up to
// alsMaxCells cells, each once (a set lying in two houses is listed from
// the first).
func findALSs(g *Grid) []als {
	var out []als
	seen := map[string]bool{}
	for hi, h := range g.Houses {
		var open []int
		for _, c := range h.Cells {
			if g.Value[c] == 0 {
				open = append(open, c)
			}
		}
		var rec func(start int, cells []int, cand Digits)
		rec = func(start int, cells []int, cand Digits) {
			if len(cells) > 0 && cand.Count() == len(cells)+1 {
				k := fmt.Sprint(cells)
				if !seen[k] {
					seen[k] = true
					out = append(out, als{hi, append([]int(nil), cells...), cand})
				}
			}
			if len(cells) == alsMaxCells {
				return
			}
			for i := start; i < len(open); i++ {
				rec(i+1, append(cells, open[i]), cand|g.Cand[open[i]])
			}
		}
		rec(0, nil, 0)
	}
	return out
}

// cellsWith returns the cells of a set that hold d.
func (a als) cellsWith(g *Grid, d int) []int {
	var out []int
	for _, c := range a.cells {
		if g.Cand[c].Has(d) {
			out = append(out, c)
		}
	}
	return out
}

// findALSXZ finds ALS-XZ steps: two disjoint almost locked sets A and B
// with a restricted common digit x (every x of A sees every x of B, so at
// most one set holds x, and the other is then locked) make every other
// common digit z true in A or in B, so z goes from each cell that sees all
// the z cells of both. Two restricted common digits make the pair doubly
// linked (see doublyLinked), which removes more. A step rates as SE's
// chain through the sets' cells (7.0 plus the length bonus of |A|+|B|+2
// potentials).
func findALSXZ(g *Grid) []Step {
	sets := findALSs(g)
	a := &aicGraph{g: g}
	var out []Step
	seen := map[string]bool{}
	for i := range sets {
		for j := i + 1; j < len(sets); j++ {
			A, B := sets[i], sets[j]
			if overlap(A.cells, B.cells) {
				continue
			}
			common := A.cand & B.cand
			if common.Count() < 2 {
				continue
			}
			var rccs []int
			for _, x := range common.List() {
				ax, bx := A.cellsWith(g, x), B.cellsWith(g, x)
				restricted := true
				for _, c := range ax {
					if !a.seesAll(c, bx) {
						restricted = false
						break
					}
				}
				if restricted {
					rccs = append(rccs, x)
				}
			}
			if len(rccs) == 2 {
				if elim := doublyLinked(g, a, A, B, rccs); len(elim) > 0 {
					if k := fmt.Sprint(elim); !seen[k] {
						seen[k] = true
						out = append(out, alsStep(g, A, B, rccs, nil, elim))
					}
				}
			}
			for _, x := range rccs {
				var elim []Candidate
				var zs []int
				for _, z := range (common &^ DigitSet(x)).List() {
					zc := append(A.cellsWith(g, z), B.cellsWith(g, z)...)
					found := false
					for c := range g.Cand {
						if g.Value[c] != 0 || !g.Cand[c].Has(z) || contains(A.cells, c) || contains(B.cells, c) {
							continue
						}
						if a.seesAll(c, zc) {
							elim = append(elim, Candidate{c, z})
							found = true
						}
					}
					if found {
						zs = append(zs, z)
					}
				}
				if len(elim) == 0 {
					continue
				}
				sortCandidates(elim)
				k := fmt.Sprint(elim)
				if seen[k] {
					continue
				}
				seen[k] = true
				out = append(out, alsStep(g, A, B, []int{x}, zs, elim))
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Rating < out[j].Rating })
	return out
}

// doublyLinked returns the eliminations of a doubly linked ALS-XZ: two
// sets with two restricted common digits x and y. A set of n cells with
// n+1 digits lacks at most one of them; were a digit other than x and y
// missing from A, A would hold both x and y, so B neither, and B would
// lack two. So each set lacks x or y and holds the other, and each of x
// and y lies once in the two sets: a cell outside them that sees every
// x (or y) of both loses it, and a cell outside a set that sees all its
// cells holding another of its digits loses that digit, which the set
// holds.
func doublyLinked(g *Grid, a *aicGraph, A, B als, rccs []int) []Candidate {
	var elim []Candidate
	outside := func(c int) bool {
		return g.Value[c] == 0 && !contains(A.cells, c) && !contains(B.cells, c)
	}
	for _, x := range rccs {
		xc := append(A.cellsWith(g, x), B.cellsWith(g, x)...)
		for c := range g.Cand {
			if outside(c) && g.Cand[c].Has(x) && a.seesAll(c, xc) {
				elim = append(elim, Candidate{c, x})
			}
		}
	}
	for _, set := range []als{A, B} {
		for _, d := range (set.cand &^ DigitSet(rccs...)).List() {
			dc := set.cellsWith(g, d)
			for c := range g.Cand {
				if outside(c) && g.Cand[c].Has(d) && a.seesAll(c, dc) {
					elim = append(elim, Candidate{c, d})
				}
			}
		}
	}
	sortCandidates(elim)
	// A digit of both sets' other digits may be removed twice.
	out := elim[:0]
	for i, e := range elim {
		if i == 0 || e != elim[i-1] {
			out = append(out, e)
		}
	}
	return out
}

// alsStep makes the step of sets A and B linked by the restricted common
// digits xs (one, or two for a doubly linked pair) removing elim; zs are
// the other common digits that remove candidates.
func alsStep(g *Grid, A, B als, xs []int, zs []int, elim []Candidate) Step {
	tenths := tenthsXYChain + lengthBonus(len(A.cells)+len(B.cells)+2)
	s := Step{Technique: "ALS-XZ", Rating: float64(tenths) / 10, Eliminations: elim,
		Houses: []int{A.house, B.house}}
	for _, set := range []als{A, B} {
		for _, c := range set.cells {
			s.Cells = appendCell(s.Cells, c)
			for _, d := range g.Cand[c].List() {
				s.Candidates = append(s.Candidates, Candidate{c, d})
			}
		}
	}
	for _, x := range xs {
		ax, bx := A.cellsWith(g, x), B.cellsWith(g, x)
		s.Links = append(s.Links, Link{From: Node{Digit: x, Cells: ax}, To: Node{Digit: x, Cells: bx}})
	}
	parts := make([]string, len(elim))
	for i, e := range elim {
		parts[i] = fmt.Sprintf("%s≠%d", CellName(g.N, e.Cell), e.Digit)
	}
	zt := make([]string, len(zs))
	for i, z := range zs {
		zt[i] = fmt.Sprint(z)
	}
	if len(xs) == 2 {
		s.Text = fmt.Sprintf("ALS-XZ (doubly linked): A=%s {%s}, B=%s {%s}, x=%d, y=%d ⇒ %s",
			cellsName(g.N, A.cells), digitsText(A.cand), cellsName(g.N, B.cells), digitsText(B.cand),
			xs[0], xs[1], strings.Join(parts, ", "))
		return s
	}
	s.Text = fmt.Sprintf("ALS-XZ: A=%s {%s}, B=%s {%s}, x=%d, z=%s ⇒ %s",
		cellsName(g.N, A.cells), digitsText(A.cand), cellsName(g.N, B.cells), digitsText(B.cand),
		xs[0], strings.Join(zt, ","), strings.Join(parts, ", "))
	return s
}
