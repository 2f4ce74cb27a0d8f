package fallback

import (
	"fmt"
	"slices"

	"github.com/satdoku/satdoku/variant"
)

// compileVariant builds the search state of a valid puzzle: the givens,
// the peers and full groups of its geometry and rules, and a propagator
// for each rule that needs one. The rule's cells are read from its fields;
// derived cells (a diagonal, a knight's moves, a clue's line, a region-sum
// line's segments, an indexer's targets) are worked out here, not taken
// from package variant's helpers, so that a slip there is caught by the
// cross-check rather than copied. If derived, it also adds the sums the
// rules imply together (variant_implied.go, variant_derived.go).
func compileVariant(p *variant.Puzzle, derived bool) (*vsolver, error) {
	b := newBuilder(p)
	n, s := b.n, b.s
	for r := 0; r < n; r++ {
		row := make([]int32, n)
		col := make([]int32, n)
		for i := range row {
			row[i] = int32(r*n + i)
			col[i] = int32(i*n + r)
		}
		b.distinct(row)
		b.distinct(col)
	}
	for _, reg := range b.regions() {
		b.distinct(reg)
	}
	for i, r := range p.Rules {
		if err := b.rule(r); err != nil {
			return nil, fmt.Errorf("rule %d: %w", i+1, err)
		}
	}
	if derived {
		b.houseTotals = true
		cages := b.cageInnies(p)
		b.houseCages(cages)
		b.diagonalInnies()
		b.lineOuties()
	}
	b.finish()
	for c, d := range p.Givens.Cells {
		if d != 0 && !s.restrictInit(int32(c), digitMask(int(d))) {
			s.contradiction = true
		}
	}
	return s, nil
}

// finish fills the search state's tables from what the builder collected:
// the peers, the full groups, the sums' cliques.
func (b *builder) finish() {
	s := b.s
	for c, set := range b.peerSet {
		for o := range set {
			s.peers[c] = append(s.peers[c], o)
		}
		slices.Sort(s.peers[c])
	}
	s.indexPeers()
	s.indexGroups()
	for _, sp := range b.sums {
		if b.houseTotals {
			sp.dropHouses(s.groups)
		}
		sp.finish(b.units, func(x, y int32) bool { return b.peerSet[x][y] })
	}
}

// restrictInit restricts a mask before the search starts (start queues
// every propagator and decided cell anyway).
func (s *vsolver) restrictInit(c int32, m uint64) bool {
	s.cand[c] &= m
	return s.cand[c] != 0
}

// newBuilder returns a builder for p's search state, with nothing added.
func newBuilder(p *variant.Puzzle) *builder {
	n := p.Side()
	s := newVsolver(n)
	b := &builder{s: s, n: n, rels: relations{n: n}, labels: p.RegionLabels()}
	b.peerSet = make([]map[int32]bool, s.ncell)
	return b
}

// builder collects what the rules compile to.
type builder struct {
	s       *vsolver
	n       int
	rels    relations
	labels  []int
	peerSet []map[int32]bool
	sums    []*sumProp // to finish once the peers are known
	// houseTotals makes finish take whole houses out of long sums
	// (sumProp.dropHouses): with the derived sums, as a reformulation
	// that relies on the houses.
	houseTotals bool
	units       [][]int32 // every group of cells that must differ
	// diagonals holds the diagonal sums by direction: [0] down-right,
	// [1] down-left (see diagonalInnies).
	diagonals [2][]diagonalSum
	// derived holds the cells of each derived sum added (derivedOnce).
	derived map[string]bool
	// on, when not nil, holds the houses that hold (SolvePart: rows,
	// columns and regions may be off), by houseKey; the derived sums use
	// only those.
	on map[string]bool
}

// houseKey returns the key of a house's cells in builder.on.
func houseKey(cells []int32) string {
	return fmt.Sprint(slices.Sorted(slices.Values(cells)))
}

// off reports whether the house of these cells does not hold.
func (b *builder) off(cells []int32) bool {
	return b.on != nil && !b.on[houseKey(cells)]
}

// onOnly returns the houses of houses that hold.
func (b *builder) onOnly(houses [][]int32) [][]int32 {
	if b.on == nil {
		return houses
	}
	var out [][]int32
	for _, h := range houses {
		if !b.off(h) {
			out = append(out, h)
		}
	}
	return out
}

// regions returns the cells of each region with N cells, in reading order.
func (b *builder) regions() [][]int32 {
	out := make([][]int32, b.n)
	for c, l := range b.labels {
		if l >= 0 && l < b.n {
			out[l] = append(out[l], int32(c))
		}
	}
	full := out[:0]
	for _, reg := range out {
		if len(reg) == b.n {
			full = append(full, reg)
		}
	}
	return full
}

