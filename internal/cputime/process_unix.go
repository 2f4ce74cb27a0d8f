//go:build unix

package cputime

import (
	"time"

	"golang.org/x/sys/unix"
)

// Process returns the user and system CPU time of the whole process so
// far, every thread included (the garbage collector's too).
func Process() time.Duration { return usage(unix.RUSAGE_SELF) }

// Children returns the user and system CPU time of the child processes
// that have ended and been waited for.
func Children() time.Duration { return usage(unix.RUSAGE_CHILDREN) }

func usage(who int) time.Duration {
	var ru unix.Rusage
	if err := unix.Getrusage(who, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
