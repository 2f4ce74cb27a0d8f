package board

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Format is the text layout of a puzzle.
type Format int

// The formats, detected for each puzzle by Reader.Read.
const (
	// FormatUnknown is the zero Format.
	FormatUnknown Format = iota
	// Grid is N lines of N whitespace-separated numbers, 0 or . for a blank.
	Grid
	// Compact is N lines of N symbols with no separators, as in Project Euler 96.
	Compact
	// Line is N² symbols on one line.
	Line
)

// String returns "grid", "compact", "line" or "unknown".
func (f Format) String() string {
	switch f {
	case Grid:
		return "grid"
	case Compact:
		return "compact"
	case Line:
		return "line"
	}
	return "unknown"
}

// ParseFormat returns the format named s ("grid", "compact" or "line").
func ParseFormat(s string) (Format, error) {
	for _, f := range []Format{Grid, Compact, Line} {
		if strings.EqualFold(s, f.String()) {
			return f, nil
		}
	}
	return FormatUnknown, fmt.Errorf("unknown format %q (want grid, compact or line)", s)
}

// Puzzle is one puzzle read by a Reader.
type Puzzle struct {
	Board    *Board
	Line     int      // 1-based line of its first row (after any title line)
	Format   Format   // the layout it was written in
	Alphabet Alphabet // the alphabet it was read with; writers should use it
	Title    string   // the title line before it, such as "Grid 01"; "" if none
}

// DefaultMaxLineLength is the longest line, in bytes without its line ending,
// that a Reader accepts when MaxLineLength is 0.
const DefaultMaxLineLength = 1 << 16

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
	// ErrExtra reports text after the puzzle given to Parse.
	ErrExtra = errors.New("more than one puzzle")
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
	Err       error  // wraps one of ErrSymbol, ErrRowLength, ErrRowCount, ErrLineTooLong, ErrEmpty, ErrSize, ErrExtra
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

// Reader reads puzzles from text, detecting the format of each one. Options
// are plain fields set before the first Read.
//
// Blank lines and lines starting with '#' are skipped; line endings may be
// LF or CRLF, the last line may lack one, and spaces and tabs around a line
// are ignored. A line that starts with a word of two or more letters followed
// by a space (such as "Grid 01") is the title of the puzzle below it.
//
// Detection: a line with spaces or tabs between its cells starts a Grid
// puzzle. Otherwise its symbols ('|' separators excluded) are counted: N²
// symbols make a Line puzzle, N symbols the first row of a Compact one. When
// both readings are possible (16 symbols: a 4×4 line or a 16×16 row) the
// line wins, unless the 16 rows from it all have 16 symbols and more than
// half of them hold a digit above 4, or both it and the next row hold one. Lines made only of
// '-', '+', '|', '*', '=' and spaces are box separators and skipped, except a
// line of only '-' (a blank in every built-in alphabet) whose length is the
// row's, which is a row of blanks.
//
// A bad puzzle never takes the puzzles after it down with it. A grid or
// compact grid ends at the first line that is not one of its rows (a row has
// about N cells, N ± 2, and the grid's layout), so a truncated grid is
// reported and the line after it read as what it is. A line that would
// start a grid but is not followed by its rows is reported on its own, and
// so is a wrong line before a whole grid. A line that fits no format gets a
// message saying which lengths are accepted; a line puzzle of the wrong
// length gets the column of its first extra symbol, or the end of the line
// plus one when symbols are missing.
//
// Memory is bounded: a line longer than MaxLineLength is discarded (and
// reported) without being stored, and at most about 4N+10 lines are
// buffered (2N+1 rows ahead, looked at only after a bad first row).
type Reader struct {
	// Shape, if non-zero, is the shape of every puzzle (needed for
	// rectangular boxes, such as 2×3 for 6×6); zero infers square shapes.
	Shape Shape
	// Alphabet is the alphabet of compact and line puzzles; nil means Default.
	Alphabet *Alphabet
	// MaxLineLength is the longest line accepted, in bytes without the line
	// ending; 0 means DefaultMaxLineLength. The reader's buffer is this large.
	MaxLineLength int
	// Name is the file name used in errors: "" for none, "-" shows as "stdin".
	Name string

	src     io.Reader
	bufSize int // bufio size hint (Parse uses a small one)
	br      *bufio.Reader
	started bool
	alpha   Alphabet
	tab     *symTable
	dash    bool // '-' is a blank
	maxLen  int
	name    string

	lineNum int   // lines read so far
	q       []rec // buffered lines; q[head:] are pending
	head    int
	eof     bool
	ioErr   error
	final   error

	scratch []uint8
	slab    []uint8
	toks    [][2]int

	prevEnd    int // last line of the previous grid or compact puzzle
	prevN      int
	prevFormat Format
}