// distinct makes cells mutual peers; a group of N cells is also full (it
// holds every digit), and a smaller one of three or more cells gets a
// check that its cells can still take different digits at once.
func (b *builder) distinct(cells []int32) {
	b.distinctAlso(cells)
	if len(cells) < b.n && len(cells) > 2 {
		b.s.addProp(&distinctProp{cells: cells, masks: make([]uint64, len(cells))}, cells)
	}
}

// distinctAlso is distinct for cells whose rule checks the matching itself
// (a killer cage with a sum, a renban: comboProp).
func (b *builder) distinctAlso(cells []int32) {
	b.units = append(b.units, cells)
	for i, x := range cells {
		for _, y := range cells[i+1:] {
			b.peer(x, y)
		}
	}
	if len(cells) == b.n {
		b.s.groups = append(b.s.groups, cells)
	}
}

func (b *builder) peer(x, y int32) {
	if x == y {
		return
	}
	for _, e := range [2][2]int32{{x, y}, {y, x}} {
		if b.peerSet[e[0]] == nil {
			b.peerSet[e[0]] = map[int32]bool{}
		}
		b.peerSet[e[0]][e[1]] = true
	}
}

// pair adds the relation allow between cells x and y under key.
func (b *builder) pair(x, y int, key relKey, allow func(a, c int) bool) {
	rel := b.rels.get(key, allow)
	b.s.addProp(&pairProp{a: int32(x), b: int32(y), rel: rel}, []int32{int32(x), int32(y)})
}

// unary keeps only the digits of m in cell c.
func (b *builder) unary(c int, m uint64) {
	if !b.s.restrictInit(int32(c), m) {
		b.s.contradiction = true
	}
}

func cells32(cells []int) []int32 {
	out := make([]int32, len(cells))
	for i, c := range cells {
		out[i] = int32(c)
	}
	return out
}

// moves returns the pairs of cells one of the moves apart.
func (b *builder) moves(moves [][2]int) [][2]int {
	n := b.n
	var out [][2]int
	for c := 0; c < n*n; c++ {
		r, col := c/n, c%n
		for _, m := range moves {
			r2, c2 := r+m[0], col+m[1]
			if r2 >= 0 && r2 < n && c2 >= 0 && c2 < n {
				out = append(out, [2]int{c, r2*n + c2})
			}
		}
	}
	return out
}

// outside returns the cells from an outside clue inward.
func (b *builder) outside(o variant.Outside) []int32 {
	n := b.n
	var out []int32
	if o.DRow == 0 && o.DCol == 0 {
		return nil
	}
	for r, c := o.Row+o.DRow, o.Col+o.DCol; r >= 0 && r < n && c >= 0 && c < n; r, c = r+o.DRow, c+o.DCol {
		out = append(out, int32(r*n+c))
	}
	return out
}

// entropicGroup returns the entropic group (0 low, 1 middle, 2 high) of
// digit d on a board of side n: three runs of consecutive digits, as equal
// as possible, the middle one the odd one out (variant.EntropicGroups).
func entropicGroup(n, d int) int {
	small, large := n/3, (n+2)/3
	sizes := [3]int{large, small, large}
	if n%3 == 1 {
		sizes = [3]int{small, large, small}
	}
	top := 0
	for g, size := range sizes {
		top += size
		if d <= top {
			return g
		}
	}
	return 2
}

