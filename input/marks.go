package input

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/variant"
)

// ErrMarks reports a pencil-mark grid (MarksReader) that cannot be read.
var ErrMarks = errors.New("bad pencil-mark grid")

// maxMarksLine bounds a line of a pencil-mark grid: a 9×9 row of every
// candidate with frames is under 150 bytes.
const maxMarksLine = 4096

// markField is one cell of a row: its candidates as written and its
// 1-based column in the line, counted in characters as every parser of
// satdoku counts them.
type markField struct {
	text string
	col  int
}

// isBar reports whether r separates the cells of a row: white space, a
// box bar ('|', '¦') or a box-drawing character.
func isBar(r rune) bool {
	return unicode.IsSpace(r) || r == '|' || r == '¦' || (r >= 0x2500 && r <= 0x257F)
}

// marksFields splits a row of a pencil-mark grid into fields: runs of
// characters other than bars (isBar).
func marksFields(line string) []markField {
	var out []markField
	start, startCol, col := -1, 0, 0
	for i, r := range line + " " {
		col++
		if isBar(r) {
			if start >= 0 {
				out = append(out, markField{line[start:i], startCol})
				start = -1
			}
			continue
		}
		if start < 0 {
			start, startCol = i, col
		}
	}
	return out
}

// isMarksBorder reports whether line is a frame line of a grid: nothing
// but bars and the other characters frames are drawn with ("-+.:'*=_"),
// or blank.
func isMarksBorder(line string) bool {
	for _, r := range line {
		if !isBar(r) && !strings.ContainsRune("-+.:'*=_", r) {
			return false
		}
	}
	return true
}

// IsMarksRow reports whether line is a row of a pencil-mark grid, as
// HoDoKu, SudokuWiki and Simple Sudoku print candidates: N fields
// (4 ≤ N ≤ 9) of digits 1..N, separated by spaces and box bars, at least
// one of them with two digits or more. A row of single digits may be a
// row of a classic grid as well: Detect then looks at the rows after it.
func IsMarksRow(line string) bool {
	_, wide, ok := marksShape(line)
	return ok && wide
}

// marksShape reads line as a row of a pencil-mark grid: its side n (its
// number of fields, 4 to 9), whether a field has two candidates or more,
// and whether it is such a row at all (every field digits 1..n).
func marksShape(line string) (n int, wide, ok bool) {
	fields := marksFields(line)
	n = len(fields)
	if n < 4 || n > 9 {
		return n, false, false
	}
	for _, f := range fields {
		for _, r := range f.text {
			if r < '1' || int(r-'0') > n {
				return n, false, false
			}
		}
		wide = wide || len(f.text) > 1
	}
	return n, wide, true
}

// MarksReader reads pencil-mark grids, one after another: for each cell
// the digits it may hold, as HoDoKu, SudokuWiki and Simple Sudoku print
// them,
//
//	.-----------------.--------------------.------------.
//	| 4    1679  12679 | 139  2369   269    | 8  1239  5 |
//	…
//
// N rows of N fields (4 ≤ N ≤ 9), the fields separated by spaces and
// box bars; frame lines (no digit: "-+.:'*=_|" and box drawing), blank
// lines and lines starting with '#' are skipped. The box shape is Shape,
// or the usual one of the side (board.UsualShape: 3×3; 2×3 on 6×6, 2×4
// on 8×8) when Shape is zero.
type MarksReader struct {
	// Shape is the box shape of the grids; zero: the usual one of their
	// side. A grid of another side is an error.
	Shape board.Shape

	r    *bufio.Reader
	line int
}

// NewMarksReader returns a MarksReader reading from r.
func NewMarksReader(r io.Reader) *MarksReader {
	br, ok := r.(*bufio.Reader)
	if !ok {
		br = bufio.NewReader(r)
	}
	return &MarksReader{r: br}
}

