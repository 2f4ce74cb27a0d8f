package batch_test

import (
	"bytes"
	"context"
	"os"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/satdoku/satdoku/batch"
	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/engine"
	"github.com/satdoku/satdoku/internal/proctest"
	"github.com/satdoku/satdoku/internal/workerproto"
	"github.com/satdoku/satdoku/variant"
)

// TestPortfolioWorkersBounded runs many races on three solving
// goroutines, the SAT side joining at once, with a mix of outcomes: the
// backtracker winning (a kropki puzzle: the SAT side's process is killed,
// often while it starts), the SAT engine winning (25×25 boards), both
// running out of the batch's timeout (a blank 16×16 with two rules
// counted), and the SAT side's worker process dying on a puzzle (a 25×25
// that poisons it: see servePoisoned), after which the next race starts
// another. Throughout, a watcher counts the worker processes alive (and
// so does each result as it comes): never more than the solving
// goroutines; none once the batch has returned, and no goroutine left.
// Which side answers each race depends on the machine; the bound does not.
//
// Not parallel: it counts the goroutines of the whole test binary.
func TestPortfolioWorkersBounded(t *testing.T) {
	if !proctest.Supported() {
		t.Skip("no /proc: the worker processes cannot be counted")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	const solvers, rounds = 3, 4
	kropki := readFpuzzles(t, "../testdata/variants/sigh/kropki-sudoku.json")
	large, err := os.ReadFile("../testdata/large/25x25.txt")
	if err != nil {
		t.Fatal(err)
	}
	var b25 []*board.Board
	for _, line := range strings.Split(string(large), "\n")[7:10] {
		b, err := board.Parse(line)
		if err != nil {
			t.Fatal(err)
		}
		b25 = append(b25, b)
	}
	poisoned := b25[2]
	// The poison is the request's cells field, as the worker reads it.
	fields := bytes.Split(workerproto.AppendRequest(nil, 1, poisoned), []byte{'\t'})
	poison := string(fields[3])

	var items []variantItem
	classic := func(b *board.Board) variantItem { return variantItem{board: &board.Puzzle{Board: b}} }
	for range rounds {
		vp := blank16(t)
		items = append(items,
			variantItem{board: &board.Puzzle{Board: kropki.Givens}, variant: kropki},
			classic(b25[0]),
			variantItem{board: &board.Puzzle{Board: vp.Givens}, variant: vp},
			classic(poisoned),
			variantItem{board: &board.Puzzle{Board: kropki.Givens}, variant: kropki},
			classic(b25[1]),
		)
	}

	before := runtime.NumGoroutine()
	w := newWorkers(t, poisonVar+"="+poison)
	var mu sync.Mutex
	most := 0
	look := func() {
		n := len(proctest.Leftovers(w.mark))
		mu.Lock()
		most = max(most, n)
		mu.Unlock()
	}
	done := make(chan struct{})
	watched := make(chan struct{})
	go func() {
		defer close(watched)
		for {
			look()
			select {
			case <-done:
				return
			case <-time.After(10 * time.Millisecond):
			}
		}
	}()
	o := batch.Options{Engine: engine.Options{Kind: engine.Portfolio, HeadStart: -1, Limit: 2},
		Workers: solvers, Timeout: 300 * time.Millisecond, Worker: w.command}
	tally := map[string]int{}
	var got int
	err = batch.Solve(ctx, &sliceSource{items: items}, o, func(r *batch.Result) error {
		look()
		got++
		it := items[r.Index-1]
		switch r.Status {
		case engine.Solved:
			var bad error
			if it.variant != nil {
				bad = variant.Check(it.variant, r.Solution)
			} else {
				bad = board.Verify(it.board.Board, r.Solution)
			}
			if bad != nil {
				t.Errorf("puzzle %d: a grid that fails verification: %v", r.Index, bad)
			}
			tally["solved by "+r.Engine]++
		case engine.Timeout:
			tally["timeout"]++
		default:
			t.Errorf("puzzle %d: %v %v", r.Index, r.Status, r.Err)
		}
		return nil
	})
	close(done)
	<-watched
	if err != nil {
		t.Fatal(err)
	}
	if got != len(items) {
		t.Errorf("%d results for %d puzzles", got, len(items))
	}
	t.Logf("%v; %d worker processes started, at most %d alive at once", tally, w.started(), most)
	if most > solvers {
		t.Errorf("%d worker processes alive at once, for %d solving goroutines", most, solvers)
	}
	if left := proctest.Leftovers(w.mark); len(left) > 0 {
		t.Errorf("left running when the batch returned: %v", left)
	}
	if n, ok := proctest.GoroutinesBack(ctx, before); !ok {
		t.Errorf("%d goroutines, %d before", n, before)
	}
}
