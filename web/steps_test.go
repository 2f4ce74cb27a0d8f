package web

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"os"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/engine"
	"github.com/satdoku/satdoku/explain"
	"github.com/satdoku/satdoku/internal/testpuzzles"
	"github.com/satdoku/satdoku/logic"
	"github.com/satdoku/satdoku/render"
	"github.com/satdoku/satdoku/report"
	"github.com/satdoku/satdoku/variant"
)

// libraryPath is the logical path package logic gives a classic puzzle
// with one solution, from the position after the entered digits.
func libraryPath(t *testing.T, puzzle string, entered []int) (*logic.Grid, logic.Path) {
	t.Helper()
	b, err := board.Parse(puzzle)
	if err != nil {
		t.Fatal(err)
	}
	g, err := logic.FromBoard(b)
	if err != nil {
		t.Fatal(err)
	}
	for i, d := range entered {
		if d != 0 {
			if err := g.Enter(i, d); err != nil {
				t.Fatal(err)
			}
		}
	}
	return g, logic.Solve(g, logic.Options{Unique: true})
}

// itemCells returns the data-cells of the SVG elements whose class is
// exactly class, one list per element.
func itemCells(svg, class string) [][]int {
	var out [][]int
	for rest := svg; ; {
		i := strings.Index(rest, `class="`+class+`" data-cells="`)
		if i < 0 {
			return out
		}
		rest = rest[i+len(`class="`+class+`" data-cells="`):]
		end := strings.IndexByte(rest, '"')
		var cells []int
		for _, f := range strings.Fields(rest[:end]) {
			var c int
			fmt.Sscan(f, &c)
			cells = append(cells, c)
		}
		out = append(out, cells)
	}
}

// TestSteps checks the path /api/steps gives against the library's, for
// a classic puzzle with and without entered digits, and the picture of a
// step: its cells shaded, its placement and its houses marked.
func TestSteps(t *testing.T) {
	t.Parallel()
	srv, _ := newTestServer(t, Config{})
	g0, full := libraryPath(t, classic, nil)
	if !full.Solved || len(full.Steps) < 10 {
		t.Fatalf("the library's path: %d steps, solved %v", len(full.Steps), full.Solved)
	}
	solution := full.Grid.Value

	// Three right digits entered: the path goes on from them.
	right := make([]int, 81)
	for _, st := range full.Steps[:3] {
		for _, p := range st.Placements {
			right[p.Cell] = p.Digit
		}
	}
	for _, tt := range []struct {
		name    string
		entered []int
		step    int
	}{
		{"hint", nil, 0},
		{"step 5", nil, 5},
		{"after entered digits", right, 2},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, want := libraryPath(t, classic, tt.entered)
			code, _, resp := post(t, srv, "/api/steps", map[string]any{"puzzle": classic, "entered": tt.entered, "step": tt.step, "whole": true})
			if code != http.StatusOK || resp.Status != StatusPath || resp.Path == nil {
				t.Fatalf("%d %s %s", code, resp.Status, resp.Error)
			}
			p := resp.Path
			if !p.Unique || !p.Solved || p.Stuck || len(p.Mistakes) != 0 {
				t.Errorf("path %+v", p)
			}
			if len(p.Steps) != len(want.Steps) {
				t.Fatalf("%d steps, the library takes %d", len(p.Steps), len(want.Steps))
			}
			for i, st := range want.Steps {
				if p.Steps[i].Text != st.Text || p.Steps[i].Technique != st.Technique || !slices.Equal(p.Steps[i].Cells, st.Cells) {
					t.Fatalf("step %d: %q, the library's %q", i+1, p.Steps[i].Text, st.Text)
				}
				for j, h := range st.Houses {
					if p.Steps[i].Houses[j].Name != g0.Houses[h].Name() || !slices.Equal(p.Steps[i].Houses[j].Cells, g0.Houses[h].Cells) {
						t.Fatalf("step %d: house %+v, want %s", i+1, p.Steps[i].Houses[j], g0.Houses[h].Name())
					}
				}
			}
			k := max(tt.step, 1)
			if p.Shown != k {
				t.Errorf("shown %d, want %d", p.Shown, k)
			}
			checkSVG(t, resp.SVG)
			st := want.Steps[k-1]
			if got := itemCells(resp.SVG, "highlight step"); len(got) != 1 || !slices.Equal(slices.Sorted(slices.Values(got[0])), slices.Sorted(slices.Values(st.Cells))) {
				t.Errorf("step %d shaded %v, its cells are %v", k, got, st.Cells)
			}
			var placed [][]int
			for _, pl := range st.Placements {
				placed = append(placed, []int{pl.Cell})
			}
			if got := itemCells(resp.SVG, "step placement"); !slices.EqualFunc(got, placed, slices.Equal) {
				t.Errorf("step %d: placements drawn at %v, want %v", k, got, placed)
			}
			if got := len(itemCells(resp.SVG, "step house")); got != len(st.Houses) {
				t.Errorf("step %d: %d houses outlined, want %d", k, got, len(st.Houses))
			}
			if !strings.Contains(resp.SVG, fmt.Sprintf(">%d. ", k)) {
				t.Errorf("the legend lacks the step's number %d", k)
			}
		})
	}

	// A wrong digit entered: it is named, and no step follows.
	wrong := make([]int, 81)
	cell := slices.Index(g0.Value, 0)
	wrong[cell] = solution[cell]%9 + 1
	code, _, resp := post(t, srv, "/api/steps", map[string]any{"puzzle": classic, "entered": wrong})
	if code != http.StatusOK || resp.Status != StatusMistakes || resp.Path == nil ||
		!slices.Equal(resp.Path.Mistakes, report.Candidates(9, []logic.Candidate{{Cell: cell, Digit: wrong[cell]}})) || len(resp.Path.Steps) != 0 {
		t.Fatalf("a wrong digit: %d %s %+v", code, resp.Status, resp.Path)
	}
	if got := itemCells(resp.SVG, "highlight mistake"); len(got) != 1 || !slices.Equal(got[0], []int{cell}) {
		t.Errorf("the mistake is marked at %v, want %d", got, cell)
	}
	// A digit that clashes with a given is wrong too.
	clash := make([]int, 81)
	clash[2] = 5 // r1c3: r1c1 is a given 5
	if _, _, resp := post(t, srv, "/api/steps", map[string]any{"puzzle": classic, "entered": clash}); resp.Status != StatusMistakes || !slices.Equal(resp.Path.Mistakes, []report.Candidate{{Cell: 2, Name: "r1c3", Digit: 5}}) {
		t.Errorf("a clashing digit: %s %+v", resp.Status, resp.Path)
	}
}

