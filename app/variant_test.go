package app

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/engine"
	"github.com/satdoku/satdoku/fpuzzles"
	inputpkg "github.com/satdoku/satdoku/input"
	"github.com/satdoku/satdoku/internal/race"
	"github.com/satdoku/satdoku/internal/testpuzzles"
	"github.com/satdoku/satdoku/variant"
)

// corpusPath returns the path of a puzzle of the variant corpus.
func corpusPath(name string) string { return testpuzzles.Path("testdata/variants/" + name) }

// loadCorpus reads a puzzle of the variant corpus; a missing file fails.
func loadCorpus(t testing.TB, name string) (*fpuzzles.Result, string) {
	t.Helper()
	data, err := os.ReadFile(corpusPath(name))
	if err != nil {
		t.Fatal(err)
	}
	res, err := fpuzzles.Decode(data)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return res, string(data)
}

// linkOf returns the f-puzzles link of a puzzle.
func linkOf(t testing.TB, p *variant.Puzzle) string {
	t.Helper()
	link, err := fpuzzles.URL(p, nil, fpuzzles.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return link
}

// gridOf reads a board written by solve (any text format) for puzzle p.
func gridOf(t testing.TB, p *variant.Puzzle, text string) *board.Board {
	t.Helper()
	rd := board.NewReader(strings.NewReader(text))
	rd.Shape = p.Givens.Shape
	got, err := rd.Read()
	if err != nil {
		t.Fatalf("reading the solution %q: %v", text, err)
	}
	return got.Board
}

// checkGrid fails the test unless grid is a solution of p.
func checkGrid(t testing.TB, what string, p *variant.Puzzle, grid *board.Board) {
	t.Helper()
	if err := variant.Check(p, grid); err != nil {
		t.Errorf("%s: not a solution: %v\n%v", what, err, grid)
	}
}

// jsonLines decodes the result lines of -o json (the summary left out).
func jsonLines(t testing.TB, out string) []map[string]any {
	t.Helper()
	var res []map[string]any
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("%q: %v", l, err)
		}
		if _, ok := m["summary"]; !ok {
			res = append(res, m)
		}
	}
	return res
}

// variantCorpus is the corpus subset the CLI tests solve: killer and
// little killer, thermometers and dots, a 6x6 with minima and maxima,
// palindromes with negative constraints and nonconsecutive, extra regions,
// XV, a 4x4, and irregular regions with thermometers.
var variantCorpus = []string{
	"dclamage/killer-blister.json",
	"dclamage/300-subs.json",
	"dclamage/6x6-extreme-killer.json",
	"dclamage/bird-in-a-storm.json",
	"sigh/windoku.json",
	"sigh/xv-sudoku.json",
	"dclamage/peak-sudoku.json",
	"dclamage/return-of-the-revenge-of-the-hash-the-mo.json",
}

// TestSolveVariantCorpus solves corpus puzzles given as f-puzzles files
// with the SAT engine and the backtracker: each answer is unique, keeps
// every rule, and the two engines agree.
func TestSolveVariantCorpus(t *testing.T) {
	t.Parallel()
	for _, name := range variantCorpus {
		res, _ := loadCorpus(t, name)
		sols := map[string]string{}
		for _, eng := range []string{"sat", "backtrack"} {
			r := satdoku(t, "", "solve", "-q", "-e", eng, "--unique", "-o", "json", corpusPath(name))
			r.wantCode(t, ExitOK)
			js := jsonLines(t, r.stdout)
			if len(js) != 1 || js[0]["status"] != "solved" || js[0]["unique"] != true {
				t.Fatalf("%s -e %s: %v", name, eng, r)
			}
			sol, _ := js[0]["solution"].(string)
			checkGrid(t, name+" -e "+eng, res.Puzzle, gridOf(t, res.Puzzle, sol))
			sols[eng] = sol
		}
		if sols["sat"] != sols["backtrack"] {
			t.Errorf("%s: the engines disagree:\n%s\n%s", name, sols["sat"], sols["backtrack"])
		}
	}
}

// TestSolveFPuzzlesForms reads one puzzle in every f-puzzles form: a JSON
// file, JSON on stdin, a file of links (with a comment), a bare payload on
// stdin, a SudokuPad link; with every engine that needs no other program.
func TestSolveFPuzzlesForms(t *testing.T) {
	t.Parallel()
	res, data := loadCorpus(t, "dclamage/6x6-extreme-killer.json")
	link := linkOf(t, res.Puzzle)
	payload := strings.TrimPrefix(link, fpuzzles.LinkPrefix)
	links := writeFile(t, "links.txt", "# two links, one a line\n"+link+"\n\nhttps://sudokupad.app/fpuzzles"+payload+"\n")
	noExt := writeFile(t, "killer", data) // JSON told by its content
	tests := []struct {
		name, stdin string
		args        []string
		puzzles     int
	}{
		{"json file", "", []string{corpusPath("dclamage/6x6-extreme-killer.json")}, 1},
		{"json without .json", "", []string{noExt}, 1},
		{"json on stdin", data, nil, 1},
		{"links file", "", []string{links}, 2},
		{"payload on stdin", payload + "\n", nil, 1},
		{"link on stdin, -e both", link, []string{"-e", "both"}, 1},
		{"json file, -e backtrack", "", []string{"-e", "backtrack", corpusPath("dclamage/6x6-extreme-killer.json")}, 1},
	}
	if _, err := exec.LookPath("cadical"); err == nil {
		tests = append(tests, struct {
			name, stdin string
			args        []string
			puzzles     int
		}{"link on stdin, -e external", link, []string{"--sat-cmd", "cadical -q", "--unique"}, 1})
	} else {
		t.Log("-e external skipped: cadical is not installed (Debian package cadical)")
	}
	for _, tc := range tests {
		r := satdoku(t, tc.stdin, append([]string{"solve", "-q", "-o", "line"}, tc.args...)...)
		r.wantCode(t, ExitOK)
		lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
		if strings.HasPrefix(lines[0], "# ") { // --unique
			if lines[0] != "# 1 solution (unique)" {
				t.Errorf("%s: %v", tc.name, r)
			}
			lines = lines[1:]
		}
		if len(lines) != tc.puzzles {
			t.Errorf("%s: %d results, want %d: %v", tc.name, len(lines), tc.puzzles, r)
		}
		for _, l := range lines {
			checkGrid(t, tc.name, res.Puzzle, gridOf(t, res.Puzzle, l))
		}
	}
}

