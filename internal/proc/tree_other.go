//go:build !linux

package proc

func becomeSubreaper() {}

// killAdopted has nothing to do where this process cannot adopt orphans:
// the group was killed already.
func killAdopted(int, string) {}
