package board

import (
	"bytes"
	"errors"
	"io"
	"math/rand"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/internal/race"
)

// validShapes returns every valid shape: every box of R×C cells with
// MinSide ≤ R·C ≤ MaxSide, square, rectangular both ways round, and 1×N.
func validShapes() []Shape {
	var out []Shape
	for r := 1; r <= MaxSide; r++ {
		for c := 1; r*c <= MaxSide; c++ {
			if s := (Shape{r, c}); s.Valid() {
				out = append(out, s)
			}
		}
	}
	return out
}

// randomSolved returns a random solved grid of shape s: the pattern grid
// with its digits relabelled, its bands and the rows in each band shuffled,
// and its stacks and the columns in each stack shuffled.
func randomSolved(rng *rand.Rand, s Shape) *Board {
	p, n, R, C := pattern(s), s.Side(), s.BoxRows, s.BoxCols
	order := func(groups, size int) []int {
		var o []int
		for _, g := range rng.Perm(groups) {
			for _, i := range rng.Perm(size) {
				o = append(o, g*size+i)
			}
		}
		return o
	}
	rows, cols, digits := order(n/R, R), order(n/C, C), rng.Perm(n)
	b := New(s)
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			b.Set(r, c, digits[p.At(rows[r], cols[c])-1]+1)
		}
	}
	return b
}

// latinSudoku reports whether b is a solved grid, counting digits per row,
// column and box directly (Solved builds the shape's Geometry, which is
// slow to do for every shape).
func latinSudoku(b *Board) bool {
	n := b.Side()
	rows, cols, boxes := make([]uint64, n), make([]uint64, n), make([]uint64, n)
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			d := b.At(r, c)
			if d < 1 || d > n {
				return false
			}
			bit := uint64(1) << (d - 1)
			rows[r] |= bit
			cols[c] |= bit
			boxes[b.Shape.Box(r, c)] |= bit
		}
	}
	full := uint64(1)<<n - 1 // all ones for n = 64: the shift gives 0
	for i := 0; i < n; i++ {
		if rows[i] != full || cols[i] != full || boxes[i] != full {
			return false
		}
	}
	return true
}

// randomPuzzle keeps about half of the cells of solution.
func randomPuzzle(rng *rand.Rand, solution *Board) *Board {
	var keep []int
	for i := range solution.Cells {
		if rng.Intn(2) == 0 {
			keep = append(keep, i)
		}
	}
	return Subset(solution, keep)
}

var builtinAlphabets = []Alphabet{Default, Hex, Letters}

// writers are the output formats with each of their options.
var writers = []struct {
	name string
	w    Writer
}{
	{"grid", Writer{Format: Grid}},
	{"compact", Writer{Format: Compact}},
	{"line", Writer{Format: Line}},
	{"pretty", Writer{Format: Pretty}},
	{"pretty-ascii", Writer{Format: Pretty, ASCII: true}},
	{"pretty-color", Writer{Format: Pretty, Color: true}},
	{"pretty-ascii-color", Writer{Format: Pretty, ASCII: true, Color: true}},
}

