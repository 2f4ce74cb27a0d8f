package explain

import (
	"fmt"
	"slices"

	"github.com/satdoku/satdoku/logic"
)

// Techniques returns the techniques for the positions of g's puzzle, as
// the command line and the web page use them, in the order they are
// tried: the house techniques of logic.DefaultTechniques() (up to SE
// 5.6) with, on a grid with rules, the named rule steps of
// logic.RuleTechniques() merged by rating, the SAT step on at most three
// instances (rated 2.0 to 5.6, see Rating), the chains and forcing chains
// (SE 6.5 to 8.5; not the nested ones), then the SAT step on any set of
// instances, which finds a step wherever the puzzle has a
// solution: trial (logic.Options.AllowTrial) is never needed after it.
// A position's steps are thus tried in rating order, as Sudoku Explainer
// tries its techniques, and the costly chains run only where no small
// set of rules explains a step.
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
	for _, r := range slices.Compact(slices.Sorted(slices.Values(s.Rules))) {
		var is []int
		if s.Technique == Name {
			is = x.ruleInstances(r, s.Cells)
		} else {
			// A named step names the whole rule: every piece of a split
			// one (an anti-knight step's pair may be left out of the
			// pieces, a house holding it; an indexer's piece spans its row).
			for i := x.houses; i < len(x.insts); i++ {
				if x.insts[i].Rule == r {
					is = append(is, i)
				}
			}
		}
		if is == nil {
			return fmt.Errorf("%w: rule %d is not among the grid's rules", ErrNotProved, r+1)
		}
		set = append(set, is...)
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
// out (the pieces of a split rule are those of the step as x found it): for each elimination, the step's set without any
// one instance leaves it unproved by SAT. Otherwise the error matches
// ErrNotProved and names the instance.
func (x *Explainer) Minimal(g *logic.Grid, s logic.Step) error {
	set := append([]int(nil), s.Houses...)
	recorded := x.sets[s.Text]
	for _, r := range slices.Compact(slices.Sorted(slices.Values(s.Rules))) {
		var pieces []int
		for i := x.houses; i < len(x.insts); i++ {
			if x.insts[i].Rule == r {
				pieces = append(pieces, i)
			}
		}
		switch {
		case len(pieces) == 1:
			set = append(set, pieces[0])
		case len(pieces) == 0:
			return fmt.Errorf("%w: rule %d is not among the grid's rules", ErrNotProved, r+1)
		default: // a split rule: the pieces the step used, as recorded
			n := len(set)
			for _, i := range recorded {
				if x.insts[i].Rule == r {
					set = append(set, i)
				}
			}
			if len(set) == n {
				return fmt.Errorf("%w: rule %d is split, and the step is not one this explainer found", ErrNotProved, r+1)
			}
		}
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

// ruleInstances returns the instances of rule r (an index into
// Puzzle.Rules) that lie within cells (sorted), or, for a rule that is
// one instance, that instance; nil if r is not among them.
func (x *Explainer) ruleInstances(r int, cells []int) []int {
	var out []int
	for i := x.houses; i < len(x.insts); i++ {
		in := x.insts[i]
		if in.Rule != r {
			continue
		}
		inside := true
		for _, c := range in.Cells {
			if _, ok := slices.BinarySearch(cells, c); !ok {
				inside = false
				break
			}
		}
		if inside || (i+1 == len(x.insts) || x.insts[i+1].Rule != r) && (i == x.houses || x.insts[i-1].Rule != r) {
			out = append(out, i)
		}
	}
	return out
}

// TechniquesOf is Techniques that also returns the Explainer of the SAT
// step, for its statistics.
func TechniquesOf(g *logic.Grid, opts Options) ([]logic.Technique, *Explainer, error) {
	x, err := New(g, opts)
	if err != nil {
		return nil, nil, err
	}
	var ts []logic.Technique
	// The house techniques and the named rule steps (cage combinations,
	// thermometers, innies and outies …), by rating; not the nested
	// forcing chains, which the large SAT step replaces.
	named := logic.VariantTechniques(g)
	small, large := x.Techniques()
	placed := false
	for _, t := range named {
		if !placed && t.Rating >= chainRating {
			ts, placed = append(ts, small), true
		}
		ts = append(ts, t)
	}
	if !placed {
		ts = append(ts, small)
	}
	return append(ts, large), x, nil
}

// chainRating is the rating from which the default techniques are chains
// and forcing chains (SE 6.5 up): the SAT step on at most three instances
// (rated 2.0 to 5.6) comes before them.
const chainRating = 6.0

// SolverOptions returns the logical solver's options for position g, as
// the command line and the web page use them: the uniqueness techniques
// when unique says the puzzle has one solution and g has no rules other
// than houses (a unique rectangle is deadly only when nothing but houses
// tells its two fillings apart: a cage or a dot across it may), trial when
// allowTrial, and, for a grid made from a variant puzzle, the techniques
// of Techniques.
func SolverOptions(g *logic.Grid, unique, allowTrial bool) (logic.Options, error) {
	o := logic.Options{Unique: unique && len(g.Rules) == 0, AllowTrial: allowTrial}
	if g.Puzzle != nil {
		ts, err := Techniques(g, Options{})
		if err != nil {
			return o, err
		}
		o.Techniques = ts
	}
	return o, nil
}
