package encode

import (
	"errors"
	"fmt"
	"maps"
	"slices"

	"github.com/satdoku/satdoku/variant"
)

// ErrUnknownRule reports a rule whose type the variant encoder does not
// know. Variant never skips a rule: dropping one would make a wrong
// "solution".
var ErrUnknownRule = errors.New("rule not supported by the SAT encoder")

// Variant returns the formula of the variant puzzle p over the public
// numbering (Var: variable r·N² + c·N + d means "cell (r, c) holds d"),
// with the auxiliary variables its rules need numbered after N³:
//
//   - an exactly-one Card for each cell over its N digits, and for each
//     digit in each row, column and region (the boxes, or p.Regions);
//   - one unit clause per given;
//   - the constraints of each rule of p.Rules, in order (see the rule
//     files of this package for the encoding of each kind, and why);
//   - sums that several rules imply together and that unit propagation
//     cannot find: parallel diagonal sums less the regions they cover
//     (see diagonalInnies).
//
// Each rule is written in the form that propagates best through package
// solver (measured on the corpus of testdata/variants): distinctness as
// at-most-one Cards (exactly-one over N cells); relations between two
// cells as support or conflict clauses; comparisons (thermometers,
// minima, between lines) as clauses over order-encoding auxiliaries; sums
// over two or three cells as clauses, longer ones as layered partial sums
// (clauses and one exactly-one Card per layer; the cells of one unit
// summed together, states bounded by their distinct digits) and, past a
// size bound,
// as Sums; sandwiches and x-sums as Sums over reified cells; skyscraper
// counts as Cards over auxiliary "seen" variables. Every model of the
// formula, restricted to the primary variables, is a grid that
// variant.Check accepts, and every such grid extends to exactly one
// model (each auxiliary variable is defined by the primary ones).
// Comments say which auxiliary variables each rule uses.
//
// A puzzle whose givens clash, or whose rules contradict each other or
// the givens, gives an unsatisfiable formula, not an error. Variant
// returns an error only for a malformed puzzle (nil, bad shape or digit:
// board.ErrShape, board.ErrDigit; bad regions or a rule that is not well
// formed: variant.ErrInvalid, naming the rule) or a rule type it does not
// know (ErrUnknownRule, naming the rule).
func Variant(p *variant.Puzzle) (*Formula, error) {
	return variantFormula(p, defaultVariantConfig)
}

// variantConfig holds the encoder's choices that the tests and benchmarks
// compare; Variant uses defaultVariantConfig.
type variantConfig struct {
	// killerCombos is the largest number of digit combinations of a cage
	// that get one auxiliary variable each (see killer); 0 turns them off.
	killerCombos int
	// smallSums writes sums over two or three cells as clauses (a
	// relation, or a table of the third cell's digit) instead of a Sum,
	// and longer sums as a layered graph of partial sums (see
	// partialSums) instead of a Sum.
	smallSums bool
	// innies adds the sums that several rules imply together (see
	// diagonalInnies).
	innies bool
	// groupSums sums the cells of a layered sum that hold distinct digits
	// group by group, through their digit sets (see sumItems).
	groupSums bool
}

var defaultVariantConfig = variantConfig{killerCombos: 32, smallSums: true, innies: true, groupSums: true}

// maxPartialSums bounds the partial-sum variables of one sum; a sum that
// would need more stays a Sum.
const maxPartialSums = 4000

func variantFormula(p *variant.Puzzle, cfg variantConfig) (*Formula, error) {
	if err := validateVariant(p); err != nil {
		return nil, err
	}
	n := p.Side()
	n3 := NumVars(n)
	e := &variantEncoder{p: p, n: n, cfg: cfg, f: &Formula{NumVars: n3, Primary: n3}}
	e.base()
	var notes []string
	for i, r := range p.Rules {
		before := e.f.NumVars
		if err := e.rule(r); err != nil {
			return nil, fmt.Errorf("rule %d (%s): %w", i+1, r.Describe(n), err)
		}
		aux := "no auxiliary variables"
		if e.f.NumVars > before {
			aux = fmt.Sprintf("auxiliary variables %d..%d", before+1, e.f.NumVars)
		}
		notes = append(notes, fmt.Sprintf("rule %d: %s (%s)", i+1, r.Describe(n), aux))
	}
	if cfg.innies {
		before := e.f.NumVars
		e.diagonalInnies()
		if e.f.NumVars > before {
			notes = append(notes, fmt.Sprintf("implied sums of parallel diagonals less the regions they cover (auxiliary variables %d..%d)", before+1, e.f.NumVars))
		}
		before = e.f.NumVars
		e.cageInnies()
		if e.f.NumVars > before {
			notes = append(notes, fmt.Sprintf("implied cages of the rule of 45, each in one house (auxiliary variables %d..%d)", before+1, e.f.NumVars))
		}
	}
	e.f.Comments = variantComments(p, e.f.NumVars, notes)
	if err := e.f.Validate(); err != nil { // a constant literal leaked: a bug here
		return nil, fmt.Errorf("encode.Variant: %w", err)
	}
	return e.f, nil
}

