package batch

import (
	"context"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/satdoku/satdoku/engine"
	"github.com/satdoku/satdoku/internal/proctest"
	"github.com/satdoku/satdoku/internal/testpuzzles"
)

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
	mark := proctest.NewMark()
	t.Cleanup(func() { proctest.CheckNone(t, mark) })
	started := 0 // only the goroutine of the racer's solve starts processes
	r, err := newRacer(engine.Options{Kind: engine.Portfolio}, func() (*exec.Cmd, error) {
		started++
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = proctest.Env(mark)
		return cmd, nil
	})
	if err != nil {
		t.Fatal(err)
	}
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
	if started != 1 {
		t.Errorf("%d worker processes started, want 1", started)
	}
	r.close()
	if left := proctest.Leftovers(mark); len(left) > 0 {
		t.Errorf("left running after close: %v", left)
	}
}
