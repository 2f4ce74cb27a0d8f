//go:build linux || darwin || freebsd

package cputime

import (
	"time"

	"golang.org/x/sys/unix"
)

// ThreadClock names the clock that Thread reads.
const ThreadClock = "thread CPU time"

// Thread returns the CPU time used so far by the calling OS thread. The
// caller locks its goroutine to its thread (runtime.LockOSThread) for the
// difference of two readings to mean anything.
func Thread() time.Duration {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		return Process()
	}
	return time.Duration(ts.Nano())
}
