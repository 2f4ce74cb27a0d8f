package input_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/input"
)

// benchLines is 10,000 line-format 9×9 puzzles, as board's BenchmarkReader
// reads them.
var benchLines = []byte(strings.Repeat("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n", 10000))

// BenchmarkReaderClassic reads line-format 9×9 puzzles the way the command
// line does (Decode, detection, board.Reader behind input.Reader); one op
// is one puzzle. Compare with board's BenchmarkReader: the detection is
// once per input, and the classic path per puzzle is board's own.
func BenchmarkReaderClassic(b *testing.B) {
	b.ReportAllocs()
	b.SetBytes(82)
	const per = 10000
	count := 0
	for count < b.N {
		br := input.Decode(bytes.NewReader(benchLines), board.DefaultMaxLineLength+2)
		r := input.NewReader(br, "bench", input.Options{})
		for i := 0; i < per && count < b.N; i++ {
			p, _, err := r.Read()
			if err != nil || len(p.Board.Cells) != 81 {
				b.Fatalf("puzzle %d: %v", i, err)
			}
			count++
		}
	}
}

// BenchmarkReaderClassicBoard is BenchmarkReaderClassic without
// input.Reader: Decode and board.Reader alone, as the command line read
// classic puzzles before package input. The two differ by what
// input.Reader adds per puzzle.
func BenchmarkReaderClassicBoard(b *testing.B) {
	b.ReportAllocs()
	b.SetBytes(82)
	const per = 10000
	count := 0
	for count < b.N {
		r := board.NewReader(input.Decode(bytes.NewReader(benchLines), board.DefaultMaxLineLength+2))
		for i := 0; i < per && count < b.N; i++ {
			p, err := r.Read()
			if err != nil || len(p.Board.Cells) != 81 {
				b.Fatalf("puzzle %d: %v", i, err)
			}
			count++
		}
	}
}
