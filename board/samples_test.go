package board_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/internal/testpuzzles"
)

// TestSamples reads every committed sample (a missing or unreadable one
// fails): each board fits its shape, and boj-sample.out, the solution of
// boj-sample.in, is written back byte for byte.
func TestSamples(t *testing.T) {
	t.Parallel()
	puzzle := testpuzzles.Boards(t, "testdata/boj-sample.in")[0]
	sol := testpuzzles.Boards(t, "testdata/boj-sample.out")[0]
	if err := board.Verify(puzzle, sol); err != nil {
		t.Fatal(err)
	}
	out, err := os.ReadFile(testpuzzles.Path("testdata/boj-sample.out"))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := board.NewWriter(&buf, board.Grid).Write(sol, puzzle); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), out) {
		t.Errorf("grid writer:\n%q\nwant\n%q", buf.Bytes(), out)
	}
	files, _ := filepath.Glob(testpuzzles.Path("testdata/*.txt"))
	large, _ := filepath.Glob(testpuzzles.Path("testdata/large/*.txt"))
	files = append(files, large...)
	if len(files) < 10 {
		t.Fatalf("%d sample files", len(files))
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			t.Parallel()
			// A name such as 6x6-box2x3.txt gives the box shape.
			var s board.Shape
			if i := strings.Index(filepath.Base(f), "box"); i >= 0 {
				s = shapeOf(t, filepath.Base(f)[i+3:])
			}
			for _, p := range testpuzzles.ReadWith(t, f, func(r *board.Reader) { r.Shape = s }) {
				if err := p.Board.Check(); err != nil && !errors.Is(err, board.ErrClash) {
					t.Fatalf("line %d: %v", p.Line, err)
				}
			}
		})
	}
}

// shapeOf reads the box shape "2x3" at the start of s.
func shapeOf(t *testing.T, s string) board.Shape {
	var r, c int
	if _, err := fmt.Sscanf(s, "%dx%d", &r, &c); err != nil {
		t.Fatalf("box shape in the name %q: %v", s, err)
	}
	sh, err := board.NewShape(r, c)
	if err != nil {
		t.Fatalf("box shape in the name %q: %v", s, err)
	}
	return sh
}

// TestPublicData reads every puzzle of ../shared/data (about 110,000; in
// -short mode the small sets) and the extra files in ext/.
func TestPublicData(t *testing.T) {
	t.Parallel()
	sets := []struct {
		name string
		n    int
	}{
		{"puzzles2_17_clue", 49158},
		{"puzzles3_magictour_top1465", 1465},
		{"puzzles5_forum_hardest_1905_11+", 48766},
		{"puzzles6_forum_hardest_1106", 375},
		{"puzzles7_serg_benchmark", 10000},
	}
	for _, set := range sets {
		if testing.Short() && set.n > 2000 {
			continue
		}
		ps := testpuzzles.Read(t, testpuzzles.Shared(t, set.name))
		if len(ps) != set.n {
			t.Errorf("%s: %d puzzles, want %d", set.name, len(ps), set.n)
		}
		checkBoards(t, set.name, ps)
	}
	ext := []struct {
		name  string
		alpha *board.Alphabet
		n     int
		side  int
	}{
		{"p096_sudoku.txt", nil, 50, 9},
		{"plb_hard20.txt", nil, 20, 9},
		{"spoj16.txt", nil, 1, 16},
		{"spoj16_pubsol.txt", nil, 1, 16},
		{"spoj16_raw.txt", nil, 1, 16}, // letters A-P, read as such with no alphabet chosen
		{"spoj16_published_solution.txt", nil, 1, 16},
		{"durr25.txt", nil, 1, 25},
		{"durr_25x25_raw.txt", nil, 1, 25},
	}
	boards := map[string]*board.Board{}
	for _, e := range ext {
		ps := testpuzzles.ReadWith(t, testpuzzles.Shared(t, filepath.Join("ext", e.name)), func(r *board.Reader) { r.Alphabet = e.alpha })
		if len(ps) != e.n {
			t.Errorf("%s: %d puzzles, want %d", e.name, len(ps), e.n)
		}
		checkBoards(t, e.name, ps)
		if side := ps[0].Board.Side(); side != e.side {
			t.Errorf("%s: side %d, want %d", e.name, side, e.side)
		}
		boards[e.name] = ps[0].Board
	}
	// The converted files hold the same boards as the raw ones.
	for _, pair := range [][2]string{{"spoj16.txt", "spoj16_raw.txt"}, {"spoj16_pubsol.txt", "spoj16_published_solution.txt"}, {"durr25.txt", "durr_25x25_raw.txt"}} {
		if a, b := boards[pair[0]], boards[pair[1]]; !a.Equal(b) {
			t.Errorf("%s and %s differ", pair[0], pair[1])
		}
	}
	if err := board.Verify(boards["spoj16.txt"], boards["spoj16_pubsol.txt"]); err != nil {
		t.Errorf("spoj16 published solution: %v", err)
	}
}

// checkBoards fails on a board that does not fit its shape or holds a
// digit out of range.
func checkBoards(t *testing.T, name string, ps []*board.Puzzle) {
	t.Helper()
	for _, p := range ps {
		if err := p.Board.Check(); err != nil && !errors.Is(err, board.ErrClash) {
			t.Fatalf("%s line %d: %v", name, p.Line, err)
		}
	}
}
