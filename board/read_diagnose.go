// Diagnosis: the errors for bad input, each saying what is wrong, where,
// and what would be right.

package board

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Errors a ParseError wraps; test with errors.Is.
var (
	// ErrSymbol reports a character or number not allowed in a cell.
	ErrSymbol = errors.New("symbol not allowed")
	// ErrRowLength reports a row or line with the wrong number of cells.
	ErrRowLength = errors.New("wrong number of cells in a row")
	// ErrRowCount reports a grid with the wrong number of rows.
	ErrRowCount = errors.New("wrong number of rows")
	// ErrLineTooLong reports a line longer than the reader's MaxLineLength.
	ErrLineTooLong = errors.New("line too long")
	// ErrEmpty reports an input with no puzzle (from Parse; a Reader returns io.EOF).
	ErrEmpty = errors.New("no puzzle")
	// ErrSize reports a board size that cannot be inferred or does not match Reader.Shape.
	ErrSize = errors.New("unsupported board size")
	// ErrExtra reports text after the puzzle given to Parse, or a line of
	// markup holding more than one puzzle.
	ErrExtra = errors.New("more than one puzzle")
	// ErrText reports a line of words that is neither a puzzle nor a title
	// line ("Grid 01").
	ErrText = errors.New("text is not a puzzle")
)

// ParseError reports a puzzle that could not be read. Lines and columns are
// 1-based; columns count characters (UTF-8 sequences; an invalid byte counts
// as one character, so does a tab), and Col is 0 when the error concerns a
// whole line.
type ParseError struct {
	Name      string // file name, "" if none
	StartLine int    // line where the puzzle starts
	Line      int    // line of the error
	Col       int    // column of the error, 0 for the whole line
	Err       error  // wraps one of ErrSymbol, ErrRowLength, ErrRowCount, ErrLineTooLong, ErrEmpty, ErrSize, ErrExtra, ErrText
}

// Error returns "[name: ]line L[, column C]: what was wrong".
func (e *ParseError) Error() string {
	var b strings.Builder
	if e.Name != "" {
		b.WriteString(e.Name)
		b.WriteString(": ")
	}
	fmt.Fprintf(&b, "line %d", e.Line)
	if e.Col > 0 {
		fmt.Fprintf(&b, ", column %d", e.Col)
	}
	b.WriteString(": ")
	b.WriteString(e.Err.Error())
	return b.String()
}

// Unwrap returns e.Err.
func (e *ParseError) Unwrap() error { return e.Err }

// reason is a ParseError's Err: a sentence for people that unwraps to a sentinel.
type reason struct {
	sentinel error
	msg      string
}

func (e *reason) Error() string { return e.msg }
func (e *reason) Unwrap() error { return e.sentinel }

// errf returns the ParseError of a puzzle starting on line start, at line
// and col (0 for the whole line), wrapping sentinel with the message.
func (r *Reader) errf(start, line, col int, sentinel error, format string, args ...any) *ParseError {
	if line < 1 {
		line = 1
	}
	if col < 0 {
		col = 0
	}
	return &ParseError{Name: r.name, StartLine: start, Line: line, Col: col, Err: &reason{sentinel, fmt.Sprintf(format, args...)}}
}

// noFit returns the error for a line without spaces that is a puzzle in no
// format: its size needs a box shape or is not the Reader's, it holds a
// character of no alphabet, it is a line puzzle of the wrong length (the
// column is that of the first extra symbol, or the end of the line plus one
// when symbols are missing), or it fits no format at all (column 0).
func (r *Reader) noFit(l *rec) *ParseError {
	r.scan(l)
	k, num, t := l.k, l.num, l.text
	if n := isqrt(k); n*n == k && n > MaxSide && r.Shape == (Shape{}) {
		return r.errf(num, num, 0, ErrSize, "%d symbols make a %d×%d puzzle, but the largest board is %d×%d", k, n, n, MaxSide, MaxSide)
	}
	if n := isqrt(k); n*n == k && n <= MaxSide && !r.compactSide(k) {
		if r.Shape != (Shape{}) {
			if _, ok := ShapeForSide(n); ok {
				return r.errf(num, num, 0, ErrSize, "%d symbols make a %d×%d puzzle, but the box shape %d×%d makes %s boards", k, n, n, r.Shape.BoxRows, r.Shape.BoxCols, dims(r.Shape))
			}
		} else if h := rectHint(n); h != "" {
			return r.errf(num, num, 0, ErrSize, "%d symbols make a %d×%d puzzle, whose box shape must be given%s", k, n, n, h)
		}
	}
	if l.bad >= 0 {
		return r.errf(num, num, column(t, l.bad), ErrSymbol, "%s is not a Sudoku symbol (the %s alphabet has %s)", quoteAt(t, l.bad), r.alpha.Name, r.alpha.describe(len(r.alpha.Symbols)))
	}
	// The nearest size, a line puzzle winning a tie with a compact row.
	sides := r.acceptedSides()
	nl, nr := sides[0], sides[0]
	for _, n := range sides {
		if abs(n*n-k) < abs(nl*nl-k) {
			nl = n
		}
		if abs(n-k) < abs(nr-k) {
			nr = n
		}
	}
	if want := nl * nl; abs(want-k) <= abs(nr-k) {
		shape, _ := r.shapeFor(nl)
		if k > want {
			return r.errf(num, num, column(t, r.symbolOffset(t, want)), ErrRowLength,
				"the line has %d symbols, %d more than the %d of a %s puzzle on one line", k, k-want, want, dims(shape))
		}
		return r.errf(num, num, column(t, len(t)), ErrRowLength,
			"the line has %d %s, %d fewer than the %d of a %s puzzle on one line", k, plural(k, "symbol"), want-k, want, dims(shape))
	}
	return r.errf(num, num, 0, ErrRowLength, "the line has %d %s and fits no format: %s", k, plural(k, "symbol"), r.formatsHint())
}

