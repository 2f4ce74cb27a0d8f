package explain

import (
	"cmp"
	"math/bits"
	"slices"

	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/logic"
)

// exactBudget bounds the search for one candidate's support (decisions):
// beyond it, SAT decides that candidate (Explainer.budgetPer, which the
// tests lower).
const exactBudget = 2000

// unsureBudget bounds the search for a candidate's support once the
// search has left another candidate of the same set to SAT, at this
// position or before (Explainer.hard): one SAT call decides them all.
const unsureBudget = 50

// Results of search.
const (
	refuted = iota // no model: the candidate supposed is forbidden
	model          // a model, left on the trail
	unknown        // the budget ran out
)

// witnesses keeps, per set of instances, the models its searches found
// (a digit per cell of the set, in increasing cell order): while a
// model's digits are all candidates, the digits it holds need no search.
type witnesses map[[3]int32][][]int8

// forbidden returns the candidates of the unsolved cells of set that the
// instances of set, with the facts of the cells they touch, forbid: the
// exact answer (SAT's), sorted. Each candidate is decided by propagation
// and a bounded exhaustive search over the cells (decide); SAT decides
// those on which the search ran out of budget, all in one call
// (satForbidden).
func (x *Explainer) forbidden(g *logic.Grid, key [3]int32, set, cells []int) []logic.Candidate {
	w0 := x.prop.work
	out, unsure := x.decide(g, key, set, cells, x.budgetPer)
	if trace != nil {
		trace(x, set, x.prop.work-w0, len(unsure))
	}
	if len(unsure) > 0 {
		out = append(out, x.satForbidden(g, key, set, cells, unsure)...)
	}
	sortCandidates(out)
	return out
}

// decide splits the candidates of the unsolved cells of set (cells, the
// cells it touches, sorted) into those the instances of set forbid,
// returned, those they allow (a model holds them), and those a search of
// budget decisions each could not decide (unsure). A digit of the known
// solution is allowed (the solution is a model of every instance), and
// so is a digit of a model found before for key that still fits g.
func (x *Explainer) decide(g *logic.Grid, key [3]int32, set, cells []int, budget int) (out, unsure []logic.Candidate) {
	p := x.prop
	defer func() { x.Stats.Work = p.work }()
	sup := make([]logic.Digits, len(cells))
	if sol := x.solution; sol != nil {
		for k, c := range cells {
			sup[k] = logic.DigitSet(sol[c])
		}
	}
	// The models found before, those that still fit.
	old := x.models[key]
	kept := old[:0]
	for _, m := range old {
		fits := len(m) == len(cells)
		for k := 0; fits && k < len(m); k++ {
			fits = g.Cand[cells[k]].Has(int(m[k]))
		}
		if fits {
			for k, d := range m {
				sup[k] |= logic.DigitSet(int(d))
			}
			kept = append(kept, m)
		}
	}
	x.models[key] = kept
	var todo []logic.Candidate
	for k, c := range cells {
		if g.Value[c] != 0 {
			continue
		}
		for _, d := range (g.Cand[c] &^ sup[k]).List() {
			todo = append(todo, logic.Candidate{Cell: c, Digit: d})
		}
	}
	if len(todo) == 0 {
		return nil, nil
	}
	if !x.start(g, set, cells) {
		return nil, nil // a broken position: nothing to decide
	}
	base := len(p.trail)
	for _, t := range todo {
		k, _ := slices.BinarySearch(cells, t.Cell)
		if sup[k].Has(t.Digit) {
			continue // a model found for an earlier candidate holds it
		}
		l := x.lit(t.Cell, t.Digit)
		if p.value(l) == -1 {
			out = append(out, t)
			continue
		}
		p.assign(l, bySuppos)
		r := refuted
		if p.propagate() < 0 {
			x.budget = budget
			if len(unsure) > 0 || x.hard[key] {
				// SAT decides some already, in one call with the rest:
				// a short search for the others.
				x.budget = min(budget, unsureBudget)
			}
			r = x.search(set, cells)
		}
		switch r {
		case refuted:
			out = append(out, t)
		case unknown:
			unsure = append(unsure, t)
		case model:
			m := make([]int8, len(cells))
			for k, c := range cells {
				for d := 1; d <= x.n; d++ {
					if p.value(x.lit(c, d)) == 1 {
						m[k] = int8(d)
						sup[k] |= logic.DigitSet(d)
					}
				}
			}
			x.models[key] = append(x.models[key], m)
		}
		p.backtrack(base)
	}
	if len(unsure) > 0 {
		x.hard[key] = true
	}
	return out, unsure
}

