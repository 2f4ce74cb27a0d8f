package fallback

import (
	"context"
	"errors"
	"math/rand"
	"testing"
	"time"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/internal/race"
	"github.com/satdoku/satdoku/internal/testpuzzles"
)

// path is one way of searching: the 9×9 fast path, which branches on band
// patterns, the same with branching on cells, and the generic path (which
// also handles 9×9 when forced), so that each checks the others.
type path struct {
	name           string
	generic, cells bool
}

var paths = []path{{"fast", false, false}, {"fast-cells", false, true}, {"generic", true, false}}

func (p path) solver() *Solver {
	s := NewSolver()
	s.forceGeneric = p.generic
	s.cellBranch = p.cells
	return s
}

func newTestSolver(generic bool) *Solver { return path{generic: generic}.solver() }

// checkResult verifies every returned solution and the bookkeeping.
func checkResult(t *testing.T, puzzle *board.Board, res Result, limit int) {
	t.Helper()
	if res.Count > limit {
		t.Fatalf("count %d over limit %d", res.Count, limit)
	}
	if want := min(res.Count, 2); len(res.Solutions) != want {
		t.Fatalf("%d solutions kept for count %d", len(res.Solutions), res.Count)
	}
	for i, sol := range res.Solutions {
		if err := board.Verify(puzzle, sol); err != nil {
			t.Fatalf("solution %d of %s fails verification: %v\n%v", i+1, formatLine(puzzle), err, sol)
		}
	}
	if len(res.Solutions) == 2 && res.Solutions[0].Equal(res.Solutions[1]) {
		t.Fatalf("the two solutions of %s are the same grid", formatLine(puzzle))
	}
}

// samples are the committed sample files of the public sets.
var samples = []struct {
	file  string
	multi bool // every puzzle has 2+ solutions
}{
	{"testdata/top1465-sample.txt", false},
	{"testdata/hardest1106-sample.txt", false},
	{"testdata/17clue-sample.txt", false},
	{"testdata/plb-hard20.txt", false},
	{"testdata/serg-multi-sample.txt", true},
}

func TestSamples(t *testing.T) {
	t.Parallel()
	for _, p := range paths {
		for _, tt := range samples {
			t.Run(p.name+"/"+tt.file, func(t *testing.T) {
				t.Parallel()
				puzzles := testpuzzles.Boards(t, tt.file)
				s := p.solver()
				for _, pz := range puzzles {
					for _, limit := range []int{1, 2, 3} {
						res, err := s.Solve(context.Background(), pz, limit)
						if err != nil {
							t.Fatal(err)
						}
						checkResult(t, pz, res, limit)
						want := 1
						if tt.multi {
							want = limit
						}
						if res.Count != want {
							t.Fatalf("%s: limit %d: count %d, want %d", formatLine(pz), limit, res.Count, want)
						}
					}
				}
			})
		}
	}
}

// TestPathsAgree checks that the search paths find the same first solution
// and count on every sample puzzle, and the same exact number of solutions
// (all of them, fewer than 1000) on the puzzles with several: branching on band patterns
// must neither lose nor repeat a solution.
func TestPathsAgree(t *testing.T) {
	t.Parallel()
	race.SkipSequential(t)
	for _, sample := range samples {
		for _, pz := range testpuzzles.Boards(t, sample.file) {
			for _, limit := range []int{2, 1000} {
				var first Result
				for i, p := range paths {
					res, err := p.solver().Solve(context.Background(), pz, limit)
					if err != nil {
						t.Fatal(err)
					}
					checkResult(t, pz, res, limit)
					if i == 0 {
						first = res
						continue
					}
					if res.Count != first.Count {
						t.Fatalf("%s: limit %d: counts %d (%s) and %d (%s)", formatLine(pz), limit, first.Count, paths[0].name, res.Count, p.name)
					}
					if res.Count == 1 && !res.Solutions[0].Equal(first.Solutions[0]) {
						t.Fatalf("%s: unique solutions differ (%s, %s)", formatLine(pz), paths[0].name, p.name)
					}
				}
			}
		}
	}
}

