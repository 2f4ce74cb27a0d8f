package batch_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/satdoku/satdoku/batch"
	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/engine"
	"github.com/satdoku/satdoku/internal/proctest"
	"github.com/satdoku/satdoku/internal/race"
	"github.com/satdoku/satdoku/internal/testpuzzles"
)

// TestModes runs a mixed batch every way a batch can run: every result in
// its place, with the right status, every solution verified.
func TestModes(t *testing.T) {
	t.Parallel()
	in := mixed(t, 120)
	for _, tt := range []struct {
		name string
		o    batch.Options
	}{
		{"sat, one worker: this process", batch.Options{Workers: 1}},
		{"sat, two workers: this process, and one worker process beside it", batch.Options{Workers: 2}},
		{"sat, three workers: this process, and two worker processes beside it", batch.Options{Workers: 3}},
		{"sat, timeout, one worker process", batch.Options{Workers: 1, Timeout: time.Minute}},
		{"sat, timeout, three worker processes", batch.Options{Workers: 3, Timeout: time.Minute}},
		{"both, two workers", batch.Options{Workers: 2, Engine: engine.Options{Kind: engine.Both}}},
		{"backtrack, one goroutine", batch.Options{Workers: 1, Engine: engine.Options{Kind: engine.Backtrack}}},
		{"backtrack, three goroutines, timeout", batch.Options{Workers: 3, Timeout: time.Minute, Engine: engine.Options{Kind: engine.Backtrack}}},
		{"sat, counting, explaining", batch.Options{Workers: 2, Timeout: time.Minute, Engine: engine.Options{Limit: 2, Explain: true}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			w := newWorkers(t)
			tt.o.Worker = w.command
			got := collect(t, in, tt.o)
			if len(got) != len(in.want) {
				t.Fatalf("%d results for %d puzzles", len(got), len(in.want))
			}
			// Without a timeout, worker processes start only for a batch
			// that takes long enough.
			sat := tt.o.Engine.Kind != engine.Backtrack
			if n := w.started(); sat && tt.o.Timeout > 0 && n == 0 || (!sat || tt.o.Workers == 1 && tt.o.Timeout == 0) && n > 0 {
				t.Errorf("%d worker processes started", n)
			}
			// No process dies here: without a timeout this process is one
			// of the workers; with one, a spare stands ready.
			if n, most := w.started(), tt.o.Workers+1; sat && (tt.o.Timeout == 0 && n > tt.o.Workers-1 || n > most) {
				t.Errorf("%d worker processes started for %d workers, timeout %v", n, tt.o.Workers, tt.o.Timeout)
			}
			if tt.o.Engine.Limit == 2 {
				for i, r := range got {
					if r.Status == engine.Solved && r.Count != 1 {
						t.Errorf("puzzle %d: count %d", i+1, r.Count)
					}
					if r.Status == engine.NoSolution && len(r.Conflict) == 0 {
						t.Errorf("puzzle %d: no solution, unexplained", i+1)
					}
				}
			}
		})
	}
}

