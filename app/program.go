package app

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"

	"github.com/urfave/cli/v2"
)

// ProgramCommand returns a command that is a program of its own: its
// arguments, untouched (help flags included), go to program, found beside
// this executable or else on PATH, which then runs in its place (on Unix
// it replaces this process; elsewhere it runs as a child with the same
// streams, and its exit code is this one's). install says how to get
// program when it is found nowhere; that is an ExitError.
//
// The web page lives in such a program (satdoku-web) so that the command
// line does not link net/http: the HTTP stack and the cgo resolver it
// brings cost every short command a third of its start-up.
func ProgramCommand(name, usage, description, program, install string) Command {
	return func(s Streams) *cli.Command {
		return &cli.Command{
			Name:            name,
			Usage:           usage,
			Description:     description,
			SkipFlagParsing: true,
			HideHelp:        true,
			Action: func(c *cli.Context) error {
				path, err := findProgram(program)
				if err != nil {
					return exitf(ExitError, "%s: %v; %s", name, err, install)
				}
				return runProgram(path, c.Args().Slice(), s)
			},
		}
	}
}

// findProgram returns the path of program beside this executable, or
// else on PATH.
func findProgram(program string) (string, error) {
	file := program
	if runtime.GOOS == "windows" {
		file += ".exe"
	}
	var dir string
	if self, err := os.Executable(); err == nil {
		if resolved, err := filepath.EvalSymlinks(self); err == nil {
			self = resolved
		}
		dir = filepath.Dir(self)
		candidate := filepath.Join(dir, file)
		if st, err := os.Stat(candidate); err == nil && !st.IsDir() {
			return candidate, nil
		}
	}
	if path, err := exec.LookPath(program); err == nil {
		return path, nil
	} else if !errors.Is(err, exec.ErrNotFound) {
		return "", err
	}
	if dir == "" {
		return "", fmt.Errorf("%s is not on PATH", program)
	}
	return "", fmt.Errorf("%s is neither beside this program (in %s) nor on PATH", program, dir)
}

// childExit runs cmd (its streams set) to its end and returns its exit
// code as this run's: nil for 0, else an exitError with no message (the
// child has said what went wrong).
func childExit(cmd *exec.Cmd) error {
	err := cmd.Run()
	var ee *exec.ExitError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &ee) && ee.ExitCode() >= 0:
		return &exitError{code: ee.ExitCode()}
	}
	return exitf(ExitError, "%s: %v", filepath.Base(cmd.Path), err)
}

// runProgram runs the program at path with args in this one's place: by
// exec when s are this process's own streams and the system has it (the
// program then gets the signals, the terminal and the process id), else
// as a child on s.
func runProgram(path string, args []string, s Streams) error {
	argv := append([]string{path}, args...)
	if ownStreams(s) {
		if err := execProgram(path, argv); !errors.Is(err, errNoExec) {
			return exitf(ExitError, "%s: %v", filepath.Base(path), err)
		}
	}
	cmd := exec.Command(path, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = s.Stdin, s.Stdout, s.Stderr
	return childExit(cmd)
}

// errNoExec says that this system does not replace a process by another:
// the program runs as a child.
var errNoExec = errors.New("exec is not supported here")

// ownStreams reports whether s are the process's standard streams (the
// standard output as the run watches it).
func ownStreams(s Streams) bool {
	out := s.Stdout
	if w, ok := out.(*stdoutWatch); ok {
		out = w.w
	}
	return s.Stdin == os.Stdin && out == os.Stdout && s.Stderr == os.Stderr
}
