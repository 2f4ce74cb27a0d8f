package proc

import (
	"fmt"
	"os"
	"os/exec"
)

// Ended says how a process ended, for error messages: "exit code 3" or
// "killed by signal SIGKILL". A nil state (never started or not waited
// for) is "did not run".
func Ended(st *os.ProcessState) string {
	if st == nil {
		return "did not run"
	}
	if sig, ok := signalOf(st); ok {
		return "killed by signal " + sig
	}
	return fmt.Sprintf("exit code %d", st.ExitCode())
}

// Prepare sets cmd up to start in a process group of its own and, where
// the system can, to be killed when this process dies. Call it before
// cmd.Start; it replaces cmd.SysProcAttr.
func Prepare(cmd *exec.Cmd) { cmd.SysProcAttr = sysProcAttr() }

// KillGroup kills the process group led by the process pid (started after
// Prepare), at once and without a chance to clean up; on Windows, where
// groups cannot be killed this way, it kills the process. A group that is
// already gone is not an error.
func KillGroup(pid int) error { return killGroup(pid) }
