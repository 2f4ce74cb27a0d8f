package generate_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/engine"
	"github.com/satdoku/satdoku/generate"
	"github.com/satdoku/satdoku/internal/variantcorpus"
	"github.com/satdoku/satdoku/variant"
)

// corpusLayouts are corpus puzzles whose givens, taken away, leave a
// layout for Complete: killer cages, kropki, XV, windoku, a jigsaw with
// disconnected regions, a 6×6 killer.
var corpusLayouts = []string{
	"dclamage/killer-blister.json",
	"dclamage/6x6-extreme-killer.json",
	"sigh/killer-sudoku-gaps.json",
	"sigh/kropki-sudoku.json",
	"sigh/xv-sudoku.json",
	"sigh/windoku.json",
	"sigh/jigsaw-boxes-disconnected.json",
}

func corpusPuzzle(t *testing.T, file string) variantcorpus.Puzzle {
	t.Helper()
	for _, p := range variantcorpus.Read(t) {
		if p.File == file {
			return p
		}
	}
	t.Fatalf("%s is not in the corpus", file)
	return variantcorpus.Puzzle{}
}

// checkCompletion asserts that c is a minimal completion of layout with
// the solution want: unique by both engines, each added given needed (by
// SAT), the layout's own givens kept.
func checkCompletion(t *testing.T, layout *variant.Puzzle, c *generate.Completion, want *board.Board) {
	t.Helper()
	if want != nil && !c.Solution.Equal(want) {
		t.Fatalf("solution\n%s\nwant\n%s", c.Solution, want)
	}
	for _, k := range []engine.Kind{engine.SAT, engine.Backtrack} {
		if n := count2(t, k, c.Puzzle); n != 1 {
			t.Fatalf("%v counts %d solutions", k, n)
		}
	}
	for x, d := range layout.Givens.Cells {
		if d != 0 && c.Puzzle.Givens.Cells[x] != d {
			t.Fatalf("the layout's given at %d is lost", x)
		}
	}
	if got := c.Puzzle.Givens.Givens() - layout.Givens.Givens(); got != len(c.Added) {
		t.Fatalf("%d givens more than the layout, Added lists %d", got, len(c.Added))
	}
	for _, x := range c.Added {
		q := *c.Puzzle
		q.Givens = c.Puzzle.Givens.Clone()
		q.Givens.Cells[x] = 0
		if n := count2(t, engine.SAT, &q); n < 2 {
			t.Fatalf("added given %s is not needed", c.Puzzle.Givens.CellName(x))
		}
	}
	for _, i := range c.Redundant {
		q := *c.Puzzle
		q.Rules = append(append([]variant.Rule{}, q.Rules[:i]...), q.Rules[i+1:]...)
		if n := count2(t, engine.SAT, &q); n != 1 {
			t.Fatalf("rule %d (%s) called redundant, but without it there are %d solutions", i, c.Puzzle.Rules[i].Describe(q.Side()), n)
		}
	}
}

func TestCompleteCorpus(t *testing.T) {
	for _, file := range corpusLayouts {
		t.Run(file, func(t *testing.T) {
			cp := corpusPuzzle(t, file)
			layout := *cp.Puzzle
			layout.Givens = board.New(cp.Puzzle.Givens.Shape)
			c, err := generate.Complete(context.Background(), &layout, generate.CompleteOptions{Target: cp.Solution, Seed: 1, Tries: 2})
			if err != nil {
				t.Fatal(err)
			}
			checkCompletion(t, &layout, c, cp.Solution)
			t.Logf("%d givens added (the setter had %d), %d of %d rules redundant, %d counts",
				len(c.Added), cp.Puzzle.Givens.Givens(), len(c.Redundant), len(c.Puzzle.Rules), c.Counts)
		})
	}
}

