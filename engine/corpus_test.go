package engine

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/fallback"
	"github.com/satdoku/satdoku/internal/race"
	"github.com/satdoku/satdoku/internal/variantcorpus"
	"github.com/satdoku/satdoku/variant"
)

// slowCorpus lists the corpus puzzles whose proof of uniqueness takes
// seconds (gophersat or the backtracker): -short leaves them out.
var slowCorpus = map[string]bool{
	"sigh/hailstone-little-killer.json": true,
	"sigh/hard-renban-1.json":           true,
	"sigh/hard-renban-2.json":           true,
	"sigh/i-want-to-break-free.json":    true,
}

// TestVariantCorpus proves every puzzle of testdata/variants unique with
// both engines: the SAT engine (its formula narrowed by the backtracker's
// propagation) and Both (gophersat on the formula alone and the
// backtracker, which must agree) each count to 2 and find one solution,
// the same grid, the manifest's solution, which variant.Check accepts
// (the engines check their answers with it too). On slowCorpus, where
// gophersat's proof alone takes seconds and narrowing removes at most one
// candidate, the second engine is the backtracker alone. The puzzles of
// variantcorpus.NotUnique must have two solutions by both engines, the
// manifest's among the grids they accept. -short leaves out the boards
// over 9×9 and slowCorpus.
//
// The SAT engine's proofs of slowCorpus take ten seconds of CPU each on a
// shared machine, most of this test's work: the SAT engine solves them
// and the backtracker proves them unique, unless SATDOKU_SLOW_CORPUS=1
// (as in package encode), when the SAT engine proves them too.
func TestVariantCorpus(t *testing.T) {
	t.Parallel()
	satProves := os.Getenv("SATDOKU_SLOW_CORPUS") == "1"
	sat := newEngine(t, Options{Kind: SAT, Limit: 2})
	satSolve := newEngine(t, Options{Kind: SAT, Limit: 1})
	both := newEngine(t, Options{Kind: Both, Limit: 2})
	bt := newEngine(t, Options{Kind: Backtrack, Limit: 2})
	for _, c := range variantcorpus.Read(t) {
		t.Run(c.File, func(t *testing.T) {
			t.Parallel()
			if testing.Short() && (c.Puzzle.Side() > 9 || slowCorpus[c.File]) {
				t.Skip("slow: not with -short")
			}
			if err := variant.Check(c.Puzzle, c.Solution); err != nil {
				t.Fatalf("the manifest's solution breaks the puzzle: %v", err)
			}
			first, second := sat, both
			if slowCorpus[c.File] {
				second = bt
				if !satProves {
					first = satSolve
				}
			}
			s := first.SolvePuzzle(bg, c.Puzzle)
			b := second.SolvePuzzle(bg, c.Puzzle)
			for _, r := range []Result{s, b} {
				if r.Status != Solved || r.Fallback != "" {
					t.Fatalf("%s: %v %v %s", r.Engine, r.Status, r.Err, r.Fallback)
				}
				for _, g := range []*board.Board{r.Solution, r.Second} {
					if g != nil && variant.Check(c.Puzzle, g) != nil {
						t.Fatalf("%s: a solution the checker rejects", r.Engine)
					}
				}
			}
			if why, ok := variantcorpus.NotUnique[c.File]; ok {
				for _, r := range []Result{s, b} {
					if r.Count != 2 {
						t.Fatalf("%s (%s): %s counts %d, want 2", c.File, why, r.Engine, r.Count)
					}
				}
				return
			}
			solvedOnly := first == satSolve && s.Count == 0 // a first solution is not counted
			if s.Count != 1 && !solvedOnly || b.Count != 1 {
				t.Fatalf("sat counts %d, %s %d; want 1", s.Count, b.Engine, b.Count)
			}
			if !s.Solution.Equal(b.Solution) || !s.Solution.Equal(c.Solution) {
				t.Fatalf("sat\n%v%s\n%vthe manifest\n%v", s.Solution, b.Engine, b.Solution, c.Solution)
			}
		})
	}
}

