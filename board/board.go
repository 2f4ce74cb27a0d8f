package board

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
)

// MinSide and MaxSide bound the side of a board. The smallest board is 4×4:
// anything smaller is no puzzle (a 1×1 board is solved by its one cell), and
// a one-symbol line of junk must not pass for one. The largest is 64×64:
// digits are stored in a byte, and a board this large is far beyond what any
// solver here can finish.
const (
	MinSide = 4
	MaxSide = 64
)

// Shape is the geometry of a board: boxes of BoxRows×BoxCols cells on a board
// of side N = BoxRows·BoxCols. The zero Shape is invalid; use Square or NewShape.
type Shape struct {
	BoxRows, BoxCols int
}

// Classic is the 9×9 board with 3×3 boxes.
var Classic = Shape{3, 3}

// Square returns the shape with n×n boxes (side n²).
func Square(n int) Shape { return Shape{n, n} }

// NewShape returns the shape with boxRows×boxCols boxes, or an error
// wrapping ErrShape if a box dimension is below 1 or the side is outside
// MinSide..MaxSide.
func NewShape(boxRows, boxCols int) (Shape, error) {
	s := Shape{boxRows, boxCols}
	if !s.Valid() {
		return Shape{}, s.invalid()
	}
	return s, nil
}

// invalid says why s is not Valid.
func (s Shape) invalid() error {
	if s.BoxRows < 1 || s.BoxCols < 1 {
		return fmt.Errorf("%w: %d×%d boxes", ErrShape, s.BoxRows, s.BoxCols)
	}
	n := s.Side()
	return fmt.Errorf("%w: %d×%d boxes make a %d×%d board, but boards are %d×%d to %d×%d", ErrShape, s.BoxRows, s.BoxCols, n, n, MinSide, MinSide, MaxSide, MaxSide)
}

// ShapeForSide returns the square shape of side n (n must be a perfect
// square from MinSide to MaxSide: 4, 9, 16, 25, 36, 49 or 64), or false if
// there is none.
func ShapeForSide(n int) (Shape, bool) {
	for k := 1; k*k <= n; k++ {
		if k*k == n {
			s := Square(k)
			return s, s.Valid()
		}
	}
	return Shape{}, false
}

// UsualShape returns the usual box shape of side n, as f-puzzles and the
// pencil-mark grids of HoDoKu and SudokuWiki have it: boxes of h×(n/h)
// cells, h the largest divisor of n not above √n (3×3 on 9×9, 2×3 on 6×6,
// 2×4 on 8×8, 3×4 on 12×12, 1×5 — rows — on 5×5).
func UsualShape(n int) Shape {
	h := 1
	for k := 1; k*k <= n; k++ {
		if n%k == 0 {
			h = k
		}
	}
	return Shape{BoxRows: h, BoxCols: n / h}
}

// Valid reports whether the shape has positive boxes and a side from
// MinSide to MaxSide. Boxes of one row (1×N) are valid: they coincide with
// the rows, and the puzzle is a Latin square.
func (s Shape) Valid() bool {
	return s.BoxRows >= 1 && s.BoxCols >= 1 && s.BoxRows <= MaxSide && s.BoxCols <= MaxSide &&
		MinSide <= s.BoxRows*s.BoxCols && s.BoxRows*s.BoxCols <= MaxSide
}

// Side returns N, the number of rows, columns, boxes and digits.
func (s Shape) Side() int { return s.BoxRows * s.BoxCols }

// Cells returns N², the number of cells.
func (s Shape) Cells() int { n := s.Side(); return n * n }

// Box returns the 0-based index of the box holding row r, column c, counted
// left to right then top to bottom.
func (s Shape) Box(r, c int) int {
	return (r/s.BoxRows)*s.BoxRows + c/s.BoxCols
}

// String returns "9x9" for square boxes and "6x6 (2x3 boxes)" otherwise.
func (s Shape) String() string {
	n := s.Side()
	if s.BoxRows == s.BoxCols {
		return fmt.Sprintf("%dx%d", n, n)
	}
	return fmt.Sprintf("%dx%d (%dx%d boxes)", n, n, s.BoxRows, s.BoxCols)
}

