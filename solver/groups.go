package solver

import (
	"context"
	"fmt"
	"slices"

	gs "github.com/crillab/gophersat/solver"

	"github.com/satdoku/satdoku/encode"
)

// MinimalGroups returns the indexes, in increasing order, of a minimal set
// of groups that together with base admit no model: base plus those groups
// has none, and base plus the set without any one of them has one. For a
// variant puzzle, base is the classic constraints of an empty board, and
// each given and each rule is a group: the answer is a smallest-by-deletion
// set of givens and rules that cannot all hold.
//
// Variables 1..base.NumVars are shared by base and every group; a
// group's variables above base.NumVars are its own auxiliaries, renumbered
// here so that no two groups share one. MinimalGroups returns
// ErrSatisfiable if base plus every group has a model, and an empty slice
// if base alone has none.
//
// Each group is switched on by a selector variable of its own: its
// clauses gain the selector's negation, and its cardinality constraints
// and sums become sums that hold trivially when the selector is false.
// One gophersat solver then answers, for one set of selectors assumed
// true and the others false, whether that set of groups has a model; the
// minimisation is deletion-based (groups are dropped, in chunks while
// that works, and one kept only if the rest become satisfiable; see
// minimise), and a trial that a model found before satisfies needs no
// solve. gophersat's Assume forgets the units it found while parsing
// (GOPHERSAT.md, hazard 3): the problem it gets here has none, as for
// every solve of this package, and a selector that the top-level
// propagation decides is answered here without gophersat. The ctx ends
// it between solves and during one (see the package documentation).
func MinimalGroups(ctx context.Context, base *encode.Formula, groups []*encode.Formula) ([]int, error) {
	return MinimalGroupsDecided(ctx, base, groups, nil)
}

// A Decider decides, when it can, whether base plus the groups of set
// (indexes in MinimalGroupsDecided's groups; the others off) has a model,
// without gophersat: decided false when it cannot tell; else unsat, and
// when there is a model, the model (DIMACS numbering over base's and the
// groups' variables, index 0 unused, as encode.Formula.Broken reads it),
// or nil. A decider must be exact: its answers are not checked but for
// its models.
type Decider func(set []int) (decided, unsat bool, model []bool)

// MinimalGroupsDecided is MinimalGroups with each trial of the
// minimisation given to decide first (when not nil; a native search
// that is fast on the trials gophersat finds hard): gophersat solves only
// the trials it leaves undecided. A model it returns that breaks base or
// a group of the trial is not used (gophersat decides that trial).
func MinimalGroupsDecided(ctx context.Context, base *encode.Formula, groups []*encode.Formula, decide Decider) ([]int, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := base.Validate(); err != nil {
		return nil, err
	}
	f, sel, err := guarded(base, groups)
	if err != nil {
		return nil, err
	}
	var sv Solver
	s := &sv.s
	defer s.release()
	if err := s.load(f); err != nil {
		return nil, err
	}
	if err := sv.start(); err != nil {
		return nil, err
	}
	m := &assumer{sv: &sv, sel: sel, groups: groups, ownVars: make([]bool, len(groups)), decide: decide, base: base}
	for i, g := range groups {
		m.ownVars[i] = hasVarAbove(g, base.NumVars)
	}
	if s.unsat {
		return []int{}, nil // base alone: a guarded group can always be off
	}
	unsat, err := m.unsat(ctx, nil)
	if err != nil {
		return nil, err
	}
	if unsat {
		return []int{}, nil
	}
	// Selectors fixed at the top level: one that must be false is a group
	// that base refutes alone; one in no constraint left is a group that
	// holds anyway and is never needed. (No selector is ever forced true:
	// every guarded constraint holds when its selector is false.)
	var candidates []int
	for i, v := range sel {
		switch {
		case s.val[v] < 0:
			return []int{i}, nil
		case s.val[v] == 0 && s.rep[v] != 0:
			candidates = append(candidates, i)
		}
	}
	if unsat, err = m.unsat(ctx, candidates); err != nil {
		return nil, err
	}
	if !unsat {
		return nil, ErrSatisfiable
	}
	return m.minimise(ctx, candidates, groups)
}