// fewSolutions returns corpus-based 9×9 puzzles with two to max
// solutions and all their solutions (enumerated by the backtracker):
// quick corpus puzzles with givens removed, or with a rule dropped.
func fewSolutions(tb testing.TB, max int) (puzzles []*variant.Puzzle, solutions [][]*board.Board) {
	tb.Helper()
	rng := rand.New(rand.NewPCG(3, 4))
	bt := fallback.NewSolver()
	bt.NodeLimit = 500_000 // a puzzle whose count needs more is not one of few solutions
	for _, c := range variantcorpus.Read(tb) {
		if c.Puzzle.Side() != 9 || slowCorpus[c.File] || variantcorpus.NotUnique[c.File] != "" || len(puzzles) >= 12 {
			continue
		}
		q := *c.Puzzle
		q.Givens = c.Puzzle.Givens.Clone()
		q.Rules = slices.Clone(c.Puzzle.Rules)
		for tries := 0; tries < 12; tries++ {
			// Drop a given if there is one, else a rule.
			var givens []int
			for i, d := range q.Givens.Cells {
				if d != 0 {
					givens = append(givens, i)
				}
			}
			if len(givens) > 0 && (tries%3 != 2 || len(q.Rules) < 2) {
				q.Givens.Cells[givens[rng.IntN(len(givens))]] = 0
			} else if len(q.Rules) > 1 {
				i := rng.IntN(len(q.Rules))
				q.Rules = slices.Delete(q.Rules, i, i+1)
			}
			var all []*board.Board
			r, err := bt.EachVariant(bg, &q, max+1, func(g *board.Board) bool { all = append(all, g); return true })
			if err != nil || r.Count > max {
				break
			}
			if r.Count >= 2 {
				p := q
				p.Givens = q.Givens.Clone()
				p.Rules = slices.Clone(q.Rules)
				puzzles, solutions = append(puzzles, &p), append(solutions, all)
				break
			}
		}
	}
	if len(puzzles) < 5 {
		tb.Fatalf("only %d puzzles with few solutions made", len(puzzles))
	}
	return puzzles, solutions
}

// TestVariantCandidates9x9 compares the true candidates of 9×9 puzzles
// with few solutions against the backtracker's enumeration of all of
// them (EachVariant).
func TestVariantCandidates9x9(t *testing.T) {
	t.Parallel()
	race.SkipSequential(t)
	e := newEngine(t, Options{})
	puzzles, solutions := fewSolutions(t, 40)
	for i, p := range puzzles {
		checkCandidates(t, fmt.Sprintf("puzzle %d (%d solutions)", i, len(solutions[i])), e, p, solutions[i])
	}
	// A unique puzzle: its solution's digits, one per cell.
	c := variantcorpus.Read(t)[0]
	got, err := e.Candidates(bg, c.Puzzle)
	if err != nil {
		t.Fatal(err)
	}
	checkCandidates(t, c.File, e, c.Puzzle, []*board.Board{c.Solution})
	if len(got) != 81 {
		t.Fatalf("%d sets", len(got))
	}
	// A classic board.
	b := readPuzzles(t, top1465Sample)[0].Board
	sol, _ := fallback.Solve(b)
	sets, err := e.BoardCandidates(bg, b)
	if err != nil {
		t.Fatal(err)
	}
	for i, set := range sets {
		if set != 1<<(sol.Cells[i]-1) {
			t.Fatalf("classic: cell %d has candidates %b, the solution %d", i, set, sol.Cells[i])
		}
	}
	// The same through Options.Candidates, on both paths.
	withCands := newEngine(t, Options{Candidates: true})
	if res := withCands.Solve(bg, b); res.Status != Solved || !slices.Equal(res.Candidates, sets) {
		t.Fatalf("classic, Options.Candidates: %v (%v), candidates %v", res.Status, res.Err, res.Candidates)
	}
	if res := withCands.SolvePuzzle(bg, c.Puzzle); res.Status != Solved || !slices.Equal(res.Candidates, got) {
		t.Fatalf("%s, Options.Candidates: %v (%v), candidates %v", c.File, res.Status, res.Err, res.Candidates)
	}
}

// slowToExplain are the corpus puzzles whose broken forms take the SAT
// engine minutes to explain: TestExplainBirdInAStorm explains one.
var slowToExplain = map[string]bool{"dclamage/bird-in-a-storm.json": true}

