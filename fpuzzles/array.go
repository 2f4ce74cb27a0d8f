package fpuzzles

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/variant"
)

// ArrayReader reads the puzzles of a JSON array, one element at a time, so
// that a dataset of millions streams: each element is a puzzle that its
// value reader reads (package input's LoadValue reads any form: an
// f-puzzles or SudokuPad object, an object holding a board, a string that
// is a line puzzle or a link, an array of rows). An array whose elements
// are rows of cells is one board, as LeetCode writes it
// ([["5","3",".",…],…]).
type ArrayReader struct {
	// FirstLine is the number of the input's first line, for the lines
	// that results and errors name (0 is 1).
	FirstLine int

	value   func(json.RawMessage) (*Result, error)
	in      *countingReader
	dec     *json.Decoder
	index   int // elements read
	started bool
	done    bool
	final   error
}

// ElementError reports an element of the array that is no puzzle; the
// reader goes on with the next one.
type ElementError struct {
	Index int // 1-based
	Line  int // the line where the element starts
	Err   error
}

// Error returns "line L (element I): <reason>".
func (e *ElementError) Error() string {
	return fmt.Sprintf("line %d (element %d): %v", e.Line, e.Index, e.Err)
}

// Unwrap returns the underlying error.
func (e *ElementError) Unwrap() error { return e.Err }

// NewArrayReader returns a reader of the JSON array that r holds, whose
// elements value reads.
func NewArrayReader(r io.Reader, value func(raw json.RawMessage) (*Result, error)) *ArrayReader {
	in := &countingReader{r: bufio.NewReader(r)}
	dec := json.NewDecoder(in)
	in.dec = dec
	return &ArrayReader{in: in, dec: dec, value: value}
}

// Next returns the next puzzle and the line where it starts; io.EOF after
// the last. An *ElementError concerns one element, and the next call reads
// the one after it; any other error (the JSON is broken, or is no array) is
// final, a *FormatError naming the line and column where it is.
func (a *ArrayReader) Next() (*Result, int, error) {
	if a.final != nil {
		return nil, 0, a.final
	}
	if a.done {
		return nil, 0, io.EOF
	}
	if a.index == 0 && !a.started {
		a.started = true
		tok, err := a.dec.Token()
		if err != nil {
			return nil, 0, a.failFrom(0, err)
		}
		if d, ok := tok.(json.Delim); !ok || d != '[' {
			return nil, 0, a.failAt(a.dec.InputOffset()-1, errors.New("the JSON is no array"))
		}
	}
	if !a.dec.More() {
		vstart := a.dec.InputOffset()
		a.in.trim(vstart)
		if _, err := a.dec.Token(); err != nil { // ']'
			return nil, 0, a.failFrom(vstart, err)
		}
		a.done = true
		vstart = a.dec.InputOffset()
		a.in.trim(vstart)
		if _, err := a.dec.Token(); err != io.EOF {
			data := a.in.since(vstart)
			skip := len(data) - len(bytes.TrimLeft(data, " \t\r\n"))
			return nil, 0, a.failAt(vstart+int64(skip), errors.New("text after the array"))
		}
		return nil, 0, io.EOF
	}
	var raw json.RawMessage
	vstart := a.dec.InputOffset()
	a.in.trim(vstart)
	if err := a.dec.Decode(&raw); err != nil {
		return nil, 0, a.failFrom(vstart, err)
	}
	a.index++
	start := a.dec.InputOffset() - int64(len(raw))
	line := a.in.lineAt(start) + a.lineBase()
	if a.index == 1 && isRow(raw) {
		// The array is one board: these are its rows.
		res, err := a.readRows(raw)
		if err != nil {
			return nil, 0, err
		}
		a.done = true
		return res, line, nil
	}
	res, err := a.value(raw)
	if err != nil {
		return nil, line, &ElementError{Index: a.index, Line: line, Err: err}
	}
	return res, line, nil
}

func (a *ArrayReader) lineBase() int { return max(a.FirstLine, 1) - 1 }

// readRows reads the rows of a board, first its first, up to the end of
// the array.
func (a *ArrayReader) readRows(first json.RawMessage) (*Result, error) {
	rows := []any{}
	var row []any
	if err := json.Unmarshal(first, &row); err != nil {
		return nil, a.fail(err)
	}
	rows = append(rows, row)
	for a.dec.More() {
		if len(rows) > board.MaxSide {
			return nil, a.fail(fmt.Errorf("more than %d rows", board.MaxSide))
		}
		var r any
		vstart := a.dec.InputOffset()
		a.in.trim(vstart)
		if err := a.dec.Decode(&r); err != nil {
			return nil, a.failFrom(vstart, err)
		}
		rows = append(rows, r)
	}
	if _, err := a.dec.Token(); err != nil {
		return nil, a.fail(err)
	}
	b, ok := asBoard(rows, true)
	if !ok {
		return nil, a.fail(fmt.Errorf("the array's %d rows are no board (N rows of N numbers, 0, \".\" or \"\" for a blank)", len(rows)))
	}
	return ClassicResult(b), nil
}

