package batch_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/satdoku/satdoku/batch"
	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/engine"
	"github.com/satdoku/satdoku/fallback"
	"github.com/satdoku/satdoku/internal/testpuzzles"
	"github.com/satdoku/satdoku/internal/variantcorpus"
	"github.com/satdoku/satdoku/variant"
	"github.com/satdoku/satdoku/variant/varianttest"
)

// variantItem is one puzzle of a variant batch and what its result must
// be: the status, and the number of solutions when counting to 2.
type variantItem struct {
	board   *board.Puzzle
	variant *variant.Puzzle // nil: classic
	err     error           // an input error in its place
	status  engine.Status
	count   int
}

// sliceSource is a VariantSource over a list, naming each input.
type sliceSource struct {
	items []variantItem
	next  int
}

func (s *sliceSource) Read() (*board.Puzzle, error) {
	p, _, err := s.ReadVariant()
	return p, err
}

func (s *sliceSource) ReadVariant() (*board.Puzzle, *variant.Puzzle, error) {
	if s.next == len(s.items) {
		return nil, nil, io.EOF
	}
	it := s.items[s.next]
	s.next++
	if it.err != nil {
		return nil, nil, &batch.InputError{Err: it.err}
	}
	return it.board, it.variant, nil
}

func (s *sliceSource) Name() string { return fmt.Sprintf("item%d", s.next) }

// variantItems returns a mixed batch: quick 9×9 corpus puzzles (unique),
// random 4×4 and 6×6 variants with no solution, one or several (counted by
// the backtracker), classic puzzles, and an unreadable input.
func variantItems(t *testing.T) []variantItem {
	var items []variantItem
	quick := map[string]bool{"dclamage/tangled-arrows.json": true, "dclamage/300-subs.json": true,
		"sigh/killer-sudoku-gaps.json": true, "dclamage/fortress-sudoku.json": true, "sigh/xv-sudoku.json": true,
		"dclamage/return-of-the-revenge-of-the-hash-the-mo.json": true, "dclamage/peak-sudoku.json": true}
	for _, c := range variantcorpus.Read(t) {
		if quick[c.File] {
			items = append(items, variantItem{board: &board.Puzzle{Board: c.Puzzle.Givens}, variant: c.Puzzle, status: engine.Solved, count: 1})
		}
	}
	if len(items) != len(quick) {
		t.Fatalf("%d quick corpus puzzles found of %d", len(items), len(quick))
	}
	classic := testpuzzles.Boards(t, "testdata/top1465-sample.txt")[:4]
	rng := rand.New(rand.NewPCG(5, 6))
	bt := fallback.NewSolver()
	for i := range 40 {
		s := board.Square(2)
		if i%2 == 1 {
			s = board.Shape{BoxRows: 2, BoxCols: 3}
		}
		p := variant.New(s)
		grid := varianttest.Grid(rng, s)
		other := varianttest.Grid(rng, s)
		for range 2 + rng.IntN(3) {
			from := grid
			if rng.IntN(5) == 0 {
				from = other
			}
			p.Rules = append(p.Rules, varianttest.Clue(rng, p, from, varianttest.Kinds[rng.IntN(len(varianttest.Kinds))])...)
		}
		if i%4 == 3 {
			p.Regions = varianttest.Regions(rng, grid, p.RegionLabels(), 8)
		}
		for _, c := range rng.Perm(len(grid.Cells))[:s.Side()+rng.IntN(s.Side())] {
			p.Givens.Cells[c] = grid.Cells[c]
		}
		if p.Validate() != nil {
			continue
		}
		r, err := bt.SolveVariant(context.Background(), p, 2)
		if err != nil {
			t.Fatal(err)
		}
		it := variantItem{board: &board.Puzzle{Board: p.Givens, Line: i + 1}, variant: p, status: engine.Solved, count: r.Count}
		if r.Count == 0 {
			it.status = engine.NoSolution
		}
		items = append(items, it)
		if i%9 == 0 {
			items = append(items, variantItem{board: &board.Puzzle{Board: classic[i%len(classic)]}, status: engine.Solved, count: 1})
		}
		if i == 17 {
			items = append(items, variantItem{err: errors.New("not an f-puzzles file"), status: engine.Invalid})
		}
	}
	return items
}

