package encode_test

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/encode"
)

func TestClauseCounts(t *testing.T) {
	t.Parallel()
	type row struct {
		shape   board.Shape
		enc     encode.Encoding
		amo     encode.AMO
		clauses int
		vars    int
	}
	s9, s16, s25 := board.Square(3), board.Square(4), board.Square(5)
	rows := []row{
		{s9, encode.Minimal, encode.Pairwise, 8829, 729},
		{s9, encode.Efficient, encode.Pairwise, 11745, 729},
		{s9, encode.Extended, encode.Pairwise, 11988, 729},
		{s9, encode.Reduced, encode.Pairwise, 11988, 729},
		{s9, encode.Extended, encode.AMODefault, 11988, 729},
		{s9, encode.Minimal, encode.Sequential, 5670, 2673},
		{s9, encode.Efficient, encode.Sequential, 7533, 3321},
		{s9, encode.Extended, encode.Sequential, 7776, 3321},
		{s9, encode.Extended, encode.Commander, 8100, 1701},
		{s9, encode.Extended, encode.Product, 8100, 2673},
		{board.Square(2), encode.Extended, encode.Pairwise, 448, 64},
		{board.Shape{BoxRows: 2, BoxCols: 3}, encode.Extended, encode.Pairwise, 6*6*(1+15) + 18*6*(1+15), 216},
		{s16, encode.Extended, encode.Pairwise, 123904, 4096},
		{s16, encode.Extended, encode.Product, 46080, 12288},
		{s25, encode.Extended, encode.Pairwise, 752500, 15625},
		{s25, encode.Extended, encode.Sequential, 180000, 75625},
		{s25, encode.Extended, encode.Commander, 202500, 43125},
		{s25, encode.Extended, encode.Product, 197500, 65625},
		{s25, encode.Extended, encode.AMODefault, 202500, 43125},
	}
	for _, r := range rows {
		t.Run(fmt.Sprintf("%v/%v/%v", r.shape, r.enc, r.amo), func(t *testing.T) {
			f, err := encode.Encode(board.New(r.shape), encode.Options{Encoding: r.enc, AMO: r.amo})
			if err != nil {
				t.Fatal(err)
			}
			vars, clauses := f.ClausalSize()
			if clauses != r.clauses || vars != r.vars {
				t.Errorf("%d clauses over %d variables, want %d over %d", clauses, vars, r.clauses, r.vars)
			}
			if f.NumVars != f.Primary || len(f.Clauses) != 0 && r.enc != encode.Reduced {
				t.Errorf("NumVars %d and %d clauses before expansion, want n³ and none", f.NumVars, len(f.Clauses))
			}
			if r.shape.Side() <= 16 {
				g := f.Clausal()
				if len(g.Clauses) != r.clauses || g.NumVars != r.vars || len(g.Cards) != 0 {
					t.Errorf("Clausal: %d clauses over %d variables, %d cards", len(g.Clauses), g.NumVars, len(g.Cards))
				}
			}
			if n := r.shape.Side(); f.Primary != n*n*n {
				t.Errorf("Primary = %d, want %d", f.Primary, n*n*n)
			}
		})
	}
}