// search looks for a model of the clauses on that extends the current
// assignment (propagated, with no conflict): model when it finds one,
// left on the trail, refuted when there is none, unknown when x.budget
// decisions did not tell. The caller backtracks.
//
// A pair of instances shares only the digits of the cells in both:
// search branches on those first, and once they hold a digit each, the
// two instances are independent, so it looks for a model of each alone
// (the sum of their searches, not the product). On one instance it
// branches on the cell of cells with the fewest digits left, the
// solution's digit first, then on the auxiliary variables of a clause not
// yet satisfied.
func (x *Explainer) search(set, cells []int) int {
	if len(set) == 2 {
		inter := x.inter(set)
		if cell := x.pick(inter); cell >= 0 {
			return x.branch(x.digits(cell), func() int { return x.search(set, cells) })
		}
		for _, i := range set {
			if r := x.search1(i); r != model {
				return r
			}
		}
		return model
	}
	return x.search1(set[0])
}

// search1 is search on instance i alone; a house is decided by a
// matching instead (matchHouse), exactly and with no decision spent.
func (x *Explainer) search1(i int) int {
	if in := x.insts[i]; in.House >= 0 && len(in.Cells) == x.n {
		if r, ok := x.matchHouse(in.Cells); ok {
			return r
		}
	}
	return x.searchN(x.byInst[i:i+1], x.insts[i].Cells)
}

// matchHouse decides a house alone (its cells, N of them): its models are
// exactly the perfect matchings of its cells to the digits each may still
// hold (every digit once, every cell one digit), so one maximum matching
// (augmenting paths, the solution's digits tried first) tells refuted or
// model, where search would branch cell by cell. A matching found is
// assigned, the model left on the trail as search leaves it. ok is false
// for a house too large for the bit sets (the caller searches).
func (x *Explainer) matchHouse(cells []int) (r int, ok bool) {
	p := x.prop
	n := len(cells)
	if n > 64 {
		return 0, false
	}
	adj := make([]uint64, n) // per cell: the digits (bit d−1) it may hold
	match := make([]int, n)  // per cell: its digit's bit, or −1
	var owner [64]int8       // per digit bit: the cell holding it, or −1
	for d := range owner {
		owner[d] = -1
	}
	for k, c := range cells {
		match[k] = -1
		var open uint64
		for d := 1; d <= x.n && adj[k] == 0; d++ {
			switch p.value(x.lit(c, d)) {
			case 1:
				adj[k] = 1 << (d - 1) // placed
			case 0:
				open |= 1 << (d - 1)
			}
		}
		if adj[k] == 0 {
			adj[k] = open
		}
		if adj[k] == 0 {
			return refuted, true
		}
		if x.solution != nil {
			if b := x.solution[c] - 1; b >= 0 && adj[k]&(1<<b) != 0 && owner[b] < 0 {
				owner[b], match[k] = int8(k), b
			}
		}
	}
	var augment func(k int, seen *uint64) bool
	augment = func(k int, seen *uint64) bool {
		for m := adj[k]; m != 0; m &= m - 1 {
			b := bits.TrailingZeros64(m)
			if *seen&(1<<b) != 0 {
				continue
			}
			*seen |= 1 << b
			if owner[b] < 0 || augment(int(owner[b]), seen) {
				owner[b], match[k] = int8(k), b
				return true
			}
		}
		return false
	}
	for k := range cells {
		if match[k] < 0 {
			var seen uint64
			if !augment(k, &seen) {
				return refuted, true
			}
		}
	}
	// The model's digits go on the trail unpropagated: they satisfy the
	// house and the cells' exactly-ones, and no other loaded clause
	// touches these cells (a pair's shared cells are decided before
	// search1 runs), so propagation could only confirm them.
	for k, c := range cells {
		p.assign(x.lit(c, match[k]+1), bySuppos)
	}
	return model, true
}

