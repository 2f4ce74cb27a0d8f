package input

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/fpuzzles"
	"github.com/satdoku/satdoku/variant"
)

// maxJSON bounds a JSON document, and any line, of a variant input.
const maxJSON = fpuzzles.MaxJSON

// Options say how the text formats are read.
type Options struct {
	// Shape is the box shape of text puzzles and pencil-mark grids; zero:
	// inferred from each puzzle's side.
	Shape board.Shape
	// Alphabet is the alphabet of text puzzles; nil: board's default.
	Alphabet *board.Alphabet
	// Notes receives a line for each puzzle that holds content not solved
	// with (an f-puzzles drawing, solver notes); nil: none are written.
	Notes io.Writer
}

// PuzzleError reports one puzzle of a variant input that cannot be read;
// the Reader goes on with the next. (A text puzzle that cannot be read is
// a *board.ParseError, as board.Reader reports it.)
type PuzzleError struct {
	Line int // the line where the puzzle starts, 1-based; 0 if unknown
	Err  error
}

// Error returns the message, which names the input and the line.
func (e *PuzzleError) Error() string { return e.Err.Error() }

// Unwrap returns the underlying error.
func (e *PuzzleError) Unwrap() error { return e.Err }

// Reader reads the puzzles of one input, in the format Detect finds at its
// start (see the package doc).
type Reader struct {
	// Format is the format detected at the start of the input. A variant
	// input (JSON, links, killer strings, …) may mix those forms, one a
	// line.
	Format Format

	text  *board.Reader
	marks *MarksReader
	fp    *stream
	name  string
}

// NewReader returns a Reader of the input br, named name in errors and
// notes (a file name, or "stdin"). It detects the format without reading
// past the lines it needs, so that puzzles piped in one at a time are
// answered at once; br should be of board.DefaultMaxLineLength+2 bytes or
// more, whose buffer board.Reader then reads from instead of copying it.
func NewReader(br *bufio.Reader, name string, opt Options) *Reader {
	r := &Reader{Format: detectReader(name, br), name: name}
	switch r.Format {
	case Text:
		r.text = board.NewReader(br)
		r.text.Name, r.text.Shape, r.text.Alphabet = name, opt.Shape, opt.Alphabet
	case Marks:
		r.marks = NewMarksReader(br)
		r.marks.Shape = opt.Shape
	default:
		r.fp = &stream{name: name, r: br, notes: opt.Notes}
	}
	return r
}

// Read returns the next puzzle and, for a variant input, its variant form
// (nil for a text puzzle), and io.EOF at the end. A puzzle that cannot be
// read is a *board.ParseError (text) or a *PuzzleError (variant input),
// and the next Read goes on after it; any other error is the input's and
// ends it.
func (r *Reader) Read() (*board.Puzzle, *variant.Puzzle, error) {
	switch {
	case r.text != nil:
		p, err := r.text.Read()
		return p, nil, err
	case r.marks != nil:
		v, line, err := r.marks.Read()
		var pe *variant.ParseError
		switch {
		case err == io.EOF:
			return nil, nil, io.EOF
		case errors.As(err, &pe):
			if line == 0 {
				line = pe.Line
			}
			return nil, nil, &PuzzleError{Err: fmt.Errorf("%s: %w", r.name, err), Line: line}
		case err != nil:
			return nil, nil, err
		}
		return variantBoard(v, line), v, nil
	}
	return r.fp.read()
}

// variantBoard returns the givens of a variant puzzle read at line as a
// board.Puzzle.
func variantBoard(v *variant.Puzzle, line int) *board.Puzzle {
	return &board.Puzzle{Board: v.Givens, Line: line, Format: board.Grid, Alphabet: board.Default}
}

// stream reads the puzzles of a variant input: a JSON document, a JSON
// array, or puzzles one a line (links, payloads, killer strings, JSON
// Lines, Interactive Sudoku Solver strings, the indented lines under one
// continuing it), blank lines and # comments skipped, read a line at a
// time so that a file of many links streams.
type stream struct {
	name  string
	r     *bufio.Reader
	notes io.Writer // where the ignored content is noted; nil: nowhere
	line  int       // lines read
	done  bool      // a JSON document was read: it is the whole input
	// arr reads an input that is a JSON array, element by element.
	arr *fpuzzles.ArrayReader
}