// textErr reports a line of text (see isText) that is no title line.
func (r *Reader) textErr(l *rec) *ParseError {
	t := l.text
	if len(t) > 24 {
		i := 24
		for i > 0 && !utf8.RuneStart(t[i]) {
			i--
		}
		t = append(t[:i:i], "…"...)
	}
	return r.errf(l.num, l.num, 1, ErrText, "%s is text, not a puzzle: start a line of text with '#' to make it a comment", quoteToken(t))
}

// gridSizeErr reports a grid row of m numbers, a count that makes no board.
func (r *Reader) gridSizeErr(start, m int) *ParseError {
	switch {
	case r.Shape != (Shape{}):
		return r.errf(start, start, 0, ErrSize, "the row has %d numbers, but the box shape %d×%d makes %s boards", m, r.Shape.BoxRows, r.Shape.BoxCols, dims(r.Shape))
	case m > MaxSide:
		return r.errf(start, start, 0, ErrSize, "the row has %d numbers, but the largest board is %d×%d", m, MaxSide, MaxSide)
	case m < MinSide:
		return r.errf(start, start, 0, ErrSize, "the row has %d %s, but the smallest board is %d×%d", m, plural(m, "number"), MinSide, MinSide)
	case rectHint(m) != "":
		return r.errf(start, start, 0, ErrSize, "a %d×%d grid needs its box shape%s", m, m, rectHint(m))
	}
	return r.errf(start, start, 0, ErrSize, "the row has %d numbers; a grid row has N numbers for an N×N board, N = %s (other sides need their box shape, --box)", m, squareSides())
}

// squareSides lists the sides of the square shapes: "4, 9, 16, 25, 36, 49 or 64".
func squareSides() string {
	var s []string
	for b := 2; b*b <= MaxSide; b++ {
		s = append(s, strconv.Itoa(b*b))
	}
	return joinWords(s, "or")
}

// loneErr is the error for the first line l of a would-be grid of side n
// that readRows reports on its own: perr is its error as a row (nil if it
// has none), k its number of cells, and run rows start on line next after it.
func (r *Reader) loneErr(f Format, shape Shape, l *rec, perr *ParseError, k, run, next int) *ParseError {
	start, n := l.num, shape.Side()
	extra := start == r.prevEnd+1 && n == r.prevN && f == r.prevFormat
	switch {
	case run > 0 && k == n:
		return perr // a stray row of the right length: its own error
	case run >= n && f == Grid: // a whole grid below
		return r.errf(start, start, 0, ErrRowLength, "the row has %d %s, but the row below it (line %d) has %d, and a grid has N rows of N numbers", k, plural(k, "number"), next, n)
	case run >= n && r.scan(l).bad < 0:
		return r.errf(start, start, 0, ErrRowLength, "the line has %d %s, but the row below it (line %d) has %d, and a compact grid has N rows of N symbols", k, plural(k, "symbol"), next, n)
	case run > 0 && f == Grid:
		return r.gridSizeErr(start, k)
	case run == 0 && (f == Grid || extra):
		return r.rowCountErr(f, shape, start, start, 1)
	}
	return r.noFit(l)
}

