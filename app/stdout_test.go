package app

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"runtime"
	"strings"
	"syscall"
	"testing"
)

// writeCommands are the commands that write to standard output, each with
// enough output that a write fails on a closed pipe.
func writeCommands(t *testing.T) map[string][]string {
	t.Helper()
	in := sample("boj-sample.in")
	sol := mustParse(t, readFile(t, sample("boj-sample.out")))
	answer := writeFile(t, "answer.txt", "s SATISFIABLE\n"+joinLits(append(model(sol), 0), 10, "v "))
	many := writeFile(t, "many.txt", lineFile(manyPuzzles(t, 3000)))
	return map[string][]string{
		"solve":  {"solve", "-o", "line", "-e", "backtrack", "--workers", "2", many},
		"encode": {"encode", in},
		"decode": {"decode", "--puzzle", in, answer},
		"bench":  {"bench", "-e", "backtrack", in},
		"render": {"render", in},
		"help":   {"--help"},
	}
}

// failingWriter fails every write with err.
type failingWriter struct{ err error }

func (w failingWriter) Write([]byte) (int, error) { return 0, w.err }

// TestBrokenPipeInMemory: a closed pipe on stdout ends every command with
// ExitBrokenPipe and nothing on stderr; any other write error is reported
// with exit 1, whichever command met it.
func TestBrokenPipeInMemory(t *testing.T) {
	t.Parallel()
	for name, args := range writeCommands(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var stderr bytes.Buffer
			s := &streams{stdin: strings.NewReader(""), stdout: failingWriter{fmt.Errorf("write /dev/stdout: %w", syscall.EPIPE)}, stderr: &stderr}
			if code := runApp(s, append([]string{"satdoku"}, args...)); code != ExitBrokenPipe || stderr.Len() != 0 {
				t.Errorf("closed pipe: exit %d, stderr %q; want %d and nothing", code, stderr.String(), ExitBrokenPipe)
			}
			stderr.Reset()
			s = &streams{stdin: strings.NewReader(""), stdout: failingWriter{errors.New("the disk is on fire")}, stderr: &stderr}
			if code := runApp(s, append([]string{"satdoku"}, args...)); code != ExitError || !strings.Contains(stderr.String(), "the disk is on fire") {
				t.Errorf("failed write: exit %d, stderr %q; want %d and the error", code, stderr.String(), ExitError)
			}
		})
	}
}

// TestClosedPipe runs each command as a process of its own with its
// standard output a pipe already closed by its reader: it ends with 141
// (as a Unix filter in "| head" does) and says nothing.
func TestClosedPipe(t *testing.T) {
	t.Parallel()
	if runtime.GOOS == "windows" {
		t.Skip("SIGPIPE is a Unix signal")
	}
	for name, args := range writeCommands(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			r, w, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			r.Close()
			cmd := command(t, args...)
			var stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = w, &stderr
			err = cmd.Run()
			w.Close()
			if code := cmd.ProcessState.ExitCode(); code != ExitBrokenPipe || stderr.Len() != 0 {
				t.Errorf("exit %d (%v), stderr %q; want %d and nothing", code, err, stderr.String(), ExitBrokenPipe)
			}
		})
	}
}

// TestFullDevice: a write that fails for another reason than a closed pipe
// (here a full disk, /dev/full) is reported, exit 1, by every command.
func TestFullDevice(t *testing.T) {
	t.Parallel()
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full on this system")
	}
	for name, args := range writeCommands(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer full.Close()
			cmd := command(t, args...)
			var stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = full, &stderr
			cmd.Run()
			if code := cmd.ProcessState.ExitCode(); code != ExitError || !strings.Contains(stderr.String(), "no space left on device") {
				t.Errorf("exit %d, stderr %q; want %d and the write error", code, stderr.String(), ExitError)
			}
		})
	}
}

// TestHeadOne reads the first line of a long run's output and closes the
// pipe, as "satdoku solve … | head -1" does: the run ends quietly with
// 141, and nothing is left running (command's cleanup checks).
func TestHeadOne(t *testing.T) {
	t.Parallel()
	if runtime.GOOS == "windows" {
		t.Skip("SIGPIPE is a Unix signal")
	}
	file := writeFile(t, "many.txt", lineFile(manyPuzzles(t, 3000)))
	for _, args := range [][]string{
		{"solve", "-o", "json", "--unique", "--workers", "2", file},
		{"solve", "-o", "line", "-e", "backtrack", "--workers", "2", file},
	} {
		t.Run(strings.Join(args[:len(args)-1], " "), func(t *testing.T) {
			t.Parallel()
			cmd := command(t, args...)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			stdout, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			line, err := bufio.NewReader(stdout).ReadString('\n')
			if err != nil || line == "" {
				t.Fatalf("no first line: %v", err)
			}
			stdout.Close()
			cmd.Wait()
			if code := cmd.ProcessState.ExitCode(); code != ExitBrokenPipe || stderr.Len() != 0 {
				t.Errorf("exit %d, stderr %q; want %d and nothing", code, stderr.String(), ExitBrokenPipe)
			}
		})
	}
}
