package encode

import (
	"fmt"
	"math"
	"slices"

	"github.com/satdoku/satdoku/variant"
)

// rule adds the constraints of one rule. Each case says how the rule is
// encoded; the longer ones have their own method.
func (e *variantEncoder) rule(r variant.Rule) error {
	n := e.n
	switch r := r.(type) {
	// Distinctness: at-most-one (exactly-one over N cells) per digit.
	case variant.PositiveDiagonal:
		e.distinct(r.Scope(e.p))
	case variant.NegativeDiagonal:
		e.distinct(r.Scope(e.p))
	case variant.ExtraRegion:
		e.distinct(r.Cells)
	case variant.DisjointGroups:
		for _, g := range r.Groups(e.p) {
			e.distinct(g)
		}
	case variant.AntiKnight:
		e.apart(r.Pairs(n))
	case variant.AntiKing:
		e.apart(r.Pairs(n))

	// Cells.
	case variant.Odd:
		for d := 2; d <= n; d += 2 {
			e.clause(-e.x(r.Cell, d))
		}
	case variant.Even:
		for d := 1; d <= n; d += 2 {
			e.clause(-e.x(r.Cell, d))
		}
	case variant.PencilMarks:
		for d := 1; d <= n; d++ {
			if !slices.Contains(r.Digits, d) {
				e.clause(-e.x(r.Cell, d))
			}
		}
	case variant.Minimum:
		for _, t := range r.Than {
			e.lessIf(litTrue, r.Cell, t, true)
		}
	case variant.Maximum:
		for _, t := range r.Than {
			e.lessIf(litTrue, t, r.Cell, true)
		}

	// Pairs: relations, as support or conflict clauses (relate).
	case variant.Difference:
		e.relate(r.A, r.B, func(d, v int) bool { return abs(d-v) == r.Diff })
	case variant.Ratio:
		e.relate(r.A, r.B, func(d, v int) bool { return d == r.Ratio*v || v == r.Ratio*d })
	case variant.XV:
		e.relate(r.A, r.B, func(d, v int) bool { return d+v == r.Sum })
	case variant.Negative:
		for _, pr := range r.Pairs {
			e.relate(pr[0], pr[1], func(d, v int) bool { return !r.Has(d, v) })
		}

	// Lines.
	case variant.Thermometer:
		for i := 1; i < len(r.Cells); i++ {
			e.lessIf(litTrue, r.Cells[i-1], r.Cells[i], !r.Slow)
		}
	case variant.Palindrome:
		for _, pr := range r.Pairs() {
			e.equal(pr[0], pr[1])
		}
	case variant.Clone:
		for i := range r.Cells {
			e.equal(r.Cells[i], r.Clones[i])
		}
	case variant.Whispers:
		e.along(r.Cells, 1, func(d, v int) bool { return abs(d-v) >= r.Difference })
	case variant.Nabner:
		e.along(r.Cells, len(r.Cells), func(d, v int) bool { return abs(d-v) >= 2 })
	case variant.Renban:
		e.renban(r.Cells)
	case variant.BetweenLine:
		e.between(r.Cells)
	case variant.EntropicLine:
		e.groupLine(r.Cells, "entropic", func(d int) int { return variant.EntropicGroup(n, d) })
	case variant.ModularLine:
		e.groupLine(r.Cells, "modular", func(d int) int { return d % 3 })
	case variant.ZipperLine:
		e.zipper(r)

	// Sums.
	case variant.Killer:
		e.killer(r.Cells, r.Sum)
	case variant.DigitalRootCage:
		e.digitalRoot(r)
	case variant.LittleKiller:
		// Cell by cell: a diagonal has one to three cells in a box, groups
		// too small to pay for their sets' variables (partialSums).
		saved := e.cfg.groupSums
		e.cfg.groupSums = false
		e.linear(terms(1, r.Clue.Cells(n)...), r.Sum)
		e.cfg.groupSums = saved
	case variant.Arrow:
		e.arrow(r)
	case variant.DoubleArrow:
		ends := r.Ends()
		e.linear(append(terms(-1, r.Middle()...), terms(1, ends[0], ends[1])...), 0)
	case variant.RegionSumLine:
		e.regionSums(r.Segments(e.p))
	case variant.Sandwich:
		e.sandwich(r)
	case variant.XSum:
		e.xsum(r)

	// Others.
	case variant.Skyscraper:
		e.skyscraper(r)
	case variant.Quadruple:
		e.quadruple(r)
	case variant.Indexer:
		for _, c := range r.Cells {
			for d := 1; d <= n; d++ {
				t, want := r.Target(e.p, c, d)
				e.clause(-e.x(c, d), e.x(t, want))
			}
		}
	default:
		return fmt.Errorf("%w: %T (%q)", ErrUnknownRule, r, r.Name())
	}
	return nil
}