// isRow reports whether raw is an array of numbers, strings or nulls.
func isRow(raw json.RawMessage) bool {
	var row []any
	if json.Unmarshal(raw, &row) != nil || len(row) == 0 {
		return false
	}
	for _, c := range row {
		switch c.(type) {
		case float64, string, nil:
		default:
			return false
		}
	}
	return true
}

// fail makes err final, naming the line and column where the reader is.
func (a *ArrayReader) fail(err error) error { return a.failAt(a.dec.InputOffset(), err) }

// failFrom makes err, met reading from byte offset start on, final. A
// syntax error is placed on its character: a Decoder's offsets do not
// count the bytes its tokens consumed, so the text from start is scanned
// again to find it.
func (a *ArrayReader) failFrom(start int64, err error) error {
	var se *json.SyntaxError
	if !errors.As(err, &se) {
		return a.fail(err)
	}
	data := a.in.since(start)
	// The decoder has consumed the white space and, after an element, the
	// one comma before the value.
	skip := len(data) - len(bytes.TrimLeft(data, " \t\r\n"))
	if a.index > 0 && skip < len(data) && data[skip] == ',' {
		skip++
		skip += len(data[skip:]) - len(bytes.TrimLeft(data[skip:], " \t\r\n"))
	}
	var v any
	if err2 := json.Unmarshal(data[skip:], &v); errors.As(err2, &se) && se.Offset > 0 {
		return a.failAt(start+int64(skip)+se.Offset-1, err)
	}
	return a.fail(err)
}

// failAt makes err final, naming the line and column of byte offset off.
func (a *ArrayReader) failAt(off int64, err error) error {
	line, col := a.in.position(off)
	line += a.lineBase()
	a.final = &FormatError{Err: fmt.Errorf("line %d, column %d: %w", line, col, err)}
	return a.final
}

// countingReader counts the lines of what it passes on, keeping the
// offsets of the newlines the decoder may still ask about (it buffers
// ahead), and refuses to let the decoder hold more than MaxJSON bytes of
// one value.
type countingReader struct {
	r        io.Reader
	dec      *json.Decoder
	read     int64
	newlines []int64 // offsets of the newlines at or after base
	before   int     // newlines before newlines[0]
	// kept holds the bytes read from offset keptFrom on (see trim).
	kept     []byte
	keptFrom int64
}

// trim forgets the bytes read before offset off.
func (c *countingReader) trim(off int64) {
	if d := off - c.keptFrom; d > 0 && d <= int64(len(c.kept)) {
		c.kept = append(c.kept[:0], c.kept[d:]...)
		c.keptFrom = off
	}
}

// since returns the bytes read from offset off (at least the last trim) on.
func (c *countingReader) since(off int64) []byte {
	if d := off - c.keptFrom; d >= 0 && d <= int64(len(c.kept)) {
		return c.kept[d:]
	}
	return nil
}

func (c *countingReader) Read(p []byte) (int, error) {
	if c.dec != nil && c.read-c.dec.InputOffset() > MaxJSON {
		return 0, fmt.Errorf("a JSON value of more than %d MiB", MaxJSON>>20)
	}
	n, err := c.r.Read(p)
	c.kept = append(c.kept, p[:n]...)
	for i, b := range p[:n] {
		if b == '\n' {
			c.newlines = append(c.newlines, c.read+int64(i))
		}
	}
	c.read += int64(n)
	return n, err
}

// position returns the 1-based line and column of byte offset off (the
// column in bytes), forgetting the newlines before that line: offsets
// asked for only grow.
func (c *countingReader) position(off int64) (line, col int) {
	k := 0
	for k < len(c.newlines) && c.newlines[k] < off {
		k++
	}
	lineStart := int64(0)
	if k > 0 {
		lineStart = c.newlines[k-1] + 1
	}
	line = c.before + k + 1
	if k > 1 {
		c.before += k - 1
		c.newlines = append(c.newlines[:0], c.newlines[k-1:]...)
	}
	return line, int(off-lineStart) + 1
}

func (c *countingReader) lineAt(off int64) int {
	line, _ := c.position(off)
	return line
}

// ClassicResult returns a classic board as a puzzle with no rules.
func ClassicResult(b *board.Board) *Result {
	p := variant.New(b.Shape)
	copy(p.Givens.Cells, b.Cells)
	return &Result{Puzzle: p}
}