// TestRoundtripEveryShape is the property that everything written reads
// back (issue 13 item 1): for every valid shape, every built-in alphabet and
// every output format with each of its options, a random solved grid and a
// puzzle from it are either refused up front by CanWrite (and Write writes
// nothing) or read back by a Reader, given the options a user would give
// (the alphabet, and the shape unless it is square; a square shape both
// ways), as the same board and nothing else. Grid and Pretty write numbers,
// whatever the alphabet: each shape reads them back with one alphabet, the
// shapes taking the alphabets in turn.
func TestRoundtripEveryShape(t *testing.T) {
	t.Parallel()
	race.SkipSequential(t)
	shapes := validShapes()
	if len(shapes) < 250 || shapes[0] != (Shape{1, 4}) {
		t.Fatalf("%d shapes from %v", len(shapes), shapes[0])
	}
	rng := rand.New(rand.NewSource(13))
	refused := map[string]int{}
	for si, s := range shapes {
		solution := randomSolved(rng, s)
		if !latinSudoku(solution) {
			t.Fatalf("%v: random grid not solved:\n%v", s, solution)
		}
		puzzle := randomPuzzle(rng, solution)
		for ai, a := range builtinAlphabets {
			for _, wr := range writers {
				f := wr.w.Format
				if (f == Grid || f == Pretty) && ai != si%len(builtinAlphabets) {
					continue // numbers: the alphabet only goes to the Reader, one per shape in turn
				}
				err := CanWrite(f, s, a)
				tooBig := (f == Compact || f == Line) && s.Side() > len(a.Symbols)
				if tooBig != (err != nil) {
					t.Fatalf("%v %s %s: CanWrite = %v", s, wr.name, a.Name, err)
				}
				boards := []*Board{solution, puzzle}
				if testing.Short() && s.Side() > 25 {
					boards = boards[:1] // the large boards are the slow ones, above all with -race
				}
				for _, b := range boards {
					var buf bytes.Buffer
					w := wr.w
					w.w, w.Alphabet = &buf, &a
					werr := w.Write(b, puzzle)
					if err != nil {
						if !errors.Is(werr, ErrCannotWrite) || werr.Error() != err.Error() || buf.Len() > 0 {
							t.Fatalf("%v %s %s: Write = %v after writing %d bytes, want CanWrite's %v", s, wr.name, a.Name, werr, buf.Len(), err)
						}
						refused[wr.name+" "+a.Name]++
						continue
					}
					if werr != nil {
						t.Fatalf("%v %s %s: %v", s, wr.name, a.Name, werr)
					}
					given := []Shape{s}
					if s.BoxRows == s.BoxCols {
						given = append(given, Shape{})
					}
					for _, rs := range given {
						r := NewReader(bytes.NewReader(buf.Bytes()))
						r.Shape, r.Alphabet = rs, &a
						p, err := r.Read()
						if err != nil {
							t.Fatalf("%v %s %s (Reader.Shape %v): %v\n%s", s, wr.name, a.Name, rs, err, buf.Bytes())
						}
						if !p.Board.Equal(b) {
							t.Fatalf("%v %s %s (Reader.Shape %v): read back\n%v\nwant\n%v\nfrom\n%s", s, wr.name, a.Name, rs, p.Board, b, buf.Bytes())
						}
						if q, err := r.Read(); err != io.EOF {
							t.Fatalf("%v %s %s: more than the board: %v, %v", s, wr.name, a.Name, q, err)
						}
					}
				}
			}
		}
	}
	// The refusals are the boards larger than the alphabet: 35 symbols for
	// Default, 16 for Hex, 26 for Letters.
	t.Logf("refused (shape, board) pairs: %v", refused)
	if refused["line default"] == 0 || refused["compact hex"] <= refused["compact letters"] || len(refused) != 6 {
		t.Errorf("refusals %v", refused)
	}
}

func TestCanWrite(t *testing.T) {
	t.Parallel()
	bad := Alphabet{Name: "bad", Symbols: "12#4", Blanks: "."}
	dup := Alphabet{Name: "dup", Symbols: "1231", Blanks: "."}
	noBlank := Alphabet{Name: "noblank", Symbols: "1234"}
	tests := []struct {
		f   Format
		s   Shape
		a   Alphabet
		err error
		msg string
	}{
		{Grid, Square(8), Default, nil, ""},
		{Pretty, Square(8), Hex, nil, ""},
		{Line, Square(5), Default, nil, ""},
		{Compact, Shape{5, 7}, Default, nil, ""},
		{Line, Square(6), Default, ErrCannotWrite, "cannot be written in this format: a 36×36 board needs 36 symbols, but the default alphabet has 35: use the grid or pretty format"},
		{Compact, Shape{7, 7}, Default, ErrCannotWrite, "a 49×49 board needs 49 symbols"},
		{Compact, Shape{3, 6}, Hex, ErrCannotWrite, "a 18×18 (3×6 boxes) board needs 18 symbols, but the hex alphabet has 16"},
		{Line, Shape{2, 13}, Letters, nil, ""},
		{Line, Shape{3, 9}, Letters, ErrCannotWrite, "the letters alphabet has 26"},
		{Line, Square(2), bad, ErrCannotWrite, "symbol '#' of the bad alphabet would not read back as 3 in the line format"},
		{Line, Square(2), dup, ErrCannotWrite, "symbol '1' of the dup alphabet would not read back as 4"},
		{Compact, Square(2), noBlank, ErrCannotWrite, "no blank symbol"},
		{FormatUnknown, Square(3), Default, ErrCannotWrite, "unknown format 0"},
		{Grid, Shape{1, 1}, Default, ErrShape, "boards are 4×4 to 64×64"},
	}
	for _, tt := range tests {
		err := CanWrite(tt.f, tt.s, tt.a)
		if tt.err == nil {
			if err != nil {
				t.Errorf("CanWrite(%v, %v, %s) = %v", tt.f, tt.s, tt.a.Name, err)
			}
			continue
		}
		if !errors.Is(err, tt.err) || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("CanWrite(%v, %v, %s) = %v, want %v: …%s…", tt.f, tt.s, tt.a.Name, err, tt.err, tt.msg)
		}
	}
}

