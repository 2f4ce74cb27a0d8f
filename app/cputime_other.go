//go:build !linux

package app

import "time"

const cpuClockName = "wall time (no thread CPU clock on this system)"

var epoch = time.Now()

// threadCPU falls back to wall time where no thread CPU clock is known.
func threadCPU() time.Duration { return time.Since(epoch) }

// processCPU falls back to wall time.
func processCPU() time.Duration { return time.Since(epoch) }
