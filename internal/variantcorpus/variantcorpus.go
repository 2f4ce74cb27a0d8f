// Package variantcorpus reads the variant Sudoku corpus of
// testdata/variants (manifest.json and its f-puzzles files) for tests and
// benchmarks: each puzzle as package variant reads it, with the solution
// its manifest records.
package variantcorpus

import (
	"encoding/json"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/fpuzzles"
	"github.com/satdoku/satdoku/internal/testpuzzles"
	"github.com/satdoku/satdoku/variant"
)

// Dir is the corpus directory, relative to the module root.
const Dir = "testdata/variants"

// Puzzle is one puzzle of the corpus.
type Puzzle struct {
	File   string // relative to Dir, such as "dclamage/blitz.json"
	Title  string
	Origin string // "real", "converted" or "constructed"
	Puzzle *variant.Puzzle
	// Solution is the manifest's solution.
	Solution *board.Board
}

// NotUnique lists the corpus puzzles that have several solutions as
// package variant reads them, and why (found by the SAT encoder's corpus
// test; the manifest's solution is one of them).
var NotUnique = map[string]string{
	// Empty: every corpus puzzle is unique. A puzzle added with several
	// solutions goes here, with the reason.
}

// Public reports whether the puzzle is a published one (real or
// converted), not one constructed for the corpus.
func (p Puzzle) Public() bool { return p.Origin == "real" || p.Origin == "converted" }

// Thinned returns a copy of p with every second given removed, from its
// first given (first 0) or its second (first 1), in reading order: a
// puzzle with many solutions, for the tests of true candidates.
func Thinned(p *variant.Puzzle, first int) *variant.Puzzle {
	q := *p
	q.Givens = p.Givens.Clone()
	k := 0
	for i, d := range q.Givens.Cells {
		if d != 0 {
			if k%2 == first {
				q.Givens.Cells[i] = 0
			}
			k++
		}
	}
	return &q
}

// Read reads every puzzle of the manifest; a missing or unreadable file
// fails the test.
func Read(tb testing.TB) []Puzzle {
	tb.Helper()
	data, err := os.ReadFile(testpuzzles.Path(Dir + "/manifest.json"))
	if err != nil {
		tb.Fatal(err)
	}
	var entries []struct{ File, Title, Origin, Solution string }
	if err := json.Unmarshal(data, &entries); err != nil {
		tb.Fatal(err)
	}
	if len(entries) == 0 {
		tb.Fatal("empty manifest")
	}
	out := make([]Puzzle, 0, len(entries))
	for _, e := range entries {
		f, err := os.Open(testpuzzles.Path(Dir + "/" + e.File))
		if err != nil {
			tb.Fatal(err)
		}
		res, err := fpuzzles.Read(f)
		f.Close()
		if err != nil {
			tb.Fatalf("%s: %v", e.File, err)
		}
		sol := board.New(res.Puzzle.Givens.Shape)
		fields := strings.Fields(e.Solution)
		if len(fields) == 1 {
			fields = strings.Split(e.Solution, "")
		}
		if len(fields) != len(sol.Cells) {
			tb.Fatalf("%s: a solution of %d digits for %d cells", e.File, len(fields), len(sol.Cells))
		}
		for i, s := range fields {
			d, err := strconv.Atoi(s)
			if err != nil || d < 1 || d > sol.Side() {
				tb.Fatalf("%s: solution digit %q", e.File, s)
			}
			sol.Cells[i] = uint8(d)
		}
		out = append(out, Puzzle{File: e.File, Title: e.Title, Origin: e.Origin, Puzzle: res.Puzzle, Solution: sol})
	}
	return out
}
