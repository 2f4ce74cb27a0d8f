package app

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/engine"
)

// noSolutionPuzzle is the first puzzle of top1465-sample.txt with one given
// changed (r3c9 1 → 7) so that no rule is broken directly and yet the
// puzzle has no solution.
const noSolutionPuzzle = "4...3.......6..8..........7....5..9..8....6...7.2........1.27..5.3....4.9........"

// checkConflict checks that the givens named (rRcC=D) are givens of the
// puzzle, that together they admit no completion and that without any one
// of them the rest can be completed: the explanation is minimal.
func checkConflict(t testing.TB, puzzle string, names []string) {
	t.Helper()
	p := mustParse(t, puzzle)
	only := board.New(p.Shape)
	var cells []int
	for _, name := range names {
		var r, c, d int
		if _, err := fmt.Sscanf(name, "r%dc%d=%d", &r, &c, &d); err != nil {
			t.Fatalf("conflict %q: %v", name, err)
		}
		i := (r-1)*9 + c - 1
		if int(p.Cells[i]) != d {
			t.Fatalf("conflict %q is not a given of the puzzle", name)
		}
		only.Cells[i] = uint8(d)
		cells = append(cells, i)
	}
	eng, err := engine.New(engine.Options{Kind: engine.Backtrack})
	if err != nil {
		t.Fatal(err)
	}
	if res := eng.Solve(context.Background(), only); res.Status != engine.NoSolution {
		t.Fatalf("the conflict %v alone: %v, want no solution", names, res.Status)
	}
	for _, i := range cells {
		less := only.Clone()
		less.Cells[i] = 0
		if res := eng.Solve(context.Background(), less); res.Status != engine.Solved {
			t.Errorf("without %s the conflict is still unsolvable: not minimal", p.CellName(i))
		}
	}
}

// TestGoodBadGood checks that an invalid puzzle in the middle of a batch
// is reported in its slot and on stderr with its position, and that the
// puzzles around it are still solved, in order.
func TestGoodBadGood(t *testing.T) {
	t.Parallel()
	top := samplePuzzles(t, "top1465-sample.txt")[:2]
	lines := strings.Split(lineFile(top), "\n")
	bad := []byte(lines[0])
	bad[4] = 'x'
	file := writeFile(t, "gbg.txt", lines[0]+"\n"+string(bad)+"\n"+lines[1]+"\n")
	for _, workers := range []string{"1", "2"} {
		r := satdoku(t, "", "solve", "--workers", workers, file)
		r.wantCode(t, ExitInvalid)
		verifyLines(t, []*board.Board{top[0], nil, top[1]}, r.stdout, map[int]string{1: "invalid"})
		for _, want := range []string{file, "line 2", "column 5", "'x'"} {
			if !strings.Contains(r.stderr, want) {
				t.Errorf("workers %s: stderr %q does not name %q", workers, r.stderr, want)
			}
		}
		if n := strings.Count(r.stderr, "\n"); n != 1 {
			t.Errorf("workers %s: want one error line, got %q", workers, r.stderr)
		}
	}
}