func TestPropagationOnly(t *testing.T) {
	t.Parallel()
	// An easy puzzle (naked and hidden singles suffice) needs no guess.
	pz := parseLine(t, "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
	for _, p := range paths {
		res, err := p.solver().Solve(context.Background(), pz, 2)
		if err != nil || res.Count != 1 || res.Guesses != 0 {
			t.Errorf("%s: count %d, guesses %d, err %v; want 1, 0, nil", p.name, res.Count, res.Guesses, err)
		}
	}
}

func TestClashingGivens(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, puzzle string }{
		{"row", "5.......5" + dots(72)},
		{"column", "7" + dots(8) + dots(63) + "7" + dots(8)},
		{"box", "3" + dots(8) + ".3" + dots(7) + dots(63)},
		{"triad", "55" + dots(79)},
		{"row in another band", dots(27) + "4" + dots(7) + "4" + dots(45)},
		{"clash and more", "12345678912" + dots(70)},
	}
	for _, p := range paths {
		for _, tt := range tests {
			t.Run(p.name+"/"+tt.name, func(t *testing.T) {
				t.Parallel()
				pz := parseLine(t, tt.puzzle)
				if pz.Check() == nil {
					t.Fatal("test puzzle has no clash")
				}
				res, err := p.solver().Solve(context.Background(), pz, 2)
				if err != nil || res.Count != 0 || len(res.Solutions) != 0 {
					t.Errorf("got count %d, %d solutions, err %v; want 0, 0, nil", res.Count, len(res.Solutions), err)
				}
			})
		}
	}
	// a clash on a rectangular board
	b := board.New(board.Shape{BoxRows: 2, BoxCols: 3})
	b.Set(0, 0, 4)
	b.Set(1, 2, 4)
	if n := Count(b, 2); n != 0 {
		t.Errorf("6x6 box clash: count %d, want 0", n)
	}
}

func dots(k int) string {
	b := make([]byte, k)
	for i := range b {
		b[i] = '.'
	}
	return string(b)
}

func TestInvalidBoard(t *testing.T) {
	t.Parallel()
	bad := board.New(board.Classic)
	bad.Cells[40] = 10
	tests := []struct {
		name  string
		b     *board.Board
		limit int
		want  error // nil: any error
	}{
		{"nil board", nil, 1, board.ErrShape},
		{"zero shape", &board.Board{}, 1, board.ErrShape},
		{"short cells", &board.Board{Shape: board.Classic, Cells: make([]uint8, 80)}, 1, board.ErrShape},
		{"too big", &board.Board{Shape: board.Square(9), Cells: make([]uint8, 81*81)}, 1, board.ErrShape},
		{"digit 10 on 9x9", bad, 1, board.ErrDigit},
		{"digit 5 on 4x4", &board.Board{Shape: board.Square(2), Cells: append([]uint8{5}, make([]uint8, 15)...)}, 1, board.ErrDigit},
		{"limit 0", board.New(board.Classic), 0, nil},
	}
	for _, p := range paths {
		for _, tt := range tests {
			t.Run(p.name+"/"+tt.name, func(t *testing.T) {
				t.Parallel()
				res, err := p.solver().Solve(context.Background(), tt.b, tt.limit)
				if err == nil || (tt.want != nil && !errors.Is(err, tt.want)) {
					t.Errorf("err = %v, want %v", err, tt.want)
				}
				if res.Count != 0 {
					t.Errorf("count %d", res.Count)
				}
			})
		}
	}
	if _, ok := Solve(bad); ok {
		t.Error("Solve accepted a bad board")
	}
	if n := Count(bad, 2); n != 0 {
		t.Errorf("Count of a bad board = %d", n)
	}
}

// shapes lists every size the tests cover.
var shapes = []board.Shape{
	{BoxRows: 2, BoxCols: 2}, {BoxRows: 2, BoxCols: 3}, {BoxRows: 3, BoxCols: 2},
	{BoxRows: 2, BoxCols: 4}, {BoxRows: 3, BoxCols: 3}, {BoxRows: 2, BoxCols: 5}, {BoxRows: 3, BoxCols: 4},
	{BoxRows: 4, BoxCols: 3}, {BoxRows: 3, BoxCols: 5}, {BoxRows: 4, BoxCols: 4}, {BoxRows: 4, BoxCols: 5},
	{BoxRows: 5, BoxCols: 5}, {BoxRows: 6, BoxCols: 6}, {BoxRows: 1, BoxCols: 6}, {BoxRows: 7, BoxCols: 7},
}