// TestStepsNotUnique checks that a puzzle with several solutions gets a
// path with no uniqueness technique and its entered digits unchecked.
func TestStepsNotUnique(t *testing.T) {
	t.Parallel()
	srv, _ := newTestServer(t, Config{})
	// The solution of classic with a deadly rectangle (r1c4 r1c5 r4c4 r4c5:
	// 6 and 7 swap) and three other cells blank: two solutions.
	sparse := "534..8912672195348198342567859..1423426853791.139248569615372842874196.534528617."
	entered := make([]int, 81)
	entered[80] = 1 // r9c9 is 9 in both solutions, but this is not checked
	code, _, resp := post(t, srv, "/api/steps", map[string]any{"puzzle": sparse, "entered": entered, "picture": "none", "whole": true})
	if code != http.StatusOK || resp.Path == nil {
		t.Fatalf("%d %s %s", code, resp.Status, resp.Error)
	}
	if resp.Path.Unique || resp.Path.Note == "" || len(resp.Path.Mistakes) != 0 || resp.SVG != "" || !resp.Path.Stuck || resp.Path.Solved {
		t.Errorf("a puzzle with several solutions: %+v", resp.Path)
	}
	for _, st := range resp.Path.Steps {
		if strings.Contains(st.Technique, "Unique") || strings.HasPrefix(st.Technique, "BUG") {
			t.Errorf("a uniqueness step on a puzzle with several solutions: %s", st.Text)
		}
	}
}

// TestStepsVariants checks the house variants (a windoku) get a path, and
// a puzzle with a rule the logical solver has no steps for (the Killer
// Blister's cages) a plain answer saying so.
func TestStepsVariants(t *testing.T) {
	srv, _ := newTestServer(t, engineConfig(t))
	windoku, err := os.ReadFile(testpuzzles.Path("testdata/variants/sigh/windoku.json"))
	if err != nil {
		t.Fatal(err)
	}
	code, _, resp := post(t, srv, "/api/steps", map[string]any{"puzzle": string(windoku), "whole": true})
	if code != http.StatusOK || resp.Status != StatusPath || !resp.Path.Solved || len(resp.Path.Steps) == 0 {
		t.Fatalf("windoku: %d %s %s", code, resp.Status, resp.Error)
	}
	extra := false
	for _, st := range resp.Path.Steps {
		for _, h := range st.Houses {
			extra = extra || strings.HasPrefix(h.Name, "extra region")
		}
	}
	if !extra {
		t.Error("no step of the windoku's path names a window")
	}
	checkSVG(t, resp.SVG)

	// A killer: its path uses the rules' own steps (package explain).
	code, _, resp = post(t, srv, "/api/steps", map[string]any{"puzzle": blisterLink(t), "whole": true})
	if code != http.StatusOK || resp.Status != StatusPath || resp.Path == nil || !resp.Path.Solved {
		t.Fatalf("the Killer Blister: %d %s %q", code, resp.Status, resp.Error)
	}
	ruled := 0
	for _, st := range resp.Path.Steps {
		if len(st.Rules) > 0 {
			ruled++
		}
	}
	if ruled == 0 {
		t.Error("no step of the Killer Blister's path names a rule")
	}
}

