// Package varianttest makes random variant Sudoku for tests: full grids
// (plain, with irregular regions, or keeping global rules such as
// anti-knight), and for every rule kind a random clue that a given grid
// satisfies, read off the grid. It depends on packages board and variant
// only; it shares no code with any solver, and the rules it makes are
// judged by variant.Check, not by this package.
package varianttest

import (
	"math/bits"
	"math/rand/v2"
	"slices"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/internal/puzzlegen"
	"github.com/satdoku/satdoku/variant"
)

// Grid returns a random full grid of shape s (puzzlegen.Grid: the pattern
// grid relabelled, its lines shuffled within bands and stacks).
func Grid(rng *rand.Rand, s board.Shape) *board.Board { return puzzlegen.Grid(rng, s) }

// Regions returns irregular region labels that grid satisfies, made from
// labels (which grid must satisfy: the boxes, or the rows) by swapping the
// labels of two cells that hold the same digit in different regions, swaps
// times. Each swap keeps every region a permutation of 1..N. Swaps between
// cells next to the other region are preferred, so regions stay mostly
// in one piece.
func Regions(rng *rand.Rand, grid *board.Board, labels []int, swaps int) []int {
	n := grid.Side()
	out := slices.Clone(labels)
	touches := func(c, reg int) bool {
		for _, nb := range variant.Neighbours(n, c) {
			if out[nb] == reg {
				return true
			}
		}
		return false
	}
	for done, tries := 0, 0; done < swaps && tries < 200*swaps; tries++ {
		a := rng.IntN(n * n)
		var cands []int
		for b := range out {
			if b != a && grid.Cells[b] == grid.Cells[a] && out[b] != out[a] {
				cands = append(cands, b)
			}
		}
		if len(cands) == 0 {
			continue
		}
		b := cands[rng.IntN(len(cands))]
		if tries < 100*swaps && (!touches(a, out[b]) || !touches(b, out[a])) {
			continue
		}
		out[a], out[b] = out[b], out[a]
		done++
	}
	return out
}

// RowRegions returns the labels that make each row a region, for sides
// with no rectangular boxes (5, 7): start Regions from them.
func RowRegions(n int) []int {
	out := make([]int, n*n)
	for i := range out {
		out[i] = i / n
	}
	return out
}

// Fill returns a random full grid that keeps p's givens, rows, columns and
// regions and those of p's rules that are inequalities between cells:
// diagonals, anti-knight, anti-king, disjoint groups, extra regions,
// killer cages' distinctness, and Negative rules of kind NoDifference. It
// ignores every other rule. It returns nil if the search finds no grid
// within budget search nodes; the search restarts every few thousand nodes
// with a new random order, which finds rare grids (nonconsecutive ones)
// far sooner than one long search.
func Fill(rng *rand.Rand, p *variant.Puzzle, budget int) *board.Board {
	const restart = 3000
	for budget > 0 {
		b := min(budget, restart)
		budget -= b
		if g := fill(rng, p, b); g != nil {
			return g
		}
	}
	return nil
}

func fill(rng *rand.Rand, p *variant.Puzzle, budget int) *board.Board {
	f := newFiller(rng, p, budget)
	if f == nil || !f.search() {
		return nil
	}
	return &board.Board{Shape: p.Givens.Shape, Cells: f.grid}
}

// Completions calls fn with every full grid that keeps p's givens, rows,
// columns, regions and the inequality rules Fill knows (every other rule is
// ignored: fn judges those), in a fixed order, until fn returns false or
// limit grids have been seen. It returns the number of grids seen and
// whether the enumeration was complete (not cut short by limit or fn). The
// grid passed to fn is reused: clone it to keep it. The corpus tests use it
// to prove a constructed puzzle unique: of all the classic completions of
// its givens, exactly one keeps every rule.
func Completions(p *variant.Puzzle, limit int, fn func(grid *board.Board) bool) (seen int, complete bool) {
	f := newFiller(nil, p, 1<<62)
	if f == nil {
		return 0, true
	}
	b := &board.Board{Shape: p.Givens.Shape, Cells: f.grid}
	stopped := false
	f.visit = func() bool {
		if seen >= limit {
			stopped = true
			return false
		}
		seen++
		if !fn(b) {
			stopped = true
			return false
		}
		return true
	}
	f.search()
	return seen, !stopped
}