// TestSolveVariantBatch mixes classic and f-puzzles files, with a broken
// f-puzzles file in the middle: it is reported in its place, naming the
// file and the constraint, and the rest are solved.
func TestSolveVariantBatch(t *testing.T) {
	t.Parallel()
	res, data := loadCorpus(t, "dclamage/6x6-extreme-killer.json")
	unknown := writeFile(t, "unknown.json", strings.Replace(data, `"killercage":`, `"frobnicate":[{"cells":["R1C1"]}],"killercage":`, 1))
	broken := writeFile(t, "broken.json", data[:len(data)/2])
	classic := sample("boj-sample.in")
	good := corpusPath("dclamage/6x6-extreme-killer.json")
	link := writeFile(t, "link.txt", linkOf(t, res.Puzzle)+"\n")
	want := readPuzzles(t, classic)[0].Board
	for _, workers := range []string{"1", "2"} {
		r := satdoku(t, "", "solve", "-j", workers, "-o", "line", classic, good, unknown, link, broken, good)
		r.wantCode(t, ExitInvalid)
		lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
		if len(lines) != 6 || lines[2] != "invalid" || lines[4] != "invalid" {
			t.Fatalf("-j %s: %v", workers, r)
		}
		verifyLine(t, 0, want, lines[0])
		for _, i := range []int{1, 3, 5} {
			checkGrid(t, fmt.Sprintf("-j %s line %d", workers, i+1), res.Puzzle, gridOf(t, res.Puzzle, lines[i]))
		}
		for _, wantErr := range []string{"puzzle 3: " + unknown + ": f-puzzles: constraint \"frobnicate\"", "puzzle 5: " + broken + ": f-puzzles"} {
			if !strings.Contains(r.stderr, wantErr) {
				t.Errorf("-j %s: stderr lacks %q: %v", workers, wantErr, r)
			}
		}
	}
	r := satdoku(t, "", "solve", "-o", "json", good, unknown)
	r.wantCode(t, ExitInvalid)
	js := jsonLines(t, r.stdout)
	if len(js) != 2 || js[1]["status"] != "invalid" || !strings.Contains(fmt.Sprint(js[1]["error"]), `"frobnicate"`) {
		t.Errorf("JSON: %v", r)
	}
}

// openKiller is the 6x6 killer of the corpus with its cage sums removed:
// a puzzle with many solutions.
func openKiller(t testing.TB) (*variant.Puzzle, string) {
	t.Helper()
	_, data := loadCorpus(t, "dclamage/6x6-extreme-killer.json")
	open := regexp.MustCompile(`"value":"\d+"`).ReplaceAllString(data, `"value":""`)
	res, err := fpuzzles.Decode([]byte(open))
	if err != nil {
		t.Fatal(err)
	}
	return res.Puzzle, open
}

// TestSolveVariantCount counts the solutions of a variant puzzle with many
// and prints two of them with --show-second, both checked.
func TestSolveVariantCount(t *testing.T) {
	t.Parallel()
	p, open := openKiller(t)
	r := satdoku(t, open, "solve", "--unique", "--show-second")
	r.wantCode(t, ExitOK)
	if !strings.HasPrefix(r.stdout, "# 2+ solutions (multiple)\n") || !strings.Contains(r.stdout, "# second solution, differs at") {
		t.Fatalf("%v", r)
	}
	first, second, _ := strings.Cut(r.stdout, "# second solution")
	_, second, _ = strings.Cut(second, "\n")
	a, b := gridOf(t, p, first), gridOf(t, p, second)
	checkGrid(t, "first", p, a)
	checkGrid(t, "second", p, b)
	if a.Equal(b) {
		t.Errorf("the second solution is the first")
	}
	for _, eng := range []string{"sat", "backtrack", "both"} {
		r = satdoku(t, open, "solve", "-e", eng, "--count", "3", "-o", "json")
		js := jsonLines(t, r.stdout)
		if r.code != 0 || len(js) != 1 || js[0]["solutions"] != 3.0 {
			t.Errorf("-e %s --count 3: %v", eng, r)
		}
	}
}

// brokenKiller is the 6x6 killer of the corpus with one more cage, of two
// cells summing to 2, which no two different digits do: no solution.
func brokenKiller(t testing.TB) (*variant.Puzzle, string) {
	t.Helper()
	_, data := loadCorpus(t, "dclamage/6x6-extreme-killer.json")
	broken := strings.Replace(data, `"killercage":[`, `"killercage":[{"cells":["R1C1","R1C2"],"value":"2"},`, 1)
	res, err := fpuzzles.Decode([]byte(broken))
	if err != nil {
		t.Fatal(err)
	}
	return res.Puzzle, broken
}

// checkRuleConflict checks that the names of an explanation (rules only,
// as the puzzles here have no givens) are rules of p that together admit
// no completion, and that without any one of them the rest do.
func checkRuleConflict(t testing.TB, p *variant.Puzzle, names []string) {
	t.Helper()
	var rules []variant.Rule
	for _, name := range names {
		found := false
		for _, rule := range p.Rules {
			if rule.Describe(p.Side()) == name {
				rules, found = append(rules, rule), true
				break
			}
		}
		if !found {
			t.Fatalf("%q names no rule of the puzzle", name)
		}
	}
	eng, err := engine.New(engine.Options{Kind: engine.Backtrack})
	if err != nil {
		t.Fatal(err)
	}
	only := &variant.Puzzle{Givens: p.Givens, Regions: p.Regions, Rules: rules}
	if res := eng.SolvePuzzle(context.Background(), only); res.Status != engine.NoSolution {
		t.Fatalf("the rules %q alone: %v, want no solution", names, res.Status)
	}
	for i := range rules {
		less := &variant.Puzzle{Givens: p.Givens, Regions: p.Regions, Rules: append(append([]variant.Rule{}, rules[:i]...), rules[i+1:]...)}
		if res := eng.SolvePuzzle(context.Background(), less); res.Status != engine.Solved {
			t.Errorf("without %q the rest still has no solution: not minimal", names[i])
		}
	}
}

