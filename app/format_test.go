package app

import (
	"archive/zip"
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/satdoku/satdoku/board"
)

// TestClassicExchange checks the nine-lines-in, nine-lines-out exchange
// byte for byte, with no command, with solve FILE and with solve -, and
// for the accepted variants of the input grid.
func TestClassicExchange(t *testing.T) {
	t.Parallel()
	in := readFile(t, sample("boj-sample.in"))
	want := readFile(t, sample("boj-sample.out"))
	puzzle, err := board.Parse(in)
	if err != nil {
		t.Fatal(err)
	}
	sol, err := board.Parse(want)
	if err != nil {
		t.Fatal(err)
	}
	if err := board.Verify(puzzle, sol); err != nil {
		t.Fatalf("boj-sample.out is not a solution of boj-sample.in: %v", err)
	}

	rows := strings.Split(strings.TrimSuffix(in, "\n"), "\n")
	variants := map[string]string{
		"as shipped":           in,
		"trailing spaces":      strings.Join(rows, "   \n") + "   \n",
		"tabs":                 strings.ReplaceAll(in, " ", "\t"),
		"several spaces":       strings.ReplaceAll(in, " ", "   "),
		"CRLF":                 strings.ReplaceAll(in, "\n", "\r\n"),
		"no final newline":     strings.TrimSuffix(in, "\n"),
		"CRLF, no final EOL":   strings.TrimSuffix(strings.ReplaceAll(in, "\n", "\r\n"), "\r\n"),
		"tabs, spaces, blanks": "\n\n" + strings.ReplaceAll(in, " ", " \t ") + "\n\n",
	}
	for name, text := range variants {
		file := writeFile(t, "p.txt", text)
		for _, args := range [][]string{nil, {"solve", file}, {"solve", "-"}, {file}, {"solve", "-q", "--workers", "1", "-"}} {
			stdin := text
			if len(args) > 0 && args[len(args)-1] == file {
				stdin = ""
			}
			t.Run(name+"/"+strings.Join(args, " "), func(t *testing.T) {
				r := satdoku(t, stdin, args...)
				r.wantCode(t, ExitOK)
				if r.stdout != want {
					t.Fatalf("stdout differs from boj-sample.out:\n%q\nwant\n%q", r.stdout, want)
				}
				if r.stderr != "" {
					t.Errorf("unexpected stderr %q", r.stderr)
				}
			})
		}
	}
}

// TestOutputFormats checks that the output follows the input's format by
// default, that --output overrides it, and that every printed board is a
// verified solution of its puzzle.
func TestOutputFormats(t *testing.T) {
	t.Parallel()
	gridIn := sample("boj-sample.in")
	lineIn := sample("top1465-sample.txt")
	compactIn := filepath.Join("testdata", "p096-excerpt.txt")
	tests := []struct {
		name   string
		file   string
		args   []string
		format board.Format // of the boards printed
		titles []string     // titles printed before each board
	}{
		{name: "grid in, grid out", file: gridIn, format: board.Grid},
		{name: "line in, line out", file: lineIn, format: board.Line},
		{name: "compact in, compact out", file: compactIn, format: board.Compact, titles: []string{"Grid 01", "Grid 02", "Grid 03"}},
		{name: "grid in, --output line", file: gridIn, args: []string{"--output", "line"}, format: board.Line},
		{name: "line in, -o grid", file: lineIn, args: []string{"-o", "grid"}, format: board.Grid},
		{name: "compact in, -o line", file: compactIn, args: []string{"-o", "line"}, format: board.Line},
		{name: "line in, -o compact", file: lineIn, args: []string{"-o", "compact"}, format: board.Compact},
		{name: "compact in, -o grid", file: compactIn, args: []string{"-o", "grid"}, format: board.Grid, titles: []string{"Grid 01", "Grid 02", "Grid 03"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			puzzles := readPuzzles(t, tt.file)
			r := satdoku(t, "", append(append([]string{"solve"}, tt.args...), tt.file)...)
			r.wantCode(t, ExitOK)
			text := r.stdout
			for _, title := range tt.titles {
				if !strings.Contains(text, title+"\n") {
					t.Errorf("title %q missing from\n%s", title, clip(text))
				}
			}
			// Titles, read back as such, are not puzzles: the solutions
			// read back must be exactly as many as the puzzles.
			got := readPuzzlesFrom(t, strings.NewReader(text))
			if len(got) != len(puzzles) {
				t.Fatalf("%d boards out for %d puzzles:\n%s", len(got), len(puzzles), clip(text))
			}
			for i, g := range got {
				if g.Format != tt.format {
					t.Errorf("board %d printed as %v, want %v", i+1, g.Format, tt.format)
				}
				if err := board.Verify(puzzles[i].Board, g.Board); err != nil {
					t.Errorf("board %d: %v", i+1, err)
				}
				if tt.titles != nil && g.Title != tt.titles[i] {
					t.Errorf("board %d: title %q, want %q", i+1, g.Title, tt.titles[i])
				}
			}
			if tt.format == board.Grid || tt.format == board.Compact {
				// Multi-line boards are separated by one blank line;
				// there is no trailing space anywhere.
				if strings.Contains(text, " \n") || strings.Contains(text, "\n\n\n") || strings.HasSuffix(text, "\n\n") {
					t.Errorf("badly spaced output:\n%q", clip(text))
				}
			}
		})
	}
}