// TestNoSolution checks the outcome of puzzles without a solution, with
// and without --explain.
func TestNoSolution(t *testing.T) {
	t.Parallel()
	boj := readFile(t, sample("boj-sample.in"))
	clashing := "2" + boj[1:] // r1c1=2 clashes with r1c7, r2c3 and r9c1
	tests := []struct {
		name, in string
		args     []string
		want     string // stdout
		explain  []string
	}{
		{name: "no completion, line", in: noSolutionPuzzle + "\n", want: "no solution\n"},
		{name: "no completion, backtrack", in: noSolutionPuzzle + "\n", args: []string{"-e", "backtrack"}, want: "no solution\n"},
		{name: "no completion, both", in: noSolutionPuzzle + "\n", args: []string{"-e", "both"}, want: "no solution\n"},
		{name: "clashing givens, grid", in: clashing, want: "no solution\n"},
		{name: "clashing givens, backtrack", in: clashing, args: []string{"--engine", "backtrack"}, want: "no solution\n"},
		{name: "clashing givens explained", in: clashing, args: []string{"--explain"}, explain: []string{
			"# r1c1=2 and r1c7=2 are both in row 1",
			"# r1c1=2 and r2c3=2 are both in box 1",
			"# r1c1=2 and r9c1=2 are both in column 1",
		}},
		{name: "no completion explained", in: noSolutionPuzzle + "\n", args: []string{"--explain"}, explain: []string{
			"givens admit no completion",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := satdoku(t, tt.in, append([]string{"solve"}, tt.args...)...)
			r.wantCode(t, ExitNoSolution)
			if tt.want != "" && r.stdout != tt.want {
				t.Errorf("stdout %q, want %q", r.stdout, tt.want)
			}
			if !strings.HasPrefix(r.stdout, "no solution\n") {
				t.Errorf("stdout %q does not start with no solution", r.stdout)
			}
			for _, e := range tt.explain {
				if !strings.Contains(r.stdout, e) {
					t.Errorf("stdout lacks %q:\n%s", e, r.stdout)
				}
			}
		})
	}
	t.Run("minimal conflict", func(t *testing.T) {
		r := satdoku(t, noSolutionPuzzle+"\n", "solve", "--explain")
		r.wantCode(t, ExitNoSolution)
		lines := strings.Split(r.stdout, "\n")
		if len(lines) < 3 {
			t.Fatalf("stdout:\n%s", r.stdout)
		}
		names := strings.Fields(strings.TrimPrefix(lines[2], "#"))
		checkConflict(t, noSolutionPuzzle, names)
		// The 9x9 picture shows exactly the conflicting givens.
		var pic strings.Builder
		for _, l := range lines[3:12] {
			pic.WriteString(strings.TrimPrefix(l, "#   "))
			pic.WriteByte('\n')
		}
		shown := mustParse(t, pic.String())
		if shown.Givens() != len(names) {
			t.Errorf("picture shows %d givens, the list %d:\n%s", shown.Givens(), len(names), pic.String())
		}
	})
}

// TestHostileInput checks that broken input gets a clear message with a
// position and exit 4, never a panic, and that the puzzles after a bad one
// are still read.
func TestHostileInput(t *testing.T) {
	t.Parallel()
	boj := readFile(t, sample("boj-sample.in"))
	rows := strings.SplitAfter(boj, "\n")
	line := strings.TrimSpace(lineFile(samplePuzzles(t, "top1465-sample.txt")[:1]))
	tests := []struct {
		name   string
		in     string
		stderr []string // substrings of the message
	}{
		{"empty file", "", []string{"no puzzle"}},
		{"only newlines", "\n\n\n\n", []string{"no puzzle"}},
		{"only CRLF and blanks", "\r\n  \r\n\t\n", []string{"no puzzle"}},
		{"only comments", "# nothing here\n", []string{"no puzzle"}},
		{"binary junk", "\x00\x01\xff\xfe\x80junk\x7f\n", []string{"line 1"}},
		{"NUL bytes", strings.Repeat("\x00", 81) + "\n", []string{"line 1"}},
		{"NUL inside a line", line[:40] + "\x00" + line[41:] + "\n", []string{"line 1", "column 41"}},
		{"full-width digits", "１２３４５６７８９\n", []string{"line 1", "column 1"}},
		{"N²−1 symbols", line[:80] + "\n", []string{"line 1", "80"}},
		{"N²+1 symbols", line + "1\n", []string{"line 1", "82"}},
		{"8 rows", strings.Join(rows[:8], ""), []string{"8 rows"}},
		{"10 rows", boj + rows[0], []string{"line 10"}},
		{"10 in a 9x9 grid", "10" + boj[1:], []string{"line 1", "column 1", "'10'"}},
		{"-1 in a 9x9 grid", "-1" + boj[1:], []string{"line 1", "column 1", "'-1'"}},
		{"10 in a late cell", strings.Join(rows[:4], "") + "3 2 1 0 4 6 8 9 10\n" + strings.Join(rows[5:], ""), []string{"line 5", "column 17"}},
		{"mixed formats in one grid", strings.Join(rows[:4], "") + line + "\n" + strings.Join(rows[5:], ""), []string{"line 5"}},
		{"letter in a grid", strings.Replace(boj, "7", "Z", 1), []string{"line 1", "'Z'"}},
		{"a 10 MB line", strings.Repeat("1", 10<<20) + "\n", []string{"line 1", "longer than"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			file := writeFile(t, "bad.txt", tt.in)
			r := satdoku(t, "", "solve", "-q", file)
			r.wantCode(t, ExitInvalid)
			if tt.in != "" && !strings.HasPrefix(tt.name, "only") {
				tt.stderr = append(tt.stderr, "bad.txt") // errors with a position name the file
			}
			for _, want := range tt.stderr {
				if !strings.Contains(r.stderr, want) {
					t.Errorf("stderr %q lacks %q", r.stderr, want)
				}
			}
			if strings.Contains(r.stdout, "\x00") {
				t.Errorf("NUL echoed to stdout")
			}
			// The same text followed by a good puzzle: the good one is
			// still solved (when the bad text is not a whole file of junk).
			if tt.in == "" || strings.HasPrefix(tt.name, "only") {
				return
			}
			r = satdoku(t, tt.in+"\n"+line+"\n", "solve", "-q", "-o", "line", "-")
			r.wantCode(t, ExitInvalid)
			out := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
			verifyLine(t, len(out)-1, mustParse(t, line), out[len(out)-1])
			for _, l := range out[:len(out)-1] {
				if l != "invalid" && l != "no solution" {
					if _, err := board.Parse(l); err != nil {
						t.Errorf("unexpected line %q", l)
					}
				}
			}
		})
	}
}

