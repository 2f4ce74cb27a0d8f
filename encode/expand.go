package encode

import (
	"bufio"
	"io"
	"strconv"
)

// An expander writes constraints as clauses, handing each to emit (which
// must copy it to keep it) and numbering auxiliary variables from next.
type expander struct {
	amo  AMO
	next int
	emit func(Clause)
	buf  []Lit
	// groups, built on first use, says which variables lie in an
	// at-most-one group of the formula (see grouping).
	groups *grouping
	f      *Formula
}

func newExpander(amo AMO, next int, emit func(Clause)) *expander {
	return &expander{amo: amo, next: next, emit: emit, buf: make([]Lit, 0, 8)}
}

func (e *expander) aux() Lit {
	v := e.next
	e.next++
	return Lit(v)
}

func (e *expander) add1(a Lit) { e.buf = append(e.buf[:0], a); e.emit(e.buf) }

func (e *expander) add2(a, b Lit) { e.buf = append(e.buf[:0], a, b); e.emit(e.buf) }

func (e *expander) add3(a, b, c Lit) { e.buf = append(e.buf[:0], a, b, c); e.emit(e.buf) }

func (e *expander) addN(lits []Lit) { e.emit(lits) }

// addFalse writes the empty clause: the formula has no model.
func (e *expander) addFalse() { e.emit(e.buf[:0]) }

// expand writes every constraint of f as clauses: the cardinality
// constraints in order, then the sums, then the clauses. It returns the
// number of variables, auxiliaries included.
func (f *Formula) expand(emit func(Clause)) int {
	e := newExpander(f.amo(), f.NumVars+1, emit)
	e.f = f
	for _, c := range f.Cards {
		e.card(c)
	}
	for _, s := range f.Sums {
		e.sum(s.Terms, s.Cmp, s.K)
	}
	for _, cl := range f.Clauses {
		emit(cl)
	}
	return e.next - 1
}

// amo returns the at-most-one encoding WriteDIMACS uses for f.
func (f *Formula) amo() AMO {
	if f.AMO != AMODefault {
		return f.AMO
	}
	n := 1
	for n*n*n < f.Primary {
		n++
	}
	if n*n*n != f.Primary {
		return Pairwise
	}
	return DefaultAMO(n)
}

// Clausal returns f with every cardinality constraint and sum written as
// clauses (as WriteDIMACS writes them): the expansion of the cardinality
// constraints in order, then of the sums, then f's clauses. Auxiliary
// variables are numbered from f.NumVars+1, and NumVars counts them. The
// result's models, restricted to f's variables, are exactly f's. Its
// clauses are new; f is not changed.
func (f *Formula) Clausal() *Formula {
	g := &Formula{Primary: f.Primary, AMO: f.AMO, Comments: f.Comments}
	var lits []Lit
	var starts []int
	g.NumVars = f.expand(func(cl Clause) {
		starts = append(starts, len(lits))
		lits = append(lits, cl...)
	})
	g.Clauses = make([]Clause, len(starts))
	for i, s := range starts {
		end := len(lits)
		if i+1 < len(starts) {
			end = starts[i+1]
		}
		g.Clauses[i] = lits[s:end:end]
	}
	return g
}

// ClausalSize returns the number of variables and clauses of f written as
// clauses (Clausal's NumVars and clause count), without building them.
func (f *Formula) ClausalSize() (vars, clauses int) {
	if len(f.Cards) == 0 && len(f.Sums) == 0 {
		return f.NumVars, len(f.Clauses)
	}
	vars = f.expand(func(Clause) { clauses++ })
	return vars, clauses
}

