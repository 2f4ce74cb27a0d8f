//go:build !(linux || darwin || freebsd)

package cputime

import "time"

// ThreadClock names the clock that Thread reads.
const ThreadClock = "process CPU time (no thread CPU clock on this system)"

// Thread falls back to the process's CPU time where no thread clock is
// known.
func Thread() time.Duration { return Process() }
