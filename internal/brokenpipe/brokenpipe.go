// Package brokenpipe tells a write whose reader has gone (a pipe or
// socket closed at the other end) from other write errors, on every
// system: `satdoku solve big.txt | head` must stop quietly, not fail.
//
// It is the only place where that test differs between systems, so that
// the packages above it have no system-specific files (and CI vets this
// package, not the whole module, for Windows and macOS).
package brokenpipe

import (
	"errors"
	"syscall"
)

// Is reports whether err is a write to a pipe or socket whose reader has
// gone.
func Is(err error) bool {
	if errors.Is(err, syscall.EPIPE) {
		return true
	}
	var errno syscall.Errno
	return errors.As(err, &errno) && brokenErrno(errno)
}
