package app

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFlagsBeforeCommand: flags given before a command apply to it, or
// are refused with a message when the command has no such flag.
func TestFlagsBeforeCommand(t *testing.T) {
	t.Parallel()
	in := sample("boj-sample.in")
	solution := strings.ReplaceAll(strings.TrimSpace(readFile(t, sample("boj-sample.out"))), "\n", " ")
	line := strings.ReplaceAll(solution, " ", "") + "\n"
	tests := []struct {
		args   []string
		code   int
		stdout string // "" : not checked
		stderr string // a part of it
	}{
		{[]string{"-o", "line", "solve", in}, ExitOK, line, ""},
		{[]string{"--output=line", "solve", in}, ExitOK, line, ""},
		{[]string{"-j2", "-o", "line", "solve", in}, ExitOK, line, ""},
		{[]string{"-o", "line", in}, ExitOK, line, ""},
		{[]string{"--summary", "solve", in}, ExitOK, "", "1 puzzle read: 1 solved"},
		{[]string{"--box", "3x3", "--encoding", "minimal", "encode", in}, ExitOK, "", ""},
		{[]string{"-o", "line", "encode", in}, ExitUsage, "", "encode has no flag -o"},
		{[]string{"--unique", "decode", "--puzzle", in}, ExitUsage, "", "decode has no flag --unique"},
		{[]string{"--summary", "render", in}, ExitUsage, "", "render has no flag --summary"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			t.Parallel()
			r := satdoku(t, "", tt.args...)
			r.wantCode(t, tt.code)
			if tt.stdout != "" && r.stdout != tt.stdout {
				t.Errorf("stdout %q, want %q", r.stdout, tt.stdout)
			}
			if !strings.Contains(r.stderr, tt.stderr) {
				t.Errorf("stderr %q lacks %q", r.stderr, tt.stderr)
			}
			if tt.code == ExitUsage && (r.stdout != "" || strings.Count(r.stderr, "\n") != 1) {
				t.Errorf("a usage error is one line on stderr: %v", r)
			}
		})
	}
}

// TestMistypedCommand: a first word that is neither a file nor a command
// but close to one is refused with a suggestion; "satdoku help" is help.
func TestMistypedCommand(t *testing.T) {
	t.Parallel()
	in := sample("boj-sample.in")
	for _, tt := range []struct {
		args    []string
		code    int
		stdout  string // a part of it
		stderrs string // a part of it
	}{
		{[]string{"slove", in}, ExitUsage, "", "slove: no such file or command; did you mean solve?"},
		{[]string{"encdoe", in}, ExitUsage, "", "did you mean encode?"},
		{[]string{"Solve", in}, ExitUsage, "", "did you mean solve?"},
		{[]string{"-o", "line", "rendr", in}, ExitUsage, "", "did you mean render?"},
		{[]string{"help"}, ExitOK, "Commands:", ""},
		{[]string{"help", "--long"}, ExitOK, "COMMANDS:", ""},
		{[]string{"help", "encode", "--long"}, ExitOK, "EXIT CODES:", ""},
		{[]string{"help", "encode"}, ExitOK, "satdoku encode - write the DIMACS CNF", ""},
		{[]string{"help", "slove"}, ExitUsage, "", `no command "slove"; did you mean solve?`},
		{[]string{"help", "frobnicate"}, ExitUsage, "", `no command "frobnicate"`},
		// Far from every command, or shaped like a file name: an unreadable file.
		{[]string{"frobnicate"}, ExitError, "", "open frobnicate: no such file"},
		{[]string{"solve.txt"}, ExitError, "", "open solve.txt: no such file"},
	} {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			t.Parallel()
			r := satdoku(t, "", tt.args...)
			r.wantCode(t, tt.code)
			if !strings.Contains(r.stdout, tt.stdout) || !strings.Contains(r.stderr, tt.stderrs) {
				t.Errorf("want stdout with %q and stderr with %q, got %v", tt.stdout, tt.stderrs, r)
			}
		})
	}
}

// TestFileNamedLikeCommand: a file that exists is read as a file, even
// when it is named like a mistyped command or "help".
func TestFileNamedLikeCommand(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	puzzle := readFile(t, sample("boj-sample.in"))
	want := readFile(t, sample("boj-sample.out"))
	for _, name := range []string{"slove", "help"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(puzzle), 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := command(t, name)
		cmd.Dir = dir
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil || string(out) != want {
			t.Errorf("satdoku %s with a file %s: %v, stdout %q, stderr %q", name, name, err, out, stderr.String())
		}
	}
}

func TestSuggest(t *testing.T) {
	t.Parallel()
	a := New(strings.NewReader(""), nil, nil)
	for word, want := range map[string]string{
		"slove": "solve", "sovle": "solve", "solv": "solve", "encod": "encode", "decdoe": "decode",
		"bnech": "bench", "rendre": "render", "completon": "completion", "comp": "completion",
		"dec": "decode", "s": "", "x": "", "puzzle": "", "p.txt": "", "data/solve": "", "solve2": "", "": "",
	} {
		if got := suggest(a, word); got != want {
			t.Errorf("suggest(%q) = %q, want %q", word, got, want)
		}
	}
}
