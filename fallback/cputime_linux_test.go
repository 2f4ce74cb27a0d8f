package fallback

import (
	"syscall"
	"time"
)

// threadCPU returns the CPU time used so far by the calling OS thread (the
// caller locks its goroutine to the thread), which other processes on a
// busy machine do not inflate.
func threadCPU() time.Duration {
	var ru syscall.Rusage
	const rusageThread = 1 // RUSAGE_THREAD
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

const threadCPUName = "thread CPU time"
