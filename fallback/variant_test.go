package fallback_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/fallback"
	"github.com/satdoku/satdoku/internal/race"
	"github.com/satdoku/satdoku/variant"
	"github.com/satdoku/satdoku/variant/varianttest"
)

// truth returns every grid variant.Check accepts for p, found by brute
// force: varianttest.Completions lists the classic completions of the
// givens (keeping the inequality rules it knows) and Check judges each.
// It reports false if there were more than limit completions to judge.
func truth(p *variant.Puzzle, limit int) (map[string]bool, bool) {
	out := map[string]bool{}
	_, complete := varianttest.Completions(p, limit, func(g *board.Board) bool {
		if variant.Check(p, g) == nil {
			out[string(g.Cells)] = true
		}
		return true
	})
	return out, complete
}

// describe lists a puzzle's rules and givens for a failure message.
func describe(p *variant.Puzzle) string {
	var sb strings.Builder
	for _, r := range p.Rules {
		fmt.Fprintf(&sb, "  %s\n", r.Describe(p.Side()))
	}
	fmt.Fprintf(&sb, "givens:\n%v", p.Givens)
	return sb.String()
}

// agree solves p with a limit above the number of solutions and checks
// that the solutions are exactly want, each passing variant.Check, then
// that counting to 2 gives min(len(want), 2). It returns the number of
// solutions.
func agree(t *testing.T, s *fallback.Solver, p *variant.Puzzle, want map[string]bool) {
	t.Helper()
	got := map[string]bool{}
	res, err := s.EachVariant(context.Background(), p, len(want)+3, func(g *board.Board) bool {
		if err := variant.Check(p, g); err != nil {
			t.Fatalf("solution\n%vfails the checker: %v\npuzzle:\n%s", g, err, describe(p))
		}
		if got[string(g.Cells)] {
			t.Fatalf("solution\n%vfound twice\npuzzle:\n%s", g, describe(p))
		}
		got[string(g.Cells)] = true
		return true
	})
	if err != nil {
		t.Fatalf("EachVariant: %v\npuzzle:\n%s", err, describe(p))
	}
	if res.Count != len(want) || len(got) != len(want) {
		for k := range want {
			if !got[k] {
				g := &board.Board{Shape: p.Givens.Shape, Cells: []uint8(k)}
				t.Errorf("missed solution\n%v", g)
				break
			}
		}
		t.Fatalf("found %d solutions, the checker accepts %d\npuzzle:\n%s", res.Count, len(want), describe(p))
	}
	res2, err := s.SolveVariant(context.Background(), p, 2)
	if err != nil {
		t.Fatal(err)
	}
	if w := min(len(want), 2); res2.Count != w || len(res2.Solutions) != w {
		t.Fatalf("count to 2: %d (%d boards), want %d\npuzzle:\n%s", res2.Count, len(res2.Solutions), w, describe(p))
	}
	for _, g := range res2.Solutions {
		if !want[string(g.Cells)] {
			t.Fatalf("count to 2 returned a grid the checker rejects\n%v", g)
		}
	}
	keepsSolutions(t, p, want)
}

// keepsSolutions checks that PruneVariant, with and without probing,
// removes no digit of any solution in want, and reports no solution only
// when want is empty.
func keepsSolutions(t *testing.T, p *variant.Puzzle, want map[string]bool) {
	t.Helper()
	for _, probe := range []bool{false, true} {
		masks, ok, err := fallback.PruneVariant(context.Background(), p, probe)
		if err != nil {
			t.Fatalf("PruneVariant (probe %v): %v\npuzzle:\n%s", probe, err, describe(p))
		}
		if !ok {
			if len(want) > 0 {
				t.Fatalf("PruneVariant (probe %v) found a contradiction in a puzzle with %d solutions\npuzzle:\n%s", probe, len(want), describe(p))
			}
			continue
		}
		for k := range want {
			for c, d := range []byte(k) {
				if masks[c]&(1<<(d-1)) == 0 {
					t.Fatalf("PruneVariant (probe %v) removed %d from cell %d, which a solution holds\n%v\npuzzle:\n%s",
						probe, d, c, &board.Board{Shape: p.Givens.Shape, Cells: []uint8(k)}, describe(p))
				}
			}
		}
	}
}

// outcomes tallies puzzles by their number of solutions: none, one, several.
type outcomes [3]int

func (o *outcomes) add(k int) { o[min(k, 2)]++ }

