package render

import "slices"

// outline returns the boundary of a set of cells as closed polygons, moved
// inwards by inset units: outer boundaries run clockwise on screen and the
// boundaries of holes anticlockwise, so that filling them with the nonzero
// rule paints exactly the cells. Cells that touch only at a corner get
// separate boundaries. Cells out of range are ignored.
func outline(n int, cells []int, l Layout, inset float64) [][]Point {
	in := make(map[int]bool, len(cells))
	for _, c := range cells {
		if c >= 0 && c < n*n {
			in[c] = true
		}
	}
	has := func(r, c int) bool { return r >= 0 && r < n && c >= 0 && c < n && in[r*n+c] }

	// Directed boundary edges between grid points (r, c), each with the set
	// on its right: clockwise around every cell of the set.
	type vtx struct{ r, c int }
	next := map[vtx][]vtx{}
	add := func(a, b vtx) { next[a] = append(next[a], b) }
	for _, i := range sortedCells(cells) {
		if i < 0 || i >= n*n {
			continue
		}
		r, c := i/n, i%n
		if !has(r-1, c) {
			add(vtx{r, c}, vtx{r, c + 1})
		}
		if !has(r, c+1) {
			add(vtx{r, c + 1}, vtx{r + 1, c + 1})
		}
		if !has(r+1, c) {
			add(vtx{r + 1, c + 1}, vtx{r + 1, c})
		}
		if !has(r, c-1) {
			add(vtx{r + 1, c}, vtx{r, c})
		}
	}

	// Walk the loops, taking the sharpest right turn where two boundaries
	// meet at a corner, in a fixed order so that the output is stable.
	starts := make([]vtx, 0, len(next))
	for v := range next {
		starts = append(starts, v)
	}
	slices.SortFunc(starts, func(a, b vtx) int {
		if a.r != b.r {
			return a.r - b.r
		}
		return a.c - b.c
	})
	var loops [][]vtx
	for _, s := range starts {
		for len(next[s]) > 0 {
			loop := []vtx{s}
			prev, cur := s, next[s][0]
			next[s] = next[s][1:]
			for cur != s {
				loop = append(loop, cur)
				outs := next[cur]
				k := 0
				if len(outs) > 1 {
					dr, dc := cur.r-prev.r, cur.c-prev.c
					for j, o := range outs {
						// A right turn on screen: heading (dc, dr) turns to (−dr, dc).
						if o.r-cur.r == dc && o.c-cur.c == -dr {
							k = j
						}
					}
				}
				prev, cur = cur, outs[k]
				next[prev] = append(outs[:k:k], outs[k+1:]...)
			}
			loops = append(loops, loop)
		}
	}

	var out [][]Point
	for _, loop := range loops {
		// Keep the corners only, and move each inwards: the set lies to
		// the right of every edge, so the corner moves along the sum of
		// the right-hand normals of its two edges.
		var poly []Point
		m := len(loop)
		for j := range loop {
			a, v, b := loop[(j+m-1)%m], loop[j], loop[(j+1)%m]
			d1r, d1c := v.r-a.r, v.c-a.c
			d2r, d2c := b.r-v.r, b.c-v.c
			if d1r == d2r && d1c == d2c {
				continue
			}
			// Right-hand normal of heading (x=dc, y=dr) is (−dr, dc).
			nx := float64(-d1r - d2r)
			ny := float64(d1c + d2c)
			p := l.Corner(v.r, v.c)
			poly = append(poly, Point{p.X + nx*inset, p.Y + ny*inset})
		}
		out = append(out, poly)
	}
	return out
}

// sortedCells returns the distinct cells in increasing order, in a new slice.
func sortedCells(cells []int) []int {
	out := slices.Clone(cells)
	slices.Sort(out)
	return slices.Compact(out)
}