// TestLongLineMemory checks that a 10 MB line is rejected without reading
// it whole: the heap grows by far less than the line.
func TestLongLineMemory(t *testing.T) {
	t.Parallel()
	big := bytes.Repeat([]byte("1"), 10<<20)
	var out, errb bytes.Buffer
	code := Main([]string{"satdoku", "solve", "-q", "-"}, bytes.NewReader(big), &out, &errb)
	if code != ExitInvalid || !strings.Contains(errb.String(), "column 65537") {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
}

// TestUsageErrors checks that bad command lines exit 2 with a message.
func TestUsageErrors(t *testing.T) {
	t.Parallel()
	in := sample("boj-sample.in")
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--bogus"}, "bogus"},
		{[]string{"solve", "--bogus", in}, "bogus"},
		{[]string{"solve", "--count", "0", in}, "--count"},
		{[]string{"solve", "--count", "-3", in}, "--count"},
		{[]string{"solve", "--count", "two", in}, "count"},
		{[]string{"solve", "--unique", "--count", "3", in}, "--unique"},
		{[]string{"solve", "--box", "2y3", in}, "2y3"},
		{[]string{"solve", "--box", "0x3", in}, "0x3"},
		{[]string{"solve", "--engine", "nope", in}, "nope"},
		{[]string{"solve", "--engine", "external", in}, "--sat-cmd"},
		{[]string{"solve", "--sat-cmd", "'unclosed", in}, "quote"},
		{[]string{"solve", "--output", "yaml", in}, "yaml"},
		{[]string{"solve", "--workers", "0", in}, "--workers"},
		{[]string{"solve", "--timeout", "-1s", in}, "--timeout"},
		{[]string{"solve", "--color", "purple", in}, "purple"},
		{[]string{"solve", "--alphabet", "klingon", in}, "klingon"},
		{[]string{"solve", "--encoding", "maximal", in}, "maximal"},
		{[]string{"encode", "--amo", "sometimes", in}, "sometimes"},
		{[]string{"encode", in, in}, "one input"},
		{[]string{"decode", "-"}, "puzzle"},
		{[]string{"bench"}, "file"},
		{[]string{"bench", "--engine", "external", in}, "external"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			r := satdoku(t, "", tt.args...)
			r.wantCode(t, ExitUsage)
			if !strings.Contains(r.stderr, tt.want) {
				t.Errorf("stderr %q lacks %q", r.stderr, tt.want)
			}
			if r.stdout != "" && !strings.Contains(r.stdout, "USAGE") {
				t.Errorf("stdout %q", r.stdout)
			}
		})
	}
}

// TestUnreadableFile checks the fatal error for a missing file.
func TestUnreadableFile(t *testing.T) {
	t.Parallel()
	r := satdoku(t, "", "solve", filepath.Join(t.TempDir(), "missing.txt"))
	r.wantCode(t, ExitError)
	if !strings.Contains(r.stderr, "missing.txt") {
		t.Errorf("stderr %q", r.stderr)
	}
}

