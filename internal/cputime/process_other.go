//go:build !unix && !windows

package cputime

import "time"

var epoch = time.Now()

// Process falls back to the wall time since the program started where no
// CPU clock is known.
func Process() time.Duration { return time.Since(epoch) }

// Children returns 0 where no clock is known.
func Children() time.Duration { return 0 }
