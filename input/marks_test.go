package input_test

import (
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/input"
	"github.com/satdoku/satdoku/internal/testpuzzles"
	"github.com/satdoku/satdoku/variant"
)

func TestIsMarksRow(t *testing.T) {
	t.Parallel()
	tests := []struct {
		line string
		want bool
	}{
		{"4 1679 12679 | 139 2369 269 | 8 1239 5", true},
		{"| 4     1679  12679 | 139  2369 269  | 8  1239 5 |", true},
		{"│ 12 3 4 1 │", true},          // box-drawing bars
		{"12 34 1 2", true},             // 4×4: digits up to 4
		{"12 35 1 2", false},            // 5 is not a digit of a 4×4 grid
		{"5 3 0 0 7 0 0 0 0", false},    // a classic row: single digits, and 0
		{"5 3 . . 7 . . . .", false},    // blanks
		{"530070000", false},            // one field
		{"1 2 3 4 5 6 7 8 9", false},    // no field of two digits
		{"12 3 4 5 6 7 8 9 1 2", false}, // ten fields
		{"10 3 16 4 5 6 7 8 9 1 2 11 12 13 14 15", false},
		{".-----------.-----------.", false},
		{"", false},
	}
	for _, tt := range tests {
		if got := input.IsMarksRow(tt.line); got != tt.want {
			t.Errorf("IsMarksRow(%q) = %v, want %v", tt.line, got, tt.want)
		}
	}
}

// TestMarksReader reads the HoDoKu grid of testdata/marks: a given for
// each cell of one candidate, the others' marks as rules, the line of the
// first row.
func TestMarksReader(t *testing.T) {
	t.Parallel()
	f, err := os.Open(testpuzzles.Path("testdata/marks/top1465-first-hodoku.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m := input.NewMarksReader(f)
	p, line, err := m.Read()
	if err != nil {
		t.Fatal(err)
	}
	if line != 6 || p.Side() != 9 || p.Givens.Shape != board.Classic {
		t.Fatalf("line %d, side %d, shape %v", line, p.Side(), p.Givens.Shape)
	}
	want := "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
	var sb strings.Builder
	if err := board.Write(&sb, p.Givens, board.Line, board.Default); err != nil {
		t.Fatal(err)
	}
	if got := strings.TrimSpace(sb.String()); got != want {
		t.Fatalf("givens %s, want %s", got, want)
	}
	if len(p.Rules) != strings.Count(want, ".") {
		t.Fatalf("%d rules, want one per blank", len(p.Rules))
	}
	first := variant.PencilMarks{Cell: 1, Digits: []int{1, 2, 5, 6, 9}}
	if !reflect.DeepEqual(p.Rules[0], first) {
		t.Fatalf("first rule %v, want %v", p.Rules[0], first)
	}
	if err := p.Validate(); err != nil {
		t.Fatal(err)
	}
	if _, _, err := m.Read(); err != io.EOF {
		t.Fatalf("after the grid: %v, want io.EOF", err)
	}
}

// TestMarksReaderShapes reads grids of every side, framed and not.
func TestMarksReaderShapes(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		text  string
		shape board.Shape
		marks int
	}{
		{"4x4", "12 34 1 2\n3 4 12 12\n# a comment\n\n1 2 34 34\n4 3 2 1\n", board.Square(2), 6},
		{"6x6 box drawing", "┌───┐\n│ 12 3 4 │ 5 6 12 │\n" + strings.Repeat("1 2 3 4 5 6\n", 5) + "└───┘\n", board.Shape{BoxRows: 2, BoxCols: 3}, 2},
		{"CRLF", strings.ReplaceAll("12 34 1 2\n3 4 12 12\n1 2 34 34\n4 3 2 1", "\n", "\r\n"), board.Square(2), 6},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, _, err := input.NewMarksReader(strings.NewReader(tt.text)).Read()
			if err != nil {
				t.Fatal(err)
			}
			if p.Givens.Shape != tt.shape || len(p.Rules) != tt.marks {
				t.Fatalf("shape %v with %d marks, want %v with %d", p.Givens.Shape, len(p.Rules), tt.shape, tt.marks)
			}
		})
	}
}

// TestMarksReaderShape reads a 6×6 grid with 3×2 boxes when told to, and
// refuses a grid whose side is not the shape's.
func TestMarksReaderShape(t *testing.T) {
	t.Parallel()
	grid := "12 3 4 5 6 12\n" + strings.Repeat("1 2 3 4 5 6\n", 5)
	m := input.NewMarksReader(strings.NewReader(grid + grid))
	m.Shape = board.Shape{BoxRows: 3, BoxCols: 2}
	p, _, err := m.Read()
	if err != nil || p.Givens.Shape != m.Shape {
		t.Fatalf("%v, %v", p, err)
	}
	m.Shape = board.Classic
	_, _, err = m.Read()
	var pe *variant.ParseError
	if !errors.As(err, &pe) || pe.Line != 7 || !strings.Contains(err.Error(), "6 cells a row, but 3×3 boxes make a 9×9 grid") {
		t.Fatalf("a 6×6 grid read as 9×9: %v", err)
	}
}

