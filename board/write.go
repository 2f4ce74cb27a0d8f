package board

import (
	"fmt"
	"io"
	"strconv"
)

// Writer writes boards in one output format, the mirror of Reader: what it
// writes, Reader reads back as the same board (given the same Shape and
// Alphabet). Options are plain fields; they may change between calls to
// Write, so one Writer can follow the format and alphabet of each puzzle.
type Writer struct {
	// Format is Grid, Compact, Line or Pretty.
	Format Format
	// Alphabet is the alphabet of the Compact and Line formats; nil means
	// Default. Grid and Pretty write numbers.
	Alphabet *Alphabet
	// ASCII draws Pretty's borders with '+', '-' and '|' instead of Unicode
	// box-drawing characters.
	ASCII bool
	// Color shows Pretty's givens in bold and solved cells in cyan with ANSI
	// escapes; the caller decides whether the output is a terminal (and
	// honours NO_COLOR). Reader ignores these escapes.
	Color bool
	// Regions, if non-nil, holds the region label of every cell of an
	// irregular (jigsaw) board, whose Pretty borders then follow the
	// regions (see PrettyOptions.Regions); Reader reads such boards back
	// as grids, without their regions.
	Regions []int

	w   io.Writer
	buf []byte

	checked struct { // the last combination Check accepted, if ok
		ok bool
		f  Format
		s  Shape
		a  Alphabet
	}
}

// NewWriter returns a Writer writing boards in format f to w.
func NewWriter(w io.Writer, f Format) *Writer { return &Writer{Format: f, w: w} }

func (w *Writer) alphabet() Alphabet {
	if w.Alphabet != nil {
		return *w.Alphabet
	}
	return Default
}

// Check reports whether the Writer, as it is set, can write boards of
// shape s: CanWrite(w.Format, s, alphabet). Call it before solving.
func (w *Writer) Check(s Shape) error {
	a := w.alphabet()
	if c := &w.checked; c.ok && c.f == w.Format && c.s == s && c.a == a {
		return nil
	}
	if err := CanWrite(w.Format, s, a); err != nil {
		return err
	}
	w.checked.ok, w.checked.f, w.checked.s, w.checked.a = true, w.Format, s, a
	return nil
}

// Write writes board b, followed by a newline (Grid, Compact and Pretty end
// every row with one; Line puts the board on one line). puzzle, which may be
// nil, holds the givens that Pretty shows in bold when Color is set. Write
// makes one call to the underlying writer per board, and writes nothing if
// the board cannot be written: it returns the error of Check, or ErrShape
// or ErrDigit for a malformed board.
func (w *Writer) Write(b, puzzle *Board) error {
	if err := wellFormed(b); err != nil {
		return err
	}
	if err := w.Check(b.Shape); err != nil {
		return err
	}
	var err error
	switch w.Format {
	case Grid:
		w.buf = AppendGrid(w.buf[:0], b)
	case Compact:
		w.buf = AppendCompact(w.buf[:0], b, w.alphabet())
	case Line:
		w.buf = append(AppendLine(w.buf[:0], b, w.alphabet()), '\n')
	case Pretty:
		w.buf, err = appendPretty(w.buf[:0], b, puzzle, PrettyOptions{ASCII: w.ASCII, Color: w.Color, Regions: w.Regions})
	}
	if err != nil {
		return err
	}
	_, err = w.w.Write(w.buf)
	return err
}

// wellFormed reports a board whose cells do not fit its shape (ErrShape) or
// that holds a digit above N (ErrDigit).
func wellFormed(b *Board) error {
	if !b.Shape.Valid() || len(b.Cells) != b.Shape.Cells() {
		return fmt.Errorf("%w: %d cells for a %v board", ErrShape, len(b.Cells), b.Shape)
	}
	n := b.Side()
	for i, d := range b.Cells {
		if int(d) > n {
			return fmt.Errorf("%w: %s=%d on a %v board", ErrDigit, b.CellName(i), d, b.Shape)
		}
	}
	return nil
}

// Write writes b in format f, as a Writer with no options does: Line adds
// a newline, Pretty has Unicode borders and no colour, and a is the
// alphabet of Compact and Line. It writes nothing and returns an error
// wrapping ErrCannotWrite if CanWrite refuses the board's shape.
func Write(w io.Writer, b *Board, f Format, a Alphabet) error {
	wr := NewWriter(w, f)
	wr.Alphabet = &a
	return wr.Write(b, nil)
}

// WriteGrid writes b in grid format: N lines of N numbers separated by
// single spaces, 0 for a blank, each line ending in a newline and none
// ending in a space. The output is exactly b.String().
func WriteGrid(w io.Writer, b *Board) error {
	_, err := w.Write(AppendGrid(nil, b))
	return err
}

// AppendGrid appends b in grid format (as WriteGrid writes it) to dst.
func AppendGrid(dst []byte, b *Board) []byte {
	n := b.Side()
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			if c > 0 {
				dst = append(dst, ' ')
			}
			dst = strconv.AppendUint(dst, uint64(b.Cells[r*n+c]), 10)
		}
		dst = append(dst, '\n')
	}
	return dst
}

// WriteCompact writes b in compact format: N lines of N symbols of a, each
// ending in a newline. It writes nothing and returns an error wrapping
// ErrCannotWrite if a cannot write the board (see CanWrite).
func WriteCompact(w io.Writer, b *Board, a Alphabet) error {
	return Write(w, b, Compact, a)
}

// AppendCompact appends b in compact format (as WriteCompact writes it) to
// dst. A digit a cannot write comes out as '?': check with CanWrite first.
func AppendCompact(dst []byte, b *Board, a Alphabet) []byte {
	n := b.Side()
	for r := 0; r < n; r++ {
		dst = AppendLine(dst, &Board{Shape: b.Shape, Cells: b.Cells[r*n : (r+1)*n]}, a)
		dst = append(dst, '\n')
	}
	return dst
}

// AppendLine appends the N² symbols of b in a, in row-major order and
// without a newline, to dst. It allocates nothing beyond growing dst. A
// digit a cannot write comes out as '?': check with CanWrite first.
func AppendLine(dst []byte, b *Board, a Alphabet) []byte {
	var blank byte = '?'
	if a.Blanks != "" {
		blank = a.Blanks[0]
	}
	syms := a.Symbols
	for _, d := range b.Cells {
		switch {
		case d == 0:
			dst = append(dst, blank)
		case int(d) <= len(syms):
			dst = append(dst, syms[d-1])
		default:
			dst = append(dst, '?')
		}
	}
	return dst
}

// Subset returns a copy of b that keeps only the given cells (indexes
// r·N + c) and blanks the others, for showing a few givens on their own,
// such as a set of givens that cannot all hold. Out-of-range indexes are
// ignored.
func Subset(b *Board, cells []int) *Board {
	out := &Board{Shape: b.Shape, Cells: make([]uint8, len(b.Cells))}
	for _, i := range cells {
		if i >= 0 && i < len(b.Cells) {
			out.Cells[i] = b.Cells[i]
		}
	}
	return out
}
