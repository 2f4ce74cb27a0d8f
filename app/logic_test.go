package app

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/explain"
	"github.com/satdoku/satdoku/fpuzzles"
	inputpkg "github.com/satdoku/satdoku/input"
	"github.com/satdoku/satdoku/internal/testpuzzles"
	"github.com/satdoku/satdoku/logic"
	"github.com/satdoku/satdoku/report"
)

// runMain runs the whole command line in memory.
func runMain(t *testing.T, stdin string, args ...string) run {
	t.Helper()
	var out, errb bytes.Buffer
	code := Main(append([]string{"satdoku"}, args...), strings.NewReader(stdin), &out, &errb)
	return run{code, out.String(), errb.String()}
}

// classicPath is the logical path of a classic line puzzle, with the
// uniqueness techniques (the puzzles used here are unique).
func classicPath(t *testing.T, line string) logic.Path {
	t.Helper()
	p, err := board.Parse(line)
	if err != nil {
		t.Fatal(err)
	}
	g, err := logic.FromBoard(p)
	if err != nil {
		t.Fatal(err)
	}
	return logic.Solve(g, logic.Options{Unique: true})
}

// classic9Solution is the solution of classic9.
const classic9Solution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"

func TestSteps(t *testing.T) {
	path := classicPath(t, classic9)
	if !path.Solved || len(path.Steps) < 40 {
		t.Fatalf("the path of classic9: solved %v, %d steps", path.Solved, len(path.Steps))
	}
	tests := []struct {
		name string
		args []string
	}{
		{"text", []string{"solve", "-j", "1", "--steps", "-o", "line", "-"}},
		{"json", []string{"solve", "-j", "1", "--steps", "-o", "json", "-"}},
		{"json with rating", []string{"solve", "-j", "1", "--steps", "--rate", "-o", "json", "-"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runMain(t, classic9, tt.args...)
			if r.code != 0 {
				t.Fatal(r)
			}
			if tt.name == "text" {
				lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
				if len(lines) != 1+len(path.Steps) || lines[0] != classic9Solution {
					t.Fatalf("want the solution and %d steps:\n%v", len(path.Steps), r)
				}
				for i, s := range path.Steps {
					if want := fmt.Sprintf("%d. %s", i+1, s.Text); lines[i+1] != want {
						t.Errorf("line %d = %q, want %q", i+2, lines[i+1], want)
					}
				}
				return
			}
			var j jsonResult
			if err := json.Unmarshal([]byte(strings.SplitN(r.stdout, "\n", 2)[0]), &j); err != nil {
				t.Fatal(err)
			}
			if j.Solution != classic9Solution || len(j.Steps) != len(path.Steps) {
				t.Fatalf("solution %v, %d steps, want %d", j.Solution, len(j.Steps), len(path.Steps))
			}
			for i, s := range path.Steps {
				got := j.Steps[i]
				if got.Technique != s.Technique || got.Text != s.Text || got.Rating != s.Rating ||
					len(got.Placements) != len(s.Placements) || len(got.Eliminations) != len(s.Eliminations) {
					t.Errorf("step %d = %+v, want %+v", i+1, got, s)
				}
				for k, pl := range s.Placements {
					if got.Placements[k] != (report.Candidate{Cell: pl.Cell, Name: logic.CellName(9, pl.Cell), Digit: pl.Digit}) {
						t.Errorf("step %d placement %d = %v, want %v", i+1, k, got.Placements[k], pl)
					}
				}
			}
			if (j.Rating != nil) != strings.Contains(tt.name, "rating") {
				t.Errorf("rating %v", j.Rating)
			}
		})
	}
}