// rule compiles one rule.
func (b *builder) rule(r variant.Rule) error {
	n := b.n
	switch r := r.(type) {
	case variant.PositiveDiagonal:
		diag := make([]int32, n)
		for i := range diag {
			diag[i] = int32(i*n + n - 1 - i)
		}
		b.distinct(diag)
		b.diagonalLine(diag, n*(n+1)/2)
	case variant.NegativeDiagonal:
		diag := make([]int32, n)
		for i := range diag {
			diag[i] = int32(i*n + i)
		}
		b.distinct(diag)
		b.diagonalLine(diag, n*(n+1)/2)
	case variant.AntiKnight:
		for _, pr := range b.moves([][2]int{{1, 2}, {2, 1}, {1, -2}, {2, -1}}) {
			b.peer(int32(pr[0]), int32(pr[1]))
		}
	case variant.AntiKing:
		for _, pr := range b.moves([][2]int{{1, 1}, {1, -1}, {0, 1}, {1, 0}}) {
			b.peer(int32(pr[0]), int32(pr[1]))
		}
	case variant.DisjointGroups:
		groups := make([][]int32, n)
		for _, reg := range b.allRegions() {
			for k, c := range reg {
				groups[k] = append(groups[k], c)
			}
		}
		for _, g := range groups {
			b.distinct(g)
		}
	case variant.ExtraRegion:
		b.distinct(cells32(r.Cells))
	case variant.Negative:
		ng := r
		for _, pr := range r.Pairs {
			b.pair(pr[0], pr[1], relKey{fmt.Sprintf("negative%d%v", ng.Kind, ng.Values), 0}, func(x, y int) bool { return !negativeHas(ng, x, y) })
		}
	case variant.Odd:
		b.unary(r.Cell, oddMask(n))
	case variant.Even:
		b.unary(r.Cell, fullMask(n)&^oddMask(n))
	case variant.PencilMarks:
		var m uint64
		for _, d := range r.Digits {
			m |= digitMask(d)
		}
		b.unary(r.Cell, m)
	case variant.Minimum:
		for _, t := range r.Than {
			b.pair(r.Cell, t, relKey{"less", 0}, func(x, y int) bool { return x < y })
		}
	case variant.Maximum:
		for _, t := range r.Than {
			b.pair(r.Cell, t, relKey{"greater", 0}, func(x, y int) bool { return x > y })
		}
	case variant.Thermometer:
		key, allow := relKey{"less", 0}, func(x, y int) bool { return x < y }
		if r.Slow {
			key, allow = relKey{"lesseq", 0}, func(x, y int) bool { return x <= y }
		}
		for i := 1; i < len(r.Cells); i++ {
			b.pair(r.Cells[i-1], r.Cells[i], key, allow)
		}
	case variant.Arrow:
		b.sum(newSumProp(n, []sumGroup{{cells: cells32(r.Circle), pill: len(r.Circle) > 1}, {cells: cells32(r.Line)}}, -1))
	case variant.DoubleArrow:
		c := r.Cells
		ends := []int32{int32(c[0]), int32(c[len(c)-1])}
		b.sum(newSumProp(n, []sumGroup{{cells: ends}, {cells: cells32(c[1 : len(c)-1])}}, -1))
	case variant.Palindrome:
		for i, j := 0, len(r.Cells)-1; i < j; i, j = i+1, j-1 {
			b.pair(r.Cells[i], r.Cells[j], relKey{"equal", 0}, func(x, y int) bool { return x == y })
		}
	case variant.Clone:
		for i := range r.Cells {
			b.pair(r.Cells[i], r.Clones[i], relKey{"equal", 0}, func(x, y int) bool { return x == y })
		}
	case variant.Renban:
		cells := cells32(r.Cells)
		b.distinctAlso(cells)
		k := len(cells)
		var runs []uint64
		for lo := 1; lo+k-1 <= n; lo++ {
			runs = append(runs, rangeMask(lo, lo+k-1))
		}
		b.s.addProp(newComboProp(cells, runs), cells)
	case variant.Whispers:
		diff := r.Difference
		for i := 1; i < len(r.Cells); i++ {
			b.pair(r.Cells[i-1], r.Cells[i], relKey{"whispers", diff}, func(x, y int) bool { return absInt(x-y) >= diff })
		}
	case variant.BetweenLine:
		cells := cells32(r.Cells)
		b.s.addProp(newBetweenProp(cells), cells)
	case variant.RegionSumLine:
		var segs []sumGroup
		last := -2
		for _, c := range r.Cells {
			l := b.labels[c]
			if l < 0 {
				continue
			}
			if l != last {
				segs = append(segs, sumGroup{})
				last = l
			}
			segs[len(segs)-1].cells = append(segs[len(segs)-1].cells, int32(c))
		}
		if len(segs) > 1 {
			b.sum(newSumProp(n, segs, -1))
		}
	case variant.EntropicLine:
		b.triples(r.Cells, relKey{"entropic", 0}, func(x, y int) bool { return entropicGroup(n, x) != entropicGroup(n, y) })
	case variant.ModularLine:
		b.triples(r.Cells, relKey{"modular", 0}, func(x, y int) bool { return x%3 != y%3 })
	case variant.ZipperLine:
		c := r.Cells
		var groups []sumGroup
		for i, j := 0, len(c)-1; i < j; i, j = i+1, j-1 {
			groups = append(groups, sumGroup{cells: []int32{int32(c[i]), int32(c[j])}})
		}
		if len(c)%2 == 1 {
			groups = append(groups, sumGroup{cells: []int32{int32(c[len(c)/2])}})
		}
		if len(groups) > 1 {
			b.sum(newSumProp(n, groups, -1))
		}
	case variant.Nabner:
		for i, x := range r.Cells {
			for _, y := range r.Cells[i+1:] {
				b.pair(x, y, relKey{"nabner", 0}, func(x, y int) bool { return absInt(x-y) > 1 })
			}
		}
	case variant.Killer:
		cells := cells32(r.Cells)
		combos, ok := sumCombos(n, len(cells), r.Sum)
		switch {
		case r.Sum == 0:
			b.distinct(cells)
		case ok:
			b.distinctAlso(cells)
			b.s.addProp(newComboProp(cells, combos), cells)
		default:
			b.distinct(cells)
			b.sum(newSumProp(n, []sumGroup{{cells: cells}}, r.Sum))
		}
	case variant.DigitalRootCage:
		cells := cells32(r.Cells)
		b.distinctAlso(cells)
		b.s.addProp(newComboProp(cells, rootCombos(n, len(cells), r.Root)), cells)
	case variant.LittleKiller:
		cells := b.outside(r.Clue)
		b.sum(newSumProp(n, []sumGroup{{cells: cells}}, r.Sum))
		b.diagonalLine(cells, r.Sum)
	case variant.Difference:
		diff := r.Diff
		b.pair(r.A, r.B, relKey{"difference", diff}, func(x, y int) bool { return absInt(x-y) == diff })
	case variant.Ratio:
		k := r.Ratio
		b.pair(r.A, r.B, relKey{"ratio", k}, func(x, y int) bool { return x == k*y || y == k*x })
	case variant.XV:
		sum := r.Sum
		b.pair(r.A, r.B, relKey{"sum", sum}, func(x, y int) bool { return x+y == sum })
	case variant.Quadruple:
		cells := cells32(r.Cells)
		b.s.addProp(newQuadProp(cells, r.Digits), cells)
	case variant.Sandwich:
		line := b.outside(r.Clue)
		b.s.addProp(newSandwichProp(n, line, r.Sum), line)
	case variant.XSum:
		line := b.outside(r.Clue)
		b.s.addProp(newXsumProp(n, line, r.Sum), line)
	case variant.Skyscraper:
		line := b.outside(r.Clue)
		b.s.addProp(newSkyscraperProp(n, line, r.Count), line)
	case variant.Indexer:
		b.indexer(r)
	default:
		return fmt.Errorf("%w: %q (%T)", ErrUnknownRule, r.Name(), r)
	}
	return nil
}