// validateVariant reports a malformed puzzle: what variant.Puzzle.Validate
// reports, except clashing givens, which make an unsatisfiable formula.
func validateVariant(p *variant.Puzzle) error {
	if p == nil || p.Givens == nil {
		return fmt.Errorf("%w: no board", variant.ErrInvalid)
	}
	if err := checkBoard(p.Givens); err != nil {
		return err
	}
	if err := variant.ValidateRegions(p.Side(), p.Regions); err != nil {
		return err
	}
	for i, r := range p.Rules {
		if r == nil {
			return fmt.Errorf("%w: rule %d is nil", variant.ErrInvalid, i+1)
		}
		if err := r.Validate(p); err != nil {
			return fmt.Errorf("rule %d (%s): %w", i+1, r.Name(), err)
		}
	}
	return nil
}

// variantComments returns the DIMACS header comments of a variant formula.
func variantComments(p *variant.Puzzle, numVars int, notes []string) []string {
	b := p.Givens
	n := b.Side()
	n3 := NumVars(n)
	regions := "the boxes of " + fmt.Sprint(b.Shape.BoxRows) + " rows by " + fmt.Sprint(b.Shape.BoxCols) + " columns"
	if p.Regions != nil {
		regions = "irregular (given per cell)"
	}
	c := []string{
		fmt.Sprintf("variant Sudoku %dx%d, %d givens, %d rules; regions: %s", n, n, b.Givens(), len(p.Rules), regions),
		"variables: var(r,c,d) = r*N^2 + c*N + d, r and c the 0-based row and column, d the 1-based digit",
		fmt.Sprintf("  here N = %d: var(r,c,d) = %d*r + %d*c + d, variables 1..%d; true means cell (r,c) holds d", n, n*n, n, n3),
	}
	if numVars > n3 {
		c = append(c, fmt.Sprintf("auxiliary variables %d..%d come from the rules (listed below); any after them from writing cardinality constraints and sums as clauses", n3+1, numVars))
	} else {
		c = append(c, "the rules need no auxiliary variables; any after N^3 come from writing cardinality constraints and sums as clauses")
	}
	c = append(c, "constraints: exactly one digit per cell, each digit exactly once per row, column and region; one unit clause per given; then the rules")
	c = append(c, notes...)
	if n <= 35 {
		c = append(c, "puzzle: "+puzzleLine(b))
	}
	return c
}

// Constant literals, used while building constraints and never written:
// clause drops a clause holding litTrue and drops litFalse from it.
const (
	litTrue  Lit = 1 << 30
	litFalse     = -litTrue
)

// variantEncoder builds the formula of one variant puzzle.
type variantEncoder struct {
	p   *variant.Puzzle
	n   int
	f   *Formula
	cfg variantConfig
	// order[cell], once made, holds the order-encoding literals of the
	// cell: order[cell][k] means "the cell's digit is at least k", for
	// k in 2..n (see ge).
	order [][]Lit
	// groups caches the group literals of entropic and modular lines:
	// groups[key][cell][g] means "the cell's digit is in group g".
	groups map[string][][]Lit
	// labels are the region labels of the cells.
	labels []int
	// cliqueSets, once made, holds the sets of cells that hold distinct
	// digits (see cliques).
	cliqueSets []map[int]bool
	// apartPairs, once made, holds the pairs of cells (lower first) that
	// a rule keeps apart (see differ).
	apartPairs map[[2]int]bool
}

// x returns the literal "cell holds d": a primary variable, or litFalse
// when d is not a digit.
func (e *variantEncoder) x(cell, d int) Lit {
	if d < 1 || d > e.n {
		return litFalse
	}
	return Lit(CellVar(e.n, cell, d))
}

