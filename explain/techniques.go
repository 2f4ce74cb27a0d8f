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
// logic.RuleTechniques() merged by rating; the SAT step on at most
// Options.MaxLevel instances (two by default: rated 2.0 to 3.9, see
// Rating); then the chains and forcing chains (SE 6.5 to 8.5; not the
// nested ones), each tried only where the SAT step on any set of
// instances does not rate as low as it, and the SAT step on any set of
// instances last, which finds a step wherever the puzzle has a solution:
// trial (logic.Options.AllowTrial) is never needed after it. From the
// chains on, the step taken is thus the cheapest by rating of those the
// SAT step and the chain techniques find (docs/logic.md, "Variants: every
// rule explained"): a killer that three rules crack together is not
// rated as a forcing chain.
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
	x.ready()
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
	x.ready()
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
	// The house techniques and the named rule steps (cage combinations,
	// thermometers, innies and outies …), by rating; not the nested
	// forcing chains, which the large SAT step replaces.
	named := logic.VariantTechniques(g)
	small, large := x.Techniques()
	var ts, chains []logic.Technique
	for _, t := range named {
		if t.Rating >= chainRating {
			chains = append(chains, t)
		} else {
			ts = append(ts, t)
		}
	}
	ts = append(ts, small)
	return append(ts, cheapestFirst(chains, large)...), x, nil
}

// chainRating is the rating from which the default techniques are chains
// and forcing chains (SE 6.5 up): the SAT step on at most two instances
// (rated 2.0 to 3.9) comes before them, and the SAT step on any set of
// instances competes with them by rating (cheapestFirst).
const chainRating = 6.0

// cheapestFirst returns chains, in their order, and then sat, so that
// the step logic.Next takes is the cheapest by rating of those sat and
// the chains find: sat's step (found once per position) is taken before
// a chain technique whose base rating is not below it (its steps rate no
// lower: length bonuses only add), and instead of the steps a chain
// technique finds unless one of them rates below it; each chain
// technique runs only where sat's step rates above its base rating.
// Ties go to sat's step, which is already found.
func cheapestFirst(chains []logic.Technique, sat logic.Technique) []logic.Technique {
	memo := &positionMemo{find: sat.Find}
	out := make([]logic.Technique, 0, len(chains)+1)
	for _, t := range chains {
		chain := t
		t.Find = func(g *logic.Grid) []logic.Step {
			s := memo.steps(g)
			if len(s) > 0 && cheapest(s) <= chain.Rating {
				return s
			}
			cs := chain.Find(g)
			if len(cs) > 0 && len(s) > 0 && cheapest(s) <= cheapest(cs) {
				return s
			}
			return cs
		}
		out = append(out, t)
	}
	sat.Find = memo.steps
	return append(out, sat)
}

// cheapest returns the lowest rating of steps (not empty).
func cheapest(steps []logic.Step) float64 {
	r := steps[0].Rating
	for _, s := range steps[1:] {
		r = min(r, s.Rating)
	}
	return r
}

// positionMemo keeps the steps find returned for the last position it
// was asked about, so that the chain techniques tried in turn on one
// position, and the SAT step after them, search it once.
type positionMemo struct {
	find  func(*logic.Grid) []logic.Step
	value []int
	cand  []logic.Digits
	found []logic.Step
}

// steps returns find's steps for g, from the memo when g is the position
// it last answered for.
func (m *positionMemo) steps(g *logic.Grid) []logic.Step {
	if m.cand != nil && slices.Equal(m.value, g.Value) && slices.Equal(m.cand, g.Cand) {
		return m.found
	}
	m.found = m.find(g)
	m.value, m.cand = slices.Clone(g.Value), slices.Clone(g.Cand)
	return m.found
}

// SolverOptions returns the logical solver's options for position g, as
// the command line and the web page use them: the uniqueness techniques
// when unique says the puzzle has one solution and g has no rules other
// than houses (a unique rectangle is deadly only when nothing but houses
// tells its two fillings apart: a cage or a dot across it may), trial when
// allowTrial, and, for a grid made from a variant puzzle, the techniques
// of Techniques.
func SolverOptions(g *logic.Grid, unique, allowTrial bool) (logic.Options, error) {
	return SolverOptionsWith(g, unique, allowTrial, Options{})
}

// SolverOptionsWith is SolverOptions with the Explainer's options eo (a
// solution the caller knows, Options.Solution, spares the SAT step a
// solve).
func SolverOptionsWith(g *logic.Grid, unique, allowTrial bool, eo Options) (logic.Options, error) {
	o := logic.Options{Unique: unique && len(g.Rules) == 0, AllowTrial: allowTrial}
	if g.Puzzle != nil {
		ts, err := Techniques(g, eo)
		if err != nil {
			return o, err
		}
		o.Techniques = ts
	}
	return o, nil
}
