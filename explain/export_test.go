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

func (x *Explainer) names(set []int) string {
	s := ""
	for i, in := range set {
		if i > 0 {
			s += " + "
		}
		s += x.insts[in].Name
	}
	return s
}

// SetTrace has f told, for each set of instances the exact check
// decides, its names, the propagator's work and the candidates left to
// SAT; nil stops it.
func SetTrace(f func(names string, work int64, unsure int)) {
	if f == nil {
		trace = nil
		return
	}
	trace = func(x *Explainer, set []int, work int64, unsure int) { f(x.names(set), work, unsure) }
}