// apartRule calls fn with each group of cells that r keeps pairwise apart
// (see apartGroups). It names every kind of rule, those that add no group
// too, and returns false for a rule of a kind it does not know, so that a
// test finds a new kind it has not decided about.
func (e *variantEncoder) apartRule(r variant.Rule, moves bool, fn func(cells []int)) bool {
	switch r := r.(type) {
	case variant.PositiveDiagonal:
		fn(r.Scope(e.p))
	case variant.NegativeDiagonal:
		fn(r.Scope(e.p))
	case variant.ExtraRegion:
		fn(r.Cells)
	case variant.DisjointGroups:
		for _, g := range r.Groups(e.p) {
			fn(g)
		}
	case variant.Killer:
		fn(r.Cells)
	case variant.AntiKnight:
		if moves {
			for _, pr := range r.Pairs(e.n) {
				fn(pr[:])
			}
		}
	case variant.AntiKing:
		if moves {
			for _, pr := range r.Pairs(e.n) {
				fn(pr[:])
			}
		}
	case variant.Odd, variant.Even, variant.PencilMarks, variant.Minimum, variant.Maximum,
		variant.Thermometer, variant.Arrow, variant.DoubleArrow, variant.Palindrome, variant.Renban,
		variant.Whispers, variant.BetweenLine, variant.RegionSumLine, variant.EntropicLine,
		variant.ModularLine, variant.ZipperLine, variant.Nabner, variant.DigitalRootCage,
		variant.LittleKiller, variant.Difference, variant.Ratio, variant.XV, variant.Negative,
		variant.Quadruple, variant.Clone, variant.Sandwich, variant.XSum, variant.Skyscraper,
		variant.Indexer:
		// No group the implied sums and cliques rely on.
	default:
		return false
	}
	return true
}

// apart says each pair of cells holds different digits: a binary clause
// per digit, left out for pairs that share a unit (the classic
// constraints already keep them apart).
func (e *variantEncoder) apart(pairs [][2]int) {
	for _, pr := range pairs {
		if e.sameUnit(pr[0], pr[1]) {
			continue
		}
		for d := 1; d <= e.n; d++ {
			e.clause(-e.x(pr[0], d), -e.x(pr[1], d))
		}
	}
}

// along relates every two cells of a line at most reach apart along it
// (reach 1: neighbours on the line; a loop's closing step is a
// neighbouring pair of the list too).
func (e *variantEncoder) along(cells []int, reach int, ok func(d, v int) bool) {
	for i := range cells {
		for j := i + 1; j < len(cells) && j <= i+reach; j++ {
			if cells[i] != cells[j] {
				e.relate(cells[i], cells[j], ok)
			}
		}
	}
}

