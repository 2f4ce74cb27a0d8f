package batch_test

import (
	"context"
	"errors"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/satdoku/satdoku/batch"
	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/engine"
	"github.com/satdoku/satdoku/fpuzzles"
	"github.com/satdoku/satdoku/internal/proctest"
	"github.com/satdoku/satdoku/variant"
)

// TestPortfolioBatch: a batch with the portfolio engine gives every
// answer of the mixed input (solved, no solution, unreadable), each grid
// verified, named by the side that gave it; with the two sides started
// together, and with a count to 2; and leaves no worker process.
func TestPortfolioBatch(t *testing.T) {
	t.Parallel()
	in := mixed(t, 120)
	for _, o := range []engine.Options{
		{Kind: engine.Portfolio},
		{Kind: engine.Portfolio, HeadStart: -1, Limit: 2},
	} {
		w := newWorkers(t)
		got := collect(t, in, batch.Options{Engine: o, Workers: 2, Worker: w.command})
		for _, r := range got {
			if r.Status == engine.Solved && r.Engine != "sat" && r.Engine != "backtrack" {
				t.Errorf("head start %v: puzzle %d answered by %q", o.HeadStart, r.Index, r.Engine)
			}
			if o.Limit == 2 && r.Status == engine.Solved && r.Count < 1 {
				t.Errorf("puzzle %d: count %d", r.Index, r.Count)
			}
		}
		if left := proctest.Leftovers(w.mark); len(left) > 0 {
			t.Errorf("head start %v: left running after the batch: %v", o.HeadStart, left)
		}
	}
}

// blank16 returns a blank 16×16 with anti-knight and non-consecutive
// rules: a count of its solutions to a million takes either engine far
// longer than the tests wait.
func blank16(t *testing.T) *variant.Puzzle {
	s := board.Square(4)
	rules, err := variant.ParseRules("antiknight,nonconsecutive", s)
	if err != nil {
		t.Fatal(err)
	}
	vp := variant.New(s)
	vp.Rules = rules
	return vp
}

// readFpuzzles reads the puzzle of an f-puzzles file.
func readFpuzzles(t *testing.T, path string) *variant.Puzzle {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	read, err := fpuzzles.Read(f)
	if err != nil {
		t.Fatal(err)
	}
	return read.Puzzle
}

// TestPortfolioStopsLoser measures that the side that loses a race is
// stopped: no worker process left running and no goroutine more than
// before, once the answer is in.
//
//   - The backtracker wins (a kropki puzzle) against a SAT side that
//     cannot answer (its worker process waits at a gate no second solve
//     reaches), which joined the race at once: the answer is the
//     backtracker's, and the worker process started for the SAT side is
//     gone.
//   - The two race on a 25×25 (the SAT engine's kind of board) and on
//     Hard renban 1 (the backtracker's), started together; whichever
//     wins, the other is gone.
//
// Not parallel: it counts the goroutines of the whole test binary.
func TestPortfolioStopsLoser(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	kropki := readFpuzzles(t, "../testdata/variants/sigh/kropki-sudoku.json")
	before := runtime.NumGoroutine()
	w := newWorkers(t, gateVar+"="+t.TempDir())
	res := batch.SolveOne(ctx, nil, kropki, batch.Options{Engine: engine.Options{Kind: engine.Portfolio, HeadStart: -1}, Worker: w.command})
	if res.Status != engine.Solved || res.Engine != "backtrack" || variant.Check(kropki, res.Solution) != nil {
		t.Errorf("stalled SAT side: %v by %q, %v", res.Status, res.Engine, res.Err)
	}
	// On a busy machine the backtracker may answer before the SAT side's
	// goroutine has run at all: then no process was started. The case
	// below starts one for certain.
	if w.started() > 1 {
		t.Errorf("stalled SAT side: %d worker processes started, want at most 1", w.started())
	}
	if left := proctest.Leftovers(w.mark); len(left) > 0 {
		t.Errorf("stalled SAT side: left running when SolveOne returned: %v", left)
	}
	if n, ok := proctest.GoroutinesBack(ctx, before); !ok {
		t.Errorf("stalled SAT side: %d goroutines, %d before", n, before)
	}

	// A race that neither side can win, stopped by its caller once the SAT
	// side's process is running (seen in the process table): the process is killed and reaped, and
	// both sides' goroutines end.
	before = runtime.NumGoroutine()
	w = newWorkers(t)
	stopCtx, stop := context.WithCancel(ctx)
	go func() {
		for len(proctest.Leftovers(w.mark)) == 0 && stopCtx.Err() == nil {
			time.Sleep(time.Millisecond)
		}
		stop()
	}()
	res = batch.SolveOne(stopCtx, nil, blank16(t), batch.Options{Engine: engine.Options{Kind: engine.Portfolio, HeadStart: -1, Limit: 1_000_000}, Worker: w.command})
	stop()
	if res.Status != engine.Timeout || !errors.Is(res.Err, context.Canceled) {
		t.Errorf("stopped race: %v %v, want a timeout by cancellation", res.Status, res.Err)
	}
	if w.started() != 1 {
		t.Errorf("stopped race: %d worker processes started, want 1", w.started())
	}
	if left := proctest.Leftovers(w.mark); len(left) > 0 {
		t.Errorf("stopped race: left running when SolveOne returned: %v", left)
	}
	if n, ok := proctest.GoroutinesBack(ctx, before); !ok {
		t.Errorf("stopped race: %d goroutines, %d before", n, before)
	}

	large, err := os.ReadFile("../testdata/large/25x25.txt")
	if err != nil {
		t.Fatal(err)
	}
	b25, err := board.Parse(strings.Split(string(large), "\n")[7])
	if err != nil {
		t.Fatal(err)
	}
	renban := readFpuzzles(t, "../testdata/variants/sigh/hard-renban-1.json")
	for _, c := range []struct {
		name  string
		b     *board.Board
		v     *variant.Puzzle
		limit int
	}{{"25×25", b25, nil, 1}, {"Hard renban 1", nil, renban, 2}} {
		before := runtime.NumGoroutine()
		w := newWorkers(t)
		res := batch.SolveOne(ctx, c.b, c.v, batch.Options{Engine: engine.Options{Kind: engine.Portfolio, HeadStart: -1, Limit: c.limit}, Worker: w.command})
		grid := c.b
		if c.v != nil {
			grid = c.v.Givens
		}
		switch {
		case res.Status != engine.Solved:
			t.Errorf("%s: %v %v", c.name, res.Status, res.Err)
		case c.v == nil && board.Verify(grid, res.Solution) != nil, c.v != nil && variant.Check(c.v, res.Solution) != nil:
			t.Errorf("%s: a grid that fails verification", c.name)
		case c.limit == 2 && res.Count != 1:
			t.Errorf("%s: count %d, want 1", c.name, res.Count)
		}
		t.Logf("%s: answered by %s in %v", c.name, res.Engine, res.Elapsed)
		if left := proctest.Leftovers(w.mark); len(left) > 0 {
			t.Errorf("%s: left running when SolveOne returned: %v", c.name, left)
		}
		if n, ok := proctest.GoroutinesBack(ctx, before); !ok {
			t.Errorf("%s: %d goroutines, %d before", c.name, n, before)
		}
	}
}

