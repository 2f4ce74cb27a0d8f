//go:build windows

package brokenpipe

import "syscall"

// errorNoData is ERROR_NO_DATA, "the pipe is being closed": what a write
// to a pipe whose reader has gone returns on Windows.
const errorNoData = syscall.Errno(232)

func brokenErrno(e syscall.Errno) bool {
	return e == syscall.ERROR_BROKEN_PIPE || e == errorNoData
}
