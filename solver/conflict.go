package solver

import (
	"context"
	"fmt"

	"github.com/satdoku/satdoku/encode"
)

// MinimalConflict returns a minimal subset of givens (unit literals) that,
// together with base, has no model (base's cardinality constraints and
// sums are taken as clauses, Formula.Clausal): removing any one of the returned
// literals makes base plus the rest satisfiable. The literals keep their
// order in givens. It returns ErrSatisfiable if base plus all the givens
// has a model, and an empty slice if base alone has none.
//
// It is deletion-based: each given is dropped in turn and kept only if the
// rest become satisfiable. Before each gophersat solve, unit propagation
// (done here, with the reasons recorded) tries the subset first: a
// propagation conflict both proves the subset unsatisfiable and shrinks it
// at once to the givens the conflict depends on; otherwise gophersat solves
// what propagation leaves of base, which is small. For a 9×9 with the
// Extended encoding this takes a few milliseconds.
//
// The ctx is checked between solves; when it ends, MinimalConflict returns
// its error.
func MinimalConflict(ctx context.Context, base *encode.Formula, givens []encode.Lit) ([]encode.Lit, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := base.Validate(); err != nil {
		return nil, err
	}
	orig := base
	if len(base.Cards) > 0 || len(base.Sums) > 0 {
		base = base.Clausal() // the propagation below works on clauses
	}
	for _, l := range givens {
		if l == 0 || l.Var() > base.NumVars {
			return nil, fmt.Errorf("%w: given %d (NumVars %d)", ErrFormula, l, base.NumVars)
		}
	}
	p := newUP(base)
	p.sv = new(Solver)
	p.orig = orig
	idx := make([]int, len(givens)) // the current set, as indexes into givens
	for i := range idx {
		idx[i] = i
	}
	unsat, core, err := p.unsat(ctx, givens, idx)
	if err != nil {
		return nil, err
	}
	if !unsat {
		return nil, ErrSatisfiable
	}
	if core != nil {
		idx = core
	}
	// idx[:kept] are known necessary; idx[kept] is the one tried next.
	trial := make([]int, 0, len(idx))
	for kept := 0; kept < len(idx); {
		trial = append(append(trial[:0], idx[:kept]...), idx[kept+1:]...)
		unsat, core, err := p.unsat(ctx, givens, trial)
		if err != nil {
			return nil, err
		}
		if !unsat {
			kept++
			continue
		}
		if core == nil {
			idx = append(idx[:kept], idx[kept+1:]...)
			continue
		}
		// core ⊆ trial holds every necessary given (a set without one of
		// them is satisfiable); put them first, in order, then the rest.
		in := make(map[int]bool, len(core))
		for _, i := range core {
			in[i] = true
		}
		next := make([]int, 0, len(core))
		next = append(next, idx[:kept]...)
		for _, i := range idx[kept+1:] {
			if in[i] {
				next = append(next, i)
			}
		}
		idx = next
	}
	out := make([]encode.Lit, 0, len(idx))
	sortInts(idx)
	for _, i := range idx {
		out = append(out, givens[i])
	}
	return out, nil
}

