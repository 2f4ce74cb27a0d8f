package explain

import "github.com/satdoku/satdoku/logic"

// CheaperSet returns a set of fewer than k instances (at most two) that
// SAT alone shows forbids a candidate of g, other than a digit of sol,
// and whether there is one: the test that no cheaper step than one of k
// instances existed, independent of the exact check.
func (x *Explainer) CheaperSet(g *logic.Grid, sol []int, k int) (string, bool) {
	var sets [][]int
	for i := range x.insts {
		sets = append(sets, []int{i})
	}
	if k >= 3 {
		// Every pair that shares a cell, not only those Find tries.
		for i := range x.insts {
			for _, j := range x.adj[i] {
				if j > i {
					sets = append(sets, []int{i, j})
				}
			}
		}
	}
	for _, set := range sets {
		for _, c := range x.cells(set, nil) {
			if g.Value[c] != 0 {
				continue
			}
			for _, d := range g.Cand[c].List() {
				if d == sol[c] {
					continue
				}
				t := logic.Candidate{Cell: c, Digit: d}
				if ok, err := x.satRefutes(g, set, []logic.Candidate{t}, nil); err == nil && ok {
					return x.names(set), true
				}
			}
		}
	}
	return "", false
}
