package logic

import (
	"fmt"
	"math/bits"

	"github.com/satdoku/satdoku/variant"
)

// Digits is a set of digits: bit d−1 holds digit d, so sides up to 64 fit.
type Digits uint64

// Has reports whether d is in the set.
func (s Digits) Has(d int) bool { return s&(1<<(d-1)) != 0 }

// Count returns the number of digits in the set.
func (s Digits) Count() int { return bits.OnesCount64(uint64(s)) }

// Single returns the one digit of a set of one, or 0.
func (s Digits) Single() int {
	if s == 0 || s&(s-1) != 0 {
		return 0
	}
	return bits.TrailingZeros64(uint64(s)) + 1
}

// List returns the digits in increasing order.
func (s Digits) List() []int {
	out := make([]int, 0, s.Count())
	for s != 0 {
		out = append(out, bits.TrailingZeros64(uint64(s))+1)
		s &= s - 1
	}
	return out
}

// DigitSet returns the set holding the given digits.
func DigitSet(ds ...int) Digits {
	var s Digits
	for _, d := range ds {
		s |= 1 << (d - 1)
	}
	return s
}

// HouseKind says what a house is.
type HouseKind uint8

// The kinds of house.
const (
	Row HouseKind = iota
	Column
	Box      // a box or a jigsaw region
	Diagonal // a main diagonal (positive: bottom-left to top-right)
	Extra    // an extra region: windoku, f-puzzles "extraregion"
	Disjoint // a disjoint group: the k-th cell of every box
)

// House is a set of N cells that holds every digit once.
type House struct {
	Kind  HouseKind
	Index int   // 0-based among houses of its kind
	Cells []int // the N cells, in reading order
}

// Name returns the house as a person names it, 1-based: "row 4", "box 5".
func (h House) Name() string {
	switch h.Kind {
	case Row:
		return fmt.Sprintf("row %d", h.Index+1)
	case Column:
		return fmt.Sprintf("column %d", h.Index+1)
	case Box:
		return fmt.Sprintf("box %d", h.Index+1)
	case Diagonal:
		if h.Index == 0 {
			return "the positive diagonal"
		}
		return "the negative diagonal"
	case Extra:
		return fmt.Sprintf("extra region %d", h.Index+1)
	default:
		return fmt.Sprintf("disjoint group %d", h.Index+1)
	}
}

// Candidate is one digit in one cell.
type Candidate struct {
	Cell, Digit int
}

// Grid is a position: the candidates of every cell of a board of side N
// and the houses that constrain them. A cell whose value is set is solved;
// its candidate set is then that one digit.
type Grid struct {
	N     int
	Cand  []Digits // per cell
	Value []int    // per cell: the placed digit, or 0
	// Given marks, per cell, a digit of the puzzle (a given); a placed
	// digit that is not given was entered by a person or deduced. Nil
	// means no cell is given.
	Given  []bool
	Houses []House
	// HousesOf lists, per cell, the indexes in Houses of the houses holding it.
	HousesOf [][]int
	// Peers lists, per cell, the other cells sharing a house with it.
	Peers [][]int
	// Puzzle is the variant puzzle the grid was made from (FromPuzzle),
	// or nil; Rules lists the indexes in Puzzle.Rules of its rules that
	// are not houses (cages, lines, dots ...), which only the techniques
	// that know them use: house techniques stay sound beside them, since
	// a rule only adds constraints.
	Puzzle *variant.Puzzle
	Rules  []int

	geo *geometry // derived from Houses; shared by clones
}

// CellName returns "r4c6" for a 0-based cell on a board of side n.
func CellName(n, cell int) string { return fmt.Sprintf("r%dc%d", cell/n+1, cell%n+1) }