// TestVariantBatch runs a batch of variant and classic puzzles every way
// a batch can run, counting and explaining: each result in its place with
// the right status and count, every solution accepted by variant.Check,
// every explanation's rules and givens in range and in conflict.
func TestVariantBatch(t *testing.T) {
	t.Parallel()
	items := variantItems(t)
	var counts [3]int
	for _, it := range items {
		if it.variant != nil {
			counts[min(it.count, 2)]++
		}
	}
	if counts[0] == 0 || counts[1] == 0 || counts[2] == 0 {
		t.Fatalf("outcomes %v: want puzzles with none, one and several solutions", counts)
	}
	for _, tt := range []struct {
		name string
		o    batch.Options
	}{
		{"sat, this process", batch.Options{Workers: 1}},
		{"sat, timeout, two worker processes", batch.Options{Workers: 2, Timeout: time.Minute}},
		{"both, timeout, one worker process", batch.Options{Workers: 1, Timeout: time.Minute, Engine: engine.Options{Kind: engine.Both}}},
		{"backtrack, three goroutines", batch.Options{Workers: 3, Engine: engine.Options{Kind: engine.Backtrack}}},
		{"portfolio, two goroutines", batch.Options{Workers: 2, Engine: engine.Options{Kind: engine.Portfolio}}},
		{"portfolio, started together, timeout", batch.Options{Workers: 2, Timeout: time.Minute, Engine: engine.Options{Kind: engine.Portfolio, HeadStart: -1}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			w := newWorkers(t)
			tt.o.Worker = w.command
			tt.o.Engine.Limit, tt.o.Engine.Explain = 2, true
			var got []*batch.Result
			err := batch.Solve(context.Background(), &sliceSource{items: items}, tt.o, func(r *batch.Result) error {
				got = append(got, r)
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(items) {
				t.Fatalf("%d results for %d puzzles", len(got), len(items))
			}
			if tt.o.Timeout > 0 && w.started() == 0 {
				t.Error("no worker process started")
			}
			for i, r := range got {
				it := items[i]
				where := fmt.Sprintf("puzzle %d (%s)", i+1, r.Name)
				if r.Index != i+1 || r.Name != fmt.Sprintf("item%d", i+1) {
					t.Fatalf("%s: index %d", where, r.Index)
				}
				if r.Status != it.status {
					t.Errorf("%s: %v (%v), want %v", where, r.Status, r.Err, it.status)
					continue
				}
				if it.err != nil {
					if r.Err == nil || r.Err.Error() != it.err.Error() || r.Puzzle != nil {
						t.Errorf("%s: input error %v, puzzle %v", where, r.Err, r.Puzzle)
					}
					continue
				}
				if (r.Variant != nil) != (it.variant != nil) || r.Puzzle != it.board {
					t.Errorf("%s: the result carries another puzzle", where)
				}
				p := it.variant
				if p == nil {
					p = &variant.Puzzle{Givens: it.board.Board}
				}
				switch r.Status {
				case engine.Solved:
					if r.Count != min(it.count, 2) {
						t.Errorf("%s: count %d, want %d", where, r.Count, min(it.count, 2))
					}
					for _, g := range []*board.Board{r.Solution, r.Second} {
						if g == nil {
							continue
						}
						if err := variant.Check(p, g); err != nil {
							t.Errorf("%s: %v", where, err)
						}
					}
				case engine.NoSolution:
					if len(r.Clashes) > 0 {
						continue
					}
					for _, i := range r.ConflictRules {
						if i < 0 || i >= len(p.Rules) {
							t.Fatalf("%s: conflict rule %d of %d", where, i, len(p.Rules))
						}
					}
					if len(r.Conflict)+len(r.ConflictRules) == 0 {
						t.Errorf("%s: no solution, unexplained (%v)", where, r.Err)
						continue
					}
					q := &variant.Puzzle{Givens: board.Subset(p.Givens, r.Conflict), Regions: p.Regions}
					for _, i := range r.ConflictRules {
						q.Rules = append(q.Rules, p.Rules[i])
					}
					if res, err := fallback.NewSolver().SolveVariant(context.Background(), q, 1); err != nil || res.Count != 0 {
						t.Errorf("%s: the conflict %v has a completion (%v)", where, engine.ConflictNames(p, r.Conflict, r.ConflictRules), err)
					}
				}
			}
		})
	}
}

// TestWithRules reads classic text and adds a rule spec and jigsaw
// regions to every puzzle: the batch solves the variant puzzles (the
// answers are those of the engine), keeps the input's name, and makes
// every puzzle of a shape the rules do not fit an invalid result.
func TestWithRules(t *testing.T) {
	t.Parallel()
	const text = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n" +
		"1...............\n" +
		"..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n"
	rules := func(s board.Shape) ([]variant.Rule, []int, error) {
		if s.Side() != 9 {
			return nil, nil, fmt.Errorf("no rules for %v", s)
		}
		rs, err := variant.ParseRules("antiknight", s)
		return rs, nil, err
	}
	eng, err := engine.New(engine.Options{Limit: 2})
	if err != nil {
		t.Fatal(err)
	}
	rd := board.NewReader(strings.NewReader(text))
	rd.Name = "in.txt"
	var got []*batch.Result
	err = batch.Solve(context.Background(), batch.WithRules(rd, rules), batch.Options{Workers: 1, Engine: engine.Options{Limit: 2}}, func(r *batch.Result) error {
		got = append(got, r)
		return nil
	})
	if err != nil || len(got) != 3 {
		t.Fatalf("%d results, %v", len(got), err)
	}
	for i, r := range got {
		if r.Name != "in.txt" {
			t.Errorf("result %d named %q", i+1, r.Name)
		}
	}
	if got[1].Status != engine.Invalid || got[1].Err == nil || !strings.Contains(got[1].Err.Error(), "no rules for 4x4") {
		t.Errorf("4x4 without rules: %v %v", got[1].Status, got[1].Err)
	}
	for _, i := range []int{0, 2} {
		r := got[i]
		if r.Variant == nil || len(r.Variant.Rules) != 1 || r.Variant.Givens != r.Puzzle.Board {
			t.Fatalf("result %d: variant %+v", i+1, r.Variant)
		}
		want := eng.SolvePuzzle(context.Background(), r.Variant)
		if r.Status != want.Status || r.Count != want.Count || r.Solution != nil && !r.Solution.Equal(want.Solution) {
			t.Errorf("result %d: %v %d, the engine says %v %d", i+1, r.Status, r.Count, want.Status, want.Count)
		}
		if r.Status == engine.Solved && variant.Check(r.Variant, r.Solution) != nil {
			t.Errorf("result %d: the solution breaks the anti-knight rule", i+1)
		}
	}
}

// TestOncePerShape calls the rules once per shape, from several
// goroutines at once, and hands every caller of a shape the same answer:
// its rules, or its error.
func TestOncePerShape(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	calls := map[board.Shape]int{}
	errSmall := errors.New("no rules for 4×4")
	rules := batch.OncePerShape(func(s board.Shape) ([]variant.Rule, []int, error) {
		mu.Lock()
		calls[s]++
		mu.Unlock()
		if s == board.Square(2) {
			return nil, nil, errSmall
		}
		return []variant.Rule{variant.AntiKnight{}}, nil, nil
	})
	shapes := []board.Shape{board.Classic, board.Square(2), board.Classic, board.Square(2)}
	var wg sync.WaitGroup
	for i := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := shapes[i%len(shapes)]
			rs, _, err := rules(s)
			switch {
			case s == board.Square(2) && !errors.Is(err, errSmall):
				t.Errorf("%v: error %v, want %v", s, err, errSmall)
			case s == board.Classic && (err != nil || len(rs) != 1):
				t.Errorf("%v: rules %v, error %v; want the anti-knight rule", s, rs, err)
			}
		}()
	}
	wg.Wait()
	for _, s := range []board.Shape{board.Classic, board.Square(2)} {
		if calls[s] != 1 {
			t.Errorf("%v: rules called %d times, want once", s, calls[s])
		}
	}
}
