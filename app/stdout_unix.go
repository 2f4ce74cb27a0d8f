//go:build !windows

package app

import "syscall"

func brokenPipeErrno(e syscall.Errno) bool { return e == syscall.EPIPE }