func TestStepsBadRequests(t *testing.T) {
	t.Parallel()
	srv, _ := newTestServer(t, Config{})
	tests := []struct {
		name string
		body map[string]any
		want string
	}{
		{"entered too short", map[string]any{"puzzle": classic, "entered": []int{1, 2}}, "2 entered digits"},
		{"entered digit", map[string]any{"puzzle": classic, "entered": append([]int{10}, make([]int, 80)...)}, "outside 0..9"},
		{"step past the path", map[string]any{"puzzle": classic, "step": 1000}, "the path has"},
		{"negative step", map[string]any{"puzzle": classic, "step": -1}, "numbered from 1"},
		{"count", map[string]any{"puzzle": classic, "count": 2}, "belong to /api/solve"},
		{"fractional step", map[string]any{"puzzle": classic, "step": 1.5}, "whole number"},
		{"negative sub-step", map[string]any{"puzzle": classic, "step": 1, "sub": -1}, "sub-steps are numbered from 1"},
		{"sub-step of a step with none", map[string]any{"puzzle": classic, "step": 1, "sub": 1}, "step 1 has 0 sub-steps"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, resp := post(t, srv, "/api/steps", tt.body)
			if code != http.StatusBadRequest || resp.Status != StatusInvalid || !strings.Contains(resp.Error, tt.want) {
				t.Errorf("%d %s %q, want 400 with %q", code, resp.Status, resp.Error, tt.want)
			}
		})
	}
	// Clashing givens, or givens with no completion, are an answer: no
	// solution, and why.
	code, _, resp := post(t, srv, "/api/steps", map[string]any{"puzzle": "55" + classic[2:]})
	if code != http.StatusOK || resp.Status != StatusNoSolution || !strings.Contains(resp.Explanation, "clash") || resp.Path != nil {
		t.Errorf("clashing givens: %d %s %q", code, resp.Status, resp.Explanation)
	}
	code, _, resp = post(t, srv, "/api/steps", map[string]any{"puzzle": "4...3.......6..8..........1....5..9..2....6...7.2........1.27..5.3....4.9........"})
	if code != http.StatusOK || resp.Status != StatusNoSolution || !strings.Contains(resp.Explanation, "no completion") || resp.Path != nil {
		t.Errorf("givens with no completion: %d %s %q", code, resp.Status, resp.Explanation)
	}
}

// TestStepPictureRules draws a variant step made by hand (the steps of
// cages come from other packages) as the page does: its picture
// (report.StepPicture, whose JSON and picture package report tests)
// shades and outlines the rule instances it relies on, and the houses it
// names.
func TestStepPictureRules(t *testing.T) {
	t.Parallel()
	vp := variant.New(board.Classic)
	vp.Rules = []variant.Rule{variant.Killer{Cells: []int{40, 41}, Sum: 3}, variant.Killer{Cells: []int{0, 1, 9}, Sum: 6}}
	g, err := logic.FromPuzzle(vp)
	if err != nil {
		t.Fatal(err)
	}
	st := logic.Step{Technique: "Killer cage", Rules: []int{1}, Houses: []int{0},
		Eliminations: []logic.Candidate{{Cell: 2, Digit: 1}}, Text: "the 6-cage at r1c1 holds 1, 2 and 3: r1c3 ≠ 1"}
	p := &puzzle{vp: vp}
	pic := positionPicture(g, nil)
	pic.Step = report.StepPicture(g, st, "3")
	svg, err := p.picture(pic, render.Both)
	if err != nil {
		t.Fatal(err)
	}
	if got := itemCells(svg, "highlight step rule killercage"); len(got) != 1 || !slices.Equal(got[0], []int{0, 1, 9}) {
		t.Errorf("the cage the step relies on is shaded at %v, want [0 1 9]", got)
	}
	if got := itemCells(svg, "step rule killercage"); len(got) != 1 || !slices.Equal(got[0], []int{0, 1, 9}) {
		t.Errorf("the cage the step relies on is outlined at %v, want [0 1 9]", got)
	}
	if got := itemCells(svg, "step house"); len(got) != 1 || !slices.Equal(got[0], []int{0, 1, 2, 3, 4, 5, 6, 7, 8}) {
		t.Errorf("the step's house is outlined at %v, want row 1", got)
	}
	if got := itemCells(svg, "step elimination"); len(got) != 1 || !slices.Equal(got[0], []int{2}) {
		t.Errorf("the step's elimination is drawn at %v, want r1c3", got)
	}
}