// jsonLine is what the tests read of one JSON Lines object.
type jsonLine struct {
	Index     *int     `json:"index"`
	File      string   `json:"file"`
	Line      int      `json:"line"`
	Status    string   `json:"status"`
	Solution  string   `json:"solution"`
	Error     string   `json:"error"`
	Engine    string   `json:"engine"`
	Fallback  *string  `json:"fallback"`
	Micros    *int64   `json:"micros"`
	Solutions *int     `json:"solutions"`
	Unique    *bool    `json:"unique"`
	Second    string   `json:"second"`
	Differ    []string `json:"differ"`
	Clashes   []struct {
		Cells   [2]int `json:"cells"`
		Digit   int    `json:"digit"`
		Unit    string `json:"unit"`
		Message string `json:"message"`
	} `json:"clashes"`
	Conflict      []string `json:"conflict"`
	ConflictCells []int    `json:"conflict_cells"`
	ConflictRules []int    `json:"conflict_rules"`
	Explanation   string   `json:"explanation"`
	Confirmed     *bool    `json:"confirmed"`
	Candidates    [][]int  `json:"candidates"`
	Summary       *struct {
		Read       int `json:"read"`
		Solved     int `json:"solved"`
		Unique     int `json:"unique"`
		Multiple   int `json:"multiple"`
		NoSolution int `json:"no_solution"`
		Invalid    int `json:"invalid"`
		Timeout    int `json:"timeout"`
		Undecided  int `json:"undecided"`
		Error      int `json:"error"`
		Fallback   int `json:"fallback"`
		Micros     int `json:"micros"`
	} `json:"summary"`
}

// parseJSONLines reads JSON Lines strictly: one object per line, the last
// one the summary.
func parseJSONLines(t testing.TB, out string) (results []jsonLine, summary jsonLine) {
	t.Helper()
	sc := bufio.NewScanner(strings.NewReader(out))
	var all []jsonLine
	for sc.Scan() {
		var j jsonLine
		dec := json.NewDecoder(strings.NewReader(sc.Text()))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&j); err != nil {
			t.Fatalf("line %d %q: %v", len(all)+1, sc.Text(), err)
		}
		all = append(all, j)
	}
	if len(all) == 0 || all[len(all)-1].Summary == nil {
		t.Fatalf("no final summary object in\n%s", clip(out))
	}
	for _, j := range all[:len(all)-1] {
		if j.Summary != nil || j.Index == nil {
			t.Fatalf("summary before the end, or a result without index, in\n%s", clip(out))
		}
	}
	return all[:len(all)-1], all[len(all)-1]
}

