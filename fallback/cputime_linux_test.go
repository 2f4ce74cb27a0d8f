package fallback

import (
	"syscall"
	"time"
	"unsafe"
)

// threadCPU returns the CPU time used so far by the calling OS thread (the
// caller locks its goroutine to the thread), which other processes on a
// busy machine do not inflate. It reads CLOCK_THREAD_CPUTIME_ID, which
// counts nanoseconds; getrusage(RUSAGE_THREAD) counts in scheduler ticks.
func threadCPU() time.Duration {
	var ts syscall.Timespec
	const clockThreadCPUTimeID = 3
	syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTimeID, uintptr(unsafe.Pointer(&ts)), 0)
	return time.Duration(ts.Nano())
}

const threadCPUName = "thread CPU time"
