package solver

import (
	gs "github.com/crillab/gophersat/solver"

	"github.com/satdoku/satdoku/encode"
)

// A lin is a normalised constraint "Σ w·lit ≥ k" over distinct variables
// with weights 1 ≤ w ≤ k: every clause, cardinality constraint and sum of
// a formula becomes one (or two, for "="). Its literals and weights are
// lits[off:off+n] and ws[off:off+n] of the session.
type lin struct {
	off, n int32
	k      int32
	total  int32 // Σ w
	wmax   int32 // the largest w
	ones   bool  // every w is 1: a clause (k = 1) or a cardinality constraint
	done   bool  // satisfied: left out of the problem
}

// A session holds one formula loaded for gophersat and the buffers
// reused from one formula to the next.
type session struct {
	f     *encode.Formula
	unsat bool // decided unsatisfiable while loading
	// abandoned: a solve cut short by its context still runs on the
	// session's clauses (lockedCtx), so they must not be released.
	abandoned bool

	lins []lin
	lits []encode.Lit
	ws   []int
	// While a lin is built: the coefficient of each variable, the
	// variables that have one (in marks them) and the constant part. All
	// zero between lins.
	coef     []int
	in       []bool
	touched  []int32
	constant int

	val []int8 // per variable: +1 or −1 when fixed at the top level, 0 free

	// Occurrences, built only when propagation is needed: the lins and
	// positions holding each variable, occ[occStart[v]:occStart[v+1]].
	occStart []int32
	occ      []occurrence
	fill     []int32
	queue    []int32
	// Per lin while propagating: the weights of its true and of its false
	// literals.
	trueW, falseW []int32

	// The problem handed to gophersat: rep maps a DIMACS variable to a
	// gophersat literal (±1-based; 0: not in the problem), the clauses are
	// built in slabs.
	rep    []int32
	nbVars int
	glits  []gs.Lit
	slab   []gs.Clause
	ptrs   []*gs.Clause
	e      engine
}

type occurrence struct{ lin, pos int32 }

// load validates f and prepares the problem gophersat solves.
//
// Every constraint is normalised into lins ("Σ w·lit ≥ k", positive
// weights, one term per variable: duplicates merged, complementary
// literals cancelled, "≤" negated, weights above k lowered to k). Then the
// top level is propagated here, not by gophersat: a literal that a lin
// forces (its weight exceeds the lin's slack) is fixed, to a fixpoint or a
// conflict. What gophersat gets has no fixed variable and no decided
// constraint: each lin left has its fixed literals removed, and is a
// clause (k = 1), a cardinality constraint (1 < k < n) or a
// pseudo-Boolean constraint in which no literal is forced. gophersat's
// parsers are never used, and the problem has no unit literals, which
// rules out its hazards with constraints decided at parse time (silently
// dropped) and with units found while parsing (forgotten by Assume).
//
// When no literal is fixed, or every fixed variable occurs only in its
// unit clause (the decided cells of encode.Fast), the propagation is
// skipped: there is nothing to propagate.
//
// Variables get gophersat numbers in order, skipping the fixed ones and
// those in no lin left. Each primary variable (1..f.Primary) is renamed to
// the negation of its gophersat variable, because gophersat decides a
// fresh variable false first and for Sudoku "this digit goes here" is the
// better first guess (it halves gophersat's decisions on hard puzzles);
// auxiliary variables keep their sign.
func (s *session) load(f *encode.Formula) error {
	if err := f.Validate(); err != nil {
		return err
	}
	if s.abandoned {
		*s = session{} // a solve still runs on the old buffers: new ones
	}
	s.f = f
	s.unsat = false
	nv := f.NumVars
	s.coef = grow(s.coef, nv+1)
	s.in = grow(s.in, nv+1)
	s.val = grow(s.val, nv+1)
	clear(s.val)
	s.lins, s.lits, s.ws = s.lins[:0], s.lits[:0], s.ws[:0]
	s.queue = s.queue[:0]
	for _, cl := range f.Clauses {
		if len(cl) == 1 {
			s.fix(cl[0]) // fixed at once; propagated below if it matters
			continue
		}
		for _, l := range cl {
			s.term(1, l)
		}
		s.end(1, false)
	}
	for _, c := range f.Cards {
		// "= K" is "≥ K" and "≤ K".
		if c.Cmp != encode.AtMost {
			for _, l := range c.Lits {
				s.term(1, l)
			}
			s.end(c.K, false)
		}
		if c.Cmp != encode.AtLeast {
			for _, l := range c.Lits {
				s.term(1, l)
			}
			s.end(c.K, true)
		}
	}
	for _, sum := range f.Sums {
		if sum.Cmp != encode.AtMost {
			for _, t := range sum.Terms {
				s.term(t.Weight, t.Lit)
			}
			s.end(sum.K, false)
		}
		if sum.Cmp != encode.AtLeast {
			for _, t := range sum.Terms {
				s.term(t.Weight, t.Lit)
			}
			s.end(sum.K, true)
		}
	}
	if !s.unsat && s.fixUnits() {
		s.propagate()
	}
	if s.unsat {
		return nil
	}
	s.rename()
	return nil
}