// TestSolveVariantExplain explains a variant puzzle with no solution: the
// minimal rules by name, in text and in JSON (with "confirmed").
func TestSolveVariantExplain(t *testing.T) {
	t.Parallel()
	p, broken := brokenKiller(t)
	r := satdoku(t, broken, "solve", "--explain")
	r.wantCode(t, ExitNoSolution)
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	if lines[0] != "no solution" || lines[1] != "# this rule admits no completion on its own:" {
		t.Fatalf("%v", r)
	}
	var names []string
	for _, l := range lines[2:] {
		names = append(names, strings.TrimPrefix(l, "# "))
	}
	if !strings.Contains(r.stdout, "# killer cage r1c1 r1c2 sums to 2\n") {
		t.Errorf("the impossible cage is not named: %v", r)
	}
	checkRuleConflict(t, p, names)

	for _, eng := range []string{"sat", "backtrack"} {
		r = satdoku(t, broken, "solve", "--explain", "-o", "json", "-e", eng)
		r.wantCode(t, ExitNoSolution)
		js := jsonLines(t, r.stdout)
		var conflict []string
		for _, c := range js[0]["conflict"].([]any) {
			conflict = append(conflict, c.(string))
		}
		checkRuleConflict(t, p, conflict)
		// The SAT engine's answer is confirmed by the backtracker; the
		// backtracker's own is not confirmed by another engine.
		if want := eng == "sat"; js[0]["status"] != "no_solution" || js[0]["confirmed"] != want {
			t.Errorf("-e %s: %v", eng, js[0])
		}
	}
}

// TestSolveCandidates checks --candidates against the definition: a digit
// is a candidate of a cell exactly when some solution puts it there
// (asked of the backtracker with the digit as a given), in text and JSON.
func TestSolveCandidates(t *testing.T) {
	t.Parallel()
	four := writeFile(t, "four.txt", "0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 1\n")
	diag, err := variant.ParseRules("diagonals", board.Shape{BoxRows: 2, BoxCols: 2})
	if err != nil {
		t.Fatal(err)
	}
	fourBoard := readPuzzles(t, four)[0].Board
	killer, open := openKiller(t)
	tests := []struct {
		name  string
		p     *variant.Puzzle
		stdin string
		args  []string
	}{
		{"4x4 with --rules diagonals", &variant.Puzzle{Givens: fourBoard, Rules: diag}, "", []string{"--rules", "diagonals", four}},
		{"6x6 killer without sums", killer, open, nil},
	}
	eng, err := engine.New(engine.Options{Kind: engine.Backtrack})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range tests {
		n := tc.p.Side()
		want := make([][]int, n*n)
		for c := range want {
			for d := 1; d <= n; d++ {
				if g := tc.p.Givens.Cells[c]; g != 0 && int(g) != d {
					continue
				}
				q := *tc.p
				q.Givens = tc.p.Givens.Clone()
				q.Givens.Cells[c] = uint8(d)
				if eng.SolvePuzzle(context.Background(), &q).Status == engine.Solved {
					want[c] = append(want[c], d)
				}
			}
		}
		// Every engine, and in worker processes (--timeout).
		for _, extra := range [][]string{nil, {"-e", "backtrack"}, {"-e", "both"}, {"--timeout", "1m"}} {
			r := satdoku(t, tc.stdin, append(append([]string{"solve", "--candidates", "-o", "json"}, extra...), tc.args...)...)
			r.wantCode(t, ExitOK)
			js := jsonLines(t, r.stdout)
			got, _ := json.Marshal(js[0]["candidates"])
			if w, _ := json.Marshal(want); string(got) != string(w) {
				t.Errorf("%s %v: candidates\n%s, want\n%s", tc.name, extra, got, w)
			}
		}
		r := satdoku(t, tc.stdin, append([]string{"solve", "--candidates"}, tc.args...)...)
		r.wantCode(t, ExitOK)
		lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
		if len(lines) != n+1 || !strings.HasPrefix(lines[0], "# true candidates: ") {
			t.Fatalf("%s: %v", tc.name, r)
		}
		for row, l := range lines[1:] {
			for col, set := range strings.Fields(l) {
				var w strings.Builder
				for _, d := range want[row*n+col] {
					fmt.Fprint(&w, d)
				}
				if set != w.String() {
					t.Errorf("%s: r%dc%d: %q, want %q", tc.name, row+1, col+1, set, w.String())
				}
			}
		}
	}
	// As a picture: in the 65 cells left open (16 givens), pencil marks,
	// or a digit in the solved style where one candidate is left; no
	// solution drawn.
	r := satdoku(t, "", "solve", "-o", "svg", "--candidates", "--rules", "antiknight", sample("antiknight-open.txt"))
	if c := svgClasses(t, r.stdout); r.code != 0 || c["digit solved single"] == 0 || c["candidate"] < 2*(81-16-c["digit solved single"]) || c["digit solved"] != 0 {
		t.Errorf("-o svg --candidates: %v\n%v", c, r)
	}
	// No solution: no candidates, "no solution" as ever.
	_, broken := brokenKiller(t)
	r = satdoku(t, broken, "solve", "--candidates")
	r.wantCode(t, ExitNoSolution)
	if r.stdout != "no solution\n" {
		t.Errorf("%v", r)
	}
}

// TestCandidatesTimeout checks that --timeout bounds the solve and the
// true candidates together: Hard renban 2 solves in a few hundred
// milliseconds and its candidates take seconds more (the proof that
// nothing else fits), which a worker process killed at the deadline cuts
// short. The answer is a timeout, or the candidates on a machine fast
// enough to find them in time.
func TestCandidatesTimeout(t *testing.T) {
	t.Parallel()
	r := satdokuWithin(t, "solve", "--candidates", "-o", "json", corpusPath("sigh/hard-renban-2.json"))
	js := jsonLines(t, r.stdout)
	switch {
	case len(js) != 1:
		t.Fatalf("%v", r)
	case js[0]["status"] == "timeout":
		r.wantCode(t, ExitTimeout)
	case js[0]["status"] != "solved" || js[0]["candidates"] == nil:
		t.Fatalf("neither a timeout nor the candidates: %v", r)
	}
}

// TestRenderTimeout: render's --timeout bounds the solve and the true
// candidates as solve's does. It used to check the deadline only between
// two SAT calls in this process, so that hard renban 2's candidates (a
// 5 s proof) ran to the end and were drawn past the deadline. A timeout
// draws the puzzle alone and says what was not found.
func TestRenderTimeout(t *testing.T) {
	t.Parallel()
	r := satdokuWithin(t, "render", "--candidates", corpusPath("sigh/hard-renban-2.json"))
	c := svgClasses(t, r.stdout)
	switch {
	case c["renban line"] != 18:
		t.Fatalf("no picture of the puzzle: %v\n%v", c, r)
	case r.code == ExitTimeout:
		if c["candidate"] != 0 || !strings.Contains(r.stderr, "true candidates") {
			t.Errorf("a timeout draws the puzzle and says what was not found: %v\n%v", c, r)
		}
	case r.code != ExitOK || c["candidate"] < 81:
		t.Errorf("neither a timeout nor the candidates: %v\n%v", c, r)
	}
}

