//go:build race

package engine

// raceEnabled reports a -race build, where timings are not meaningful.
const raceEnabled = true