// rec is one buffered line, trimmed of its line ending and surrounding spaces.
type rec struct {
	num     int
	text    []byte
	tooLong bool

	scanned bool
	k       int   // characters, '|' excluded
	max     uint8 // largest digit
	bad     int   // byte offset of the first character that is no symbol or blank, -1 if none
}

// NewReader returns a Reader reading from r.
func NewReader(r io.Reader) *Reader { return &Reader{src: r} }

func (r *Reader) init() error {
	r.started = true
	r.alpha = Default
	if r.Alphabet != nil {
		r.alpha = *r.Alphabet
	}
	if r.alpha.Symbols == "" || r.alpha.Blanks == "" {
		return fmt.Errorf("alphabet %q needs at least one symbol and one blank", r.alpha.Name)
	}
	r.tab = r.alpha.table()
	r.dash = r.alpha.blankDash() && r.tab['-'] == 0
	if r.Shape != (Shape{}) && !r.Shape.Valid() {
		return fmt.Errorf("%w: %d×%d boxes", ErrShape, r.Shape.BoxRows, r.Shape.BoxCols)
	}
	r.maxLen = r.MaxLineLength
	if r.maxLen <= 0 {
		r.maxLen = DefaultMaxLineLength
	}
	r.name = r.Name
	if r.name == "-" {
		r.name = "stdin"
	}
	size := r.maxLen + 2
	if r.bufSize > 0 && r.bufSize < size {
		size = r.bufSize
	}
	if r.src == nil {
		r.src = strings.NewReader("")
	}
	r.br = bufio.NewReaderSize(r.src, size)
	return nil
}

// Read returns the next puzzle, or nil and io.EOF at the end of the input.
// A *ParseError concerns one puzzle only: the reader has skipped past it and
// the next Read continues with the following puzzle. Any other error (from
// the underlying reader, or an invalid Shape or Alphabet) is final.
func (r *Reader) Read() (*Puzzle, error) {
	if r.final != nil {
		return nil, r.final
	}
	if !r.started {
		if err := r.init(); err != nil {
			r.final = err
			return nil, err
		}
	}
	p, err := r.read()
	if err != nil {
		if _, ok := err.(*ParseError); !ok {
			r.final = err
		}
		return nil, err
	}
	return p, nil
}

// ---- line buffer ----

// fill reads one more line into the queue; it reports false at the end of input.
func (r *Reader) fill() bool {
	if r.eof {
		return false
	}
	data, err := r.br.ReadSlice('\n')
	tooLong := false
	if err == bufio.ErrBufferFull {
		tooLong = true
		for err == bufio.ErrBufferFull {
			_, err = r.br.ReadSlice('\n')
		}
		data = nil
	}
	if err != nil {
		r.eof = true
		if err != io.EOF {
			r.ioErr = err
		}
		if len(data) == 0 && !tooLong {
			return false
		}
	}
	r.lineNum++
	if n := len(data); n > 0 && data[n-1] == '\n' {
		data = data[:n-1]
	}
	if n := len(data); n > 0 && data[n-1] == '\r' {
		data = data[:n-1]
	}
	if len(data) > r.maxLen {
		tooLong, data = true, nil
	}
	data = trimSpace(data)
	if r.head > 0 && len(r.q) == cap(r.q) {
		// Move the pending lines to the front, keeping every text buffer.
		m := len(r.q) - r.head
		for i := 0; i < m; i++ {
			r.q[i], r.q[r.head+i] = r.q[r.head+i], r.q[i]
		}
		r.q, r.head = r.q[:m], 0
	}
	if len(r.q) < cap(r.q) {
		r.q = r.q[:len(r.q)+1]
	} else {
		r.q = append(r.q, rec{})
	}
	l := &r.q[len(r.q)-1]
	*l = rec{num: r.lineNum, text: append(l.text[:0], data...), tooLong: tooLong}
	return true
}