func (o outcomes) String() string {
	return fmt.Sprintf("%d with none, %d unique, %d with several", o[0], o[1], o[2])
}

// sizes are the small boards of the property tests: the shape, how many
// givens to copy from the grid, and how many classic completions the brute
// force may judge.
var sizes = []struct {
	name       string
	shape      board.Shape
	minGivens  int
	maxGivens  int
	completion int
}{
	{"4x4", board.Square(2), 0, 6, 300},
	{"6x6", board.Shape{BoxRows: 2, BoxCols: 3}, 10, 18, 20000},
}

// givens copies k random cells of grid into p.
func givens(rng *rand.Rand, p *variant.Puzzle, grid *board.Board, k int) {
	for _, c := range rng.Perm(len(grid.Cells))[:k] {
		p.Givens.Cells[c] = grid.Cells[c]
	}
}

// TestVariantRulesAgainstBruteForce checks, for every rule kind on random
// 4×4 and 6×6 puzzles, that the solutions found are exactly the grids the
// checker accepts. Clues come from the grid the givens come from, or now
// and then from another grid, so that puzzles with no solution, one and
// several all occur; each kind must produce all three.
func TestVariantRulesAgainstBruteForce(t *testing.T) {
	t.Parallel()
	race.SkipSequential(t)
	trials := 24
	if testing.Short() {
		trials = 8
	}
	for _, kind := range varianttest.Kinds {
		t.Run(kind, func(t *testing.T) {
			t.Parallel()
			var tally outcomes
			s := fallback.NewSolver()
			for _, size := range sizes {
				rng := rand.New(rand.NewPCG(uint64(len(kind)), uint64(size.shape.Side())+uint64(kind[0])))
				for trial := 0; trial < trials; trial++ {
					p := variant.New(size.shape)
					grid := varianttest.Grid(rng, size.shape)
					other := varianttest.Grid(rng, size.shape)
					for range 1 + rng.IntN(3) {
						from := grid
						if rng.IntN(4) == 0 {
							from = other
						}
						p.Rules = append(p.Rules, varianttest.Clue(rng, p, from, kind)...)
					}
					if len(p.Rules) == 0 {
						continue
					}
					givens(rng, p, grid, size.minGivens+rng.IntN(size.maxGivens-size.minGivens+1))
					want, complete := truth(p, size.completion)
					if !complete {
						continue
					}
					agree(t, s, p, want)
					tally.add(len(want))
				}
			}
			t.Logf("%s: %v", kind, tally)
			if !testing.Short() && (tally[0] == 0 || tally[1] == 0 || tally[2] == 0) {
				t.Errorf("%s: %v; want each outcome", kind, tally)
			}
		})
	}
}

// TestVariantGlobalsAgainstBruteForce does the same for the global rules
// (diagonals, anti-knight, anti-king, disjoint groups, nonconsecutive), on
// grids made to keep them, alone and with a clue of another kind.
func TestVariantGlobalsAgainstBruteForce(t *testing.T) {
	t.Parallel()
	trials := 16
	if testing.Short() {
		trials = 6
	}
	for _, kind := range varianttest.Globals {
		t.Run(kind, func(t *testing.T) {
			t.Parallel()
			var tally outcomes
			s := fallback.NewSolver()
			for _, size := range sizes {
				rng := rand.New(rand.NewPCG(7, uint64(size.shape.Side())+uint64(len(kind))))
				for trial := 0; trial < trials; trial++ {
					p := variant.New(size.shape)
					p.Rules = []variant.Rule{varianttest.Global(kind, size.shape.Side())}
					grid := varianttest.Fill(rng, p, 200000)
					if grid == nil {
						grid = varianttest.Grid(rng, size.shape) // the rule then likely has no solution
					}
					if trial%2 == 1 {
						extra := varianttest.Kinds[rng.IntN(len(varianttest.Kinds))]
						p.Rules = append(p.Rules, varianttest.Clue(rng, p, grid, extra)...)
					}
					givens(rng, p, grid, max(0, size.minGivens-4)+rng.IntN(size.maxGivens-size.minGivens+1))
					want, complete := truth(p, size.completion)
					if !complete {
						continue
					}
					agree(t, s, p, want)
					tally.add(len(want))
				}
			}
			t.Logf("%s: %v", kind, tally)
		})
	}
}

