//go:build race

package fallback

func init() { raceEnabled = true }
