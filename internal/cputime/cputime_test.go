package cputime_test

import (
	"os"
	"os/exec"
	"runtime"
	"testing"
	"time"

	"github.com/satdoku/satdoku/internal/cputime"
)

// spin burns about d of CPU on the calling thread, by the wall clock.
func spin(d time.Duration) int {
	n := 0
	for start := time.Now(); time.Since(start) < d; n++ {
	}
	return n
}

// TestClocksAdvance checks that work on this thread moves the thread and
// process clocks forward, by no more than the wall time spent (with a
// generous margin for clock granularity), and never backwards.
func TestClocksAdvance(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	wall0, th0, pr0 := time.Now(), cputime.Thread(), cputime.Process()
	spin(50 * time.Millisecond)
	wall, th, pr := time.Since(wall0), cputime.Thread()-th0, cputime.Process()-pr0
	if th <= 0 || pr <= 0 {
		t.Fatalf("thread %v, process %v after 50 ms of work: want both > 0 (%s)", th, pr, cputime.ThreadClock)
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
		spin(50 * time.Millisecond)
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
