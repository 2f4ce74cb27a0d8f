package proc

import (
	"errors"
	"os"
	"syscall"
	"time"
)

func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{CreationFlags: syscall.CREATE_NEW_PROCESS_GROUP}
}

func killGroup(pid int) error {
	p, err := os.FindProcess(pid)
	if err != nil {
		return err
	}
	if err := p.Kill(); err != nil && !errors.Is(err, os.ErrProcessDone) {
		return err
	}
	return nil
}

func signalOf(*os.ProcessState) (string, bool) { return "", false }

// ExitWithParent does nothing on Windows, where a parent's death is not
// seen this way.
func ExitWithParent(code int, interval time.Duration) {}