// TestResultsCarryEverything checks that what crosses from a worker
// process is the whole answer: the stage, settled, elapsed, clashes.
func TestResultsCarryEverything(t *testing.T) {
	t.Parallel()
	top := testpuzzles.Boards(t, "testdata/top1465-sample.txt")[:3]
	clash := top[0].Clone()
	clash.Cells[1] = clash.Cells[0] // r1c2 = r1c1
	if clash.Cells[0] == 0 {
		t.Fatal("sample changed: r1c1 is blank")
	}
	text := lines(top) + lines([]*board.Board{clash})
	var local, remote []*batch.Result
	w := newWorkers(t)
	for _, o := range []batch.Options{{Workers: 1}, {Workers: 1, Timeout: time.Minute, Worker: w.command}} {
		o.Engine.Explain = true
		err := batch.Solve(context.Background(), board.NewReader(strings.NewReader(text)), o, func(r *batch.Result) error {
			if o.Timeout == 0 {
				local = append(local, r)
			} else {
				remote = append(remote, r)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if w.started() == 0 || len(local) != 4 || len(remote) != 4 {
		t.Fatalf("%d processes, %d and %d results", w.started(), len(local), len(remote))
	}
	for i := range local {
		l, r := local[i], remote[i]
		if l.Status != r.Status || l.Stage != r.Stage || l.Settled != r.Settled || l.Engine != r.Engine ||
			(l.Solution == nil) != (r.Solution == nil) || l.Solution != nil && !l.Solution.Equal(r.Solution) || len(l.Clashes) != len(r.Clashes) || r.Elapsed <= 0 {
			t.Errorf("puzzle %d: here %+v\nworker %+v", i+1, l.Result, r.Result)
		}
	}
	if c := remote[3].Clashes; len(c) == 0 || !errors.Is(c[0], board.ErrClash) || c[0].Unit != "row 1" {
		t.Errorf("clashes from the worker: %v", c)
	}
}

// killedBatch is the size of the batches in which a worker process dies:
// enough for the processes to be up and busy when it does (fewer under
// -race, whose worker processes are five times slower).
func killedBatch() int {
	if race.Enabled {
		return 600
	}
	return 1500
}

// TestKilledWorker kills a worker process with SIGKILL in the middle of
// a batch: its puzzles are solved again by another, the order is kept,
// nothing is lost, no process is left.
func TestKilledWorker(t *testing.T) {
	t.Parallel()
	in := mixed(t, killedBatch())
	for _, o := range []batch.Options{{Workers: 2}, {Workers: 2, Timeout: time.Minute}} {
		w := newWorkers(t)
		o.Worker = w.command
		var got []*batch.Result
		killed, before := 0, 0
		err := batch.Solve(context.Background(), in.reader(), o, func(r *batch.Result) error {
			got = append(got, r)
			if killed == 0 && len(got) == killedBatch()/4 {
				if killed = w.pid(0); killed == 0 {
					t.Fatalf("no worker process after %d puzzles", len(got))
				}
				before = w.started()
				if p, err := os.FindProcess(killed); err == nil {
					p.Kill() // SIGKILL
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		check(t, in, got)
		if len(got) != len(in.want) {
			t.Fatalf("%d results for %d puzzles", len(got), len(in.want))
		}
		if w.started() <= before {
			t.Errorf("timeout %v: %d processes started, as many as before the kill: the killed one was not replaced", o.Timeout, w.started())
		}
	}
}

// TestPoisonPuzzle: a puzzle on which every worker process dies fails
// (the second death) with ErrWorker; the others are solved.
func TestPoisonPuzzle(t *testing.T) {
	t.Parallel()
	in := mixed(t, killedBatch())
	// A puzzle that appears once, late enough for the worker processes
	// to be up: the first one with its digits 1 and 2 swapped.
	poison := killedBatch() * 4 / 5
	p := in.puzzles[0].Clone()
	for i, d := range p.Cells {
		switch d {
		case 1:
			p.Cells[i] = 2
		case 2:
			p.Cells[i] = 1
		}
	}
	in.puzzles[poison] = p
	in.want[poison] = engine.Solved
	var sb strings.Builder
	for i, q := range in.puzzles {
		if q == nil {
			sb.WriteString("12345x\n")
			continue
		}
		sb.WriteString(lines(in.puzzles[i : i+1]))
	}
	in.text = sb.String()
	want := make([]byte, len(in.puzzles[poison].Cells))
	for i, d := range in.puzzles[poison].Cells {
		want[i] = '0' + d
	}
	for _, tt := range []struct {
		o batch.Options
		// here: this process solves beside the worker processes (no
		// timeout), and may take the puzzle first or after a death.
		here bool
	}{{batch.Options{Workers: 2}, true}, {batch.Options{Workers: 2, Timeout: time.Minute}, false}} {
		w := newWorkers(t, poisonVar+"="+string(want))
		o := tt.o
		o.Worker = w.command
		in := in
		in.want = append([]engine.Status(nil), in.want...)
		var got []*batch.Result
		if err := batch.Solve(context.Background(), in.reader(), o, func(r *batch.Result) error {
			got = append(got, r)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		if len(got) != len(in.want) {
			t.Fatalf("%d results", len(got))
		}
		in.want[poison] = engine.Failed
		r := got[poison]
		if tt.here && r.Status == engine.Solved {
			in.want[poison] = engine.Solved // check verifies its grid
		} else if !errors.Is(r.Err, batch.ErrWorker) || !strings.Contains(r.Err.Error(), "died twice") || !strings.Contains(r.Err.Error(), "SIGKILL") {
			t.Errorf("workers %d, timeout %v: poisoned puzzle: %v %v", o.Workers, o.Timeout, r.Status, r.Err)
		}
		check(t, in, got)
	}
}

// TestTimeout puts puzzles that take minutes among easy ones: each is a
// timeout in its place, the others are solved, and nothing is left
// running.
func TestTimeout(t *testing.T) {
	t.Parallel()
	easy := testpuzzles.Boards(t, "testdata/top1465-sample.txt")[:5]
	hard := testpuzzles.Boards(t, "testdata/large/36x36.txt")[0]
	all := append(append(append([]*board.Board{}, easy...), hard, hard), easy...)
	// The 36x36 in grid format: the line format has no symbols for it.
	text := lines(easy) + string(board.AppendGrid(nil, hard)) + "\n" + string(board.AppendGrid(nil, hard)) + "\n" + lines(easy)
	in := input{text: text, puzzles: all}
	for range all {
		in.want = append(in.want, engine.Solved)
	}
	in.want[5], in.want[6] = engine.Timeout, engine.Timeout
	for _, o := range []batch.Options{
		// Seconds: the easy puzzles take milliseconds of CPU, which a busy
		// machine may stretch a hundredfold, and the hard ones minutes.
		{Workers: 1, Timeout: 3 * time.Second},
		{Workers: 2, Timeout: 3 * time.Second},
		{Workers: 2, Timeout: 3 * time.Second, Engine: engine.Options{Kind: engine.Backtrack}},
	} {
		w := newWorkers(t)
		o.Worker = w.command
		rd := in.reader()
		rd.Name = "mixed.txt"
		var got []*batch.Result
		if err := batch.Solve(context.Background(), rd, o, func(r *batch.Result) error { got = append(got, r); return nil }); err != nil {
			t.Fatal(err)
		}
		check(t, in, got)
		for _, i := range []int{5, 6} {
			if !errors.Is(got[i].Err, context.DeadlineExceeded) {
				t.Errorf("%+v: timeout error %v", o, got[i].Err)
			}
		}
	}
}

// TestInterrupt cancels a batch in its middle: Solve returns the cause
// promptly, the results before are a prefix in order, and every worker
// process is gone.
func TestInterrupt(t *testing.T) {
	t.Parallel()
	in := mixed(t, 3000)
	stop := errors.New("enough")
	for _, o := range []batch.Options{{Workers: 2}, {Workers: 1, Timeout: time.Minute}, {Workers: 2, Engine: engine.Options{Kind: engine.Backtrack}}} {
		w := newWorkers(t)
		o.Worker = w.command
		ctx, cancel := context.WithCancelCause(context.Background())
		var got []*batch.Result
		err := batch.Solve(ctx, in.reader(), o, func(r *batch.Result) error {
			got = append(got, r)
			if len(got) == 100 {
				cancel(stop)
			}
			return nil
		})
		if !errors.Is(err, stop) {
			t.Errorf("Solve returned %v, want the cause", err)
		}
		check(t, in, got)
		if len(got) < 100 || len(got) == len(in.want) {
			t.Errorf("%d results", len(got))
		}
	}
}

// TestEnds checks the other ways a batch ends early: fn's error, a read
// error, and options that cannot work.
func TestEnds(t *testing.T) {
	t.Parallel()
	in := mixed(t, 50)
	w := newWorkers(t)
	boom := errors.New("boom")
	calls := 0
	err := batch.Solve(context.Background(), in.reader(), batch.Options{Workers: 2, Worker: w.command},
		func(r *batch.Result) error {
			if calls++; calls == 5 {
				return boom
			}
			return nil
		})
	if !errors.Is(err, boom) || calls != 5 {
		t.Errorf("fn failing at 5: %v after %d calls", err, calls)
	}

	var got []*batch.Result
	src := board.NewReader(&failingReader{strings.NewReader(lines(testpuzzles.Boards(t, "testdata/top1465-sample.txt")[:3])), io.ErrUnexpectedEOF})
	err = batch.Solve(context.Background(), src, batch.Options{}, func(r *batch.Result) error { got = append(got, r); return nil })
	if !errors.Is(err, io.ErrUnexpectedEOF) || len(got) > 3 {
		t.Errorf("read error: %v after %d results", err, len(got))
	}

	empty := board.NewReader(strings.NewReader(""))
	none := func(*batch.Result) error { t.Error("a result from no input"); return nil }
	for _, tt := range []struct {
		o    batch.Options
		want error
	}{
		{batch.Options{Workers: -1}, nil},
		{batch.Options{Timeout: -time.Second}, nil},
		{batch.Options{Engine: engine.Options{Kind: engine.External}}, nil},
		{batch.Options{Engine: engine.Options{Kind: engine.External, SatCmd: []string{""}}}, engine.ErrNoCommand},
		{batch.Options{Engine: engine.Options{Kind: engine.External, SatCmd: []string{"satdoku-no-such-solver"}}}, nil},
		{batch.Options{Timeout: time.Second, Worker: func() (*exec.Cmd, error) { return exec.Command("/nonexistent/satdoku"), nil }}, batch.ErrNoWorkers},
		{batch.Options{Timeout: time.Second, Worker: func() (*exec.Cmd, error) { return exec.Command("sh", "-c", "echo hello"), nil }}, batch.ErrNoWorkers},
	} {
		err := batch.Solve(context.Background(), in.reader(), tt.o, none)
		if err == nil || tt.want != nil && !errors.Is(err, tt.want) {
			t.Errorf("%+v: %v, want an error (%v)", tt.o, err, tt.want)
		}
	}
	if err := batch.Solve(context.Background(), empty, batch.Options{}, none); err != nil {
		t.Errorf("empty input: %v", err)
	}
}

// TestNoWorkerProcess: without a worker process to be had, a batch
// without timeout solves everything in this process.
func TestNoWorkerProcess(t *testing.T) {
	t.Parallel()
	in := mixed(t, 60)
	for _, worker := range []func() (*exec.Cmd, error){
		func() (*exec.Cmd, error) { return exec.Command("/nonexistent/satdoku"), nil },
		func() (*exec.Cmd, error) { return exec.Command("sh", "-c", "echo hello"), nil },
	} {
		got := collect(t, in, batch.Options{Workers: 2, Worker: worker})
		if len(got) != len(in.want) {
			t.Errorf("%d results", len(got))
		}
	}
}

func TestMaxWorkers(t *testing.T) {
	t.Parallel()
	in := mixed(t, 30)
	got := collect(t, in, batch.Options{Workers: 1000, Engine: engine.Options{Kind: engine.Backtrack}})
	if len(got) != 30 || batch.MaxWorkers() < 1 {
		t.Errorf("%d results, MaxWorkers %d", len(got), batch.MaxWorkers())
	}
}

// TestExternalStopped runs an external solver that never answers, on one
// goroutine and on three: cancelling the batch stops every solver before
// Solve returns, and a timeout stops each one.
func TestExternalStopped(t *testing.T) {
	t.Parallel()
	if !proctest.Supported() {
		t.Skip("no /proc to look for solver processes")
	}
	in := mixed(t, 6)
	for _, workers := range []int{1, 3} {
		m := proctest.NewMark()
		o := batch.Options{Workers: workers, Engine: engine.Options{Kind: engine.External, SatCmd: []string{"env", proctest.Var + "=" + m, "sleep", "1000"}}}
		ctx, cancel := context.WithCancel(context.Background())
		go func() {
			for len(proctest.Leftovers(m)) < min(workers, 2) {
				time.Sleep(5 * time.Millisecond)
			}
			cancel()
		}()
		err := batch.Solve(ctx, in.reader(), o, func(*batch.Result) error { return nil })
		if !errors.Is(err, context.Canceled) {
			t.Errorf("%d workers: %v", workers, err)
		}
		if left := proctest.Leftovers(m); len(left) > 0 {
			t.Errorf("%d workers: solvers left running when Solve returned: %v", workers, left)
		}
		o.Timeout = 100 * time.Millisecond
		var got []*batch.Result
		if err := batch.Solve(context.Background(), in.reader(), o, func(r *batch.Result) error { got = append(got, r); return nil }); err != nil {
			t.Fatal(err)
		}
		for _, r := range got {
			if r.Puzzle != nil && r.Status != engine.Timeout {
				t.Errorf("puzzle %d: %v, want timeout", r.Index, r.Status)
			}
		}
		proctest.CheckNone(t, m)
	}
}

// TestUnreadable: parse errors and input errors, wrapped or not, are
// puzzles kept in their place; the end of input and other errors are not.
func TestUnreadable(t *testing.T) {
	_, perr := board.Parse("1 2 3")
	var pe *board.ParseError
	if !errors.As(perr, &pe) {
		t.Fatalf("board.Parse(\"1 2 3\") = %v, want a *board.ParseError", perr)
	}
	ie := &batch.InputError{Err: errors.New("rule on a cell outside the board")}
	for _, c := range []struct {
		err  error
		want bool
	}{
		{pe, true},
		{fmt.Errorf("file a: %w", pe), true},
		{ie, true},
		{fmt.Errorf("wrapped: %w", ie), true},
		{io.EOF, false},
		{errors.New("disk on fire"), false},
		{context.Canceled, false},
	} {
		if got := batch.Unreadable(c.err); got != c.want {
			t.Errorf("Unreadable(%v) = %v, want %v", c.err, got, c.want)
		}
	}
}

// gateVar names a directory where every solve of a worker process started
// with it waits at the gate (see gate).
const gateVar = "BATCH_TEST_GATE"

// gateWait bounds the wait at the gate: past it, the solve goes on and
// leaves a file "alone-…" that says so. The wait ends as soon as the
// second solve arrives; the bound is long, so that a second worker
// process slow to start on a busy machine still meets the first, and only
// one that never comes is "alone".
const gateWait = 5 * time.Minute

var gateSeq atomic.Int32

// gate holds a solve until two solves, in this process or others, have
// reached the gate in dir: each leaves a file there and waits for a
// second file.
func gate(dir string) {
	id := fmt.Sprintf("%d-%d", os.Getpid(), gateSeq.Add(1))
	os.WriteFile(filepath.Join(dir, "at-"+id), nil, 0o644)
	for end := time.Now().Add(gateWait); time.Now().Before(end); time.Sleep(5 * time.Millisecond) {
		if at, _ := filepath.Glob(filepath.Join(dir, "at-*")); len(at) >= 2 {
			return
		}
	}
	os.WriteFile(filepath.Join(dir, "alone-"+id), nil, 0o644)
}

// TestSlowPuzzlesSpread: two puzzles with two workers are solved at
// once, each by its own solver, however long the first takes: every
// solve waits at a gate until a second one has started. A worker process
// that took both (a pipeline filled before the other was up), or a
// solver here that kept the second while it was on the first, would
// leave a solve alone at the gate until gateWait.
func TestSlowPuzzlesSpread(t *testing.T) {
	// Not parallel: the gate of the solver here is package-wide.
	in := mixed(t, 2)
	for _, o := range []batch.Options{{Workers: 2}, {Workers: 2, Timeout: time.Minute}} {
		dir := t.TempDir()
		w := newWorkers(t, gateVar+"="+dir)
		o.Worker = w.command
		if o.Timeout == 0 {
			batch.SetBeforeSolve(func() { gate(dir) }) // the solver here, beside one worker process
		}
		collect(t, in, o)
		batch.SetBeforeSolve(nil)
		if alone, _ := filepath.Glob(filepath.Join(dir, "alone-*")); len(alone) > 0 {
			t.Errorf("timeout %v: %d of the two solves waited alone for %v", o.Timeout, len(alone), gateWait)
		}
		if at, _ := filepath.Glob(filepath.Join(dir, "at-*")); len(at) != 2 {
			t.Errorf("timeout %v: %d solves reached the gate, want 2", o.Timeout, len(at))
		}
	}
}
