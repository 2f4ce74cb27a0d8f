//go:build unix

package proc

import (
	"errors"
	"os"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

func killGroup(pid int) error {
	if pid <= 0 {
		return errors.New("proc: no process")
	}
	err := unix.Kill(-pid, unix.SIGKILL)
	if errors.Is(err, unix.ESRCH) {
		return nil
	}
	return err
}

func signalOf(st *os.ProcessState) (string, bool) {
	ws, ok := st.Sys().(syscall.WaitStatus)
	if !ok || !ws.Signaled() {
		return "", false
	}
	name := unix.SignalName(ws.Signal())
	if name == "" {
		name = ws.Signal().String()
	}
	return name, true
}

// ExitWithParent starts a goroutine that ends this process with the given
// exit code when its parent dies (it is then adopted by another process),
// checking every interval. A worker that may be busy in code that cannot be
// interrupted uses it so as never to be left running alone.
func ExitWithParent(code int, interval time.Duration) {
	parent := os.Getppid()
	go func() {
		for range time.Tick(interval) {
			if os.Getppid() != parent {
				os.Exit(code)
			}
		}
	}()
}
