package board

import (
	"bufio"
	"bytes"
	"io"
	"strings"
	"testing"
)

// benchInput is 10,000 line-format 9×9 puzzles (82 bytes each with the newline).
var benchInput = func() []byte {
	var b bytes.Buffer
	const p = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
	for i := 0; i < 10000; i++ {
		b.WriteString(p)
		b.WriteByte('\n')
	}
	return b.Bytes()
}()

// BenchmarkReader reads line-format 9×9 puzzles; one op is one puzzle.
func BenchmarkReader(b *testing.B) {
	b.ReportAllocs()
	b.SetBytes(82)
	const per = 10000
	count := 0
	for count < b.N {
		r := NewReader(bytes.NewReader(benchInput))
		for i := 0; i < per && count < b.N; i++ {
			p, err := r.Read()
			if err != nil || len(p.Board.Cells) != 81 {
				b.Fatalf("puzzle %d: %v", i, err)
			}
			count++
		}
	}
}

// benchRead reads count puzzles, each written as one, again and again; one
// op is one puzzle.
func benchRead(b *testing.B, one string, count int) {
	data := []byte(strings.Repeat(one, count))
	b.ReportAllocs()
	b.SetBytes(int64(len(one)))
	n := 0
	for n < b.N {
		r := NewReader(bytes.NewReader(data))
		for n < b.N {
			_, err := r.Read()
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			n++
		}
	}
}

const (
	benchGrid    = "0 3 5 4 6 9 2 7 8\n7 8 2 1 0 5 6 0 9\n0 6 0 2 7 8 1 3 5\n3 2 1 0 4 6 8 9 7\n8 0 4 9 1 3 5 0 6\n5 9 6 8 2 0 4 1 3\n9 1 7 6 5 2 0 8 0\n6 0 3 7 0 1 9 5 2\n2 5 8 3 9 4 7 6 0\n"
	benchCompact = "003020600\n900305001\n001806400\n008102900\n700000008\n006708200\n002609500\n800203009\n005010300\n"
)

// BenchmarkReaderGrid reads the classic grid format, a blank line after each grid.
func BenchmarkReaderGrid(b *testing.B) { benchRead(b, benchGrid+"\n", 1000) }

// BenchmarkReaderGridBackToBack reads grids with nothing between them: each
// grid looks at the rows after it, which could be rows too many.
func BenchmarkReaderGridBackToBack(b *testing.B) { benchRead(b, benchGrid, 1000) }

// BenchmarkReaderCompact reads compact grids under "Grid NN" titles, as
// Project Euler 96 writes them.
func BenchmarkReaderCompact(b *testing.B) { benchRead(b, "Grid 01\n"+benchCompact, 1000) }

// BenchmarkReaderCompactBackToBack reads compact grids with nothing between them.
func BenchmarkReaderCompactBackToBack(b *testing.B) { benchRead(b, benchCompact, 1000) }

// BenchmarkAppendLine writes one 9×9 board in line format.
func BenchmarkAppendLine(b *testing.B) {
	bd, err := Parse(string(benchInput[:81]))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	buf := make([]byte, 0, 128)
	for i := 0; i < b.N; i++ {
		buf = AppendLine(buf[:0], bd, Default)
	}
}

var benchSink []byte

// BenchmarkBaselineScanner is the floor BenchmarkReader is compared with:
// splitting the same input into lines with bufio.Scanner and copying each
// into a fresh 81-byte slice, with no checking at all.
func BenchmarkBaselineScanner(b *testing.B) {
	b.ReportAllocs()
	b.SetBytes(82)
	count := 0
	for count < b.N {
		sc := bufio.NewScanner(bytes.NewReader(benchInput))
		for count < b.N && sc.Scan() {
			cells := make([]byte, 81)
			copy(cells, sc.Bytes())
			benchSink = cells
			count++
		}
	}
}

// BenchmarkWriterLine writes one 9×9 board in line format through a Writer
// (the check that the format can write it is cached).
func BenchmarkWriterLine(b *testing.B) {
	bd, err := Parse(string(benchInput[:81]))
	if err != nil {
		b.Fatal(err)
	}
	w := NewWriter(io.Discard, Line)
	b.ReportAllocs()
	for b.Loop() {
		if err := w.Write(bd, nil); err != nil {
			b.Fatal(err)
		}
	}
}