func TestJSONOutput(t *testing.T) {
	t.Parallel()
	top := samplePuzzles(t, "top1465-sample.txt")[:5]
	multi := samplePuzzles(t, "serg-multi-sample.txt")[:2]
	clash := top[0].Clone()
	clash.Cells[1] = firstGiven(clash, 0) // same digit twice in row 1
	good := readFile(t, sample("boj-sample.in"))
	input := lineFile(top[:2]) + "12345x\n" + lineFile([]*board.Board{clash}) + lineFile(multi)

	t.Run("plain", func(t *testing.T) {
		r := satdoku(t, input, "solve", "-o", "json", "-")
		r.wantCode(t, ExitInvalid)
		res, sum := parseJSONLines(t, r.stdout)
		if len(res) != 6 {
			t.Fatalf("%d results for 6 puzzles", len(res))
		}
		wantStatus := []string{"solved", "solved", "invalid", "no_solution", "solved", "solved"}
		wantLine := []int{1, 2, 3, 4, 5, 6}
		puzzles := []*board.Board{top[0], top[1], nil, clash, multi[0], multi[1]}
		for i, j := range res {
			if *j.Index != i+1 || j.Status != wantStatus[i] || j.Line != wantLine[i] {
				t.Errorf("result %d: index %d status %q line %d, want %d %q %d", i+1, *j.Index, j.Status, j.Line, i+1, wantStatus[i], wantLine[i])
			}
			if j.File != "" {
				t.Errorf("result %d: file %q for stdin", i+1, j.File)
			}
			if j.Fallback != nil {
				t.Errorf("result %d: fallback %q without a failure", i+1, *j.Fallback)
			}
			if j.Solutions != nil || j.Unique != nil || j.Second != "" || j.Conflict != nil {
				t.Errorf("result %d: counting or explaining fields without the flags: %+v", i+1, j)
			}
			switch j.Status {
			case "solved":
				verifyLine(t, i, puzzles[i], j.Solution)
				if (j.Engine != "sat" && j.Engine != "backtrack") || j.Micros == nil || j.Error != "" { // the portfolio's answer names its side
					t.Errorf("result %d: engine %q micros %v error %q", i+1, j.Engine, j.Micros, j.Error)
				}
			case "invalid":
				if j.Error == "" || !strings.Contains(j.Error, "line 3") || j.Solution != "" {
					t.Errorf("result %d: error %q, solution %q", i+1, j.Error, j.Solution)
				}
			case "no_solution":
				if j.Solution != "" || j.Micros == nil {
					t.Errorf("result %d: %+v", i+1, j)
				}
			}
		}
		s := sum.Summary
		if s.Read != 6 || s.Solved != 4 || s.Invalid != 1 || s.NoSolution != 1 {
			t.Errorf("summary %+v", *s)
		}
	})

	t.Run("unique show-second explain", func(t *testing.T) {
		file := writeFile(t, "in.txt", input)
		r := satdoku(t, "", "solve", "-o", "json", "--unique", "--show-second", "--explain", file)
		r.wantCode(t, ExitInvalid)
		res, sum := parseJSONLines(t, r.stdout)
		if len(res) != 6 {
			t.Fatalf("%d results for 6 puzzles", len(res))
		}
		for i, j := range res {
			if j.File != file {
				t.Errorf("result %d: file %q, want %q", i+1, j.File, file)
			}
		}
		for _, i := range []int{0, 1} {
			j := res[i]
			if j.Solutions == nil || *j.Solutions != 1 || j.Unique == nil || !*j.Unique || j.Second != "" {
				t.Errorf("result %d: want unique, got %+v", i+1, j)
			}
		}
		if j := res[3]; j.Status != "no_solution" || len(j.Clashes) == 0 && len(j.Conflict) == 0 {
			t.Errorf("clashing puzzle: want an explanation, got %+v", j)
		} else if c := j.Clashes[0]; c.Cells != [2]int{0, 1} || c.Unit != "row 1" || !strings.Contains(j.Explanation, c.Message) {
			t.Errorf("clashing puzzle: the clash of r1c1 and r1c2 in row 1, explained: %+v", j)
		}
		for _, i := range []int{4, 5} {
			j := res[i]
			if j.Solutions == nil || *j.Solutions != 2 || j.Unique == nil || *j.Unique {
				t.Errorf("result %d: want multiple, got %+v", i+1, j)
			}
			verifyLine(t, i, multi[i-4], j.Solution)
			verifyLine(t, i, multi[i-4], j.Second)
			checkDiffer(t, j.Solution, j.Second, j.Differ)
		}
		if s := sum.Summary; s.Unique != 2 || s.Multiple != 2 {
			t.Errorf("summary %+v", *s)
		}
	})

	t.Run("explain a minimal conflict", func(t *testing.T) {
		r := satdoku(t, noSolutionPuzzle+"\n", "solve", "-o", "json", "--explain", "-")
		r.wantCode(t, ExitNoSolution)
		res, _ := parseJSONLines(t, r.stdout)
		if len(res) != 1 || res[0].Status != "no_solution" || len(res[0].Conflict) == 0 || len(res[0].Clashes) != 0 {
			t.Fatalf("want a conflict and no clash: %+v", res)
		}
		checkConflict(t, noSolutionPuzzle, res[0].Conflict)
		if j := res[0]; len(j.ConflictCells) != len(j.Conflict) || !strings.Contains(j.Explanation, j.Conflict[0]) {
			t.Errorf("conflict_cells %v and explanation %q do not match the conflict %v", j.ConflictCells, j.Explanation, j.Conflict)
		}
	})

	t.Run("grid input", func(t *testing.T) {
		r := satdoku(t, good, "-o", "json")
		r.wantCode(t, ExitOK)
		res, _ := parseJSONLines(t, r.stdout)
		if len(res) != 1 || res[0].Line != 1 {
			t.Fatalf("%+v", res)
		}
		verifyLine(t, 0, mustParse(t, good), res[0].Solution)
	})
}

