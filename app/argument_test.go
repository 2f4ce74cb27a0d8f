package app

import (
	"strings"
	"testing"
)

// TestArgumentAsStdin: a puzzle given as an argument is read and diagnosed
// exactly as the same text on standard input is: the same output, the same
// exit code, the same error but for the input's name ("argument 1" for
// "stdin"). A grid pasted as one argument works, and a typo'd line puzzle
// gets its diagnosis, not "no such file".
func TestArgumentAsStdin(t *testing.T) {
	t.Parallel()
	const good = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	boj := readFile(t, sample("boj-sample.in"))
	for _, tc := range []struct {
		name, text, want string
	}{
		{"line puzzle", good, ""},
		{"pasted grid", boj, ""},
		{"one symbol short", good[:80], "80 symbols, 1 fewer than the 81 of a 9×9 puzzle"},
		{"bad symbol", good[:40] + "x" + good[41:], ""},
		{"grid row short", strings.Replace(boj, "0 3 5 4 6 9 2 7 8", "0 3 5 4 6 9 2 7", 1), ""},
		{"two digits alike", "55" + good[2:], ""},
		{"bad link", "https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSS", ""},
		{"bad killer", "3x3:d:x:1:2", ""},
		{"bad sigh", ".Lunchbox~10~R1C1~R1C2", ""},
		{"bad marks", "12 3 4 5 6 7 8 9 1\n1 2 3\n", ""},
		{"multi-line sigh", sighAntiKing[:40] + "\n  " + sighAntiKing[40:] + "\n", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := satdoku(t, tc.text+"\n", "solve", "-o", "line")
			arg := satdoku(t, "", "solve", "-o", "line", tc.text)
			if arg.code != in.code || arg.stdout != in.stdout {
				t.Fatalf("argument: %v\nstdin: %v", arg, in)
			}
			if got := strings.ReplaceAll(arg.stderr, "argument 1", "stdin"); got != in.stderr {
				t.Fatalf("argument's stderr %q\nstdin's %q", arg.stderr, in.stderr)
			}
			if strings.Contains(arg.stderr, "no such file") || !strings.Contains(in.stderr, tc.want) {
				t.Fatalf("stderr %q, want %q", arg.stderr, tc.want)
			}
		})
	}
	// A name that is no puzzle stays a missing file.
	if r := satdoku(t, "", "solve", "no-such-puzzles.txt"); !strings.Contains(r.stderr, "no such file") {
		t.Errorf("missing file: %v", r)
	}
}
