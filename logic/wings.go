package logic

import (
	"fmt"
	"math/bits"
)

// findXYWing finds an XY-Wing (SE 4.2): a pivot cell xy seeing two cells
// xz and yz; whichever the pivot holds, one of them is z, so the cells
// seeing both lose z.
func findXYWing(g *Grid) []Step { return findWing(g, false) }

// findXYZWing finds an XYZ-Wing (SE 4.4): a pivot cell xyz seeing two
// cells xz and yz; the cells seeing all three lose z.
func findXYZWing(g *Grid) []Step { return findWing(g, true) }

func findWing(g *Grid, xyz bool) []Step {
	size := 2
	if xyz {
		size = 3
	}
	for pivot, ps := range g.Cand {
		if g.Value[pivot] != 0 || ps.Count() != size {
			continue
		}
		peers := g.Peers[pivot]
		for i, a := range peers {
			as := g.Cand[a]
			if g.Value[a] != 0 || as.Count() != 2 {
				continue
			}
			if xyz {
				if as&ps != as {
					continue
				}
			} else if (as & ps).Count() != 1 {
				continue
			}
			for _, b := range peers[i+1:] {
				bs := g.Cand[b]
				if g.Value[b] != 0 || bs.Count() != 2 || bs == as {
					continue
				}
				var z Digits
				if xyz {
					if bs&ps != bs || as|bs != ps {
						continue
					}
					z = as & bs
				} else {
					z = as & bs &^ ps
					if z.Count() != 1 || (bs&ps).Count() != 1 || as|bs|ps != ps|z {
						continue
					}
				}
				if s, ok := g.wingStep(xyz, pivot, a, b, z.Single()); ok {
					return []Step{s}
				}
			}
		}
	}
	return nil
}

func (g *Grid) wingStep(xyz bool, pivot, a, b, z int) (Step, bool) {
	geo := g.geometry()
	bit := DigitSet(z)
	var elims []Candidate
	for w := 0; w < geo.words; w++ {
		common := geo.sees[a][w] & geo.sees[b][w]
		if xyz {
			common &= geo.sees[pivot][w]
		}
		for ; common != 0; common &= common - 1 {
			c := w*64 + bits.TrailingZeros64(common)
			if c != pivot && g.Value[c] == 0 && g.Cand[c]&bit != 0 {
				elims = append(elims, Candidate{c, z})
			}
		}
	}
	if len(elims) == 0 {
		return Step{}, false
	}
	name, rating := "XY-Wing", 4.2
	if xyz {
		name, rating = "XYZ-Wing", 4.4
	}
	cells := []int{pivot, a, b}
	var used []Candidate
	for _, c := range cells {
		for _, d := range g.Cand[c].List() {
			used = append(used, Candidate{c, d})
		}
	}
	return Step{
		Technique: name, Rating: rating, Eliminations: elims, Cells: cells, Candidates: used,
		Text: fmt.Sprintf("%s: pivot %s (%s), wings %s (%s) and %s (%s); %s", name,
			CellName(g.N, pivot), digitList(g.Cand[pivot]), CellName(g.N, a), digitList(g.Cand[a]),
			CellName(g.N, b), digitList(g.Cand[b]), candList(g.N, elims)),
	}, true
}
