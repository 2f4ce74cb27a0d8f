//go:build !unix

package app

// execProgram reports that the program cannot replace this process here.
func execProgram(string, []string) error { return errNoExec }
