package fallback

import (
	"fmt"
	"iter"
	"slices"

	"github.com/satdoku/satdoku/variant"
)

// cageInnies adds to a killer sudoku the sums its solvers first write
// down, the rule of 45: a band of houses (rows, columns or regions, each
// holding 1..N once) sums to 1+…+N per house, and the cages mostly inside
// the band sum to their totals, so the band's cells outside those cages
// (the innies) and the cages' cells outside the band (the outies) differ
// by a known amount: Σ outies − Σ innies = Σ cages − (1+…+N)·houses.
// Bands grow one house at a time from each side (rows from the top and
// from the bottom, columns from the left and from the right, regions in
// label order); a cage with a sum joins a band once more than half of its
// cells are inside (a cage sharing a cell with an earlier one is left
// out). A band with N innies and outies at most, and at most two on one
// side, gives one sum propagator: the innies' (or outies') total, or the
// two groups with the difference as an offset. Interactive Sudoku Solver
// adds the same sums (its _makeInnieOutieSumHandlers); here they take
// the 14 killers of testdata/variants/sudocue from 23.9 s to 6.3 s to
// prove unique (tarek #41 3.3 s to 36 ms, Wecoc #2 11.6 s to 0.26 s). They
// are added only where cages with a sum cover half the board or more: on
// a puzzle with a few cages (hailstone-little-killer's four) they cost
// more propagation than they save. Package encode finds the same bands
// with its own code, on purpose: an implied sum that is wrong removes
// solutions, which the checker cannot see, and shared code would remove
// them from both engines alike. It returns the cages it took, every
// cage with a sum that shares no cell with an earlier one.
func (b *builder) cageInnies(p *variant.Puzzle) []variant.Killer {
	n := b.n
	var cages []variant.Killer
	taken := make([]bool, n*n)
	caged := 0
	for _, r := range p.Rules {
		k, ok := r.(variant.Killer)
		if !ok || k.Sum == 0 || slices.ContainsFunc(k.Cells, func(c int) bool { return taken[c] }) {
			continue
		}
		for _, c := range k.Cells {
			taken[c] = true
		}
		caged += len(k.Cells)
		cages = append(cages, k)
	}
	if 2*caged < n*n {
		return cages
	}
	var rows, cols [][]int32
	for i := range n {
		row, col := make([]int32, n), make([]int32, n)
		for j := range n {
			row[j], col[j] = int32(i*n+j), int32(j*n+i)
		}
		rows, cols = append(rows, row), append(cols, col)
	}
	sequences := [][][]int32{rows, reversed(rows), cols, reversed(cols)}
	if regions := b.regions(); len(regions) == n {
		sequences = append(sequences, regions)
	}
	// A band holds only while its houses do: each sequence ends at its
	// first house off (SolvePart).
	for i, houses := range sequences {
		for h, house := range houses {
			if b.off(house) {
				sequences[i] = houses[:h]
				break
			}
		}
	}
	full := n * (n + 1) / 2
	inBand := make([]bool, n*n)
	covered := make([]bool, n*n)
	added := map[string]bool{}
	for _, houses := range sequences {
		clear(inBand)
		clear(covered)
		joined := make([]bool, len(cages))
		cageTotal := 0
		for h, house := range houses[:min(len(houses), n-1)] { // all N houses hold every cage: nothing implied
			for _, c := range house {
				inBand[c] = true
			}
			for i, k := range cages {
				inside := 0
				for _, c := range k.Cells {
					if inBand[c] {
						inside++
					}
				}
				if !joined[i] && 2*inside > len(k.Cells) {
					joined[i] = true
					cageTotal += k.Sum
					for _, c := range k.Cells {
						covered[c] = true
					}
				}
			}
			var innies, outies []int32
			for c := range n * n {
				switch {
				case inBand[c] && !covered[c]:
					innies = append(innies, int32(c))
				case covered[c] && !inBand[c]:
					outies = append(outies, int32(c))
				}
			}
			// Σ outies − Σ innies = the cages' total − the band's.
			diff := cageTotal - full*(h+1)
			key := fmt.Sprint(innies, outies)
			if added[key] || len(innies)+len(outies) == 0 || len(innies)+len(outies) > n {
				continue
			}
			added[key] = true
			switch {
			case len(outies) == 0 && -diff > 0:
				b.sum(newSumProp(n, []sumGroup{{cells: innies}}, -diff))
			case len(innies) == 0 && diff > 0:
				b.sum(newSumProp(n, []sumGroup{{cells: outies}}, diff))
			case len(innies) > 0 && len(outies) > 0 && (len(innies) <= 2 || len(outies) <= 2):
				in, out := sumGroup{cells: innies}, sumGroup{cells: outies}
				if diff >= 0 {
					in.offset = diff
				} else {
					out.offset = -diff
				}
				b.sum(newSumProp(n, []sumGroup{out, in}, -1))
			}
			// A pure sum of 0 or less: cages that sum to more than their
			// band holds, no solution, which their own propagators find.
			// (A negative target would make the sum free.)
		}
	}
	return cages
}

