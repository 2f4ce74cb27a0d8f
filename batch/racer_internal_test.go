package batch

import (
	"context"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/engine"
	"github.com/satdoku/satdoku/internal/proctest"
	"github.com/satdoku/satdoku/internal/testpuzzles"
)

// testRacer returns a racer for options o whose worker processes are
// this test binary, marked so that the test can find them (none must be
// left when it ends), and the count of processes it started (only the
// goroutine of the racer's solve starts them).
func testRacer(t *testing.T, o engine.Options) (*racer, string, *int) {
	t.Helper()
	mark := proctest.NewMark()
	t.Cleanup(func() { proctest.CheckNone(t, mark) })
	started := new(int)
	r, err := newRacer(o, func() (*exec.Cmd, error) {
		*started++
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = proctest.Env(mark)
		return cmd, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return r, mark, started
}

// TestRacerLateWatchdog: the start-up watchdog of a racer's worker
// process whose timer fires just as the ready line arrives (Stop then
// reports false, and the watchdog's function runs afterwards, at any
// later time) leaves alone the process that became ready: the racer's
// next solve is answered by the same process, and closing the racer
// leaves none running. Before, the late watchdog was the racer's kill:
// it killed whatever process the racer held then, and the next solve
// failed.
func TestRacerLateWatchdog(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	r, mark, started := testRacer(t, engine.Options{Kind: engine.Portfolio})
	defer r.close()
	var late []func()
	r.watch = func(_ time.Duration, f func()) func() bool {
		late = append(late, f)
		return func() bool { return false } // too late: it has fired
	}
	puzzles := testpuzzles.Boards(t, "testdata/top1465-sample.txt")
	if res := r.solve(ctx, puzzles[0], nil); res.Status != engine.Solved {
		t.Fatalf("first solve: %v %v", res.Status, res.Err)
	}
	for _, f := range late {
		f() // the watchdog's function, run after the process said it is ready
	}
	if res := r.solve(ctx, puzzles[1], nil); res.Status != engine.Solved {
		t.Errorf("solve after the late watchdog: %v %v", res.Status, res.Err)
	}
	if *started != 1 {
		t.Errorf("%d worker processes started, want 1", *started)
	}
	r.close()
	if left := proctest.Leftovers(mark); len(left) > 0 {
		t.Errorf("left running after close: %v", left)
	}
}

// TestRacerLostRaceEndsLater: a solve whose context ends (its race lost)
// returns once the worker process is killed, without waiting for it to
// end; the next solve (here settle, as it starts) waits for that, and
// starts another process. The lost solve counts the solutions of a blank
// 16×16 to a million, which the worker never finishes.
func TestRacerLostRaceEndsLater(t *testing.T) {
	if !proctest.Supported() {
		t.Skip("no /proc: the worker processes cannot be seen")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	r, mark, started := testRacer(t, engine.Options{Kind: engine.Portfolio, Limit: 1_000_000})
	defer r.close()
	lost, lose := context.WithCancel(ctx)
	go func() {
		for len(proctest.Leftovers(mark)) == 0 && lost.Err() == nil {
			time.Sleep(time.Millisecond)
		}
		lose()
	}()
	if res := r.solve(lost, board.New(board.Square(4)), nil); res.Status != engine.Timeout {
		t.Fatalf("lost race: %v %v, want a timeout", res.Status, res.Err)
	}
	if r.ending == nil {
		t.Fatal("the lost race's process was waited for before its solve returned")
	}
	r.settle()
	if left := proctest.Leftovers(mark); len(left) > 0 {
		t.Errorf("left running after settle: %v", left)
	}
	puzzles := testpuzzles.Boards(t, "testdata/top1465-sample.txt")
	if res := r.solve(ctx, puzzles[0], nil); res.Status != engine.Solved {
		t.Errorf("next solve: %v %v", res.Status, res.Err)
	}
	if *started != 2 {
		t.Errorf("%d worker processes started, want 2", *started)
	}
}
