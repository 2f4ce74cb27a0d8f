package variant

import (
	"fmt"
	"slices"
	"strings"

	"github.com/satdoku/satdoku/board"
)

// checkCell requires a cell on a board of side n.
func checkCell(n, c int) error { return checkCells(n, []int{c}, 1, false) }

// Odd ("odd", a grey circle): the cell holds an odd digit.
type Odd struct{ Cell int }

// Name returns "odd".
func (Odd) Name() string { return "odd" }

// Describe returns "odd cell r1c1".
func (o Odd) Describe(n int) string { return "odd cell " + cellName(n, o.Cell) }

// Scope returns the cell.
func (o Odd) Scope(*Puzzle) []int { return []int{o.Cell} }

// Validate requires the cell on the board.
func (o Odd) Validate(p *Puzzle) error { return checkCell(p.Side(), o.Cell) }

// Check reports an even digit.
func (o Odd) Check(_ *Puzzle, g *board.Board) *Violation {
	if d := digit(g, o.Cell); d%2 == 0 {
		return violation([]int{o.Cell}, "%s=%d is even", cellName(g.Side(), o.Cell), d)
	}
	return nil
}

// Even ("even", a grey square): the cell holds an even digit.
type Even struct{ Cell int }

// Name returns "even".
func (Even) Name() string { return "even" }

// Describe returns "even cell r1c1".
func (e Even) Describe(n int) string { return "even cell " + cellName(n, e.Cell) }

// Scope returns the cell.
func (e Even) Scope(*Puzzle) []int { return []int{e.Cell} }

// Validate requires the cell on the board.
func (e Even) Validate(p *Puzzle) error { return checkCell(p.Side(), e.Cell) }

// Check reports an odd digit.
func (e Even) Check(_ *Puzzle, g *board.Board) *Violation {
	if d := digit(g, e.Cell); d%2 == 1 {
		return violation([]int{e.Cell}, "%s=%d is odd", cellName(g.Side(), e.Cell), d)
	}
	return nil
}

// PencilMarks ("givenPencilMarks", small digits set by the setter): the
// cell holds one of Digits. f-puzzles keeps them in the cell's
// givenPencilMarks; SudokuSolver's f-puzzles script writes them and its
// solver keeps only those candidates. A cell with a given digit has none.
type PencilMarks struct {
	Cell   int
	Digits []int // increasing, each in 1..N
}

// Name returns "givenPencilMarks".
func (PencilMarks) Name() string { return "givenPencilMarks" }

// Describe returns "given pencil marks 2 3 in r6c1".
func (m PencilMarks) Describe(n int) string {
	var sb strings.Builder
	sb.WriteString("given pencil marks")
	for _, d := range m.Digits {
		fmt.Fprintf(&sb, " %d", d)
	}
	return sb.String() + " in " + cellName(n, m.Cell)
}

// Scope returns the cell.
func (m PencilMarks) Scope(*Puzzle) []int { return []int{m.Cell} }

// Validate requires the cell on the board and Digits increasing, at least
// one, each in 1..N.
func (m PencilMarks) Validate(p *Puzzle) error {
	n := p.Side()
	if err := checkCell(n, m.Cell); err != nil {
		return err
	}
	if len(m.Digits) == 0 {
		return fmt.Errorf("%w: given pencil marks in %s: no digit", ErrInvalid, cellName(n, m.Cell))
	}
	for i, d := range m.Digits {
		if d < 1 || d > n {
			return fmt.Errorf("%w: given pencil mark %d in %s is outside 1..%d", ErrInvalid, d, cellName(n, m.Cell), n)
		}
		if i > 0 && d <= m.Digits[i-1] {
			return fmt.Errorf("%w: given pencil marks in %s are not increasing", ErrInvalid, cellName(n, m.Cell))
		}
	}
	return nil
}

// Check reports a digit that is not among the marks.
func (m PencilMarks) Check(_ *Puzzle, g *board.Board) *Violation {
	if d := digit(g, m.Cell); !slices.Contains(m.Digits, d) {
		return violation([]int{m.Cell}, "%s=%d is not one of its given pencil marks", cellName(g.Side(), m.Cell), d)
	}
	return nil
}

