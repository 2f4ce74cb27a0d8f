package fallback_test

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/fallback"
	"github.com/satdoku/satdoku/variant"
)

// skyscraper23 is "Skyscaper 2-3" of Interactive Sudoku Solver's examples
// (e373f98): 26 skyscraper clues of 2 and 3 on an empty 9×9 board, with
// more than one solution. Each item is a line (R or C and its number), the clue
// before it (left or above) and the clue after it, "" for none.
var skyscraper23 = [][3]string{
	{"C8", "3", "2"}, {"R6", "2", "3"}, {"R8", "", "3"}, {"C7", "", "3"},
	{"C4", "", "3"}, {"C5", "", "3"}, {"C2", "", "3"}, {"C3", "3", "2"},
	{"R2", "3", "2"}, {"R1", "3", "3"}, {"R4", "3", ""}, {"C1", "2", "3"},
	{"R9", "3", ""}, {"R7", "2", "3"}, {"C6", "3", ""}, {"C9", "3", ""},
	{"R5", "", "3"}, {"R3", "2", "2"},
}

func skyscraper23Puzzle(t testing.TB) *variant.Puzzle {
	p := variant.New(board.Square(3))
	for _, it := range skyscraper23 {
		i, err := strconv.Atoi(it[0][1:])
		if err != nil {
			t.Fatal(err)
		}
		i--
		for side, clue := range it[1:] {
			if clue == "" {
				continue
			}
			count, err := strconv.Atoi(clue)
			if err != nil {
				t.Fatal(err)
			}
			row, col := -1, i // above a column
			if side == 1 {
				row = 9 // below
			}
			if strings.HasPrefix(it[0], "R") {
				row, col = i, -1 // left of a row
				if side == 1 {
					col = 9
				}
			}
			o, ok := variant.EdgeClue(9, row, col)
			if !ok {
				t.Fatalf("%v: no edge clue at %d,%d", it, row, col)
			}
			p.Rules = append(p.Rules, variant.Skyscraper{Clue: o, Count: count})
		}
	}
	return p
}

// TestSkyscraperSearchBounded checks that the backtracker finds two
// solutions of "Skyscaper 2-3" within a bound of search nodes. Its search
// took 11,500 nodes when a cell's first contradictions outweighed its
// propagators (weights starting at 1); it takes about 300 now, and
// Interactive Sudoku Solver about 750 guesses.
func TestSkyscraperSearchBounded(t *testing.T) {
	t.Parallel()
	p := skyscraper23Puzzle(t)
	s := fallback.NewSolver()
	s.NodeLimit = 2_000
	res, err := s.SolveVariant(context.Background(), p, 2)
	if err != nil || res.Count != 2 {
		t.Fatalf("got %d solutions, %v; want 2 within %d nodes", res.Count, err, s.NodeLimit)
	}
	for _, b := range res.Solutions {
		if err := variant.Check(p, b); err != nil {
			t.Errorf("solution %s: %v", b, err)
		}
	}
	t.Logf("2 solutions with %d guesses", res.Guesses)
}

// BenchmarkSkyscraper23 counts every solution (six) of "Skyscaper 2-3":
// a search where the skyscraper propagators take most of the time.
func BenchmarkSkyscraper23(b *testing.B) {
	p := skyscraper23Puzzle(b)
	s := fallback.NewSolver()
	for b.Loop() {
		res, err := s.SolveVariant(context.Background(), p, 100)
		if err != nil || res.Count != 6 {
			b.Fatalf("got %d solutions, %v; want 6", res.Count, err)
		}
	}
}
