//go:build !linux

package fallback

import "time"

var wallStart = time.Now()

// threadCPU falls back to wall-clock time where RUSAGE_THREAD is missing.
func threadCPU() time.Duration { return time.Since(wallStart) }

const threadCPUName = "wall-clock time"
