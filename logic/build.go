package logic

import (
	"fmt"
	"sort"

	"github.com/satdoku/satdoku/board"
)

// NewGrid returns the grid of a blank board with the given houses: every
// candidate open. Each house must hold n distinct cells in 0..n²−1.
func NewGrid(n int, houses []House) (*Grid, error) {
	if n < 1 || n > 64 {
		return nil, fmt.Errorf("logic: side %d out of range 1..64", n)
	}
	g := &Grid{
		N:        n,
		Cand:     make([]Digits, n*n),
		Value:    make([]int, n*n),
		Houses:   houses,
		HousesOf: make([][]int, n*n),
		Peers:    make([][]int, n*n),
	}
	all := Digits(1<<n - 1)
	if n == 64 {
		all = ^Digits(0)
	}
	for i := range g.Cand {
		g.Cand[i] = all
	}
	// HousesOf and Peers each share one array, sized by a first pass: a
	// short run (a hint) pays a page fault for every fresh page it touches.
	count := make([]int, n*n)
	for _, h := range houses {
		if len(h.Cells) != n {
			return nil, fmt.Errorf("logic: %s holds %d cells, not %d", h.Name(), len(h.Cells), n)
		}
		for _, c := range h.Cells {
			if c < 0 || c >= n*n {
				return nil, fmt.Errorf("logic: %s holds cell %d, off the board", h.Name(), c)
			}
			count[c]++
		}
	}
	houseOf := make([]int, len(houses)*n)
	for c, k := range count {
		g.HousesOf[c], houseOf = houseOf[:0:k], houseOf[k:]
	}
	for hi, h := range houses {
		for _, c := range h.Cells {
			g.HousesOf[c] = append(g.HousesOf[c], hi)
		}
	}
	seen := make([]int, n*n)
	for c := range seen {
		seen[c] = -1
	}
	eachPeer := func(c int, f func(p int)) {
		for _, hi := range g.HousesOf[c] {
			for _, p := range houses[hi].Cells {
				if p != c && seen[p] != c {
					seen[p] = c
					f(p)
				}
			}
		}
	}
	total := 0
	for c := range count {
		count[c] = 0
		eachPeer(c, func(int) { count[c]++ })
		total += count[c]
	}
	for c := range seen {
		seen[c] = -1
	}
	peers := make([]int, total)
	for c, k := range count {
		g.Peers[c], peers = peers[:0:k], peers[k:]
		eachPeer(c, func(p int) { g.Peers[c] = append(g.Peers[c], p) })
		sort.Ints(g.Peers[c])
	}
	g.geo = newGeometry(g)
	return g, nil
}

// ClassicHouses returns the rows, columns and boxes of a shape, in that
// order.
func ClassicHouses(s board.Shape) []House {
	geo := s.Geometry()
	n := s.Side()
	houses := make([]House, len(geo.Units))
	for u, cells := range geo.Units {
		houses[u] = House{Kind: HouseKind(u / n), Index: u % n, Cells: cells}
	}
	return houses
}

// FromBoard returns the grid of a classic puzzle: its rows, columns and
// boxes, each given placed and removed from its peers' candidates. The
// grid may hold a cell with no candidate left when the givens clash.
func FromBoard(b *board.Board) (*Grid, error) {
	g, err := NewGrid(b.Side(), ClassicHouses(b.Shape))
	if err != nil {
		return nil, err
	}
	g.Given = make([]bool, len(b.Cells))
	for c, d := range b.Cells {
		if d != 0 {
			g.Place(c, int(d))
			g.Given[c] = true
		}
	}
	return g, nil
}

// Place sets cell to d and removes d from the candidates of its peers.
func (g *Grid) Place(cell, d int) {
	g.Value[cell] = d
	g.Cand[cell] = DigitSet(d)
	bit := DigitSet(d)
	for _, p := range g.Peers[cell] {
		g.Cand[p] &^= bit
	}
}

// Eliminate removes d from the candidates of cell.
func (g *Grid) Eliminate(cell, d int) { g.Cand[cell] &^= DigitSet(d) }

// Apply carries out a step's placements and eliminations.
func (g *Grid) Apply(s Step) {
	for _, e := range s.Eliminations {
		g.Eliminate(e.Cell, e.Digit)
	}
	for _, p := range s.Placements {
		g.Place(p.Cell, p.Digit)
	}
}

// Clone returns a deep copy of the grid's candidates and values; the
// houses and peers, which never change, are shared.
func (g *Grid) Clone() *Grid {
	c := *g
	c.Cand = append([]Digits(nil), g.Cand...)
	c.Value = append([]int(nil), g.Value...)
	if g.Given != nil {
		c.Given = append([]bool(nil), g.Given...)
	}
	return &c
}

// Solved reports whether every cell holds a placed digit.
func (g *Grid) Solved() bool {
	for _, v := range g.Value {
		if v == 0 {
			return false
		}
	}
	return true
}