// clause adds the clause of lits, dropping litFalse, or nothing if a
// literal is litTrue. A clause left empty makes the formula unsatisfiable.
func (e *variantEncoder) clause(lits ...Lit) {
	k := 0
	for _, l := range lits {
		switch l {
		case litTrue:
			return
		case litFalse:
			continue
		}
		lits[k] = l
		k++
	}
	e.f.Add(lits[:k]...)
}

// card adds "the number of true lits cmp k", with constants folded in.
func (e *variantEncoder) card(cmp Cmp, k int, lits ...Lit) {
	var kept []Lit
	for _, l := range lits {
		switch l {
		case litTrue:
			k--
		case litFalse:
		default:
			kept = append(kept, l)
		}
	}
	e.f.AddCard(cmp, k, kept...)
}

// digitLits returns the literals "cell holds d" for each cell.
func (e *variantEncoder) digitLits(cells []int, d int) []Lit {
	out := make([]Lit, len(cells))
	for i, c := range cells {
		out[i] = e.x(c, d)
	}
	return out
}

// base adds the classic constraints and the givens.
func (e *variantEncoder) base() {
	n := e.n
	lits := make([]Lit, n)
	for c := 0; c < n*n; c++ {
		for d := 1; d <= n; d++ {
			lits[d-1] = e.x(c, d)
		}
		e.f.AddExactlyOne(lits...)
	}
	for _, u := range e.p.Units() {
		for d := 1; d <= n; d++ {
			e.f.AddExactlyOne(e.digitLits(u, d)...)
		}
	}
	for c, d := range e.p.Givens.Cells {
		if d != 0 {
			e.f.Add(e.x(c, int(d)))
		}
	}
	e.labels = e.p.RegionLabels()
}

// distinct says the cells hold different digits: per digit an
// exactly-one Card when the cells are as many as the digits (they then
// hold every digit: the Card is also a hidden single), else at-most-one.
func (e *variantEncoder) distinct(cells []int) {
	if len(cells) < 2 {
		return
	}
	for d := 1; d <= e.n; d++ {
		if len(cells) == e.n {
			e.f.AddExactlyOne(e.digitLits(cells, d)...)
		} else {
			e.f.AddAtMostOne(e.digitLits(cells, d)...)
		}
	}
}

// sameUnit reports whether cells a and b share a row, a column or a
// region, where the classic constraints already keep them apart.
func (e *variantEncoder) sameUnit(a, b int) bool {
	n := e.n
	return a/n == b/n || a%n == b%n || (e.labels[a] >= 0 && e.labels[a] == e.labels[b])
}

// relate says that cells a and b hold digits d and e with ok(d, e). It
// writes, for each digit d of a, either a support clause
// ¬x(a,d) ∨ ⋁{x(b,e) : ok(d,e)} when few digits are allowed, or one
// binary conflict ¬x(a,d) ∨ ¬x(b,e) per forbidden e when few are
// forbidden — whichever is shorter; both are complete with b's
// exactly-one. Then, in the other direction, the support clauses of b's
// digits where few are allowed, so that unit propagation reaches arc
// consistency both ways on the tight relations (kropki dots, XV, sums of
// two cells), while the loose ones (nonconsecutive) stay binary clauses.
func (e *variantEncoder) relate(a, b int, ok func(d, e int) bool) {
	n := e.n
	if a == b {
		for d := 1; d <= n; d++ {
			if !ok(d, d) {
				e.clause(-e.x(a, d))
			}
		}
		return
	}
	var allowed, forbidden []Lit
	for d := 1; d <= n; d++ {
		allowed, forbidden = allowed[:0], forbidden[:0]
		for v := 1; v <= n; v++ {
			if ok(d, v) {
				allowed = append(allowed, e.x(b, v))
			} else {
				forbidden = append(forbidden, e.x(b, v))
			}
		}
		switch {
		case len(forbidden) == 0:
		case len(allowed) <= len(forbidden):
			e.clause(append([]Lit{-e.x(a, d)}, allowed...)...)
		default:
			for _, l := range forbidden {
				e.clause(-e.x(a, d), -l)
			}
		}
	}
	for v := 1; v <= n; v++ {
		allowed, forbidden = allowed[:0], forbidden[:0]
		for d := 1; d <= n; d++ {
			if ok(d, v) {
				allowed = append(allowed, e.x(a, d))
			} else {
				forbidden = append(forbidden, e.x(a, d))
			}
		}
		if len(forbidden) > 0 && len(allowed) <= len(forbidden) {
			e.clause(append([]Lit{-e.x(b, v)}, allowed...)...)
		}
	}
}