// grow returns a slice of length n, reusing x's array if it is large
// enough.
func grow[T any](x []T, n int) []T {
	if cap(x) < n {
		return make([]T, n)
	}
	return x[:n]
}

// term adds w·l to the lin being built.
func (s *session) term(w int, l encode.Lit) {
	v := l.Var()
	if !s.in[v] {
		s.in[v] = true
		s.touched = append(s.touched, int32(v))
	}
	if l > 0 {
		s.coef[v] += w
	} else {
		s.constant += w // w·¬x = w − w·x
		s.coef[v] -= w
	}
}

// end finishes the lin "Σ terms ≥ k" (with upper, "Σ terms ≤ k") and
// appends it, unless every assignment meets it; one that none meets makes
// the formula unsatisfiable.
func (s *session) end(k int, upper bool) {
	sign := 1
	if upper { // Σ c·x + const ≤ k  ⇔  Σ −c·x − const ≥ −k
		sign, k = -1, -k
	}
	k -= sign * s.constant
	s.constant = 0
	off := len(s.lits)
	for _, v := range s.touched {
		c := s.coef[v]
		s.coef[v], s.in[v] = 0, false
		if c == 0 {
			continue // the terms cancelled out
		}
		c *= sign
		if c > 0 {
			s.lits = append(s.lits, encode.Lit(v))
			s.ws = append(s.ws, c)
		} else { // c·x = c + |c|·¬x
			k -= c
			s.lits = append(s.lits, encode.Lit(-v))
			s.ws = append(s.ws, -c)
		}
	}
	s.touched = s.touched[:0]
	if k <= 0 {
		s.lits, s.ws = s.lits[:off], s.ws[:off]
		return
	}
	s.push(off, k)
}

// push appends the lin of s.lits[off:] and s.ws[off:] with bound k ≥ 1,
// lowering weights above k to k (which changes no model).
func (s *session) push(off, k int) {
	total, wmax, ones := 0, 0, true
	for i := off; i < len(s.ws); i++ {
		w := min(s.ws[i], k)
		s.ws[i] = w
		total += w
		wmax = max(wmax, w)
		ones = ones && w == 1
	}
	if total < k {
		s.unsat = true
		s.lits, s.ws = s.lits[:off], s.ws[:off]
		return
	}
	s.lins = append(s.lins, lin{off: int32(off), n: int32(len(s.lits) - off), k: int32(k), total: int32(total), wmax: int32(wmax), ones: ones})
}