// TestStepsFPuzzlesEntered checks the digits entered in an f-puzzles
// file (testdata/progress.json: r6c6 is wrong) count as entered, beside
// those the page sends.
func TestStepsFPuzzlesEntered(t *testing.T) {
	t.Parallel()
	srv, _ := newTestServer(t, engineConfig(t))
	progress, err := os.ReadFile(testpuzzles.Path("testdata/progress.json"))
	if err != nil {
		t.Fatal(err)
	}
	_, _, resp := post(t, srv, "/api/steps", map[string]any{"puzzle": string(progress), "picture": "none"})
	if resp.Status != StatusMistakes || len(resp.Path.Mistakes) != 1 || resp.Path.Mistakes[0].Cell != 50 {
		t.Fatalf("the file's entered digits: %s %q %+v", resp.Status, resp.Error, resp.Path)
	}
	fileWrong := resp.Path.Mistakes[0]
	// r9c1 is 3 in the solution; 1 is wrong, and clashes with nothing.
	entered := make([]int, 81)
	entered[72] = 1
	_, _, resp = post(t, srv, "/api/steps", map[string]any{"puzzle": string(progress), "entered": entered, "picture": "none"})
	if resp.Status != StatusMistakes || !slices.Equal(resp.Path.Mistakes, []report.Candidate{fileWrong, {Cell: 72, Name: "r9c1", Digit: 1}}) {
		t.Errorf("the page's and the file's entered digits: %s %q %+v", resp.Status, resp.Error, resp.Path)
	}
}

// TestStepsCache checks that stepping through a path solves the puzzle
// once: the same position with another step (or picture) is drawn from
// the path kept; another position of the same puzzle (a digit entered)
// takes the solution kept, and another puzzle is solved; the cache keeps
// the last pathCacheSize paths.
func TestStepsCache(t *testing.T) {
	t.Parallel()
	var solves atomic.Int32
	srv, _ := newTestServer(t, Config{Solve: func(ctx context.Context, p *variant.Puzzle, o engine.Options) engine.Result {
		solves.Add(1)
		eng, err := engine.New(o)
		if err != nil {
			return engine.Result{Status: engine.Failed, Err: err}
		}
		return eng.SolvePuzzle(ctx, p)
	}})
	_, full := libraryPath(t, classic, nil)
	for i, body := range []map[string]any{
		{"puzzle": classic},
		{"puzzle": classic, "step": 7},
		{"puzzle": classic, "step": 3, "picture": "none"},
		{"puzzle": classic, "step": len(full.Steps), "whole": true},
	} {
		code, _, resp := post(t, srv, "/api/steps", body)
		step, _ := body["step"].(int) // 0 when left out
		// The steps found so far: at least the one asked for, all with
		// "whole".
		least := max(1, step)
		if body["whole"] == true {
			least = len(full.Steps)
		}
		if code != http.StatusOK || resp.Status != StatusPath || len(resp.Path.Steps) < least || len(resp.Path.Steps) > len(full.Steps) {
			t.Fatalf("request %d: %d %s %q, %d steps", i, code, resp.Status, resp.Error, len(resp.Path.Steps))
		}
		if want := max(1, step); resp.Path.Shown != want {
			t.Errorf("request %d: shown %d", i, resp.Path.Shown)
		}
	}
	if n := solves.Load(); n != 1 {
		t.Errorf("%d solves for one position stepped through, want 1", n)
	}
	entered := make([]int, 81)
	entered[full.Steps[0].Placements[0].Cell] = full.Steps[0].Placements[0].Digit
	if _, _, resp := post(t, srv, "/api/steps", map[string]any{"puzzle": classic, "entered": entered, "whole": true}); resp.Status != StatusPath || len(resp.Path.Steps) != len(full.Steps)-1 {
		t.Errorf("after the first step entered: %s, %d steps", resp.Status, len(resp.Path.Steps))
	}
	if n := solves.Load(); n != 1 {
		t.Errorf("%d solves for two positions of one puzzle, want 1", n)
	}
	// Another puzzle (a given more) is solved.
	if _, _, resp := post(t, srv, "/api/steps", map[string]any{"puzzle": classic, "givens": entered, "picture": "none"}); resp.Status != StatusPath {
		t.Errorf("another puzzle: %s %q", resp.Status, resp.Error)
	}
	if n := solves.Load(); n != 2 {
		t.Errorf("%d solves for two puzzles, want 2", n)
	}

	var c recent[*foundPath]
	for i := range pathCacheSize + 1 {
		c.put(fmt.Sprint(i), &foundPath{})
	}
	_, has0 := c.get("0")
	_, has1 := c.get("1")
	_, hasLast := c.get(fmt.Sprint(pathCacheSize))
	if has0 || !has1 || !hasLast || len(c.items) != pathCacheSize {
		t.Errorf("the cache keeps %d paths, the oldest %v", len(c.items), has0)
	}
}

