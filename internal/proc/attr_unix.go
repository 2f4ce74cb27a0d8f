//go:build unix && !linux

package proc

import "syscall"

// sysProcAttr puts the child in a group of its own.
func sysProcAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setpgid: true} }