// equal says cells a and b hold the same digit: x(a,d) ↔ x(b,d).
func (e *variantEncoder) equal(a, b int) {
	e.relate(a, b, func(d, v int) bool { return d == v })
}

// ge returns the literal "cell's digit ≥ k": litTrue for k ≤ 1, litFalse
// for k > n, else an order-encoding variable. The cell's n−1 order
// variables are made on first use, with the clauses that tie them to its
// digits: y(k+1) → y(k), x(d) → y(d), x(d) → ¬y(d+1) and
// y(d) ∧ ¬y(d+1) → x(d). Comparisons between cells are then binary
// clauses over bounds (a < b is y(a,k) → y(b,k+1) for each k), so unit
// propagation carries bounds along a thermometer or a chain of minima in
// one sweep, as a CP solver's bounds consistency would.
func (e *variantEncoder) ge(cell, k int) Lit {
	n := e.n
	switch {
	case k <= 1:
		return litTrue
	case k > n:
		return litFalse
	}
	if e.order == nil {
		e.order = make([][]Lit, n*n)
	}
	if e.order[cell] == nil {
		y := make([]Lit, n+2)
		y[0], y[1], y[n+1] = litTrue, litTrue, litFalse
		for k := 2; k <= n; k++ {
			y[k] = e.f.NewVar()
		}
		e.order[cell] = y
		for k := 2; k < n; k++ {
			e.clause(-y[k+1], y[k])
		}
		for d := 1; d <= n; d++ {
			x := e.x(cell, d)
			e.clause(-x, y[d])
			e.clause(-x, -y[d+1])
			e.clause(-y[d], y[d+1], x)
		}
	}
	return e.order[cell][k]
}

// lessIf says "cond → digit(a) < digit(b)" (≤ when !strict); cond
// litTrue makes it unconditional.
func (e *variantEncoder) lessIf(cond Lit, a, b int, strict bool) {
	step := 0
	if strict {
		step = 1
	}
	for k := 1; k <= e.n; k++ {
		e.clause(-cond, -e.ge(a, k), e.ge(b, k+step))
	}
}

// term is one cell of a linear constraint over digits: Coef times the
// cell's digit.
type term struct{ cell, coef int }

// linear says Σ coef·digit(cell) = k. Over one cell it fixes the digit;
// over two it is a relation (relate); over three, with coefficients ±1 and
// smallSums set, it is a table: for each pair of digits of the first two
// cells, the clause ¬x(a,d) ∨ ¬x(b,v) ∨ x(c, w) with w the digit the third
// must hold (the binary clause alone when none fits). With the cells'
// exactly-one groups unit propagation then finds the third digit as soon
// as two are known, and drops every digit of one cell that no pair
// supports once another is known — which a Sum does not: gophersat's
// pseudo-Boolean propagation sees only bounds, and does not know that a
// cell holds one digit. Longer sums are layered partial sums
// (partialSums) when their states are few, else Sums.
func (e *variantEncoder) linear(ts []term, k int) {
	unit := true
	for _, t := range ts {
		unit = unit && (t.coef == 1 || t.coef == -1)
	}
	switch {
	case len(ts) == 0:
		if k != 0 {
			e.clause()
		}
		return
	case len(ts) == 1 && unit:
		for d := 1; d <= e.n; d++ {
			if ts[0].coef*d != k {
				e.clause(-e.x(ts[0].cell, d))
			}
		}
		return
	case len(ts) == 2 && unit && e.cfg.smallSums:
		a, b := ts[0], ts[1]
		e.relate(a.cell, b.cell, func(d, v int) bool { return a.coef*d+b.coef*v == k })
		return
	case len(ts) == 3 && unit && e.cfg.smallSums && distinctCells(ts):
		a, b, c := ts[0], ts[1], ts[2]
		for d := 1; d <= e.n; d++ {
			for v := 1; v <= e.n; v++ {
				rest := k - a.coef*d - b.coef*v // = c.coef·w
				e.clause(-e.x(a.cell, d), -e.x(b.cell, v), e.x(c.cell, rest*c.coef))
			}
		}
		return
	}
	if e.cfg.smallSums && e.partialSums(ts, k) {
		return
	}
	var sum []Term
	for _, t := range ts {
		sum = append(sum, DigitSum(e.n, t.coef, t.cell)...)
	}
	e.f.AddSum(sum, Equal, k)
}