// Geometry holds the derived tables of a shape: its units and each cell's peers.
// Cells are numbered r·N + c.
type Geometry struct {
	Shape Shape
	// Units holds the 3N units: N rows, then N columns, then N boxes.
	Units [][]int
	// UnitsOf holds, for each cell, the indexes in Units of its row, column and box.
	UnitsOf [][3]int
	// Peers holds, for each cell, the distinct other cells sharing a unit
	// with it: 3N − 1 − BoxRows − BoxCols of them (20 for 9×9).
	Peers [][]int
}

var (
	geometries      sync.Map // Shape → *Geometry
	classicGeometry = newGeometry(Classic)
)

// Geometry returns the shape's derived tables, computed once and shared.
// The result must not be modified.
func (s Shape) Geometry() *Geometry {
	if s == Classic {
		return classicGeometry // most boards: no map lookup
	}
	if g, ok := geometries.Load(s); ok {
		return g.(*Geometry)
	}
	g, _ := geometries.LoadOrStore(s, newGeometry(s))
	return g.(*Geometry)
}

func newGeometry(s Shape) *Geometry {
	n := s.Side()
	g := &Geometry{Shape: s, Units: make([][]int, 3*n), UnitsOf: make([][3]int, n*n), Peers: make([][]int, n*n)}
	for i := 0; i < n; i++ {
		g.Units[i] = make([]int, 0, n)
		g.Units[n+i] = make([]int, 0, n)
		g.Units[2*n+i] = make([]int, 0, n)
	}
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			cell, b := r*n+c, s.Box(r, c)
			g.Units[r] = append(g.Units[r], cell)
			g.Units[n+c] = append(g.Units[n+c], cell)
			g.Units[2*n+b] = append(g.Units[2*n+b], cell)
			g.UnitsOf[cell] = [3]int{r, n + c, 2*n + b}
		}
	}
	// Each cell's peers in the order its units list them; seen[p] == cell+1
	// marks p as found for this cell.
	k := 3*n - 1 - s.BoxRows - s.BoxCols
	all, seen := make([]int, 0, n*n*k), make([]int, n*n)
	for cell := range g.Peers {
		seen[cell] = cell + 1
		start := len(all)
		for _, u := range g.UnitsOf[cell] {
			for _, p := range g.Units[u] {
				if seen[p] != cell+1 {
					seen[p] = cell + 1
					all = append(all, p)
				}
			}
		}
		g.Peers[cell] = all[start:len(all):len(all)]
	}
	return g
}

// UnitName describes unit u of the geometry in words, 1-based: "row 3",
// "column 7", "box 5".
func (g *Geometry) UnitName(u int) string {
	n := g.Shape.Side()
	switch u / n {
	case 0:
		return fmt.Sprintf("row %d", u+1)
	case 1:
		return fmt.Sprintf("column %d", u-n+1)
	default:
		return fmt.Sprintf("box %d", u-2*n+1)
	}
}

// Board is a Sudoku grid: Cells holds N² digits in row-major order, 0 for a
// blank and 1..N for a digit.
type Board struct {
	Shape Shape
	Cells []uint8
}

// New returns an empty board of the given shape. It panics if the shape is
// not Valid, as a programming error.
func New(s Shape) *Board {
	if !s.Valid() {
		panic(fmt.Sprintf("board.New: invalid shape %v", s))
	}
	return &Board{Shape: s, Cells: make([]uint8, s.Cells())}
}

// Side returns N.
func (b *Board) Side() int { return b.Shape.Side() }

// At returns the digit at row r, column c (0 for a blank), both counted
// from 0. It panics, naming them, if r or c is outside 0..N−1.
func (b *Board) At(r, c int) int { return int(b.Cells[b.index("At", r, c)]) }

// Set puts digit d (0 to clear) at row r, column c, both counted from 0.
// It panics, naming them, if r or c is outside 0..N−1 or d outside 0..N:
// a digit past N or a column past the edge would otherwise land silently
// in another cell or as another digit (Cells holds bytes).
func (b *Board) Set(r, c, d int) {
	i := b.index("Set", r, c)
	if n := b.Side(); d < 0 || d > n {
		panic(fmt.Sprintf("board: Set(%d, %d, %d): digit %d outside 0..%d", r, c, d, d, n))
	}
	b.Cells[i] = uint8(d)
}

// index returns the index in Cells of row r, column c, panicking with a
// message naming the method if either is off the board.
func (b *Board) index(method string, r, c int) int {
	n := b.Side()
	if r < 0 || r >= n || c < 0 || c >= n || len(b.Cells) != n*n {
		panic(fmt.Sprintf("board: %s(%d, %d) on a %d×%d board with %d cells: row and column must be in 0..%d", method, r, c, n, n, len(b.Cells), n-1))
	}
	return r*n + c
}

