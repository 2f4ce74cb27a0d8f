package board

import (
	"fmt"
	"io"
	"strconv"
)

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
// ending in a newline. A digit a cannot write comes out as '?'.
func WriteCompact(w io.Writer, b *Board, a Alphabet) error {
	_, err := w.Write(AppendCompact(nil, b, a))
	return err
}

// AppendCompact appends b in compact format (as WriteCompact writes it) to dst.
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
// digit a cannot write comes out as '?'.
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

// Write writes b in format f (Line adds a newline), using a for the compact
// and line formats.
func Write(w io.Writer, b *Board, f Format, a Alphabet) error {
	var buf []byte
	switch f {
	case Grid:
		buf = AppendGrid(nil, b)
	case Compact:
		buf = AppendCompact(nil, b, a)
	case Line:
		buf = append(AppendLine(make([]byte, 0, len(b.Cells)+1), b, a), '\n')
	default:
		return fmt.Errorf("board.Write: unknown format %d", int(f))
	}
	_, err := w.Write(buf)
	return err
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