// searchN is search on the clauses of clauses (those of instances),
// branching on cells, then on their auxiliary variables.
func (x *Explainer) searchN(clauses [][]int32, cells []int) int {
	if cell := x.pick(cells); cell >= 0 {
		return x.branch(x.digits(cell), func() int { return x.searchN(clauses, cells) })
	}
	// Every cell holds a digit: an auxiliary variable of a clause not yet
	// satisfied, if any.
	p := x.prop
	for _, own := range clauses {
		for _, c := range own {
			var l encode.Lit
			sat := false
			for _, m := range x.cs.clause(c) {
				switch p.value(m) {
				case 1:
					sat = true
				case 0:
					l = m
				}
			}
			if !sat && l != 0 {
				return x.branch([]encode.Lit{l, -l}, func() int { return x.searchN(clauses, cells) })
			}
		}
	}
	return model
}

// decides reports whether the instances of set, with the facts of the
// cells they touch, forbid t: refuted or model by propagation and a
// search of budget decisions, else unknown.
func (x *Explainer) decides(g *logic.Grid, set []int, t logic.Candidate, budget int) int {
	p := x.prop
	defer func() { x.Stats.Work = p.work }()
	cells := x.cells(set, []int{t.Cell})
	if !x.start(g, set, cells) {
		return unknown // a broken position: left to SAT
	}
	l := x.lit(t.Cell, t.Digit)
	if p.value(l) == -1 {
		return refuted
	}
	p.assign(l, bySuppos)
	if p.propagate() >= 0 {
		return refuted
	}
	clauses := make([][]int32, len(set))
	for k, i := range set {
		clauses[k] = x.byInst[i]
	}
	x.budget = budget
	return x.searchN(clauses, cells)
}

// inter returns the cells both instances of the pair set touch.
func (x *Explainer) inter(set []int) []int {
	return common(nil, x.insts[set[0]].Cells, x.insts[set[1]].Cells)
}

// pick returns the cell of cells that holds no digit yet with the fewest
// digits left, or −1.
func (x *Explainer) pick(cells []int) int {
	p := x.prop
	cell, free := -1, x.n+1
	for _, c := range cells {
		f, placed := 0, false
		for d := 1; d <= x.n; d++ {
			switch p.value(x.lit(c, d)) {
			case 1:
				placed = true
			case 0:
				f++
			}
		}
		if !placed && f < free {
			cell, free = c, f
		}
	}
	return cell
}

// digits returns the literals of the digits left in cell, the
// solution's first.
func (x *Explainer) digits(cell int) []encode.Lit {
	p := x.prop
	var lits []encode.Lit
	first := 0
	if x.solution != nil {
		first = x.solution[cell]
	}
	if first != 0 && p.value(x.lit(cell, first)) == 0 {
		lits = append(lits, x.lit(cell, first))
	}
	for d := 1; d <= x.n; d++ {
		if d != first && p.value(x.lit(cell, d)) == 0 {
			lits = append(lits, x.lit(cell, d))
		}
	}
	return lits
}

// branch tries each literal of lits in turn (one decision each), with
// next to search on; a refuted literal's negation holds for the ones
// after it. It returns as search does; refuted when every branch is
// (the literals cover every case: a cell's digits, or a variable and
// its negation).
func (x *Explainer) branch(lits []encode.Lit, next func() int) int {
	p := x.prop
	for _, l := range lits {
		switch p.value(l) {
		case -1:
			continue // refuted with an earlier branch
		case 1:
			return next() // forced by an earlier branch's refutation
		}
		if x.budget <= 0 {
			return unknown
		}
		x.budget--
		base := len(p.trail)
		p.assign(l, bySuppos)
		if p.propagate() < 0 {
			if r := next(); r != refuted {
				return r
			}
		}
		p.backtrack(base)
		// l is refuted: its negation holds in every model left.
		p.assign(-l, bySuppos)
		if p.propagate() >= 0 {
			return refuted
		}
	}
	return refuted
}

