package explain

import "github.com/satdoku/satdoku/logic"

// CheaperSet returns a set of fewer than k instances (at most two) that
// SAT alone shows forbids a candidate of g, other than a digit of sol,
// and whether there is one: the test that no cheaper step than one of k
// instances existed, independent of the exact check.
func (x *Explainer) CheaperSet(g *logic.Grid, sol []int, k int) (string, bool) {
	for size := 1; size < k && size <= 2; size++ {
		for _, cs := range x.order[size-1] {
			for _, c := range cs.cells {
				if g.Value[c] != 0 {
					continue
				}
				for _, d := range g.Cand[c].List() {
					if d == sol[c] {
						continue
					}
					t := logic.Candidate{Cell: c, Digit: d}
					if ok, err := x.satRefutes(g, cs.set, []logic.Candidate{t}, nil); err == nil && ok {
						return x.names(cs.set), true
					}
				}
			}
		}
	}
	return "", false
}
