package app

import (
	"syscall"
	"time"
	"unsafe"
)

const cpuClockName = "thread CPU time"

// threadCPU returns the CPU time used so far by the calling OS thread.
// Callers lock their goroutine to its thread.
func threadCPU() time.Duration {
	var ts syscall.Timespec
	const clockThreadCPUTimeID = 3
	syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTimeID, uintptr(unsafe.Pointer(&ts)), 0)
	return time.Duration(ts.Nano())
}

// processCPU returns the user+system CPU time of the whole process, garbage
// collector threads included.
func processCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
