package logic

// geometry is what the finders derive once from a grid's houses: which
// cells see each other, and where two houses cross.
type geometry struct {
	words int        // 64-bit words in a cell set
	sees  [][]uint64 // per cell: the set of its peers
	// crossings lists the pairs of houses sharing two cells or more, with
	// the shared cells: where locked candidates live.
	crossings []crossing
	// lines lists the houses that are rows and columns, by kind, each in
	// index order: the base and cover sets of fish.
	rows, cols []int
	// order lists every house in the order Sudoku Explainer scans them:
	// boxes (and jigsaw regions), columns, rows, then the extra houses.
	order []int
}

// crossing is two houses and the cells they share.
type crossing struct {
	a, b         int
	shared       []int
	aRest, bRest []int // the cells of a, of b, outside the other
}

func newGeometry(g *Grid) *geometry {
	cells := g.N * g.N
	geo := &geometry{words: (cells + 63) / 64}
	geo.sees = make([][]uint64, cells)
	backing := make([]uint64, cells*geo.words)
	for c := range geo.sees {
		geo.sees[c] = backing[c*geo.words : (c+1)*geo.words]
		for _, p := range g.Peers[c] {
			geo.sees[c][p/64] |= 1 << (p % 64)
		}
	}
	in := make([]int, cells)
	for c := range in {
		in[c] = -1
	}
	for a, ha := range g.Houses {
		for _, c := range ha.Cells {
			in[c] = a
		}
		for b := a + 1; b < len(g.Houses); b++ {
			var shared []int
			for _, c := range g.Houses[b].Cells {
				if in[c] == a {
					shared = append(shared, c)
				}
			}
			if len(shared) >= 2 && len(shared) < g.N {
				geo.crossings = append(geo.crossings, crossing{a: a, b: b, shared: shared,
					aRest: minus(ha.Cells, shared), bRest: minus(g.Houses[b].Cells, shared)})
			}
		}
		switch ha.Kind {
		case Row:
			geo.rows = append(geo.rows, a)
		case Column:
			geo.cols = append(geo.cols, a)
		}
	}
	for _, kind := range []HouseKind{Box, Column, Row, Diagonal, Extra, Disjoint} {
		for h := range g.Houses {
			if g.Houses[h].Kind == kind {
				geo.order = append(geo.order, h)
			}
		}
	}
	return geo
}

// geometry returns the grid's derived tables, computing them for a grid
// built without NewGrid.
func (g *Grid) geometry() *geometry {
	if g.geo == nil {
		g.geo = newGeometry(g)
	}
	return g.geo
}

// Sees reports whether cells a and b share a house (a cell does not see
// itself).
func (g *Grid) Sees(a, b int) bool {
	return g.geometry().sees[a][b/64]&(1<<(b%64)) != 0
}

// minus returns the cells of all that are not in some.
func minus(all, some []int) []int {
	var out []int
outer:
	for _, c := range all {
		for _, x := range some {
			if c == x {
				continue outer
			}
		}
		out = append(out, c)
	}
	return out
}
