package proctest_test

import (
	"os/exec"
	"testing"

	"github.com/satdoku/satdoku/internal/proctest"
)

// TestLeftovers finds a grandchild left running after its parent ended,
// then none once it is killed.
func TestLeftovers(t *testing.T) {
	if !proctest.Supported() {
		t.Skip("no /proc")
	}
	mark := proctest.NewMark()
	cmd := exec.Command("sh", "-c", "sleep 60 >/dev/null 2>&1 & echo $!")
	cmd.Env = proctest.Env(mark)
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	left := proctest.Leftovers(mark)
	if len(left) != 1 {
		t.Fatalf("want the orphaned sleep (pid %s), found %v", out, left)
	}
	exec.Command("kill", "-9", string(out[:len(out)-1])).Run()
	proctest.CheckNone(t, mark)
	if other := proctest.Leftovers(proctest.NewMark()); len(other) != 0 {
		t.Errorf("a fresh mark matches %v", other)
	}
}