// renban: distinct digits (at-most-one per digit) forming a run. One
// auxiliary variable per window of len(cells) consecutive digits, exactly
// one of them true; a digit in a cell implies one of the windows holding
// it, and a window implies each of its digits somewhere on the line. The
// windows make the line's "missing middle" reasoning unit propagation
// (a 4-cell renban with a 2 cannot hold 6 or more). Redundant with them,
// for a line shorter than N: each two cells differ by less than its
// length (relate: arc consistency between two cells, which the windows'
// exactly-one does not give), and two cells holding d and v put every
// digit between them on another cell of the line (¬x(a,d) ∨ ¬x(b,v) ∨
// ⋁ x(c,w)): on the 18 short renbans of sigh/hard-renban-1 and -2 the
// proofs of uniqueness fell from 5.0–6.0 s to 3.8 s and from 8.2–9.4 s
// to 5.6–5.8 s (CPU).
func (e *variantEncoder) renban(cells []int) {
	n, m := e.n, len(cells)
	e.distinct(cells)
	if m < 2 {
		return
	}
	windows := make([]Lit, n-m+2) // windows[s]: the digits s..s+m−1
	for s := 1; s+m-1 <= n; s++ {
		windows[s] = e.f.NewVar()
	}
	e.f.AddExactlyOne(windows[1:]...)
	for _, c := range cells {
		for d := 1; d <= n; d++ {
			cl := []Lit{-e.x(c, d)}
			for s := max(1, d-m+1); s <= d && s+m-1 <= n; s++ {
				cl = append(cl, windows[s])
			}
			e.clause(cl...)
		}
	}
	for s := 1; s+m-1 <= n; s++ {
		for d := s; d <= s+m-1; d++ {
			e.clause(append([]Lit{-windows[s]}, e.digitLits(cells, d)...)...)
		}
	}
	if m >= n {
		return // every digit once: nothing more to say
	}
	for i, a := range cells {
		for _, b := range cells[i+1:] {
			e.relate(a, b, func(d, v int) bool { return d != v && abs(d-v) < m })
		}
	}
	for _, a := range cells {
		for _, b := range cells {
			if a == b {
				continue
			}
			var rest []int
			for _, c := range cells {
				if c != a && c != b {
					rest = append(rest, c)
				}
			}
			for d := 1; d <= n; d++ {
				for v := d + 2; v < d+m && v <= n; v++ {
					for w := d + 1; w < v; w++ {
						e.clause(append([]Lit{-e.x(a, d), -e.x(b, v)}, e.digitLits(rest, w)...)...)
					}
				}
			}
		}
	}
}

// between: one auxiliary variable u, "the first end is the lower", and
// for each inner cell c the order-encoded comparisons u → a < c < b and
// ¬u → b < c < a (ternary clauses over bounds). A line of two cells
// constrains nothing.
func (e *variantEncoder) between(cells []int) {
	if len(cells) < 3 {
		return
	}
	a, b := cells[0], cells[len(cells)-1]
	u := e.f.NewVar()
	for _, c := range cells[1 : len(cells)-1] {
		e.lessIf(u, a, c, true)
		e.lessIf(u, c, b, true)
		e.lessIf(-u, b, c, true)
		e.lessIf(-u, c, a, true)
	}
}

// groupLine: cells one or two apart along the line fall in different
// groups (entropic: low/middle/high; modular: the remainder mod 3). Each
// cell gets one literal per group, "its digit is in group g" (the digit's
// own literal for a group of one digit, else an auxiliary variable
// equivalent to the group's disjunction, shared by every line of the same
// kind through the cell), and each close pair a binary clause per group.
// Three consecutive distinct cells then hold each group once: that
// at-least-one clause is implied but lets propagation place a group as
// soon as the two others are placed.
func (e *variantEncoder) groupLine(cells []int, key string, group func(d int) int) {
	lit := func(c, g int) Lit { return e.groupLit(key, group, c, g) }
	for i := range cells {
		for j := i + 1; j < len(cells) && j <= i+2; j++ {
			if cells[i] == cells[j] {
				continue
			}
			for g := 0; g < 3; g++ {
				e.clause(-lit(cells[i], g), -lit(cells[j], g))
			}
		}
		if i+2 < len(cells) {
			a, b, c := cells[i], cells[i+1], cells[i+2]
			if a != b && b != c && a != c {
				for g := 0; g < 3; g++ {
					e.clause(lit(a, g), lit(b, g), lit(c, g))
				}
			}
		}
	}
}

// groupLit returns the literal "cell c's digit is in group g" of the
// grouping key, making the cell's group literals on first use.
func (e *variantEncoder) groupLit(key string, group func(d int) int, c, g int) Lit {
	if e.groups == nil {
		e.groups = map[string][][]Lit{}
	}
	gs := e.groups[key]
	if gs == nil {
		gs = make([][]Lit, e.n*e.n)
		e.groups[key] = gs
	}
	if gs[c] == nil {
		gs[c] = e.groupOf(c, group)
	}
	return gs[c][g]
}

// groupOf returns the three group literals of cell c.
func (e *variantEncoder) groupOf(c int, group func(d int) int) []Lit {
	members := make([][]Lit, 3)
	for d := 1; d <= e.n; d++ {
		g := group(d)
		members[g] = append(members[g], e.x(c, d))
	}
	out := make([]Lit, 3)
	for g, ms := range members {
		switch len(ms) {
		case 0:
			out[g] = litFalse
		case 1:
			out[g] = ms[0]
		default:
			z := e.f.NewVar()
			e.clause(append([]Lit{-z}, ms...)...)
			for _, m := range ms {
				e.clause(-m, z)
			}
			out[g] = z
		}
	}
	return out
}

