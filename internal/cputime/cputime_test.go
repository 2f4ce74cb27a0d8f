package cputime_test

import (
	"os"
	"os/exec"
	"runtime"
	"testing"
	"time"

	"github.com/satdoku/satdoku/internal/cputime"
)

// sink keeps the compiler from dropping work's loop.
var sink uint64

// work burns a fixed amount of CPU on the calling thread (tens of
// milliseconds), the same however busy the machine: a spin by the wall
// clock would get next to no CPU on a loaded one.
func work() {
	x := uint64(1)
	for i := 0; i < 1<<26; i++ {
		x = x*6364136223846793005 + 1442695040888963407
	}
	sink = x
}

// spinCPU burns d of this process's CPU time, by its own clock.
func spinCPU(d time.Duration) {
	for start := cputime.Process(); cputime.Process()-start < d; {
		work()
	}
}

// TestClocksAdvance checks that work on this thread moves the thread and
// process clocks forward, by no more than the wall time spent (with a
// generous margin for clock granularity), and never backwards.
func TestClocksAdvance(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	wall0, th0, pr0 := time.Now(), cputime.Thread(), cputime.Process()
	work()
	wall, th, pr := time.Since(wall0), cputime.Thread()-th0, cputime.Process()-pr0
	if th <= 0 || pr <= 0 {
		t.Fatalf("thread %v, process %v after tens of ms of work: want both > 0 (%s)", th, pr, cputime.ThreadClock)
	}
	if th > wall+20*time.Millisecond {
		t.Errorf("thread clock %v ran ahead of the wall clock %v", th, wall)
	}
}

// TestChildren checks that a child's CPU time is counted once it has been
// waited for.
func TestChildren(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no children's clock on Windows")
	}
	if os.Getenv("CPUTIME_TEST_CHILD") == "1" {
		spinCPU(50 * time.Millisecond)
		return
	}
	before := cputime.Children()
	cmd := exec.Command(os.Args[0], "-test.run=^TestChildren$")
	cmd.Env = append(os.Environ(), "CPUTIME_TEST_CHILD=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	if d := cputime.Children() - before; d < 10*time.Millisecond {
		t.Errorf("children's CPU grew by %v after a child spun for 50 ms", d)
	}
}