// reversed returns a reversed copy of s.
func reversed[T any](s []T) []T {
	r := slices.Clone(s)
	slices.Reverse(r)
	return r
}

// diagonalSum is a line of cells along a diagonal and its total.
type diagonalSum struct {
	cells []int32
	sum   int
}

// maxDiagonalInnies bounds the cells of a sum diagonalInnies adds, and
// maxDiagonalFamily the diagonals of one direction it combines (2^k sets).
const (
	maxDiagonalInnies = 12
	maxDiagonalFamily = 12
)

// diagonalLine notes a diagonal sum (a little killer, or an X diagonal
// holding 1..N) for diagonalInnies. A line on a diagonal that an earlier
// line of its direction already covers is left out: the two are one line.
func (b *builder) diagonalLine(cells []int32, sum int) {
	if len(cells) < 2 {
		return
	}
	n := int32(b.n)
	dir := 0
	if (cells[1]/n-cells[0]/n)*(cells[1]%n-cells[0]%n) < 0 {
		dir = 1
	}
	for _, l := range b.diagonals[dir] {
		if slices.Contains(l.cells, cells[0]) {
			return
		}
	}
	b.diagonals[dir] = append(b.diagonals[dir], diagonalSum{cells, sum})
}

// lineSumWeight is the weight a cell gains (priorWeight for a rule's
// propagator) for each sum that diagonalInnies and lineOuties add on it.
// Those sums restate the little killers, so a cell they cover is no more
// bound by the puzzle than before; at a rule's full weight they drew the
// search to the cells the lines share with the regions they mostly cover.
// Measured by the backtracker's guesses to prove uniqueness:
// LITTLE_KILLER_SNIPES #14 of Interactive Sudoku Solver's collections
// (seven little killers of 48) took 18,300 at 5, 1,142 at 2 (2,794 at 1,
// 1,552 at 0, 1,076 at 3); Hailstone - little killer 49,440 at 5, 36,550
// at 2 (53,384 at 3). Over the little killers of those collections and
// examples, 2 searched least: 0.976 of the guesses at 5 in all and in
// geometric mean, none more than 1.17 times (docs/performance.md).
const lineSumWeight = 2

// diagonalInnies adds the sums that diagonal sums of one direction imply
// together, as a person solving a little killer adds them up: the lines
// are disjoint, so any set of them sums to their totals, and less the
// regions the set covers whole (1+…+N each) the cells left sum to the
// rest. Five parallel diagonals of hailstone-little-killer cover three
// boxes and leave twelve cells summing to 81. Each set (of at most
// maxDiagonalFamily lines a direction) that covers a region and leaves
// 1..maxDiagonalInnies cells gives one sum propagator, whose cells gain
// lineSumWeight. Package encode adds the same sums with its own code (see
// cageInnies for why).
func (b *builder) diagonalInnies() {
	n := b.n
	full := n * (n + 1) / 2
	regions := b.onOnly(b.regions())
	for in, total := range b.lineSets() {
		covered := 0
		for _, reg := range regions {
			if !slices.ContainsFunc(reg, func(c int32) bool { return !in[c] }) {
				covered++
				total -= full
				for _, c := range reg {
					in[c] = false
				}
			}
		}
		var left []int32
		for c, ok := range in {
			if ok {
				left = append(left, int32(c))
			}
		}
		if covered == 0 || len(left) == 0 || len(left) > maxDiagonalInnies {
			continue
		}
		if total < 0 { // the lines sum to less than the regions they cover
			b.s.contradiction = true
			return
		}
		b.sumWeight(newSumProp(n, []sumGroup{{cells: left}}, total), lineSumWeight)
	}
}

// lineSets yields each set of the lines of one direction (of at most
// maxDiagonalFamily lines) as the cells it covers and the lines' total.
// The cells are a buffer the caller may change but not keep.
func (b *builder) lineSets() iter.Seq2[[]bool, int] {
	return func(yield func([]bool, int) bool) {
		in := make([]bool, b.n*b.n)
		for _, lines := range b.diagonals {
			if len(lines) > maxDiagonalFamily {
				continue
			}
			for set := 1; set < 1<<len(lines); set++ {
				clear(in)
				total := 0
				for i, l := range lines {
					if set&(1<<i) != 0 {
						for _, c := range l.cells {
							in[c] = true
						}
						total += l.sum
					}
				}
				if !yield(in, total) {
					return
				}
			}
		}
	}
}