// TestStepsSub runs solve --steps on a killer whose path has SAT steps
// (testdata/links/sudokupad-killer.txt, Human-solvable zero #3): each
// step's sub-steps, its zoom, follow it, indented and numbered "41.1",
// "41.2" …; with -o json, they are the step's "sub".
func TestStepsSub(t *testing.T) {
	link := strings.TrimSpace(readText(t, sample("links/sudokupad-killer.txt")))
	link = link[strings.LastIndexByte(link, '\n')+1:]
	res, err := inputpkg.Load(link)
	if err != nil {
		t.Fatal(err)
	}
	g, err := logicGrid(res.Puzzle.Givens, res.Puzzle)
	if err != nil {
		t.Fatal(err)
	}
	opts, err := logicConfig{}.options(context.Background(), g, true, nil) // the path solve --steps takes: what is tested here is how it is written
	if err != nil {
		t.Fatal(err)
	}
	path := logic.Solve(g, opts)
	sat := slices.IndexFunc(path.Steps, func(st logic.Step) bool { return st.Technique == explain.Name && len(st.Sub) > 2 })
	if !path.Solved || sat < 0 {
		t.Fatalf("the killer's path: solved %v, no SAT step with sub-steps", path.Solved)
	}
	st := path.Steps[sat]
	lines := 0 // the steps and sub-steps at every depth
	var count func([]logic.Step)
	count = func(steps []logic.Step) {
		for _, s := range steps {
			lines++
			count(s.Sub)
		}
	}
	count(path.Steps)

	r := runMain(t, "", "solve", "-j", "1", "--steps", "-o", "line", link)
	got := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
	if r.code != 0 || len(got) != 1+lines {
		t.Fatalf("want the solution and %d lines of steps, got %d:\n%v", lines, len(got)-1, r)
	}
	at := slices.Index(got, fmt.Sprintf("%d. %s", sat+1, st.Text))
	if at < 0 {
		t.Fatalf("no line for step %d, %q:\n%s", sat+1, st.Text, r.stdout)
	}
	for j, sub := range st.Sub {
		if want := fmt.Sprintf("  %d.%d. %s", sat+1, j+1, sub.Text); at+1+j >= len(got) || got[at+1+j] != want {
			t.Fatalf("line %d after step %d: want %q, got:\n%s", j+1, sat+1, want, strings.Join(got[at:], "\n"))
		}
	}
	if next := at + 1 + len(st.Sub); next < len(got) && !strings.HasPrefix(got[next], fmt.Sprintf("%d. ", sat+2)) {
		t.Errorf("after the sub-steps of step %d: %q, want step %d", sat+1, got[next], sat+2)
	}

	r = runMain(t, "", "solve", "-j", "1", "--steps", "-o", "json", link)
	var j jsonResult
	if err := json.Unmarshal([]byte(strings.SplitN(r.stdout, "\n", 2)[0]), &j); err != nil || len(j.Steps) != len(path.Steps) {
		t.Fatalf("%v: %d steps, want %d\n%v", err, len(j.Steps), len(path.Steps), r)
	}
	subs := j.Steps[sat].Sub
	if len(subs) != len(st.Sub) {
		t.Fatalf("step %d: %d sub-steps in JSON, want %d", sat+1, len(subs), len(st.Sub))
	}
	for k, sub := range st.Sub {
		if subs[k].Text != sub.Text || !slices.Equal(subs[k].Rules, sub.Rules) || len(subs[k].Houses) != len(sub.Houses) {
			t.Errorf("step %d.%d: %+v, want %+v", sat+1, k+1, subs[k], sub)
		}
	}
}

// TestRate rates a sample of top1465 on two workers, which may finish out
// of order: the lines and JSON results must come in input order.
func TestRate(t *testing.T) {
	f, err := os.Open(sample("top1465-sample.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var puzzles []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if line := sc.Text(); line != "" && line[0] != '#' && len(puzzles) < 12 {
			puzzles = append(puzzles, line)
		}
	}
	want := make([]logic.Rating, len(puzzles))
	for i, p := range puzzles {
		want[i] = logic.Rate(classicPath(t, p))
	}
	in := strings.Join(puzzles, "\n") + "\n"

	r := runMain(t, in, "solve", "-e", "backtrack", "-j", "2", "--rate", "-")
	lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
	if r.code != 0 || len(lines) != len(puzzles) {
		t.Fatalf("want %d lines:\n%v", len(puzzles), r)
	}
	for i, rt := range want {
		if lines[i] != ratingLine(rt) {
			t.Errorf("puzzle %d: %q, want %q", i+1, lines[i], ratingLine(rt))
		}
		if !strings.HasPrefix(lines[i], "ER ") || !rt.Solved {
			t.Errorf("puzzle %d: %q, solved %v", i+1, lines[i], rt.Solved)
		}
	}

	r = runMain(t, in, "solve", "-e", "backtrack", "-j", "2", "--rate", "-o", "json", "-")
	dec := json.NewDecoder(strings.NewReader(r.stdout))
	for i, rt := range want {
		var j jsonResult
		if err := dec.Decode(&j); err != nil {
			t.Fatal(err)
		}
		if j.Index != i+1 || j.Rating == nil || *j.Rating != *report.NewRating(rt) || j.Steps != nil {
			t.Errorf("result %d: index %d, rating %+v, want %+v", i+1, j.Index, j.Rating, rt)
		}
	}
}