// Read returns the next grid as a puzzle, and the line of its first row:
// a cell with one candidate is a given, a cell with several holds one of
// them (a PencilMarks rule). At the end of the input it returns io.EOF.
//
// A grid that cannot be read is a *ParseError naming the line and column
// at fault, wrapping ErrMarks: a row whose number of fields is not the
// grid's side, a field that is not a set of digits 1..N, a digit written
// twice. The rest of that grid (N rows in all) is skipped, so the next
// Read starts at the next grid. A grid that reads but breaks the classic
// rules (two givens alike in a row) is the error of Puzzle.Validate; a
// line too long to be a row, or a failing reader, is returned as it is.
func (m *MarksReader) Read() (*variant.Puzzle, int, error) {
	var (
		p     *variant.Puzzle
		n     int
		row   int
		first int
		bad   error
	)
	for {
		text, err := m.next()
		if err == io.EOF && text == "" {
			if p == nil {
				return nil, 0, io.EOF
			}
			if bad == nil {
				bad = &variant.ParseError{Line: m.line + 1, Col: 1, Err: fmt.Errorf("%w: the input ends after %d of the grid's %d rows", ErrMarks, row, n)}
			}
			return nil, first, bad
		}
		if err != nil && err != io.EOF {
			return nil, first, err
		}
		t := strings.TrimSpace(text)
		if t == "" || t[0] == '#' || isMarksBorder(text) {
			continue
		}
		fields := marksFields(text)
		if p == nil {
			n, first = len(fields), m.line
			if n < 4 || n > 9 {
				return nil, first, &variant.ParseError{Line: m.line, Col: 1, Err: fmt.Errorf("%w: the first row has %d fields; a grid of candidates has 4 to 9 a row, one a cell", ErrMarks, n)}
			}
			shape := m.Shape
			if shape == (board.Shape{}) {
				shape = board.UsualShape(n)
			}
			if shape.Side() != n {
				return nil, first, &variant.ParseError{Line: m.line, Col: 1, Err: fmt.Errorf("%w: %d cells a row, but %d×%d boxes make a %d×%d grid", ErrMarks, n, shape.BoxRows, shape.BoxCols, shape.Side(), shape.Side())}
			}
			p = variant.New(shape)
		}
		if bad == nil {
			bad = m.row(p, row, text, fields)
		}
		row++
		if row == n {
			if bad != nil {
				return nil, first, bad
			}
			return p, first, nil
		}
	}
}

// row reads row r of the grid into p.
func (m *MarksReader) row(p *variant.Puzzle, r int, text string, fields []markField) error {
	n := p.Side()
	if len(fields) != n {
		col := utf8.RuneCountInString(text) + 1
		if len(fields) > n {
			col = fields[n].col
		}
		return &variant.ParseError{Line: m.line, Col: col, Err: fmt.Errorf("%w: %d fields in row %d of a %d×%d grid, one a cell", ErrMarks, len(fields), r+1, n, n)}
	}
	for c, f := range fields {
		var digits []int
		seen := 0
		for i, ch := range []rune(f.text) {
			d := int(ch - '0')
			if ch < '1' || d > n {
				return &variant.ParseError{Line: m.line, Col: f.col + i, Err: fmt.Errorf("%w: %q is not a candidate of a %d×%d grid (digits 1-%d)", ErrMarks, ch, n, n, n)}
			}
			if seen&(1<<d) != 0 {
				return &variant.ParseError{Line: m.line, Col: f.col + i, Err: fmt.Errorf("%w: candidate %d twice in %s", ErrMarks, d, f.text)}
			}
			seen |= 1 << d
		}
		for d := 1; d <= n; d++ {
			if seen&(1<<d) != 0 {
				digits = append(digits, d)
			}
		}
		cell := r*n + c
		if len(digits) == 1 {
			p.Givens.Cells[cell] = uint8(digits[0])
		} else {
			p.Rules = append(p.Rules, variant.PencilMarks{Cell: cell, Digits: digits})
		}
	}
	return nil
}

// next returns the next line without its end (io.EOF with the last one if
// it has no end), counting lines.
func (m *MarksReader) next() (string, error) {
	var sb strings.Builder
	for {
		chunk, err := m.r.ReadSlice('\n')
		if sb.Len()+len(chunk) > maxMarksLine {
			m.line++
			return "", fmt.Errorf("line %d: longer than %d bytes: not a row of candidates", m.line, maxMarksLine)
		}
		sb.Write(chunk)
		switch err {
		case bufio.ErrBufferFull:
			continue
		case nil:
			m.line++
			return strings.TrimRight(sb.String(), "\r\n"), nil
		}
		if sb.Len() > 0 {
			m.line++
		}
		return sb.String(), err
	}
}
