package board

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// geometryShapes are every square shape 2×2..8×8 (4×4 to 64×64 boards),
// the rectangular ones in common use, both ways round, and a Latin square.
var geometryShapes = func() []Shape {
	s := []Shape{{1, 4}, {4, 1}}
	for n := 2; n <= 8; n++ {
		s = append(s, Square(n))
	}
	for _, rc := range [][2]int{{2, 3}, {2, 4}, {3, 4}, {2, 5}, {3, 5}, {4, 5}} {
		s = append(s, Shape{rc[0], rc[1]}, Shape{rc[1], rc[0]})
	}
	return s
}()

func TestGeometry(t *testing.T) {
	t.Parallel()
	for _, s := range geometryShapes {
		t.Run(s.String(), func(t *testing.T) {
			t.Parallel()
			n, R, C := s.Side(), s.BoxRows, s.BoxCols
			g := s.Geometry()
			if g != s.Geometry() {
				t.Error("Geometry is not cached")
			}
			if len(g.Units) != 3*n || len(g.UnitsOf) != n*n || len(g.Peers) != n*n {
				t.Fatalf("%d units, %d UnitsOf, %d Peers", len(g.Units), len(g.UnitsOf), len(g.Peers))
			}
			in := make([]int, n*n) // how many units hold each cell
			for u, unit := range g.Units {
				if len(unit) != n {
					t.Fatalf("%s has %d cells", g.UnitName(u), len(unit))
				}
				seen := map[int]bool{}
				minR, maxR, minC, maxC := n, -1, n, -1
				for _, cell := range unit {
					if cell < 0 || cell >= n*n || seen[cell] {
						t.Fatalf("%s: bad or repeated cell %d", g.UnitName(u), cell)
					}
					seen[cell] = true
					in[cell]++
					r, c := cell/n, cell%n
					minR, maxR, minC, maxC = min(minR, r), max(maxR, r), min(minC, c), max(maxC, c)
					if g.UnitsOf[cell][u/n] != u {
						t.Errorf("UnitsOf[%d] = %v lacks %d", cell, g.UnitsOf[cell], u)
					}
					switch u / n {
					case 0:
						if r != u {
							t.Errorf("row %d holds r%dc%d", u+1, r+1, c+1)
						}
					case 1:
						if c != u-n {
							t.Errorf("column %d holds r%dc%d", u-n+1, r+1, c+1)
						}
					case 2:
						if s.Box(r, c) != u-2*n {
							t.Errorf("box %d holds r%dc%d of box %d", u-2*n+1, r+1, c+1, s.Box(r, c)+1)
						}
					}
				}
				if u >= 2*n && (maxR-minR+1 != R || maxC-minC+1 != C) {
					t.Errorf("%s spans %d rows and %d columns, want %d×%d", g.UnitName(u), maxR-minR+1, maxC-minC+1, R, C)
				}
			}
			for cell, k := range in {
				if k != 3 {
					t.Fatalf("cell %d is in %d units", cell, k)
				}
			}
			// Peers, counted by brute force.
			want, got := make([]bool, n*n), make([]bool, n*n)
			for cell := 0; cell < n*n; cell++ {
				r, c, box := cell/n, cell%n, s.Box(cell/n, cell%n)
				count := 0
				for o := 0; o < n*n; o++ {
					ro, co := o/n, o%n
					want[o] = o != cell && (ro == r || co == c || s.Box(ro, co) == box)
					got[o] = false
					if want[o] {
						count++
					}
				}
				for _, p := range g.Peers[cell] {
					if got[p] || !want[p] {
						t.Fatalf("cell %d: peer %d repeated or wrong", cell, p)
					}
					got[p] = true
				}
				if len(g.Peers[cell]) != count || count != 3*n-1-R-C {
					t.Fatalf("cell %d: %d peers, brute force %d, formula 3N−1−R−C = %d", cell, len(g.Peers[cell]), count, 3*n-1-R-C)
				}
			}
		})
	}
	if p := len(Classic.Geometry().Peers[40]); p != 20 {
		t.Errorf("9×9: %d peers, want 20", p)
	}
	if u := len(Classic.Geometry().Units); u != 27 {
		t.Errorf("9×9: %d units, want 27", u)
	}
}