// peek returns the i-th pending line (0-based), or nil past the end of input.
func (r *Reader) peek(i int) *rec {
	for len(r.q)-r.head <= i {
		if !r.fill() {
			return nil
		}
	}
	return &r.q[r.head+i]
}

// consume drops the first pending line.
func (r *Reader) consume() {
	r.head++
	if r.head == len(r.q) {
		r.q, r.head = r.q[:0], 0
	}
}

// endErr is what Read returns once the input is exhausted.
func (r *Reader) endErr() error {
	if r.ioErr != nil {
		return r.ioErr
	}
	return io.EOF
}

func trimSpace(b []byte) []byte {
	for len(b) > 0 && (b[0] == ' ' || b[0] == '\t') {
		b = b[1:]
	}
	for len(b) > 0 && (b[len(b)-1] == ' ' || b[len(b)-1] == '\t' || b[len(b)-1] == '\r') {
		b = b[:len(b)-1]
	}
	return b
}

// ---- line classification ----

func isComment(t []byte) bool { return len(t) > 0 && t[0] == '#' }

func hasSpace(t []byte) bool { return bytes.IndexByte(t, ' ') >= 0 || bytes.IndexByte(t, '\t') >= 0 }

// isTitle reports whether t starts with a word of two or more ASCII letters
// followed by a space or tab, as "Grid 01" does.
func isTitle(t []byte) bool {
	i := 0
	for i < len(t) && ('a' <= t[i]|0x20 && t[i]|0x20 <= 'z') {
		i++
	}
	return i >= 2 && i < len(t) && (t[i] == ' ' || t[i] == '\t')
}

// isSeparator reports whether t holds only box-drawing characters.
func isSeparator(t []byte) bool {
	if len(t) == 0 {
		return false
	}
	for _, c := range t {
		switch c {
		case '-', '+', '|', '*', '=', ' ', '\t':
		default:
			return false
		}
	}
	return true
}

// dashCount returns the number of '-' in t if t holds only '-' and '|', else -1.
func dashCount(t []byte) int {
	n := 0
	for _, c := range t {
		switch c {
		case '-':
			n++
		case '|':
		default:
			return -1
		}
	}
	return n
}

// scan counts the line's symbols and finds its largest digit and first bad character.
func (r *Reader) scan(l *rec) *rec {
	if l.scanned {
		return l
	}
	l.scanned, l.bad = true, -1
	tab := r.tab
	k, max := len(l.text), uint8(0)
	for i, c := range l.text {
		v := tab[c]
		if v < symSkip {
			if v > max {
				max = v
			}
			continue
		}
		if v == symSkip {
			k-- // '|' is not a cell
			continue
		}
		if l.bad < 0 {
			l.bad = i
		}
		if c&0xC0 == 0x80 && i > 0 && l.text[i-1] >= 0x80 {
			k-- // UTF-8 continuation byte: not a new character
		}
	}
	l.k, l.max = k, max
	return l
}

// ---- sizes ----

// shapeFor returns the shape of a board of side n for this reader.
func (r *Reader) shapeFor(n int) (Shape, bool) {
	if r.Shape != (Shape{}) {
		return r.Shape, n == r.Shape.Side()
	}
	return ShapeForSide(n)
}

// lineSide returns the side n of a line puzzle of k = n² symbols.
func (r *Reader) lineSide(k int) (int, bool) {
	n := isqrt(k)
	if n*n != k {
		return 0, false
	}
	_, ok := r.shapeFor(n)
	return n, ok
}

func (r *Reader) compactSide(k int) bool { _, ok := r.shapeFor(k); return ok }