// read returns the next puzzle: a *PuzzleError for one that cannot be
// read, io.EOF at the end, or another error for an input that cannot be
// read at all.
func (f *stream) read() (*board.Puzzle, *variant.Puzzle, error) {
	if f.arr != nil {
		return f.element()
	}
	var text string
	var first int // the line where text starts
	for text == "" {
		if f.done {
			return nil, nil, io.EOF
		}
		if f.arrayAhead() {
			// A JSON array, however long its line: its elements are the
			// puzzles, each bounded by maxJSON, read as they come.
			f.line++
			f.arr = fpuzzles.NewArrayReader(f.r, LoadValue)
			f.arr.FirstLine = f.line
			return f.element()
		}
		l, err := f.readLine()
		if err != nil && err != io.EOF {
			return nil, nil, err
		}
		if err == io.EOF && l == "" {
			return nil, nil, io.EOF
		}
		f.line++
		first = f.line
		switch t := strings.TrimSpace(l); {
		case t == "" || t[0] == '#':
		case t[0] == '[' && (isJSONName(f.name) || t == "["):
			// A JSON array: its elements are the puzzles.
			f.arr = fpuzzles.NewArrayReader(io.MultiReader(strings.NewReader(l+"\n"), f.r), LoadValue)
			f.arr.FirstLine = f.line
			return f.element()
		case t[0] == '{' && json.Valid([]byte(t)):
			// A whole JSON document on its line: one puzzle of JSON Lines,
			// as -o fpuzzles writes a batch (or the whole input, if
			// nothing follows).
			text = t
			if _, perr := f.r.Peek(1); perr == io.EOF {
				f.done = true
			}
		case t[0] == '{':
			// The JSON document: the rest of the input.
			rest, rerr := io.ReadAll(io.LimitReader(f.r, int64(maxJSON+1-len(l))))
			if rerr != nil {
				return nil, nil, rerr
			}
			if len(l)+len(rest) > maxJSON {
				return nil, nil, fmt.Errorf("line %d: more than %d MiB of f-puzzles JSON", f.line, maxJSON>>20)
			}
			text, f.done = l+"\n"+string(rest), true
		case t[0] == '.' && Detect(t) == Sigh:
			var cerr error
			if text, cerr = f.sighLines(t); errors.Is(cerr, ErrSighLines) {
				return nil, nil, &PuzzleError{Err: fmt.Errorf("%s: %w", f.name, cerr), Line: first}
			} else if cerr != nil {
				return nil, nil, cerr
			}
			if _, perr := f.r.Peek(1); perr == io.EOF {
				err = io.EOF
			}
		default:
			text = t
		}
		if err == io.EOF {
			f.done = true
		}
	}
	at := fmt.Sprintf("%s: line %d", f.name, first)
	if first == 1 && f.done {
		at = f.name // the whole input
	}
	res, err := Load(text)
	if err != nil {
		return nil, nil, &PuzzleError{Err: fmt.Errorf("%s: %w", at, err), Line: first}
	}
	return f.puzzle(res, at, first)
}

// ErrSighLines reports Interactive Sudoku Solver strings on lines that
// follow each other with no indentation and no blank line between: one
// puzzle over several lines (as ISS's text box reads them) or a puzzle a
// line, which the text cannot tell.
var ErrSighLines = errors.New("consecutive lines of Interactive Sudoku Solver strings")

// sighLines returns an Interactive Sudoku Solver string that starts with
// line t and goes on over the lines that continue it: ISS itself reads
// every line of its text box as one puzzle, and its collections write a
// long one over several lines. A line continues the string when
//   - it is indented (as ISS's collections write them), or
//   - the string is broken inside a constraint: the line starts with '~'
//     or '_', or the string so far ends with '.', '~' or '_' and the line
//     is no string and no puzzle of another format of its own.
//
// A blank line, a comment, or a line of another format starts the next
// puzzle. So does an ISS string that is not indented, after a string
// continued over indented lines. One right under the first line of a
// string, with no indentation, is ambiguous: a puzzle over several lines
// or a puzzle a line. That string and every line that follows it so are
// refused as one, with ErrSighLines naming the line, rather than read
// either way at a guess.
func (f *stream) sighLines(t string) (string, error) {
	var sb strings.Builder
	sb.WriteString(t)
	first := f.line
	indented := false // a line of this string was indented
	ambiguous := 0    // the line of the first string right under another, unindented
	for {
		b, err := f.r.Peek(1)
		if err != nil {
			break
		}
		next, _ := f.peekLine()
		tn := strings.TrimSpace(next)
		if tn == "" || tn[0] == '#' {
			break
		}
		if !sighContinues(sb.String(), tn, b[0] == ' ' || b[0] == '\t') {
			if indented || tn[0] != '.' || Detect(tn) != Sigh {
				break
			}
			if ambiguous == 0 {
				ambiguous = f.line + 1
			}
		}
		indented = indented || b[0] == ' ' || b[0] == '\t'
		l, err := f.readLine()
		if err != nil && err != io.EOF {
			return "", err
		}
		f.line++
		if sb.Len()+len(l) > maxJSON {
			return "", fmt.Errorf("line %d: more than %d MiB of Interactive Sudoku Solver text", f.line, maxJSON>>20)
		}
		sb.WriteByte('\n')
		sb.WriteString(strings.TrimSpace(l))
	}
	if ambiguous > 0 {
		return "", fmt.Errorf("line %d: %w (lines %d to %d, none indented): one puzzle over several lines, as Interactive Sudoku Solver reads them, or a puzzle a line? Indent the lines that go on, as its collections do, or put a blank line between puzzles",
			ambiguous, ErrSighLines, first, f.line)
	}
	return sb.String(), nil
}