// partialSums writes Σ coef·digit(cell) = k as a layered graph, the
// decision diagram of the sum: after the first i cells the partial sum is
// one of the states that the first i cells can reach and from which the
// rest can still reach k, and a variable p(i,s) says "the partial sum of
// the first i cells is s", exactly one per layer (p(0,0) and p(m,k) are
// true). Clauses, for each cell c = cells[i] and digit d:
// p(i,s) ∧ x(c,d) → p(i+1, s+coef·d) and back p(i+1,t) ∧ x(c,d) →
// p(i,t−coef·d) (the binary clause when the other state does not exist);
// each state needs a digit that leads on and one that leads in, and each
// digit of the cell a state it leaves from. Unit propagation then keeps
// the sum's states and the cells' digits consistent both ways, where a
// Sum only compares bounds: a long little killer or region sum line
// solves by propagation and learning instead of by search. The cells are
// summed in the order of sumBounds, and only states within its bounds
// are kept. It reports false, writing nothing, if the states would
// exceed maxPartialSums.
//
// A group of cells that hold distinct digits (sumBounds' groups: a box's
// cells on an arrow's shaft) is one step of the layers, not one step a
// cell: it adds the sum of the digit set it holds, a variable per set
// (sumItems). The layers then know that two cells of a box cannot add 18,
// which the cell-by-cell layers learn only by search. On Interactive
// Sudoku Solver's puzzles (bench/sigh) that took Triple digits (pills
// over 20–30-cell shafts) from 5.5 s to 83 ms with its uniqueness, Long
// sums 1 from 118 to 5 ms and the 110 solved together from 37.4 to
// 28.3 s; the corpus's solve total fell by a fifth and its median rose
// from 1.8 to 2.1 ms (the sets' variables cost more than they save on
// short sums). Little killers are summed cell by cell: with groups,
// Hailstone [easier] went from 93 to 177 ms and The Barbed Cross from
// 0.95 to 1.8 s. Groups only of three or four cells and up kept less of
// the gain.
func (e *variantEncoder) partialSums(ts []term, k int) bool {
	return e.partialSumsTo(ts, map[int]Lit{k: litTrue})
}