// WriteDIMACS writes the formula in DIMACS CNF: the comments, the exact
// header "p cnf V C", then one clause per line ending in " 0". The
// cardinality constraints and sums are written as clauses (see Clausal):
// at-most-one groups with f's AMO encoding, other cardinality constraints
// and sums with a sequential counter whose auxiliary variables follow
// NumVars. V counts them. A formula that fails Validate is not written:
// its error is returned.
func (f *Formula) WriteDIMACS(w io.Writer) error {
	if err := f.Validate(); err != nil {
		return err
	}
	vars, clauses := f.ClausalSize()
	bw := bufio.NewWriterSize(w, 64<<10)
	for _, c := range f.Comments {
		bw.WriteString("c ")
		bw.WriteString(c)
		bw.WriteByte('\n')
	}
	bw.WriteString("p cnf ")
	bw.WriteString(strconv.Itoa(vars))
	bw.WriteByte(' ')
	bw.WriteString(strconv.Itoa(clauses))
	bw.WriteByte('\n')
	buf := make([]byte, 0, 16)
	write := func(cl Clause) {
		for _, l := range cl {
			buf = strconv.AppendInt(buf[:0], int64(l), 10)
			buf = append(buf, ' ')
			bw.Write(buf)
		}
		bw.WriteString("0\n")
	}
	if len(f.Cards) == 0 && len(f.Sums) == 0 {
		for _, cl := range f.Clauses {
			write(cl)
		}
	} else {
		f.expand(write)
	}
	return bw.Flush()
}

// card writes the cardinality constraint c. Exactly-one is its
// at-least-one clause followed by the at-most-one encoding; at-least-one
// is a clause, at-most-one the AMO encoding; the bounds met or broken by
// every assignment are nothing or the empty clause, and k ≥ 2 a sequential
// counter (see count).
func (e *expander) card(c Card) {
	m, k := len(c.Lits), c.K
	switch {
	case c.Cmp == Equal && k == 1:
		if m == 0 {
			e.addFalse()
			return
		}
		e.addN(c.Lits)
		e.atMostOne(c.Lits)
	case c.Cmp != AtMost && k > m, c.Cmp != AtLeast && k < 0:
		e.addFalse()
	case c.Cmp == AtLeast && k <= 0, c.Cmp == AtMost && k >= m:
		// every assignment meets it
	case c.Cmp == AtLeast && k == 1:
		e.addN(c.Lits)
	case c.Cmp != AtMost && k == m: // every literal true
		for _, l := range c.Lits {
			e.add1(l)
		}
	case c.Cmp != AtLeast && k == 0: // every literal false
		for _, l := range c.Lits {
			e.add1(-l)
		}
	case c.Cmp == AtMost && k == 1:
		e.atMostOne(c.Lits)
	default:
		terms := make([]Term, m)
		for i, l := range c.Lits {
			terms[i] = Term{Weight: 1, Lit: l}
		}
		e.sum(terms, c.Cmp, k)
	}
}

// sum writes "Σ terms cmp k" as clauses: a sequential counter over the
// terms (see count) after the terms are normalised to positive weights.
func (e *expander) sum(terms []Term, cmp Cmp, k int) {
	groups, offset := e.normalize(terms)
	k -= offset
	lo, hi := k, k
	hasLo, hasHi := cmp != AtMost, cmp != AtLeast
	e.count(groups, hasLo, hasHi, lo, hi)
}

// A weighted group is a list of terms with positive weights of which at
// most one literal is true in every model of the formula: its share of a
// sum is the weight of its true literal, or 0.
type wgroup []Term

// grouping maps each variable to the first at-most-one or exactly-one
// group of the formula (a Card with K = 1 over distinct positive
// literals) that holds it.
type grouping struct {
	of    []int32 // variable → index in cards + 1; 0: none
	cards []Card
}