// linkOf returns the first link of a file of testdata/links.
func linkOf(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(testpuzzles.Path("testdata/links/" + name))
	if err != nil {
		t.Fatal(err)
	}
	for line := range strings.Lines(string(data)) {
		if strings.HasPrefix(line, "https://") {
			return strings.TrimSpace(line)
		}
	}
	t.Fatalf("no link in %s", name)
	return ""
}

// variantPath is the logical path the page takes for a puzzle of
// variant rules (the killer of testdata/links/sudokupad-killer.txt), as
// the library gives it, and the index of its first SAT step with
// sub-steps that names a house and a rule (0-based).
func variantPath(t *testing.T, link string) (logic.Path, int) {
	t.Helper()
	h := NewHandler(patient(Config{Version: "(devel)"}))
	p, err := h.read(&Request{Puzzle: link})
	if err != nil {
		t.Fatal(err)
	}
	g, err := logicalGrid(p.vp)
	if err != nil {
		t.Fatal(err)
	}
	opts, err := explain.SolverOptions(g, true, false)
	if err != nil {
		t.Fatal(err)
	}
	path := logic.Solve(g, opts)
	for i, st := range path.Steps {
		if st.Technique == explain.Name && len(st.Sub) > 2 && len(st.Houses) > 0 && len(st.Rules) > 0 {
			return path, i
		}
	}
	t.Fatal("no SAT step with sub-steps on the path")
	return path, 0
}