// TestMarksReaderErrors names the line and column of each mistake and
// goes on with the next grid.
func TestMarksReaderErrors(t *testing.T) {
	t.Parallel()
	good := "12 34 1 2\n3 4 12 12\n1 2 34 34\n4 3 2 1\n"
	tests := []struct {
		name, text string
		line, col  int
		msg        string
	}{
		{"letter", "12 34 1 2\n3 4 1x 12\n1 2 34 34\n4 3 2 1\n", 2, 6, `'x' is not a candidate of a 4×4 grid`},
		{"too big", "12 34 1 2\n3 4 15 12\n1 2 34 34\n4 3 2 1\n", 2, 6, `'5' is not a candidate`},
		{"zero", "12 34 1 2\n3 4 10 12\n1 2 34 34\n4 3 2 1\n", 2, 6, `'0' is not a candidate`},
		{"twice", "12 344 1 2\n3 4 12 12\n1 2 34 34\n4 3 2 1\n", 1, 6, "candidate 4 twice in 344"},
		{"short row", "12 34 1 2\n3 4 12\n1 2 34 34\n4 3 2 1\n", 2, 7, "3 fields in row 2 of a 4×4 grid"},
		{"long row", "12 34 1 2\n3 4 12 12 1\n1 2 34 34\n4 3 2 1\n", 2, 11, "5 fields in row 2"},
		{"box drawing", "│ 12 34 │ 1 2 │\n│ 3 4 │ 1é 12 │\n1 2 34 34\n4 3 2 1\n", 2, 10, `'é' is not a candidate`},
		{"ends early", "12 34 1 2\n3 4 12 12\n", 3, 1, "the input ends after 2 of the grid's 4 rows"},
		{"one field", "12\n", 1, 1, "the first row has 1 fields; a grid of candidates has 4 to 9 a row"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := tt.text + good
			if tt.name == "ends early" {
				text = tt.text
			}
			m := input.NewMarksReader(strings.NewReader(text))
			_, _, err := m.Read()
			var pe *variant.ParseError
			if !errors.As(err, &pe) || !errors.Is(err, input.ErrMarks) || pe.Line != tt.line || pe.Col != tt.col || !strings.Contains(err.Error(), tt.msg) {
				t.Fatalf("error %v\nwant line %d, column %d: %q", err, tt.line, tt.col, tt.msg)
			}
			if tt.name == "ends early" || tt.name == "one field" {
				return // the grid after it was read as its rest
			}
			p, line, err := m.Read()
			if err != nil || line != 5 || p.Side() != 4 {
				t.Fatalf("the grid after: line %d, %v", line, err)
			}
		})
	}
}

func ExampleMarksReader() {
	grid := `
.-----------.-----------.
| 12  2     | 34   4    |
| 3   4     | 12   12   |
:-----------+-----------:
| 2   1     | 34   34   |
| 4   3     | 2    1    |
'-----------'-----------'
`
	p, line, err := input.NewMarksReader(strings.NewReader(grid)).Read()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("first row on line", line)
	fmt.Print(p.Givens)
	for _, r := range p.Rules {
		fmt.Println(r.Describe(p.Side()))
	}
	// Output:
	// first row on line 3
	// 0 2 0 4
	// 3 4 0 0
	// 2 1 0 0
	// 4 3 2 1
	// given pencil marks 1 2 in r1c1
	// given pencil marks 3 4 in r1c3
	// given pencil marks 1 2 in r2c3
	// given pencil marks 1 2 in r2c4
	// given pencil marks 3 4 in r3c3
	// given pencil marks 3 4 in r3c4
}

// FuzzMarksReader: any input reads to grids or errors of known kinds,
// never a panic, and every grid read is well formed or breaks the classic
// rules only.
func FuzzMarksReader(f *testing.F) {
	f.Add("12 34 1 2\n3 4 12 12\n1 2 34 34\n4 3 2 1\n")
	f.Add("| 4 1679 12679 | 139 2369 269 | 8 1239 5 |\n.---.\n")
	f.Add("┌───┐\n│ 12 3 4 │ 5 6 12 │\n")
	f.Fuzz(func(t *testing.T, text string) {
		m := input.NewMarksReader(strings.NewReader(text))
		for range 100 {
			p, _, err := m.Read()
			if err == io.EOF {
				return
			}
			if err != nil {
				var pe *variant.ParseError
				if !errors.As(err, &pe) && !strings.Contains(err.Error(), "longer than") {
					t.Fatalf("error of no known kind: %v", err)
				}
				continue
			}
			var clash *board.ClashError
			if err := p.Validate(); err != nil && !errors.Is(err, variant.ErrInvalid) && !errors.As(err, &clash) {
				t.Fatalf("grid that is not well formed: %v", err)
			}
		}
	})
}