// newFiller sets up the search for p, or returns nil if p's givens already
// break an inequality.
func newFiller(rng *rand.Rand, p *variant.Puzzle, budget int) *filler {
	n := p.Side()
	f := &filler{n: n, rng: rng, budget: budget, grid: slices.Clone(p.Givens.Cells)}
	f.neq = make([][]int, n*n)
	f.nonconsec = make([][]int, n*n)
	addGroup := func(cells []int) {
		for i, a := range cells {
			for _, b := range cells[i+1:] {
				f.neq[a] = append(f.neq[a], b)
				f.neq[b] = append(f.neq[b], a)
			}
		}
	}
	for _, u := range p.Units() {
		addGroup(u)
	}
	for _, r := range p.Rules {
		switch r := r.(type) {
		case variant.PositiveDiagonal, variant.NegativeDiagonal, variant.ExtraRegion, variant.Killer:
			addGroup(r.Scope(p))
		case variant.AntiKnight:
			for _, pr := range r.Pairs(n) {
				addGroup(pr[:])
			}
		case variant.AntiKing:
			for _, pr := range r.Pairs(n) {
				addGroup(pr[:])
			}
		case variant.DisjointGroups:
			for _, grp := range r.Groups(p) {
				addGroup(grp)
			}
		case variant.Negative:
			if r.Kind == variant.NoDifference && slices.Equal(r.Values, []int{1}) {
				for _, pr := range r.Pairs {
					f.nonconsec[pr[0]] = append(f.nonconsec[pr[0]], pr[1])
					f.nonconsec[pr[1]] = append(f.nonconsec[pr[1]], pr[0])
				}
			}
		}
	}
	full := uint64(1)<<n - 1
	f.cand = make([]uint64, n*n)
	for c := range f.cand {
		f.cand[c] = full
	}
	givens := slices.Clone(f.grid)
	clear(f.grid)
	for c, d := range givens {
		if d != 0 && !f.place(c, int(d)) {
			return nil
		}
	}
	return f
}

// filler is a small randomized search over candidate bitmasks (bit d−1 for
// digit d), used only to make test grids.
type filler struct {
	n         int
	rng       *rand.Rand  // nil: digits in increasing order
	visit     func() bool // if set, called at each full grid; search goes on while it returns true
	budget    int
	grid      []uint8
	cand      []uint64
	neq       [][]int
	nonconsec [][]int
	// saves[k] holds the candidates that search at depth k restores after
	// each branch: one buffer per depth, reused, since search runs
	// millions of times in the property tests.
	saves [][]uint64
	depth int
}

// place puts d in cell c and strikes it from the candidates of the cells it
// constrains; it reports false if some blank cell is left with none.
func (f *filler) place(c, d int) bool {
	if f.cand[c]&(1<<(d-1)) == 0 {
		return false
	}
	f.grid[c] = uint8(d)
	f.cand[c] = 1 << (d - 1)
	bit := uint64(1) << (d - 1)
	for _, o := range f.neq[c] {
		f.cand[o] &^= bit
		if f.cand[o] == 0 && f.grid[o] == 0 {
			return false
		}
	}
	near := bit<<1 | bit>>1
	for _, o := range f.nonconsec[c] {
		f.cand[o] &^= near
		if f.cand[o] == 0 && f.grid[o] == 0 {
			return false
		}
	}
	return true
}