func TestEmptyBoards(t *testing.T) {
	t.Parallel()
	race.SkipSequential(t)
	for _, p := range paths {
		for _, shape := range shapes {
			t.Run(p.name+"/"+shape.String(), func(t *testing.T) {
				t.Parallel()
				if testing.Short() && shape.Side() > 25 {
					t.Skip("large board in -short mode")
				}
				b := board.New(shape)
				res, err := p.solver().Solve(context.Background(), b, 2)
				if err != nil {
					t.Fatal(err)
				}
				checkResult(t, b, res, 2)
				if res.Count != 2 {
					t.Fatalf("count %d, want 2", res.Count)
				}
			})
		}
	}
	// exact counts for tiny boards
	exact := []struct {
		shape board.Shape
		count int
	}{
		{board.Shape{BoxRows: 2, BoxCols: 2}, 288},
		{board.Shape{BoxRows: 1, BoxCols: 4}, 576}, // 4×4 Latin squares
		{board.Shape{BoxRows: 1, BoxCols: 5}, 161280},
	}
	for _, e := range exact {
		if n := Count(board.New(e.shape), 1<<30); n != e.count {
			t.Errorf("empty %v: count %d, want %d", e.shape, n, e.count)
		}
	}
	if n := Count(board.New(board.Classic), 2); n != 2 {
		t.Errorf("Count(empty 9x9, 2) = %d, want 2", n)
	}
}

// generated holds, per shape, the blank cap for generated puzzles (the
// generator is slow at full removal on big boards) and the number of seeds.
func genParams(shape board.Shape) (maxBlanks, seeds int) {
	n := shape.Side()
	switch {
	case n <= 10:
		return 0, 4
	case n <= 16:
		return n * n * 55 / 100, 2
	default:
		return n * n * 50 / 100, 1
	}
}

func TestGeneratedPuzzles(t *testing.T) {
	t.Parallel()
	for _, shape := range shapes {
		if shape.Side() < 4 || shape.Side() > 25 {
			continue // 36×36 and up: see BenchmarkLarge
		}
		t.Run(shape.String(), func(t *testing.T) {
			t.Parallel()
			if (testing.Short() || race.Enabled) && shape.Side() > 20 {
				t.Skip("large board in -short or -race mode")
			}
			maxBlanks, seeds := genParams(shape)
			for seed := int64(1); seed <= int64(seeds); seed++ {
				puzzle, solution := properPuzzle(t, shape, seed, maxBlanks)
				for _, p := range paths {
					res, err := p.solver().Solve(context.Background(), puzzle, 2)
					if err != nil {
						t.Fatal(err)
					}
					checkResult(t, puzzle, res, 2)
					if res.Count != 1 || !res.Solutions[0].Equal(solution) {
						t.Fatalf("%s seed %d: count %d, solution differs", p.name, seed, res.Count)
					}
				}
				if shape.Side() <= 6 {
					if n := bruteCount(puzzle, 2); n != 1 {
						t.Fatalf("brute force counts %d solutions of a proper puzzle", n)
					}
				}
				rng := rand.New(rand.NewSource(seed))
				bad, ok := noSolution(puzzle, solution, rng)
				if !ok {
					t.Fatalf("seed %d: no one-given change without a solution found", seed)
				}
				if err := bad.Check(); err != nil {
					t.Fatalf("no-solution puzzle breaks a rule directly: %v", err)
				}
				for _, p := range paths {
					res, err := p.solver().Solve(context.Background(), bad, 2)
					if err != nil || res.Count != 0 {
						t.Fatalf("%s: no-solution puzzle: count %d, err %v", p.name, res.Count, err)
					}
				}
				if shape.Side() <= 6 {
					if n := bruteCount(bad, 1); n != 0 {
						t.Fatalf("brute force finds %d solutions of a no-solution puzzle", n)
					}
				}
			}
		})
	}
}