// TestDirectoryInput checks that a directory given as an input is skipped
// with an error that says to give its files (exit 1), for solve and for
// bench, and that the files after it are still solved.
func TestDirectoryInput(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	r := satdoku(t, "", "solve", "-o", "line", dir, sample("boj-sample.in"))
	r.wantCode(t, ExitError)
	if !strings.Contains(r.stderr, "is a directory: give the files in it") || strings.Count(r.stdout, "\n") != 1 {
		t.Errorf("%v", r)
	}
	r = satdoku(t, "", "bench", dir)
	r.wantCode(t, ExitError)
	if !strings.Contains(r.stderr, "is a directory") {
		t.Errorf("bench: %v", r)
	}
}

// TestEngines checks every engine on the committed samples: each answer is
// verified, and all engines print the same for puzzles with one solution.
func TestEngines(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"top1465-sample.txt", "hardest1106-sample.txt", "17clue-sample.txt", "plb-hard20.txt"} {
		file := sample(name)
		puzzles := samplePuzzles(t, name)
		var first string
		for _, eng := range []string{"sat", "backtrack", "both"} {
			t.Run(name+"/"+eng, func(t *testing.T) {
				r := satdoku(t, "", "solve", "-e", eng, "-o", "line", "--workers", "1", file)
				r.wantCode(t, ExitOK)
				verifyLines(t, puzzles, r.stdout, nil)
				if first == "" {
					first = r.stdout
				} else if r.stdout != first {
					t.Errorf("engines differ on puzzles with one solution")
				}
			})
		}
	}
	t.Run("both on serg", func(t *testing.T) {
		r := satdoku(t, "", "solve", "-e", "both", "-o", "line", sample("serg-multi-sample.txt"))
		r.wantCode(t, ExitOK)
		verifyLines(t, samplePuzzles(t, "serg-multi-sample.txt"), r.stdout, nil)
	})
}

// TestCounting checks --unique, --count and --show-second.
func TestCounting(t *testing.T) {
	t.Parallel()
	serg := sample("serg-multi-sample.txt")
	top := sample("top1465-sample.txt")
	sergPuzzles := samplePuzzles(t, "serg-multi-sample.txt")
	for _, eng := range []string{"sat", "backtrack", "both"} {
		t.Run("unique multiple "+eng, func(t *testing.T) {
			r := satdoku(t, "", "solve", "--unique", "-e", eng, "-o", "line", serg)
			r.wantCode(t, ExitOK)
			lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
			if len(lines) != 2*len(sergPuzzles) {
				t.Fatalf("%d lines for %d puzzles", len(lines), len(sergPuzzles))
			}
			for i, p := range sergPuzzles {
				if lines[2*i] != "# 2+ solutions (multiple)" {
					t.Errorf("puzzle %d: verdict %q", i+1, lines[2*i])
				}
				verifyLine(t, i, p, lines[2*i+1])
			}
			r = satdoku(t, "", "solve", "--unique", "-e", eng, "-o", "line", top)
			r.wantCode(t, ExitOK)
			if n := strings.Count(r.stdout, "# 1 solution (unique)\n"); n != 50 {
				t.Errorf("%d of 50 top1465 puzzles unique", n)
			}
		})
	}
	t.Run("count", func(t *testing.T) {
		empty4 := "0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n" // 288 solutions
		r := satdoku(t, empty4, "solve", "--count", "1000", "-e", "backtrack")
		r.wantCode(t, ExitOK)
		if !strings.HasPrefix(r.stdout, "# 288 solutions (multiple)\n") {
			t.Errorf("empty 4x4: %q", r.stdout)
		}
		r = satdoku(t, empty4, "solve", "--count", "5")
		r.wantCode(t, ExitOK)
		if !strings.HasPrefix(r.stdout, "# at least 5 solutions (multiple)\n") {
			t.Errorf("empty 4x4, --count 5: %q", r.stdout)
		}
	})
	t.Run("show-second", func(t *testing.T) {
		r := satdoku(t, "", "solve", "--show-second", "-o", "line", serg)
		r.wantCode(t, ExitOK)
		lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
		if len(lines) != 4*len(sergPuzzles) {
			t.Fatalf("%d lines for %d puzzles:\n%s", len(lines), len(sergPuzzles), clip(r.stdout))
		}
		for i, p := range sergPuzzles {
			first, note, second := lines[4*i+1], lines[4*i+2], lines[4*i+3]
			verifyLine(t, i, p, first)
			verifyLine(t, i, p, second)
			if first == second {
				t.Errorf("puzzle %d: the second solution is the first", i+1)
			}
			_, cells, ok := strings.Cut(note, ": ")
			if !strings.HasPrefix(note, "# second solution, differs at ") || !ok {
				t.Fatalf("puzzle %d: note %q", i+1, note)
			}
			checkDiffer(t, first, second, strings.Fields(cells))
		}
		// A unique puzzle prints no second solution.
		r = satdoku(t, "", "solve", "--show-second", "-o", "line", top)
		r.wantCode(t, ExitOK)
		if strings.Contains(r.stdout, "second") {
			t.Errorf("a second solution for a unique puzzle:\n%s", clip(r.stdout))
		}
	})
}

