package proc_test

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/internal/proc"
	"github.com/satdoku/satdoku/internal/proctest"
)

// TestTreeKill starts a child that leaves, in a session of its own, a
// grandchild deaf to SIGTERM with a child of its own, and exits: Kill
// leaves none of them running, and reaps them (no zombie is left as a
// child of this process).
func TestTreeKill(t *testing.T) {
	if _, err := exec.LookPath("setsid"); err != nil {
		t.Skip("no setsid command")
	}
	for _, tt := range []struct{ name, script string }{
		{"the child exits", `setsid sh -c "trap '' TERM; sleep 1000 & sleep 1000" >/dev/null 2>&1 </dev/null & echo started`},
		{"the child's group holds on", `setsid sh -c "trap '' TERM; sleep 1000" >/dev/null 2>&1 </dev/null & sleep 1000 >/dev/null & echo started`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			mark := proctest.NewMark()
			cmd := exec.Command("sh", "-c", tt.script)
			cmd.Env = proctest.Env(mark)
			tree := proc.NewTree(cmd)
			out, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			if line, _ := bufio.NewReader(out).ReadString('\n'); line != "started\n" {
				t.Fatalf("the child said %q", line)
			}
			cmd.Wait()
			tree.Kill()
			if left := proctest.Leftovers(mark); len(left) > 0 {
				t.Errorf("left running once Kill returned: %v", left)
			}
			proctest.CheckNone(t, mark)
			if z := zombies(); len(z) > 0 {
				t.Errorf("zombie children left: %v", z)
			}
		})
	}
}

// zombies lists the children of this process that have ended and not
// been reaped. The test runs no other child meanwhile (it is not
// parallel).
func zombies() []string {
	files, _ := filepath.Glob("/proc/self/task/*/children")
	var out []string
	for _, f := range files {
		data, _ := os.ReadFile(f)
		for _, pid := range strings.Fields(string(data)) {
			st, _ := os.ReadFile("/proc/" + pid + "/stat")
			if i := strings.LastIndexByte(string(st), ')'); i > 0 && strings.HasPrefix(string(st[i+1:]), " Z") {
				out = append(out, pid+" "+string(st[:i+1]))
			}
		}
	}
	return out
}
