//go:build linux

package app

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

// openPTY opens a pseudo-terminal: the controller, which plays the user,
// and the terminal, which a process gets as its standard input.
func openPTY(t *testing.T) (controller, terminal *os.File) {
	t.Helper()
	c, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	t.Cleanup(func() { c.Close() })
	if err := unix.IoctlSetPointerInt(int(c.Fd()), unix.TIOCSPTLCK, 0); err != nil {
		t.Fatalf("unlocking the pseudo-terminal: %v", err)
	}
	n, err := unix.IoctlGetInt(int(c.Fd()), unix.TIOCGPTN)
	if err != nil {
		t.Fatal(err)
	}
	term, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { term.Close() })
	return c, term
}

// TestTerminalNote runs satdoku with a terminal as its standard input:
// it says on stderr that it reads puzzles from there and how to end, then
// solves what the user types up to Ctrl-D.
func TestTerminalNote(t *testing.T) {
	t.Parallel()
	puzzle := strings.TrimSpace(lineFile(samplePuzzles(t, "top1465-sample.txt")[:1]))
	for _, args := range [][]string{{}, {"solve"}, {"-o", "line", "-"}, {"encode"}} {
		t.Run(strings.Join(append([]string{"satdoku"}, args...), " "), func(t *testing.T) {
			t.Parallel()
			user, term := openPTY(t)
			cmd := command(t, args...)
			cmd.Stdin = term
			stderr, err := cmd.StderrPipe()
			if err != nil {
				t.Fatal(err)
			}
			stdout, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			term.Close()
			go io.Copy(io.Discard, user) // the terminal's echo
			note, err := bufio.NewReader(stderr).ReadString('\n')
			if err != nil {
				t.Fatalf("nothing on stderr: %v", err)
			}
			for _, want := range []string{"reading", "standard input", "Ctrl-D", "satdoku --help"} {
				if !strings.Contains(note, want) {
					t.Errorf("the note %q lacks %q", note, want)
				}
			}
			fmt.Fprintf(user, "%s\n\x04", puzzle) // Ctrl-D at the start of a line: the end
			out, _ := io.ReadAll(stdout)
			if err := cmd.Wait(); err != nil {
				t.Fatalf("%v; stdout %q", err, out)
			}
			if len(args) > 0 && args[0] == "encode" {
				checkDIMACS(t, string(out))
				return
			}
			verifyLines(t, samplePuzzles(t, "top1465-sample.txt")[:1], string(out), nil)
		})
	}
	// Not with --quiet, nor when the input is a file or a pipe.
	for _, args := range [][]string{{"-q"}, {sample("boj-sample.in")}} {
		user, term := openPTY(t)
		cmd := command(t, args...)
		cmd.Stdin = term
		fmt.Fprintf(user, "%s\n\x04", puzzle)
		out, err := cmd.CombinedOutput()
		if err != nil || strings.Contains(string(out), "standard input") {
			t.Errorf("satdoku %q: %v, output %q", args, err, out)
		}
	}
	r := satdoku(t, puzzle+"\n")
	r.wantCode(t, ExitOK)
	if r.stderr != "" {
		t.Errorf("a note with input from a pipe: %q", r.stderr)
	}
}
