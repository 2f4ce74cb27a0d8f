// Package cputime reads CPU clocks for benchmarks: the calling thread's,
// the whole process's (garbage collector included) and the children's it
// has waited for. Where a clock is missing it falls back to the next best
// one, and ThreadClock names the clock Thread really reads.
package cputime