// minimise returns the groups of a minimal subset of candidates, which
// together have no model, in increasing order.
//
// Which minimal set deletion reaches depends on the order in which groups
// are tried, and so does its cost: a trial whose groups barely miss a
// conflict (or barely make one) can take gophersat a minute when few
// strong rules are on, and gophersat's Solve cannot be stopped. So the
// groups with the fewest constraints (givens, dots, cages) are tried
// first and the big global rules last, which keeps the strongly
// propagating rules in the trials, and the groups are dropped in chunks
// (halved on failure) while that works. A satisfiable trial's model is
// also checked against the chunk it left out: if it breaks exactly one
// group there, that group is necessary, without a solve of its own.
func (m *assumer) minimise(ctx context.Context, candidates []int, groups []*encode.Formula) ([]int, error) {
	size := func(i int) int { return len(groups[i].Clauses) + len(groups[i].Cards) + len(groups[i].Sums) }
	slices.SortStableFunc(candidates, func(a, b int) int { return size(a) - size(b) })
	// Invariant: necessary plus undecided has no model; every group in
	// necessary is in every minimal subset of them.
	var necessary []int
	undecided := candidates
	trial := make([]int, 0, len(candidates))
	chunk := max(len(undecided)/2, 1)
	for len(undecided) > 0 {
		chunk = min(chunk, len(undecided))
		out, rest := undecided[:chunk], undecided[chunk:]
		trial = append(append(trial[:0], necessary...), rest...)
		unsat, model, err := m.solve(ctx, trial)
		switch {
		case err != nil:
			return nil, err
		case unsat:
			undecided = rest
		case chunk == 1:
			necessary = append(necessary, out[0])
			undecided = rest
		default:
			if g := m.onlyBroken(model, out); g >= 0 {
				necessary = append(necessary, out[g])
				undecided = slices.Delete(undecided, g, g+1)
			}
			chunk /= 2
		}
	}
	slices.Sort(necessary)
	return necessary, nil
}

// onlyBroken returns the index in set of the one group of set that model
// breaks, or −1 if it breaks none or several. A group with auxiliary
// variables of its own counts as broken whatever model says (its
// auxiliaries were free in the trial, so their values prove nothing).
func (m *assumer) onlyBroken(model []bool, set []int) int {
	found := -1
	if model == nil {
		return -1
	}
	for j, i := range set {
		if m.ownVars[i] || m.groups[i].Broken(model) >= 0 {
			if found >= 0 {
				return -1
			}
			found = j
		}
	}
	return found
}

// hasVarAbove reports whether a literal of g has a variable above n.
func hasVarAbove(g *encode.Formula, n int) bool {
	for _, cl := range g.Clauses {
		for _, l := range cl {
			if l.Var() > n {
				return true
			}
		}
	}
	for _, c := range g.Cards {
		for _, l := range c.Lits {
			if l.Var() > n {
				return true
			}
		}
	}
	for _, sum := range g.Sums {
		for _, t := range sum.Terms {
			if t.Lit.Var() > n {
				return true
			}
		}
	}
	return false
}

// assumer solves the loaded formula under assumptions on its selectors.
type assumer struct {
	sv      *Solver
	sel     []int             // the selector variable of each group
	groups  []*encode.Formula // the groups, unguarded
	ownVars []bool            // per group: it has auxiliary variables of its own
	decide  Decider           // decides trials before gophersat, if not nil
	base    *encode.Formula
	on      []bool
	assum   []gs.Lit
	// The models found so far, each with the groups that were on.
	models [][]bool
	onSets [][]bool
}

// known returns a model found before that satisfies every group in set
// (a group on when it was found, or one without auxiliaries that it
// satisfies), or nil: such a set needs no solve.
func (m *assumer) known(set []int) []bool {
next:
	for k, model := range m.models {
		for _, i := range set {
			if !m.onSets[k][i] && (m.ownVars[i] || m.groups[i].Broken(model) >= 0) {
				continue next
			}
		}
		return model
	}
	return nil
}

// fits reports whether model (a decider's) satisfies base and every
// group of set; a group with auxiliary variables of its own cannot be
// checked, and fails.
func (m *assumer) fits(model []bool, set []int) bool {
	if len(model) <= m.base.NumVars || m.base.Broken(model) >= 0 {
		return false
	}
	for _, i := range set {
		if m.ownVars[i] || m.groups[i].Broken(model) >= 0 {
			return false
		}
	}
	return true
}

// unsat reports whether the formula has no model when the groups in set
// are on and the others off.
func (m *assumer) unsat(ctx context.Context, set []int) (bool, error) {
	unsat, _, err := m.solve(ctx, set)
	return unsat, err
}