func TestNoSolutionFile(t *testing.T) {
	t.Parallel()
	puzzles := testpuzzles.Boards(t, "fallback/testdata/nosolution.txt")
	if len(puzzles) < 20 {
		t.Fatalf("only %d puzzles", len(puzzles))
	}
	for _, p := range paths {
		s := p.solver()
		for _, pz := range puzzles {
			if err := pz.Check(); err != nil {
				t.Fatalf("%s breaks a rule directly: %v", formatLine(pz), err)
			}
			res, err := s.Solve(context.Background(), pz, 1)
			if err != nil || res.Count != 0 {
				t.Fatalf("%s: %s: count %d, err %v", p.name, formatLine(pz), res.Count, err)
			}
			if pz.Side() == 4 && bruteCount(pz, 1) != 0 {
				t.Fatalf("brute force solves %s", formatLine(pz))
			}
		}
	}
}

// hostile is a no-solution puzzle that keeps a naive backtracker busy for
// a very long time (Norvig's "impossible" example).
const hostile = ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4........."

// TestHostileNoSolution checks that the hostile puzzle is refuted with
// bounded work: the 9×9 path gives up after fastBudget nodes (a few
// guesses each) and hands over to the generic path, which needs about a
// thousand guesses.
func TestHostileNoSolution(t *testing.T) {
	t.Parallel()
	race.SkipSequential(t)
	pz := parseLine(t, hostile)
	for _, p := range paths {
		res, err := p.solver().Solve(context.Background(), pz, 2)
		if err != nil || res.Count != 0 {
			t.Fatalf("%s: count %d, err %v", p.name, res.Count, err)
		}
		if res.Guesses > 10*fastBudget {
			t.Errorf("%s: %d guesses, want at most %d", p.name, res.Guesses, 10*fastBudget)
		}
		t.Logf("%s: no solution, %d guesses", p.name, res.Guesses)
	}
}

func TestCancel(t *testing.T) {
	t.Parallel()
	for _, p := range paths {
		t.Run(p.name, func(t *testing.T) {
			t.Parallel()
			s := p.solver()
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			if _, err := s.Solve(ctx, board.New(board.Classic), 1); !errors.Is(err, context.Canceled) {
				t.Errorf("cancelled before start: err %v", err)
			}
			// Counting all 9×9 grids never ends; the deadline must stop it.
			ctx, cancel = context.WithTimeout(context.Background(), 50*time.Millisecond)
			defer cancel()
			res, err := s.Solve(ctx, board.New(board.Classic), 1<<62)
			if !errors.Is(err, context.DeadlineExceeded) {
				t.Fatalf("err %v, want deadline exceeded", err)
			}
			// How many grids were found before the deadline depends on the
			// machine and its load; what was found is kept.
			if len(res.Solutions) != min(res.Count, 2) {
				t.Errorf("partial result: count %d, %d solutions", res.Count, len(res.Solutions))
			}
			checkResult(t, board.New(board.Classic), res, 1<<62)
			// The solver still works after a cancelled search.
			pz := parseLine(t, hostile)
			if res, err := s.Solve(context.Background(), pz, 1); err != nil || res.Count != 0 {
				t.Errorf("after cancel: count %d, err %v", res.Count, err)
			}
		})
	}
}

func TestSolverReuseAcrossShapes(t *testing.T) {
	t.Parallel()
	s := NewSolver()
	for i := 0; i < 3; i++ {
		for _, shape := range []board.Shape{board.Classic, {BoxRows: 2, BoxCols: 3}, board.Square(4), board.Classic} {
			b := board.New(shape)
			res, err := s.Solve(context.Background(), b, 1)
			if err != nil || res.Count != 1 {
				t.Fatalf("%v: count %d err %v", shape, res.Count, err)
			}
			checkResult(t, b, res, 1)
		}
	}
}