// Clone returns a deep copy of b.
func (b *Board) Clone() *Board {
	return &Board{Shape: b.Shape, Cells: append([]uint8(nil), b.Cells...)}
}

// Equal reports whether a and b have the same shape and cells.
func (b *Board) Equal(o *Board) bool {
	return b.Shape == o.Shape && string(b.Cells) == string(o.Cells)
}

// Givens returns the number of filled cells.
func (b *Board) Givens() int {
	k := 0
	for _, d := range b.Cells {
		if d != 0 {
			k++
		}
	}
	return k
}

// Blanks returns the number of empty cells.
func (b *Board) Blanks() int { return len(b.Cells) - b.Givens() }

// CellName returns the 1-based "rRcC" name of cell index i.
func (b *Board) CellName(i int) string { return CellName(b.Side(), i) }

// CellName returns the 1-based "rRcC" name of cell index i on a board of side n.
func CellName(n, i int) string { return fmt.Sprintf("r%dc%d", i/n+1, i%n+1) }

// Errors reported by the checks; test with errors.Is.
var (
	// ErrShape reports a board whose cells do not fit its shape.
	ErrShape = errors.New("wrong shape")
	// ErrDigit reports a digit outside 0..N.
	ErrDigit = errors.New("digit out of range")
	// ErrClash reports two equal digits in one unit.
	ErrClash = errors.New("digits clash")
	// ErrBlank reports a blank cell where a full grid was expected.
	ErrBlank = errors.New("cell is blank")
	// ErrGiven reports a solution that changes one of the puzzle's givens.
	ErrGiven = errors.New("given not kept")
)

// ClashError reports two cells holding the same digit in one unit. It
// matches ErrClash with errors.Is.
type ClashError struct {
	Shape Shape
	CellA int    // first cell (r·N + c)
	CellB int    // second cell
	Digit int    // the shared digit
	Unit  string // "row 1", "column 9" or "box 3"
}

func (e *ClashError) Error() string {
	n := e.Shape.Side()
	return fmt.Sprintf("%s=%d and %s=%d are both in %s", CellName(n, e.CellA), e.Digit, CellName(n, e.CellB), e.Digit, e.Unit)
}

// Is makes errors.Is(err, ErrClash) true.
func (e *ClashError) Is(target error) bool { return target == ErrClash }

// Check reports whether the board is well formed and its filled cells break
// no rule: every digit in 0..N and no digit twice in a unit. It returns
// ErrShape, ErrDigit or a *ClashError (the first clash in cell order).
func (b *Board) Check() error {
	return b.check(false)
}

// Clashes returns every pair of filled cells breaking a rule, each pair once,
// in cell order.
func (b *Board) Clashes() []*ClashError {
	if !b.Shape.Valid() || len(b.Cells) != b.Shape.Cells() {
		return nil
	}
	g := b.Shape.Geometry()
	var out []*ClashError
	seen := map[[2]int]bool{}
	for _, unit := range g.Units {
		for i, a := range unit {
			for _, c := range unit[i+1:] {
				if b.Cells[a] != 0 && b.Cells[a] == b.Cells[c] && !seen[[2]int{a, c}] {
					seen[[2]int{a, c}] = true
					out = append(out, &ClashError{b.Shape, a, c, int(b.Cells[a]), g.UnitName(unitOf(g, a, c))})
				}
			}
		}
	}
	slices.SortFunc(out, func(x, y *ClashError) int { return cmp.Or(x.CellA-y.CellA, x.CellB-y.CellB) })
	return out
}

// unitOf returns the first unit (row, column, box) holding both cells.
func unitOf(g *Geometry, a, c int) int {
	for _, u := range g.UnitsOf[a] {
		for _, v := range g.UnitsOf[c] {
			if u == v {
				return u
			}
		}
	}
	return -1
}

func (b *Board) check(full bool) error {
	if !b.Shape.Valid() || len(b.Cells) != b.Shape.Cells() {
		return fmt.Errorf("%w: %d cells for a %v board", ErrShape, len(b.Cells), b.Shape)
	}
	if b.Shape == Classic && clean9(b.Cells, full) {
		return nil // the common case, in one pass; any fault is named below
	}
	return b.checkUnits(full)
}