func sortInts(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// up is a counter-based unit propagator over a fixed base formula that
// records why each variable was assigned.
type up struct {
	f      *encode.Formula
	occ    [][]int32 // literal index (2v, or 2v+1 for ¬v) → clauses holding it
	val    []int8    // +1 true, −1 false, 0 free
	reason []int32   // clause index ≥ 0, or −1−i for given i
	nfalse []int32   // per clause: false literal occurrences
	nsat   []int32   // per clause: true literal occurrences
	trail  []encode.Lit
	// res and resLits hold the residual formula handed to gophersat by sv.
	res     []encode.Clause
	resLits []encode.Lit
	sv      *Solver
	// orig is the base as given: when it has cardinality constraints or
	// sums, the solve is on it and the givens, which keeps them native.
	orig *encode.Formula
}

func newUP(f *encode.Formula) *up {
	p := &up{f: f, occ: make([][]int32, 2*f.NumVars+2)}
	for c, cl := range f.Clauses {
		for _, l := range cl {
			i := l.Index()
			p.occ[i] = append(p.occ[i], int32(c))
		}
	}
	p.val = make([]int8, f.NumVars+1)
	p.reason = make([]int32, f.NumVars+1)
	p.nfalse = make([]int32, len(f.Clauses))
	p.nsat = make([]int32, len(f.Clauses))
	return p
}

func (p *up) value(l encode.Lit) int8 {
	if l < 0 {
		return -p.val[-l]
	}
	return p.val[l]
}

// propagate runs unit propagation on base plus givens[set...]. It returns
// conflict = true with the indexes of the givens the conflict depends on,
// or false with the assignment left in p.
func (p *up) propagate(givens []encode.Lit, set []int) (bool, []int) {
	clear(p.val)
	clear(p.nfalse)
	clear(p.nsat)
	p.trail = p.trail[:0]
	// assign makes l true; it returns a conflict description or nil.
	conflict := func(c int32, extra int) []int { return p.explain(c, extra, givens) }
	for c, cl := range p.f.Clauses {
		switch len(cl) {
		case 0:
			return true, []int{}
		case 1:
			if x := p.value(cl[0]); x < 0 {
				return true, conflict(int32(c), -1)
			} else if x == 0 {
				p.set(cl[0], int32(c))
			}
		}
	}
	for _, i := range set {
		l := givens[i]
		if x := p.value(l); x < 0 {
			return true, conflict(p.reason[l.Var()], i)
		} else if x == 0 {
			p.set(l, int32(-1-i))
		}
	}
	for qi := 0; qi < len(p.trail); qi++ {
		l := p.trail[qi]
		for _, c := range p.occ[l.Index()] {
			p.nsat[c]++
		}
		for _, c := range p.occ[l.Not().Index()] {
			p.nfalse[c]++
			if p.nsat[c] > 0 {
				continue
			}
			cl := p.f.Clauses[c]
			switch int(p.nfalse[c]) {
			case len(cl):
				return true, conflict(c, -1)
			case len(cl) - 1:
				for _, m := range cl {
					if p.value(m) == 0 {
						p.set(m, c)
						break
					}
				}
			}
		}
	}
	return false, nil
}

func (p *up) set(l encode.Lit, reason int32) {
	if l < 0 {
		p.val[-l] = -1
	} else {
		p.val[l] = 1
	}
	p.reason[l.Var()] = reason
	p.trail = append(p.trail, l)
}

// explain returns the givens that the falsity of clause c (or, if c < 0,
// the reason r = −1−i of a given i) depends on, plus given extra if ≥ 0.
func (p *up) explain(c int32, extra int, givens []encode.Lit) []int {
	seen := make(map[int]bool)
	var out []int
	if extra >= 0 {
		out = append(out, extra)
		seen[-1-extra] = true
	}
	var stack []int
	push := func(r int32) {
		if r < 0 {
			i := int(-1 - r)
			if !seen[-1-i] {
				seen[-1-i] = true
				out = append(out, i)
			}
			return
		}
		for _, l := range p.f.Clauses[r] {
			v := l.Var()
			if !seen[v] && p.val[v] != 0 {
				seen[v] = true
				stack = append(stack, v)
			}
		}
	}
	push(c)
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		push(p.reason[v])
	}
	sortInts(out)
	return out
}

// unsat reports whether base plus givens[set...] has no model. When unit
// propagation proves it, core holds the (possibly smaller) subset of set
// the conflict depends on; when gophersat does, core is nil.
func (p *up) unsat(ctx context.Context, givens []encode.Lit, set []int) (bool, []int, error) {
	if conflict, core := p.propagate(givens, set); conflict {
		return true, core, nil
	}
	if err := ctx.Err(); err != nil {
		return false, nil, err
	}
	if p.orig != p.f {
		// The base with its groups and the set's givens as unit clauses:
		// the solver's own propagation repeats this one's, and gophersat
		// gets the groups as native constraints.
		res := *p.orig
		res.Clauses = append(p.res[:0], p.orig.Clauses...)
		lits := p.resLits[:0]
		for _, i := range set {
			lits = append(lits, givens[i])
		}
		for j := range lits {
			res.Clauses = append(res.Clauses, lits[j:j+1:j+1])
		}
		p.res, p.resLits = res.Clauses, lits
		r, err := p.sv.Solve(ctx, &res)
		if err != nil {
			return false, nil, err
		}
		return r.Status == encode.Unsat, nil, nil
	}
	// Solve what propagation leaves: the clauses not yet satisfied, without
	// their false literals. It has a model iff base plus the set has one.
	res := &encode.Formula{NumVars: p.f.NumVars, Primary: p.f.Primary, Clauses: p.res[:0]}
	lits := p.resLits[:0]
	for c, cl := range p.f.Clauses {
		if p.nsat[c] > 0 {
			continue
		}
		start := len(lits)
		for _, l := range cl {
			if p.value(l) == 0 {
				lits = append(lits, l)
			}
		}
		res.Clauses = append(res.Clauses, lits[start:len(lits):len(lits)])
	}
	p.res, p.resLits = res.Clauses, lits
	r, err := p.sv.Solve(ctx, res)
	if err != nil {
		return false, nil, err
	}
	return r.Status == encode.Unsat, nil, nil
}
