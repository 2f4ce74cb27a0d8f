package explain

import (
	"fmt"

	"github.com/satdoku/satdoku/logic"
)

// Techniques returns the techniques for the positions of g's puzzle, as
// the command line and the web page use them: logic.DefaultTechniques()
// (the house techniques, chains and forcing chains, by rating), then the
// techniques of g's rules, then the SAT step, which finds a step
// wherever the puzzle has a solution. Trial (logic.Options.AllowTrial)
// is never needed after it.
func Techniques(g *logic.Grid, opts Options) ([]logic.Technique, error) {
	ts, _, err := TechniquesOf(g, opts)
	return ts, err
}

// Check reports, with nil, that SAT proves step s on position g from
// what it names: the instances it names (for a SAT step, its houses and
// rules; for any other step, every house and the rules it names) and the
// candidates of the cells they touch, with its conclusion negated (one of
// its eliminated candidates holds, or one of its placed digits does
// not), have no model. Otherwise the error matches ErrNotProved.
func (x *Explainer) Check(g *logic.Grid, s logic.Step) error {
	if !x.fits(g) {
		return fmt.Errorf("%w: the grid is not of the explainer's puzzle", ErrNotProved)
	}
	var set []int
	if s.Technique == Name {
		set = append(set, s.Houses...)
	} else {
		for i := range x.houses {
			set = append(set, i)
		}
	}
	for _, r := range s.Rules {
		i := x.ruleInstance(r)
		if i < 0 {
			return fmt.Errorf("%w: rule %d is not among the grid's rules", ErrNotProved, r+1)
		}
		set = append(set, i)
	}
	ok, err := x.satRefutes(g, set, s.Eliminations, s.Placements)
	switch {
	case err != nil:
		return fmt.Errorf("%w: %v", ErrNotProved, err)
	case !ok:
		return fmt.Errorf("%w: %s", ErrNotProved, s.Text)
	}
	return nil
}

// Minimal reports, with nil, that no instance of SAT step s can be left
// out: for each elimination, the step's set without any one instance
// leaves it unproved by SAT. Otherwise the error matches ErrNotProved and
// names the instance.
func (x *Explainer) Minimal(g *logic.Grid, s logic.Step) error {
	set := append([]int(nil), s.Houses...)
	for _, r := range s.Rules {
		set = append(set, x.ruleInstance(r))
	}
	for _, e := range s.Eliminations {
		for k := range set {
			trial := append(append([]int(nil), set[:k]...), set[k+1:]...)
			ok, err := x.satRefutes(g, trial, []logic.Candidate{e}, nil)
			if err != nil {
				return fmt.Errorf("%w: %v", ErrNotProved, err)
			}
			if ok {
				return fmt.Errorf("%w: %s≠%d without %s", ErrNotProved, logic.CellName(x.n, e.Cell), e.Digit, x.insts[set[k]].Name)
			}
		}
	}
	return nil
}

// ruleInstance returns the instance of rule r (an index into
// Puzzle.Rules), or −1.
func (x *Explainer) ruleInstance(r int) int {
	for i := x.houses; i < len(x.insts); i++ {
		if x.insts[i].Rule == r {
			return i
		}
	}
	return -1
}

// TechniquesOf is Techniques that also returns the Explainer of the SAT
// step, for its statistics.
func TechniquesOf(g *logic.Grid, opts Options) ([]logic.Technique, *Explainer, error) {
	x, err := New(g, opts)
	if err != nil {
		return nil, nil, err
	}
	ts := logic.DefaultTechniques()
	// The named rule steps (cage combinations, thermometers, innies and
	// outies …) go here, before the SAT step, once package logic has them.
	return append(ts, x.Technique()), x, nil
}
