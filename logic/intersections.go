package logic

import "fmt"

// lockedKind says which intersection steps a finder reports.
type lockedKind struct {
	direct   bool // SE's direct form: only when it gives a hidden single at once
	pointing bool // pointing (eliminations in a row or column) or claiming
}

func findPointing(g *Grid) []Step { return findLocked(g, lockedKind{pointing: true}) }
func findClaiming(g *Grid) []Step { return findLocked(g, lockedKind{}) }
func findDirectPointing(g *Grid) []Step {
	return findLocked(g, lockedKind{direct: true, pointing: true})
}
func findDirectClaiming(g *Grid) []Step { return findLocked(g, lockedKind{direct: true}) }

// findLocked finds locked candidates: the candidates of a digit in house A
// all lie where A crosses house B, so B's other cells lose the digit.
// SE rates it by the house that loses candidates: a row or column 2.6
// (pointing), else 2.8 (claiming). The direct forms (SE 1.7 from a box,
// 1.9 from a line) are taken only when the eliminations leave a digit with
// one place in a house of A's kind, and place it: SE applies only that
// placement.
func findLocked(g *Grid, k lockedKind) []Step {
	for _, cr := range g.geometry().crossings {
		for side := 0; side < 2; side++ {
			a, b, aRest, bRest := cr.a, cr.b, cr.aRest, cr.bRest
			if side == 1 {
				a, b, aRest, bRest = cr.b, cr.a, cr.bRest, cr.aRest
			}
			kindA, kindB := g.Houses[a].Kind, g.Houses[b].Kind
			if k.direct {
				if (kindA == Box) != k.pointing {
					continue
				}
			} else if (kindB == Row || kindB == Column) != k.pointing {
				continue
			}
			in := g.unsolvedCands(cr.shared)
			locked := in &^ g.unsolvedCands(aRest) & g.unsolvedCands(bRest)
			for locked != 0 {
				d := locked.List()[0]
				locked &^= DigitSet(d)
				if s, ok := g.lockedStep(k, a, b, cr.shared, bRest, d); ok {
					return []Step{s}
				}
			}
		}
	}
	return nil
}

// unsolvedCands returns the union of the candidates of the unsolved cells.
func (g *Grid) unsolvedCands(cells []int) Digits {
	var s Digits
	for _, c := range cells {
		if g.Value[c] == 0 {
			s |= g.Cand[c]
		}
	}
	return s
}

// lockedStep builds the step of digit d locked in a's crossing with b.
func (g *Grid) lockedStep(k lockedKind, a, b int, shared, bRest []int, d int) (Step, bool) {
	bit := DigitSet(d)
	var elims []Candidate
	for _, c := range bRest {
		if g.Value[c] == 0 && g.Cand[c]&bit != 0 {
			elims = append(elims, Candidate{c, d})
		}
	}
	var cells []int
	var used []Candidate
	for _, c := range shared {
		if g.Value[c] == 0 && g.Cand[c]&bit != 0 {
			cells = append(cells, c)
			used = append(used, Candidate{c, d})
		}
	}
	ha, hb := g.Houses[a], g.Houses[b]
	if !k.direct {
		name, rating := "Claiming", 2.8
		if k.pointing {
			name, rating = "Pointing", 2.6
		}
		return Step{
			Technique: name, Rating: rating, Eliminations: elims,
			Cells: cells, Houses: []int{a, b}, Candidates: used,
			Text: fmt.Sprintf("%s: %d in %s lies in %s; %s", name, d, ha.Name(), hb.Name(), candList(g.N, elims)),
		}, true
	}
	// Direct: a house of a's kind, through the eliminated cells, where d
	// then has one place left.
	for _, e := range elims {
		for _, h := range g.HousesOf[e.Cell] {
			if h == a || g.Houses[h].Kind != ha.Kind {
				continue
			}
			left, count := -1, 0
			for _, c := range g.Houses[h].Cells {
				if g.Value[c] != 0 || g.Cand[c]&bit == 0 {
					continue
				}
				if !inElims(elims, c) {
					left = c
					count++
				}
			}
			if count != 1 {
				continue
			}
			name, rating := "Direct Claiming", 1.9
			if k.pointing {
				name, rating = "Direct Pointing", 1.7
			}
			return Step{
				Technique: name, Rating: rating, Placements: []Candidate{{left, d}},
				Cells: append(cells, left), Houses: []int{a, b, h}, Candidates: append(used, elims...),
				Text: fmt.Sprintf("%s: %d in %s lies in %s, so in %s it only fits %s", name, d, ha.Name(), hb.Name(), g.Houses[h].Name(), CellName(g.N, left)),
			}, true
		}
	}
	return Step{}, false
}

func inElims(elims []Candidate, c int) bool {
	for _, e := range elims {
		if e.Cell == c {
			return true
		}
	}
	return false
}
