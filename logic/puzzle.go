package logic

import (
	"errors"
	"fmt"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/variant"
)

// ErrUnsupportedRule reports a variant rule that a caller has no
// techniques for: Grid.UnsupportedRule returns it for the first rule of
// g.Rules.
var ErrUnsupportedRule = errors.New("logic: rule not supported by the logical solver")

// ErrEntry reports a digit entered in a cell that cannot hold it: the
// cell is a given, or the digit is no longer among its candidates (it
// clashes with a digit placed in a peer).
var ErrEntry = errors.New("logic: digit cannot be entered")

// FromPuzzle returns the grid of a variant puzzle: its houses are rows,
// columns and its regions (boxes or jigsaw regions of N cells), the
// diagonals, extra regions of N cells (windoku) and the disjoint groups;
// the givens are placed and the pencil marks (variant.PencilMarks, as
// MarksReader reads a pencil-mark grid) kept as the only candidates of
// their cells. Every other rule, an extra region of fewer than N cells
// among them, is listed in g.Rules for the techniques that know it; a
// puzzle that Validate refuses is that error.
func FromPuzzle(p *variant.Puzzle) (*Grid, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	n := p.Side()
	houses := make([]House, 0, 3*n+2)
	for r := 0; r < n; r++ {
		houses = append(houses, House{Kind: Row, Index: r, Cells: line(n, r*n, 1)})
	}
	for c := 0; c < n; c++ {
		houses = append(houses, House{Kind: Column, Index: c, Cells: line(n, c, n)})
	}
	for label, cells := range p.RegionCells() {
		if len(cells) == n {
			houses = append(houses, House{Kind: Box, Index: label, Cells: cells})
		}
	}
	var marks []variant.PencilMarks
	var rules []int
	extra := 0
	for i, rule := range p.Rules {
		switch r := rule.(type) {
		case variant.PositiveDiagonal:
			houses = append(houses, House{Kind: Diagonal, Index: 0, Cells: r.Scope(p)})
		case variant.NegativeDiagonal:
			houses = append(houses, House{Kind: Diagonal, Index: 1, Cells: r.Scope(p)})
		case variant.ExtraRegion:
			if len(r.Cells) != n {
				rules = append(rules, i)
				continue
			}
			houses = append(houses, House{Kind: Extra, Index: extra, Cells: append([]int(nil), r.Cells...)})
			extra++
		case variant.DisjointGroups:
			for k, grp := range r.Groups(p) {
				if len(grp) == n {
					houses = append(houses, House{Kind: Disjoint, Index: k, Cells: grp})
				}
			}
		case variant.PencilMarks:
			marks = append(marks, r)
		default:
			rules = append(rules, i)
		}
	}
	g, err := NewGrid(n, houses)
	if err != nil {
		return nil, err
	}
	g.Puzzle, g.Rules = p, rules
	g.Given = make([]bool, n*n)
	for c, d := range p.Givens.Cells {
		if d != 0 {
			g.Place(c, int(d))
			g.Given[c] = true
		}
	}
	for _, m := range marks {
		if g.Value[m.Cell] == 0 {
			g.Cand[m.Cell] &= DigitSet(m.Digits...)
		}
	}
	return g, nil
}

// UnsupportedRule returns an error matching ErrUnsupportedRule that names
// the first of g.Rules, or nil when g has none: for a caller whose
// techniques know houses only.
func (g *Grid) UnsupportedRule() error {
	if len(g.Rules) == 0 {
		return nil
	}
	i := g.Rules[0]
	rule := g.Puzzle.Rules[i]
	return fmt.Errorf("%w: rule %d, %s (%s)", ErrUnsupportedRule, i+1, rule.Name(), rule.Describe(g.N))
}

// line returns n cells from start, step apart.
func line(n, start, step int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = start + i*step
	}
	return out
}

// Enter places digit d in cell as a person entered it (not a given): its
// peers lose d. It is an error matching ErrEntry when the cell is a given
// or d is not a candidate of the cell; the grid is then unchanged.
func (g *Grid) Enter(cell, d int) error {
	if cell < 0 || cell >= len(g.Cand) || d < 1 || d > g.N {
		return fmt.Errorf("%w: %d in cell %d is off the board", ErrEntry, d, cell)
	}
	name := CellName(g.N, cell)
	if g.Given != nil && g.Given[cell] {
		if g.Value[cell] == d {
			return nil
		}
		return fmt.Errorf("%w: %s is a given %d", ErrEntry, name, g.Value[cell])
	}
	if !g.Cand[cell].Has(d) {
		return fmt.Errorf("%w: %d in %s clashes with a digit placed in a peer", ErrEntry, d, name)
	}
	g.Place(cell, d)
	return nil
}

// EnterBoard enters every digit of entered that is not a given of the
// grid, in cell order, as Enter does; the first refused digit is the
// error, and the digits before it stay entered.
func (g *Grid) EnterBoard(entered *board.Board) error {
	if entered.Side() != g.N {
		return fmt.Errorf("%w: a board of side %d on a grid of side %d", ErrEntry, entered.Side(), g.N)
	}
	for c, d := range entered.Cells {
		if d == 0 || (g.Given != nil && g.Given[c] && g.Value[c] == int(d)) {
			continue
		}
		if err := g.Enter(c, int(d)); err != nil {
			return err
		}
	}
	return nil
}

// Restrict keeps only the digits of marks among the candidates of an
// unsolved cell: a person's pencil marks.
func (g *Grid) Restrict(cell int, marks Digits) {
	if g.Value[cell] == 0 {
		g.Cand[cell] &= marks
	}
}

// Mistakes returns the digits placed in g but not given that differ from
// solution (one digit per cell, r·N + c), in cell order: the entries a
// hint must point out before any step, since no step can follow from a
// wrong digit.
func (g *Grid) Mistakes(solution []uint8) []Candidate {
	var out []Candidate
	for c, v := range g.Value {
		if v != 0 && (g.Given == nil || !g.Given[c]) && c < len(solution) && int(solution[c]) != v {
			out = append(out, Candidate{c, v})
		}
	}
	return out
}
