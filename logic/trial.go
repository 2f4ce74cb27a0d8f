package logic

import "fmt"

// TrialRating is the rating of a Bifurcation step: serate's 20.0 for a
// puzzle beyond its solver, since SE has no trial.
const TrialRating = 20.0

// trialBudget bounds the search of one trial, in placements tried.
const trialBudget = 200000

// bifurcation finds a candidate whose placement leaves no solution at all,
// by an exhaustive search bounded by trialBudget, trying the cells with
// the fewest candidates first. It is a proof by exhaustion: the step
// removes the candidate and never places a guess.
func bifurcation(g *Grid) (Step, bool) {
	for size := 2; size <= g.N; size++ {
		for c, s := range g.Cand {
			if g.Value[c] != 0 || s.Count() != size {
				continue
			}
			for _, d := range s.List() {
				t := g.Clone()
				t.Place(c, d)
				budget := trialBudget
				if found, complete := t.search(&budget); !found && complete {
					return Step{
						Technique:    "Bifurcation",
						Rating:       TrialRating,
						Eliminations: []Candidate{{c, d}},
						Cells:        []int{c},
						Text:         fmt.Sprintf("Bifurcation: with %d in %s the grid has no solution (exhaustive search); %s≠%d", d, CellName(g.N, c), CellName(g.N, c), d),
					}, true
				}
			}
		}
	}
	return Step{}, false
}

// search reports whether g has a solution (found), and whether the search
// finished within budget (complete); it changes g.
func (g *Grid) search(budget *int) (found, complete bool) {
	if !g.propagate() {
		return false, true
	}
	best, bestCount := -1, g.N+1
	for c, s := range g.Cand {
		if g.Value[c] == 0 && s.Count() < bestCount {
			best, bestCount = c, s.Count()
		}
	}
	if best < 0 {
		return true, true
	}
	complete = true
	for _, d := range g.Cand[best].List() {
		if *budget <= 0 {
			return false, false
		}
		*budget--
		t := g.Clone()
		t.Place(best, d)
		f, c := t.search(budget)
		if f {
			return true, true
		}
		complete = complete && c
	}
	return false, complete
}

// propagate places naked and hidden singles until none is left; it
// returns false on a contradiction.
func (g *Grid) propagate() bool {
	var pos [65]uint64
	for changed := true; changed; {
		changed = false
		for c, s := range g.Cand {
			if g.Value[c] != 0 {
				continue
			}
			switch s.Count() {
			case 0:
				return false
			case 1:
				g.Place(c, s.Single())
				changed = true
			}
		}
		for h := range g.Houses {
			open, _ := g.housePositions(h, &pos)
			var placed Digits
			for _, c := range g.Houses[h].Cells {
				if v := g.Value[c]; v != 0 {
					if placed.Has(v) {
						return false
					}
					placed |= DigitSet(v)
				}
			}
			if (open | placed) != g.all() {
				return false
			}
			for d := 1; d <= g.N; d++ {
				if pos[d] != 0 && pos[d]&(pos[d]-1) == 0 {
					c := g.Houses[h].Cells[trailing(pos[d])]
					if g.Value[c] == 0 && g.Cand[c].Has(d) {
						g.Place(c, d)
						changed = true
					}
				}
			}
		}
	}
	return true
}