// fixUnits fixes the literals that a lin of one literal forces and
// reports whether anything is left to propagate: a lin that forces a
// literal, or a fixed variable (from a unit clause) that occurs in a lin.
func (s *session) fixUnits() bool {
	more := false
	for i := range s.lins {
		ln := &s.lins[i]
		if ln.n == 1 {
			if !s.fix(s.lits[ln.off]) {
				return false
			}
			ln.done = true
			continue
		}
		if ln.wmax > ln.total-ln.k {
			more = true
		}
	}
	if more || len(s.queue) == 0 {
		return more
	}
	for i := range s.lins {
		ln := &s.lins[i]
		if ln.done {
			continue
		}
		for _, l := range s.lits[ln.off : ln.off+ln.n] {
			if s.val[l.Var()] != 0 {
				return true
			}
		}
	}
	return false
}

// fix makes l true; it reports false (and marks the formula
// unsatisfiable) if l is already false.
func (s *session) fix(l encode.Lit) bool {
	v := l.Var()
	x := int8(1)
	if l < 0 {
		x = -1
	}
	switch s.val[v] {
	case 0:
		s.val[v] = x
		s.queue = append(s.queue, int32(v))
	case -x:
		s.unsat = true
		return false
	}
	return true
}

// propagate runs unit propagation over the lins to a fixpoint or a
// conflict, starting from the variables already fixed (in s.queue), and
// marks the lins it satisfies done.
func (s *session) propagate() {
	nv := s.f.NumVars
	s.occStart = grow(s.occStart, nv+2)
	clear(s.occStart)
	for _, ln := range s.lins {
		for _, l := range s.lits[ln.off : ln.off+ln.n] {
			s.occStart[l.Var()+1]++
		}
	}
	for v := 1; v <= nv+1; v++ {
		s.occStart[v] += s.occStart[v-1]
	}
	s.occ = grow(s.occ, int(s.occStart[nv+1]))
	fill := grow(s.fill, nv+1) // next free slot per variable
	s.fill = fill
	copy(fill, s.occStart)
	for i, ln := range s.lins {
		for p, l := range s.lits[ln.off : ln.off+ln.n] {
			v := l.Var()
			s.occ[fill[v]] = occurrence{int32(i), int32(p)}
			fill[v]++
		}
	}
	s.trueW = grow(s.trueW, len(s.lins))
	s.falseW = grow(s.falseW, len(s.lins))
	clear(s.trueW)
	clear(s.falseW)
	// Lins that force literals before any assignment.
	for i := range s.lins {
		ln := &s.lins[i]
		if !ln.done && ln.wmax > ln.total-ln.k && !s.force(i) {
			return
		}
	}
	for qi := 0; qi < len(s.queue); qi++ {
		v := s.queue[qi]
		for _, o := range s.occ[s.occStart[v]:s.occStart[v+1]] {
			ln := &s.lins[o.lin]
			if ln.done {
				continue
			}
			l := s.lits[ln.off+o.pos]
			w := int32(s.ws[ln.off+o.pos])
			if (s.val[v] > 0) == (l > 0) {
				s.trueW[o.lin] += w
				if s.trueW[o.lin] >= ln.k {
					ln.done = true
				}
				continue
			}
			s.falseW[o.lin] += w
			slack := ln.total - s.falseW[o.lin] - ln.k
			if slack < 0 {
				s.unsat = true
				return
			}
			if ln.wmax > slack && !s.force(int(o.lin)) {
				return
			}
		}
	}
}

// force fixes every free literal of lin i whose weight exceeds the lin's
// slack; it reports false on a conflict.
func (s *session) force(i int) bool {
	ln := &s.lins[i]
	slack := int(ln.total - s.falseW[i] - ln.k)
	for j := ln.off; j < ln.off+ln.n; j++ {
		l := s.lits[j]
		if s.val[l.Var()] == 0 && s.ws[j] > slack && !s.fix(l) {
			return false
		}
	}
	return true
}