// TestHelp checks that every command's full help (--help --long) has an example and its own
// table of exit codes, that flag placeholders are words in capitals
// (never urfave/cli's "value"), that no default contradicts its flag, and
// that --version prints a version.
func TestHelp(t *testing.T) {
	t.Parallel()
	solveTable := "at least one puzzle has no solution"
	for _, tt := range []struct {
		args      []string
		solveLike bool // the solve table of exit codes, with 130
	}{
		{[]string{"--help", "--long"}, true}, {[]string{"solve", "--help", "--long"}, true},
		{[]string{"encode", "--help", "--long"}, false}, {[]string{"decode", "--help", "--long"}, false},
		{[]string{"bench", "--help", "--long"}, false}, {[]string{"render", "--help", "--long"}, false},
		{[]string{"completion", "--help", "--long"}, false},
	} {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			r := satdoku(t, "", tt.args...)
			r.wantCode(t, ExitOK)
			if !regexp.MustCompile(`(?m)^\s+(eval "\$\()?satdoku( [a-z]+)? .*\S`).MatchString(r.stdout) {
				t.Errorf("no example in\n%s", r.stdout)
			}
			for _, want := range []string{"EXIT CODES", "usage error"} {
				if !strings.Contains(r.stdout, want) && !(want == "usage error" && tt.args[0] == "completion") {
					t.Errorf("help lacks %q:\n%s", want, r.stdout)
				}
			}
			if tt.solveLike != strings.Contains(r.stdout, solveTable) || tt.solveLike != strings.Contains(r.stdout, "130") {
				t.Errorf("the solve command's exit codes should be in this help only if it solves batches:\n%s", r.stdout)
			}
			for _, bad := range []string{" value ", "(default: false)", "(default: 0)", "(default: 0s)", "interrupted by"} {
				if strings.Contains(r.stdout, bad) {
					t.Errorf("help holds %q:\n%s", bad, r.stdout)
				}
			}
		})
	}
	r := satdoku(t, "", "solve", "--help", "--long")
	for _, want := range []string{"--count K", "the first solution only", "--timeout DURATION", "no limit", "--amo AMO", "satdoku help encode --long"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("solve --help lacks %q", want)
		}
	}
	r = satdoku(t, "", "encode", "--help", "--long")
	for _, amo := range []string{"pairwise", "sequential", "commander", "product", "auto"} {
		if !regexp.MustCompile(`(?m)^\s+` + amo + `\s+\S`).MatchString(r.stdout) {
			t.Errorf("encode --help does not explain --amo %s", amo)
		}
	}
	r = satdoku(t, "", "--version")
	r.wantCode(t, ExitOK)
	if !strings.HasPrefix(r.stdout, "satdoku version ") || len(strings.TrimSpace(r.stdout)) <= len("satdoku version") {
		t.Errorf("--version: %q", r.stdout)
	}
}

