package board

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
)

// PrettyOptions controls WritePretty.
type PrettyOptions struct {
	// ASCII draws the borders with '+', '-' and '|' instead of Unicode box characters.
	ASCII bool
	// Color shows givens in bold and solved cells in cyan with ANSI escapes;
	// the caller decides whether the output is a terminal (and honours NO_COLOR).
	Color bool
	// Alphabet, if non-nil, shows each cell as its symbol instead of its number.
	Alphabet *Alphabet
}

// ANSI escapes used by WritePretty.
const (
	ansiGiven  = "\x1b[1m"
	ansiSolved = "\x1b[36m"
	ansiReset  = "\x1b[0m"
)

// WritePretty writes solution as a grid with box borders, for people. Cells
// that are givens of puzzle (which may be nil) are shown in bold when
// o.Color is set; blank cells show as '.'. Every cell is as wide as the
// widest number (or symbol) of the board, and every size and box shape works:
//
//	┌───────┬───────┬───────┐
//	│ 5 3 4 │ 6 7 8 │ 9 1 2 │
//	…
//	├───────┼───────┼───────┤
//	…
//	└───────┴───────┴───────┘
func WritePretty(w io.Writer, solution, puzzle *Board, o PrettyOptions) error {
	s := solution.Shape
	n := s.Side()
	if !s.Valid() || len(solution.Cells) != n*n {
		return fmt.Errorf("board.WritePretty: %w: %d cells for a %v board", ErrShape, len(solution.Cells), s)
	}
	if puzzle != nil && len(puzzle.Cells) != len(solution.Cells) {
		return fmt.Errorf("board.WritePretty: %w: puzzle is %v, solution is %v", ErrShape, puzzle.Shape, s)
	}
	width := len(strconv.Itoa(n))
	if o.Alphabet != nil {
		width = 1
	}
	// Border pieces: left, fill, cross, right for top, middle and bottom.
	type edge struct{ l, f, x, r string }
	top, mid, bot, bar := edge{"┌", "─", "┬", "┐"}, edge{"├", "─", "┼", "┤"}, edge{"└", "─", "┴", "┘"}, "│"
	if o.ASCII {
		top, mid, bot, bar = edge{"+", "-", "+", "+"}, edge{"+", "-", "+", "+"}, edge{"+", "-", "+", "+"}, "|"
	}
	var buf bytes.Buffer
	line := func(e edge) {
		buf.WriteString(e.l)
		for bc := 0; bc < s.BoxRows; bc++ { // there are BoxRows boxes across
			if bc > 0 {
				buf.WriteString(e.x)
			}
			for i := 0; i < s.BoxCols*(width+1)+1; i++ {
				buf.WriteString(e.f)
			}
		}
		buf.WriteString(e.r)
		buf.WriteByte('\n')
	}
	var cell []byte
	line(top)
	for r := 0; r < n; r++ {
		if r > 0 && r%s.BoxRows == 0 {
			line(mid)
		}
		for c := 0; c < n; c++ {
			if c > 0 && c%s.BoxCols == 0 {
				buf.WriteByte(' ')
				buf.WriteString(bar)
			} else if c == 0 {
				buf.WriteString(bar)
			}
			buf.WriteByte(' ')
			d := solution.Cells[r*n+c]
			cell = cell[:0]
			switch {
			case d == 0:
				cell = append(cell, '.')
			case o.Alphabet != nil:
				cell = append(cell, o.Alphabet.Symbol(int(d)))
			default:
				cell = strconv.AppendUint(cell, uint64(d), 10)
			}
			for i := len(cell); i < width; i++ {
				buf.WriteByte(' ')
			}
			if o.Color && d != 0 {
				if puzzle != nil && puzzle.Cells[r*n+c] != 0 {
					buf.WriteString(ansiGiven)
				} else {
					buf.WriteString(ansiSolved)
				}
				buf.Write(cell)
				buf.WriteString(ansiReset)
			} else {
				buf.Write(cell)
			}
		}
		buf.WriteString(" ")
		buf.WriteString(bar)
		buf.WriteByte('\n')
	}
	line(bot)
	_, err := w.Write(buf.Bytes())
	return err
}
