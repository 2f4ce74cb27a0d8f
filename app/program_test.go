package app

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestProgramCommand runs a command that is a program of its own (as
// "satdoku serve" runs satdoku-web): its arguments go to the program
// untouched, help flags and flags it alone knows included; its output
// and exit code are the run's; a program found nowhere is an error that
// says how to install it.
func TestProgramCommand(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the stand-in program is a shell script")
	}
	dir := t.TempDir()
	script := "#!/bin/sh\necho \"args: $*\"\necho \"on stderr\" >&2\nexit 3\n"
	if err := os.WriteFile(filepath.Join(dir, "stand-in"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	withProgram := func(program string) *streams {
		return &streams{stdin: strings.NewReader(""), extra: []Command{ProgramCommand("page", "a program of its own", "", program, "install it so")}}
	}
	for _, c := range []struct {
		name       string
		program    string
		args       []string
		code       int
		out, inErr string
	}{
		{"arguments untouched", "stand-in", []string{"page", "--listen", "127.0.0.1:0", "-x", "file"}, 3, "args: --listen 127.0.0.1:0 -x file\n", "on stderr"},
		{"help is the program's", "stand-in", []string{"page", "--help"}, 3, "args: --help\n", ""},
		{"help command too", "stand-in", []string{"help", "page"}, 3, "args: --help\n", ""},
		{"no arguments", "stand-in", []string{"page"}, 3, "args: \n", ""},
		{"found nowhere", "no-such-program-here", []string{"page"}, ExitError, "", "page: no-such-program-here is neither beside this program"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := satdokuWith(t, withProgram(c.program), c.args...)
			r.wantCode(t, c.code)
			if r.stdout != c.out {
				t.Errorf("stdout %q, want %q", r.stdout, c.out)
			}
			if !strings.Contains(r.stderr, c.inErr) {
				t.Errorf("stderr %q does not hold %q", r.stderr, c.inErr)
			}
			if c.code == ExitError && !strings.Contains(r.stderr, "install it so") {
				t.Errorf("stderr %q does not say how to install the program", r.stderr)
			}
		})
	}
}