// TestWriter checks the Writer's options and errors: a malformed board or
// one the format cannot write is refused with nothing written, options may
// change between boards, and each board is one Write on the underlying writer.
func TestWriter(t *testing.T) {
	t.Parallel()
	sol, _ := Parse("1234341221434321")
	puzzle, _ := Parse("12.4..1.....4..1")
	var out countingWriter
	w := NewWriter(&out, Line)
	if err := w.Write(sol, nil); err != nil {
		t.Fatal(err)
	}
	w.Alphabet = &Letters
	if err := w.Write(sol, nil); err != nil {
		t.Fatal(err)
	}
	w.Format, w.Alphabet = Grid, nil
	if err := w.Write(puzzle, nil); err != nil {
		t.Fatal(err)
	}
	w.Format, w.ASCII, w.Color = Pretty, true, true
	if err := w.Write(sol, puzzle); err != nil {
		t.Fatal(err)
	}
	want := "1234341221434321\nABCDCDABBADCDCBA\n1 2 0 4\n0 0 1 0\n0 0 0 0\n4 0 0 1\n" +
		"+-----+-----+\n| \x1b[1m1\x1b[0m \x1b[1m2\x1b[0m | \x1b[36m3\x1b[0m \x1b[1m4\x1b[0m |\n"
	if got := out.String(); !strings.HasPrefix(got, want) {
		t.Errorf("got\n%q\nwant a prefix\n%q", got, want)
	}
	if out.calls != 4 {
		t.Errorf("%d writes for 4 boards", out.calls)
	}
	before := out.Len()
	big := New(Square(6))
	w.Format = Line
	if err := w.Write(big, nil); !errors.Is(err, ErrCannotWrite) {
		t.Errorf("36×36 line: %v", err)
	}
	if err := w.Write(&Board{Shape: Classic, Cells: make([]uint8, 80)}, nil); !errors.Is(err, ErrShape) {
		t.Errorf("80 cells: %v", err)
	}
	bad := New(Classic)
	bad.Cells[7] = 10
	if err := w.Write(bad, nil); !errors.Is(err, ErrDigit) {
		t.Errorf("digit 10 on 9×9: %v", err)
	}
	w.Format = Pretty
	if err := w.Write(sol, New(Classic)); !errors.Is(err, ErrShape) {
		t.Errorf("puzzle of another shape: %v", err)
	}
	if out.Len() != before {
		t.Errorf("refused boards wrote %q", out.String()[before:])
	}
	if err := w.Check(big.Shape); err != nil {
		t.Errorf("pretty 36×36: %v", err)
	}
	// The zero Writer checks too: nothing has been accepted yet.
	zero := &Writer{Alphabet: &Alphabet{}}
	if err := zero.Check(Shape{}); err == nil {
		t.Error("the zero Writer accepted the zero Shape")
	}
	if err := zero.Check(Classic); !errors.Is(err, ErrCannotWrite) {
		t.Errorf("FormatUnknown: %v", err)
	}
}

type countingWriter struct {
	bytes.Buffer
	calls int
}

func (c *countingWriter) Write(p []byte) (int, error) {
	c.calls++
	return c.Buffer.Write(p)
}