// TestPuzzleArguments gives puzzles as text on the command line, where a
// file name goes: a line puzzle, an f-puzzles link and killer strings
// (SudoCue's and a snarfable one) are solved as if read from a file, each named by its position;
// a name that is neither stays a missing file; and a file wins over the
// text its name spells.
func TestPuzzleArguments(t *testing.T) {
	classic := "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	link := ""
	for _, l := range strings.Split(readText(t, sample("links/killer-blister.txt")), "\n") {
		if strings.HasPrefix(l, "https://") {
			link = l
		}
	}
	killer := ""
	for _, l := range strings.Split(readText(t, sample("variants/sudocue/killers.txt")), "\n") {
		if strings.HasPrefix(l, "3x3:") {
			killer = l // the last one
		}
	}
	if link == "" || killer == "" {
		t.Fatal("no link or killer string in the test data")
	}
	pad := strings.TrimSpace(readText(t, sample("links/sudokupad-killer.txt")))
	pad = pad[strings.LastIndexByte(pad, '\n')+1:]
	wiki := "https://www.sudokuwiki.org/sudoku.htm?bd=003020600900305001001806400008102900700000008006708200002609500800203009005010300"
	snarf, snarfSolution := sampleKiller(t, "variants/snarf/killers.txt", "TAREK_ALL #23")
	r := satdoku(t, "", "solve", "-o", "json", classic, link, "no-such-file.txt", killer, pad, wiki, snarf)
	r.wantCode(t, ExitError) // the missing file
	js := jsonLines(t, r.stdout)
	if len(js) != 6 || !strings.Contains(r.stderr, "open no-such-file.txt: no such file") {
		t.Fatalf("%v", r)
	}
	for i, want := range []string{"argument 1", "argument 2", "argument 4", "argument 5", "argument 6", "argument 7"} {
		if js[i]["file"] != want || js[i]["status"] != "solved" {
			t.Errorf("input %d: %v, want %s solved", i+1, js[i], want)
		}
	}
	// The SudokuPad killer (Human-solvable zero #3), Project Euler's
	// first grid, from SudokuWiki's link, and the snarfable killer.
	for i, want := range map[int]string{
		3: "279648531581739426463251798956483217128975643734162859812597364697324185345816972",
		4: "483921657967345821251876493548132976729564138136798245372689514814253769695417382",
		5: snarfSolution,
	} {
		if js[i]["solution"] != want {
			t.Errorf("input %d: solution %v, want %s", i+1, js[i]["solution"], want)
		}
	}
	if r := satdoku(t, "", "render", "-o", "-", link); r.code != ExitOK || !strings.Contains(r.stdout, "killercage") {
		t.Errorf("render with a link: %v", r)
	}
	if r := satdoku(t, "", "encode", killer); r.code != ExitOK || !strings.HasPrefix(r.stdout, "c satdoku") || !strings.Contains(r.stdout, "argument 1 line 1") {
		t.Errorf("encode with a killer string: %v", r)
	}

	// A file named like a 4×4 puzzle is read as a file.
	t.Chdir(t.TempDir())
	name := "1..4..1..4..1..4"
	if err := os.WriteFile(name, []byte("1234\n3412\n2143\n432.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r = satdoku(t, "", "solve", "-o", "line", name)
	r.wantCode(t, ExitOK)
	if got := strings.TrimSpace(r.stdout); got != "1234341221434321" {
		t.Errorf("the file %s: %v", name, r)
	}
}

// readText returns the content of a file; a missing one fails the test.
func readText(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestBenchDecidedBy: the SAT engine's "decided by" shares add up to the
// whole file, a puzzle whose givens clash counted as such, not as search.
func TestBenchDecidedBy(t *testing.T) {
	t.Parallel()
	clash := "118...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........\n"
	r := satdoku(t, clash+readFile(t, sample("boj-sample.in")), "bench", "-e", "sat", "-")
	r.wantCode(t, ExitFailed) // the clash is not solved
	m := regexp.MustCompile(`decided by: (.*)`).FindStringSubmatch(r.stdout)
	if m == nil {
		t.Fatalf("no decided-by line:\n%s", r.stdout)
	}
	total := 0.0
	for _, part := range strings.Split(m[1], ", ") {
		i := strings.LastIndexByte(part, ' ')
		pct, err := strconv.ParseFloat(strings.TrimSuffix(part[i+1:], "%"), 64)
		if err != nil {
			t.Fatalf("%q: %v", part, err)
		}
		total += pct
	}
	if total < 99.9 || total > 100.1 || !strings.Contains(m[1], "clashing givens 50.0%") {
		t.Errorf("shares add up to %.1f%%, or the clash is not counted as one: %s", total, m[1])
	}
}
