package fallback

import (
	"slices"

	"github.com/satdoku/satdoku/variant"
)

// maxLineOuties bounds the cells of a sum lineOuties adds.
const maxLineOuties = 16

// lineOuties adds the sums that diagonal sums of one direction imply
// with the regions they mostly cover, as a person solving a little killer
// adds them up: the lines are disjoint, so any set of them sums to their
// totals; each region holds 1+…+N; so with R the regions of which the set
// covers more than half, the set's cells outside R (the outies) less R's
// cells off the set (the innies) sum to the lines' totals less R's.
// diagonalInnies is the case with no innies. On "Zero solution: Little
// Killer" of Interactive Sudoku Solver (eight diagonals of 49), the four
// down-left lines leave eight outies and three innies whose difference is
// 61, near the most such cells can make, and the four down-right ones ten
// outies and six innies, also 61: the search that found nothing in a
// minute refutes the puzzle in a few thousand guesses. Each set of at most
// maxDiagonalFamily lines a direction with at least one region over half
// covered, some innies and at most maxLineOuties cells in all gives one
// sum propagator (its cells gaining lineSumWeight), the outies and the
// innies with the difference as an offset, if it is tight: loose ones cost more propagation than they
// save (with Interactive Sudoku Solver's measure, a slack under a quarter
// of the range, Hailstone - little killer took twice as long to prove
// unique; with under a sixth, as long as without them). Package encode
// has no such sums: the SAT engine does not need them to stay an
// independent check.
func (b *builder) lineOuties() {
	n := b.n
	full := n * (n + 1) / 2
	regions := b.onOnly(b.regions())
	for in, total := range b.lineSets() {
		var innies []int32
		joined := 0
		for _, reg := range regions {
			k := 0
			for _, c := range reg {
				if in[c] {
					k++
				}
			}
			if 2*k <= n {
				continue
			}
			joined++
			total -= full
			for _, c := range reg {
				if in[c] {
					in[c] = false
				} else {
					innies = append(innies, c)
				}
			}
		}
		if joined == 0 || len(innies) == 0 { // no innies: diagonalInnies
			continue
		}
		var outies []int32
		for c, ok := range in {
			if ok {
				outies = append(outies, int32(c))
			}
		}
		if len(innies)+len(outies) > maxLineOuties || !b.derivedOnce(outies, innies) {
			continue
		}
		if !b.tight(outies, innies, total) {
			continue
		}
		if len(outies) == 0 {
			if -total <= 0 { // the regions hold more than the lines
				b.s.contradiction = true
				return
			}
			b.sumWeight(newSumProp(n, []sumGroup{{cells: innies}}, -total), lineSumWeight)
			continue
		}
		// Σ outies − Σ innies = total
		o, i := sumGroup{cells: outies}, sumGroup{cells: innies}
		if total >= 0 {
			i.offset = total
		} else {
			o.offset = -total
		}
		b.sumWeight(newSumProp(n, []sumGroup{o, i}, -1), lineSumWeight)
	}
}

// maxHouseOuties bounds the cells of a sum houseCages adds for a cage
// sticking out of a house, as Interactive Sudoku Solver's optimizer does
// (its _MAX_SUM_SIZE).
const maxHouseOuties = 6

