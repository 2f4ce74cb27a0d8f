package app

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/internal/race"
)

// TestExternalSetsidGrandchild: an external solver that leaves, for every
// puzzle, a grandchild in a session of its own that ignores SIGTERM
// (beyond the reach of its process group) leaves nothing running, with
// --timeout (the solver hangs) and without (it answers and exits). The
// check scans /proc for the run's mark, in command's cleanup.
func TestExternalSetsidGrandchild(t *testing.T) {
	race.SkipExternal(t)
	t.Parallel()
	if _, err := exec.LookPath("setsid"); err != nil {
		t.Skip("no setsid command")
	}
	puzzles := samplePuzzles(t, "top1465-sample.txt")[:3]
	file := writeFile(t, "three.txt", lineFile(puzzles))
	const grandchild = "setsid sh -c \"trap '' TERM; sleep 1000\" >/dev/null 2>&1 </dev/null &\n"
	for _, tt := range []struct {
		name, script string
		args         []string
		want         string // each puzzle's line
		code         int
	}{
		{"hangs, --timeout", grandchild + "sleep 1000\n", []string{"--timeout", "300ms"}, "timeout\n", ExitTimeout},
		// It answers UNSAT for solvable puzzles: the confirmation catches it.
		{"answers", "cat >/dev/null\n" + grandchild + "exit 20\n", nil, "error\n", ExitFailed},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			solver := writeFile(t, "solver.sh", "#!/bin/sh\n"+tt.script)
			args := append([]string{"solve", "-q", "-o", "line", "--sat-cmd", "sh " + solver}, tt.args...)
			cmd := command(t, append(args, file)...)
			out, _ := cmd.Output()
			if code := cmd.ProcessState.ExitCode(); code != tt.code || strings.Count(string(out), tt.want) != len(puzzles) {
				t.Errorf("exit %d, output %q", code, out)
			}
		})
	}
}