// satdokuWithin runs satdoku with args and --timeout 500ms, and fails the
// test if that takes more than a few seconds more: starting a worker
// process counts too, and under the race detector it is slower, and so
// are the candidates (tens of seconds).
func satdokuWithin(t *testing.T, args ...string) run {
	t.Helper()
	const timeout = 500 * time.Millisecond
	limit := timeout + 3*time.Second
	if race.Enabled {
		limit = timeout + 10*time.Second
	}
	start := time.Now()
	r := satdoku(t, "", append([]string{args[0], "--timeout", timeout.String()}, args[1:]...)...)
	if took := time.Since(start); took > limit {
		t.Errorf("%s --timeout %v took %v", args[0], timeout, took)
	}
	return r
}

// TestSolveRulesRegions gives the rules and regions of corpus puzzles on
// the command line to their givens written as classic text.
func TestSolveRulesRegions(t *testing.T) {
	t.Parallel()
	// Anti-knight: the puzzle's givens as a line, the rule by --rules.
	res, _ := loadCorpus(t, "sigh/anti-knights-move.json")
	line := writeFile(t, "antiknight.txt", string(board.AppendLine(nil, res.Puzzle.Givens, board.Default))+"\n")
	for _, eng := range []string{"sat", "backtrack", "both"} {
		r := satdoku(t, "", "solve", "-e", eng, "--unique", "-o", "line", "--rules", "anti-knight", line)
		r.wantCode(t, ExitOK)
		body := strings.Split(strings.TrimSpace(r.stdout), "\n")
		checkGrid(t, "--rules antiknight -e "+eng, res.Puzzle, gridOf(t, res.Puzzle, body[len(body)-1]))
	}
	// Jigsaw: a corpus puzzle's regions as a grid of letters, and givens
	// from its solution with every other cell blank.
	res, _ = loadCorpus(t, "dclamage/return-of-the-revenge-of-the-hash-the-mo.json")
	n := res.Puzzle.Side()
	var labels strings.Builder
	for i, l := range res.Puzzle.RegionLabels() {
		labels.WriteByte(byte('A' + l))
		if i%n == n-1 {
			labels.WriteByte('\n')
		}
	}
	regions := writeFile(t, "regions.txt", "# the regions of a jigsaw\n"+labels.String())
	givens := solveCorpus(t, "dclamage/return-of-the-revenge-of-the-hash-the-mo.json")
	for i := range givens.Cells {
		if i%2 == 1 {
			givens.Cells[i] = 0
		}
	}
	jigsaw := &variant.Puzzle{Givens: givens, Regions: res.Puzzle.Regions}
	in := writeFile(t, "jigsaw.txt", givens.String())
	r := satdoku(t, "", "solve", "-o", "line", "--regions", regions, in)
	r.wantCode(t, ExitOK)
	checkGrid(t, "--regions", jigsaw, gridOf(t, jigsaw, r.stdout))
	// The same regions saved with a UTF-8 byte order mark.
	bomRegions := writeFile(t, "regions-bom.txt", "\ufeff"+readFile(t, regions))
	if r2 := satdoku(t, "", "solve", "-o", "line", "--regions", bomRegions, in); r2.stdout != r.stdout {
		t.Errorf("--regions with a byte order mark: %v", r2)
	}
	blanks := 0
	for _, d := range givens.Cells {
		if d == 0 {
			blanks++
		}
	}
	r = satdoku(t, "", "render", "--regions", regions, in)
	if c := svgClasses(t, r.stdout); r.code != 0 || c["digit solved"] != blanks {
		t.Errorf("render --regions: %v\n%v", c, r)
	}

	// Mistakes: an unknown rule is a usage error naming it; regions of
	// the wrong size make each puzzle invalid, naming the file.
	r = satdoku(t, "", "solve", "--rules", "diagonals,frobnicate", in)
	if r.code != ExitUsage || !strings.Contains(r.stderr, "frobnicate") {
		t.Errorf("unknown rule: %v", r)
	}
	r = satdoku(t, "", "solve", "--regions", regions, sample("6x6-box2x3.txt"), "--box", "2x3")
	if r.code != ExitInvalid || !strings.Contains(r.stderr, "--regions "+regions) {
		t.Errorf("regions of another size: %v", r)
	}
}

// TestSolveFPuzzlesOutput writes solutions as f-puzzles JSON and links
// that read back as the puzzle with a solution that keeps every rule.
func TestSolveFPuzzlesOutput(t *testing.T) {
	t.Parallel()
	res, data := loadCorpus(t, "dclamage/killer-blister.json")
	classic := sample("boj-sample.in")
	classicP := classicVariant(readPuzzles(t, classic)[0].Board)
	r := satdoku(t, data, "solve", "-o", "fpuzzles", "-", classic)
	r.wantCode(t, ExitOK)
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	if len(lines) != 2 {
		t.Fatalf("%v", r)
	}
	for i, p := range []*variant.Puzzle{res.Puzzle, classicP} {
		back, err := fpuzzles.Decode([]byte(lines[i]))
		if err != nil || back.Solution == nil {
			t.Fatalf("line %d: %v, %v", i+1, err, back)
		}
		checkGrid(t, "-o fpuzzles", p, back.Solution)
		checkGrid(t, "-o fpuzzles, read back", back.Puzzle, back.Solution)
	}
	// The batch reads back as it is, one document a line (JSON Lines),
	// and solves to the same grids.
	again := satdoku(t, r.stdout, "solve", "-o", "fpuzzles")
	again.wantCode(t, ExitOK)
	if again.stdout != r.stdout {
		t.Errorf("-o fpuzzles read back and solved again:\n%s\nwant\n%s", again.stdout, r.stdout)
	}
	r = satdoku(t, data, "solve", "-o", "fpuzzles-url")
	r.wantCode(t, ExitOK)
	back, err := inputpkg.Load(r.stdout)
	if err != nil || back.Solution == nil || !strings.HasPrefix(r.stdout, fpuzzles.LinkPrefix) {
		t.Fatalf("%v: %v", r, err)
	}
	checkGrid(t, "-o fpuzzles-url", res.Puzzle, back.Solution)
	_, broken := brokenKiller(t)
	if r := satdoku(t, broken, "solve", "-o", "fpuzzles"); r.code != ExitNoSolution || r.stdout != "no solution\n" {
		t.Errorf("no solution: %v", r)
	}
}