// TestGivens checks the "+1 clause per given" rule, and that every clause
// uses only variables 1..NumVars.
func TestGivens(t *testing.T) {
	t.Parallel()
	p := mustLine(t, "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
	empty := board.New(board.Classic)
	for _, e := range []encode.Encoding{encode.Minimal, encode.Efficient, encode.Extended} {
		for _, a := range encode.AMOs {
			f0, _ := encode.Encode(empty, encode.Options{Encoding: e, AMO: a})
			f, err := encode.Encode(p, encode.Options{Encoding: e, AMO: a})
			if err != nil {
				t.Fatal(err)
			}
			_, c0 := f0.ClausalSize()
			if _, got := f.ClausalSize(); got != c0+p.Givens() {
				t.Errorf("%v/%v: %d clauses, want %d", e, a, got, c0+p.Givens())
			}
			checkRange(t, f.Clausal())
		}
	}
	f, _ := encode.Encode(p, encode.Options{Encoding: encode.Reduced})
	checkRange(t, f)
	if len(f.Cards) != 0 {
		t.Errorf("reduced: %d cardinality constraints left", len(f.Cards))
	}
	if len(f.Clauses) >= 11988 {
		t.Errorf("reduced: %d clauses, want fewer than extended", len(f.Clauses))
	}
}

func checkRange(t *testing.T, f *encode.CNF) {
	t.Helper()
	for i, cl := range f.Clauses {
		for _, l := range cl {
			if l == 0 || l.Var() > f.NumVars {
				t.Fatalf("clause %d has literal %d (NumVars %d)", i, l, f.NumVars)
			}
		}
	}
}

func TestComments(t *testing.T) {
	t.Parallel()
	for _, a := range encode.AMOs {
		f, _ := encode.Encode(board.New(board.Classic), encode.Options{AMO: a})
		text := strings.Join(f.Comments, "\n")
		for _, want := range []string{"var(r,c,d) = r*N^2 + c*N + d", "81*r + 9*c + d", "extended", a.String()} {
			if !strings.Contains(text, want) {
				t.Errorf("%v: comments lack %q:\n%s", a, want, text)
			}
		}
		if a != encode.Pairwise && !strings.Contains(text, "auxiliary variables 730..") {
			t.Errorf("%v: comments do not say where auxiliaries start:\n%s", a, text)
		}
	}
}

func TestBadInput(t *testing.T) {
	t.Parallel()
	bad := &board.Board{Shape: board.Classic, Cells: make([]uint8, 80)}
	digit := board.New(board.Square(2))
	digit.Cells[3] = 5
	for _, b := range []*board.Board{nil, bad, digit} {
		if _, err := encode.Encode(b, encode.Options{}); err == nil {
			t.Errorf("Encode(%v): no error", b)
		}
		if _, _, err := encode.Fast(b); err == nil {
			t.Errorf("Fast(%v): no error", b)
		}
	}
	if _, err := encode.Encode(board.New(board.Classic), encode.Options{Encoding: 9}); !errors.Is(err, encode.ErrOption) {
		t.Errorf("bad encoding: err %v", err)
	}
	if _, err := encode.Encode(board.New(board.Classic), encode.Options{AMO: 9}); !errors.Is(err, encode.ErrOption) {
		t.Errorf("bad AMO: err %v", err)
	}
}

func TestNames(t *testing.T) {
	t.Parallel()
	for _, e := range encode.Encodings {
		got, err := encode.ParseEncoding(strings.ToUpper(e.String()))
		if err != nil || got != e {
			t.Errorf("ParseEncoding(%q) = %v, %v", e, got, err)
		}
	}
	for _, a := range append([]encode.AMO{encode.AMODefault}, encode.AMOs...) {
		got, err := encode.ParseAMO(a.String())
		if err != nil || got != a {
			t.Errorf("ParseAMO(%q) = %v, %v", a, got, err)
		}
	}
	if _, err := encode.ParseEncoding("nope"); !errors.Is(err, encode.ErrOption) {
		t.Errorf("ParseEncoding(nope): %v", err)
	}
	if _, err := encode.ParseAMO("nope"); !errors.Is(err, encode.ErrOption) {
		t.Errorf("ParseAMO(nope): %v", err)
	}
	if s := encode.Encoding(42).String(); s != "Encoding(42)" {
		t.Errorf("String = %q", s)
	}
}

func TestFastStats(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name          string
		line          string
		settled, bad  bool
		units, clause int
	}{
		{"easy", "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", true, false, 729, 0},
		{"clash", "55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", true, true, 0, 1},
		{"empty-digit", "123456780........9.......................................................................", true, true, 0, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := mustLine(t, tt.line[:81])
			f, st, err := encode.Fast(b)
			if err != nil {
				t.Fatal(err)
			}
			if st.Settled != tt.settled || st.Contradiction != tt.bad || st.Units != tt.units || st.Clauses != tt.clause {
				t.Errorf("stats %+v", st)
			}
			if tt.bad && (len(f.Clauses) != 1 || len(f.Clauses[0]) != 0 || len(f.Cards) != 0) {
				t.Errorf("contradiction without the empty clause alone: %v %v", f.Clauses, f.Cards)
			}
			if _, got := f.ClausalSize(); got != st.Units+st.Clauses {
				t.Errorf("%d clauses, stats say %d+%d", got, st.Units, st.Clauses)
			}
		})
	}
	// A hard puzzle leaves candidates open: units pin all others.
	b := mustLine(t, "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6") // forum_hardest 11+: probing leaves it open
	f, st, _ := encode.Fast(b)
	if st.Settled || st.Open == 0 || st.Units != 729-st.Candidates || st.Groups != len(f.Cards) || len(f.Clauses) != st.Units {
		t.Errorf("stats %+v", st)
	}
	checkRange(t, f.Clausal())
	if _, got := f.ClausalSize(); got != st.Units+st.Clauses {
		t.Errorf("%d clauses in DIMACS, stats say %d+%d", got, st.Units, st.Clauses)
	}
	seen := make(map[int]bool) // every variable: decided by a unit clause or in a group, never both
	for _, cl := range f.Clauses {
		if len(cl) != 1 {
			t.Fatalf("clause %v besides the units", cl)
		}
		seen[cl[0].Var()] = true
	}
	inGroup := make(map[int]bool)
	for _, c := range f.Cards {
		if c.Cmp != encode.Equal || c.K != 1 || len(c.Lits) < 2 {
			t.Errorf("group %v: want exactly one of at least two", c)
		}
		for _, l := range c.Lits {
			if seen[l.Var()] && !inGroup[l.Var()] {
				t.Errorf("variable %d is both decided and in a group", l.Var())
			}
			seen[l.Var()], inGroup[l.Var()] = true, true
		}
	}
	if len(seen) != 729 {
		t.Errorf("%d variables occur, want all 729", len(seen))
	}
}