// TestVariantExplain9x9 makes corpus puzzles unsolvable (a given set to a
// digit other than the solution's, where that leaves no solution) and
// checks that the explanation is minimal, by the backtracker.
func TestVariantExplain9x9(t *testing.T) {
	t.Parallel()
	race.SkipSequential(t)
	e := newEngine(t, Options{Explain: true})
	rng := rand.New(rand.NewPCG(8, 9))
	const checkNodes = 2_000_000
	limit := 12
	bt := fallback.NewSolver()
	bt.NodeLimit = 200_000
	explained := 0
	var slowest time.Duration
	for _, c := range variantcorpus.Read(t) {
		if c.Puzzle.Side() != 9 || slowCorpus[c.File] || variantcorpus.NotUnique[c.File] != "" || slowToExplain[c.File] {
			continue
		}
		if testing.Short() {
			limit = 6
		}
		if explained >= limit {
			break
		}
		q := *c.Puzzle
		q.Givens = c.Puzzle.Givens.Clone()
		for tries := 0; tries < 20; tries++ {
			cell := rng.IntN(81)
			if q.Givens.Cells[cell] != 0 {
				continue
			}
			q.Givens.Cells[cell] = uint8(1 + (int(c.Solution.Cells[cell])+rng.IntN(8))%9)
			if q.Validate() == nil {
				r, err := bt.SolveVariant(bg, &q, 1)
				if err == nil && r.Count == 0 {
					break
				}
			}
			q.Givens.Cells[cell] = 0
		}
		res := e.SolvePuzzle(bg, &q)
		if res.Status != NoSolution {
			continue
		}
		if res.Err != nil {
			t.Fatalf("%s: %v", c.File, res.Err)
		}
		why := checkVariantConflictWithin(checkNodes, &q, res.Conflict, res.ConflictRules)
		if why == errInconclusive {
			t.Logf("%s: %s: left out", c.File, why)
			continue
		}
		if why != "" {
			t.Fatalf("%s: %q: %s", c.File, ConflictNames(&q, res.Conflict, res.ConflictRules), why)
		}
		slowest = max(slowest, res.Elapsed)
		explained++
	}
	if explained < 5 {
		t.Fatalf("only %d puzzles explained", explained)
	}
	t.Logf("%d 9x9 puzzles explained, slowest %v", explained, slowest)
}

// TestConcurrentVariants shares one Engine per kind between 8 goroutines
// solving, counting, explaining and listing candidates of variant puzzles
// of every verdict at once: every answer must be the known one. Run it
// with -race.
func TestConcurrentVariants(t *testing.T) {
	t.Parallel()
	type known struct {
		p     *variant.Puzzle
		count int // 0, 1 or 2 (two or more)
		sol   *board.Board
	}
	var puzzles []known
	for _, c := range variantcorpus.Read(t) {
		if len(puzzles) == 4 {
			break
		}
		if c.Puzzle.Side() <= 9 && !slowCorpus[c.File] && variantcorpus.NotUnique[c.File] == "" {
			puzzles = append(puzzles, known{c.Puzzle, 1, c.Solution})
		}
	}
	few, _ := fewSolutions(t, 40)
	puzzles = append(puzzles, known{few[0], 2, nil}, known{few[1], 2, nil})
	none := *puzzles[0].p
	none.Givens = puzzles[0].p.Givens.Clone()
	for i, d := range puzzles[0].sol.Cells {
		if none.Givens.Cells[i] == 0 {
			none.Givens.Cells[i] = d%9 + 1 // no solution: every digit wrong
			break
		}
	}
	puzzles = append(puzzles, known{&none, 0, nil})
	kinds := []Options{{Kind: SAT, Limit: 2, Explain: true}, {Kind: Backtrack, Limit: 2}, {Kind: Both, Limit: 2}}
	if argv := externalSolver(); argv != nil {
		kinds = append(kinds, Options{Kind: External, Limit: 2, SatCmd: argv})
	}
	for _, o := range kinds {
		t.Run(o.Kind.String(), func(t *testing.T) {
			t.Parallel()
			e := newEngine(t, o)
			// Each goroutine starts at another puzzle; under -race, where
			// gophersat is several times slower, each takes three in turn
			// (together still all of them, several at once).
			each := len(puzzles)
			if race.Enabled {
				each = 3
			}
			var wg sync.WaitGroup
			for g := range 8 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for i := range each {
						k := puzzles[(i+g)%len(puzzles)]
						res := e.SolvePuzzle(bg, k.p)
						switch {
						case k.count == 0 && res.Status != NoSolution:
							t.Errorf("goroutine %d: %v, want no solution", g, res.Status)
						case k.count == 0 && o.Explain && len(res.Clashes) == 0 && checkVariantConflict(k.p, res.Conflict, res.ConflictRules) != "":
							t.Errorf("goroutine %d: explanation: %s", g, checkVariantConflict(k.p, res.Conflict, res.ConflictRules))
						case k.count > 0 && (res.Status != Solved || res.Count != k.count):
							t.Errorf("goroutine %d: %v count %d, want %d", g, res.Status, res.Count, k.count)
						case k.sol != nil && !res.Solution.Equal(k.sol):
							t.Errorf("goroutine %d: not the solution", g)
						case res.Solution != nil && variant.Check(k.p, res.Solution) != nil:
							t.Errorf("goroutine %d: a solution the checker rejects", g)
						}
						if g%2 == 0 && o.Kind == SAT {
							sets, err := e.Candidates(bg, k.p)
							if err != nil || (sets == nil) != (k.count == 0) {
								t.Errorf("goroutine %d: candidates %v, %v", g, sets, err)
							}
						}
					}
				}()
			}
			wg.Wait()
		})
	}
}