// fpuzzlesProgress writes classic9 as f-puzzles with digits entered (not
// given) in some cells.
func fpuzzlesProgress(entered map[int]int) string {
	var rows []string
	for r := 0; r < 9; r++ {
		var cells []string
		for c := 0; c < 9; c++ {
			i := r*9 + c
			switch {
			case classic9[i] != '.':
				cells = append(cells, fmt.Sprintf(`{"value":%c,"given":true}`, classic9[i]))
			case entered[i] != 0:
				cells = append(cells, fmt.Sprintf(`{"value":%d}`, entered[i]))
			default:
				cells = append(cells, `{}`)
			}
		}
		rows = append(rows, "["+strings.Join(cells, ",")+"]")
	}
	return `{"size":9,"grid":[` + strings.Join(rows, ",") + `]}`
}

// fpuzzlesMarks returns classic9 as f-puzzles JSON with the marks of
// some cells under key (centerPencilMarks, cornerPencilMarks, or
// candidates as kaji writes them).
func fpuzzlesMarks(key string, marks map[int][]int) string {
	var rows []string
	for r := 0; r < 9; r++ {
		var cells []string
		for c := 0; c < 9; c++ {
			i := r*9 + c
			switch {
			case classic9[i] != '.':
				cells = append(cells, fmt.Sprintf(`{"value":%c,"given":true}`, classic9[i]))
			case marks[i] != nil:
				data, _ := json.Marshal(marks[i])
				cells = append(cells, fmt.Sprintf(`{%q:%s}`, key, data))
			default:
				cells = append(cells, `{}`)
			}
		}
		rows = append(rows, "["+strings.Join(cells, ",")+"]")
	}
	return `{"size":9,"grid":[` + strings.Join(rows, ",") + `]}`
}

