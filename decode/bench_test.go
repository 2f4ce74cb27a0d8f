package decode_test

import (
	"strings"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/decode"
	"github.com/satdoku/satdoku/encode"
)

// grid25 returns a solved 25×25 grid (a pattern solution) and its puzzle
// with every other cell blank.
func grid25() (puzzle, solution *board.Board) {
	s := board.Square(5)
	solution = board.New(s)
	for r := 0; r < 25; r++ {
		for c := 0; c < 25; c++ {
			solution.Set(r, c, (5*(r%5)+r/5+c)%25+1)
		}
	}
	puzzle = solution.Clone()
	for i := range puzzle.Cells {
		if i%2 == 1 {
			puzzle.Cells[i] = 0
		}
	}
	return puzzle, solution
}

// BenchmarkReadOutput reads a 25×25 model (15,625 variables) printed as a
// SAT-competition solver does, in v lines of 10 literals.
func BenchmarkReadOutput(b *testing.B) {
	_, sol := grid25()
	m := gridModel(25, sol.Cells)
	text := formatCompetition(decode.Output{Status: encode.Sat, Model: m}, 10, true)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		out, err := decode.ReadOutput(strings.NewReader(text))
		if err != nil || len(out.Model) != len(m) {
			b.Fatal(err)
		}
	}
}

// BenchmarkBoard decodes and verifies a 25×25 model.
func BenchmarkBoard(b *testing.B) {
	puzzle, sol := grid25()
	m := gridModel(25, sol.Cells)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := decode.Board(puzzle, m); err != nil {
			b.Fatal(err)
		}
	}
}
