package generate

import (
	"fmt"
	"strings"
)

// Symmetry is a symmetry of the pattern of givens: a cell is a given exactly
// when every cell it maps to is. It says where givens stand, not which
// digits they hold.
type Symmetry int

// The symmetries. Rows and columns are 0-based, N is the side.
const (
	None         Symmetry = iota // no constraint on the pattern
	Rotate180                    // (r, c) ↔ (N−1−r, N−1−c): a half turn
	Rotate90                     // quarter turns: (r, c) → (c, N−1−r), four times
	Mirror                       // (r, c) ↔ (r, N−1−c): left and right halves mirror each other
	Flip                         // (r, c) ↔ (N−1−r, c): top and bottom halves mirror each other
	Diagonal                     // (r, c) ↔ (c, r): about the main diagonal
	AntiDiagonal                 // (r, c) ↔ (N−1−c, N−1−r): about the anti-diagonal
	Full                         // all eight: every rotation and reflection of the square
	Random                       // one of the eight above (None included) drawn for each puzzle
)

var symmetryNames = [...]string{"none", "rotate180", "rotate90", "mirror", "flip", "diagonal", "antidiagonal", "full", "random"}

// SymmetryNames lists the names ParseSymmetry accepts.
const SymmetryNames = "none, rotate180, rotate90, mirror, flip, diagonal, antidiagonal, full, random"

// String returns the symmetry's name as --symmetry spells it.
func (s Symmetry) String() string {
	if s < 0 || int(s) >= len(symmetryNames) {
		return fmt.Sprintf("Symmetry(%d)", int(s))
	}
	return symmetryNames[s]
}

// ParseSymmetry returns the symmetry named s (case-insensitive; see
// SymmetryNames).
func ParseSymmetry(s string) (Symmetry, error) {
	for i, name := range symmetryNames {
		if strings.EqualFold(strings.TrimSpace(s), name) {
			return Symmetry(i), nil
		}
	}
	return None, fmt.Errorf("unknown symmetry %q: want %s", s, SymmetryNames)
}

// maps returns the cell maps of the symmetry's group on side n, the
// identity first.
func (s Symmetry) maps(n int) []func(r, c int) (int, int) {
	id := func(r, c int) (int, int) { return r, c }
	rot90 := func(r, c int) (int, int) { return c, n - 1 - r }
	rot180 := func(r, c int) (int, int) { return n - 1 - r, n - 1 - c }
	rot270 := func(r, c int) (int, int) { return n - 1 - c, r }
	mirror := func(r, c int) (int, int) { return r, n - 1 - c }
	flip := func(r, c int) (int, int) { return n - 1 - r, c }
	diag := func(r, c int) (int, int) { return c, r }
	anti := func(r, c int) (int, int) { return n - 1 - c, n - 1 - r }
	switch s {
	case Rotate180:
		return []func(r, c int) (int, int){id, rot180}
	case Rotate90:
		return []func(r, c int) (int, int){id, rot90, rot180, rot270}
	case Mirror:
		return []func(r, c int) (int, int){id, mirror}
	case Flip:
		return []func(r, c int) (int, int){id, flip}
	case Diagonal:
		return []func(r, c int) (int, int){id, diag}
	case AntiDiagonal:
		return []func(r, c int) (int, int){id, anti}
	case Full:
		return []func(r, c int) (int, int){id, rot90, rot180, rot270, mirror, flip, diag, anti}
	}
	return []func(r, c int) (int, int){id}
}

// Orbits returns the groups of cells (r·N + c) of a board of side n that the
// symmetry keeps together, each sorted, in the order of their first cell: a
// given pattern is symmetric exactly when it is a union of orbits. Random
// has no orbits of its own: draw a symmetry first.
func (s Symmetry) Orbits(n int) [][]int {
	maps := s.maps(n)
	seen := make([]bool, n*n)
	var out [][]int
	for cell := range seen {
		if seen[cell] {
			continue
		}
		var orbit []int
		for _, f := range maps {
			r, c := f(cell/n, cell%n)
			if x := r*n + c; !seen[x] {
				seen[x] = true
				orbit = append(orbit, x)
			}
		}
		sortInts(orbit)
		out = append(out, orbit)
	}
	return out
}

// Holds reports whether the pattern of givens (nonzero cells of a board of
// side n) is symmetric under s.
func (s Symmetry) Holds(cells []uint8, n int) bool {
	for _, orbit := range s.Orbits(n) {
		for _, x := range orbit[1:] {
			if (cells[x] == 0) != (cells[orbit[0]] == 0) {
				return false
			}
		}
	}
	return true
}

func sortInts(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}