// solve reports whether the formula has no model when the groups in set
// are on and the others off, and if it has one, returns it (checked, in
// DIMACS numbering; nil when gophersat had nothing left to search).
func (m *assumer) solve(ctx context.Context, set []int) (unsat bool, model []bool, err error) {
	if err := ctx.Err(); err != nil {
		return false, nil, err
	}
	if model := m.known(set); model != nil {
		return false, model, nil
	}
	s := &m.sv.s
	if m.on == nil {
		m.on = make([]bool, len(m.sel))
	}
	clear(m.on)
	for _, i := range set {
		m.on[i] = true
	}
	if m.decide != nil && set != nil {
		decided, unsat, model := m.decide(set)
		switch {
		case decided && unsat:
			return true, nil, nil
		case decided && model == nil:
			return false, nil, nil
		case decided && m.fits(model, set):
			m.models = append(m.models, model)
			m.onSets = append(m.onSets, slices.Clone(m.on))
			return false, model, nil
		}
	}
	m.assum = m.assum[:0]
	for i, v := range m.sel {
		g := s.rep[v]
		if g == 0 {
			continue // fixed, or in no constraint: nothing to assume
		}
		if !m.on[i] {
			g = -g
		}
		m.assum = append(m.assum, gs.IntToLit(g))
	}
	if s.e == nil {
		return false, nil, nil // nothing left to search: the formula has a model
	}
	var st gs.Status
	var gm []bool
	e, assum := s.e, m.assum // the closure may outlive them (lockedCtx)
	abandoned, err := lockedCtx(ctx, func() {
		e.Assume(assum)
		st = e.Solve()
		if st == gs.Sat {
			gm = e.Model()
		}
	})
	if abandoned {
		s.abandoned = true // still solving: its clauses stay as they are
	}
	switch {
	case err != nil:
		return false, nil, err
	case st == gs.Unsat:
		return true, nil, nil
	case st != gs.Sat:
		return false, nil, fmt.Errorf("gophersat gave up (status %d)", int(st))
	}
	// Check the model as next does: every constraint, and the assumptions.
	model, err = s.dimacsModel(gm)
	if err != nil {
		return false, nil, err
	}
	if i := s.f.Broken(model); i >= 0 {
		return false, nil, fmt.Errorf("%w: %s is false", ErrBadModel, s.f.Describe(i))
	}
	for i, v := range m.sel {
		if s.rep[v] != 0 && model[v] != m.on[i] {
			return false, nil, fmt.Errorf("%w: selector %d is %v, assumed %v", ErrBadModel, v, model[v], m.on[i])
		}
	}
	m.models = append(m.models, model)
	m.onSets = append(m.onSets, slices.Clone(m.on))
	return false, model, nil
}

// guarded returns base plus every group switched on by a selector
// variable, and the selectors (see MinimalGroups).
func guarded(base *encode.Formula, groups []*encode.Formula) (*encode.Formula, []int, error) {
	f := &encode.Formula{NumVars: base.NumVars, Primary: base.Primary}
	f.Clauses = append(f.Clauses, base.Clauses...)
	f.Cards = append(f.Cards, base.Cards...)
	f.Sums = append(f.Sums, base.Sums...)
	sel := make([]int, len(groups))
	for i, g := range groups {
		if err := g.Validate(); err != nil {
			return nil, nil, fmt.Errorf("group %d: %w", i+1, err)
		}
		s := f.NewVar()
		sel[i] = int(s)
		// Renumber the group's own variables after those used so far.
		shift := encode.Lit(f.NumVars - base.NumVars)
		if g.NumVars > base.NumVars {
			f.NumVars += g.NumVars - base.NumVars
		}
		ren := func(l encode.Lit) encode.Lit {
			switch {
			case l.Var() <= base.NumVars:
				return l
			case l > 0:
				return l + shift
			}
			return l - shift
		}
		for _, cl := range g.Clauses {
			c := make(encode.Clause, 0, len(cl)+1)
			for _, l := range cl {
				c = append(c, ren(l))
			}
			f.Clauses = append(f.Clauses, append(c, -s))
		}
		for _, c := range g.Cards {
			terms := make([]encode.Term, len(c.Lits))
			for j, l := range c.Lits {
				terms[j] = encode.Term{Weight: 1, Lit: ren(l)}
			}
			guardSum(f, s, terms, c.Cmp, c.K)
		}
		for _, sum := range g.Sums {
			terms := make([]encode.Term, len(sum.Terms))
			for j, t := range sum.Terms {
				terms[j] = encode.Term{Weight: t.Weight, Lit: ren(t.Lit)}
			}
			guardSum(f, s, terms, sum.Cmp, sum.K)
		}
	}
	if err := f.Validate(); err != nil {
		return nil, nil, err
	}
	return f, sel, nil
}

// guardSum adds "s → Σ terms cmp k" to f as sums: Σ terms + M·¬s ≥ k for
// the lower bound, with M large enough that a false s meets it whatever
// the terms, and Σ terms − M·¬s ≤ k for the upper bound. A bound that
// every assignment meets is left out.
func guardSum(f *encode.Formula, s encode.Lit, terms []encode.Term, cmp encode.Cmp, k int) {
	lo, hi := 0, 0 // the least and greatest value of Σ terms
	for _, t := range terms {
		if t.Weight < 0 {
			lo += t.Weight
		} else {
			hi += t.Weight
		}
	}
	if cmp != encode.AtMost && k > lo {
		f.AddSum(append(terms[:len(terms):len(terms)], encode.Term{Weight: k - lo, Lit: -s}), encode.AtLeast, k)
	}
	if cmp != encode.AtLeast && k < hi {
		f.AddSum(append(terms[:len(terms):len(terms)], encode.Term{Weight: -(hi - k), Lit: -s}), encode.AtMost, k)
	}
}