func TestShape(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		r, c int
		ok   bool
		str  string
	}{
		{3, 3, true, "9x9"}, {2, 3, true, "6x6 (2x3 boxes)"}, {2, 2, true, "4x4"}, {8, 8, true, "64x64"},
		{1, 4, true, "4x4 (1x4 boxes)"}, {4, 16, true, "64x64 (4x16 boxes)"},
		// The smallest board is 4×4 (issue 13 item 6).
		{1, 1, false, ""}, {1, 2, false, ""}, {2, 1, false, ""}, {1, 3, false, ""},
		{0, 3, false, ""}, {3, -1, false, ""}, {9, 9, false, ""}, {1, 65, false, ""},
		{1 << 32, 1 << 32, false, ""}, {-8, -8, false, ""},
	} {
		s, err := NewShape(tt.r, tt.c)
		if (err == nil) != tt.ok || tt.ok && s.String() != tt.str || !tt.ok && !errors.Is(err, ErrShape) {
			t.Errorf("NewShape(%d, %d) = %v, %v", tt.r, tt.c, s, err)
		}
		if v := (Shape{tt.r, tt.c}).Valid(); v != tt.ok {
			t.Errorf("Shape{%d, %d}.Valid() = %v", tt.r, tt.c, v)
		}
	}
	if _, err := NewShape(1, 2); err == nil || err.Error() != "wrong shape: 1×2 boxes make a 2×2 board, but boards are 4×4 to 64×64" {
		t.Errorf("NewShape(1, 2): %v", err)
	}
	for n, want := range map[int]Shape{4: {2, 2}, 9: {3, 3}, 16: {4, 4}, 25: {5, 5}, 36: {6, 6}, 49: {7, 7}, 64: {8, 8}} {
		if s, ok := ShapeForSide(n); !ok || s != want {
			t.Errorf("ShapeForSide(%d) = %v, %v", n, s, ok)
		}
	}
	for _, n := range []int{-1, 0, 1, 2, 6, 12, 81, 100} {
		if s, ok := ShapeForSide(n); ok {
			t.Errorf("ShapeForSide(%d) = %v", n, s)
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("New(invalid shape) did not panic")
		}
	}()
	New(Shape{1, 1})
}

// cyclic returns a Latin square that is no Sudoku: row r is shifted by r.
func cyclic(s Shape) *Board {
	b, n := New(s), s.Side()
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			b.Set(r, c, (r+c)%n+1)
		}
	}
	return b
}

// pattern returns a valid solved grid of shape s.
func pattern(s Shape) *Board {
	b, n, R, C := New(s), s.Side(), s.BoxRows, s.BoxCols
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			b.Set(r, c, (C*(r%R)+r/R+c)%n+1)
		}
	}
	return b
}