// TestVariantMixedAgainstBruteForce puts several rule kinds on one board,
// with irregular regions on half the boards, including 5×5 jigsaws.
func TestVariantMixedAgainstBruteForce(t *testing.T) {
	t.Parallel()
	trials := 120
	if testing.Short() {
		trials = 30
	}
	shapes := []struct {
		shape     board.Shape
		givens    int
		jigsawOff bool
	}{
		{board.Square(2), 2, false},
		{board.Shape{BoxRows: 1, BoxCols: 5}, 5, false},
		{board.Shape{BoxRows: 2, BoxCols: 3}, 12, false},
	}
	rng := rand.New(rand.NewPCG(11, 12))
	s := fallback.NewSolver()
	var tally outcomes
	for trial := 0; trial < trials; trial++ {
		sh := shapes[trial%len(shapes)]
		p := varianttest.Mixed(rng, sh.shape, trial%2 == 0, sh.givens)
		if p.Validate() != nil {
			continue
		}
		want, complete := truth(p, 20000)
		if !complete {
			continue
		}
		agree(t, s, p, want)
		tally.add(len(want))
	}
	t.Logf("mixed: %v", tally)
}

// TestVariantLargeBoardsAgainstBruteForce checks every rule kind on
// 8×8, 12×12, 16×16 and 25×25 boards with most cells given, so that the
// brute force stays small: digits above 9 in pills, cages past the size
// where combinations are listed, sums wider than one machine word.
func TestVariantLargeBoardsAgainstBruteForce(t *testing.T) {
	t.Parallel()
	shapes := []board.Shape{{BoxRows: 2, BoxCols: 4}, {BoxRows: 3, BoxCols: 4}, board.Square(4), board.Square(5)}
	trials := 3
	if testing.Short() {
		trials = 1
	}
	for _, shape := range shapes {
		t.Run(shape.String(), func(t *testing.T) {
			t.Parallel()
			if testing.Short() && shape.Side() > 16 {
				t.Skip("25x25 in the long run only")
			}
			rng := rand.New(rand.NewPCG(uint64(shape.Side()), 5))
			s := fallback.NewSolver()
			var tally outcomes
			for _, kind := range varianttest.Kinds {
				for trial := 0; trial < trials; trial++ {
					p := variant.New(shape)
					grid := varianttest.Grid(rng, shape)
					from := grid
					if trial%3 == 2 {
						from = varianttest.Grid(rng, shape)
					}
					p.Rules = append(p.Rules, varianttest.Clue(rng, p, from, kind)...)
					if len(p.Rules) == 0 {
						continue
					}
					// Blank up to ten of the rule's cells and a few more:
					// the brute force has no inference to speak of.
					copy(p.Givens.Cells, grid.Cells)
					scope := p.Rules[0].Scope(p)
					for _, i := range rng.Perm(len(scope))[:min(len(scope), 10)] {
						p.Givens.Cells[scope[i]] = 0
					}
					for range 6 {
						p.Givens.Cells[rng.IntN(len(grid.Cells))] = 0
					}
					want, complete := truth(p, 5000)
					if !complete {
						continue
					}
					agree(t, s, p, want)
					tally.add(len(want))
				}
			}
			t.Logf("%v: %v", shape, tally)
		})
	}
}

