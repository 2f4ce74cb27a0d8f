package decode_test

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/decode"
	"github.com/satdoku/satdoku/encode"
)

// FuzzReadOutput checks that ReadOutput never panics, that its errors carry
// a position inside the input, and that what it reads comes back equal when
// written as SAT-competition output at any width (with and without the
// final 0, with LF or CRLF) and as a MiniSat result file.
func FuzzReadOutput(f *testing.F) {
	for _, s := range []string{
		"c CaDiCaL\ns SATISFIABLE\nv 1 -2 -3\nv 4 0\n",
		"s SATISFIABLE\r\nv 1 -2\r\nv -3\r\n",
		"s UNSATISFIABLE\n", "s UNKNOWN\n", "SAT\n1 -2 3 0\n", "UNSAT\n", "INDET\n",
		"1 -2 3 0\n", "v -1 2 0\ns SATISFIABLE\n", "s SATISFIABLE\nv 0\n",
		"s SATISFIABLE\nv 1 -1 0\n", "v 1 0 2\n", "v -0\n", "v 4194305\n", "s SAT\n", "c\n\n\t\n",
		"v 99999999999999999999999999999999999999 0", "\x00\xff", "s  SATISFIABLE \t\nv\t-7\n",
		"s SATISFIABLE\nv x1 -x2 x3\n", "v x0\n", "v -x\n", "v xx7 0\n",
	} {
		f.Add([]byte(s), uint8(3))
	}
	f.Fuzz(func(t *testing.T, data []byte, width uint8) {
		out, err := decode.ReadOutput(bytes.NewReader(data))
		if err != nil {
			var pe *decode.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("%T %v is not a *ParseError", err, err)
			}
			lines := bytes.Count(data, []byte("\n")) + 1
			if pe.Line < 1 || pe.Line > lines || pe.Col < 1 || pe.Col > len(data)+1 || pe.Err == nil {
				t.Fatalf("%v: position outside the %d lines, %d bytes of input", err, lines, len(data))
			}
			if !strings.HasPrefix(err.Error(), "line ") {
				t.Fatalf("error text %q", err)
			}
			return
		}
		switch out.Status {
		case encode.Sat:
			if len(out.Model) == 0 || out.Model[0] {
				t.Fatalf("SATISFIABLE with model %v", out.Model)
			}
		case encode.Unsat, encode.Unknown:
			if out.Model != nil {
				t.Fatalf("%v with a model", out.Status)
			}
		default:
			t.Fatalf("status %v", out.Status)
		}
		if len(out.Model) > 1<<16 {
			return // a round trip of a huge model is too slow to fuzz
		}
		w := int(width) % 24 // 0: all on one line
		texts := []string{
			formatCompetition(out, w, true),
			formatCompetition(out, w, false),
			strings.ReplaceAll(formatCompetition(out, w+1, width&1 == 0), "\n", "\r\n"),
			formatMiniSat(out),
		}
		for _, text := range texts {
			back, err := decode.ReadOutput(strings.NewReader(text))
			if err != nil {
				t.Fatalf("re-reading %q: %v", text, err)
			}
			if back.Status != out.Status || !slices.Equal(back.Model, out.Model) {
				t.Fatalf("re-reading %q: %v %v, want %v %v", text, back.Status, back.Model, out.Status, out.Model)
			}
		}
	})
}

// FuzzBoard checks that Board never panics and never returns a grid that
// board.Verify rejects. The input gives a 4×4 puzzle (one byte per cell),
// a digit choice per cell (0: none, 1..4, 5: two digits) and a model length.
func FuzzBoard(f *testing.F) {
	seed := make([]byte, 33)
	copy(seed[16:], solution4)
	seed[32] = 65
	f.Add(seed)
	seed = slices.Clone(seed)
	seed[0], seed[5], seed[10], seed[15] = 1, 4, 4, 1
	f.Add(seed)
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		shape := board.Square(2)
		puzzle := board.New(shape)
		for i := range puzzle.Cells {
			if i < len(data) {
				puzzle.Cells[i] = data[i] % 6 // 5: out of range
			}
		}
		m := make([]bool, 65+3)
		for cell := 0; cell < 16; cell++ {
			k := 16 + cell
			if k >= len(data) {
				break
			}
			switch d := int(data[k] % 6); d {
			case 0:
			case 5:
				m[encode.CellVar(4, cell, 1)], m[encode.CellVar(4, cell, 2)] = true, true
			default:
				m[encode.CellVar(4, cell, d)] = true
			}
		}
		if len(data) > 32 {
			m = m[:int(data[32])%len(m)]
		}
		before := puzzle.Clone()
		grid, err := decode.Board(puzzle, m)
		if !puzzle.Equal(before) {
			t.Fatal("Board modified the puzzle")
		}
		if err != nil {
			if grid != nil || err.Error() == "" {
				t.Fatalf("grid %v with error %v", grid, err)
			}
			return
		}
		if err := board.Verify(puzzle, grid); err != nil {
			t.Fatalf("Board returned %v, which Verify rejects: %v", grid, err)
		}
	})
}
