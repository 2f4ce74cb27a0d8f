//go:build !windows

package brokenpipe

import "syscall"

func brokenErrno(e syscall.Errno) bool { return e == syscall.EPIPE }
