package encode

import "github.com/satdoku/satdoku/variant"

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
