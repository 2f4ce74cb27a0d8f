package fallback

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/internal/proctest"
	"github.com/satdoku/satdoku/internal/testpuzzles"
	"github.com/satdoku/satdoku/internal/variantcorpus"
	"github.com/satdoku/satdoku/variant"
)

// randomMarks returns a pencil-mark sudoku made from a random solved
// grid: every cell's marks hold its digit and each other digit with
// probability keep/10; a few cells are givens instead (some with marks
// of a digit that may not be theirs); and, in one puzzle
// of three, one cell loses its digit (mostly no solution then, or
// others).
func randomMarks(rng *rand.Rand, keep int) *variant.Puzzle {
	s := NewSolver()
	res, err := s.Solve(context.Background(), board.New(board.Classic), 1)
	if err != nil || res.Count != 1 {
		panic("no grid to start from")
	}
	// A random grid of the same kind: digits relabelled, rows moved
	// within their bands and bands among themselves, columns alike.
	relabel := rng.Perm(9)
	order := func() []int {
		var out []int
		for _, band := range rng.Perm(3) {
			for _, r := range rng.Perm(3) {
				out = append(out, 3*band+r)
			}
		}
		return out
	}
	rows, cols := order(), order()
	sol := make([]int, 81)
	for r := range 9 {
		for c := range 9 {
			sol[9*r+c] = relabel[res.Solutions[0].Cells[9*rows[r]+cols[c]]-1] + 1
		}
	}
	p := &variant.Puzzle{Givens: board.New(board.Classic)}
	wrong := -1
	if rng.IntN(3) == 0 {
		wrong = rng.IntN(81)
	}
	for c, d := range sol {
		if rng.IntN(12) == 0 && c != wrong {
			p.Givens.Cells[c] = uint8(d)
			if rng.IntN(4) == 0 { // marks on a given: its digit, or rarely another
				mark := d
				if rng.IntN(8) == 0 {
					mark = 1 + rng.IntN(9)
				}
				p.Rules = append(p.Rules, variant.PencilMarks{Cell: c, Digits: []int{mark}})
			}
			continue
		}
		var digits []int
		for e := 1; e <= 9; e++ {
			if (e == d && c != wrong) || (e != d && rng.IntN(10) < keep) {
				digits = append(digits, e)
			}
		}
		if len(digits) == 0 {
			digits = []int{1 + rng.IntN(9)}
		}
		if len(digits) < 9 {
			p.Rules = append(p.Rules, variant.PencilMarks{Cell: c, Digits: digits})
		}
	}
	return p
}

// TestMarks9MatchesVariant checks the pencil-mark path (the 9×9 fast
// path and the variant search in turns) against the variant search
// alone on random pencil-mark sudokus, from dense marks (many solutions)
// to sparse (one or none): the same count to three, every solution
// valid and within the marks, the same solutions when there are at most
// two; with the default turns and with turns of a few nodes, which make
// each search answer some puzzles.
func TestMarks9MatchesVariant(t *testing.T) {
	rng := rand.New(rand.NewPCG(38, 9))
	counts := map[int]int{}
	winners := map[string]int{}
	for i := range 300 {
		p := randomMarks(rng, 2+i%5)
		if marks9(p) == nil {
			t.Fatal("a pencil-mark sudoku not taken for one")
		}
		alone := NewSolver()
		alone.forceGeneric = true
		want, err := alone.SolveVariant(context.Background(), p, 3)
		if err != nil {
			t.Fatal(err)
		}
		counts[want.Count]++
		for _, turn := range []int64{0, 3} {
			s := NewSolver()
			s.marksTurn, s.marksShare = turn, 1
			got, err := s.SolveVariant(context.Background(), p, 3)
			if err != nil {
				t.Fatal(err)
			}
			if turn != 0 {
				winners[s.marksWinner]++
			}
			if got.Count != want.Count {
				t.Fatalf("puzzle %d, turns of %d nodes: %d solutions, the variant search %d", i, turn, got.Count, want.Count)
			}
			for _, b := range got.Solutions {
				if err := variant.Check(p, b); err != nil {
					t.Fatalf("puzzle %d: %v", i, err)
				}
			}
			if got.Count <= 2 && !sameBoards(got.Solutions, want.Solutions) {
				t.Fatalf("puzzle %d: other solutions than the variant search's", i)
			}
		}
	}
	if counts[0] == 0 || counts[1] == 0 || counts[3] == 0 || winners["fast"] == 0 || winners["variant"] == 0 {
		t.Errorf("solution counts %v, winners %v: a case is not tested", counts, winners)
	}
	t.Logf("solution counts %v; with short turns, answered by %v", counts, winners)
}