// TestSolveFPuzzlesNotes notes what a file draws but does not solve with,
// unless --quiet; it is no error.
func TestSolveFPuzzlesNotes(t *testing.T) {
	t.Parallel()
	_, data := loadCorpus(t, "dclamage/6x6-extreme-killer.json")
	drawn := strings.Replace(data, `"killercage":`, `"line":[{"lines":[["R1C1","R2C2"]],"outlineC":"#000","width":0.1}],"killercage":`, 1)
	r := satdoku(t, drawn, "solve")
	r.wantCode(t, ExitOK)
	if !strings.Contains(r.stderr, "note: not solved with: line (1): drawing only") {
		t.Errorf("%v", r)
	}
	if r := satdoku(t, drawn, "solve", "-q"); r.code != 0 || r.stderr != "" {
		t.Errorf("-q: %v", r)
	}
	// In a batch the notes come in input order, among the errors.
	a, bad, b := writeFile(t, "a.json", drawn), writeFile(t, "bad.json", "{"), writeFile(t, "b.json", drawn)
	r = satdoku(t, "", "solve", "-j", "2", "-o", "line", a, bad, b)
	r.wantCode(t, ExitInvalid)
	lines := strings.Split(strings.TrimSpace(r.stderr), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[0], "satdoku: "+a+": note") || !strings.Contains(lines[1], bad) || !strings.HasPrefix(lines[2], "satdoku: "+b+": note") {
		t.Errorf("notes out of order: %v", r)
	}
	if r := satdoku(t, data, "solve", "--rules", "antiknight"); r.code != 0 || !strings.Contains(r.stderr, "--rules and --regions are for classic puzzles") {
		t.Errorf("--rules with f-puzzles input: %v", r)
	}
}

// TestEncodeDecodeVariant writes a variant puzzle as DIMACS and OPB, and
// reads answers back: a model of its solution, a model breaking a rule,
// UNSATISFIABLE; and, where CaDiCaL is installed, a real solver's answer.
func TestEncodeDecodeVariant(t *testing.T) {
	t.Parallel()
	res, data := loadCorpus(t, "dclamage/6x6-extreme-killer.json")
	puzzle := writeFile(t, "killer.json", data)
	cnf := satdoku(t, "", "encode", puzzle)
	cnf.wantCode(t, ExitOK)
	if !regexp.MustCompile(`(?m)^p cnf \d+ \d+$`).MatchString(cnf.stdout) {
		t.Errorf("no DIMACS header: %.500s", cnf.stdout)
	}
	opb := satdoku(t, "", "encode", "--format", "opb", puzzle)
	opb.wantCode(t, ExitOK)
	if !strings.HasPrefix(opb.stdout, "* #variable= ") || !strings.Contains(opb.stdout, " >= ") && !strings.Contains(opb.stdout, " = ") {
		t.Errorf("not OPB: %.500s", opb.stdout)
	}
	if r := satdoku(t, "", "encode", "--format", "xml", puzzle); r.code != ExitUsage {
		t.Errorf("--format xml: %v", r)
	}
	// A file of links, one formula each; the broken link keeps its number.
	link := linkOf(t, res.Puzzle)
	links := writeFile(t, "links.txt", link+"\n"+link[:len(link)/2]+"\n"+link+"\n")
	dir := filepath.Join(t.TempDir(), "opb")
	r := satdoku(t, "", "encode", "--format", "opb", "--out", dir, links)
	if r.code != ExitInvalid || !strings.Contains(r.stderr, links+": line 2: f-puzzles") {
		t.Errorf("encode --out: %v", r)
	}
	for _, name := range []string{"000001.opb", "000003.opb"} {
		if data := readFile(t, filepath.Join(dir, name)); !strings.HasPrefix(data, "* #variable= ") {
			t.Errorf("%s: %.100s", name, data)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "000002.opb")); err == nil {
		t.Errorf("a formula for the broken link")
	}
	n := res.Puzzle.Side()
	solution := solveCorpus(t, "dclamage/6x6-extreme-killer.json")
	model := func(b *board.Board, opbStyle bool) string {
		var sb strings.Builder
		sb.WriteString("s SATISFIABLE\nv")
		for c, d := range b.Cells {
			for k := 1; k <= n; k++ {
				v := encode.CellVar(n, c, k)
				if int(d) != k {
					v = -v
				}
				if opbStyle {
					if v < 0 {
						fmt.Fprintf(&sb, " -x%d", -v)
					} else {
						fmt.Fprintf(&sb, " x%d", v)
					}
				} else {
					fmt.Fprintf(&sb, " %d", v)
				}
			}
		}
		if !opbStyle {
			sb.WriteString(" 0")
		}
		return sb.String() + "\n"
	}
	for _, style := range []bool{false, true} {
		r := satdoku(t, model(solution, style), "decode", "--puzzle", puzzle, "-o", "line")
		r.wantCode(t, ExitOK)
		checkGrid(t, "decode", res.Puzzle, gridOf(t, res.Puzzle, r.stdout))
	}
	// 1 and 2 swapped keep rows, columns and boxes, not the cage sums.
	bad := solution.Clone()
	for i, d := range bad.Cells {
		switch d {
		case 1:
			bad.Cells[i] = 2
		case 2:
			bad.Cells[i] = 1
		}
	}
	if r := satdoku(t, model(bad, false), "decode", "--puzzle", puzzle); r.code != ExitFailed || !strings.Contains(r.stderr, "killer cage") {
		t.Errorf("a model breaking a cage: %v", r)
	}
	if r := satdoku(t, "s UNSATISFIABLE\n", "decode", "--puzzle", puzzle); r.code != ExitNoSolution || r.stdout != "no solution\n" {
		t.Errorf("UNSATISFIABLE: %v", r)
	}
	// --rules on decode: the classic puzzle encoded with them.
	line := writeFile(t, "antiknight.txt", string(board.AppendLine(nil, mustLoad(t, "sigh/anti-knights-move.json").Givens, board.Default))+"\n")
	if _, err := exec.LookPath("cadical"); err != nil {
		t.Logf("the rest skipped: cadical is not installed (Debian package cadical)")
		return
	}
	for _, tc := range []struct {
		p    *variant.Puzzle
		args []string
	}{
		{res.Puzzle, []string{puzzle}},
		{mustLoad(t, "sigh/anti-knights-move.json"), []string{"--rules", "antiknight", line}},
	} {
		enc := satdoku(t, "", append([]string{"encode"}, tc.args...)...)
		enc.wantCode(t, ExitOK)
		cmd := exec.Command("cadical", "-q")
		cmd.Stdin = strings.NewReader(enc.stdout)
		out, _ := cmd.Output() // exit 10: satisfiable
		args := append([]string{"decode", "-o", "line", "--puzzle", tc.args[len(tc.args)-1]}, tc.args[:len(tc.args)-1]...)
		r := satdoku(t, string(out), args...)
		r.wantCode(t, ExitOK)
		checkGrid(t, "cadical", tc.p, gridOf(t, tc.p, r.stdout))
	}
}