// rename numbers for gophersat the free variables of the lins left (see
// load), and rewrites those lins without their fixed literals.
func (s *session) rename() {
	s.queue = s.queue[:0]
	nv := s.f.NumVars
	s.rep = grow(s.rep, nv+1)
	clear(s.rep)
	for i := range s.lins {
		ln := &s.lins[i]
		if ln.done {
			continue
		}
		// Drop the fixed literals: the true ones lower k.
		k, n := int(ln.k), int32(0)
		for j := ln.off; j < ln.off+ln.n; j++ {
			l := s.lits[j]
			switch x := s.val[l.Var()]; {
			case x == 0:
				s.lits[ln.off+n], s.ws[ln.off+n] = l, s.ws[j]
				n++
			case (x > 0) == (l > 0):
				k -= s.ws[j]
			}
		}
		if k <= 0 {
			ln.done = true // propagation would have found it; kept safe
			continue
		}
		total, wmax, ones := 0, 0, true
		for j := ln.off; j < ln.off+n; j++ {
			w := min(s.ws[j], k)
			s.ws[j] = w
			total += w
			wmax = max(wmax, w)
			ones = ones && w == 1
		}
		ln.n, ln.k, ln.total, ln.wmax, ln.ones = n, int32(k), int32(total), int32(wmax), ones
		if !ones && equalWeights(s.ws[ln.off:ln.off+n]) {
			// Every weight is c: at least ⌈k/c⌉ of the literals.
			c := s.ws[ln.off]
			for j := ln.off; j < ln.off+n; j++ {
				s.ws[j] = 1
			}
			ln.k, ln.total, ln.wmax, ln.ones = int32((k+c-1)/c), n, 1, true
		}
	}
	next := int32(0)
	for _, ln := range s.lins {
		if ln.done {
			continue
		}
		for _, l := range s.lits[ln.off : ln.off+ln.n] {
			if v := l.Var(); s.rep[v] == 0 {
				next++
				s.rep[v] = next
				if v <= s.f.Primary {
					s.rep[v] = -next
				}
			}
		}
	}
	s.nbVars = int(next)
}

func equalWeights(ws []int) bool {
	for _, w := range ws {
		if w != ws[0] {
			return false
		}
	}
	return true
}

// build makes the gophersat constraints of the lins left: clauses and
// cardinality constraints in two slabs (their literals, the structs), to
// spare gophersat two allocations each, pseudo-Boolean ones one by one.
func (s *session) build() {
	nlits, nlins := 0, 0
	for _, ln := range s.lins {
		if !ln.done {
			nlits += int(ln.n)
			nlins++
		}
	}
	if cap(s.glits) < nlits {
		s.glits = make([]gs.Lit, 0, nlits)
	}
	s.slab = grow(s.slab, nlins)
	s.ptrs = grow(s.ptrs, nlins)
	glits := s.glits[:0]
	k := 0
	for _, ln := range s.lins {
		if ln.done {
			continue
		}
		start := len(glits)
		for _, l := range s.lits[ln.off : ln.off+ln.n] {
			g := s.rep[l.Var()]
			if l < 0 {
				g = -g
			}
			glits = append(glits, gs.IntToLit(g))
		}
		lits := glits[start:len(glits):len(glits)]
		switch {
		case ln.ones && ln.k == 1:
			s.slab[k] = *gs.NewClause(lits)
			s.ptrs[k] = &s.slab[k]
		case ln.ones:
			s.slab[k] = *gs.NewCardClause(lits, int(ln.k))
			s.ptrs[k] = &s.slab[k]
		default:
			ws := append([]int(nil), s.ws[ln.off:ln.off+ln.n]...)
			s.ptrs[k] = gs.NewPBClause(lits, ws, int(ln.k))
		}
		k++
	}
	s.glits = glits
	s.slab, s.ptrs = s.slab[:k], s.ptrs[:k]
}

// release drops the references to the caller's formula and to the
// gophersat solver, keeping only reusable buffers.
func (s *session) release() {
	if s.abandoned {
		return // a solve still runs on them (load starts afresh)
	}
	s.f = nil
	s.e = nil
	clear(s.slab) // the clause structs point into glits; drop gophersat's view
	clear(s.ptrs)
}
