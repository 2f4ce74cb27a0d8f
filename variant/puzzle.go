package variant

import (
	"fmt"
	"reflect"

	"github.com/satdoku/satdoku/board"
)

// Puzzle is a variant Sudoku: geometry, givens and rules.
type Puzzle struct {
	// Givens holds the side N (Givens.Shape), the default boxes and the
	// given digits (0 for a blank cell).
	Givens *board.Board
	// Regions holds a region label per cell (r·N + c) when the regions are
	// not the boxes of Givens.Shape; nil means the boxes. A label is
	// 0..N−1, or −1 for a cell in no region (f-puzzles allows such holes).
	// Every label in use has exactly N cells. A side with no rectangular
	// boxes (5, 7, 11, 13) has the shape 1×N, whose boxes are the rows;
	// the f-puzzles reader always sets Regions explicitly for such sides.
	Regions []int
	// Rules holds the variant rules, in the order the source gave them.
	Rules []Rule
	// Cosmetics holds what the source draws without a rule (lines, text,
	// shapes), kept for pictures and never checked.
	Cosmetics []Cosmetic
	// Title, Author and RulesText are the puzzle's metadata, if any.
	Title, Author, RulesText string
}

// New returns a puzzle of the given shape with no givens, the shape's boxes
// as regions and no rules. It panics if the shape is not valid, as
// board.New does.
func New(s board.Shape) *Puzzle { return &Puzzle{Givens: board.New(s)} }

// Side returns N.
func (p *Puzzle) Side() int { return p.Givens.Side() }

// RegionLabels returns the region label of every cell: Regions if set, else
// the box index of each cell. The result must not be modified.
func (p *Puzzle) RegionLabels() []int {
	if p.Regions != nil {
		return p.Regions
	}
	n := p.Side()
	out := make([]int, n*n)
	for i := range out {
		out[i] = p.Givens.Shape.Box(i/n, i%n)
	}
	return out
}

// RegionCells returns the cells of each region, indexed by label, each in
// reading order (row by row, left to right). A label with no cells gives an
// empty region; cells labelled −1 are in none.
func (p *Puzzle) RegionCells() [][]int {
	n := p.Side()
	out := make([][]int, n)
	for cell, l := range p.RegionLabels() {
		if l >= 0 && l < n {
			out[l] = append(out[l], cell)
		}
	}
	return out
}

// Units returns the units every digit 1..N fills exactly once: the N rows,
// the N columns, then each region with N cells, every unit in reading order.
// Extra regions, diagonals and cages are rules, not units.
func (p *Puzzle) Units() [][]int {
	n := p.Side()
	units := make([][]int, 0, 3*n)
	for r := 0; r < n; r++ {
		u := make([]int, n)
		for c := range u {
			u[c] = r*n + c
		}
		units = append(units, u)
	}
	for c := 0; c < n; c++ {
		u := make([]int, n)
		for r := range u {
			u[r] = r*n + c
		}
		units = append(units, u)
	}
	for _, reg := range p.RegionCells() {
		if len(reg) == n {
			units = append(units, reg)
		}
	}
	return units
}

// unitName names unit u of Units: "row 3", "column 7", "region 2" (the
// region's label plus one) or "box 2" when the regions are the boxes.
func (p *Puzzle) unitName(u int, units [][]int) string {
	n := p.Side()
	switch {
	case u < n:
		return fmt.Sprintf("row %d", u+1)
	case u < 2*n:
		return fmt.Sprintf("column %d", u-n+1)
	}
	label := p.RegionLabels()[units[u][0]]
	if p.Regions == nil {
		return fmt.Sprintf("box %d", label+1)
	}
	return fmt.Sprintf("region %d", label+1)
}