// solveCorpus returns the solution of a corpus puzzle, as solve finds it
// and checked.
func solveCorpus(t testing.TB, name string) *board.Board {
	t.Helper()
	p := mustLoad(t, name)
	r := satdoku(t, "", "solve", "-o", "line", corpusPath(name))
	r.wantCode(t, ExitOK)
	sol := gridOf(t, p, r.stdout)
	checkGrid(t, name, p, sol)
	return sol
}

// mustLoad returns a corpus puzzle.
func mustLoad(t testing.TB, name string) *variant.Puzzle {
	res, _ := loadCorpus(t, name)
	return res.Puzzle
}

// FuzzInputs feeds any text to solve's input reader, as a file of any
// content: it tells f-puzzles input from text and reads every puzzle or
// error without panicking, and each puzzle it returns is well formed.
func FuzzInputs(f *testing.F) {
	_, data := loadCorpus(f, "dclamage/6x6-extreme-killer.json")
	res, _ := loadCorpus(f, "dclamage/peak-sudoku.json")
	link := linkOf(f, res.Puzzle)
	for _, seed := range []string{data, link, "# c\n" + link + "\n" + link, strings.TrimPrefix(link, fpuzzles.LinkPrefix),
		"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n",
		"{", "{}", "\n\n# x\n{\"size\":4}", "N4Ig", "load=+/=", "1 2\n3 4\n",
		".---.\n| 12 2 | 34 4 |\n3 4 12 12\n2 1 34 34\n4 3 2 1\n12 3\n",
		"# k\nS<J<<O<<KJ^<<^<^>^^<N<<<J^Q^S^O>>^^^>^W^<<^>^^O^<<^T^J^^^>>>^>^>^ML<S<<^^>^<^<<^<\n3<" + strings.Repeat("0", 79) + "\n"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		s := &streams{stdin: strings.NewReader(text), stdout: io.Discard, stderr: io.Discard}
		src := newInputs(s, nil, input{}, &progress{})
		src.notes = io.Discard
		br := bufio.NewReader(strings.NewReader(text))
		inputpkg.NewReader(br, "stdin", inputpkg.Options{}) // must not block or panic on any input
		for i := 0; i <= len(text)+1; i++ {
			p, v, err := src.ReadVariant()
			if err == io.EOF {
				return
			}
			if err != nil {
				continue
			}
			if v != nil && v.Givens != p.Board {
				t.Fatalf("the variant's givens are not the puzzle's board")
			}
		}
		t.Fatalf("more puzzles than bytes in %d bytes", len(text))
	})
}

// TestSolveLinksStream: links piped in one at a time are answered one at a
// time, before the input ends, as classic puzzles are.
func TestSolveLinksStream(t *testing.T) {
	t.Parallel()
	p := mustLoad(t, "dclamage/peak-sudoku.json")
	link := linkOf(t, p)
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan int, 1)
	go func() {
		done <- runApp(&streams{stdin: inR, stdout: outW, stderr: io.Discard}, []string{"satdoku", "solve", "-q", "-j", "1", "-o", "line"})
		outW.Close()
	}()
	lines := bufio.NewReader(outR)
	for i := 0; i < 3; i++ {
		if _, err := io.WriteString(inW, link+"\n"); err != nil {
			t.Fatal(err)
		}
		l, err := lines.ReadString('\n') // before the next link is written
		if err != nil {
			t.Fatalf("link %d: %v", i+1, err)
		}
		checkGrid(t, fmt.Sprintf("link %d", i+1), p, gridOf(t, p, l))
	}
	inW.Close()
	if rest, _ := io.ReadAll(lines); len(rest) != 0 {
		t.Errorf("more output: %q", rest)
	}
	if code := <-done; code != 0 {
		t.Errorf("exit %d", code)
	}
}

