//go:build unix

package proc_test

import (
	"bufio"
	"os/exec"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/internal/proc"
	"github.com/satdoku/satdoku/internal/proctest"
)

// TestKillGroup starts a wrapper script whose child sleeps, kills the
// wrapper's group, and checks that the child is gone too and that the
// wrapper's end names the signal.
func TestKillGroup(t *testing.T) {
	t.Parallel()
	mark := proctest.NewMark()
	cmd := exec.Command("sh", "-c", "sleep 60 & echo started; wait")
	cmd.Env = proctest.Env(mark)
	proc.Prepare(cmd)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if line, _ := bufio.NewReader(out).ReadString('\n'); line != "started\n" {
		t.Fatalf("wrapper said %q", line)
	}
	if err := proc.KillGroup(cmd.Process.Pid); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	if got := proc.Ended(cmd.ProcessState); got != "killed by signal SIGKILL" {
		t.Errorf("Ended = %q", got)
	}
	proctest.CheckNone(t, mark)
	if err := proc.KillGroup(cmd.Process.Pid); err != nil {
		t.Errorf("killing a group that is gone: %v", err)
	}
}

func TestEnded(t *testing.T) {
	t.Parallel()
	cmd := exec.Command("sh", "-c", "exit 3")
	cmd.Run()
	if got := proc.Ended(cmd.ProcessState); got != "exit code 3" {
		t.Errorf("Ended = %q", got)
	}
	if got := proc.Ended(nil); !strings.Contains(got, "not") {
		t.Errorf("Ended(nil) = %q", got)
	}
}
