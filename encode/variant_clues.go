package encode

import "github.com/satdoku/satdoku/variant"

// The clues outside the grid (sandwiches, x-sums, skyscrapers) speak of a
// whole row or column, whose digits are distinct; their encodings use
// that.

// sandwich: with a row's cells c0..c(n−1) from the clue, auxiliary
// variables A(k) "the 1 lies before position k" and B(k) "the N lies
// before k" (prefix disjunctions, A(k+1) ↔ A(k) ∨ x(ck,1)), between(k) ↔
// (A(k) xor B(k)) ∧ ck is neither crust, and z(k,d) ↔ x(ck,d) ∧
// between(k) for the inner digits d. The rule is then the Sum Σ d·z(k,d)
// = Sum: the partial sum reified cell by cell, one Sum instead of one
// conditional sum per pair of crust positions. Each cell's z(k,·) is an
// at-most-one Card (implied by the cell's exactly-one), which lets
// WriteDIMACS count the cell as one group. Two more Cards bound the
// number of cells between the crusts by the sizes of the digit sets that
// reach Sum (0 cells for 0; all N−2 for the largest): the crusts' distance
// follows from the clue before any digit between them is known.
func (e *variantEncoder) sandwich(s variant.Sandwich) {
	n := e.n
	cells := s.Clue.Cells(n)
	prefix := func(d int) []Lit {
		out := make([]Lit, n)
		out[0] = litFalse
		out[1] = e.x(cells[0], d)
		for k := 1; k+1 <= n-2; k++ { // positions 1..n−2 can lie between
			v := e.f.NewVar()
			e.clause(-out[k], v)
			e.clause(-e.x(cells[k], d), v)
			e.clause(-v, out[k], e.x(cells[k], d))
			out[k+1] = v
		}
		return out
	}
	one, top := prefix(1), prefix(n)
	var between []Lit
	var sum []Term
	for k := 1; k+1 < n; k++ {
		c := cells[k]
		b := e.f.NewVar()
		between = append(between, b)
		e.clause(-b, one[k], top[k])
		e.clause(-b, -one[k], -top[k])
		e.clause(-b, -e.x(c, 1))
		e.clause(-b, -e.x(c, n))
		e.clause(b, -one[k], top[k], e.x(c, 1), e.x(c, n))
		e.clause(b, one[k], -top[k], e.x(c, 1), e.x(c, n))
		var zs []Lit
		for d := 2; d < n; d++ {
			z := e.and(e.x(c, d), b)
			zs = append(zs, z)
			sum = append(sum, Term{Weight: d, Lit: z})
		}
		e.f.AddAtMostOne(zs...)
	}
	// can[m]: some m distinct digits of 2..n−1 sum to s.Sum.
	lo, hi := -1, -1
	for m := 0; m <= n-2; m++ {
		if subsetSum(2, n-1, m, s.Sum) {
			if lo < 0 {
				lo = m
			}
			hi = m
		}
	}
	if lo < 0 {
		e.clause()
		return
	}
	if lo > 0 {
		e.card(AtLeast, lo, between...)
	}
	if hi < n-2 {
		e.card(AtMost, hi, between...)
	}
	e.f.AddSum(sum, Equal, s.Sum)
}

// subsetSum reports whether m distinct digits of from..to sum to s.
func subsetSum(from, to, m, s int) bool {
	if m == 0 {
		return s == 0
	}
	if m < 0 || s < 0 {
		return false
	}
	// can[k][t]: k distinct digits of from..v sum to t.
	can := make([][]bool, m+1)
	for k := range can {
		can[k] = make([]bool, s+1)
	}
	can[0][0] = true
	for v := from; v <= to; v++ {
		for k := m; k >= 1; k-- {
			for t := s; t >= v; t-- {
				if can[k-1][t-v] {
					can[k][t] = true
				}
			}
		}
	}
	return can[m][s]
}

// xsum: with the row's cells c0..c(n−1) from the clue, cell k counts when
// c0 ≥ k+1 — the order-encoding literal of c0, no new variable — and
// z(k,d) ↔ x(ck,d) ∧ c0 ≥ k+1. The rule is the Sum of c0's digit and
// Σ d·z(k,d), equal to Sum: the first X digits' partial sum reified per
// cell. Each cell's z(k,·) is an at-most-one Card, as for sandwiches. A
// first digit X whose X distinct digits (X among them) cannot reach Sum
// is ruled out by a unit clause.
func (e *variantEncoder) xsum(x variant.XSum) {
	n := e.n
	cells := x.Clue.Cells(n)
	c0 := cells[0]
	for v := 1; v <= n; v++ {
		if !subsetWith(n, v, x.Sum, v) {
			e.clause(-e.x(c0, v))
		}
	}
	sum := DigitSum(n, 1, c0)
	for k := 1; k < n; k++ {
		in := e.ge(c0, k+1)
		var zs []Lit
		for d := 1; d <= n; d++ {
			z := e.and(e.x(cells[k], d), in)
			zs = append(zs, z)
			sum = append(sum, Term{Weight: d, Lit: z})
		}
		e.f.AddAtMostOne(zs...)
	}
	e.f.AddSum(sum, Equal, x.Sum)
}

// subsetWith reports whether m distinct digits of 1..n, d among them, sum
// to s.
func subsetWith(n, m, s, d int) bool {
	if m < 1 || d < 1 || d > n {
		return false
	}
	return comboWith(n, m, s, d)
}

// skyscraper: with the row's cells c0..c(n−1) from the clue, prefix
// maxima in order encoding, M(k,v) "some of c0..ck is at least v"
// (M(0,·) is c0's order literals; M(k,v) ↔ M(k−1,v) ∨ ck ≥ v), and a
// variable seen(k) for k ≥ 1 with, for each digit v of ck,
// x(ck,v) → (seen(k) ↔ ¬M(k−1,v)). The nearest cell is always seen, so
// the clue is the Card "exactly Count−1 of seen(1..n−1)". Bounds on the
// prefix maxima propagate both ways, so a clue of 1 puts N next to it and
// a clue of N sorts the row, by unit propagation alone.
func (e *variantEncoder) skyscraper(s variant.Skyscraper) {
	n := e.n
	cells := s.Clue.Cells(n)
	prev := make([]Lit, n+2) // M(k−1, v)
	for v := range prev {
		prev[v] = e.ge(cells[0], v)
	}
	var seen []Lit
	for k := 1; k < n; k++ {
		c := cells[k]
		vis := e.f.NewVar()
		seen = append(seen, vis)
		for v := 1; v <= n; v++ {
			e.clause(-e.x(c, v), -vis, -prev[v])
			e.clause(-e.x(c, v), vis, prev[v])
		}
		if k == n-1 {
			break
		}
		next := make([]Lit, n+2)
		next[0], next[1], next[n+1] = litTrue, litTrue, litFalse
		for v := 2; v <= n; v++ {
			m := e.f.NewVar()
			next[v] = m
			e.clause(-prev[v], m)
			e.clause(-e.ge(c, v), m)
			e.clause(-m, prev[v], e.ge(c, v))
		}
		for v := 2; v < n; v++ {
			e.clause(-next[v+1], next[v])
		}
		prev = next
	}
	e.card(Equal, s.Count-1, seen...)
}