// TestPrettyJigsaw checks that pretty output of an irregular puzzle draws
// its regions, not boxes: a bar between two cells of a row exactly where
// their regions differ. Both an f-puzzles jigsaw and the same givens as
// classic text with --regions; the output reads back as the solution.
func TestPrettyJigsaw(t *testing.T) {
	t.Parallel()
	const name = "sigh/jigsaw-boxes-disconnected.json"
	res, _ := loadCorpus(t, name)
	p := res.Puzzle
	n := p.Side()
	labels := p.RegionLabels()
	var regions, givens strings.Builder
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			fmt.Fprintf(&regions, "%c", 'A'+labels[r*n+c])
			fmt.Fprintf(&givens, "%d", p.Givens.Cells[r*n+c])
		}
		regions.WriteByte('\n')
	}
	givens.WriteByte('\n')
	dir := t.TempDir()
	regionsFile, puzzleFile := filepath.Join(dir, "regions.txt"), filepath.Join(dir, "puzzle.txt")
	if err := os.WriteFile(regionsFile, []byte(regions.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(puzzleFile, []byte(givens.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"solve", "-o", "pretty", corpusPath(name)},
		{"solve", "-o", "pretty", "--regions", regionsFile, puzzleFile},
	} {
		r := satdoku(t, "", args...)
		r.wantCode(t, ExitOK)
		lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
		if len(lines) != 2*n+1 {
			t.Fatalf("%v: %d lines, want %d:\n%s", args, len(lines), 2*n+1, r.stdout)
		}
		for row := 0; row < n; row++ {
			cells := []rune(lines[2*row+1])
			for c := 1; c < n; c++ {
				bar := cells[4*c] == '│'
				if differ := labels[row*n+c-1] != labels[row*n+c]; bar != differ {
					t.Fatalf("%v: row %d between columns %d and %d: bar %v, regions differ %v:\n%s", args, row+1, c, c+1, bar, differ, r.stdout)
				}
			}
		}
		// The picture reads back as a grid: a full one, its own solution.
		back := satdoku(t, r.stdout, "solve", "-o", "line", "--regions", regionsFile, "-")
		back.wantCode(t, ExitOK)
		line := satdoku(t, "", append([]string{"solve", "-o", "line"}, args[3:]...)...)
		if back.stdout != line.stdout {
			t.Fatalf("%v: reads back as %s, solved as %s", args, back.stdout, line.stdout)
		}
		if len(args) == 4 {
			if err := variant.Check(p, mustParse(t, strings.TrimSpace(line.stdout))); err != nil {
				t.Fatalf("%s: %v", line.stdout, err)
			}
		}
	}
}

// slowSudoCue are the killers of testdata/variants/sudocue that take an
// engine seconds to prove unique (or not).
var slowSudoCue = map[string]bool{
	"Wecoc #1": true, "Wecoc #1 [mod A]": true, "Wecoc #1 [mod B]": true, "Wecoc #2": true, "tarek unsolvable #41": true,
}

// sudoCueKiller is one puzzle of testdata/variants/sudocue/killers.txt:
// its line and the solution its comment gives ("" for none).
type sudoCueKiller struct {
	name, line, solution string
}

// readSudoCueKillers reads the killers and the solutions in their comments.
func readSudoCueKillers(t *testing.T) []sudoCueKiller {
	t.Helper()
	data, err := os.ReadFile(testpuzzles.Path("testdata/variants/sudocue/killers.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var ks []sudoCueKiller
	var name, solution string
	for _, l := range strings.Split(string(data), "\n") {
		switch {
		case strings.HasPrefix(l, "# solution: "):
			if solution = strings.TrimPrefix(l, "# solution: "); solution == "none given" {
				solution = ""
			}
		case strings.HasPrefix(l, "# "):
			name, _, _ = strings.Cut(strings.TrimPrefix(l, "# "), ":")
		case strings.HasPrefix(l, "3x3:"):
			ks = append(ks, sudoCueKiller{name, l, solution})
		}
	}
	if len(ks) != 14 {
		t.Fatalf("%d killers, want 14", len(ks))
	}
	return ks
}

// TestSudoCueKillers solves the public killers of SudoCue's format, as a
// file of one a line and as a line on standard input: each engine proves
// the unique ones unique, with the solution their source gives, and finds
// two solutions for the one it gives none for. With -short, only the SAT
// solve on standard input. The slowest (seconds each) run only with
// SATDOKU_SLOW_CORPUS=1.
func TestSudoCueKillers(t *testing.T) {
	t.Parallel()
	ks := readSudoCueKillers(t)
	var file strings.Builder
	var want []sudoCueKiller
	for _, k := range ks {
		if slowSudoCue[k.name] && os.Getenv("SATDOKU_SLOW_CORPUS") != "1" {
			continue
		}
		r := satdoku(t, k.line+"\n", "solve", "-o", "line")
		r.wantCode(t, ExitOK)
		if got := strings.TrimSpace(r.stdout); k.solution != "" && got != k.solution {
			t.Errorf("%s: %s, want %s", k.name, got, k.solution)
		}
		if !testing.Short() {
			file.WriteString(k.line + "\n")
			want = append(want, k)
		}
	}
	if len(want) == 0 {
		return
	}
	name := writeFile(t, "killers.txt", file.String())
	for _, eng := range []string{"sat", "backtrack"} {
		r := satdoku(t, "", "solve", "-e", eng, "--count", "2", "-o", "json", name)
		js := jsonLines(t, r.stdout)
		if len(js) != len(want) {
			t.Fatalf("-e %s: %d lines for %d puzzles\n%v", eng, len(js), len(want), r)
		}
		for i, k := range want {
			switch count := js[i]["solutions"]; {
			case k.solution != "" && (count != 1.0 || js[i]["solution"] != k.solution):
				t.Errorf("-e %s: %s: %v, want the unique %s", eng, k.name, js[i], k.solution)
			case k.solution == "" && count != 2.0:
				t.Errorf("-e %s: %s: %v, want two solutions", eng, k.name, js[i])
			}
		}
	}
}

// sampleKiller returns the line and solution of the puzzle called name in a
// sample of killer strings under testdata (variants/snarf/killers.txt):
// the line after the comments "# name: source" and "# solution: …".
func sampleKiller(t testing.TB, file, name string) (line, solution string) {
	t.Helper()
	found := false
	for _, l := range strings.Split(readFile(t, sample(file)), "\n") {
		switch {
		case strings.HasPrefix(l, "# "+name+":"):
			found = true
		case !found:
		case strings.HasPrefix(l, "# solution: "):
			solution, _, _ = strings.Cut(strings.TrimPrefix(l, "# solution: "), " ")
		case l != "" && l[0] != '#':
			return l, solution
		}
	}
	t.Fatalf("%s: no puzzle %q", file, name)
	return "", ""
}

// TestSnarfKillers solves killers of the forum's snarfable format: a file
// of them, one a line among comments and blank lines, each proved unique
// by both engines with the solution the sample gives, a bad line reported
// with its line and column and the others still solved; and one given as
// an argument goes to every output a SudoCue killer goes to.
func TestSnarfKillers(t *testing.T) {
	t.Parallel()
	var lines, solutions []string
	for _, name := range []string{"TAREK_ALL #10", "TAREK_ALL #23", "TAREK_ALL #30"} { // milliseconds each
		l, s := sampleKiller(t, "variants/snarf/killers.txt", name)
		lines, solutions = append(lines, l), append(solutions, s)
	}
	bad := lines[1][:8] + ">" + lines[1][9:] // r1c9 points off the board
	name := writeFile(t, "killers.txt", "# three killers and a bad one\n"+lines[0]+"\n\n"+bad+"\n# the others\n"+lines[1]+"\n"+lines[2]+"\n")
	r := satdoku(t, "", "solve", "-e", "both", "--unique", "-o", "json", name)
	r.wantCode(t, ExitInvalid)
	js := jsonLines(t, r.stdout)
	if len(js) != 4 || js[1]["status"] != "invalid" || js[1]["line"] != 4.0 ||
		!strings.Contains(r.stderr, "killers.txt: line 4: column 9: bad snarfable killer string: the arrow '>' at r1c9 points off the board") {
		t.Fatalf("%v", r)
	}
	for i, j := range []int{0, 2, 3} {
		if js[j]["status"] != "solved" || js[j]["unique"] != true || js[j]["solution"] != solutions[i] || js[j]["line"] != []float64{2, 6, 7}[i] {
			t.Errorf("puzzle %d: %v, want the unique %s", j+1, js[j], solutions[i])
		}
	}

	// An argument: solved, counted, written as an f-puzzles link that
	// solves alike, encoded and drawn.
	k := lines[0]
	r = satdoku(t, "", "solve", "--count", "2", "-o", "json", k)
	r.wantCode(t, ExitOK)
	if js := jsonLines(t, r.stdout); len(js) != 1 || js[0]["file"] != "argument 1" || js[0]["solutions"] != 1.0 || js[0]["solution"] != solutions[0] {
		t.Fatalf("--count 2: %v", r)
	}
	r = satdoku(t, "", "solve", "-o", "fpuzzles-url", k)
	r.wantCode(t, ExitOK)
	link := strings.TrimSpace(r.stdout)
	if r = satdoku(t, "", "solve", "-o", "line", link); r.code != ExitOK || strings.TrimSpace(r.stdout) != solutions[0] {
		t.Errorf("the f-puzzles link %.60s… solves as %v", link, r)
	}
	if r := satdoku(t, "", "encode", k); r.code != ExitOK || !strings.HasPrefix(r.stdout, "c satdoku") || !strings.Contains(r.stdout, "argument 1 line 1") {
		t.Errorf("encode: %v", r)
	}
	if r := satdoku(t, "", "render", "-o", "-", k); r.code != ExitOK || !strings.Contains(r.stdout, "<svg") {
		t.Errorf("render: %v", r)
	}
}

// TestMarksGrids solves pencil-mark grids: HoDoKu's framed grid of a
// public puzzle's candidates has that puzzle's solution, with both
// engines; in a batch a bad grid is an invalid puzzle naming its line and
// column, and the grids around it are solved.
func TestMarksGrids(t *testing.T) {
	t.Parallel()
	const solution = "468931527751624839392578461134756298289413675675289314846192753513867942927345186"
	r := satdoku(t, "", "solve", "-e", "both", "--unique", "-o", "json", testpuzzles.Path("testdata/marks/top1465-first-hodoku.txt"))
	r.wantCode(t, ExitOK)
	js := jsonLines(t, r.stdout)
	if len(js) < 1 || js[0]["solution"] != solution || js[0]["unique"] != true || js[0]["line"] != 6.0 {
		t.Fatalf("%v", r)
	}
	grid := "12 2 34 4\n3 4 12 12\n2 1 34 34\n4 3 2 1\n"
	bad := "12 2 34 4\n3 4 12 12\n2 1 34 35\n4 3 2 1\n"
	r = satdoku(t, grid+"\n"+bad+"\n"+grid, "solve", "-o", "line")
	r.wantCode(t, ExitInvalid)
	if r.stdout != "1234341221434321\ninvalid\n1234341221434321\n" {
		t.Fatalf("stdout %q", r.stdout)
	}
	r = satdoku(t, grid+"\n"+bad+"\n"+grid, "solve", "-o", "json")
	if js := jsonLines(t, r.stdout); len(js) < 2 || js[1]["status"] != "invalid" || js[1]["line"] != 6.0 {
		t.Fatalf("the bad grid's row: %v", r.stdout)
	}
	if !strings.Contains(r.stderr, "line 8, column 9: bad pencil-mark grid: '5' is not a candidate of a 4×4 grid") {
		t.Fatalf("stderr %q", r.stderr)
	}
	// --box gives other boxes: 3×2 on a 6×6 grid.
	six := "12 12 3 4 5 6\n3 4 5 6 1 2\n5 6 1 2 3 4\n2 1 4 3 6 5\n4 3 6 5 2 1\n6 5 2 1 34 34\n"
	r = satdoku(t, six, "solve", "--box", "3x2", "--unique", "-o", "line")
	r.wantCode(t, ExitOK)
	if r.stdout != "# 1 solution (unique)\n123456345612561234214365436521652143\n" {
		t.Fatalf("--box 3x2: %v", r)
	}
	if r = satdoku(t, six, "solve", "-o", "line"); r.code == ExitOK {
		t.Fatalf("the same grid with 2×3 boxes, whose givens clash: %v", r)
	}
	// The marks go on to f-puzzles as its given pencil marks.
	r = satdoku(t, grid, "solve", "-o", "fpuzzles")
	r.wantCode(t, ExitOK)
	if !strings.Contains(r.stdout, `"grid":[[{"value":1,"givenPencilMarks":[1,2]},{"value":2,"given":true},{"value":3,"givenPencilMarks":[3,4]},{"value":4,"given":true}]`) {
		t.Fatalf("f-puzzles: %s", r.stdout)
	}
}

// TestBenchVariants: bench measures variant inputs as solve reads them,
// f-puzzles files, killer strings and pencil-mark grids, each puzzle
// verified; a puzzle that does not solve is a failure row.
func TestBenchVariants(t *testing.T) {
	t.Parallel()
	ks := readSudoCueKillers(t)
	killers := writeFile(t, "killers.txt", ks[len(ks)-1].line+"\n") // a human-solvable one: milliseconds
	r := satdoku(t, "", "bench", "--count", "2", "--limit", "1", killers, corpusPath("dclamage/blitz.json"), testpuzzles.Path("testdata/marks/top1465-first-hodoku.txt"))
	r.wantCode(t, ExitOK)
	for _, row := range []string{"killers.txt", "blitz.json", "top1465-first-hodoku.txt"} {
		for _, eng := range []string{"sat", "backtrack"} {
			if !regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(row) + `\s+` + eng + `\s+1\s`).MatchString(r.stdout) {
				t.Errorf("no %s row of one puzzle for %s:\n%s", eng, row, r.stdout)
			}
		}
	}
	// Contradictory marks: not solved, a failure.
	r = satdoku(t, "12 2 34 4\n3 4 12 12\n2 1 34 34\n4 3 2 2\n", "bench", "-e", "sat", "-")
	r.wantCode(t, ExitFailed)
}