func (e *expander) grouping() *grouping {
	if e.groups != nil {
		return e.groups
	}
	g := &grouping{of: make([]int32, e.f.NumVars+1)}
	e.groups = g
	for _, c := range e.f.Cards {
		if c.K != 1 || c.Cmp == AtLeast || len(c.Lits) < 2 {
			continue
		}
		ok := true
		for i, l := range c.Lits {
			ok = ok && l > 0 && l.Var() <= e.f.NumVars
			for _, m := range c.Lits[:i] {
				ok = ok && m != l // repeated
			}
		}
		if !ok {
			continue
		}
		g.cards = append(g.cards, c)
		id := int32(len(g.cards))
		for _, l := range c.Lits {
			if g.of[l] == 0 {
				g.of[l] = id
			}
		}
	}
	return g
}

// normalize rewrites Σ terms as offset + Σ over groups, every weight
// positive: terms over the same variable are merged (w·¬x = w − w·x), the
// variables of one at-most-one group of the formula are gathered (a
// group's share is one weight or 0), and a negative weight becomes a
// positive one on the negated literal (w·x = w + |w|·¬x) — or, within an
// exactly-one group that the sum covers, every weight of the group is
// raised by the same amount instead, which keeps the group. Terms of
// weight 0 are dropped.
func (e *expander) normalize(terms []Term) (groups []wgroup, offset int) {
	coef := make(map[int]int, len(terms))
	var order []int // variables in first-seen order, for a stable output
	for _, t := range terms {
		v := t.Lit.Var()
		if _, ok := coef[v]; !ok {
			order = append(order, v)
		}
		if t.Lit > 0 {
			coef[v] += t.Weight
		} else {
			offset += t.Weight
			coef[v] -= t.Weight
		}
	}
	g := e.grouping()
	byGroup := make(map[int32][]int)
	var gorder []int32
	var singles []int
	for _, v := range order {
		if coef[v] == 0 {
			continue
		}
		id := int32(0)
		if v < len(g.of) {
			id = g.of[v]
		}
		if id == 0 {
			singles = append(singles, v)
			continue
		}
		if _, ok := byGroup[id]; !ok {
			gorder = append(gorder, id)
		}
		byGroup[id] = append(byGroup[id], v)
	}
	single := func(v int) {
		if c := coef[v]; c > 0 {
			groups = append(groups, wgroup{{Weight: c, Lit: Lit(v)}})
		} else {
			offset += c
			groups = append(groups, wgroup{{Weight: -c, Lit: Lit(-v)}})
		}
	}
	for _, id := range gorder {
		vs := byGroup[id]
		card := g.cards[id-1]
		low := 0
		for _, v := range vs {
			low = min(low, coef[v])
		}
		if low < 0 && card.Cmp == Equal && coversGroup(g, id, card, coef) {
			// Exactly one of the group is true: add −low to each of its
			// weights (0 for the group's variables not in the sum).
			var wg wgroup
			for _, l := range card.Lits {
				if w := coef[l.Var()] - low; w != 0 {
					wg = append(wg, Term{Weight: w, Lit: l})
				}
			}
			offset += low
			if len(wg) > 0 {
				groups = append(groups, wg)
			}
			continue
		}
		var wg wgroup
		for _, v := range vs {
			if coef[v] > 0 {
				wg = append(wg, Term{Weight: coef[v], Lit: Lit(v)})
			} else {
				single(v)
			}
		}
		if len(wg) > 0 {
			groups = append(groups, wg)
		}
	}
	for _, v := range singles {
		single(v)
	}
	return groups, offset
}

// coversGroup reports whether every variable of card that has a weight in
// the sum is gathered in group id (and in no other), so that the group's
// weights may all be raised together.
func coversGroup(g *grouping, id int32, card Card, coef map[int]int) bool {
	for _, l := range card.Lits {
		if coef[l.Var()] != 0 && g.of[l.Var()] != id {
			return false
		}
	}
	return true
}