// TestPretty checks the box-drawing and ASCII borders around a verified
// solution.
func TestPretty(t *testing.T) {
	t.Parallel()
	in := sample("boj-sample.in")
	puzzle := readPuzzles(t, in)[0].Board
	for _, tt := range []struct {
		args          []string
		corner, wall  string
		forbiddenChar string
	}{
		{[]string{"--output", "pretty"}, "┌", "│", "|"},
		{[]string{"-o", "pretty", "--ascii"}, "+", "|", "│"},
		{[]string{"-o", "pretty", "--color", "never"}, "┌", "│", "\x1b"},
	} {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			r := satdoku(t, "", append(append([]string{"solve"}, tt.args...), in)...)
			r.wantCode(t, ExitOK)
			lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
			if len(lines) != 13 || !strings.HasPrefix(lines[0], tt.corner) {
				t.Fatalf("want 9 rows and 4 borders:\n%s", r.stdout)
			}
			if strings.Contains(r.stdout, tt.forbiddenChar) {
				t.Errorf("%q in\n%s", tt.forbiddenChar, r.stdout)
			}
			// Keep the digits of the 9 cell rows: they are the solution.
			var digits strings.Builder
			for _, l := range lines {
				if !strings.HasPrefix(l, tt.wall) {
					continue
				}
				for _, ch := range l {
					if ch >= '1' && ch <= '9' {
						digits.WriteRune(ch)
					}
				}
			}
			verifyLine(t, 0, puzzle, digits.String())
		})
	}
	t.Run("color always", func(t *testing.T) {
		r := satdoku(t, "", "solve", "-o", "pretty", "--color", "always", in)
		r.wantCode(t, ExitOK)
		if !strings.Contains(r.stdout, "\x1b[") {
			t.Errorf("no colour escapes in\n%q", r.stdout)
		}
	})
}