// TestPortfolioTimeout: --timeout (Options.Timeout) bounds both sides of
// the race: counting the solutions of a blank 16×16 with anti-knight and
// non-consecutive rules, which neither engine finishes, with both
// running, is a timeout, alone (SolveOne) and in a batch of two with two
// solvers, and no worker process or goroutine is left. The test's own
// context bounds it; nothing is asserted about how soon.
func TestPortfolioTimeout(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	vp := blank16(t)
	o := engine.Options{Kind: engine.Portfolio, HeadStart: -1, Limit: 1_000_000}
	before := runtime.NumGoroutine()
	w := newWorkers(t)
	res := batch.SolveOne(ctx, nil, vp, batch.Options{Engine: o, Timeout: 200 * time.Millisecond, Worker: w.command})
	if res.Status != engine.Timeout || !errors.Is(res.Err, context.DeadlineExceeded) {
		t.Errorf("SolveOne: %v %v, want a timeout", res.Status, res.Err)
	}
	if w.started() > 1 { // 0 when the deadline passed before the SAT side's goroutine ran
		t.Errorf("SolveOne: %d worker processes started, want at most 1 (the SAT side)", w.started())
	}
	if left := proctest.Leftovers(w.mark); len(left) > 0 {
		t.Errorf("SolveOne: left running: %v", left)
	}
	if n, ok := proctest.GoroutinesBack(ctx, before); !ok {
		t.Errorf("SolveOne: %d goroutines, %d before", n, before)
	}

	w = newWorkers(t)
	var items []variantItem
	for range 2 {
		vp := blank16(t)
		items = append(items, variantItem{board: &board.Puzzle{Board: vp.Givens}, variant: vp})
	}
	var got []*batch.Result
	err := batch.Solve(ctx, &sliceSource{items: items}, batch.Options{Engine: o, Workers: 2, Timeout: 200 * time.Millisecond, Worker: w.command}, func(r *batch.Result) error {
		got = append(got, r)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range got {
		if r.Status != engine.Timeout {
			t.Errorf("batch: puzzle %d: %v %v, want a timeout", r.Index, r.Status, r.Err)
		}
	}
	if len(got) != 2 {
		t.Errorf("batch: %d results", len(got))
	}
	if left := proctest.Leftovers(w.mark); len(left) > 0 {
		t.Errorf("batch: left running: %v", left)
	}
	if n, ok := proctest.GoroutinesBack(ctx, before); !ok {
		t.Errorf("batch: %d goroutines, %d before", n, before)
	}
}