// trace, when set (by the tests), is told of each set decide decides:
// the propagator's work and the candidates left to SAT.
var trace func(x *Explainer, set []int, work int64, unsure int)

// fullHouse reports whether instance i is a house of N cells: a
// permutation of the N digits.
func (x *Explainer) fullHouse(i int) bool {
	in := x.insts[i]
	return in.House >= 0 && len(in.Cells) == x.n
}

// maxFillings bounds the fillings of the shared cells of two houses that
// housesForbid lists.
const maxFillings = 4096

// housesForbid returns the candidates of the unsolved cells of one house
// of N cells, or of two that share cells (a and b, sorted), that they
// forbid at position g, sorted, decided by matchings instead of search:
// the fillings of a house are the perfect matchings of its cells to the
// N digits, and a candidate is allowed exactly when it lies in one
// (pmSupport). For two houses, a filling of the shared cells extends to
// a house exactly when the house's other cells take the digits it
// leaves, so only the set of digits it uses matters: each such set that
// both houses extend allows its fillings of the shared cells, and what
// it allows in each house's other cells. ok is false when the shared
// cells have too many fillings to list, or when the houses have no
// filling at all (the caller decides by search).
func housesForbid(g *logic.Grid, n int, a, b []int, s *forbidScratch) (out []logic.Candidate, ok bool) {
	if s == nil {
		s = new(forbidScratch)
	}
	allowed := s.take(len(g.Cand))
	defer func() {
		for _, c := range a {
			allowed[c] = 0
		}
		for _, c := range b {
			allowed[c] = 0
		}
	}()
	mask := func(c int) uint64 {
		if v := g.Value[c]; v != 0 {
			return 1 << (v - 1)
		}
		return uint64(g.Cand[c])
	}
	full := uint64(1)<<n - 1
	if n == 64 {
		full = ^uint64(0)
	}
	filled := false // some filling of a (and b) exists
	allow := func(cells []int, masks []uint64, left uint64) {
		sup, ok := pmSupport(masks, left)
		for k, c := range cells {
			allowed[c] |= sup[k]
		}
		filled = filled || ok
	}
	restOf := func(h, shared []int) (cells []int, masks []uint64) {
		for _, c := range h {
			if _, in := slices.BinarySearch(shared, c); !in {
				cells, masks = append(cells, c), append(masks, mask(c))
			}
		}
		return cells, masks
	}
	if b == nil {
		cells, masks := restOf(a, nil)
		allow(cells, masks, full)
	} else {
		shared := common(nil, a, b)
		cellsA, masksA := restOf(a, shared)
		cellsB, masksB := restOf(b, shared)
		both := s.both // digit sets of the shared cells: both houses extend it
		nodes := 0
		filling := make([]int, len(shared)) // per shared cell: its digit's bit
		var fill func(k int, used uint64) bool
		fill = func(k int, used uint64) bool {
			if nodes++; nodes > maxFillings {
				return false
			}
			if k == len(shared) {
				ext, seen := both[used]
				if !seen {
					left := full &^ used
					ext = perfectMatch(masksA, left) && perfectMatch(masksB, left)
					both[used] = ext
					if ext {
						allow(cellsA, masksA, left)
						allow(cellsB, masksB, left)
					}
				}
				if ext {
					for i, c := range shared {
						allowed[c] |= 1 << filling[i]
					}
				}
				return true
			}
			for m := mask(shared[k]) &^ used; m != 0; m &= m - 1 {
				filling[k] = bits.TrailingZeros64(m)
				if !fill(k+1, used|m&-m) {
					return false
				}
			}
			return true
		}
		if !fill(0, 0) {
			return nil, false
		}
	}
	if !filled {
		return nil, false // a broken position: left to the search
	}
	for _, h := range [][]int{a, b} {
		for _, c := range h {
			if g.Value[c] != 0 {
				continue
			}
			for m := mask(c) &^ allowed[c]; m != 0; m &= m - 1 {
				out = append(out, logic.Candidate{Cell: c, Digit: bits.TrailingZeros64(m) + 1})
			}
			allowed[c] = ^uint64(0) // listed once: a shared cell is in both houses
		}
	}
	sortCandidates(out)
	return out, true
}

