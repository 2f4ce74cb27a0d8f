package encode

import (
	"fmt"
	"slices"

	"github.com/satdoku/satdoku/variant"
)

// maxInnieCells bounds the cells of an implied sum (see diagonalInnies).
const maxInnieCells = 12

// diagonalInnies adds the sums that the diagonal sums of the puzzle imply
// together: the little killers and the diagonals of the X rule (each
// summing to 1+…+N) that run one way are disjoint, and the cells of any
// set of them, less the regions those cells cover whole (each summing to
// 1+…+N), sum to the set's total less the regions'. A person reads a
// little killer puzzle this way; unit propagation over each line's
// partial sums cannot add lines together, and without these sums the
// solver learns them clause by clause (hailstone-little-killer: five
// parallel diagonals covering three boxes leave twelve cells summing to
// 81). A rule on a diagonal already in its family (a little killer along
// an X diagonal) is left out of it. Each set whose leftover has
// 1..maxInnieCells cells gives one sum, written as any other (linear).
// Families of more than 12 lines are skipped (2^12 sets).
func (e *variantEncoder) diagonalInnies() {
	n := e.n
	full := n * (n + 1) / 2
	type line struct {
		cells []int
		sum   int
	}
	var families [2][]line // down-right, down-left
	used := [2][]bool{make([]bool, n*n), make([]bool, n*n)}
	add := func(cells []int, sum int) {
		if len(cells) < 2 {
			return
		}
		dir := 0
		if dr, dc := cells[1]/n-cells[0]/n, cells[1]%n-cells[0]%n; dr*dc < 0 {
			dir = 1
		}
		for _, c := range cells {
			if used[dir][c] {
				return // a second rule on the same diagonal: one is enough
			}
		}
		for _, c := range cells {
			used[dir][c] = true
		}
		families[dir] = append(families[dir], line{cells, sum})
	}
	for _, r := range e.p.Rules {
		switch r := r.(type) {
		case variant.LittleKiller:
			add(r.Clue.Cells(n), r.Sum)
		case variant.PositiveDiagonal:
			add(r.Scope(e.p), full)
		case variant.NegativeDiagonal:
			add(r.Scope(e.p), full)
		}
	}
	var regions [][]int
	for _, reg := range e.p.RegionCells() {
		if len(reg) == n {
			regions = append(regions, reg)
		}
	}
	in := make([]bool, n*n)
	for _, lines := range families {
		k := len(lines)
		if k == 0 || k > 12 {
			continue
		}
		for set := 1; set < 1<<k; set++ {
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
			covered := 0
			for _, reg := range regions {
				whole := true
				for _, c := range reg {
					whole = whole && in[c]
				}
				if whole {
					covered++
					total -= full
					for _, c := range reg {
						in[c] = false
					}
				}
			}
			if covered == 0 {
				continue
			}
			var left []int
			for c, ok := range in {
				if ok {
					left = append(left, c)
				}
			}
			if len(left) > 0 && len(left) <= maxInnieCells {
				e.linear(terms(1, left...), total)
			}
		}
	}
}

// cageInnies adds, to a killer sudoku, the cages that its solvers find
// with the rule of 45 and that lie in one house. A band of houses (rows,
// columns or regions, each holding 1..N once) sums to 1+…+N per house, and
// the cages mostly inside it sum to their totals, so the band's cells
// outside those cages (the innies) sum to the difference, and so do the
// cages' cells outside the band (the outies) when there are no innies.
// Bands grow one house at a time from each side (rows from the top and
// from the bottom, columns from the left and from the right, regions in
// label order); a cage with a sum joins a band once more than half of it
// is inside (a cage sharing a cell with an earlier one is left out).
// Innies or outies that lie in one row, column or region hold different
// digits: they are one more killer cage, written as a cage is (its digit
// combinations). Others are left out: as partial sums they made the
// search slower overall. The 14 killers of testdata/variants/sudocue went
// from 11.4 s to 7.4–8.2 s to prove unique with these cages (Wecoc #2 4.8 →
// 1.3 s), the corpus killers are unchanged. Only where cages with a sum
// cover half the board or more, as in the backtracker (package fallback),
// whose own code adds the same sums: shared code would hide a wrong
// implied sum from the cross-check.
func (e *variantEncoder) cageInnies() {
	n := e.n
	var cages []variant.Killer
	taken := make([]bool, n*n)
	caged := 0
	for _, r := range e.p.Rules {
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
		return
	}
	var rows, cols [][]int
	for i := range n {
		row, col := make([]int, n), make([]int, n)
		for j := range n {
			row[j], col[j] = i*n+j, j*n+i
		}
		rows, cols = append(rows, row), append(cols, col)
	}
	sequences := [][][]int{rows, reversed(rows), cols, reversed(cols)}
	if regions := e.p.RegionCells(); !slices.ContainsFunc(regions, func(r []int) bool { return len(r) != n }) {
		sequences = append(sequences, regions)
	}
	units := e.p.Units()
	full := n * (n + 1) / 2
	inBand := make([]bool, n*n)
	covered := make([]bool, n*n)
	added := map[string]bool{}
	for _, houses := range sequences {
		clear(inBand)
		clear(covered)
		joined := make([]bool, len(cages))
		cageTotal := 0
		for h, house := range houses[:n-1] { // all N houses hold every cage: nothing implied
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
			var innies, outies []int
			for c := range n * n {
				switch {
				case inBand[c] && !covered[c]:
					innies = append(innies, c)
				case covered[c] && !inBand[c]:
					outies = append(outies, c)
				}
			}
			// Σ outies − Σ innies = the cages' total − the band's.
			diff := cageTotal - full*(h+1)
			cells, sum := innies, -diff
			if len(innies) == 0 {
				cells, sum = outies, diff
			}
			key := fmt.Sprint(cells)
			if len(cells) == 0 || len(innies) > 0 && len(outies) > 0 || sum <= 0 || added[key] ||
				!slices.ContainsFunc(units, func(u []int) bool { return containsAll(u, cells) }) {
				continue // (a sum of 0 or less: cages that sum to more than their band, no solution)
			}
			added[key] = true
			e.killer(cells, sum)
		}
	}
}

// containsAll reports whether every element of sub is in set.
func containsAll(set, sub []int) bool {
	for _, x := range sub {
		if !slices.Contains(set, x) {
			return false
		}
	}
	return true
}

// reversed returns a reversed copy of s.
func reversed[T any](s []T) []T {
	r := slices.Clone(s)
	slices.Reverse(r)
	return r
}
