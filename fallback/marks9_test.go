package fallback

import (
	"context"
	"errors"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"

	"github.com/satdoku/satdoku/board"
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
	// A goroutine that has closed its done channel may not have exited
	// yet: let it, a bounded number of times.
	for i := 0; i < 1000 && runtime.NumGoroutine() > before; i++ {
		runtime.Gosched()
	}
	if n := runtime.NumGoroutine(); n > before {
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
