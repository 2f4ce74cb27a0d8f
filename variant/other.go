package variant

import (
	"fmt"
	"slices"
	"strings"

	"github.com/satdoku/satdoku/board"
)

// Quadruple ("quadruple", a circle on a grid point): every digit of Digits
// appears in the cells around the point, as many times as it is listed
// (a digit listed twice appears at least twice). Other digits may fill the
// remaining cells.
type Quadruple struct {
	Cells  []int
	Digits []int
}

// Name returns "quadruple".
func (Quadruple) Name() string { return "quadruple" }

// Describe returns "quadruple r1c1 r1c2 r2c1 r2c2 holds 1 2 3".
func (q Quadruple) Describe(n int) string {
	ds := make([]string, len(q.Digits))
	for i, d := range q.Digits {
		ds[i] = itoa(d)
	}
	return fmt.Sprintf("quadruple %s holds %s", cellList(n, q.Cells), strings.Join(ds, " "))
}

// Scope returns the cells around the point.
func (q Quadruple) Scope(*Puzzle) []int { return q.Cells }

// Validate requires 1..4 distinct cells and 1..len(Cells) digits in 1..N.
func (q Quadruple) Validate(p *Puzzle) error {
	n := p.Side()
	if len(q.Cells) > 4 {
		return fmt.Errorf("%w: a quadruple of %d cells", ErrInvalid, len(q.Cells))
	}
	if err := checkCells(n, q.Cells, 1, true); err != nil {
		return err
	}
	if len(q.Digits) == 0 || len(q.Digits) > len(q.Cells) {
		return fmt.Errorf("%w: %d digits in a quadruple of %d cells", ErrInvalid, len(q.Digits), len(q.Cells))
	}
	for _, d := range q.Digits {
		if d < 1 || d > n {
			return fmt.Errorf("%w: quadruple digit %d outside 1..%d", ErrInvalid, d, n)
		}
	}
	return nil
}

// Check reports a listed digit that appears too few times.
func (q Quadruple) Check(_ *Puzzle, g *board.Board) *Violation {
	have := map[int]int{}
	for _, c := range q.Cells {
		have[digit(g, c)]++
	}
	want := map[int]int{}
	for _, d := range q.Digits {
		want[d]++
	}
	for _, d := range q.Digits {
		if have[d] < want[d] {
			return violation(q.Cells, "%d appears %d times among %s, %d needed", d, have[d], cellsAndDigits(g, q.Cells), want[d])
		}
	}
	return nil
}

// Clone ("clone"): two shapes of the same form hold the same digits:
// Cells[i] and Clones[i] are equal for every i.
type Clone struct {
	Cells  []int
	Clones []int
}

// Name returns "clone".
func (Clone) Name() string { return "clone" }

// Describe returns "clone r1c1 r1c2 = r5c5 r5c6".
func (c Clone) Describe(n int) string {
	return fmt.Sprintf("clone %s = %s", cellList(n, c.Cells), cellList(n, c.Clones))
}

// Scope returns the cells, then their clones.
func (c Clone) Scope(*Puzzle) []int { return append(append([]int(nil), c.Cells...), c.Clones...) }

// Validate requires two lists of the same length, each of distinct cells,
// with no cell its own clone.
func (c Clone) Validate(p *Puzzle) error {
	n := p.Side()
	if len(c.Cells) != len(c.Clones) {
		return fmt.Errorf("%w: %d cells cloned onto %d", ErrInvalid, len(c.Cells), len(c.Clones))
	}
	if err := checkCells(n, c.Cells, 1, true); err != nil {
		return err
	}
	if err := checkCells(n, c.Clones, 1, true); err != nil {
		return err
	}
	for i := range c.Cells {
		if c.Cells[i] == c.Clones[i] {
			return fmt.Errorf("%w: %s is its own clone", ErrInvalid, cellName(n, c.Cells[i]))
		}
	}
	return nil
}

// Check reports the first pair that differs.
func (c Clone) Check(_ *Puzzle, g *board.Board) *Violation {
	n := g.Side()
	for i := range c.Cells {
		a, b := c.Cells[i], c.Clones[i]
		if g.Cells[a] != g.Cells[b] {
			return violation([]int{a, b}, "%s=%d but its clone %s=%d", cellName(n, a), g.Cells[a], cellName(n, b), g.Cells[b])
		}
	}
	return nil
}

// Sandwich ("sandwichsum"): in the row or column beside the clue, the
// digits strictly between the 1 and the N (the "crusts": 1 and 9 on 9×9, 1
// and 6 on 6×6, 1 and 16 on 16×16) sum to Sum; 0 means the crusts touch.
// The sum does not depend on the side the clue is on.
type Sandwich struct {
	Clue Outside
	Sum  int
}

