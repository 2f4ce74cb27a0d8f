package app

import (
	"io"
	"slices"
	"strings"
	"testing"
)

func TestFlagsFirst(t *testing.T) {
	t.Parallel()
	a := New(strings.NewReader(""), io.Discard, io.Discard)
	tests := []struct{ in, want string }{
		{"satdoku solve p.txt --unique", "satdoku solve --unique p.txt"},
		{"satdoku solve p.txt -o json q.txt", "satdoku solve -o json p.txt q.txt"},
		{"satdoku solve -j2 p.txt", "satdoku solve -j 2 p.txt"},
		{"satdoku solve --output=json p.txt", "satdoku solve --output=json p.txt"},
		{"satdoku p.txt -e backtrack", "satdoku -e backtrack p.txt"},
		{"satdoku solve -- -odd-name.txt --unique", "satdoku solve -- -odd-name.txt --unique"},
		{"satdoku decode answer.txt --puzzle p.txt", "satdoku decode --puzzle p.txt answer.txt"},
		{"satdoku solve - --summary", "satdoku solve --summary -"},
		{"satdoku", "satdoku"},
	}
	for _, tt := range tests {
		got := strings.Join(flagsFirst(a, strings.Fields(tt.in)), " ")
		if got != tt.want {
			t.Errorf("flagsFirst(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestEmptyInputIsNamed(t *testing.T) {
	t.Parallel()
	var stdout, stderr strings.Builder
	code := Main([]string{"satdoku", "solve", "-j", "1", "-"}, strings.NewReader("\n\n\n"), &stdout, &stderr)
	if code != ExitInvalid || !strings.Contains(stderr.String(), "no puzzle in stdin") {
		t.Fatalf("exit %d, stderr %q: want %d and a message naming stdin", code, stderr.String(), ExitInvalid)
	}
	if stdout.Len() != 0 {
		t.Errorf("stdout %q, want nothing", stdout.String())
	}
}

func TestUsageErrorIsOneLine(t *testing.T) {
	t.Parallel()
	var stdout, stderr strings.Builder
	code := Main([]string{"satdoku", "solve", "--bogus"}, strings.NewReader(""), &stdout, &stderr)
	lines := slices.DeleteFunc(strings.Split(stderr.String(), "\n"), func(s string) bool { return s == "" })
	if code != ExitUsage || len(lines) != 1 || stdout.Len() != 0 {
		t.Fatalf("exit %d, stdout %q, stderr %q: want exit %d and one line on stderr", code, stdout.String(), stderr.String(), ExitUsage)
	}
}

func TestCompletion(t *testing.T) {
	t.Parallel()
	for _, shell := range []string{"bash", "zsh", "fish"} {
		var stdout, stderr strings.Builder
		if code := Main([]string{"satdoku", "completion", shell}, strings.NewReader(""), &stdout, &stderr); code != ExitOK {
			t.Fatalf("%s: exit %d: %s", shell, code, stderr.String())
		}
		if !strings.Contains(stdout.String(), completeFlag) || !strings.Contains(stdout.String(), "satdoku") {
			t.Errorf("%s: script %q does not ask satdoku for completions", shell, stdout.String())
		}
	}
	if code := Main([]string{"satdoku", "completion", "tcsh"}, strings.NewReader(""), io.Discard, io.Discard); code != ExitUsage {
		t.Errorf("completion tcsh: exit %d, want %d", code, ExitUsage)
	}
	// The words the scripts ask for: the last word is the one under the
	// cursor; nothing means file names.
	tests := []struct {
		line string // words separated by |, the last one under the cursor
		want string // words printed, space-separated
	}{
		{"", "solve generate encode decode bench render hint completion"},
		{"s", "solve"},
		{"solve|", ""},
		{"solve|p.txt|", ""},
		{"p.txt|", ""},
		{"solve|--eng", "--engine"},
		{"solve|-o|", "grid compact line pretty json fpuzzles fpuzzles-url svg png"},
		{"solve|-o|j", "json"},
		{"solve|-e|", "portfolio sat backtrack both external"},
		{"solve|--timeout|", ""},
		{"decode|-o|", "grid compact line pretty"},
		{"encode|--amo|", "auto pairwise sequential commander product"},
		{"render|--show|p", "puzzle"},
		{"completion|", "bash zsh fish"},
		{"-o|line|", "solve generate encode decode bench render hint completion"},
		{"-o|line|so", "solve"},
	}
	for _, tt := range tests {
		var stdout strings.Builder
		args := append(append([]string{"satdoku"}, strings.Split(tt.line, "|")...), completeFlag)
		if code := Main(args, strings.NewReader(""), &stdout, io.Discard); code != ExitOK {
			t.Errorf("%q: exit %d", tt.line, code)
		}
		if got := strings.Join(strings.Fields(stdout.String()), " "); got != tt.want {
			t.Errorf("completing %q: %q, want %q", tt.line, got, tt.want)
		}
	}
}

// TestSplitCommand checks how --sat-cmd is split into words: as a POSIX
// shell splits them, with quotes and backslash escapes, and no expansion.
func TestSplitCommand(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want []string // nil: an error
	}{
		{"cadical -q", []string{"cadical", "-q"}},
		{"  minisat {in}   {out} ", []string{"minisat", "{in}", "{out}"}},
		{`sh -c 'kissat -q "$0"'`, []string{"sh", "-c", `kissat -q "$0"`}},
		{`"/opt/my solvers/kissat" -q`, []string{"/opt/my solvers/kissat", "-q"}},
		{`/opt/my\ solvers/kissat --seed=\"1\"`, []string{"/opt/my solvers/kissat", `--seed="1"`}},
		{`kissat $HOME *.cnf`, []string{"kissat", "$HOME", "*.cnf"}},
		{"", nil},
		{"   ", nil},
		{"''", nil},
		{`'unclosed`, nil},
		{`"unclosed`, nil},
	}
	for _, tt := range tests {
		got, err := splitCommand(tt.in)
		if tt.want == nil {
			if err == nil {
				t.Errorf("splitCommand(%q) = %q, want an error", tt.in, got)
			}
			continue
		}
		if err != nil || !slices.Equal(got, tt.want) {
			t.Errorf("splitCommand(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}

// FuzzSplitCommand: splitting a --sat-cmd never panics and gives no empty
// command.
func FuzzSplitCommand(f *testing.F) {
	f.Add(`minisat {in} {out}`)
	f.Add(`sh -c 'kissat -q "$0"'`)
	f.Add(`"unclosed`)
	f.Add(`a\ b`)
	f.Fuzz(func(t *testing.T, s string) {
		args, err := splitCommand(s)
		if err == nil && (len(args) == 0 || args[0] == "") {
			t.Fatalf("splitCommand(%q) gave no command and no error", s)
		}
	})
}
