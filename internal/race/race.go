//go:build race

package race

// Enabled reports that the race detector is built in (go test -race).
const Enabled = true
