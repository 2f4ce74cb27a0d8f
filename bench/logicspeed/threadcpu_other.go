//go:build !linux

package main

import "time"

// threadCPU returns 0: the thread's CPU time is read on Linux only, so
// elsewhere the CPU columns are zero and the wall times stand alone.
func threadCPU() time.Duration { return 0 }