// TestStepsZoom checks the sub-steps of a SAT step (its unit
// propagation) as /api/steps sends and draws them: the words and
// candidates of each are the library's, and "sub" draws one, numbered
// after its step, with its house or rule outlined and its candidate
// marked; a sub-step past the step's is refused.
func TestStepsZoom(t *testing.T) {
	link := linkOf(t, "sudokupad-killer.txt")
	want, i := variantPath(t, link)
	srv, _ := newTestServer(t, engineConfig(t))
	code, _, resp := post(t, srv, "/api/steps", map[string]any{"puzzle": link, "picture": "none", "whole": true})
	if code != http.StatusOK || resp.Status != StatusPath || len(resp.Path.Steps) != len(want.Steps) {
		t.Fatalf("%d %s %q", code, resp.Status, resp.Error)
	}
	st, got := want.Steps[i], resp.Path.Steps[i]
	if len(got.Sub) != len(st.Sub) {
		t.Fatalf("step %d: %d sub-steps sent, the library's %d", i+1, len(got.Sub), len(st.Sub))
	}
	for j, sub := range st.Sub {
		g := got.Sub[j]
		if g.Text != sub.Text || len(g.Placements) != len(sub.Placements) || len(g.Eliminations) != len(sub.Eliminations) ||
			!slices.Equal(g.Rules, sub.Rules) || len(g.Houses) != len(sub.Houses) {
			t.Errorf("step %d.%d: sent %+v, the library's %+v", i+1, j+1, g, sub)
		}
	}
	t.Logf("step %d, %d sub-steps: %s", i+1, len(st.Sub), st.Text)
	if !strings.HasPrefix(st.Sub[0].Text, "suppose ") || !strings.HasSuffix(st.Sub[len(st.Sub)-1].Text, "contradiction") {
		t.Errorf("step %d: the zoom runs from %q to %q", i+1, st.Sub[0].Text, st.Sub[len(st.Sub)-1].Text)
	}
	// Each sub-step drawn: its candidate, its house or rule.
	for j := 1; j <= len(st.Sub); j++ {
		sub := st.Sub[j-1]
		code, _, resp := post(t, srv, "/api/steps", map[string]any{"puzzle": link, "step": i + 1, "sub": j})
		if code != http.StatusOK || resp.Path.Shown != i+1 || resp.Path.ShownSub != j {
			t.Fatalf("sub-step %d: %d %s %q, shown %d.%d", j, code, resp.Status, resp.Error, resp.Path.Shown, resp.Path.ShownSub)
		}
		if !strings.Contains(resp.SVG, fmt.Sprintf(">%d.%d. ", i+1, j)) && len(sub.Placements)+len(sub.Eliminations) > 0 {
			t.Errorf("sub-step %d: the legend lacks its number %d.%d", j, i+1, j)
		}
		var placed, struck [][]int
		for _, pl := range sub.Placements {
			placed = append(placed, []int{pl.Cell})
		}
		for _, e := range sub.Eliminations {
			struck = append(struck, []int{e.Cell})
		}
		if got := itemCells(resp.SVG, "step placement"); !slices.EqualFunc(got, placed, slices.Equal) {
			t.Errorf("sub-step %d: placed at %v, want %v", j, got, placed)
		}
		if got := itemCells(resp.SVG, "step elimination"); !slices.EqualFunc(got, struck, slices.Equal) {
			t.Errorf("sub-step %d: struck at %v, want %v", j, got, struck)
		}
		if got := len(itemCells(resp.SVG, "step house")); got != len(sub.Houses) {
			t.Errorf("sub-step %d: %d houses outlined, want %d", j, got, len(sub.Houses))
		}
		var ringed [][]int // the candidate supposed, after the first sub-step
		if j > 1 {
			ringed = [][]int{{st.Sub[0].Placements[0].Cell}}
		}
		if got := itemCells(resp.SVG, "step used"); !slices.EqualFunc(got, ringed, slices.Equal) {
			t.Errorf("sub-step %d: ringed at %v, want %v", j, got, ringed)
		}
		if got := len(itemCells(resp.SVG, "step rule killercage")); got != len(sub.Rules) {
			t.Errorf("sub-step %d: %d cages outlined, want %d", j, got, len(sub.Rules))
		}
	}
	code, _, resp = post(t, srv, "/api/steps", map[string]any{"puzzle": link, "step": i + 1, "sub": len(st.Sub) + 1, "picture": "none"})
	if code != http.StatusBadRequest || !strings.Contains(resp.Error, fmt.Sprintf("has %d sub-steps", len(st.Sub))) {
		t.Errorf("a sub-step past the step's: %d %q", code, resp.Error)
	}

	// A forcing chain's branches are sub-steps too, drawn the same way.
	data, err := os.ReadFile(testpuzzles.Path("testdata/top1465-sample.txt"))
	if err != nil {
		t.Fatal(err)
	}
	hard := ""
	for line := range strings.Lines(string(data)) {
		if line = strings.TrimSpace(line); len(line) == 81 {
			hard = line
			break
		}
	}
	code, _, resp = post(t, srv, "/api/steps", map[string]any{"puzzle": hard, "picture": "none", "whole": true})
	if code != http.StatusOK || resp.Path == nil {
		t.Fatalf("a hard puzzle: %d %s %q", code, resp.Status, resp.Error)
	}
	chain := resp.Path.Steps
	k := slices.IndexFunc(chain, func(st report.Step) bool { return len(st.Sub) > 0 && st.Technique != explain.Name })
	if k < 0 {
		t.Fatal("no chain with sub-steps on the path of the first puzzle of top1465-sample.txt")
	}
	code, _, resp = post(t, srv, "/api/steps", map[string]any{"puzzle": hard, "step": k + 1, "sub": 1})
	if code != http.StatusOK || resp.Path.ShownSub != 1 || !strings.Contains(resp.SVG, fmt.Sprintf(">%d.1. ", k+1)) {
		t.Fatalf("a forcing chain's branch: %d %s %q, shown %d.%d", code, resp.Status, resp.Error, resp.Path.Shown, resp.Path.ShownSub)
	}
	checkSVG(t, resp.SVG)
	t.Logf("step %d: %s; its first branch: %s", k+1, chain[k].Text, chain[k].Sub[0].Text)
}