// houseCages adds, in every house (row, column or region), the sums the
// cages with a sum inside it imply, as Interactive Sudoku Solver's
// optimizer does (_makeHiddenCageHandlers): the house's cells off the
// cages wholly inside it (two or more cells in all) are a hidden cage,
// holding different digits that sum to 1+…+N less those cages, pruned by
// its digit combinations as a killer cage is; and a cage sticking out of
// the house by one cell makes that cell's digit the sum of the house's
// other free cells less a known amount (at most maxHouseOuties cells in
// all). The cages are those cageInnies takes (a cage sharing a cell with
// an earlier one is left out).
//
// The one-cell outies are sums of few cells that wake often; each adds
// no weight to its cells (they restate the cages and the house, see
// lineSumWeight) and skips its propagation while its bounds are loose
// (sumProp.looseBounds). Tried first at a rule's weight and always
// propagated, they made MATHEMAGIC_KILLERS #4 up to 3.3 times slower to
// prove unique. As they are, the backtracker's guesses to prove
// uniqueness fall on MATHEMAGIC_KILLERS #0–#13 from 6.35 M to 5.31 M in
// all (CPU 64.3 → 58.9 s; per puzzle 0.66–1.29×), and on the killers of
// TAREK_ALL and the examples to 0.93 in geometric mean (TAREK_ALL #31
// 2,316 → 606, #32 1,486 → 428; the most, Wecoc #1 [mod B], 21,750 →
// 38,235).
func (b *builder) houseCages(cages []variant.Killer) {
	n := b.n
	full := n * (n + 1) / 2
	houses := b.houses()
	inHouse := make([]bool, n*n)
	var outieSums []*sumProp
	for _, house := range houses {
		clear(inHouse)
		for _, c := range house {
			inHouse[c] = true
		}
		inside, sum := 0, full
		var outies []variant.Killer
		onInside := make([]bool, n*n)
		for _, k := range cages {
			in := 0
			for _, c := range k.Cells {
				if inHouse[c] {
					in++
				}
			}
			switch {
			case in == len(k.Cells):
				inside += in
				sum -= k.Sum
				for _, c := range k.Cells {
					onInside[c] = true
				}
			case in > 0 && in == len(k.Cells)-1:
				outies = append(outies, k)
			}
		}
		var rest []int32
		for _, c := range house {
			if !onInside[c] {
				rest = append(rest, c)
			}
		}
		if inside >= 2 && len(rest) >= 2 && len(rest) < n && b.derivedOnce(rest, nil) {
			if sum < len(rest) {
				b.s.contradiction = true
				return
			}
			if combos, ok := sumCombos(n, len(rest), sum); ok {
				b.s.addProp(newComboProp(rest, combos), rest)
			}
		}
		for _, k := range outies {
			var left, extra []int32
			for _, c := range rest {
				if !slices.Contains(k.Cells, int(c)) {
					left = append(left, c)
				}
			}
			for _, c := range k.Cells {
				if !inHouse[c] {
					extra = append(extra, int32(c))
				}
			}
			if len(left) == 0 || len(left)+len(extra) > maxHouseOuties || !b.derivedOnce(left, extra) {
				continue
			}
			// Σ left − Σ extra = sum − k.Sum
			diff := sum - k.Sum
			l, e := sumGroup{cells: left}, sumGroup{cells: extra}
			if diff >= 0 {
				e.offset = diff
			} else {
				l.offset = -diff
			}
			sp := newSumProp(n, []sumGroup{l, e}, -1)
			sp.looseBounds = true
			outieSums = append(outieSums, sp)
		}
	}
	// after every hidden cage, the order the search was measured with
	for _, sp := range outieSums {
		b.sumWeight(sp, 0)
	}
}

// houses returns the rows, the columns and the regions of N cells.
func (b *builder) houses() [][]int32 {
	n := b.n
	var out [][]int32
	for i := range n {
		row, col := make([]int32, n), make([]int32, n)
		for j := range n {
			row[j], col[j] = int32(i*n+j), int32(j*n+i)
		}
		out = append(out, row, col)
	}
	return b.onOnly(append(out, b.regions()...))
}

// derivedOnce reports whether no derived sum over these two groups of
// cells was added yet, and notes it.
func (b *builder) derivedOnce(plus, minus []int32) bool {
	if b.derived == nil {
		b.derived = map[string]bool{}
	}
	// The key: each side's cells sorted, two bytes a cell (a board has
	// at most 64×64 cells), the sides apart by a pair no cell makes.
	key := make([]byte, 0, 2*(len(plus)+len(minus))+2)
	for i, side := range [2][]int32{plus, minus} {
		if i > 0 {
			key = append(key, 0xFF, 0xFF)
		}
		for _, c := range slices.Sorted(slices.Values(side)) {
			key = append(key, byte(c), byte(c>>8))
		}
	}
	if b.derived[string(key)] {
		return false
	}
	b.derived[string(key)] = true
	return true
}

// sumBounds returns the least and the most total of cells, cut into
// cliques of peers holding different digits.
func (b *builder) sumBounds(cells []int32) (lo, hi int) {
	n := b.n
	for _, q := range partition(cells, b.units, func(x, y int32) bool { return b.peerSet[x][y] }) {
		k := len(q)
		lo += k * (k + 1) / 2
		hi += k*n - k*(k-1)/2
	}
	return lo, hi
}

// tight reports whether Σ plus − Σ minus = total is a tight sum: its
// slack, the distance from total to the nearer end of the totals the two
// sides can make (their cells cut into cliques of peers), is under a
// sixth of their range (Interactive Sudoku Solver's optimizer takes a
// quarter, in _addSumIntersectionHandler). A sum out of that range is
// tight too: the search finds its contradiction at once.
func (b *builder) tight(plus, minus []int32, total int) bool {
	lo, hi := b.sumBounds(plus)
	mlo, mhi := b.sumBounds(minus)
	spread := hi - lo + mhi - mlo
	slack := min(total-(lo-mhi), (hi-mlo)-total)
	return spread > 6*slack
}