// TestSolveVariantErrors checks the errors: a bad limit, an invalid
// puzzle, a rule type the solver does not know, and clashing givens (no
// solution, no error).
func TestSolveVariantErrors(t *testing.T) {
	t.Parallel()
	s := fallback.NewSolver()
	ctx := context.Background()
	p := variant.New(board.Square(2))
	if _, err := s.SolveVariant(ctx, p, 0); err == nil {
		t.Error("limit 0: no error")
	}
	if _, err := s.SolveVariant(ctx, nil, 1); !errors.Is(err, variant.ErrInvalid) {
		t.Errorf("nil puzzle: %v, want ErrInvalid", err)
	}
	bad := variant.New(board.Square(2))
	bad.Rules = []variant.Rule{variant.Killer{Cells: []int{0, 99}, Sum: 3}}
	if _, err := s.SolveVariant(ctx, bad, 1); !errors.Is(err, variant.ErrInvalid) {
		t.Errorf("cell off the board: %v, want ErrInvalid", err)
	}
	unknown := variant.New(board.Square(2))
	unknown.Rules = []variant.Rule{variant.Odd{Cell: 1}, strangeRule{}}
	_, err := s.SolveVariant(ctx, unknown, 1)
	if !errors.Is(err, fallback.ErrUnknownRule) || !strings.Contains(err.Error(), "strange") || !strings.Contains(err.Error(), "rule 2") {
		t.Errorf("unknown rule: %v, want ErrUnknownRule naming rule 2 \"strange\"", err)
	}
	clash := variant.New(board.Square(2))
	clash.Givens.Cells[0], clash.Givens.Cells[1] = 1, 1
	if res, err := s.SolveVariant(ctx, clash, 2); err != nil || res.Count != 0 {
		t.Errorf("clashing givens: %d solutions, %v; want 0, nil", res.Count, err)
	}
	// Rules are values, as for every engine (variant.Puzzle.Validate).
	ptr := variant.New(board.Square(2))
	ptr.Givens.Cells[0] = 1
	ptr.Rules = []variant.Rule{&variant.Killer{Cells: []int{0, 1}, Sum: 3}}
	if _, err := s.SolveVariant(ctx, ptr, 1000); !errors.Is(err, variant.ErrInvalid) || !strings.Contains(err.Error(), "*variant.Killer") {
		t.Errorf("a rule as a pointer: %v, want ErrInvalid naming *variant.Killer", err)
	}
}

// strangeRule is a rule type the solver does not know. It embeds a rule
// only for the unexported method that seals variant.Rule; its own methods
// hide the rule's, and a type switch does not take it for one.
type strangeRule struct{ variant.Odd }

func (strangeRule) Name() string                                           { return "strange" }
func (strangeRule) Describe(int) string                                    { return "a strange rule" }
func (strangeRule) Scope(*variant.Puzzle) []int                            { return nil }
func (strangeRule) Validate(*variant.Puzzle) error                         { return nil }
func (strangeRule) Check(*variant.Puzzle, *board.Board) *variant.Violation { return nil }

// TestSolveVariantCancel checks that a context already done stops the
// search at once and a deadline stops it in the middle, returning what was
// found with ctx's error.
func TestSolveVariantCancel(t *testing.T) {
	t.Parallel()
	s := fallback.NewSolver()
	p := variant.New(board.Classic)
	p.Rules = []variant.Rule{variant.PositiveDiagonal{}}

	done, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := s.SolveVariant(done, p, 1)
	if !errors.Is(err, context.Canceled) || res.Count != 0 {
		t.Errorf("cancelled context: %d solutions, %v", res.Count, err)
	}

	// Counting every diagonal sudoku takes far longer than any deadline:
	// cancel after the 500th solution, from inside the search.
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	seen := 0
	res, err = s.EachVariant(ctx, p, 1<<40, func(*board.Board) bool {
		if seen++; seen == 500 {
			stop()
		}
		return true
	})
	if !errors.Is(err, context.Canceled) || res.Count < 500 || res.Count > 500+256*81 {
		t.Errorf("cancelled mid-search: %d solutions, %v", res.Count, err)
	}
	if len(res.Solutions) != 2 {
		t.Errorf("cancelled mid-search: %d solutions kept, want 2", len(res.Solutions))
	}
}

// TestSolveVariantDeadline checks that a deadline ends a long count.
func TestSolveVariantDeadline(t *testing.T) {
	t.Parallel()
	s := fallback.NewSolver()
	p := variant.New(board.Classic)
	p.Rules = []variant.Rule{variant.AntiKing{}}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	res, err := s.SolveVariant(ctx, p, 1<<40)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("deadline: %d solutions, %v; want DeadlineExceeded", res.Count, err)
	}
	if res.Count == 0 || res.Count >= 1<<40 {
		t.Errorf("deadline: %d solutions found before it", res.Count)
	}
}

// TestEachVariantStop checks that visit returning false stops the search
// without an error.
func TestEachVariantStop(t *testing.T) {
	t.Parallel()
	s := fallback.NewSolver()
	p := variant.New(board.Square(2))
	res, err := s.EachVariant(context.Background(), p, 1000, func(*board.Board) bool { return false })
	if err != nil || res.Count != 1 {
		t.Errorf("stop after the first: %d solutions, %v", res.Count, err)
	}
	res, err = s.EachVariant(context.Background(), p, 1000, nil)
	if err != nil || res.Count != 288 {
		t.Errorf("every 4x4 grid: %d, %v; want 288", res.Count, err)
	}
}