// TestStepsCutShort checks that a logical path the time limit cuts short
// answers with the steps found before it, says so (Path.Cut), and is not
// kept: the next request looks again; a step asked for past those found
// is answered with the last one. The path is cut here by a path
// finder that stops after three steps as at a time limit, whatever the
// clock. Not parallel: it replaces solvePath.
func TestStepsCutShort(t *testing.T) {
	var calls atomic.Int32
	real := solvePath
	defer func() { solvePath = real }()
	solvePath = func(ctx context.Context, g *logic.Grid, opts logic.Options) (logic.Path, error) {
		calls.Add(1)
		opts.OnStep = nil // the steps come at the end, all at once
		p, err := real(ctx, g, opts)
		if err != nil {
			return p, err
		}
		p.Steps, p.Solved = p.Steps[:3], false
		return p, context.DeadlineExceeded
	}
	srv, _ := newTestServer(t, Config{})
	// A step past those found is answered with the last found.
	for i, step := range []int{2, 5} {
		code, _, resp := post(t, srv, "/api/steps", map[string]any{"puzzle": classic, "step": step})
		if code != http.StatusOK || resp.Status != StatusPath || resp.Path == nil {
			t.Fatalf("request %d: %d %s %q", i, code, resp.Status, resp.Error)
		}
		if len(resp.Path.Steps) != 3 || resp.Path.Solved || !strings.Contains(resp.Path.Cut, "ran out after 3 steps") || resp.Path.Shown != min(step, 3) {
			t.Errorf("request %d: %d steps, solved %v, cut %q, shown %d", i, len(resp.Path.Steps), resp.Path.Solved, resp.Path.Cut, resp.Path.Shown)
		}
	}
	if n := calls.Load(); n != 2 {
		t.Errorf("%d paths found for two requests: a path cut short was kept", n)
	}
}

// TestCutShort checks Path.Cut's words: none for a path that ended by
// itself, the steps counted for one cut short.
func TestCutShort(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		err  error
		k    int
		want string
	}{
		{nil, 5, ""},
		{context.DeadlineExceeded, 1, "the time limit of 20s ran out after 1 step"},
		{context.DeadlineExceeded, 10, "the time limit of 20s ran out after 10 steps"},
	} {
		if got := cutShort(tc.err, tc.k, 20*time.Second); got != tc.want {
			t.Errorf("cutShort(%v, %d) = %q, want %q", tc.err, tc.k, got, tc.want)
		}
	}
}

// handOut replaces solvePath, until the test ends, by a stand-in that
// finds the library's path and hands its steps out (logic.Options.OnStep)
// as many at a time as next says, whatever the clock, the path ending
// after the last; it counts the paths it was asked for.
func handOut(t *testing.T, next <-chan int) *atomic.Int32 {
	real := solvePath
	t.Cleanup(func() { solvePath = real })
	var calls atomic.Int32
	solvePath = func(ctx context.Context, g *logic.Grid, opts logic.Options) (logic.Path, error) {
		calls.Add(1)
		onStep := opts.OnStep
		opts.OnStep = nil
		p, err := real(ctx, g, opts)
		if err != nil {
			return p, err
		}
		for i := 0; i < len(p.Steps); {
			select {
			case k := <-next:
				for ; k > 0 && i < len(p.Steps); k-- {
					onStep(p.Steps[i])
					i++
				}
			case <-ctx.Done():
				p.Steps, p.Solved = p.Steps[:i], false
				return p, ctx.Err()
			}
		}
		return p, nil
	}
	return &calls
}

// TestStepsProgressive checks that a step is answered as soon as it is
// found, the path going on after the answer (Path.More) for the requests
// of the steps after it, which wait for them; and that "whole" waits for
// the whole path. The path is found by a stand-in that takes the
// library's path and hands its steps out as the test lets it, whatever
// the clock; were the path stopped with the request that started it, the
// later requests would find it cut short and look again. Not parallel:
// it replaces solvePath.
func TestStepsProgressive(t *testing.T) {
	_, full := libraryPath(t, classic, nil)
	next := make(chan int, 1) // how many more steps the stand-in may find
	calls := handOut(t, next)
	srv, _ := newTestServer(t, Config{})
	check := func(what string, resp *Response, steps, shown int, more bool) {
		t.Helper()
		p := resp.Path
		if resp.Status != StatusPath || p == nil {
			t.Fatalf("%s: %s %q", what, resp.Status, resp.Error)
		}
		if len(p.Steps) != steps || p.Shown != shown || p.More != more || p.Solved == more || p.Cut != "" {
			t.Fatalf("%s: %d steps, shown %d, more %v, solved %v, cut %q; want %d steps, shown %d, more %v", what,
				len(p.Steps), p.Shown, p.More, p.Solved, p.Cut, steps, shown, more)
		}
		for i, st := range p.Steps {
			if st.Text != full.Steps[i].Text {
				t.Fatalf("%s: step %d says %q, the library's %q", what, i+1, st.Text, full.Steps[i].Text)
			}
		}
	}
	next <- 1
	_, _, resp := post(t, srv, "/api/steps", map[string]any{"puzzle": classic, "picture": "none"})
	check("the hint", resp, 1, 1, true)
	go func() { next <- 2 }() // while the request for step 3 waits
	_, _, resp = post(t, srv, "/api/steps", map[string]any{"puzzle": classic, "step": 3, "picture": "none"})
	check("step 3", resp, 3, 3, true)
	go func() { next <- len(full.Steps) }()
	_, _, resp = post(t, srv, "/api/steps", map[string]any{"puzzle": classic, "step": 2, "picture": "none", "whole": true})
	check("the whole path", resp, len(full.Steps), 2, false)
	if n := calls.Load(); n != 1 {
		t.Errorf("%d paths found for one position", n)
	}
}