// allRegions returns the cells of every label in use, in reading order,
// indexed by label (empty for an unused label).
func (b *builder) allRegions() [][]int32 {
	out := make([][]int32, b.n)
	for c, l := range b.labels {
		if l >= 0 && l < b.n {
			out[l] = append(out[l], int32(c))
		}
	}
	return out
}

// sum registers a sum propagator.
func (b *builder) sum(p *sumProp) {
	b.sumWeight(p, priorWeight)
}

// sumWeight registers a sum propagator whose cells each gain weight.
func (b *builder) sumWeight(p *sumProp, weight int64) {
	b.s.addPropWeight(p, p.cells(), weight)
	b.sums = append(b.sums, p)
}

// triples relates every two cells one or two apart along a line (a loop
// returns to its first cell, which is no pair with itself).
func (b *builder) triples(cells []int, key relKey, allow func(x, y int) bool) {
	for i := range cells {
		for j := i + 1; j < len(cells) && j <= i+2; j++ {
			if cells[i] != cells[j] {
				b.pair(cells[i], cells[j], key, allow)
			}
		}
	}
}

// indexer relates each indexer cell to every cell it may point at: the
// cell holding d points at a target that must then hold the cell's own
// position.
func (b *builder) indexer(x variant.Indexer) {
	n := b.n
	regions := b.allRegions()
	for _, c := range x.Cells {
		r, col := c/n, c%n
		for d := 1; d <= n; d++ {
			var target, want int
			switch x.Kind {
			case variant.RowIndex:
				target, want = (d-1)*n+col, r+1
			case variant.ColumnIndex:
				target, want = r*n+d-1, col+1
			default:
				reg := regions[b.labels[c]]
				target, want = int(reg[d-1]), slices.Index(reg, int32(c))+1
			}
			if target == c {
				continue // the cell holds its own position: nothing to check
			}
			dd, ww := d, want
			b.pair(c, target, relKey{fmt.Sprintf("index%d", d), want}, func(a, t int) bool { return a != dd || t == ww })
		}
	}
}

// negativeHas reports whether digits x and y have a property the negative
// rule forbids.
func negativeHas(ng variant.Negative, x, y int) bool {
	for _, v := range ng.Values {
		switch ng.Kind {
		case variant.NoDifference:
			if absInt(x-y) == v {
				return true
			}
		case variant.NoRatio:
			if x == v*y || y == v*x {
				return true
			}
		default:
			if x+y == v {
				return true
			}
		}
	}
	return false
}

// oddMask returns the odd digits of 1..n.
func oddMask(n int) uint64 {
	var m uint64
	for d := 1; d <= n; d += 2 {
		m |= digitMask(d)
	}
	return m
}