// sighContinues reports whether the line next (trimmed; indented says
// whether it was) goes on with the Interactive Sudoku Solver string cur:
// see sighLines.
func sighContinues(cur, next string, indented bool) bool {
	switch {
	case indented:
		return true
	case next[0] == '~' || next[0] == '_':
		return true
	case strings.HasSuffix(cur, ".") || strings.HasSuffix(cur, "~") || strings.HasSuffix(cur, "_"):
		return next[0] != '.' && Detect(next) == Text
	}
	return false
}

// peekLine returns the next line, without reading it, as far as the
// reader's buffer holds it.
func (f *stream) peekLine() (string, bool) {
	for i := 1; ; i++ {
		b, err := f.r.Peek(i)
		if err != nil {
			return string(b), false
		}
		if b[i-1] == '\n' {
			return string(b[:i-1]), true
		}
	}
}

// puzzle returns what was read at line (named at in notes), noting what
// it only draws.
func (f *stream) puzzle(res *fpuzzles.Result, at string, line int) (*board.Puzzle, *variant.Puzzle, error) {
	if f.notes != nil && len(res.Ignored) > 0 {
		fmt.Fprintf(f.notes, "satdoku: %s: note: not solved with: %s\n", at, ignoredList(res.Ignored))
	}
	return variantBoard(res.Puzzle, line), res.Puzzle, nil
}

// element returns the puzzle of the array's next element.
func (f *stream) element() (*board.Puzzle, *variant.Puzzle, error) {
	res, line, err := f.arr.Next()
	var ee *fpuzzles.ElementError
	switch {
	case err == io.EOF:
		return nil, nil, io.EOF
	case errors.As(err, &ee):
		return nil, nil, &PuzzleError{Err: fmt.Errorf("%s: %w", f.name, ee), Line: ee.Line}
	case err != nil:
		// Broken JSON: nothing after it can be read. It is this input's
		// error, and the next input is still read.
		f.arr, f.done = nil, true
		return nil, nil, &PuzzleError{Err: fmt.Errorf("%s: %w", f.name, err)}
	}
	return f.puzzle(res, fmt.Sprintf("%s: line %d", f.name, line), line)
}

// arrayAhead reports whether the next line starts a JSON array that holds
// puzzles: in a *.json input any '[', elsewhere '[' followed by a string
// or an object ('["…' or '[{'), which no text puzzle starts with. It reads
// nothing, and peeks no further than the white space after the '['.
func (f *stream) arrayAhead() bool {
	const most = 256 // of white space before and after the '['
	opened := false
	for i := 1; i <= most; i++ {
		b, err := f.r.Peek(i)
		if err != nil {
			return false
		}
		switch c := b[i-1]; {
		case c == ' ' || c == '\t' || c == '\r' || (opened && c == '\n'):
		case !opened && c == '[':
			if isJSONName(f.name) {
				return true
			}
			opened = true
		default:
			return opened && (c == '"' || c == '{')
		}
	}
	return false
}

// readLine returns the next line without its end, at most maxJSON bytes
// long, or io.EOF (with the last line, if it has no end).
func (f *stream) readLine() (string, error) {
	var sb strings.Builder
	for {
		chunk, err := f.r.ReadSlice('\n')
		if sb.Len()+len(chunk) > maxJSON {
			return "", fmt.Errorf("line %d: longer than %d MiB", f.line+1, maxJSON>>20)
		}
		sb.Write(chunk)
		switch err {
		case bufio.ErrBufferFull:
			continue
		case nil:
			return strings.TrimSuffix(sb.String(), "\n"), nil
		}
		return sb.String(), err
	}
}

// ignoredList says what an f-puzzles file holds that is not solved with.
func ignoredList(ig []fpuzzles.Ignored) string {
	words := make([]string, len(ig))
	for i, x := range ig {
		words[i] = x.String()
	}
	return strings.Join(words, "; ")
}