// TestStepsOneBehindPerClient checks that a client asking about another
// position stops the path still being found for its last one, which
// would hold a solving slot to its time limit: that path ends cut short,
// saying why, and is forgotten, and its slot goes to the new position.
// Not parallel: it replaces solvePath.
func TestStepsOneBehindPerClient(t *testing.T) {
	_, full := libraryPath(t, classic, nil)
	next := make(chan int, 1)
	calls := handOut(t, next)
	// One solve at a time: the second position waits for the first's
	// path to give its slot back, rather than being answered busy.
	srv, h := newTestServer(t, Config{MaxSolves: 1})
	next <- 1
	_, _, resp := post(t, srv, "/api/steps", map[string]any{"puzzle": classic, "picture": "none"})
	if resp.Path == nil || !resp.Path.More {
		t.Fatalf("the first position: %s %q", resp.Status, resp.Error)
	}
	first, _ := h.paths.get(pathKey(&Request{Puzzle: classic}))
	if first == nil {
		t.Fatal("the first position's path is not kept while it is found")
	}
	// The first step entered: another position, from the same client.
	entered := make([]int, 81)
	entered[full.Steps[0].Placements[0].Cell] = full.Steps[0].Placements[0].Digit
	answered := make(chan *Response, 1)
	go func() {
		_, _, resp := post(t, srv, "/api/steps", map[string]any{"puzzle": classic, "entered": entered, "picture": "none"})
		answered <- resp
	}()
	lp, path, _ := first.wait(context.Background(), math.MaxInt) // ends once stopped
	if len(lp.Steps) != 1 || path.More || !strings.Contains(path.Cut, "stopped after 1 step") {
		t.Errorf("the first path, once the client moved on: %d steps, more %v, cut %q", len(lp.Steps), path.More, path.Cut)
	}
	next <- 1 // the second position's first step
	if resp := <-answered; resp.Path == nil || len(resp.Path.Steps) != 1 || resp.Path.Steps[0].Text != full.Steps[1].Text {
		t.Errorf("the second position: %s %q %+v", resp.Status, resp.Error, resp.Path)
	}
	if _, kept := h.paths.get(pathKey(&Request{Puzzle: classic})); kept {
		t.Error("the path stopped is still kept")
	}
	if n := calls.Load(); n != 2 {
		t.Errorf("%d paths found for two positions", n)
	}
}

// TestBehindPathsOnePerClient checks the paths noted per client: a path
// started while another is noted for the same client (two requests that
// came at once, neither finding a path to stop) stops the other, which
// would hold its solving slot to its time limit; another client's path is
// left alone; and the stopped path, ending, does not forget its successor.
func TestBehindPathsOnePerClient(t *testing.T) {
	var b behindPaths
	stopped := map[string]bool{}
	stopFor := func(name string) context.CancelFunc { return func() { stopped[name] = true } }
	first, second, other := &foundPath{}, &foundPath{}, &foundPath{}
	b.start("192.0.2.1", first, stopFor("first"), nil)
	b.start("192.0.2.2", other, stopFor("other"), nil)
	b.start("192.0.2.1", second, stopFor("second"), nil)
	if !stopped["first"] || stopped["second"] || stopped["other"] {
		t.Errorf("stopped %v, want the first path only", stopped)
	}
	b.done("192.0.2.1", first)
	if b.byIP["192.0.2.1"].f != second {
		t.Error("the first path, ending, forgot the second")
	}
	ended := make(chan struct{})
	b.start("192.0.2.1", second, stopFor("second again"), ended)
	if stopped["second again"] || stopped["second"] {
		t.Error("a path noted again stopped itself")
	}
	if got := b.stop("192.0.2.1"); got != ended || !stopped["second again"] {
		t.Errorf("stop: the second path not stopped (%v)", stopped)
	}
}
