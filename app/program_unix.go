//go:build unix

package app

import (
	"os"
	"syscall"
)

// execProgram replaces this process with the program at path; it returns
// only when that fails.
func execProgram(path string, argv []string) error {
	return syscall.Exec(path, argv, os.Environ())
}