// Name returns "sandwichsum".
func (Sandwich) Name() string { return "sandwichsum" }

// Describe returns "sandwich sum 15 above column 3".
func (s Sandwich) Describe(n int) string {
	return fmt.Sprintf("sandwich sum %d %s", s.Sum, s.Clue.Describe(n))
}

// Scope returns the row or column from the clue inward.
func (s Sandwich) Scope(p *Puzzle) []int { return s.Clue.Cells(p.Side()) }

// Validate requires an edge clue and a sum in 0..(sum of 2..N−1).
func (s Sandwich) Validate(p *Puzzle) error {
	n := p.Side()
	if err := s.Clue.validate(n, true); err != nil {
		return err
	}
	if top := n*(n+1)/2 - 1 - n; s.Sum < 0 || s.Sum > top {
		return fmt.Errorf("%w: sandwich sum %d, must be 0..%d", ErrInvalid, s.Sum, top)
	}
	return nil
}

// Check reports a wrong sum between the crusts.
func (s Sandwich) Check(_ *Puzzle, g *board.Board) *Violation {
	n := g.Side()
	cells := s.Clue.Cells(n)
	lo, hi := -1, -1
	for i, c := range cells {
		switch digit(g, c) {
		case 1:
			lo = i
		case n:
			hi = i
		}
	}
	if lo < 0 || hi < 0 {
		return violation(cells, "the line lacks a 1 or a %d", n)
	}
	a, b := min(lo, hi), max(lo, hi)
	sum := 0
	for _, c := range cells[a+1 : b] {
		sum += digit(g, c)
	}
	if sum != s.Sum {
		return violation(cells[a:b+1], "the digits between 1 and %d sum to %d", n, sum)
	}
	return nil
}

// XSum ("xsum"): the first X digits of the row or column, counted from the
// clue, sum to Sum, where X is the digit nearest the clue (so the nearest
// digit is itself part of the sum).
type XSum struct {
	Clue Outside
	Sum  int
}

// Name returns "xsum".
func (XSum) Name() string { return "xsum" }

// Describe returns "x-sum 15 left of row 2".
func (x XSum) Describe(n int) string { return fmt.Sprintf("x-sum %d %s", x.Sum, x.Clue.Describe(n)) }

// Scope returns the row or column from the clue inward.
func (x XSum) Scope(p *Puzzle) []int { return x.Clue.Cells(p.Side()) }

// Validate requires an edge clue and a sum in 1..N(N+1)/2.
func (x XSum) Validate(p *Puzzle) error {
	n := p.Side()
	if err := x.Clue.validate(n, true); err != nil {
		return err
	}
	if x.Sum < 1 || x.Sum > n*(n+1)/2 {
		return fmt.Errorf("%w: x-sum %d, must be 1..%d", ErrInvalid, x.Sum, n*(n+1)/2)
	}
	return nil
}

// Check reports a wrong sum.
func (x XSum) Check(_ *Puzzle, g *board.Board) *Violation {
	cells := x.Clue.Cells(g.Side())
	k := digit(g, cells[0])
	sum := 0
	for _, c := range cells[:k] {
		sum += digit(g, c)
	}
	if sum != x.Sum {
		return violation(cells[:k], "the first %d digits sum to %d", k, sum)
	}
	return nil
}

// Skyscraper ("skyscraper"): seen from the clue, Count digits of the row or
// column are visible, where a digit is visible if it is higher than every
// digit before it (digits are heights; the nearest is always visible and N
// always the last one seen).
type Skyscraper struct {
	Clue  Outside
	Count int
}

// Name returns "skyscraper".
func (Skyscraper) Name() string { return "skyscraper" }

// Describe returns "skyscraper 3 above column 4".
func (s Skyscraper) Describe(n int) string {
	return fmt.Sprintf("skyscraper %d %s", s.Count, s.Clue.Describe(n))
}

// Scope returns the row or column from the clue inward.
func (s Skyscraper) Scope(p *Puzzle) []int { return s.Clue.Cells(p.Side()) }

// Validate requires an edge clue and a count in 1..N.
func (s Skyscraper) Validate(p *Puzzle) error {
	n := p.Side()
	if err := s.Clue.validate(n, true); err != nil {
		return err
	}
	if s.Count < 1 || s.Count > n {
		return fmt.Errorf("%w: skyscraper count %d, must be 1..%d", ErrInvalid, s.Count, n)
	}
	return nil
}