// TestCompleteAllowed: with the setter's own given cells marked allowed
// (enough, since the setter's puzzle is unique), every given added is in
// them.
func TestCompleteAllowed(t *testing.T) {
	cp := corpusPuzzle(t, "sigh/killer-sudoku-gaps.json")
	layout := *cp.Puzzle
	layout.Givens = board.New(cp.Puzzle.Givens.Shape)
	allowed := make([]bool, len(layout.Givens.Cells))
	marked := 0
	for x, d := range cp.Puzzle.Givens.Cells {
		if d != 0 {
			allowed[x] = true
			marked++
		}
	}
	if marked == 0 {
		// A zero-given puzzle: allow a box's worth of cells instead.
		for x := 0; x < 9; x++ {
			allowed[x] = true
		}
	}
	c, err := generate.Complete(context.Background(), &layout, generate.CompleteOptions{Target: cp.Solution, Allowed: allowed, Seed: 2, Tries: 2})
	if err != nil {
		t.Fatal(err)
	}
	checkCompletion(t, &layout, c, cp.Solution)
	for _, x := range c.Added {
		if !allowed[x] && !c.OutsideAllowed {
			t.Fatalf("given at %s outside the allowed cells, and OutsideAllowed is false", c.Puzzle.Givens.CellName(x))
		}
	}
	if marked > 0 && c.OutsideAllowed {
		t.Fatal("the setter's givens are enough, yet a given went outside them")
	}
}

func TestCompleteClassic(t *testing.T) {
	// An empty 4×4 layout completes to a minimal unique puzzle.
	layout := variant.New(board.Square(2))
	c, err := generate.Complete(context.Background(), layout, generate.CompleteOptions{Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	checkCompletion(t, layout, c, nil)
	if len(c.Added) < 4 {
		t.Fatalf("%d givens added: no 4×4 puzzle is unique with fewer than 4", len(c.Added))
	}
}

func TestCompleteNoSolution(t *testing.T) {
	tests := []struct {
		name string
		p    func() *variant.Puzzle
		want string
	}{
		{"cage too small", func() *variant.Puzzle {
			p := variant.New(board.Classic)
			p.Rules = []variant.Rule{variant.Killer{Cells: []int{0, 1}, Sum: 2}}
			return p
		}, "killer cage r1c1 r1c2 sums to 2"},
		{"clashing givens", func() *variant.Puzzle {
			p := variant.New(board.Classic)
			p.Givens.Cells[0], p.Givens.Cells[1] = 5, 5
			return p
		}, "givens clash"},
		{"thermometer too long", func() *variant.Puzzle {
			p := variant.New(board.Square(2))
			p.Rules = []variant.Rule{variant.Thermometer{Cells: []int{0, 1, 5, 6, 7}}}
			return p
		}, "thermometer"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := generate.Complete(context.Background(), tc.p(), generate.CompleteOptions{})
			if !errors.Is(err, generate.ErrNoCompletion) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want ErrNoCompletion naming %q", err, tc.want)
			}
		})
	}
}

func TestKiller(t *testing.T) {
	for seed := uint64(1); seed <= 2; seed++ {
		c, err := generate.Killer(context.Background(), generate.KillerOptions{Shape: board.Classic, Seed: seed, Tries: 2})
		if err != nil {
			t.Fatal(err)
		}
		empty := &variant.Puzzle{Givens: board.New(board.Classic), Rules: c.Puzzle.Rules}
		checkCompletion(t, empty, c, nil)
		covered := make([]bool, 81)
		for _, r := range c.Puzzle.Rules {
			k, ok := r.(variant.Killer)
			if !ok {
				t.Fatalf("rule %T", r)
			}
			if len(k.Cells) > 5 {
				t.Fatalf("cage of %d cells", len(k.Cells))
			}
			for _, x := range k.Cells {
				if covered[x] {
					t.Fatalf("cell %d in two cages", x)
				}
				covered[x] = true
			}
		}
		t.Logf("seed %d: %d cages, %d givens", seed, len(c.Puzzle.Rules), len(c.Added))
	}
	// The same seed gives the same killer.
	a, _ := generate.Killer(context.Background(), generate.KillerOptions{Shape: board.Square(2), Seed: 9})
	b, _ := generate.Killer(context.Background(), generate.KillerOptions{Shape: board.Square(2), Seed: 9})
	if a == nil || b == nil || a.Puzzle.Givens.String() != b.Puzzle.Givens.String() || len(a.Puzzle.Rules) != len(b.Puzzle.Rules) {
		t.Fatal("seed 9 gives two different killers")
	}
}
