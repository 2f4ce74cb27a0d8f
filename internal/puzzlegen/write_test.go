package puzzlegen

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/satdoku/satdoku/board"
)

var update = flag.Bool("update", false, "rewrite the generated puzzle files in ../../testdata/large")

// TestWriteLargeSets writes the large-board benchmark sets with -update:
// 20 puzzles each of 16×16 and 25×25 with 50–60% blanks (line format),
// and 36×36 (grid format: the line alphabet stops at 35 symbols).
func TestWriteLargeSets(t *testing.T) {
	if !*update {
		t.Skip("run with -update to rewrite testdata/large")
	}
	dir := filepath.Join("..", "..", "testdata", "large")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	sets := []struct {
		name   string
		shape  board.Shape
		count  int
		format board.Format
	}{
		{"16x16.txt", board.Square(4), 20, board.Line},
		{"25x25.txt", board.Square(5), 20, board.Line},
		{"36x36.txt", board.Square(6), 5, board.Grid},
	}
	for _, set := range sets {
		rng := rand.New(rand.NewPCG(uint64(set.shape.Side()), 2026))
		f, err := os.Create(filepath.Join(dir, set.name))
		if err != nil {
			t.Fatal(err)
		}
		w := bufio.NewWriter(f)
		fmt.Fprintf(w, "# %d random %v puzzles with 50-60%% blanks, from internal/puzzlegen (seed %d, 2026); not necessarily unique\n",
			set.count, set.shape, set.shape.Side())
		for i := 0; i < set.count; i++ {
			blank := 0.50 + 0.10*float64(i)/float64(set.count-1)
			p := Holes(rng, Grid(rng, set.shape), blank)
			if set.format == board.Grid {
				if i > 0 {
					w.WriteString("\n")
				}
				board.WriteGrid(w, p)
			} else {
				w.Write(board.AppendLine(nil, p, board.Default))
				w.WriteString("\n")
			}
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
}