// partialSumsTo is partialSums with the last layer given: the sum is s
// exactly when target[s] is true (target's literals are exactly one true
// in every model: a cell's digits, or a total's one-hot variables). A
// target value the sum cannot reach is ruled out.
func (e *variantEncoder) partialSumsTo(ts []term, target map[int]Lit) bool {
	// pre[i] and suf[i] bound the sums of the first i terms and of the
	// rest, counting that cells which always differ hold distinct digits.
	ts, group, pre, suf := e.sumBounds(ts)
	items := e.sumItems(ts, group)
	m := len(items)
	// Layer i lies after items[i−1], at term index items[i−1].end.
	lpre, lsuf := make([]span, m+1), make([]span, m+1)
	lpre[0], lsuf[0] = pre[0], suf[0]
	for i, it := range items {
		lpre[i+1], lsuf[i+1] = pre[it.end], suf[it.end]
	}
	// fwd[i]: the partial sums the first i items reach; then kept to those
	// that can still reach a target.
	fwd := make([]map[int]bool, m+1)
	fwd[0] = map[int]bool{0: true}
	total := 1
	for i, it := range items {
		next := map[int]bool{}
		for s := range fwd[i] {
			for _, v := range it.values {
				if lpre[i+1].has(s + v) {
					next[s+v] = true
				}
			}
		}
		fwd[i+1] = next
		if total += len(next); total > 4*maxPartialSums {
			return false
		}
	}
	last := map[int]bool{}
	for s, l := range target {
		if fwd[m][s] && l != litFalse {
			last[s] = true
		}
	}
	fwd[m] = last
	ends := slices.Sorted(maps.Keys(last))
	for i := m - 1; i >= 0; i-- {
		for s := range fwd[i] {
			ok := false
			for _, v := range items[i].values {
				if ok = fwd[i+1][s+v]; ok {
					break
				}
			}
			// Some end must lie within the rest's bounds from s.
			if j, _ := slices.BinarySearch(ends, s+lsuf[i].lo); j == len(ends) || ends[j] > s+lsuf[i].hi {
				ok = false
			}
			if !ok {
				delete(fwd[i], s)
			}
		}
	}
	states := 0
	for _, l := range fwd {
		states += len(l)
	}
	if states > maxPartialSums {
		return false
	}
	for _, s := range sortedKeys(target) {
		l := target[s]
		if !last[s] {
			e.clause(-l)
		}
	}
	if len(last) == 0 {
		e.clause()
		return true
	}
	for _, it := range items {
		it.write(e)
	}
	// Variables, layer by layer in increasing order of the state.
	p := make([]map[int]Lit, m+1)
	keys := make([][]int, m+1) // each layer's states, sorted
	for i, l := range fwd {
		p[i] = make(map[int]Lit, len(l))
		for s := range l {
			keys[i] = append(keys[i], s)
		}
		slices.Sort(keys[i])
		var layer []Lit
		for _, s := range keys[i] {
			if i == m {
				p[i][s] = target[s]
				continue
			}
			if len(keys[i]) == 1 {
				p[i][s] = litTrue
				continue
			}
			v := e.f.NewVar()
			p[i][s] = v
			layer = append(layer, v)
		}
		if len(layer) > 0 {
			e.f.AddExactlyOne(layer...)
		}
	}
	state := func(i, s int) Lit {
		if l, ok := p[i][s]; ok {
			return l
		}
		return litFalse
	}
	for i, it := range items {
		from := make(map[int][]Lit) // state of layer i → values that lead on
		into := make(map[int][]Lit) // state of layer i+1 → values that lead in
		for k, v := range it.values {
			x := it.lits[k]
			var leaves []Lit
			for _, s := range keys[i] {
				a := p[i][s]
				b := state(i+1, s+v)
				e.clause(-a, -x, b)
				if b != litFalse {
					leaves = append(leaves, a)
					from[s] = append(from[s], x)
					into[s+v] = append(into[s+v], x)
				}
			}
			for _, s := range keys[i+1] {
				e.clause(-p[i+1][s], -x, state(i, s-v))
			}
			e.clause(append([]Lit{-x}, leaves...)...)
		}
		for _, s := range keys[i] {
			e.clause(append([]Lit{-p[i][s]}, from[s]...)...)
		}
		for _, s := range keys[i+1] {
			e.clause(append([]Lit{-p[i+1][s]}, into[s]...)...)
		}
	}
	return true
}

// A sumItem is one step of a layered sum: one cell (its digits times the
// coefficient) or a group of cells that hold distinct digits (the sum of
// the digit set they hold). values are the amounts it can add; lits[k]
// says it adds values[k]. A group's literals are made by write, only
// once the sum is known to be written.
type sumItem struct {
	end    int // the term index after the item
	values []int
	lits   []Lit // a cell's digit literals; nil for a group until write
	cells  []int // a group's cells
	coef   int
}

// maxGroupSets bounds the digit sets a group of a layered sum lists; a
// group with more is summed cell by cell.
const maxGroupSets = 128

// sumItems splits the ordered terms of a sum into its layers' items: with
// cfg.groupSums, each group of two or more cells that hold distinct
// digits, whose digit sets are few enough to list, is one item — the sum
// of its set, so that the layers know the cells differ (two cells of a box
// cannot add 18) — and every other cell is an item of its own.
func (e *variantEncoder) sumItems(ts []term, group []int) []*sumItem {
	n := e.n
	var items []*sumItem
	for i := 0; i < len(ts); {
		j := i + 1
		for j < len(ts) && group[j] == group[i] {
			j++
		}
		k := j - i
		if e.cfg.groupSums && k >= 2 && binomial(n, k) <= maxGroupSets {
			it := &sumItem{end: j, coef: ts[i].coef}
			for _, t := range ts[i:j] {
				it.cells = append(it.cells, t.cell)
			}
			// k distinct digits reach every sum from 1+…+k to n+…+(n−k+1).
			for v := k * (k + 1) / 2; v <= k*(2*n-k+1)/2; v++ {
				it.values = append(it.values, it.coef*v)
			}
			items = append(items, it)
			i = j
			continue
		}
		for ; i < j; i++ {
			it := &sumItem{end: i + 1, coef: ts[i].coef}
			for d := 1; d <= n; d++ {
				if x := e.x(ts[i].cell, d); x != litFalse {
					it.values = append(it.values, ts[i].coef*d)
					it.lits = append(it.lits, x)
				}
			}
			items = append(items, it)
		}
	}
	return items
}

