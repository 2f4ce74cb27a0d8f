package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestShortHelp: the help of every command, and of satdoku itself, fits
// one screen (at most 40 lines of at most 80 columns), names every flag
// of the command and shows an example, and the full help is a flag away:
// "satdoku help COMMAND --long" and "satdoku COMMAND --help --long" print
// it, longer, with the exit codes.
func TestShortHelp(t *testing.T) {
	t.Parallel()
	a := New(strings.NewReader(""), nil, nil)
	commands := []string{""}
	for _, c := range a.VisibleCommands() {
		commands = append(commands, c.Name)
	}
	if len(commands) < 8 {
		t.Fatalf("only %d commands: %q", len(commands), commands)
	}
	for _, name := range commands {
		t.Run("help "+name, func(t *testing.T) {
			t.Parallel()
			var args []string
			if name != "" {
				args = []string{name}
			}
			short := satdoku(t, "", append(args, "--help")...)
			short.wantCode(t, ExitOK)
			lines := strings.Split(strings.TrimSuffix(short.stdout, "\n"), "\n")
			if len(lines) > helpLines {
				t.Errorf("%d lines, more than %d:\n%s", len(lines), helpLines, short.stdout)
			}
			for _, l := range lines {
				if n := utf8.RuneCountInString(l); n > helpWidth {
					t.Errorf("a line of %d columns: %q", n, l)
				}
			}
			if !examplePattern().MatchString(short.stdout) && !strings.Contains(short.stdout, "\n   satdoku ") && !strings.Contains(short.stdout, "\n   eval \"$(satdoku") {
				t.Errorf("no example:\n%s", short.stdout)
			}
			if !strings.Contains(short.stdout, "--long") {
				t.Errorf("does not say where the full help is:\n%s", short.stdout)
			}
			if name != "" {
				for _, f := range a.Command(name).Flags {
					if !strings.Contains(short.stdout, dashed(f.Names()[0])) {
						t.Errorf("does not name %s:\n%s", dashed(f.Names()[0]), short.stdout)
					}
				}
			} else {
				for _, c := range commands[1:] {
					if !strings.Contains(short.stdout, "\n   "+c+" ") {
						t.Errorf("does not list %s:\n%s", c, short.stdout)
					}
				}
			}
			if help := satdoku(t, "", append([]string{"help"}, args...)...); help.stdout != short.stdout || help.code != ExitOK {
				t.Errorf("satdoku help %s differs from --help: %v", name, help)
			}
			long := satdoku(t, "", append(args, "--help", "--long")...)
			long.wantCode(t, ExitOK)
			if !strings.Contains(long.stdout, "EXIT CODES") || len(long.stdout) <= len(short.stdout) {
				t.Errorf("--help --long is not the full help:\n%s", long.stdout)
			}
			for _, other := range [][]string{append(append([]string{"help"}, args...), "--long"), append(args, "-h", "--long")} {
				if r := satdoku(t, "", other...); r.stdout != long.stdout || r.code != ExitOK {
					t.Errorf("satdoku %s differs from --help --long: %v", strings.Join(other, " "), r)
				}
			}
		})
	}
}

