package proc

import "syscall"

// sysProcAttr puts the child in a group of its own and has the kernel kill
// it when the thread that started it ends: Go never ends a thread that is
// not locked to a goroutine, so in practice when this process dies.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}