func TestVerify(t *testing.T) {
	t.Parallel()
	for _, s := range []Shape{Classic, {2, 3}, {3, 2}, Square(4)} {
		sol := pattern(s)
		if !sol.Solved() {
			t.Fatalf("%v: the pattern grid is not solved: %v", s, sol.Check())
		}
		n := s.Side()
		puzzle := Subset(sol, []int{0, 1, n + 2, n*n - 1})
		swap := func(b *Board, a, c int) *Board {
			b = b.Clone()
			b.Cells[a], b.Cells[c] = b.Cells[c], b.Cells[a]
			return b
		}
		relabel := sol.Clone() // digits 1 and 2 swapped everywhere: valid, but givens change
		for i, d := range relabel.Cells {
			switch d {
			case 1:
				relabel.Cells[i] = 2
			case 2:
				relabel.Cells[i] = 1
			}
		}
		blank := sol.Clone()
		blank.Cells[5] = 0
		big := sol.Clone()
		big.Cells[3] = uint8(n + 1)
		// Rows 0 and 1 share a box: swapping two cells of a column breaks only rows.
		rowsOnly := swap(sol, 3, n+3)
		// Columns 0 and 1 share a box when BoxCols > 1: only columns break.
		colsOnly := swap(sol, 2*n, 2*n+1)
		tests := []struct {
			name   string
			puzzle *Board
			sol    *Board
			err    error
			unit   string
		}{
			{"Valid", puzzle, sol, nil, ""},
			{"ValidEmptyPuzzle", New(s), sol, nil, ""},
			{"ChangedGiven", puzzle, relabel, ErrGiven, ""},
			{"Blank", puzzle, blank, ErrBlank, ""},
			{"DigitOutOfRange", New(s), big, ErrDigit, ""},
			{"RowOnly", New(s), rowsOnly, ErrClash, "row"},
			{"ColumnOnly", New(s), colsOnly, ErrClash, "column"},
			{"BoxOnly", New(s), cyclic(s), ErrClash, "box"},
			{"WrongShape", puzzle, pattern(Square(2)), ErrShape, ""},
			{"ShortCells", puzzle, &Board{Shape: s, Cells: sol.Cells[:n]}, ErrShape, ""},
		}
		for _, tt := range tests {
			err := Verify(tt.puzzle, tt.sol)
			if tt.err == nil {
				if err != nil {
					t.Errorf("%v %s: %v", s, tt.name, err)
				}
				continue
			}
			if !errors.Is(err, tt.err) {
				t.Errorf("%v %s: got %v, want %v", s, tt.name, err, tt.err)
				continue
			}
			if tt.unit != "" {
				var ce *ClashError
				if !errors.As(err, &ce) || !strings.HasPrefix(ce.Unit, tt.unit) {
					t.Errorf("%v %s: %v, want a clash in a %s", s, tt.name, err, tt.unit)
				}
				// Every clash of the grid is in that kind of unit.
				for _, c := range tt.sol.Clashes() {
					if !strings.HasPrefix(c.Unit, tt.unit) {
						t.Errorf("%v %s: unexpected clash %v", s, tt.name, c)
					}
				}
			}
		}
	}
}

func TestClashes(t *testing.T) {
	t.Parallel()
	b := New(Classic)
	b.Set(0, 0, 5)
	b.Set(0, 8, 5)
	if err := b.Check(); err == nil || err.Error() != "r1c1=5 and r1c9=5 are both in row 1" || !errors.Is(err, ErrClash) {
		t.Errorf("Check: %v", err)
	}
	b.Set(1, 1, 5) // clashes with r1c1 in box 1 and with r1c9 nowhere
	b.Set(8, 8, 5) // clashes with r1c9 in column 9
	got := []string{}
	for _, c := range b.Clashes() {
		got = append(got, c.Error())
	}
	want := []string{
		"r1c1=5 and r1c9=5 are both in row 1",
		"r1c1=5 and r2c2=5 are both in box 1",
		"r1c9=5 and r9c9=5 are both in column 9",
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("Clashes:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// A pair sharing a row and a box is reported once.
	b = New(Classic)
	b.Set(0, 0, 7)
	b.Set(0, 1, 7)
	if cs := b.Clashes(); len(cs) != 1 || cs[0].Unit != "row 1" {
		t.Errorf("Clashes: %v", cs)
	}
	if cs := (&Board{Shape: Classic, Cells: make([]uint8, 5)}).Clashes(); cs != nil {
		t.Errorf("Clashes of a malformed board: %v", cs)
	}
	if b.Solved() || !pattern(Classic).Solved() {
		t.Error("Solved")
	}
}

func TestBoardBasics(t *testing.T) {
	t.Parallel()
	b := pattern(Shape{2, 3})
	c := b.Clone()
	if !c.Equal(b) || &c.Cells[0] == &b.Cells[0] {
		t.Error("Clone")
	}
	c.Set(5, 5, 0)
	if c.Equal(b) || c.At(5, 5) != 0 || c.Givens() != 35 || c.Blanks() != 1 {
		t.Error("Set/At/Givens/Blanks")
	}
	if d := Diff(b, c); len(d) != 1 || d[0] != 35 || b.CellName(35) != "r6c6" {
		t.Errorf("Diff = %v", d)
	}
	g := Classic.Geometry()
	for u, want := range map[int]string{0: "row 1", 9: "column 1", 26: "box 9"} {
		if got := g.UnitName(u); got != want {
			t.Errorf("UnitName(%d) = %q", u, got)
		}
	}
	// Boxes are numbered left to right, then top to bottom.
	s := Shape{2, 3}
	if s.Box(0, 3) != 1 || s.Box(2, 0) != 2 || s.Box(5, 5) != 5 {
		t.Errorf("Box numbering: %d %d %d", s.Box(0, 3), s.Box(2, 0), s.Box(5, 5))
	}
}

// TestSetAtOffBoard checks that At and Set panic, naming the call, on a
// row, column or digit off the board, rather than reading or writing
// another cell, or storing a digit past N (or one wrapped past 255).
func TestSetAtOffBoard(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		call func(b *Board)
		want string
	}{
		{"column past the edge", func(b *Board) { b.Set(0, 9, 5) }, "Set(0, 9)"},
		{"row past the edge", func(b *Board) { b.At(9, 0) }, "At(9, 0)"},
		{"negative row", func(b *Board) { b.At(-1, 3) }, "At(-1, 3)"},
		{"digit past N", func(b *Board) { b.Set(0, 0, 10) }, "digit 10 outside 0..9"},
		{"digit past a byte", func(b *Board) { b.Set(0, 0, 257) }, "digit 257"},
		{"negative digit", func(b *Board) { b.Set(0, 0, -1) }, "digit -1"},
		{"zero Board", func(*Board) { (&Board{}).At(0, 0) }, "At(0, 0)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := New(Classic)
			defer func() {
				msg, _ := recover().(string)
				if !strings.Contains(msg, tc.want) {
					t.Errorf("panic %q, want one naming %q", msg, tc.want)
				}
				if b.Blanks() != 81 {
					t.Errorf("the board changed: %d blanks", b.Blanks())
				}
			}()
			tc.call(b)
		})
	}
	b := New(Classic)
	b.Set(8, 8, 9) // the last cell and the largest digit are fine
	if b.At(8, 8) != 9 {
		t.Errorf("At(8, 8) = %d, want 9", b.At(8, 8))
	}
}