func mustParse(t testing.TB, s string) *board.Board {
	t.Helper()
	b, err := board.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// firstGiven returns the first given digit of row r.
func firstGiven(b *board.Board, r int) uint8 {
	for c := 0; c < b.Side(); c++ {
		if d := b.At(r, c); d != 0 {
			return uint8(d)
		}
	}
	panic("empty row")
}

// checkDiffer checks that differ names exactly the cells where the two
// line-format solutions differ.
func checkDiffer(t testing.TB, a, b string, differ []string) {
	t.Helper()
	var want []string
	for i := range a {
		if a[i] != b[i] {
			want = append(want, board.CellName(9, i))
		}
	}
	if len(want) == 0 || strings.Join(want, " ") != strings.Join(differ, " ") {
		t.Errorf("differ %v, want %v", differ, want)
	}
}

// TestRecords solves a CSV file in the shape of Kaggle's puzzle sets (a
// comment, a header line, then id,puzzle,solution,clues): one answer per
// record, in line format, each a valid completion of the record's puzzle
// field and equal to its solution field; JSON names each record's line.
func TestRecords(t *testing.T) {
	t.Parallel()
	in := sample("records-sample.csv")
	var puzzles, solutions []string
	for i, l := range strings.Split(strings.TrimSpace(readFile(t, in)), "\n") {
		if f := strings.Split(l, ","); i > 2 {
			puzzles, solutions = append(puzzles, f[1]), append(solutions, f[2])
		}
	}
	r := satdoku(t, "", "solve", in)
	r.wantCode(t, ExitOK)
	got := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
	if len(got) != len(puzzles) || len(puzzles) == 0 {
		t.Fatalf("%d answers for %d records:\n%s", len(got), len(puzzles), r.stdout)
	}
	for i, line := range got {
		verifyLine(t, i, mustParse(t, puzzles[i]), line)
		if line != solutions[i] {
			t.Errorf("record %d: %s, the file's solution is %s", i+1, line, solutions[i])
		}
	}
	js, _ := parseJSONLines(t, satdoku(t, "", "solve", "-o", "json", in).stdout)
	for i, j := range js {
		if j.Line != i+4 {
			t.Errorf("record %d: line %d, want %d", i+1, j.Line, i+4)
		}
	}
}

// TestArrayBoards solves boards written as arrays, as programs print them:
// LeetCode's board as JSON in a *.json file (not f-puzzles: it is an array)
// and on standard input, and a Python list over several lines, each
// answer a valid completion of the same puzzle.
func TestArrayBoards(t *testing.T) {
	t.Parallel()
	puzzle := mustParse(t, readFile(t, sample("boj-sample.in")))
	n := puzzle.Side()
	var js, py strings.Builder
	js.WriteString("[")
	py.WriteString("[\n")
	for r := 0; r < n; r++ {
		var q, p []string
		for c := 0; c < n; c++ {
			d := fmt.Sprint(puzzle.Cells[r*n+c])
			p = append(p, d)
			if d == "0" {
				d = "." // LeetCode's blank
			}
			q = append(q, `"`+d+`"`)
		}
		if r > 0 {
			js.WriteString(",")
		}
		js.WriteString("[" + strings.Join(q, ",") + "]")
		py.WriteString("  [" + strings.Join(p, ", ") + "],\n")
	}
	js.WriteString("]\n")
	py.WriteString("]\n")
	file := writeFile(t, "board.json", js.String())
	// The same JSON printed one value a line, as jq or json.dumps(indent=2)
	// print it: "[" over "[" tells it from the Python list's rows.
	var board [][]string
	if err := json.Unmarshal([]byte(js.String()), &board); err != nil {
		t.Fatal(err)
	}
	pretty, err := json.MarshalIndent(board, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	prettyFile := writeFile(t, "board.txt", string(pretty)+"\n")
	for _, tc := range []struct {
		name, stdin string
		args        []string
	}{
		{"LeetCode JSON file", "", []string{file}},
		{"LeetCode JSON on stdin", js.String(), []string{"-"}},
		{"LeetCode JSON pretty-printed on stdin", string(pretty), []string{"-"}},
		{"LeetCode JSON pretty-printed in a .txt file", "", []string{prettyFile}},
		{"Python list", py.String(), []string{"-"}},
	} {
		r := satdoku(t, tc.stdin, append([]string{"solve", "-o", "line"}, tc.args...)...)
		r.wantCode(t, ExitOK)
		verifyLine(t, 0, puzzle, strings.TrimSpace(r.stdout))
	}
}

// TestJSONArrays solves a *.json dataset, a JSON array of puzzles in the
// forms puzzle APIs write (objects with a "puzzle" beside its "solution",
// strings), element by element: a bad element is reported with its line
// and the others are still solved; broken JSON ends its file only.
func TestJSONArrays(t *testing.T) {
	t.Parallel()
	a := mustParse(t, readFile(t, sample("boj-sample.in")))
	b := mustParse(t, "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
	line := func(x *board.Board) string { return string(board.AppendLine(nil, x, board.Default)) }
	data := "[\n  {\n    \"id\": 1,\n    \"puzzle\": \"" + line(a) + "\",\n    \"solution\": \"" + strings.Repeat("1", 81) + "\"\n  },\n" +
		"  {\"puzzle\": \"12.4..1\"},\n  \"" + line(b) + "\"\n]\n"
	file := writeFile(t, "data.json", data)
	broken := writeFile(t, "broken.json", "[\n \""+line(b)+"\",\n {\"puzzle\": }\n]\n")
	r := satdoku(t, "", "solve", "-o", "line", file, broken)
	r.wantCode(t, ExitInvalid)
	verifyLines(t, []*board.Board{a, nil, b, b, nil}, r.stdout, map[int]string{1: "invalid", 4: "invalid"})
	for _, want := range []string{"data.json: line 7 (element 2): ", "broken.json: f-puzzles: line 3, column 13: invalid character '}'"} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("stderr %q lacks %q", r.stderr, want)
		}
	}
	r = satdoku(t, "", "solve", "-o", "json", file)
	js := jsonLines(t, r.stdout)
	if len(js) != 3 || js[0]["line"] != 2.0 || js[1]["line"] != 7.0 || js[2]["line"] != 8.0 {
		t.Errorf("lines of the elements: %v", js)
	}
}

// TestByteOrderMark solves inputs saved with a UTF-8 byte order mark, as
// some Windows editors save them: the classic exchange gives its exact
// output, and an f-puzzles document is told apart and solved as without
// the mark, whether its name ends in .json or not.
func TestByteOrderMark(t *testing.T) {
	t.Parallel()
	const bom = "\ufeff"
	classic := writeFile(t, "boj.in", bom+readFile(t, sample("boj-sample.in")))
	r := satdoku(t, "", "solve", classic)
	r.wantCode(t, ExitOK)
	if want := readFile(t, sample("boj-sample.out")); r.stdout != want {
		t.Errorf("with a byte order mark:\n%s\nwant\n%s", r.stdout, want)
	}
	killer := sample("variants/dclamage/killer-blister.json")
	want := satdoku(t, "", "solve", "-o", "line", killer).stdout
	for _, name := range []string{"killer.json", "killer.txt"} {
		r := satdoku(t, "", "solve", "-o", "line", writeFile(t, name, bom+readFile(t, killer)))
		r.wantCode(t, ExitOK)
		if r.stdout != want {
			t.Errorf("%s with a byte order mark: %q, want %q", name, r.stdout, want)
		}
	}
}

// TestUTF16 solves inputs saved as UTF-16 with a byte order mark (Windows
// PowerShell's '>' writes them so), little- and big-endian: the classic
// exchange gives its exact output, and an f-puzzles document is solved.
func TestUTF16(t *testing.T) {
	t.Parallel()
	encode := func(s string, big bool) string {
		var b strings.Builder
		for _, u := range utf16.Encode([]rune("\ufeff" + s)) {
			if big {
				b.WriteByte(byte(u >> 8))
				b.WriteByte(byte(u))
			} else {
				b.WriteByte(byte(u))
				b.WriteByte(byte(u >> 8))
			}
		}
		return b.String()
	}
	want := readFile(t, sample("boj-sample.out"))
	killer := sample("variants/dclamage/killer-blister.json")
	wantKiller := satdoku(t, "", "solve", "-o", "line", killer).stdout
	for _, big := range []bool{false, true} {
		in := encode(strings.ReplaceAll(readFile(t, sample("boj-sample.in")), "\n", "\r\n"), big)
		r := satdoku(t, "", "solve", writeFile(t, "boj.in", in))
		r.wantCode(t, ExitOK)
		if r.stdout != want {
			t.Errorf("big-endian %v:\n%s\nwant\n%s", big, r.stdout, want)
		}
		r = satdoku(t, in, "solve", "-") // standard input too
		r.wantCode(t, ExitOK)
		if r.stdout != want {
			t.Errorf("big-endian %v, standard input:\n%s\nwant\n%s", big, r.stdout, want)
		}
		r = satdoku(t, "", "solve", "-o", "line", writeFile(t, "killer.json", encode(readFile(t, killer), big)))
		r.wantCode(t, ExitOK)
		if r.stdout != wantKiller {
			t.Errorf("big-endian %v: f-puzzles %q, want %q", big, r.stdout, wantKiller)
		}
	}
}

// TestGzip solves gzip-compressed inputs, as puzzle collections are often
// shipped: the classic exchange byte for byte, a CSV file as its plain
// text solves, the same from standard input; a truncated stream is an
// input that could not be read (exit 1), not a crash.
func TestGzip(t *testing.T) {
	t.Parallel()
	gz := func(s string) string {
		var b bytes.Buffer
		w := gzip.NewWriter(&b)
		w.Write([]byte(s))
		w.Close()
		return b.String()
	}
	boj := gz(readFile(t, sample("boj-sample.in")))
	r := satdoku(t, "", "solve", writeFile(t, "boj.in.gz", boj))
	r.wantCode(t, ExitOK)
	if want := readFile(t, sample("boj-sample.out")); r.stdout != want {
		t.Errorf("gzip:\n%s\nwant\n%s", r.stdout, want)
	}
	csv := sample("records-sample.csv")
	want := satdoku(t, "", "solve", csv).stdout
	r = satdoku(t, gz(readFile(t, csv)), "solve", "-")
	r.wantCode(t, ExitOK)
	if r.stdout != want {
		t.Errorf("gzip CSV on standard input:\n%s\nwant\n%s", r.stdout, want)
	}
	r = satdoku(t, "", "solve", writeFile(t, "cut.gz", boj[:len(boj)/2]))
	r.wantCode(t, ExitError)
}

// TestZip solves the files of a zip archive given by name, each an input
// of its own (a directory left out, an f-puzzles file among them), as the
// plain files solve; a zip archive on standard input is a clear error.
func TestZip(t *testing.T) {
	t.Parallel()
	files := []struct{ name, from string }{
		{"set/boj.in", sample("boj-sample.in")},
		{"set/records.csv", sample("records-sample.csv")},
		{"set/killer.json", sample("variants/dclamage/killer-blister.json")},
	}
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	if _, err := zw.Create("set/"); err != nil {
		t.Fatal(err)
	}
	var want strings.Builder
	for _, f := range files {
		w, err := zw.Create(f.name)
		if err != nil {
			t.Fatal(err)
		}
		io.WriteString(w, readFile(t, f.from))
		r := satdoku(t, "", "solve", "-o", "line", f.from)
		r.wantCode(t, ExitOK)
		want.WriteString(r.stdout)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	archive := writeFile(t, "set.zip", b.String())
	r := satdoku(t, "", "solve", "-o", "line", archive)
	r.wantCode(t, ExitOK)
	if r.stdout != want.String() {
		t.Errorf("the archive:\n%s\nthe files:\n%s", r.stdout, want.String())
	}
	js, _ := parseJSONLines(t, satdoku(t, "", "solve", "-o", "json", archive).stdout)
	if len(js) == 0 || js[0].File != archive+"/set/boj.in" || js[len(js)-1].File != archive+"/set/killer.json" {
		t.Errorf("inputs named %q … %q", js[0].File, js[len(js)-1].File)
	}
	r = satdoku(t, b.String(), "solve", "-")
	r.wantCode(t, ExitError)
	if !strings.Contains(r.stderr, "zip archive") {
		t.Errorf("a zip archive on standard input: %v", r)
	}
	// bench measures each file of an archive of classic sets.
	b.Reset()
	zw = zip.NewWriter(&b)
	for _, name := range []string{"boj-sample.in", "top1465-sample.txt"} {
		w, _ := zw.Create(name)
		io.WriteString(w, readFile(t, sample(name)))
	}
	zw.Close()
	r = satdoku(t, "", "bench", "-e", "backtrack", "--limit", "3", writeFile(t, "sets.zip", b.String()))
	r.wantCode(t, ExitOK)
	if !strings.Contains(r.stdout, "boj-sample.in") || !strings.Contains(r.stdout, "top1465-sample.txt") {
		t.Errorf("bench of an archive:\n%s", r.stdout)
	}
}

func TestConflictHeading(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		givens, rules int
		want          string
	}{
		{7, 0, "these 7 givens admit no completion; without any one of them the rest can be completed:"},
		{6, 1, "these 6 givens and 1 rule admit no completion; without any one of them the rest can be completed:"},
		{0, 9, "these 9 rules admit no completion; without any one of them the rest can be completed:"},
		{0, 1, "this rule admits no completion on its own:"},
		{1, 0, "this given admits no completion on its own:"},
	} {
		if got := conflictHeading(tt.givens, tt.rules); got != tt.want {
			t.Errorf("conflictHeading(%d, %d) = %q, want %q", tt.givens, tt.rules, got, tt.want)
		}
	}
}
