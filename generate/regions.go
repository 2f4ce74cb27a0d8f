package generate

import (
	"github.com/satdoku/satdoku/variant"
	"math/rand/v2"

	"github.com/satdoku/satdoku/board"
)

// RandomRegions returns random jigsaw regions in which the solved grid sol
// is still a solution: N connected regions of N cells each, as region
// labels 0..N−1 per cell (r·N + c), numbered in the order their first cell
// appears reading row by row. It starts from the boxes (in which sol is
// valid) and makes swaps: a cell of region A beside region B joins B while
// the cell of B with the same digit joins A, so that both still hold every
// digit once; a swap is kept only when both regions stay connected.
// 16·N² swaps are tried.
//
// (Regions drawn with no regard to a solution often admit none, and on
// 16×16 a search rarely tells which within a bound: regions made around a
// solution always admit one.)
func RandomRegions(rng *rand.Rand, sol *board.Board) []int {
	s := sol.Shape
	n := s.Side()
	label := make([]int, n*n)
	for c := range label {
		label[c] = s.Box(c/n, c%n)
	}
	if n < 2 {
		return label
	}
	neighbours := func(c int) []int { return variant.Neighbours(n, c) }
	connected := func(region int) bool {
		start, size := -1, 0
		for c, l := range label {
			if l == region {
				size++
				if start < 0 {
					start = c
				}
			}
		}
		seen := map[int]bool{start: true}
		stack := []int{start}
		for len(stack) > 0 {
			c := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, x := range neighbours(c) {
				if label[x] == region && !seen[x] {
					seen[x] = true
					stack = append(stack, x)
				}
			}
		}
		return len(seen) == size
	}
	for try := 0; try < 16*n*n; try++ {
		a := rng.IntN(n * n)
		ns := neighbours(a)
		b := ns[rng.IntN(len(ns))]
		ra, rb := label[a], label[b]
		if ra == rb {
			continue
		}
		// The cell of rb with a's digit moves the other way, if it lies
		// beside ra (other than beside a alone).
		c := -1
		for x, l := range label {
			if l == rb && sol.Cells[x] == sol.Cells[a] {
				c = x
				break
			}
		}
		beside := false
		for _, x := range neighbours(c) {
			if label[x] == ra && x != a {
				beside = true
			}
		}
		if !beside {
			continue
		}
		label[a], label[c] = rb, ra
		if !connected(ra) || !connected(rb) {
			label[a], label[c] = ra, rb
		}
	}
	return renumber(label)
}

// renumber relabels regions in the order their first cell appears.
func renumber(label []int) []int {
	to := map[int]int{}
	out := make([]int, len(label))
	for c, l := range label {
		if _, ok := to[l]; !ok {
			to[l] = len(to)
		}
		out[c] = to[l]
	}
	return out
}
