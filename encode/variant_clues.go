package encode

import (
	"slices"

	"github.com/satdoku/satdoku/variant"
)

// The clues outside the grid (sandwiches, x-sums, skyscrapers) speak of a
// whole row or column, whose digits are distinct; their encodings use
// that.

// sandwich: with a row's cells c0..c(n−1) from the clue, auxiliary
// variables A(k) "the 1 lies before position k" and B(k) "the N lies
// before k" (prefix disjunctions, A(k+1) ↔ A(k) ∨ x(ck,1)), between(k) ↔
// (A(k) xor B(k)) ∧ ck is neither crust, and z(k,d) ↔ x(ck,d) ∧
// between(k) for the inner digits d. A digit d lies between the crusts,
// in(d), when some z(k,d) holds. The clue is then a fact about the set of
// digits in between, which is one of the sets of distinct digits 2..N−1
// that sum to Sum — listed here, as a killer cage's combinations are: one
// variable per set, exactly one true, equal to in(·) digit by digit. A
// set of m digits puts the crusts m+1 cells apart: with size(m) true
// when the chosen set has m digits, a crust at k and size(m) put the
// other crust at k−m−1 or k+m+1 (one clause each), and a crust at k puts
// the other at one of the distances some set allows. Unit propagation
// then moves between digits, set and crusts in every direction; the
// earlier encoding, one Sum Σ d·z(k,d) = Sum, left the search to find
// the crusts' distance: Interactive Sudoku Solver's "Sandwich snipe 18"
// (13 clues, no givens, two solutions) took 11.9 s to solve and 60–94 s
// to count, now 0.2–0.3 s and 0.4–0.5 s; the corpus sandwiches went from
// 44–88 ms to 25–35 ms to prove unique. When the sets are too many to
// list (16×16 and up, a middling sum), the Sum over in(d) stands in for
// the list.
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
	z := make([][]Lit, n+1) // z[d]: the z(k,d) of digit d
	for k := 1; k+1 < n; k++ {
		c := cells[k]
		b := e.f.NewVar()
		e.clause(-b, one[k], top[k])
		e.clause(-b, -one[k], -top[k])
		e.clause(-b, -e.x(c, 1))
		e.clause(-b, -e.x(c, n))
		e.clause(b, -one[k], top[k], e.x(c, 1), e.x(c, n))
		e.clause(b, one[k], -top[k], e.x(c, 1), e.x(c, n))
		for d := 2; d < n; d++ {
			z[d] = append(z[d], e.and(e.x(c, d), b))
		}
	}
	in := make([]Lit, n+1)
	for d := 2; d < n; d++ {
		in[d] = e.f.NewVar()
		for _, zk := range z[d] {
			e.clause(-zk, in[d])
		}
		e.clause(append([]Lit{-in[d]}, z[d]...)...)
	}
	sets, complete := sandwichSets(n, s.Sum)
	if complete && len(sets) == 0 {
		e.clause()
		return
	}
	sizes := map[int]Lit{} // size(m), or the one set's variable
	if complete {
		vars := make([]Lit, len(sets))
		bySize := map[int][]Lit{}
		for i, set := range sets {
			vars[i] = e.f.NewVar()
			for d := 2; d < n; d++ {
				if slices.Contains(set, d) {
					e.clause(-vars[i], in[d])
				} else {
					e.clause(-vars[i], -in[d])
				}
			}
			bySize[len(set)] = append(bySize[len(set)], vars[i])
		}
		e.f.AddExactlyOne(vars...)
		// in(d) implies a set holding d, and ¬in(d) one without it.
		for d := 2; d < n; d++ {
			var with, without []Lit
			for i, set := range sets {
				if slices.Contains(set, d) {
					with = append(with, vars[i])
				} else {
					without = append(without, vars[i])
				}
			}
			e.clause(append([]Lit{-in[d]}, with...)...)
			e.clause(append([]Lit{in[d]}, without...)...)
		}
		for m := 0; m <= n-2; m++ {
			if vs := bySize[m]; len(vs) > 0 {
				sizes[m] = e.or(vs...)
			}
		}
	} else {
		var sum []Term
		for d := 2; d < n; d++ {
			sum = append(sum, Term{Weight: d, Lit: in[d]})
		}
		e.f.AddSum(sum, Equal, s.Sum)
		for m := 0; m <= n-2; m++ {
			if subsetSum(2, n-1, m, s.Sum) {
				sizes[m] = litTrue
			}
		}
	}
	// The crusts' distance: a crust at k and a set of m digits put the
	// other crust m+1 cells away; a crust at k puts the other at some
	// distance a set allows.
	for _, crust := range [][2]int{{1, n}, {n, 1}} {
		for k := range cells {
			var any []Lit
			for _, m := range sortedKeys(sizes) {
				var at []Lit
				for _, j := range []int{k - m - 1, k + m + 1} {
					if j >= 0 && j < n {
						at = append(at, e.x(cells[j], crust[1]))
					}
				}
				any = append(any, at...)
				if sizes[m] != litTrue {
					e.clause(append([]Lit{-e.x(cells[k], crust[0]), -sizes[m]}, at...)...)
				}
			}
			e.clause(append([]Lit{-e.x(cells[k], crust[0])}, any...)...)
		}
	}
}

// maxSandwichSets is the largest number of digit sets a sandwich clue's
// encoding lists.
const maxSandwichSets = 64

// sandwichSets returns the sets of distinct digits 2..n−1 that sum to
// sum, and true — or, if there are more than maxSandwichSets, nil and
// false. The sets of m digits are those of m digits of 1..n−2 that sum to
// sum−m, each digit one more.
func sandwichSets(n, sum int) ([][]int, bool) {
	var sets [][]int
	if sum == 0 {
		sets = append(sets, nil)
	}
	for m := 1; m <= n-2 && sum-m >= 0; m++ {
		found, ok := digitCombos(n-2, m, sum-m, maxSandwichSets-len(sets))
		if !ok {
			return nil, false
		}
		for _, set := range found {
			for i := range set {
				set[i]++
			}
			sets = append(sets, set)
		}
	}
	return sets, true
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
	// Implied bounds, as unit clauses: to see Count, the i-th cell from
	// the clue (0-based) must leave Count−1−i taller ones after it, so it
	// is at most N−Count+1+i; the N stands at position Count−1 or later;
	// a clue of 1 puts the N first. Unit propagation does not find these
	// from the Card, and they settle much of a skyscraper line at once.
	for i := 0; i < s.Count-1; i++ {
		for v := n - s.Count + 2 + i; v <= n; v++ {
			e.clause(-e.x(cells[i], v))
		}
	}
	if s.Count == 1 {
		e.clause(e.x(cells[0], n))
	}
}