// zipper: the pairs equidistant from the middle share one total T. On an
// odd line T is the centre's digit; on an even one, T is one of
// auxiliary variables t2..t2N, exactly one true. Each pair (a, b) gets
// the table ¬x(a,d) ∨ ¬x(b,v) ∨ T(d+v): with T's exactly-one (or the
// centre's) unit propagation derives T from a pair, and a pair's second
// digit from T and its first.
func (e *variantEncoder) zipper(z variant.ZipperLine) {
	n := e.n
	pairs := z.Pairs()
	total := make([]Lit, 2*n+1) // total[v]: the pairs sum to v
	for v := range total {
		total[v] = litFalse
	}
	if c, ok := z.Centre(); ok {
		for v := 1; v <= n; v++ {
			total[v] = e.x(c, v)
		}
	} else {
		if len(pairs) < 2 {
			return // one pair may sum to anything
		}
		for v := 2; v <= 2*n; v++ {
			total[v] = e.f.NewVar()
		}
		e.f.AddExactlyOne(total[2:]...)
	}
	for _, pr := range pairs {
		for d := 1; d <= n; d++ {
			for v := 1; v <= n; v++ {
				e.clause(-e.x(pr[0], d), -e.x(pr[1], v), total[d+v])
			}
		}
	}
}

// killer: distinct digits, and for a cage with a sum the digit
// combinations that reach it, computed here: digits in no combination are
// ruled out (unit clauses), digits in all of them must appear (a clause
// over the cage), and when there are 2..cfg.killerCombos combinations each
// gets an auxiliary variable, exactly one true, implying each of its
// digits in the cage and implied by each digit of the cage it holds. That
// is the solver's "45 rule"-free combination reasoning (a 3-cell 7 is
// 1 2 4), which neither a Sum nor the distinctness alone gives to unit
// propagation. When every combination is listed, a cage of three cells or
// more needs nothing else: its cells hold different digits, all of one
// combination, so they reach the sum. Writing the sum too (a table of the
// third cell for three cells, partial sums for more) only slowed the
// search: the 14 killers of testdata/variants/sudocue went from 17.0 s
// to 10.5 s to prove unique without it (Wecoc #1 [mod B] 4.6 → 0.5 s),
// hailstone-little-killer from 0.45 to 0.26 s to solve, and the corpus
// killers from 2–9 ms to 1–3 ms. A cage of two cells keeps its sum as a
// relation, and a cage whose combinations are too many to list, as
// linear's sum.
func (e *variantEncoder) killer(cells []int, sum int) {
	n := e.n
	e.distinct(cells)
	if sum == 0 {
		return
	}
	combos, complete := digitCombos(n, len(cells), sum, e.cfg.killerCombos)
	if complete {
		e.combos(cells, combos, len(cells) >= 3)
		if len(cells) >= 3 {
			return // the combinations imply the sum
		}
	} else {
		for d := 1; d <= n; d++ {
			if !comboWith(n, len(cells), sum, d) {
				for _, c := range cells {
					e.clause(-e.x(c, d))
				}
			}
		}
	}
	e.linear(terms(1, cells...), sum)
}

// digitalRoot: the cage's digits differ, and they are one of the sets of
// distinct digits whose sum has the digital root (combos).
func (e *variantEncoder) digitalRoot(r variant.DigitalRootCage) {
	e.distinct(r.Cells)
	var all [][]int
	for sum := r.Root; sum <= e.n*(e.n+1)/2; sum += 9 {
		combos, _ := digitCombos(e.n, len(r.Cells), sum, math.MaxInt)
		all = append(all, combos...)
	}
	e.combos(r.Cells, all, true)
}