func (r *Reader) rowCountErr(f Format, shape Shape, start, at, rows int) *ParseError {
	n, what := shape.Side(), what(f)
	if start == r.prevEnd+1 && n == r.prevN && f == r.prevFormat {
		return r.errf(start, start, 0, ErrRowCount, "%d extra %s after the %s %s ending on line %d", rows, plural(rows, "row"), dims(shape), what, r.prevEnd)
	}
	return r.errf(start, at, 0, ErrRowCount, "the %s starting on line %d has %d %s, but a %s %s has %d", what, start, rows, plural(rows, "row"), dims(shape), what, n)
}

// acceptedSides returns the board sides a line or compact puzzle may have,
// for messages: the Reader's Shape, or the square sides from 4 up to what
// the alphabet can write (4, 9, 16 and 25 for the built-in ones).
func (r *Reader) acceptedSides() []int {
	if r.Shape != (Shape{}) {
		return []int{r.Shape.Side()}
	}
	sides := []int{4}
	for b := 3; b*b <= MaxSide && b*b <= len(r.alpha.Symbols); b++ {
		sides = append(sides, b*b)
	}
	return sides
}

// formatsHint says which sizes the line and compact formats accept.
func (r *Reader) formatsHint() string {
	sides := r.acceptedSides()
	if r.Shape != (Shape{}) {
		n := sides[0]
		return fmt.Sprintf("a %s puzzle has %d symbols on one line, or %d rows of %d symbols", dims(r.Shape), n*n, n, n)
	}
	var ls, rs []string
	for _, n := range sides {
		ls = append(ls, strconv.Itoa(n*n))
		rs = append(rs, strconv.Itoa(n))
	}
	return fmt.Sprintf("a puzzle on one line has %s symbols (N² for an N×N board), and a compact grid N rows of N symbols (N = %s)",
		joinWords(ls, "or"), joinWords(rs, "or"))
}

// symbolMsg says why the character at byte offset i of t is not allowed on
// a board of side n, and what is.
func (r *Reader) symbolMsg(t []byte, i, n int) string {
	msg := fmt.Sprintf("%s is not allowed here: a %d×%d board uses %s", quoteAt(t, i), n, n, r.alpha.describe(n))
	// With no alphabet chosen, letters were tried already (readsAsLetters).
	if c := t[i]; r.Alphabet != nil && r.Alphabet.Name == Default.Name && isLetter(c) {
		if d, _ := Letters.Digit(c); d <= n {
			msg += "; for letters A=1 … use the letters alphabet (--alphabet letters)"
		}
	}
	return msg
}

// symbolOffset returns the byte offset in t of the symbol of index i
// (0-based, counted as scan counts them), or len(t) if t has no more.
func (r *Reader) symbolOffset(t []byte, i int) int {
	k := 0
	for j, c := range t {
		v := r.tab[c]
		if v == symSkip || v == symBad && c&0xC0 == 0x80 && j > 0 && t[j-1] >= 0x80 {
			continue
		}
		if k == i {
			return j
		}
		k++
	}
	return len(t)
}

// rectHint suggests --box for a side n that is not a perfect square.
func rectHint(n int) string {
	for r := isqrt(n); r >= 2; r-- {
		if n%r == 0 && n/r >= 2 {
			return fmt.Sprintf("; for %d×%d boxes give the box shape (--box %dx%d)", r, n/r, r, n/r)
		}
	}
	return ""
}

// column returns the 1-based character column of byte offset off in t.
func column(t []byte, off int) int { return utf8.RuneCount(t[:off]) + 1 }

// quoteAt shows the character at byte offset off of t.
func quoteAt(t []byte, off int) string {
	c, size := utf8.DecodeRune(t[off:])
	if c == utf8.RuneError && size <= 1 {
		return fmt.Sprintf("byte 0x%02X", t[off])
	}
	return strconv.QuoteRune(c)
}

// quoteToken shows a grid token.
func quoteToken(s []byte) string {
	for _, c := range string(s) {
		if !strconv.IsPrint(c) || c == '\'' {
			return strconv.Quote(string(s))
		}
	}
	return "'" + string(s) + "'"
}

func isLetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

// what names a puzzle of format f: "grid" or "compact grid".
func what(f Format) string {
	if f == Compact {
		return "compact grid"
	}
	return "grid"
}

// dims names a shape for messages: "9×9", or "6×6 (2×3 boxes)".
func dims(s Shape) string {
	n := s.Side()
	if s.BoxRows == s.BoxCols {
		return fmt.Sprintf("%d×%d", n, n)
	}
	return fmt.Sprintf("%d×%d (%d×%d boxes)", n, n, s.BoxRows, s.BoxCols)
}

func plural(n int, s string) string {
	if n == 1 {
		return s
	}
	return s + "s"
}