// Visible returns the cells of line (digits as heights, from the clue
// inward) that are seen.
func Visible(g *board.Board, line []int) []int {
	var out []int
	top := 0
	for _, c := range line {
		if d := digit(g, c); d > top {
			out = append(out, c)
			top = d
		}
	}
	return out
}

// Check reports a wrong count.
func (s Skyscraper) Check(_ *Puzzle, g *board.Board) *Violation {
	seen := Visible(g, s.Clue.Cells(g.Side()))
	if len(seen) != s.Count {
		return violation(seen, "%d digits are visible (%s)", len(seen), cellsAndDigits(g, seen))
	}
	return nil
}

// IndexKind is the unit an Indexer indexes.
type IndexKind int

const (
	// RowIndex ("rowindexer"): a digit d in row r, column c says that
	// row d of column c holds r (1-based): cell (d, c) = r.
	RowIndex IndexKind = iota
	// ColumnIndex ("columnindexer"): a digit d in row r, column c says
	// that column d of row r holds c: cell (r, d) = c. The "1-5-9" rule
	// is three column indexers, on columns 1, 5 and 9.
	ColumnIndex
	// BoxIndex ("boxindexer"): a digit d in the cell at position i of its
	// region (1-based, reading order) says that position d of the same
	// region holds i.
	BoxIndex
)

// Indexer ("rowindexer", "columnindexer", "boxindexer"): every cell of
// Cells indexes its row, column or region (see IndexKind). An indexer
// cell that points at itself holds its own position, which the rule
// allows.
type Indexer struct {
	Kind  IndexKind
	Cells []int
}

// Name returns "rowindexer", "columnindexer" or "boxindexer".
func (x Indexer) Name() string {
	switch x.Kind {
	case RowIndex:
		return "rowindexer"
	case ColumnIndex:
		return "columnindexer"
	}
	return "boxindexer"
}

// Describe returns "column indexer r1c1 r2c1 ...".
func (x Indexer) Describe(n int) string {
	kind := map[IndexKind]string{RowIndex: "row", ColumnIndex: "column", BoxIndex: "box"}[x.Kind]
	return fmt.Sprintf("%s indexer %s", kind, cellList(n, x.Cells))
}

// Scope returns the indexer cells, then the other cells of the rows,
// columns or regions they index, in reading order.
func (x Indexer) Scope(p *Puzzle) []int {
	n := p.Side()
	out := slices.Clone(x.Cells)
	in := map[int]bool{}
	for _, c := range x.Cells {
		in[c] = true
	}
	var labels []int
	if x.Kind == BoxIndex {
		labels = p.RegionLabels()
	}
	for c := 0; c < n*n; c++ {
		if in[c] {
			continue
		}
		for _, ic := range x.Cells {
			if (x.Kind == RowIndex && c%n == ic%n) || (x.Kind == ColumnIndex && c/n == ic/n) ||
				(x.Kind == BoxIndex && labels[c] == labels[ic] && labels[c] >= 0) {
				out = append(out, c)
				break
			}
		}
	}
	return out
}

// Target returns, for indexer cell c holding digit d on p, the cell it
// points at and the digit that cell must hold.
func (x Indexer) Target(p *Puzzle, c, d int) (cell, want int) {
	n := p.Side()
	r, col := c/n, c%n
	switch x.Kind {
	case RowIndex:
		return (d-1)*n + col, r + 1
	case ColumnIndex:
		return r*n + d - 1, col + 1
	}
	reg := p.RegionCells()[p.RegionLabels()[c]]
	return reg[d-1], slices.Index(reg, c) + 1
}

// Validate requires a known kind and distinct cells, each in a region of N
// cells for a box indexer.
func (x Indexer) Validate(p *Puzzle) error {
	n := p.Side()
	if x.Kind < RowIndex || x.Kind > BoxIndex {
		return fmt.Errorf("%w: indexer kind %d", ErrInvalid, x.Kind)
	}
	if err := checkCells(n, x.Cells, 1, true); err != nil {
		return err
	}
	if x.Kind == BoxIndex {
		labels := p.RegionLabels()
		for _, c := range x.Cells {
			if labels[c] < 0 {
				return fmt.Errorf("%w: box indexer %s is in no region", ErrInvalid, cellName(n, c))
			}
		}
	}
	return nil
}

// Check reports the first indexer cell whose target holds the wrong digit.
func (x Indexer) Check(p *Puzzle, g *board.Board) *Violation {
	n := g.Side()
	for _, c := range x.Cells {
		d := digit(g, c)
		t, want := x.Target(p, c, d)
		if got := digit(g, t); got != want {
			return violation([]int{c, t}, "%s=%d points at %s, which holds %d, not %d", cellName(n, c), d, cellName(n, t), got, want)
		}
	}
	return nil
}