func isqrt(k int) int {
	if k <= 0 {
		return 0
	}
	n := 1
	for (n+1)*(n+1) <= k {
		n++
	}
	return n
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
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

// ---- errors ----

func (r *Reader) errf(start, line, col int, sentinel error, format string, args ...any) *ParseError {
	if line < 1 {
		line = 1
	}
	if col < 0 {
		col = 0
	}
	return &ParseError{Name: r.name, StartLine: start, Line: line, Col: col, Err: &reason{sentinel, fmt.Sprintf(format, args...)}}
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

// symbolMsg says why the character at byte offset i of t is not allowed on
// a board of side n, and what is.
func (r *Reader) symbolMsg(t []byte, i, n int) string {
	msg := fmt.Sprintf("%s is not allowed here: a %d×%d board uses %s", quoteAt(t, i), n, n, r.alpha.describe(n))
	if c := t[i]; r.Alphabet == nil && isLetter(c) {
		if d, _ := Letters.Digit(c); d <= n {
			msg += "; for letters A=1 … use the letters alphabet (--alphabet letters)"
		}
	}
	return msg
}

func isLetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

// quoteToken shows a grid token.
func quoteToken(s []byte) string {
	for _, c := range string(s) {
		if !strconv.IsPrint(c) || c == '\'' {
			return strconv.Quote(string(s))
		}
	}
	return "'" + string(s) + "'"
}

// ---- reading ----

func (r *Reader) read() (*Puzzle, error) {
	var l *rec
	for {
		l = r.peek(0)
		if l == nil {
			return nil, r.endErr()
		}
		if len(l.text) == 0 && !l.tooLong || isComment(l.text) || isSeparator(l.text) && !r.dashRowAtStart(l.text) {
			r.consume()
			continue
		}
		break
	}
	title := ""
	if isTitle(l.text) {
		title = string(l.text)
		tl := l.num
		r.consume()
		for {
			l = r.peek(0)
			if l == nil || len(l.text) == 0 && !l.tooLong || isTitle(l.text) {
				return nil, r.errf(tl, tl, 0, ErrRowCount, "title %q is not followed by a puzzle", title)
			}
			if isComment(l.text) || isSeparator(l.text) && !r.dashRowAtStart(l.text) {
				r.consume()
				continue
			}
			break
		}
	}
	if l.tooLong {
		num := l.num
		r.consume()
		return nil, r.errf(num, num, r.maxLen+1, ErrLineTooLong, "line is longer than %d bytes", r.maxLen)
	}
	if hasSpace(l.text) {
		return r.readGrid(title)
	}
	r.scan(l)
	k := l.k
	nl, isLine := r.lineSide(k)
	isCompact := r.compactSide(k)
	if isLine && isCompact && k > 1 && r.looksCompact(k, nl) {
		isLine = false
	}
	l = r.peek(0) // peeking ahead may have moved the buffer
	switch {
	case isLine:
		return r.readLine(nl, title)
	case isCompact:
		if n := isqrt(k); n*n == k && r.Shape == (Shape{}) && rectHint(n) != "" && !r.nextRowHas(k) {
			if _, sq := ShapeForSide(n); !sq {
				// Most likely a line puzzle with rectangular boxes.
				num := r.peek(0).num
				r.consume()
				return nil, r.errf(num, num, 0, ErrSize, "%d symbols make a %d×%d puzzle, whose box shape must be given%s", k, n, n, rectHint(n))
			}
		}
		return r.readRows(Compact, k, title)
	}
	// No size fits. A compact grid whose first row is wrong? (readRows
	// reports the line on its own if the rows below do not say so.)
	if m := r.nextRowLen(); m > 0 && r.compactSide(m) && m != k && abs(m-k) <= 2 {
		return r.readRows(Compact, m, title)
	}
	err := r.noFit(r.peek(0))
	r.consume()
	return nil, err
}

// noFit returns the error for a line without spaces that is a puzzle in no
// format: its size needs a box shape or is not the Reader's, it holds a
// character of no alphabet, it is a line puzzle of the wrong length (the
// column is that of the first extra symbol, or the end of the line plus one
// when symbols are missing), or it fits no format at all (column 0).
func (r *Reader) noFit(l *rec) *ParseError {
	r.scan(l)
	k, num, t := l.k, l.num, l.text
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

// dashRowAtStart reports whether a line of only '-' is a row of blanks rather
// than a separator, at the start of a puzzle.
func (r *Reader) dashRowAtStart(t []byte) bool {
	if !r.dash {
		return false
	}
	k := dashCount(t)
	if k <= 0 {
		return false
	}
	_, line := r.lineSide(k)
	return line || r.compactSide(k)
}

// looksCompact decides the ambiguous k-symbol line at the front of the queue
// (a line puzzle of side nl, or the first row of a k×k compact grid).
func (r *Reader) looksCompact(k, nl int) bool {
	rows, big, second := 0, 0, false
	for i := 0; rows < k && i < 2*k+2; i++ {
		x := r.peek(i)
		if x == nil || x.tooLong || len(x.text) == 0 || isTitle(x.text) || hasSpace(x.text) {
			break
		}
		if isComment(x.text) || isSeparator(x.text) && (!r.dash || dashCount(x.text) != k) {
			continue
		}
		if r.scan(x).k != k {
			break
		}
		rows++
		if int(x.max) > nl {
			big++
			second = second || rows == 2
		}
	}
	first := int(r.peek(0).max) > nl
	return rows == k && 2*big > k || first && second
}

// nextRow returns the pending line after the first that would be a row of a
// compact grid (comments and separators skipped), or nil.
func (r *Reader) nextRow() *rec {
	for i := 1; i < 8; i++ {
		x := r.peek(i)
		if x == nil || x.tooLong || len(x.text) == 0 || isTitle(x.text) || hasSpace(x.text) {
			return nil
		}
		if isComment(x.text) || isSeparator(x.text) && dashCount(x.text) < 0 {
			continue
		}
		return r.scan(x)
	}
	return nil
}

func (r *Reader) nextRowHas(k int) bool {
	x := r.nextRow()
	return x != nil && x.k == k
}

func (r *Reader) nextRowLen() int {
	if x := r.nextRow(); x != nil {
		return x.k
	}
	return 0
}

// readLine reads the line puzzle of side n at the front of the queue.
func (r *Reader) readLine(n int, title string) (*Puzzle, error) {
	l := r.peek(0)
	defer r.consume()
	if l.bad >= 0 || int(l.max) > n {
		for i, c := range l.text {
			if v := r.tab[c]; v == symBad || v != symSkip && int(v) > n {
				return nil, r.errf(l.num, l.num, column(l.text, i), ErrSymbol, "%s", r.symbolMsg(l.text, i, n))
			}
		}
	}
	shape, _ := r.shapeFor(n)
	p, cells := r.newPuzzle(shape)
	i := 0
	for _, c := range l.text {
		if v := r.tab[c]; v != symSkip {
			cells[i] = v
			i++
		}
	}
	p.Line, p.Format, p.Title = l.num, Line, title
	return p, nil
}

// newPuzzle allocates a puzzle with its board; small boards take their cells
// from a shared slab, so a puzzle costs about one allocation.
func (r *Reader) newPuzzle(s Shape) (*Puzzle, []uint8) {
	type box struct {
		p Puzzle
		b Board
	}
	x := new(box)
	size := s.Cells()
	var cells []uint8
	if size > 1024 {
		cells = make([]uint8, size)
	} else {
		if len(r.slab) < size {
			r.slab = make([]uint8, 16<<10)
		}
		cells, r.slab = r.slab[:size:size], r.slab[size:]
	}
	x.b = Board{Shape: s, Cells: cells}
	x.p = Puzzle{Board: &x.b, Alphabet: r.alpha}
	return &x.p, cells
}

// gridTokens splits a grid row into its tokens, skipping '|' tokens; it
// returns the byte offsets of the tokens' starts and ends in dst.
func gridTokens(t []byte, dst [][2]int) [][2]int {
	dst = dst[:0]
	for i := 0; i < len(t); {
		for i < len(t) && (t[i] == ' ' || t[i] == '\t') {
			i++
		}
		j := i
		for j < len(t) && t[j] != ' ' && t[j] != '\t' {
			j++
		}
		if j > i && !(j == i+1 && t[i] == '|') {
			dst = append(dst, [2]int{i, j})
		}
		i = j
	}
	return dst
}

// readGrid reads the grid puzzle whose first row is at the front of the queue.
func (r *Reader) readGrid(title string) (*Puzzle, error) {
	l := r.peek(0)
	start := l.num
	r.toks = gridTokens(l.text, r.toks)
	m := len(r.toks)
	if _, ok := r.shapeFor(m); ok {
		return r.readRows(Grid, m, title)
	}
	// The first row may be the wrong one: trust the next row if it fits.
	for i := 1; i < 8; i++ {
		x := r.peek(i)
		if x == nil || len(x.text) == 0 || x.tooLong || isTitle(x.text) {
			break
		}
		if isComment(x.text) || isSeparator(x.text) {
			continue
		}
		r.toks = gridTokens(x.text, r.toks)
		if m2 := len(r.toks); m2 != m {
			if _, ok := r.shapeFor(m2); ok && hasSpace(x.text) {
				return r.readRows(Grid, m2, title)
			}
		}
		break
	}
	err := r.gridSizeErr(start, m)
	// Skip the rest of this puzzle: the rows below with as many numbers.
	r.consume()
	for rows := 1; rows < min(m, MaxSide); {
		l := r.peek(0)
		if l == nil || len(l.text) == 0 || l.tooLong || isTitle(l.text) {
			break
		}
		if isComment(l.text) || isSeparator(l.text) {
			r.consume()
			continue
		}
		if r.toks = gridTokens(l.text, r.toks); !hasSpace(l.text) || len(r.toks) != m {
			break
		}
		r.consume()
		rows++
	}
	return nil, err
}

// gridSizeErr reports a grid row of m numbers, a count that makes no board.
func (r *Reader) gridSizeErr(start, m int) *ParseError {
	switch {
	case r.Shape != (Shape{}):
		return r.errf(start, start, 0, ErrSize, "the row has %d numbers, but the box shape %d×%d makes %s boards", m, r.Shape.BoxRows, r.Shape.BoxCols, dims(r.Shape))
	case m <= MaxSide && m > 1 && rectHint(m) != "":
		return r.errf(start, start, 0, ErrSize, "a %d×%d grid needs its box shape%s", m, m, rectHint(m))
	}
	return r.errf(start, start, 0, ErrSize, "the row has %d numbers; a grid row has N numbers for an N×N board (4, 9, 16, 25 …)", m)
}

// isSeparatorIn reports whether t is a box separator inside a puzzle of
// format f and side n (not a row of blanks).
func (r *Reader) isSeparatorIn(f Format, n int, t []byte) bool {
	if !isSeparator(t) {
		return false
	}
	return f == Grid || !r.dash || dashCount(t) != n
}

// rowLike reports whether the pending line i, row number row (0-based) of a
// grid (f Grid) or compact grid (f Compact) of side n, is one of its rows,
// right or wrong: a line with about n cells (n ± 2) and of the grid's kind.
// Any other line (blank, a title, too long, a line puzzle, a row of another
// size or format) ends the grid and is not consumed by it. A grid row
// written without spaces counts only as the grid's last row or when a row
// with spaces follows it (else it starts a compact grid). rowLike may move
// the buffer: peek again after it. For f Grid it leaves the line's tokens
// in r.toks.
func (r *Reader) rowLike(f Format, n, i, row int) bool {
	l := r.peek(i)
	if l == nil || len(l.text) == 0 || l.tooLong || isTitle(l.text) {
		return false
	}
	near := func(k int) bool { return abs(k-n) <= 2 }
	space := hasSpace(l.text)
	if f == Grid {
		if space {
			r.toks = gridTokens(l.text, r.toks)
			return near(len(r.toks))
		}
		if !near(r.scan(l).k) {
			return false
		}
		ok := row == n-1
		for j := i + 1; !ok && j < i+8; j++ {
			x := r.peek(j)
			if x == nil || len(x.text) == 0 || x.tooLong || isTitle(x.text) {
				break
			}
			if isComment(x.text) || isSeparator(x.text) {
				continue
			}
			ok = hasSpace(x.text) && near(len(gridTokens(x.text, r.toks)))
			break
		}
		r.toks = gridTokens(r.peek(i).text, r.toks)
		return ok
	}
	k := r.scan(l).k
	if !space {
		return near(k)
	}
	// A compact row with stray spaces, unlike a grid row (one symbol a token).
	spaces := bytes.Count(l.text, []byte{' '}) + bytes.Count(l.text, []byte{'\t'})
	r.toks = gridTokens(l.text, r.toks)
	return near(k-spaces) && 2*len(r.toks) <= k-spaces
}

// rowRun counts the rows (as rowLike decides) that follow the first line
// pending, up to limit, skipping comments and box separators; it also
// returns the line of the first of them. It looks at no more than 2·limit+8
// lines.
func (r *Reader) rowRun(f Format, n, limit int) (rows, first int) {
	for i := 1; rows < limit && i <= 2*limit+8; i++ {
		x := r.peek(i)
		if x == nil {
			break
		}
		if len(x.text) > 0 && (isComment(x.text) || r.isSeparatorIn(f, n, x.text)) {
			continue
		}
		if !r.rowLike(f, n, i, rows+1) {
			break
		}
		if rows == 0 {
			first = r.peek(i).num
		}
		rows++
	}
	return rows, first
}

// readRows reads a grid or compact puzzle of side n whose first row is at the
// front of the queue. It takes the rows that follow (see rowLike), up to n
// rows in all, and stops before any other line, so a truncated grid never
// swallows the puzzle after it; after an error in a row it still consumes the
// puzzle's rows, so that the next puzzle reads well.
//
// The first line is reported on its own, and the lines after it left to be
// read as what they are, when it is no row of the grid below it: when no row
// follows it, or when it is wrong (wrong length or a bad symbol) and the run
// of rows after it is better explained without it. A run of R rows after a
// first row of the right length but with an error holds whole grids when R
// is n or 2n; after a first row of the wrong length, a run of n−1 or 2n−1
// rows makes it the first row of a grid, any other run makes it a stray line.
func (r *Reader) readRows(f Format, n int, title string) (*Puzzle, error) {
	shape, _ := r.shapeFor(n)
	size := n * n
	if cap(r.scratch) < size {
		r.scratch = make([]uint8, size)
	}
	cells := r.scratch[:size]
	first := r.peek(0)
	start := first.num
	var firstLen int
	var perr *ParseError
	if f == Grid {
		r.toks = gridTokens(first.text, r.toks)
		firstLen = len(r.toks)
		perr = r.gridRow(start, first, r.toks, n, cells[:n])
	} else {
		firstLen = r.scan(first).k
		perr = r.compactRow(start, first, n, cells[:n])
	}
	if n > 1 {
		limit := 1
		if perr != nil {
			limit = 2*n + 1
		}
		run, next := r.rowRun(f, n, limit)
		first = r.peek(0) // peeking ahead may have moved the buffer
		lone := false
		switch {
		case run == 0:
			lone = true
		case perr == nil:
		case firstLen == n:
			lone = run == n || run == 2*n
		default:
			lone = run != n-1 && run != 2*n-1
		}
		if lone {
			err := r.loneErr(f, shape, first, perr, firstLen, run, next)
			r.consume()
			return nil, err
		}
	}
	last := start
	r.consume()
	for row := 1; row < n; {
		l := r.peek(0)
		if l != nil && len(l.text) > 0 && (isComment(l.text) || r.isSeparatorIn(f, n, l.text)) {
			r.consume()
			continue
		}
		if l == nil || !r.rowLike(f, n, 0, row) {
			if perr == nil {
				at := last + 1
				if l = r.peek(0); l != nil {
					at = l.num
				}
				perr = r.rowCountErr(f, shape, start, at, row)
			}
			break
		}
		l = r.peek(0)
		if perr == nil {
			if f == Grid {
				perr = r.gridRow(start, l, r.toks, n, cells[row*n:(row+1)*n]) // rowLike's tokens
			} else {
				perr = r.compactRow(start, l, n, cells[row*n:(row+1)*n])
			}
		}
		last = l.num
		r.consume()
		row++
	}
	r.prevEnd, r.prevN, r.prevFormat = last, n, f
	if perr != nil {
		return nil, perr
	}
	p, dst := r.newPuzzle(shape)
	copy(dst, cells)
	p.Line, p.Format, p.Title = start, f, title
	return p, nil
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
	n := shape.Side()
	what := "grid"
	if f == Compact {
		what = "compact grid"
	}
	if start == r.prevEnd+1 && n == r.prevN && f == r.prevFormat {
		return r.errf(start, start, 0, ErrRowCount, "%d extra %s after the %s %s ending on line %d", rows, plural(rows, "row"), dims(shape), what, r.prevEnd)
	}
	return r.errf(start, at, 0, ErrRowCount, "the %s starting on line %d has %d %s, but a %s %s has %d", what, start, rows, plural(rows, "row"), dims(shape), what, n)
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

// gridRow parses the numbers of one grid row into cells.
func (r *Reader) gridRow(start int, l *rec, toks [][2]int, n int, cells []uint8) *ParseError {
	t := l.text
	if len(toks) == 1 && n > 1 {
		return r.errf(start, l.num, 0, ErrRowLength, "the row has 1 number, but a grid row has %d numbers separated by spaces", n)
	}
	for j, tok := range toks {
		if j == n {
			return r.errf(start, l.num, column(t, tok[0]), ErrRowLength, "the row has %d numbers, but a %d×%d grid row has %d", len(toks), n, n, n)
		}
		s := t[tok[0]:tok[1]]
		v, ok := -1, len(s) <= 3
		if len(s) == 1 && s[0] == '.' {
			v = 0
		} else if ok {
			v = 0
			for _, c := range s {
				if c < '0' || c > '9' {
					ok = false
					break
				}
				v = 10*v + int(c-'0')
			}
		}
		if !ok || v > n {
			shown := quoteToken(s)
			if len(s) > 20 {
				shown = quoteAt(t, tok[0]) + " (start of a long token)"
			}
			return r.errf(start, l.num, column(t, tok[0]), ErrSymbol, "%s is not allowed here: a %d×%d grid uses the numbers 1-%d, with 0 or . for a blank", shown, n, n, n)
		}
		cells[j] = uint8(v)
	}
	if len(toks) < n {
		return r.errf(start, l.num, column(t, len(t)), ErrRowLength, "the row has %d numbers, but a %d×%d grid row has %d", len(toks), n, n, n)
	}
	return nil
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// compactRow parses the symbols of one compact row into cells.
func (r *Reader) compactRow(start int, l *rec, n int, cells []uint8) *ParseError {
	t := l.text
	j := 0
	for i := 0; i < len(t); i++ {
		c := t[i]
		v := r.tab[c]
		if v == symSkip {
			continue
		}
		if c == ' ' || c == '\t' {
			return r.errf(start, l.num, column(t, i), ErrSymbol, "' ' is not allowed here: a compact grid row has %d symbols with no spaces between them", n)
		}
		if j == n {
			return r.errf(start, l.num, column(t, i), ErrRowLength, "the row has more than %d symbols, but a %d×%d compact row has %d", n, n, n, n)
		}
		if v == symBad || int(v) > n {
			return r.errf(start, l.num, column(t, i), ErrSymbol, "%s", r.symbolMsg(t, i, n))
		}
		cells[j] = v
		j++
	}
	if j < n {
		return r.errf(start, l.num, column(t, len(t)), ErrRowLength, "the row has %d symbols, but a %d×%d compact row has %d", j, n, n, n)
	}
	return nil
}

// Parse reads exactly one puzzle in any format from text. It returns a
// *ParseError wrapping ErrEmpty if text holds no puzzle and ErrExtra if it
// holds more than one.
func Parse(text string) (*Board, error) {
	r := NewReader(strings.NewReader(text))
	r.bufSize = len(text) + 16
	return r.parseOne()
}

// parseOne reads the one puzzle of r's input.
func (r *Reader) parseOne() (*Board, error) {
	p, err := r.Read()
	if err == io.EOF {
		return nil, r.errf(1, r.lineNum+boolInt(r.lineNum == 0), 0, ErrEmpty, "no puzzle found")
	}
	if err != nil {
		return nil, err
	}
	switch q, err := r.Read(); {
	case err == nil:
		return nil, r.errf(q.Line, q.Line, 0, ErrExtra, "another puzzle starts here, after the one on line %d", p.Line)
	case err != io.EOF:
		return nil, err
	}
	return p.Board, nil
}