// Validate reports whether the puzzle is well formed: a valid shape, givens
// in range that do not clash in a row, column or region, regions of N cells
// each, and every rule valid. Its errors match ErrInvalid (or
// board.ErrDigit, board.ErrShape, board.ErrClash for the givens) and name
// the rule at fault.
func (p *Puzzle) Validate() error {
	if p == nil || p.Givens == nil {
		return fmt.Errorf("%w: no board", ErrInvalid)
	}
	b := p.Givens
	if !b.Shape.Valid() || len(b.Cells) != b.Shape.Cells() {
		return fmt.Errorf("%w: %d cells for a %v board", board.ErrShape, len(b.Cells), b.Shape)
	}
	n := b.Side()
	for i, d := range b.Cells {
		if int(d) > n {
			return fmt.Errorf("%w: %s=%d on a %dx%d board", board.ErrDigit, cellName(n, i), d, n, n)
		}
	}
	if err := ValidateRegions(n, p.Regions); err != nil {
		return err
	}
	if err := p.clash(b); err != nil {
		return err
	}
	for i, r := range p.Rules {
		if r == nil {
			return fmt.Errorf("%w: rule %d is nil", ErrInvalid, i+1)
		}
		if t := reflect.TypeOf(r); t.Kind() == reflect.Pointer && t.Elem().PkgPath() == ruleTypesPath {
			// The solvers' type switches match the value types only.
			return fmt.Errorf("%w: rule %d is a %v: rules are values (%v{…}, not &%v{…})", ErrInvalid, i+1, t, t.Elem(), t.Elem())
		}
		if err := r.Validate(p); err != nil {
			return fmt.Errorf("rule %d (%s): %w", i+1, r.Name(), err)
		}
	}
	return nil
}

// ruleTypesPath is the import path of this package, whose rule types
// are values.
var ruleTypesPath = reflect.TypeOf(Killer{}).PkgPath()

// ValidateRegions reports whether labels is a valid region labelling of a
// board of side n: nil (the boxes), or n² labels each in −1..n−1 where
// every label other than −1 that occurs does so exactly n times.
func ValidateRegions(n int, labels []int) error {
	if labels == nil {
		return nil
	}
	if len(labels) != n*n {
		return fmt.Errorf("%w: %d region labels for %d cells", ErrInvalid, len(labels), n*n)
	}
	count := make([]int, n)
	for i, l := range labels {
		if l < -1 || l >= n {
			return fmt.Errorf("%w: %s has region label %d, outside -1..%d", ErrInvalid, cellName(n, i), l, n-1)
		}
		if l >= 0 {
			count[l]++
		}
	}
	for l, k := range count {
		if k != 0 && k != n {
			return fmt.Errorf("%w: region %d has %d cells, not %d", ErrInvalid, l+1, k, n)
		}
	}
	return nil
}

// clash returns the first pair of equal filled cells in a unit, as a
// *board.ClashError.
func (p *Puzzle) clash(b *board.Board) error {
	units := p.Units()
	n := p.Side()
	seen := make([]int, n+1)
	for u, unit := range units {
		clear(seen)
		for _, cell := range unit {
			d := b.Cells[cell]
			if d == 0 {
				continue
			}
			if prev := seen[d]; prev != 0 {
				return &board.ClashError{Shape: b.Shape, CellA: prev - 1, CellB: cell, Digit: int(d), Unit: p.unitName(u, units)}
			}
			seen[d] = cell + 1
		}
	}
	return nil
}

// Check reports whether grid is a valid solution of p: a full grid of p's
// side, every given kept, every row, column and region a permutation of
// 1..N, and every rule kept. It returns nil, an error of package board for
// a grid that fails the classic rules (board.ErrShape, board.ErrDigit,
// board.ErrBlank, board.ErrGiven, *board.ClashError), a *RuleError naming
// the first rule broken (in the order of p.Rules) and its cells, or an
// error matching ErrInvalid if p itself is not well formed. It shares no
// code with any solver: it is the ground truth of every test.
func Check(p *Puzzle, grid *board.Board) error {
	if err := p.Validate(); err != nil {
		return err
	}
	n := p.Side()
	if grid == nil || grid.Side() != n || len(grid.Cells) != n*n {
		return fmt.Errorf("%w: the grid does not have the puzzle's %dx%d shape", board.ErrShape, n, n)
	}
	for i, d := range grid.Cells {
		switch {
		case int(d) > n:
			return fmt.Errorf("%w: %s=%d on a %dx%d board", board.ErrDigit, cellName(n, i), d, n, n)
		case d == 0:
			return fmt.Errorf("%w: %s", board.ErrBlank, cellName(n, i))
		}
	}
	for i, d := range p.Givens.Cells {
		if d != 0 && grid.Cells[i] != d {
			return fmt.Errorf("%w: %s is %d in the puzzle but %d in the grid", board.ErrGiven, cellName(n, i), d, grid.Cells[i])
		}
	}
	if err := p.clash(grid); err != nil {
		return err
	}
	for i, r := range p.Rules {
		if v := r.Check(p, grid); v != nil {
			return &RuleError{Index: i, Rule: r, Desc: r.Describe(n), Violation: *v, N: n}
		}
	}
	return nil
}
