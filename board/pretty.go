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
	// Regions, if non-nil, holds a region label per cell (r·N + c) of an
	// irregular (jigsaw) board: the borders are drawn between cells of
	// different regions instead of around the Shape's boxes.
	Regions []int
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
	if o.Regions != nil && len(o.Regions) != n*n {
		return dst, fmt.Errorf("board.WritePretty: %w: %d region labels for a %v board", ErrShape, len(o.Regions), s)
	}
	if o.Alphabet != nil && n > len(o.Alphabet.Symbols) {
		o.Alphabet = nil
	}
	width := len(strconv.Itoa(n))
	if o.Alphabet != nil {
		width = 1
	}
	if o.Regions != nil {
		return appendRegions(dst, solution, puzzle, o, width), nil
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
			buf, cell = appendCell(buf, cell, solution, puzzle, r*n+c, o, width)
		}
		buf = append(buf, ' ')
		buf = append(buf, bar...)
		buf = append(buf, '\n')
	}
	line(bot)
	return buf, nil
}

// appendCell appends cell i of solution, right-aligned in width columns,
// coloured as o says; cell is scratch space, returned for reuse.
func appendCell(buf, cell []byte, solution, puzzle *Board, i int, o PrettyOptions, width int) ([]byte, []byte) {
	d := solution.Cells[i]
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
		if puzzle != nil && puzzle.Cells[i] != 0 {
			buf = append(buf, ansiGiven...)
		} else {
			buf = append(buf, ansiSolved...)
		}
		buf = append(buf, cell...)
		return append(buf, ansiReset...), cell
	}
	return append(buf, cell...), cell
}

// appendRegions draws solution with the borders of o.Regions. Every cell
// has a slot on each side for a border, so that the columns line up
// whatever the regions' shapes; a slot holds '│' between two regions and
// a space inside one, and the lines between rows draw '─' under a cell
// whose region differs from the one below, with the junctions joining the
// borders that meet there:
//
//	┌───────────┬───┐
//	│ 7   4   1 │ 2 │
//	├───┬───────┘   │
//	│ 1 │ 2   3   6 │
//	└───┴───────────┘
func appendRegions(buf []byte, solution, puzzle *Board, o PrettyOptions, width int) []byte {
	n := solution.Side()
	region := func(r, c int) int { // −1 outside the board
		if r < 0 || c < 0 || r >= n || c >= n {
			return -1
		}
		return o.Regions[r*n+c]
	}
	// Junctions by the borders that meet there, indexed by
	// 8·up + 4·down + 2·left + right.
	junction := [16]string{
		"", "╶", "╴", "─", "╷", "┌", "┐", "┬",
		"╵", "└", "┘", "┴", "│", "├", "┤", "┼",
	}
	vbar, hbar := "│", "─"
	if o.ASCII {
		junction = [16]string{"", "-", "-", "-", "|", "+", "+", "+", "|", "+", "+", "+", "|", "+", "+", "+"}
		vbar, hbar = "|", "-"
	}
	junction[0] = " "
	// rule appends the line above row r (r = n: below the last row).
	rule := func(r int) {
		for c := 0; c <= n; c++ {
			// The borders meeting at the corner left of cell (r, c).
			up := region(r-1, c-1) != region(r-1, c)
			down := region(r, c-1) != region(r, c)
			left := region(r-1, c-1) != region(r, c-1)
			right := region(r-1, c) != region(r, c)
			k := 0
			if right {
				k |= 1
			}
			if left {
				k |= 2
			}
			if down {
				k |= 4
			}
			if up {
				k |= 8
			}
			buf = append(buf, junction[k]...)
			if c == n {
				break
			}
			fill := " "
			if right {
				fill = hbar
			}
			for i := 0; i < width+2; i++ {
				buf = append(buf, fill...)
			}
		}
		buf = append(buf, '\n')
	}
	var cell []byte
	for r := 0; r < n; r++ {
		rule(r)
		for c := 0; c < n; c++ {
			if region(r, c-1) != region(r, c) {
				buf = append(buf, vbar...)
			} else {
				buf = append(buf, ' ')
			}
			buf = append(buf, ' ')
			buf, cell = appendCell(buf, cell, solution, puzzle, r*n+c, o, width)
			buf = append(buf, ' ')
		}
		buf = append(buf, vbar...)
		buf = append(buf, '\n')
	}
	rule(n)
	return buf
}