// count writes "lo ≤ Σ groups" (with hasLo) and "Σ groups ≤ hi" (with
// hasHi) as clauses, every weight positive and every group of at most one
// true literal. It is a sequential counter in order encoding over the
// groups: for the first i groups and j in 1..C, an auxiliary variable
// S(i,j) tracks "the partial sum is at least j", where C is hi+1 (or lo
// without an upper bound) and S(i,C) means at least C. For an upper bound
// the clauses force S(i,j) true whenever the partial sum reaches j, and
// S(m,hi+1) is false; for a lower bound they allow S(i,j) only when the
// partial sum reaches j, and S(m,lo) is true. Variables S(i,j) that no
// partial sum can reach are left out. Each group adds one row of at most C
// variables: a killer cage of k cells, gathered by the cells' exactly-one
// groups, needs k rows, not 9k.
func (e *expander) count(groups []wgroup, hasLo, hasHi bool, lo, hi int) {
	total := 0 // the largest sum
	for _, g := range groups {
		w := 0
		for _, t := range g {
			w = max(w, t.Weight)
		}
		total += w
	}
	if hasLo && hasHi && lo > hi || hasLo && lo > total || hasHi && hi < 0 {
		e.addFalse()
		return
	}
	hasLo = hasLo && lo > 0
	hasHi = hasHi && hi < total
	if !hasLo && !hasHi {
		return
	}
	if hasHi {
		// A literal heavier than hi must be false: out of the counter.
		kept := groups[:0:0]
		total = 0
		for _, g := range groups {
			var ng wgroup
			w := 0
			for _, t := range g {
				if t.Weight > hi {
					e.add1(-t.Lit)
				} else {
					ng = append(ng, t)
					w = max(w, t.Weight)
				}
			}
			if len(ng) > 0 {
				kept = append(kept, ng)
				total += w
			}
		}
		groups = kept
		if hasLo && lo > total {
			e.addFalse()
			return
		}
		hasHi = hi < total
		if !hasLo && !hasHi {
			return
		}
	}
	if hasLo && !hasHi {
		// At least lo, and every weight reaches it: at least one literal.
		least := lo
		for _, g := range groups {
			for _, t := range g {
				least = min(least, t.Weight)
			}
		}
		if least >= lo {
			var cl []Lit
			for _, g := range groups {
				for _, t := range g {
					cl = append(cl, t.Lit)
				}
			}
			e.addN(cl)
			return
		}
	}
	capacity := lo
	if hasHi {
		capacity = hi + 1
	}
	var prev []Lit // S(i−1, j) is prev[j−1]; beyond prev: false
	reach := 0     // the largest partial sum so far
	for _, g := range groups {
		w := 0
		for _, t := range g {
			w = max(w, t.Weight)
		}
		reach += w
		row := make([]Lit, min(capacity, reach))
		for j := range row {
			row[j] = e.aux()
		}
		for j := 1; j <= len(row); j++ {
			s := row[j-1]
			var a Lit // S(i−1, j), 0 if false
			if j <= len(prev) {
				a = prev[j-1]
			}
			if hasHi {
				if a != 0 {
					e.add2(-a, s)
				}
				for _, t := range g {
					switch b := j - t.Weight; {
					case b <= 0:
						e.add2(-t.Lit, s)
					case b <= len(prev):
						e.add3(-t.Lit, -prev[b-1], s)
					}
				}
			}
			if hasLo {
				// s → a ∨ some literal of the group; s ∧ x → a ∨ S(i−1, j−w).
				cl := append(make([]Lit, 0, len(g)+2), -s)
				if a != 0 {
					cl = append(cl, a)
				}
				for _, t := range g {
					cl = append(cl, t.Lit)
				}
				e.addN(cl)
				for _, t := range g {
					b := j - t.Weight
					if b <= 0 {
						continue
					}
					cl = append(cl[:0], -s, -t.Lit)
					if a != 0 {
						cl = append(cl, a)
					}
					if b <= len(prev) {
						cl = append(cl, prev[b-1])
					}
					e.addN(cl)
				}
			}
		}
		prev = row
	}
	if hasHi && hi+1 <= len(prev) {
		e.add1(-prev[hi])
	}
	if hasLo {
		e.add1(prev[lo-1])
	}
}