// TestFastBuilderReuse checks that a reused builder gives the same formula
// as a fresh one, across sizes.
func TestFastBuilderReuse(t *testing.T) {
	t.Parallel()
	var fb encode.FastBuilder
	lines := []string{
		"4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
		"1...",
		".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
	}
	for _, line := range lines {
		var b *board.Board
		if len(line) == 4 {
			b = board.New(board.Square(2))
			b.Cells[0] = 1
		} else {
			b = mustLine(t, line)
		}
		f1, st1, _ := encode.Fast(b)
		f2, st2, _ := fb.Build(b)
		if st1 != st2 || fmt.Sprint(f1.Clauses) != fmt.Sprint(f2.Clauses) || fmt.Sprint(f1.Cards) != fmt.Sprint(f2.Cards) {
			t.Errorf("builder differs: %+v vs %+v", st1, st2)
		}
	}
}

func mustLine(t testing.TB, line string) *board.Board {
	t.Helper()
	n := 0
	for n*n < len(line) {
		n++
	}
	s, ok := board.ShapeForSide(n)
	if !ok {
		t.Fatalf("bad line length %d", len(line))
	}
	b := board.New(s)
	for i := 0; i < len(line); i++ {
		if c := line[i]; c >= '1' && c <= '9' {
			b.Cells[i] = c - '0'
		}
	}
	return b
}

func ExampleCNF_WriteDIMACS() {
	// A 4×4 with two blanks in the Reduced encoding: the givens are
	// propagated away, which leaves one unit clause for each blank
	// (58: r3c2=2, 61: r3c3=1), then every variable the givens fix is
	// pinned by a unit clause.
	b := board.New(board.Square(2))
	copy(b.Cells, []uint8{
		1, 2, 3, 4,
		3, 4, 1, 2,
		2, 1, 4, 3,
		4, 3, 0, 0,
	})
	f, err := encode.Encode(b, encode.Options{Encoding: encode.Reduced})
	if err != nil {
		fmt.Println(err)
		return
	}
	f.Comments = f.Comments[:3]
	var buf bytes.Buffer
	f.WriteDIMACS(&buf)
	lines := strings.Split(buf.String(), "\n")
	fmt.Println(strings.Join(lines[:9], "\n"))
	fmt.Println("...")
	// Output:
	// c Sudoku 4x4, 14 givens, encoding reduced, at-most-one pairwise
	// c variables: var(r,c,d) = r*N^2 + c*N + d, r and c the 0-based row and column, d the 1-based digit
	// c   here N = 4: var(r,c,d) = 16*r + 4*c + d, variables 1..64; true means cell (r,c) holds d
	// p cnf 64 64
	// 58 0
	// 61 0
	// 1 0
	// -2 0
	// -3 0
	// ...
}

func ExampleEncode() {
	f, _ := encode.Encode(board.New(board.Classic), encode.Options{})
	fmt.Println(len(f.Cards), "exactly-one groups")
	vars, clauses := f.ClausalSize()
	fmt.Println(clauses, "clauses over", vars, "variables in DIMACS")
	f, _ = encode.Encode(board.New(board.Square(5)), encode.Options{AMO: encode.Pairwise})
	vars, clauses = f.ClausalSize()
	fmt.Println(clauses, "clauses over", vars, "variables in DIMACS")
	// Output:
	// 324 exactly-one groups
	// 11988 clauses over 729 variables in DIMACS
	// 752500 clauses over 15625 variables in DIMACS
}