// forbidScratch is housesForbid's tables, kept from call to call: the SAT
// step calls it on every pair of houses, and a hint, a short run, pays a
// page fault for each fresh page its tables take.
type forbidScratch struct {
	allowed []uint64        // per cell: the digits some filling gives it; zero between calls
	both    map[uint64]bool // per digit set of the shared cells: whether both houses extend it
}

// take returns the zeroed table of cells cells and empties both.
func (s *forbidScratch) take(cells int) []uint64 {
	if len(s.allowed) < cells {
		s.allowed = make([]uint64, cells)
	}
	if s.both == nil {
		s.both = map[uint64]bool{}
	}
	clear(s.both)
	return s.allowed
}

// perfectMatch reports whether cells (each the set of digits it may
// hold, bit d−1 for digit d) can take the digits of left one each, every
// digit used.
func perfectMatch(cells []uint64, left uint64) bool {
	_, ok := matchAll(cells, left)
	return ok
}

// matchAll returns a perfect matching of cells to the digits of left
// (per digit bit, its cell), by augmenting paths, or ok false when there
// is none.
func matchAll(cells []uint64, left uint64) (owner [64]int8, ok bool) {
	for d := range owner {
		owner[d] = -1
	}
	if len(cells) != bits.OnesCount64(left) || len(cells) > 64 {
		return owner, false
	}
	var augment func(k int, seen *uint64) bool
	augment = func(k int, seen *uint64) bool {
		for m := cells[k] & left &^ *seen; m != 0; m &= m - 1 {
			d := bits.TrailingZeros64(m)
			*seen |= 1 << d
			if owner[d] < 0 || augment(int(owner[d]), seen) {
				owner[d] = int8(k)
				return true
			}
		}
		return false
	}
	for k := range cells {
		var seen uint64
		if !augment(k, &seen) {
			return owner, false
		}
	}
	return owner, true
}

// pmSupport returns, per cell, the digits of left it takes in some
// perfect matching of cells to left (none when there is no perfect
// matching, ok false). With every digit matched, an edge lies in a
// perfect matching exactly when it is matched or closes an alternating
// cycle: cell k, digit d, d's cell in the matching found, and on through
// matched digits back to k (Régin's filtering of all-different).
func pmSupport(cells []uint64, left uint64) (sup []uint64, ok bool) {
	sup = make([]uint64, len(cells))
	owner, ok := matchAll(cells, left)
	if !ok {
		return sup, false
	}
	// reach[k]: the cells k reaches by one of its other digits and that
	// digit's cell, then closed transitively.
	reach := make([]uint64, len(cells))
	for k, m := range cells {
		for m &= left; m != 0; m &= m - 1 {
			if o := owner[bits.TrailingZeros64(m)]; int(o) != k {
				reach[k] |= 1 << o
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for k := range reach {
			r := reach[k]
			for m := r; m != 0; m &= m - 1 {
				r |= reach[bits.TrailingZeros64(m)]
			}
			if r != reach[k] {
				reach[k], changed = r, true
			}
		}
	}
	for k, m := range cells {
		for m &= left; m != 0; m &= m - 1 {
			d := bits.TrailingZeros64(m)
			if o := int(owner[d]); o == k || reach[o]&(1<<k) != 0 {
				sup[k] |= 1 << d
			}
		}
	}
	return sup, true
}

// sortCandidates sorts cs by cell, then digit.
func sortCandidates(cs []logic.Candidate) {
	slices.SortFunc(cs, func(a, b logic.Candidate) int {
		return cmp.Or(cmp.Compare(a.Cell, b.Cell), cmp.Compare(a.Digit, b.Digit))
	})
}