// checkUnits is check unit by unit, on any shape: it names the first fault.
func (b *Board) checkUnits(full bool) error {
	n := b.Side()
	for i, d := range b.Cells {
		if int(d) > n {
			return fmt.Errorf("%w: %s=%d on a %v board", ErrDigit, b.CellName(i), d, b.Shape)
		}
		if full && d == 0 {
			return fmt.Errorf("%w: %s", ErrBlank, b.CellName(i))
		}
	}
	g := b.Shape.Geometry()
	if n < 64 {
		// A bitmask per unit: no allocation, as every answer is checked.
		for u, unit := range g.Units {
			var seen uint64
			for _, cell := range unit {
				d := b.Cells[cell]
				bit := uint64(1) << d
				if seen&bit != 0 && d != 0 {
					for _, prev := range unit {
						if b.Cells[prev] == d {
							return &ClashError{b.Shape, prev, cell, int(d), g.UnitName(u)}
						}
					}
				}
				seen |= bit
			}
		}
		return nil
	}
	seen := make([]int, n+1) // digit → cell+1 of its first sighting in the unit
	for u, unit := range g.Units {
		clear(seen)
		for _, cell := range unit {
			d := b.Cells[cell]
			if d == 0 {
				continue
			}
			if prev := seen[d]; prev != 0 {
				return &ClashError{b.Shape, prev - 1, cell, int(d), g.UnitName(u)}
			}
			seen[d] = cell + 1
		}
	}
	return nil
}

// units9 holds the row, column and box of each cell of a 9×9 board.
var units9 = func() (t [81][3]uint8) {
	for i := range t {
		t[i] = [3]uint8{uint8(i / 9), uint8(i % 9), uint8(i/27*3 + i%9/3)}
	}
	return t
}()

// clean9 reports whether the 81 cells of a 9×9 board hold digits 0..9
// (none blank if full) with no digit twice in a row, column or box. It
// finds in one pass over the cells what checkUnits finds in passes over
// the 27 units, which matters because every puzzle and every answer is
// checked. It does not say what is wrong; checkUnits does.
func clean9(cells []uint8, full bool) bool {
	if len(cells) != 81 {
		return false
	}
	var rows, cols, boxes [9]uint16
	for i, d := range cells[:81] {
		if d == 0 {
			if full {
				return false
			}
			continue
		}
		if d > 9 {
			return false
		}
		bit := uint16(1) << d
		u := &units9[i]
		if (rows[u[0]]|cols[u[1]]|boxes[u[2]])&bit != 0 {
			return false
		}
		rows[u[0]] |= bit
		cols[u[1]] |= bit
		boxes[u[2]] |= bit
	}
	return true
}

// Solved reports whether the board is full and every unit holds each digit once.
func (b *Board) Solved() bool { return b.check(true) == nil }

// Verify reports whether solution is a valid completion of puzzle: same
// shape, every cell filled, every unit a permutation of 1..N, and every
// given of puzzle kept. It returns nil or an error saying what is wrong
// (ErrShape, ErrDigit, ErrBlank, ErrClash or ErrGiven). It shares no code with
// any solver, so it is the independent judge of every answer.
func Verify(puzzle, solution *Board) error {
	if puzzle.Shape != solution.Shape || len(puzzle.Cells) != len(solution.Cells) {
		return fmt.Errorf("%w: solution is %v, puzzle is %v", ErrShape, solution.Shape, puzzle.Shape)
	}
	if err := solution.check(true); err != nil {
		return err
	}
	for i, d := range puzzle.Cells {
		if d != 0 && solution.Cells[i] != d {
			return fmt.Errorf("%w: %s is %d in the puzzle but %d in the solution", ErrGiven, puzzle.CellName(i), d, solution.Cells[i])
		}
	}
	return nil
}

// Diff returns the indexes of the cells where a and b differ.
func Diff(a, b *Board) []int {
	var out []int
	for i := range a.Cells {
		if i < len(b.Cells) && a.Cells[i] != b.Cells[i] {
			out = append(out, i)
		}
	}
	return out
}

// String returns the board in grid format: N lines of N numbers separated by
// single spaces, 0 for a blank, each line ending in a newline.
func (b *Board) String() string {
	var sb strings.Builder
	n := b.Side()
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			if c > 0 {
				sb.WriteByte(' ')
			}
			fmt.Fprint(&sb, b.At(r, c))
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}