// Neighbours returns the orthogonal neighbours of cell c on a board of
// side n: up, left, right, down, those on the board.
func Neighbours(n, c int) []int {
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

// Minimum ("minimum"): the cell's digit is smaller than the digits of the
// cells in Than, its orthogonal neighbours that are not minimum cells
// themselves. f-puzzles marks minima (and maxima) in a group, and a marked
// cell is compared only with its unmarked neighbours, as in SudokuSolver
// ("fortress" puzzles put maxima side by side). Minima builds the rules of
// a group of cells.
type Minimum struct {
	Cell int
	Than []int
}

// Name returns "minimum".
func (Minimum) Name() string { return "minimum" }

// Describe returns "minimum r1c1".
func (m Minimum) Describe(n int) string { return "minimum " + cellName(n, m.Cell) }

// Scope returns the cell, then the cells it is compared with.
func (m Minimum) Scope(*Puzzle) []int { return append([]int{m.Cell}, m.Than...) }

// Validate requires the cell on the board and Than among its neighbours.
func (m Minimum) Validate(p *Puzzle) error { return checkExtremum(p.Side(), m.Cell, m.Than) }

// Check reports a compared cell with a digit not above the cell's.
func (m Minimum) Check(_ *Puzzle, g *board.Board) *Violation {
	return extremum(g, m.Cell, m.Than, true)
}

// Maximum ("maximum"): the cell's digit is greater than the digits of the
// cells in Than, its orthogonal neighbours that are not maximum cells
// themselves (see Minimum). Maxima builds the rules of a group of cells.
type Maximum struct {
	Cell int
	Than []int
}

// Name returns "maximum".
func (Maximum) Name() string { return "maximum" }

// Describe returns "maximum r1c1".
func (m Maximum) Describe(n int) string { return "maximum " + cellName(n, m.Cell) }

// Scope returns the cell, then the cells it is compared with.
func (m Maximum) Scope(*Puzzle) []int { return append([]int{m.Cell}, m.Than...) }

// Validate requires the cell on the board and Than among its neighbours.
func (m Maximum) Validate(p *Puzzle) error { return checkExtremum(p.Side(), m.Cell, m.Than) }

// Check reports a compared cell with a digit not below the cell's.
func (m Maximum) Check(_ *Puzzle, g *board.Board) *Violation {
	return extremum(g, m.Cell, m.Than, false)
}

// unmarkedNeighbours returns the neighbours of c not in marked.
func unmarkedNeighbours(n, c int, marked []int) []int {
	var out []int
	for _, nb := range Neighbours(n, c) {
		if !slices.Contains(marked, nb) {
			out = append(out, nb)
		}
	}
	return out
}

// Minima returns a Minimum for each of cells on a board of side n, each
// compared with its neighbours outside cells.
func Minima(n int, cells []int) []Rule {
	out := make([]Rule, len(cells))
	for i, c := range cells {
		out[i] = Minimum{Cell: c, Than: unmarkedNeighbours(n, c, cells)}
	}
	return out
}

// Maxima returns a Maximum for each of cells on a board of side n, each
// compared with its neighbours outside cells.
func Maxima(n int, cells []int) []Rule {
	out := make([]Rule, len(cells))
	for i, c := range cells {
		out[i] = Maximum{Cell: c, Than: unmarkedNeighbours(n, c, cells)}
	}
	return out
}

func checkExtremum(n, c int, than []int) error {
	if err := checkCell(n, c); err != nil {
		return err
	}
	if err := checkCells(n, than, 0, true); err != nil {
		return err
	}
	for _, t := range than {
		if !orthogonal(n, c, t) {
			return fmt.Errorf("%w: %s is not a neighbour of %s", ErrInvalid, cellName(n, t), cellName(n, c))
		}
	}
	return nil
}

func extremum(g *board.Board, c int, than []int, isMin bool) *Violation {
	n := g.Side()
	d := digit(g, c)
	for _, nb := range than {
		e := digit(g, nb)
		if isMin && e <= d {
			return violation([]int{c, nb}, "%s=%d is not below its neighbour %s=%d", cellName(n, c), d, cellName(n, nb), e)
		}
		if !isMin && e >= d {
			return violation([]int{c, nb}, "%s=%d is not above its neighbour %s=%d", cellName(n, c), d, cellName(n, nb), e)
		}
	}
	return nil
}

// pairDesc names a pair of cells: "r1c1-r1c2".
func pairDesc(n, a, b int) string { return fmt.Sprintf("%s-%s", cellName(n, a), cellName(n, b)) }
