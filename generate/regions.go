package generate

import (
	"math/rand/v2"

	"github.com/satdoku/satdoku/board"
)

// RandomRegions returns random jigsaw regions for a board of shape s: N
// connected regions of N cells each, as region labels 0..N−1 per cell
// (r·N + c), numbered in the order their first cell appears reading row by
// row. It starts from the boxes and makes swaps: a cell of region A beside
// region B joins B while a cell of B beside A joins A, kept only when both
// regions stay connected, 4·N² swaps tried. The regions may admit no Sudoku
// solution; Generate draws again when they do not.
func RandomRegions(rng *rand.Rand, s board.Shape) []int {
	n := s.Side()
	label := make([]int, n*n)
	for c := range label {
		label[c] = s.Box(c/n, c%n)
	}
	if n < 2 {
		return label
	}
	neighbours := func(c int) []int {
		r, col := c/n, c%n
		var out []int
		if r > 0 {
			out = append(out, c-n)
		}
		if col > 0 {
			out = append(out, c-1)
		}
		if col < n-1 {
			out = append(out, c+1)
		}
		if r < n-1 {
			out = append(out, c+n)
		}
		return out
	}
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
	for try := 0; try < 4*n*n; try++ {
		a := rng.IntN(n * n)
		ns := neighbours(a)
		b := ns[rng.IntN(len(ns))]
		ra, rb := label[a], label[b]
		if ra == rb {
			continue
		}
		// A cell of rb beside ra (other than the one a goes next to, or
		// that one) moves the other way.
		var back []int
		for c, l := range label {
			if l != rb {
				continue
			}
			for _, x := range neighbours(c) {
				if label[x] == ra && x != a {
					back = append(back, c)
					break
				}
			}
		}
		if len(back) == 0 {
			continue
		}
		c := back[rng.IntN(len(back))]
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