// write makes a group item's literals: a variable per digit set of its
// size, exactly one true, whose digits are in the cells and implied by
// each digit of a cell (so the cells hold exactly that set), and one
// literal per value, true when the set's sum is that value.
func (it *sumItem) write(e *variantEncoder) {
	if it.lits != nil {
		return
	}
	n := e.n
	byValue := map[int][]Lit{}
	holding := make([][]Lit, n+1) // the sets holding each digit
	var all []Lit
	for _, set := range kSubsets(n, len(it.cells)) {
		q := e.f.NewVar()
		all = append(all, q)
		v := 0
		for _, d := range set {
			v += d
			e.clause(append([]Lit{-q}, e.digitLits(it.cells, d)...)...)
			holding[d] = append(holding[d], q)
		}
		byValue[it.coef*v] = append(byValue[it.coef*v], q)
	}
	e.f.AddExactlyOne(all...)
	for d := 1; d <= n; d++ {
		for _, c := range it.cells {
			e.clause(append([]Lit{-e.x(c, d)}, holding[d]...)...)
		}
	}
	for _, v := range it.values {
		it.lits = append(it.lits, e.or(byValue[v]...))
	}
}

// kSubsets returns the sets of k distinct digits of 1..n, each increasing.
func kSubsets(n, k int) [][]int {
	var out [][]int
	var cur []int
	var walk func(from int)
	walk = func(from int) {
		if len(cur) == k {
			out = append(out, slices.Clone(cur))
			return
		}
		for d := from; d <= n-(k-len(cur))+1; d++ {
			cur = append(cur, d)
			walk(d + 1)
			cur = cur[:len(cur)-1]
		}
	}
	walk(1)
	return out
}

// binomial returns n choose k.
func binomial(n, k int) int {
	r := 1
	for i := 1; i <= k; i++ {
		r = r * (n - k + i) / i
	}
	return r
}

// span is a closed interval of sums.
type span struct{ lo, hi int }

func (s span) has(v int) bool { return s.lo <= v && v <= s.hi }

// sumBounds orders the terms of a sum for its partial sums and returns,
// for each i, bounds on the sum of the first i terms (pre[i]) and of the
// terms from i on (suf[i]). The terms are split into groups of cells with
// one coefficient that always hold distinct digits (a unit's cells on the
// line, largest first, with the cells that differ from all of them); k
// cells of a group with coefficient c add c times at least 1+…+k and at
// most n+…+(n−k+1). The order keeps each group's terms together, groups
// in the order of their first term. A digit range alone lets a long
// line's partial sums reach states that no grid reaches (a box's four
// cells summing to 4); the bounds prune them, and with whole groups
// between the layers a sum at its bound forces each group's cells to
// 1..k by propagation, which is how a person reads the line.
func (e *variantEncoder) sumBounds(ts []term) (order []term, group []int, pre, suf []span) {
	m, n := len(ts), e.n
	group = make([]int, m)
	for i := range group {
		group[i] = -1
	}
	// Largest groups first: the bound of k distinct cells grows as k², so
	// a box holding six of the cells is worth more than two rows of three.
	if e.cliqueSets == nil {
		e.cliqueSets = e.cliques()
	}
	cliques := e.cliqueSets
	var heads [][]int // each group's term indices
	for {
		var best []int
		for _, q := range cliques {
			for _, coef := range []int{1, -1} {
				var g []int
				in := map[int]bool{} // a cell twice in a sum is no two distinct digits
				for i, t := range ts {
					if group[i] < 0 && t.coef == coef && q[t.cell] && !in[t.cell] {
						g = append(g, i)
						in[t.cell] = true
					}
				}
				if len(g) > len(best) {
					best = g
				}
			}
		}
		if len(best) < 2 {
			break
		}
		// Add the cells that differ from all the group's (an anti-king
		// neighbour of a row's cells).
		for i, t := range ts {
			if group[i] >= 0 || t.coef != ts[best[0]].coef || slices.Contains(best, i) {
				continue
			}
			ok := true
			for _, j := range best {
				ok = ok && e.differ(ts[j].cell, t.cell)
			}
			if ok {
				best = append(best, i)
			}
		}
		for _, i := range best {
			group[i] = len(heads)
		}
		heads = append(heads, best)
	}
	for i := range ts {
		if group[i] < 0 {
			group[i] = len(heads)
			heads = append(heads, []int{i})
		}
	}
	first := make([]int, len(heads)) // each group's first term
	for g, h := range heads {
		first[g] = slices.Min(h)
	}
	idx := make([]int, m)
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return first[group[a]] - first[group[b]] })
	order = make([]term, m)
	ordered := make([]int, m)
	for k, i := range idx {
		order[k], ordered[k] = ts[i], group[i]
	}
	ts, group = order, ordered
	bound := func(coef, k int) span { // k distinct digits times coef
		lo, hi := k*(k+1)/2, k*(2*n-k+1)/2
		if coef < 0 {
			return span{coef * hi, coef * lo}
		}
		return span{coef * lo, coef * hi}
	}
	sweep := func(idx func(int) int) []span {
		out := make([]span, m+1)
		count := make([]int, len(heads))
		cur := span{}
		for step := range m {
			i := idx(step)
			g, c := group[i], ts[i].coef
			before, after := bound(c, count[g]), bound(c, count[g]+1)
			count[g]++
			cur.lo += after.lo - before.lo
			cur.hi += after.hi - before.hi
			out[step+1] = cur
		}
		return out
	}
	pre = sweep(func(s int) int { return s })
	back := sweep(func(s int) int { return m - 1 - s })
	suf = make([]span, m+1)
	for i := range suf {
		suf[i] = back[m-i]
	}
	return ts, group, pre, suf
}