// TestHintVariant checks that hint gives the first step of the variant
// path (explain.Techniques) on a killer with little killers, odd and
// even cells: a rule set the house techniques alone cannot finish.
func TestHintVariant(t *testing.T) {
	data, err := os.ReadFile(testpuzzles.Path("testdata/variants/dclamage/blitz.json"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := fpuzzles.Read(strings.NewReader(string(data)))
	if err != nil {
		t.Fatal(err)
	}
	g, err := logic.FromPuzzle(res.Puzzle)
	if err != nil {
		t.Fatal(err)
	}
	ts, err := explain.Techniques(g, explain.Options{})
	if err != nil {
		t.Fatal(err)
	}
	st, ok := logic.Next(g, logic.Options{Techniques: ts, Unique: true})
	if !ok {
		t.Fatal("no first step")
	}
	r := runMain(t, string(data), "hint", "-")
	if r.code != 0 || r.stdout != st.Text+"\n" {
		t.Errorf("hint: want %q\n%v", st.Text, r)
	}
}

// solvedFirstRows is a pencil-mark grid of boj-sample's solution with two
// cells of r9 open: its first eight rows are solved, as late in a solve,
// and read as rows of a classic grid until the last.
const solvedFirstRows = `.-------.-------.-------.
| 1 3 5 | 4 6 9 | 2 7 8 |
| 7 8 2 | 1 3 5 | 6 4 9 |
| 4 6 9 | 2 7 8 | 1 3 5 |
:-------+-------+-------:
| 3 2 1 | 5 4 6 | 8 9 7 |
| 8 7 4 | 9 1 3 | 5 2 6 |
| 5 9 6 | 8 2 7 | 4 1 3 |
:-------+-------+-------:
| 9 1 7 | 6 5 2 | 3 8 4 |
| 6 4 3 | 7 8 1 | 9 5 2 |
| 2 58 58 | 3 9 4 | 7 6 1 |
'-------'-------'-------'
`

func TestHint(t *testing.T) {
	marks, err := os.ReadFile(sample("marks/top1465-first-hodoku.txt"))
	if err != nil {
		t.Fatal(err)
	}
	firstStep := classicPath(t, classic9).Steps[0].Text
	tests := []struct {
		name, stdin string
		args        []string
		code        int
		want        []string // lines of stdout, or substrings of stderr for an error
	}{
		{"next step", classic9, nil, 0, []string{firstStep}},
		{"right entries", fpuzzlesProgress(map[int]int{2: 4, 3: 6}), nil, 0, nil},
		{"a wrong entry", fpuzzlesProgress(map[int]int{2: 4, 3: 6, 50: 7}), nil, 0,
			[]string{"r6c6 = 7 is wrong: the solution has another digit there"}},
		{"a wrong entry that clashes", fpuzzlesProgress(map[int]int{2: 3, 50: 4}), nil, 0,
			[]string{"r1c3 = 3 is wrong: the solution has another digit there"}},
		{"pencil marks", string(marks), nil, 0, []string{"Hidden Single: 7 in box 7 only fits r9c3"}},
		{"pencil marks, the first rows solved", solvedFirstRows, nil, 0, []string{"Full House: r9c2 is the last cell of column 2: 5"}},
		{"solved", classic9Solution, nil, 0, []string{"solved: every cell is filled"}},
		{"no solution", noWay, nil, ExitNoSolution, []string{"no solution"}},
		{"a mark leaves out the digit", fpuzzlesMarks("centerPencilMarks", map[int][]int{2: {1, 2}, 3: {6, 7}}), nil, 0,
			[]string{"r1c3: the marks leave out 4, the solution's digit there"}},
		{"kaji's candidates", fpuzzlesMarks("candidates", map[int][]int{2: {4}, 3: {1, 2}}), nil, 0,
			[]string{"r1c4: the marks leave out 6, the solution's digit there"}},
		{"bad output", classic9, []string{"-o", "xml"}, ExitUsage, []string{"--output"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runMain(t, tt.stdin, append(append([]string{"hint"}, tt.args...), "-")...)
			if r.code != tt.code {
				t.Fatalf("exit %d, want %d\n%v", r.code, tt.code, r)
			}
			if tt.code != 0 {
				for _, w := range tt.want {
					if !strings.Contains(strings.ToLower(r.stderr), strings.ToLower(w)) {
						t.Errorf("stderr lacks %q\n%v", w, r)
					}
				}
				return
			}
			lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
			if tt.want == nil { // right entries: a step, as on the position with them placed
				if len(lines) != 1 || strings.Contains(lines[0], "wrong") || lines[0] == "" {
					t.Errorf("want one step:\n%v", r)
				}
				return
			}
			if strings.Join(lines, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("got %q, want %q", lines, tt.want)
			}
		})
	}

	// The step as data, and the mistakes as data.
	r := runMain(t, classic9, "hint", "-o", "json", "-")
	var h jsonHint
	if err := json.Unmarshal([]byte(r.stdout), &h); err != nil || h.Step == nil || h.Step.Text != firstStep || len(h.Step.Placements) != 1 {
		t.Errorf("json step: %v %+v\n%v", err, h, r)
	}
	r = runMain(t, fpuzzlesProgress(map[int]int{50: 7}), "hint", "-o", "json", "-")
	h = jsonHint{}
	if err := json.Unmarshal([]byte(r.stdout), &h); err != nil || len(h.Mistakes) != 1 || h.Mistakes[0] != (report.Candidate{Cell: 50, Name: "r6c6", Digit: 7}) || h.Step != nil {
		t.Errorf("json mistakes: %v %+v\n%v", err, h, r)
	}
}

func TestRenderStep(t *testing.T) {
	hard := "2...4.5...1.....3............6...8.2.7.3.9......1.....4...5.6.....7...9...8......\n"
	path := classicPath(t, hard)
	chain := -1
	for i, s := range path.Steps {
		if len(s.Links) > 0 && len(s.Eliminations) > 0 {
			chain = i
			break
		}
	}
	if chain < 0 {
		t.Fatal("no chain step on the path")
	}
	cs := path.Steps[chain]
	strong, weak := 0, 0
	for _, l := range cs.Links {
		if l.Strong {
			strong++
		} else {
			weak++
		}
	}
	tests := []struct {
		name, stdin, step string
		want              map[string]int
	}{
		{"first step", classic9, "1", map[string]int{"highlight step": 1, "step placement": 1, "step elimination": 0, "legend label": 1,
			"step house": len(classicPath(t, classic9).Steps[0].Houses)}},
		{"a chain", hard, fmt.Sprint(chain + 1), map[string]int{"highlight step": 1, "step placement": len(cs.Placements),
			"step elimination": len(cs.Eliminations), "step strike": len(cs.Eliminations)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runPicture(t, tt.stdin, "render", "--step", tt.step)
			if r.code != 0 {
				t.Fatal(r)
			}
			c := svgClasses(t, r.stdout)
			for k, v := range tt.want {
				if c[k] != v {
					t.Errorf("%d items of class %q, want %d", c[k], k, v)
				}
			}
			if tt.name == "a chain" && (c["step link strong"]+c["step link weak"] == 0 || c["step link strong"] > strong || c["step link weak"] > weak) {
				t.Errorf("links drawn: %d strong, %d weak; the chain has %d and %d", c["step link strong"], c["step link weak"], strong, weak)
			}
			if c["candidate"] == 0 {
				t.Error("no candidates drawn")
			}
		})
	}
	r := runPicture(t, classic9, "render", "--step", "1", "--candidates")
	if r.code != ExitUsage {
		t.Errorf("--step with --candidates: %v", r)
	}
	r = runPicture(t, classic9, "render", "--step", "500")
	if r.code != ExitUsage || !strings.Contains(r.stderr, "steps") {
		t.Errorf("a step past the path: %v", r)
	}
}

// TestRateWriteError checks that a failed write ends a --rate batch with
// exit 1 and a message, the logical solves still running being waited for.
func TestRateWriteError(t *testing.T) {
	in := strings.Repeat(classic9, 1200) // more rating lines than the writer buffers (64 KiB)
	var errb bytes.Buffer
	code := Main([]string{"satdoku", "solve", "-e", "backtrack", "-j", "2", "--rate", "-"}, strings.NewReader(in), failingWriter{errors.New("no space left on device")}, &errb)
	if code != ExitError || !strings.Contains(errb.String(), "no space left") {
		t.Errorf("exit %d, stderr %q", code, errb.String())
	}
}

// BenchmarkHint is hint on top1465 positions, in memory: the engine's
// solve (counting to two) and the logical solver's next step. ns/op is
// the time of one hint.
func BenchmarkHint(b *testing.B) {
	data, err := os.ReadFile(sample("top1465-sample.txt"))
	if err != nil {
		b.Fatal(err)
	}
	var puzzles []string
	for _, l := range strings.Split(string(data), "\n") {
		if l != "" && l[0] != '#' {
			puzzles = append(puzzles, l+"\n")
		}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var out bytes.Buffer
		if code := Main([]string{"satdoku", "hint", "-"}, strings.NewReader(puzzles[i%len(puzzles)]), &out, io.Discard); code != 0 {
			b.Fatalf("exit %d", code)
		}
	}
}

// TestLogicTimeout checks what --timeout does to a logical path: a
// context that has ended gives no path but an error naming the steps
// taken, which counts as a timeout in the exit code (5) while the puzzle
// stays solved in the summary; a path cut short keeps its steps, which
// --steps prints before the error; a context that does not end gives the
// path.
func TestLogicTimeout(t *testing.T) {
	t.Parallel()
	p, err := board.Parse(classic9)
	if err != nil {
		t.Fatal(err)
	}
	sol, err := board.Parse(classic9Solution)
	if err != nil {
		t.Fatal(err)
	}
	lc := logicConfig{steps: true, timeout: time.Second}
	g, err := logic.FromBoard(p)
	if err != nil {
		t.Fatal(err)
	}
	ended, cancel := context.WithDeadline(context.Background(), time.Unix(0, 0)) // long past
	defer cancel()
	lr := lc.path(ended, g, true, sol)
	if !errors.Is(lr.err, context.DeadlineExceeded) || !strings.Contains(lr.err.Error(), "after 0 steps (--timeout 1s)") {
		t.Errorf("an ended context: %v", lr.err)
	}
	stopped, stop := context.WithCancel(context.Background()) // as by a signal
	stop()
	if lr := lc.path(stopped, g, true, sol); !errors.Is(lr.err, context.Canceled) || !strings.Contains(lr.err.Error(), "stopped after 0 steps") {
		t.Errorf("a cancelled context: %v", lr.err)
	}
	if lr := lc.path(context.Background(), g, true, sol); lr.err != nil || !lr.path.Solved {
		t.Errorf("no deadline: %v, solved %v", lr.err, lr.path.Solved)
	}
	// A path cut short after some steps: --steps prints them, then why.
	cut := &errAfter{Context: context.Background(), left: 12}
	lr = lc.path(cut, g, true, sol)
	k := len(lr.path.Steps)
	if !errors.Is(lr.err, context.DeadlineExceeded) || k == 0 || lr.path.Solved {
		t.Fatalf("a path cut short: %v, %d steps, solved %v", lr.err, k, lr.path.Solved)
	}
	o := newResultWriter(io.Discard, io.Discard, &solveConfig{logic: lc})
	o.writeLogic(nil, lr)
	lines := strings.Split(strings.TrimSuffix(o.buf.String(), "\n"), "\n")
	last := lines[len(lines)-1]
	if !strings.HasPrefix(last, "no logical path: ") || !strings.Contains(last, fmt.Sprintf("after %d steps", k)) {
		t.Errorf("a path cut short ends %q", last)
	}
	for i := 1; i <= k; i++ {
		if !slices.ContainsFunc(lines, func(l string) bool { return strings.HasPrefix(l, fmt.Sprintf("%d. ", i)) }) {
			t.Errorf("step %d of the %d found is not printed:\n%s", i, k, o.buf.String())
		}
	}
	var tl tally
	tl.solved, tl.pathTimeouts = 1, 1
	if got := tl.exitCode(); got != ExitTimeout {
		t.Errorf("a path cut short: exit %d, want %d", got, ExitTimeout)
	}
}

// errAfter is a context whose Err reports a deadline passed once it has
// been asked left times: a path cut short after a few steps, whatever the
// clock.
type errAfter struct {
	context.Context
	left int
}

func (c *errAfter) Err() error {
	if c.left <= 0 {
		return context.DeadlineExceeded
	}
	c.left--
	return nil
}

// watchWriter is an output that closes saw once what was written holds
// want.
type watchWriter struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	want string
	saw  chan struct{}
}

func (w *watchWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	had := strings.Contains(w.buf.String(), w.want)
	w.buf.Write(p)
	if !had && strings.Contains(w.buf.String(), w.want) {
		close(w.saw)
	}
	return len(p), nil
}

// TestStepsAsFound checks that solve --steps writes each step as it is
// found, before the path has ended: the path here comes from a stand-in
// that gives its first step, then waits until the output shows it before
// it gives the others (were the steps written only at the end, it would
// wait for ever: the test binary's timeout). The whole output is the
// same as written at the end. Not parallel: it replaces solvePath.
func TestStepsAsFound(t *testing.T) {
	path := classicPath(t, classic9)
	out := &watchWriter{want: "\n1. " + path.Steps[0].Text + "\n", saw: make(chan struct{})}
	real := solvePath
	defer func() { solvePath = real }()
	solvePath = func(ctx context.Context, g *logic.Grid, opts logic.Options) (logic.Path, error) {
		onStep := opts.OnStep
		opts.OnStep = nil
		p, err := real(ctx, g, opts)
		if onStep == nil || len(p.Steps) == 0 {
			t.Errorf("a path of %d steps found without OnStep: its steps cannot be written as they come", len(p.Steps))
			return p, err
		}
		onStep(p.Steps[0])
		<-out.saw
		for _, s := range p.Steps[1:] {
			onStep(s)
		}
		return p, err
	}
	var errb bytes.Buffer
	if code := Main([]string{"satdoku", "solve", "-j", "1", "--steps", "-o", "line", "-"}, strings.NewReader(classic9), out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	want := classic9Solution + "\n"
	for i, s := range path.Steps {
		want += fmt.Sprintf("%d. %s\n", i+1, s.Text)
	}
	if got := out.buf.String(); got != want {
		t.Errorf("the output:\n%s\nwant:\n%s", got, want)
	}
}