// TestFullSets solves every puzzle of the five public sets (counting to 2)
// and checks every unique set is unique and every serg puzzle multiple.
// In -short or -race mode it takes every 25th puzzle.
func TestFullSets(t *testing.T) {
	t.Parallel()
	race.SkipSequential(t)
	step := 1
	if testing.Short() || race.Enabled {
		step = 25
	}
	sets := []struct {
		file  string
		multi bool
	}{
		{"puzzles2_17_clue", false},
		{"puzzles3_magictour_top1465", false},
		{"puzzles5_forum_hardest_1905_11+", false},
		{"puzzles6_forum_hardest_1106", false},
		{"puzzles7_serg_benchmark", true},
	}
	for _, set := range sets {
		t.Run(set.file, func(t *testing.T) {
			t.Parallel()
			puzzles := testpuzzles.Boards(t, testpuzzles.Shared(t, set.file))
			s := NewSolver()
			var guessless int
			for i := 0; i < len(puzzles); i += step {
				pz := puzzles[i]
				res, err := s.Solve(context.Background(), pz, 2)
				if err != nil {
					t.Fatal(err)
				}
				checkResult(t, pz, res, 2)
				if want := map[bool]int{false: 1, true: 2}[set.multi]; res.Count != want {
					t.Fatalf("puzzle %d %s: count %d, want %d", i+1, formatLine(pz), res.Count, want)
				}
				if res.Guesses == 0 {
					guessless++
				}
			}
			n := (len(puzzles) + step - 1) / step
			t.Logf("%d puzzles, %.1f%% without guessing", n, 100*float64(guessless)/float64(n))
		})
	}
}

// TestSparseBoards checks that the 9×9 path solves and counts boards with
// few givens (many solutions) in few search nodes, on its own: branching on
// band patterns must not get lost where propagation deduces little.
func TestSparseBoards(t *testing.T) {
	t.Parallel()
	for _, givens := range []int{0, 3, 6, 10, 14, 17, 20} {
		for _, limit := range []int{1, 2, 100} {
			var worst int64
			for seed := int64(1); seed <= 40; seed++ {
				rng := rand.New(rand.NewSource(seed))
				pz := solvedGrid(board.Classic, rng)
				for _, i := range rng.Perm(81)[givens:] {
					pz.Cells[i] = 0
				}
				s := NewSolver()
				res, err := s.Solve(context.Background(), pz, limit)
				if err != nil {
					t.Fatal(err)
				}
				checkResult(t, pz, res, limit)
				if res.Count != limit {
					t.Fatalf("%s: count %d, want %d", formatLine(pz), res.Count, limit)
				}
				if s.gaveUp {
					t.Fatalf("%s, limit %d: the 9×9 path gave up after %d nodes", formatLine(pz), limit, s.nodes)
				}
				worst = max(worst, s.nodes)
			}
			if worst > 2000 {
				t.Errorf("%d givens, limit %d: up to %d search nodes, want at most 2000", givens, limit, worst)
			}
			t.Logf("%2d givens, limit %3d: at most %d search nodes", givens, limit, worst)
		}
	}
}

// TestRandomGivens compares the search paths on 9×9 boards with random
// givens: the same count (to 2), and none for givens that clash. A third of
// the boards take random digits (most clash), a third take 25 to 45 givens
// of a full grid (one or more solutions), and a third are those with one
// given changed (often no solution).
func TestRandomGivens(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewSource(16))
	dist := map[int]int{}
	for i := 0; i < 600; i++ {
		pz := board.New(board.Classic)
		if i%3 == 0 {
			for _, cell := range rng.Perm(81)[:rng.Intn(30)] {
				pz.Cells[cell] = uint8(1 + rng.Intn(9))
			}
		} else {
			grid := solvedGrid(board.Classic, rng)
			for _, cell := range rng.Perm(81)[:25+rng.Intn(21)] {
				pz.Cells[cell] = grid.Cells[cell]
			}
			if i%3 == 2 {
				for cell := rng.Intn(81); ; cell = rng.Intn(81) {
					if pz.Cells[cell] != 0 {
						pz.Cells[cell] = uint8(1 + rng.Intn(9))
						break
					}
				}
			}
		}
		var counts []int
		for _, p := range paths {
			res, err := p.solver().Solve(context.Background(), pz, 2)
			if err != nil {
				t.Fatal(err)
			}
			checkResult(t, pz, res, 2)
			counts = append(counts, res.Count)
		}
		for k, n := range counts {
			if n != counts[0] {
				t.Fatalf("%s: count %d (%s), %d (%s)", formatLine(pz), counts[0], paths[0].name, n, paths[k].name)
			}
		}
		if pz.Check() != nil && counts[0] != 0 {
			t.Fatalf("%s: clashing givens, count %d", formatLine(pz), counts[0])
		}
		dist[counts[0]]++
	}
	t.Logf("boards by count: %v", dist)
}