// cliques returns the sets of cells that hold distinct digits: the units
// and the cells each rule keeps pairwise apart (see apartGroups), as
// membership by cell.
func (e *variantEncoder) cliques() []map[int]bool {
	var out []map[int]bool
	add := func(cells []int) {
		q := make(map[int]bool, len(cells))
		for _, c := range cells {
			q[c] = true
		}
		out = append(out, q)
	}
	for _, u := range e.p.Units() {
		add(u)
	}
	e.apartGroups(false, add)
	return out
}

// apartGroups calls fn with each group of cells that a rule keeps
// pairwise apart: a diagonal, an extra region, a disjoint group, a cage,
// and with moves also each pair an anti-knight or anti-king rule forbids
// from repeating a digit.
func (e *variantEncoder) apartGroups(moves bool, fn func(cells []int)) {
	for _, r := range e.p.Rules {
		e.apartRule(r, moves, fn)
	}
}

// differ reports whether cells a and b hold different digits in every
// solution: they share a unit, or a rule keeps them apart (apartGroups).
func (e *variantEncoder) differ(a, b int) bool {
	if a == b {
		return false
	}
	if e.sameUnit(a, b) {
		return true
	}
	if e.apartPairs == nil {
		e.apartPairs = map[[2]int]bool{}
		e.apartGroups(true, func(cells []int) {
			for i, x := range cells {
				for _, y := range cells[:i] {
					e.apartPairs[[2]int{min(x, y), max(x, y)}] = true
				}
			}
		})
	}
	return e.apartPairs[[2]int{min(a, b), max(a, b)}]
}

// sortedKeys returns the keys of a map, in increasing order.
func sortedKeys(m map[int]Lit) []int {
	keys := make([]int, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

func distinctCells(ts []term) bool {
	for i := range ts {
		for j := range i {
			if ts[i].cell == ts[j].cell {
				return false
			}
		}
	}
	return true
}

// terms returns the cells with coefficient coef.
func terms(coef int, cells ...int) []term {
	out := make([]term, len(cells))
	for i, c := range cells {
		out[i] = term{c, coef}
	}
	return out
}

// or returns a literal equivalent to the disjunction of lits: the one
// literal itself, or a new variable.
func (e *variantEncoder) or(lits ...Lit) Lit {
	if len(lits) == 1 {
		return lits[0]
	}
	v := e.f.NewVar()
	for _, l := range lits {
		e.clause(-l, v)
	}
	e.clause(append([]Lit{-v}, lits...)...)
	return v
}

// and returns a new variable z with z ↔ a ∧ b.
func (e *variantEncoder) and(a, b Lit) Lit {
	z := e.f.NewVar()
	e.clause(-z, a)
	e.clause(-z, b)
	e.clause(z, -a, -b)
	return z
}
