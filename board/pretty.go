package board

import (
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
	// Alphabet, if non-nil, shows each cell as its symbol instead of its
	// number, for display only: Reader reads pretty boards back only when
	// their cells are numbers (as Writer writes them). An alphabet too small
	// for the board is ignored.
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
	buf, err := appendPretty(nil, solution, puzzle, o)
	if err != nil {
		return err
	}
	_, err = w.Write(buf)
	return err
}

// appendPretty appends solution drawn as WritePretty draws it to dst.
func appendPretty(dst []byte, solution, puzzle *Board, o PrettyOptions) ([]byte, error) {
	s := solution.Shape
	n := s.Side()
	if !s.Valid() || len(solution.Cells) != n*n {
		return dst, fmt.Errorf("board.WritePretty: %w: %d cells for a %v board", ErrShape, len(solution.Cells), s)
	}
	if puzzle != nil && len(puzzle.Cells) != len(solution.Cells) {
		return dst, fmt.Errorf("board.WritePretty: %w: puzzle is %v, solution is %v", ErrShape, puzzle.Shape, s)
	}
	if o.Alphabet != nil && n > len(o.Alphabet.Symbols) {
		o.Alphabet = nil
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
	buf := dst
	line := func(e edge) {
		buf = append(buf, e.l...)
		for bc := 0; bc < s.BoxRows; bc++ { // there are BoxRows boxes across
			if bc > 0 {
				buf = append(buf, e.x...)
			}
			for i := 0; i < s.BoxCols*(width+1)+1; i++ {
				buf = append(buf, e.f...)
			}
		}
		buf = append(buf, e.r...)
		buf = append(buf, '\n')
	}
	var cell []byte
	line(top)
	for r := 0; r < n; r++ {
		if r > 0 && r%s.BoxRows == 0 {
			line(mid)
		}
		for c := 0; c < n; c++ {
			if c > 0 && c%s.BoxCols == 0 {
				buf = append(buf, ' ')
				buf = append(buf, bar...)
			} else if c == 0 {
				buf = append(buf, bar...)
			}
			buf = append(buf, ' ')
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
				buf = append(buf, ' ')
			}
			if o.Color && d != 0 {
				if puzzle != nil && puzzle.Cells[r*n+c] != 0 {
					buf = append(buf, ansiGiven...)
				} else {
					buf = append(buf, ansiSolved...)
				}
				buf = append(buf, cell...)
				buf = append(buf, ansiReset...)
			} else {
				buf = append(buf, cell...)
			}
		}
		buf = append(buf, ' ')
		buf = append(buf, bar...)
		buf = append(buf, '\n')
	}
	line(bot)
	return buf, nil
}