// combos says that cells, whose digits differ, hold one of the digit
// sets combos (each of len(cells) digits): a digit in no set is ruled
// out, a digit in every set is somewhere in the cells, and, when vars is
// set and there are two sets or more, each set gets a variable, exactly
// one true, that puts its digits in the cells, and a digit in a cell
// implies a set holding it. With the variables this is exact: the cells
// then hold exactly the digits of one set.
func (e *variantEncoder) combos(cells []int, combos [][]int, vars bool) {
	n := e.n
	if len(combos) == 0 {
		e.clause()
		return
	}
	possible := make([]int, n+1) // the combinations holding each digit
	for _, c := range combos {
		for _, d := range c {
			possible[d]++
		}
	}
	for d := 1; d <= n; d++ {
		switch {
		case possible[d] == 0:
			for _, c := range cells {
				e.clause(-e.x(c, d))
			}
		case possible[d] == len(combos) && len(cells) < n:
			e.clause(e.digitLits(cells, d)...)
		}
	}
	if !vars || len(combos) < 2 {
		return
	}
	lits := make([]Lit, len(combos))
	for i := range combos {
		lits[i] = e.f.NewVar()
	}
	e.f.AddExactlyOne(lits...)
	for i, c := range combos {
		for _, d := range c {
			e.clause(append([]Lit{-lits[i]}, e.digitLits(cells, d)...)...)
		}
	}
	for d := 1; d <= n; d++ {
		if possible[d] == 0 || possible[d] == len(combos) {
			continue
		}
		var with []Lit
		for i, c := range combos {
			if slices.Contains(c, d) {
				with = append(with, lits[i])
			}
		}
		for _, c := range cells {
			e.clause(append([]Lit{-e.x(c, d)}, with...)...)
		}
	}
}

// digitCombos returns the sets of size distinct digits 1..n that sum to
// sum, in increasing order, and true — or, if there are more than limit,
// nil and false.
func digitCombos(n, size, sum, limit int) ([][]int, bool) {
	var out [][]int
	var cur []int
	var walk func(from, left, need int) bool
	walk = func(from, left, need int) bool {
		if left == 0 {
			if need == 0 {
				if len(out) >= limit {
					return false
				}
				out = append(out, slices.Clone(cur))
			}
			return true
		}
		for d := from; d <= n; d++ {
			// The smallest the rest can add is d + (d+1) + ...: stop there.
			if lo := left*d + left*(left-1)/2; lo > need {
				break
			}
			if hi := left*n - left*(left-1)/2; hi < need {
				return true // even the largest digits fall short
			}
			cur = append(cur, d)
			ok := walk(d+1, left-1, need-d)
			cur = cur[:len(cur)-1]
			if !ok {
				return false
			}
		}
		return true
	}
	if !walk(1, size, sum) {
		return nil, false
	}
	return out, true
}

// comboWith reports whether some set of size distinct digits 1..n that
// holds d sums to sum (by dynamic programming over the other digits).
func comboWith(n, size, sum, d int) bool {
	need := sum - d
	if need < 0 || size < 1 {
		return false
	}
	// can[k][s]: k distinct digits other than d sum to s.
	can := make([][]bool, size)
	for k := range can {
		can[k] = make([]bool, need+1)
	}
	can[0][0] = true
	for v := 1; v <= n; v++ {
		if v == d {
			continue
		}
		for k := size - 1; k >= 1; k-- {
			for s := need; s >= v; s-- {
				if can[k-1][s-v] {
					can[k][s] = true
				}
			}
		}
	}
	return can[size-1][need]
}

