package logic

import "fmt"

// scan summarises house h: the digits placed in it, the candidates of its
// unsolved cells that occur in one cell (once) and in several (more), how
// many cells are unsolved, and the last unsolved cell seen.
func (g *Grid) scan(h int) (placed, once, more Digits, empty, last int) {
	for _, c := range g.Houses[h].Cells {
		if v := g.Value[c]; v != 0 {
			placed |= DigitSet(v)
			continue
		}
		s := g.Cand[c]
		more |= once & s
		once |= s
		empty++
		last = c
	}
	once &^= more
	return
}

// cellWith returns the unsolved cell of house h that has candidate d, the
// first one.
func (g *Grid) cellWith(h, d int) int {
	bit := DigitSet(d)
	for _, c := range g.Houses[h].Cells {
		if g.Value[c] == 0 && g.Cand[c]&bit != 0 {
			return c
		}
	}
	return -1
}

// findFullHouse finds a house with one cell left: it takes the one
// missing digit (SE: "last value in block, row or column", 1.0).
func findFullHouse(g *Grid) []Step {
	for _, h := range g.geometry().order {
		placed, _, _, empty, last := g.scan(h)
		if empty != 1 {
			continue
		}
		missing := g.all() &^ placed
		d := missing.Single()
		if d == 0 || !g.Cand[last].Has(d) {
			continue
		}
		return []Step{{
			Technique:  "Full House",
			Rating:     1.0,
			Placements: []Candidate{{last, d}},
			Cells:      []int{last},
			Houses:     []int{h},
			Text:       fmt.Sprintf("Full House: %s is the last cell of %s: %d", CellName(g.N, last), g.Houses[h].Name(), d),
		}}
	}
	return nil
}

// findHiddenSingleBox finds a digit with one place left in a box or
// region (SE 1.2).
func findHiddenSingleBox(g *Grid) []Step { return findHiddenSingle(g, true, 1.2) }

// findHiddenSingleLine finds a digit with one place left in a row, a
// column or an extra house (SE 1.5).
func findHiddenSingleLine(g *Grid) []Step { return findHiddenSingle(g, false, 1.5) }

func findHiddenSingle(g *Grid, boxes bool, rating float64) []Step {
	for _, h := range g.geometry().order {
		if (g.Houses[h].Kind == Box) != boxes {
			continue
		}
		placed, once, _, empty, _ := g.scan(h)
		once &^= placed
		if empty < 2 || once == 0 {
			continue
		}
		d := once.List()[0]
		c := g.cellWith(h, d)
		return []Step{{
			Technique:  "Hidden Single",
			Rating:     rating,
			Placements: []Candidate{{c, d}},
			Cells:      []int{c},
			Houses:     []int{h},
			Text:       fmt.Sprintf("Hidden Single: %d in %s only fits %s", d, g.Houses[h].Name(), CellName(g.N, c)),
		}}
	}
	return nil
}

// findNakedSingle finds a cell with one candidate left (SE 2.3).
func findNakedSingle(g *Grid) []Step {
	for c, s := range g.Cand {
		if g.Value[c] != 0 {
			continue
		}
		if d := s.Single(); d != 0 {
			return []Step{{
				Technique:  "Naked Single",
				Rating:     2.3,
				Placements: []Candidate{{c, d}},
				Cells:      []int{c},
				Text:       fmt.Sprintf("Naked Single: %s can only be %d", CellName(g.N, c), d),
			}}
		}
	}
	return nil
}