// search fills the blank cell with fewest candidates first, digits in
// random order.
func (f *filler) search() bool {
	if f.budget <= 0 {
		return false
	}
	f.budget--
	best, bestCount := -1, f.n+1
	for c, d := range f.grid {
		if d != 0 {
			continue
		}
		if k := bits.OnesCount64(f.cand[c]); k < bestCount {
			best, bestCount = c, k
		}
	}
	if best < 0 {
		if f.visit != nil {
			return !f.visit()
		}
		return true
	}
	var buf [64]int
	opts := buf[:0]
	for d := 1; d <= f.n; d++ {
		if f.cand[best]&(1<<(d-1)) != 0 {
			opts = append(opts, d)
		}
	}
	if f.rng != nil {
		f.rng.Shuffle(len(opts), func(i, j int) { opts[i], opts[j] = opts[j], opts[i] })
	}
	if f.depth == len(f.saves) {
		f.saves = append(f.saves, make([]uint64, len(f.cand)))
	}
	saved := f.saves[f.depth]
	copy(saved, f.cand)
	f.depth++
	defer func() { f.depth-- }()
	for _, v := range opts {
		if f.place(best, v) && f.search() {
			return true
		}
		f.grid[best] = 0
		copy(f.cand, saved)
	}
	return false
}

// Mixed returns a random puzzle of shape s whose rules hold for a random
// grid: irregular regions (always on boards of one-row boxes, where the
// rows make the regions; with jigsaw on the others), two to five clues of
// random kinds, and minGivens to minGivens+4 of the grid's digits given.
// The puzzle may have no solution, one or several (clues can overlap in
// ways that exclude each other); it may also fail Validate.
func Mixed(rng *rand.Rand, s board.Shape, jigsaw bool, minGivens int) *variant.Puzzle {
	p := variant.New(s)
	grid := Grid(rng, s)
	if s.BoxRows == 1 {
		p.Regions = Regions(rng, grid, RowRegions(s.Side()), 20)
	} else if jigsaw {
		p.Regions = Regions(rng, grid, p.RegionLabels(), 12)
	}
	for range 2 + rng.IntN(4) {
		kind := Kinds[rng.IntN(len(Kinds))]
		p.Rules = append(p.Rules, Clue(rng, p, grid, kind)...)
	}
	k := minGivens + rng.IntN(5)
	for _, c := range rng.Perm(len(grid.Cells))[:k] {
		p.Givens.Cells[c] = grid.Cells[c]
	}
	return p
}

// KillerTiling cuts the board into cages of 1–4 orthogonally connected
// cells holding different digits of grid, and keeps each with probability
// keep, its sum taken from grid (or, one time in eight, off by one).
func KillerTiling(rng *rand.Rand, grid *board.Board, keep float64) []variant.Rule {
	n := grid.Shape.Side()
	taken := make([]bool, n*n)
	var rules []variant.Rule
	for _, start := range rng.Perm(n * n) {
		if taken[start] {
			continue
		}
		cells := []int{start}
		taken[start] = true
		for size := 1 + rng.IntN(4); len(cells) < size; {
			var next []int
			for _, c := range cells {
				r, col := c/n, c%n
				for _, o := range [][2]int{{r - 1, col}, {r + 1, col}, {r, col - 1}, {r, col + 1}} {
					if o[0] < 0 || o[0] >= n || o[1] < 0 || o[1] >= n {
						continue
					}
					x := o[0]*n + o[1]
					if !taken[x] && !slices.ContainsFunc(cells, func(c int) bool { return grid.Cells[c] == grid.Cells[x] }) {
						next = append(next, x)
					}
				}
			}
			if len(next) == 0 {
				break
			}
			x := next[rng.IntN(len(next))]
			taken[x] = true
			cells = append(cells, x)
		}
		if rng.Float64() >= keep {
			continue
		}
		sum := 0
		for _, c := range cells {
			sum += int(grid.Cells[c])
		}
		if rng.IntN(8) == 0 && sum > len(cells)*(len(cells)+1)/2 {
			sum--
		}
		rules = append(rules, variant.Killer{Cells: cells, Sum: sum})
	}
	return rules
}