// TestUsageErrorsSayWhatToWrite: a usage error is one line on stderr, nothing on stdout,
// exit 2, and it says what to write: the flag a typo meant, the unit a
// duration lacks, the --format that render's -o is not, the --puzzle that
// decode needs (never its whole help, whether stdout is a terminal or a
// pipe).
func TestUsageErrorsSayWhatToWrite(t *testing.T) {
	t.Parallel()
	in := sample("boj-sample.in")
	for _, tt := range []struct {
		args []string
		want string // the line on stderr, after "satdoku: "
	}{
		{[]string{"solve", "--uniqe", in}, "solve: unknown flag --uniqe; did you mean --unique? (see 'satdoku solve --help')"},
		{[]string{"--uniqe", in}, "unknown flag --uniqe; did you mean --unique? (see 'satdoku --help')"},
		{[]string{"solve", "--cand", in}, "solve: unknown flag --cand; did you mean --candidates?"},
		{[]string{"solve", "--timout", "5s", in}, "solve: unknown flag --timout; did you mean --timeout?"},
		{[]string{"encode", "--encodng", "minimal", in}, "encode: unknown flag --encodng; did you mean --encoding?"},
		{[]string{"render", "--scal", "2", in}, "render: unknown flag --scal; did you mean --scale?"},
		{[]string{"decode", "--puzle", in}, "decode: unknown flag --puzle; did you mean --puzzle?"},
		{[]string{"solve", "--hlep"}, "did you mean --help?"},
		{[]string{"solve", "-x", in}, "solve: unknown flag -x (see 'satdoku solve --help')"},
		{[]string{"solve", "--frobnicate", in}, "solve: unknown flag --frobnicate (see 'satdoku solve --help')"},
		{[]string{"solve", "--long", in}, "--long goes with --help: satdoku help COMMAND --long"},
		{[]string{"solve", "--timeout", "5", in}, "solve: --timeout 5: a duration needs its unit: write 5s (seconds; or ms, m, h)"},
		{[]string{"--timeout", "2.5", in}, "--timeout 2.5: a duration needs its unit: write 2.5s"},
		{[]string{"render", "--timeout", "5", in}, "render: --timeout 5: a duration needs its unit: write 5s"},
		{[]string{"solve", "--timeout", "5sec", in}, `solve: --timeout "5sec" is not a duration: write one such as 5s, 500ms, 2m or 1h30m`},
		{[]string{"render", "-o", "png", in}, "render: -o png: in render -o names the picture's file, not its format: write --format png for standard output, or -o FILE.png for a file (./png for a file named png)"},
		{[]string{"render", "-o", "svg", in}, "write --format svg for standard output, or -o FILE.svg"},
		{[]string{"render", "--output", "PNG", in}, "render: -o PNG: in render -o names the picture's file"},
		{[]string{"render", "-o", "json", in}, "write --format svg or --format png for standard output, or -o FILE.svg"},
		{[]string{"decode"}, "decode needs --puzzle FILE, the puzzle that was encoded (see 'satdoku decode --help')"},
		{[]string{"decode", in}, "decode needs --puzzle FILE"},
	} {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			t.Parallel()
			r := satdoku(t, "", tt.args...)
			r.wantCode(t, ExitUsage)
			if r.stdout != "" || strings.Count(r.stderr, "\n") != 1 || !strings.HasPrefix(r.stderr, "satdoku: ") {
				t.Errorf("a usage error is one line on stderr, nothing on stdout: %v", r)
			}
			if !strings.Contains(r.stderr, tt.want) {
				t.Errorf("stderr %q lacks %q", r.stderr, tt.want)
			}
		})
	}
}

// TestRenderOutputNamesAFile: render's -o is a file, whatever it is
// called, once it cannot be taken for a format: ./png and p.png are
// written, as SVG and PNG, and -o png writes nothing.
func TestRenderOutputNamesAFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	in := sample("boj-sample.in")
	for _, tt := range []struct {
		output string
		magic  string // the start of the file written; "" none
	}{
		{filepath.Join(dir, "png"), "<svg"},
		{filepath.Join(dir, "p.png"), "\x89PNG"},
		{filepath.Join(dir, "picture"), "<svg"},
	} {
		r := satdoku(t, "", "render", "--show", "puzzle", "-o", tt.output, in)
		r.wantCode(t, ExitOK)
		data, err := os.ReadFile(tt.output)
		if err != nil || !strings.HasPrefix(string(data), tt.magic) {
			t.Errorf("render -o %s: %v, %.10q", tt.output, err, data)
		}
	}
	r := satdoku(t, "", "render", "--show", "puzzle", "--format", "png", in)
	r.wantCode(t, ExitOK)
	if !strings.HasPrefix(r.stdout, "\x89PNG") {
		t.Errorf("render --format png: %.10q", r.stdout)
	}
}