// sameBoards reports whether a and b hold the same boards, in any order.
func sameBoards(a, b []*board.Board) bool {
	key := func(bs []*board.Board) []string {
		var out []string
		for _, x := range bs {
			out = append(out, x.String())
		}
		slices.Sort(out)
		return out
	}
	return slices.Equal(key(a), key(b))
}

// TestMarks9LeavesNoGoroutine checks that the search that loses the turns
// is stopped: after many pencil-mark sudokus solved with short turns (so
// that both searches start), as many goroutines run as before.
func TestMarks9LeavesNoGoroutine(t *testing.T) {
	rng := rand.New(rand.NewPCG(38, 10))
	before := runtime.NumGoroutine()
	for range 50 {
		s := NewSolver()
		s.marksTurn, s.marksShare = 5, 1
		if _, err := s.SolveVariant(context.Background(), randomMarks(rng, 4), 2); err != nil {
			t.Fatal(err)
		}
	}
	bound, stop := context.WithTimeout(context.Background(), 5*time.Minute) // a deadlock guard
	defer stop()
	if n, ok := proctest.GoroutinesBack(bound, before); !ok {
		t.Errorf("%d goroutines before, %d after", before, n)
	}
}

// TestMarks9Stops checks that a cancelled context and Solver.NodeLimit
// stop the pencil-mark path with their errors, both searches stopped.
func TestMarks9Stops(t *testing.T) {
	// Marks that rule out one digit of one cell: more solutions than any
	// limit.
	p := &variant.Puzzle{Givens: board.New(board.Classic), Rules: []variant.Rule{variant.PencilMarks{Cell: 0, Digits: []int{1, 2, 3, 4, 5, 6, 7, 8}}}}
	s := NewSolver()
	s.NodeLimit = 50
	s.marksTurn, s.marksShare = 7, 1
	if _, err := s.SolveVariant(context.Background(), p, 1<<30); !errors.Is(err, ErrNodeLimit) {
		t.Errorf("NodeLimit 50: error %v, want ErrNodeLimit", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := NewSolver().SolveVariant(ctx, p, 1<<30); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: error %v", err)
	}
}

// TestMarks9Candidates checks the true candidates of pencil-mark sudokus
// found by the 9×9 fast path and the variant search in turns (Candidates)
// against those of the variant search alone: the same sets, each digit of
// them in some solution visited, every solution visited valid. The
// puzzles: the corpus's 9×9 pencil-mark sudokus, random ones (dense
// marks: many solutions; sparse: one or none), and classic puzzles of the
// top1465 sample whose blank cells are marked with their digit and a few
// others; with the default turns and with turns of a few nodes, which
// make each search answer some puzzles.
func TestMarks9Candidates(t *testing.T) {
	type tcase struct {
		name string
		p    *variant.Puzzle
	}
	var cases []tcase
	for _, cp := range variantcorpus.Read(t) {
		if marks9(cp.Puzzle) != nil {
			cases = append(cases, tcase{cp.File, cp.Puzzle})
		}
	}
	if len(cases) == 0 {
		t.Fatal("no pencil-mark sudoku in the corpus")
	}
	rng := rand.New(rand.NewPCG(38, 11))
	for i := range 150 {
		cases = append(cases, tcase{fmt.Sprintf("random #%d", i), randomMarks(rng, 2+i%6)})
	}
	classic := testpuzzles.Boards(t, "testdata/top1465-sample.txt")
	for i, b := range classic[:min(len(classic), 40)] {
		res, err := NewSolver().Solve(context.Background(), b, 1)
		if err != nil || res.Count != 1 {
			t.Fatalf("top1465 #%d: %d solutions, %v", i, res.Count, err)
		}
		p := &variant.Puzzle{Givens: b.Clone()}
		for c, d := range res.Solutions[0].Cells {
			if b.Cells[c] != 0 {
				continue
			}
			digits := []int{int(d)}
			for e := 1; e <= 9; e++ {
				if e != int(d) && rng.IntN(10) < 1+i%3 {
					digits = append(digits, e)
				}
			}
			slices.Sort(digits)
			p.Rules = append(p.Rules, variant.PencilMarks{Cell: c, Digits: digits})
		}
		cases = append(cases, tcase{fmt.Sprintf("top1465 #%d marked", i), p})
	}
	winners := map[string]int{}
	several := 0
	for _, tc := range cases {
		alone := NewSolver()
		alone.forceGeneric = true
		alone.NodeLimit = 2_000_000
		want, wres, err := alone.Candidates(context.Background(), tc.p, nil)
		if err != nil {
			t.Fatalf("%s: the variant search: %v", tc.name, err)
		}
		if wres.Count > 1 {
			several++
		}
		for _, turn := range []int64{0, 3} {
			s := NewSolver()
			s.NodeLimit = 2_000_000
			s.marksTurn, s.marksShare = turn, 1
			seen := make([]uint64, 81)
			visited := 0
			got, res, err := s.Candidates(context.Background(), tc.p, func(b *board.Board) bool {
				if err := variant.Check(tc.p, b); err != nil {
					t.Errorf("%s: a solution visited fails the check: %v", tc.name, err)
				}
				for c, d := range b.Cells {
					seen[c] |= 1 << (d - 1)
				}
				visited++
				return true
			})
			if err != nil {
				t.Fatalf("%s, turns of %d nodes: %v", tc.name, turn, err)
			}
			if turn != 0 {
				winners[s.marksWinner]++
			}
			if !slices.Equal(got, want) {
				t.Fatalf("%s, turns of %d nodes: candidates %v, the variant search's %v", tc.name, turn, got, want)
			}
			if got != nil && !slices.Equal(got, seen) {
				t.Errorf("%s, turns of %d nodes: candidates not those of the solutions visited", tc.name, turn)
			}
			if res.Count != visited || (got == nil) != (res.Count == 0) || len(res.Solutions) != min(res.Count, 2) {
				t.Errorf("%s, turns of %d nodes: %d solutions visited, Result %d with %d grids", tc.name, turn, visited, res.Count, len(res.Solutions))
			}
		}
	}
	if several == 0 || winners["fast"] == 0 || winners["variant"] == 0 {
		t.Errorf("%d puzzles with several solutions, winners %v: a case is not tested", several, winners)
	}
	t.Logf("%d puzzles, %d with several solutions; with short turns, answered by %v", len(cases), several, winners)
}

// TestMarks9CandidatesStops checks that visit, a cancelled context and
// Solver.NodeLimit stop the candidates of a pencil-mark sudoku with their
// errors, and that no goroutine is left behind.
func TestMarks9CandidatesStops(t *testing.T) {
	// Marks that rule out one digit of one cell: a great many solutions.
	p := &variant.Puzzle{Givens: board.New(board.Classic), Rules: []variant.Rule{variant.PencilMarks{Cell: 0, Digits: []int{1, 2, 3, 4, 5, 6, 7, 8}}}}
	before := runtime.NumGoroutine()
	for _, turn := range []int64{0, 3} {
		s := NewSolver()
		s.marksTurn, s.marksShare = turn, 1
		n := 0
		_, res, err := s.Candidates(context.Background(), p, func(*board.Board) bool { n++; return n < 5 })
		if !errors.Is(err, ErrStopped) || n != 5 || res.Count != 5 {
			t.Errorf("turns of %d nodes, visit stops at 5: %v after %d visits, Count %d", turn, err, n, res.Count)
		}
		s.NodeLimit = 50
		if _, _, err := s.Candidates(context.Background(), p, nil); !errors.Is(err, ErrNodeLimit) {
			t.Errorf("turns of %d nodes, NodeLimit 50: error %v, want ErrNodeLimit", turn, err)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := NewSolver().Candidates(ctx, p, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: error %v", err)
	}
	bound, stop := context.WithTimeout(context.Background(), 5*time.Minute) // a deadlock guard
	defer stop()
	if n, ok := proctest.GoroutinesBack(bound, before); !ok {
		t.Errorf("%d goroutines before, %d after", before, n)
	}
}

// TestMarks9Race checks that the first solution of a pencil-mark sudoku,
// solved with no other search running where two threads can run at once,
// races the fast path and the variant search (marksRace), answering as
// the variant search alone does, and leaves no goroutine behind; and that
// with another search running, or for a count, it takes turns instead,
// with the same answers.
func TestMarks9Race(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	}
	if n := searches.Load(); n != 0 {
		t.Fatalf("%d searches still running from earlier tests", n)
	}
	before := runtime.NumGoroutine()
	rng := rand.New(rand.NewPCG(38, 10))
	var puzzles []*variant.Puzzle
	for _, cp := range variantcorpus.Read(t) {
		if marks9(cp.Puzzle) != nil {
			puzzles = append(puzzles, cp.Puzzle, cp.Puzzle)
		}
	}
	for i := range 60 {
		puzzles = append(puzzles, randomMarks(rng, 2+i%5))
	}
	raced := map[string]int{}
	for i, p := range puzzles {
		alone := NewSolver()
		alone.forceGeneric = true
		for _, limit := range []int{1, 3} {
			want, err := alone.SolveVariant(context.Background(), p, limit)
			counting := limit > 1 // a count takes turns, whatever runs
			if err != nil {
				t.Fatal(err)
			}
			for _, busy := range []bool{false, true} {
				done := func() {}
				if busy {
					done = searching() // another search in the process
				}
				s := NewSolver()
				// The variant search joins after the first node, the
				// fast path waiting for it to end, or after the default
				// head start.
				s.marksHead = int64(i % 2)
				s.marksFastWaits = i%2 == 1
				got, err := s.SolveVariant(context.Background(), p, limit)
				done()
				if err != nil {
					t.Fatal(err)
				}
				race := strings.HasSuffix(s.marksWinner, " race")
				if race == (busy || counting) {
					t.Fatalf("puzzle %d, another search running %v: answered by %q", i, busy, s.marksWinner)
				}
				if race {
					raced[s.marksWinner]++
				}
				if got.Count != want.Count {
					t.Fatalf("puzzle %d, limit %d, another search %v: %d solutions, the variant search %d", i, limit, busy, got.Count, want.Count)
				}
				for _, b := range got.Solutions {
					if err := variant.Check(p, b); err != nil {
						t.Fatalf("puzzle %d: %v", i, err)
					}
				}
				if limit == 3 && got.Count <= 2 && !sameBoards(got.Solutions, want.Solutions) {
					t.Fatalf("puzzle %d: other solutions than the variant search's", i)
				}
			}
		}
	}
	bound, stop := context.WithTimeout(context.Background(), 5*time.Minute) // a deadlock guard
	defer stop()
	if n, ok := proctest.GoroutinesBack(bound, before); !ok {
		t.Errorf("%d goroutines left behind by the races", n)
	}
	if raced["variant race"] == 0 || raced["fast race"] == 0 {
		t.Errorf("races answered by %v: a side is not tested", raced)
	}
	t.Logf("races answered by %v", raced)
}
