package board

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"
)

// Puzzle is one puzzle read by a Reader.
type Puzzle struct {
	Board    *Board
	Line     int      // 1-based line of its first row (after any title line)
	Format   Format   // the layout it was written in: Grid (also for pretty output), Compact or Line
	Alphabet Alphabet // the alphabet it was read with; writers should use it
	Title    string   // the title line before it, such as "Grid 01"; "" if none
}

// DefaultMaxLineLength is the longest line, in bytes without its line ending,
// that a Reader accepts when MaxLineLength is 0.
const DefaultMaxLineLength = 1 << 16

// Reader reads puzzles from text, detecting the format and size of each
// one, as the package documentation describes. Options are plain fields set
// before the first Read. A bad puzzle is reported by one *ParseError and
// never takes the puzzles after it down with it; memory is bounded however
// long the input.
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
	q       []rec // ring of buffered lines, a power of two long (or empty)
	head    int   // index in q of the first pending line
	pending int   // lines buffered and not consumed
	eof     bool
	ioErr   error
	final   error

	scratch []uint8
	slab    []uint8
	toks    [][2]int // the tokens of the last line too long to keep them (see tokens)

	skipping bool // in a section that holds no puzzle (see section)

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

	space     uint8    // 0 unknown, 1 no spaces or tabs inside, 2 some (see spaced)
	tokenized bool     // toks holds the line's grid tokens
	toks      [][2]int // kept only for lines of at most MaxSide+2 tokens
	nested    bool     // the line was an array of arrays ("[[…],[…]]"): a whole board
	section   section  // the line was a section header, such as SadMan's "[Puzzle]"
	comma     bool     // a grid row written with commas or semicolons between its numbers (see isCommaRow)
}

// section tells a section header line from others: SadMan Sudoku's .sdk
// files hold the puzzle under "[Puzzle]" and the player's progress under
// other headers ("[State]", pencil marks, colours), which are no puzzles.
type section uint8

const (
	noSection     section = iota
	puzzleSection         // "[Puzzle]": the lines below are the puzzle
	otherSection          // any other "[Name]": the lines below are skipped
)

// sectionOf returns the kind of section that t, a line, heads: a name of
// two or more ASCII letters between brackets.
func sectionOf(t []byte) section {
	if len(t) < 4 || t[0] != '[' || t[len(t)-1] != ']' {
		return noSection
	}
	name := t[1 : len(t)-1]
	for _, c := range name {
		if !isLetter(c) {
			return noSection
		}
	}
	if bytes.EqualFold(name, []byte("puzzle")) {
		return puzzleSection
	}
	return otherSection
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
		return r.Shape.invalid()
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

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

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
	if r.lineNum == 1 {
		// A UTF-8 byte order mark, as some Windows editors write, is no
		// character of the first line.
		data = bytes.TrimPrefix(data, []byte("\ufeff"))
	}
	if n := len(data); n > 0 && data[n-1] == '\n' {
		data = data[:n-1]
	}
	if n := len(data); n > 0 && data[n-1] == '\r' {
		data = data[:n-1]
	}
	if len(data) > r.maxLen {
		tooLong, data = true, nil
	}
	data = trimSpace(cutComment(data))
	if r.pending == len(r.q) {
		// Grow the ring, keeping the pending lines in order and every
		// slot's buffers.
		q := make([]rec, max(16, 2*len(r.q)))
		for i := range r.q {
			q[i] = r.q[(r.head+i)&(len(r.q)-1)]
		}
		r.q, r.head = q, 0
	}
	l := &r.q[(r.head+r.pending)&(len(r.q)-1)]
	r.pending++
	// Field by field: the slot keeps its buffers (toks is reset when used).
	l.num, l.text, l.tooLong = r.lineNum, append(l.text[:0], data...), tooLong
	l.scanned, l.space, l.tokenized = false, 0, false
	l.nested = false
	if l.section = sectionOf(l.text); l.section != noSection {
		// Read as a blank line, which ends any grid above it.
		l.text = l.text[:0]
	} else if len(l.text) > 0 && (l.text[0] == '[' || l.text[0] == ']') {
		l.nested = bytes.Count(l.text, []byte{'['}) > 1
		l.text = trimSpace(unbracket(l.text))
	}
	l.comma = !l.nested && isCommaRow(l.text)
	return true
}

// cutComment drops a comment at the end of a line: a '#' after a space or
// tab, and what follows ("53..7.... # easy").
func cutComment(t []byte) []byte {
	for i := 1; i < len(t); i++ {
		if t[i] == '#' && (t[i-1] == ' ' || t[i-1] == '\t') {
			return t[:i]
		}
	}
	return t
}

// isCommaRow reports whether t is a grid row with commas or semicolons
// between its cells, as a spreadsheet exports a board: four fields or more
// (one of the two separators), each of up to three characters (a number,
// '.', or a mistake for the row's parser to name), with spaces around it
// or not, or empty for a blank, and one at least a number unless all are
// empty.
func isCommaRow(t []byte) bool {
	sep := byte(0)
	for _, c := range t {
		if c == ',' || c == ';' {
			if sep != 0 && c != sep {
				return false
			}
			sep = c
		}
	}
	if sep == 0 {
		return false
	}
	fields, width, digits, empty := 1, 0, false, true
	for _, c := range t {
		switch {
		case c == sep:
			fields, width = fields+1, 0
		case c == ' ' || c == '\t':
		default:
			digits, empty = digits || '0' <= c && c <= '9', false
			if width++; width > 3 {
				return false
			}
		}
	}
	return fields >= 4 && (digits || empty)
}

// unbracket turns the brackets, commas and quotes of an array written in
// JSON or a programming language into spaces, in place (so columns stay
// where they were): [["5","3","."],…] and [5, 3, 0] read as numbers
// separated by spaces, and a line of only brackets as a blank one.
func unbracket(t []byte) []byte {
	for i, c := range t {
		switch c {
		case '[', ']', ',', '"', '\'':
			t[i] = ' '
		}
	}
	return t
}

// peek returns the i-th pending line (0-based), or nil past the end of input.
// The line stays where it is until the ring grows, which a later peek may do.
func (r *Reader) peek(i int) *rec {
	for r.pending <= i {
		if !r.fill() {
			return nil
		}
	}
	return &r.q[(r.head+i)&(len(r.q)-1)]
}

// consume drops the first pending line.
func (r *Reader) consume() {
	r.head = (r.head + 1) & (len(r.q) - 1)
	r.pending--
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
