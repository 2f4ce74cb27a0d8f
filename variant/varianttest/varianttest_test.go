package varianttest_test

import (
	"math/rand/v2"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/variant"
	"github.com/satdoku/satdoku/variant/varianttest"
)

// TestCompletions checks the enumeration against known counts: 288 4×4
// grids, and 4×4 grids with both diagonals distinct.
func TestCompletions(t *testing.T) {
	t.Parallel()
	p := variant.New(board.Square(2))
	seen, complete := varianttest.Completions(p, 1000, func(g *board.Board) bool {
		if err := variant.Check(p, g); err != nil {
			t.Fatalf("completion breaks the puzzle: %v", err)
		}
		return true
	})
	if seen != 288 || !complete {
		t.Fatalf("4x4 completions: %d (complete %v), want 288", seen, complete)
	}
	// Counted by brute force over the 288: those keeping both diagonals.
	want := 0
	varianttest.Completions(p, 1000, func(g *board.Board) bool {
		q := variant.New(board.Square(2))
		q.Rules = []variant.Rule{variant.PositiveDiagonal{}, variant.NegativeDiagonal{}}
		if variant.Check(q, g) == nil {
			want++
		}
		return true
	})
	p.Rules = []variant.Rule{variant.PositiveDiagonal{}, variant.NegativeDiagonal{}}
	got, _ := varianttest.Completions(p, 1000, func(*board.Board) bool { return true })
	if got != want || want == 0 {
		t.Fatalf("4x4 X-sudoku completions: %d, want %d", got, want)
	}
	if n, complete := varianttest.Completions(variant.New(board.Square(2)), 10, func(*board.Board) bool { return true }); n != 10 || complete {
		t.Fatalf("limit 10: %d seen, complete %v", n, complete)
	}
}

func TestGridAndRegions(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 1))
	for _, s := range []board.Shape{board.Square(2), {BoxRows: 2, BoxCols: 3}, board.Classic, board.Square(4)} {
		g := varianttest.Grid(rng, s)
		p := variant.New(s)
		if err := variant.Check(p, g); err != nil {
			t.Fatalf("%v grid: %v", s, err)
		}
		p.Regions = varianttest.Regions(rng, g, p.RegionLabels(), 20)
		if err := variant.Check(p, g); err != nil {
			t.Fatalf("%v grid with its regions: %v", s, err)
		}
	}
}
