//go:build race

package encode_test

// raceEnabled reports a -race build. The encoder runs no goroutines, so
// the long property tests leave the race run to the concurrent packages.
const raceEnabled = true