// BenchmarkNewGeometry builds the derived tables of a 9×9 and a 64×64 shape
// (Geometry computes them once per shape and caches them).
func BenchmarkNewGeometry(b *testing.B) {
	for _, s := range []Shape{Classic, Square(8)} {
		b.Run(s.String(), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				newGeometry(s)
			}
		})
	}
}

// TestClean9 checks the one-pass 9×9 check against the unit-by-unit one
// on random boards: solutions, puzzles cut from them, and both with one
// to three cells changed (clashes, digits above 9), full and not.
func TestClean9(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	grid := func() []uint8 { // a solution: a pattern with digits, rows and stacks shuffled
		perm := rng.Perm(9)
		cells := make([]uint8, 81)
		for r := 0; r < 9; r++ {
			for c := 0; c < 9; c++ {
				cells[r*9+c] = uint8(perm[(r%3*3+r/3+c)%9] + 1)
			}
		}
		return cells
	}
	counts := map[bool]int{}
	for i := 0; i < 20000; i++ {
		b := &Board{Shape: Classic, Cells: grid()}
		if i%2 == 1 {
			for j := range b.Cells {
				if rng.IntN(3) == 0 {
					b.Cells[j] = 0
				}
			}
		}
		for k := rng.IntN(4); k > 0; k-- {
			b.Cells[rng.IntN(81)] = uint8(rng.IntN(12))
		}
		for _, full := range []bool{false, true} {
			want := b.checkUnits(full) == nil
			if got := clean9(b.Cells, full); got != want {
				t.Fatalf("clean9(full=%v) = %v, unit by unit %v, on\n%v", full, got, want, b.Cells)
			}
			counts[want]++
		}
	}
	if counts[true] < 5000 || counts[false] < 5000 {
		t.Errorf("clean and faulty boards: %v; the generator lost one kind", counts)
	}
}

func TestUsualShape(t *testing.T) {
	for n, want := range map[int]Shape{4: {2, 2}, 5: {1, 5}, 6: {2, 3}, 8: {2, 4}, 9: {3, 3}, 12: {3, 4}, 16: {4, 4}} {
		if got := UsualShape(n); got != want {
			t.Errorf("UsualShape(%d) = %v, want %v", n, got, want)
		}
	}
}