// arrow: the shaft's sum equals the circle's number. For a one-cell circle,
// or a pill on a board up to 9×9 (every digit one decimal place), the
// number is linear in the digits (place values 10^i), so the rule is
// linear. On larger boards a pill's place values depend on the digits
// after it (a 12 takes two places); there each possible reading of the
// pill (digit tuples whose number the shaft can reach, at most len·N)
// gets an auxiliary variable, exactly one true, equivalent to its digits,
// and the shaft's Sum equals Σ number·variable.
func (e *variantEncoder) arrow(a variant.Arrow) {
	n := e.n
	if len(a.Circle) == 1 {
		if len(a.Line) >= 3 && e.cfg.smallSums && e.partialSumsTo(terms(1, a.Line...), e.digitsOf(a.Circle[0])) {
			return // the shaft's partial sums end in the circle's digit
		}
		e.linear(append(terms(1, a.Circle[0]), terms(-1, a.Line...)...), 0)
		return
	}
	if n <= 9 {
		ts := terms(-1, a.Line...)
		place := 1
		for i := len(a.Circle) - 1; i >= 0; i-- {
			ts = append(ts, term{a.Circle[i], place})
			place *= 10
		}
		e.linear(ts, 0)
		return
	}
	lo, hi := len(a.Line), len(a.Line)*n
	var readings [][]int
	var cur []int
	var walk func()
	walk = func() {
		v := variant.CircleValue(cur)
		if v > hi {
			return
		}
		if len(cur) == len(a.Circle) {
			if v >= lo {
				readings = append(readings, slices.Clone(cur))
			}
			return
		}
		for d := 1; d <= n; d++ {
			cur = append(cur, d)
			walk()
			cur = cur[:len(cur)-1]
		}
	}
	walk()
	if len(readings) == 0 {
		e.clause()
		return
	}
	vars := make([]Lit, len(readings))
	sum := DigitSum(n, -1, a.Line...)
	support := make([][]Lit, len(a.Circle)*(n+1)) // [i*(n+1)+d]: readings with digit d at i
	for r, ds := range readings {
		v := e.f.NewVar()
		vars[r] = v
		back := []Lit{v}
		for i, d := range ds {
			e.clause(-v, e.x(a.Circle[i], d))
			back = append(back, -e.x(a.Circle[i], d))
			support[i*(n+1)+d] = append(support[i*(n+1)+d], v)
		}
		e.clause(back...)
		sum = append(sum, Term{Weight: variant.CircleValue(ds), Lit: v})
	}
	e.f.AddExactlyOne(vars...)
	for i, c := range a.Circle {
		for d := 1; d <= n; d++ {
			e.clause(append([]Lit{-e.x(c, d)}, support[i*(n+1)+d]...)...)
		}
	}
	e.f.AddSum(sum, Equal, 0)
}

// digitsOf returns the literals of a cell's digits by value.
func (e *variantEncoder) digitsOf(cell int) map[int]Lit {
	out := make(map[int]Lit, e.n)
	for d := 1; d <= e.n; d++ {
		out[d] = e.x(cell, d)
	}
	return out
}

// regionSums: every segment of a region sum line has one total T. A
// segment of one cell is T itself (its digits); otherwise T is one-hot
// auxiliary variables over the totals every segment can reach, exactly
// one true. Each longer segment's layered partial sums (partialSumsTo)
// end in T, so what one segment rules out for T every other segment sees
// at once, where pairwise Sums between segments compare bounds only.
func (e *variantEncoder) regionSums(segs [][]int) {
	if len(segs) < 2 {
		return
	}
	var total map[int]Lit
	totalCell := -1
	lo, hi := 1, e.n*e.n*e.n
	for _, seg := range segs {
		if len(seg) == 1 && total == nil {
			total, totalCell = e.digitsOf(seg[0]), seg[0]
		}
		lo, hi = max(lo, len(seg)), min(hi, len(seg)*e.n)
	}
	if total == nil {
		if !e.cfg.smallSums || lo > hi {
			for _, seg := range segs[1:] {
				e.linear(append(terms(1, segs[0]...), terms(-1, seg...)...), 0)
			}
			return
		}
		total = map[int]Lit{}
		var vars []Lit
		for v := lo; v <= hi; v++ {
			total[v] = e.f.NewVar()
			vars = append(vars, total[v])
		}
		e.f.AddExactlyOne(vars...)
	}
	for _, seg := range segs {
		if len(seg) == 1 {
			if seg[0] == totalCell {
				continue
			}
			for _, v := range sortedKeys(total) {
				e.clause(-total[v], e.x(seg[0], v))
				e.clause(total[v], -e.x(seg[0], v))
			}
			continue
		}
		if e.cfg.smallSums && e.partialSumsTo(terms(1, seg...), total) {
			continue
		}
		sum := DigitSum(e.n, 1, seg...)
		for _, v := range sortedKeys(total) {
			sum = append(sum, Term{Weight: -v, Lit: total[v]})
		}
		e.f.AddSum(sum, Equal, 0)
	}
}

// quadruple: each listed digit at least as many times as listed among the
// cells: a clause for once, an at-least Card for more.
func (e *variantEncoder) quadruple(q variant.Quadruple) {
	want := map[int]int{}
	for _, d := range q.Digits {
		want[d]++
	}
	for d := 1; d <= e.n; d++ {
		switch k := want[d]; {
		case k == 1:
			e.clause(e.digitLits(q.Cells, d)...)
		case k > 1:
			e.card(AtLeast, k, e.digitLits(q.Cells, d)...)
		}
	}
}
