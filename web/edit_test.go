package web

import (
	"encoding/json"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/fpuzzles"
	"github.com/satdoku/satdoku/input"
	"github.com/satdoku/satdoku/internal/lzstring"
	"github.com/satdoku/satdoku/internal/testpuzzles"
)

// corpusEntry is an entry of testdata/variants/manifest.json.
type corpusEntry struct {
	File     string `json:"file"`
	Solution string `json:"solution"`
}

// readCorpus returns the manifest of testdata/variants.
func readCorpus(t *testing.T) []corpusEntry {
	t.Helper()
	raw, err := os.ReadFile(testpuzzles.Path("testdata/variants/manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	var entries []corpusEntry
	if err := json.Unmarshal(raw, &entries); err != nil {
		t.Fatal(err)
	}
	if len(entries) < 50 {
		t.Fatalf("only %d puzzles in the manifest", len(entries))
	}
	return entries
}

// solutionDigits reads a manifest solution: N² digits, or numbers
// separated by spaces.
func solutionDigits(t *testing.T, s string, cells int) []int {
	t.Helper()
	fields := strings.Fields(s)
	if len(fields) == 1 {
		fields = strings.Split(s, "")
	}
	if len(fields) != cells {
		t.Fatalf("solution of %d digits for %d cells", len(fields), cells)
	}
	out := make([]int, cells)
	for i, f := range fields {
		d, err := strconv.Atoi(f)
		if err != nil {
			t.Fatalf("solution digit %q", f)
		}
		out[i] = d
	}
	return out
}

// rulesOf describes the rules of f-puzzles input, one a line.
func rulesOf(t *testing.T, text string) ([]string, []int) {
	t.Helper()
	res, err := input.Load(text)
	if err != nil {
		t.Fatalf("reading back: %v", err)
	}
	var out []string
	for _, r := range res.Puzzle.Rules {
		out = append(out, r.Describe(res.Puzzle.Side()))
	}
	return out, digits(res.Puzzle.Givens)
}

// TestEditKeepsRules types givens on every corpus puzzle (a solution digit
// into the first blank cell, and the first given cleared), sent as its
// f-puzzles JSON, as an f-puzzles link and as a SudokuPad link of the
// same payload: the text the page gets back is in the same form and reads
// back as the same puzzle (every rule) with the new givens.
func TestEditKeepsRules(t *testing.T) {
	t.Parallel()
	srv, _ := newTestServer(t, Config{})
	for _, e := range readCorpus(t) {
		raw, err := os.ReadFile(testpuzzles.Path("testdata/variants/" + e.File))
		if err != nil {
			t.Fatal(err)
		}
		payload := lzstring.CompressToBase64(string(raw))
		forms := []struct{ name, text, prefix string }{
			{"json", string(raw), "{"},
			{"f-puzzles link", fpuzzles.LinkPrefix + payload, fpuzzles.LinkPrefix},
			{"SudokuPad link", "https://sudokupad.app/fpuzzles" + payload, "https://sudokupad.app/fpuzzles"},
		}
		for _, form := range forms {
			t.Run(e.File+"/"+form.name, func(t *testing.T) {
				wantRules, givens := rulesOf(t, form.text)
				sol := solutionDigits(t, e.Solution, len(givens))
				if blank := slices.Index(givens, 0); blank >= 0 {
					givens[blank] = sol[blank]
				}
				if given := slices.IndexFunc(givens, func(d int) bool { return d != 0 }); given >= 0 && len(givens) > 0 {
					givens[given] = 0
				}
				code, _, resp := post(t, srv, "/api/render", Request{Puzzle: form.text, Givens: givens, Picture: "none"})
				if code != 200 {
					t.Fatalf("%d %s", code, resp.Error)
				}
				if !strings.HasPrefix(resp.Text, form.prefix) {
					t.Errorf("the edited text is no longer in its form: %.60q", resp.Text)
				}
				gotRules, gotGivens := rulesOf(t, resp.Text)
				if !slices.Equal(gotRules, wantRules) {
					t.Errorf("rules changed by the edit:\n got %q\nwant %q", gotRules, wantRules)
				}
				if !slices.Equal(gotGivens, givens) {
					t.Errorf("givens read back %v, want %v", gotGivens, givens)
				}
			})
		}
	}
}

// TestEditOtherForms types a given on puzzles that are not f-puzzles JSON
// inside: a SudoCue killer string becomes an f-puzzles link with every
// cage, and a SudokuPad puzzle whose drawings a link cannot keep is
// refused with a message, its text untouched.
func TestEditOtherForms(t *testing.T) {
	t.Parallel()
	srv, _ := newTestServer(t, Config{})
	killers, err := os.ReadFile(testpuzzles.Path("testdata/variants/sudocue/killers.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var sudocue string
	for line := range strings.Lines(string(killers)) {
		if strings.HasPrefix(line, "3x3:") {
			sudocue = strings.TrimSpace(line)
			break
		}
	}
	if sudocue == "" {
		t.Fatal("no SudoCue killer in killers.txt")
	}
	wantRules, givens := rulesOf(t, sudocue)
	givens[40] = 5 // the centre: no given there can clash on an empty killer
	code, _, resp := post(t, srv, "/api/render", Request{Puzzle: sudocue, Givens: givens, Picture: "none"})
	if code != 200 || !strings.HasPrefix(resp.Text, fpuzzles.LinkPrefix) {
		t.Fatalf("SudoCue killer edited: %d %q %.60q", code, resp.Error, resp.Text)
	}
	if gotRules, gotGivens := rulesOf(t, resp.Text); !slices.Equal(gotRules, wantRules) || !slices.Equal(gotGivens, givens) {
		t.Errorf("the SudoCue killer's link reads back as another puzzle: %d rules for %d, givens %v", len(gotRules), len(wantRules), gotGivens)
	}

	// A clash is refused: f-puzzles files cannot hold two 5s in a row.
	givens[41] = 5
	code, _, resp = post(t, srv, "/api/render", Request{Puzzle: sudocue, Givens: givens, Picture: "none"})
	if code != 400 || !strings.HasPrefix(resp.Error, errEditRefused.Error()) || resp.Text != "" {
		t.Errorf("clashing givens: %d %q", code, resp.Error)
	}
}

// TestPlainNotes: what an f-puzzles file holds that is not solved with is
// said in words, not as "key (count): why".
func TestPlainNotes(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		ig   fpuzzles.Ignored
		want string
	}{
		{fpuzzles.Ignored{Key: "line", Count: 5, Why: "drawing only"}, "5 lines are drawn only: not a rule, so not used to solve"},
		{fpuzzles.Ignored{Key: "text", Count: 1, Why: "drawing only"}, "1 text label is drawn only: not a rule, so not used to solve"},
		{fpuzzles.Ignored{Key: "grid.centerPencilMarks", Count: 3, Why: "solver notes"}, "pencil marks a solver wrote in 3 cells: notes, not rules"},
		{fpuzzles.Ignored{Key: "metadata", Count: 1, Why: "setting"}, `an f-puzzles setting ("metadata"), which does not change the puzzle`},
		{fpuzzles.Ignored{Key: "xv", Count: 1, Why: "XV mark with no letter (drawing only)"}, "XV mark with no letter: drawn only, not used to solve"},
	} {
		if got := plainNote(tc.ig); got != tc.want {
			t.Errorf("%v: %q, want %q", tc.ig, got, tc.want)
		}
	}
}

// TestEditMarks types givens on a pasted pencil-mark grid: the text comes
// back as a pencil-mark grid with every other cell's marks, a given
// outside its cell's marks is refused, and a cleared given leaves a cell
// of every digit.
func TestEditMarks(t *testing.T) {
	t.Parallel()
	srv, _ := newTestServer(t, Config{})
	grid := ".---------.\n| 12 2 | 34 4 |\n| 3 4 | 12 12 |\n| 2 1 | 34 34 |\n| 4 3 | 2 1 |\n'---------'\n"
	code, _, resp := post(t, srv, "/api/render", Request{Puzzle: grid, Picture: "none"})
	if code != 200 {
		t.Fatalf("%d %s", code, resp.Error)
	}
	givens := slices.Clone(resp.Givens)
	givens[0] = 1 // r1c1 holds 1 or 2
	givens[1] = 0 // r1c2 was given 2
	code, _, resp = post(t, srv, "/api/render", Request{Puzzle: grid, Givens: givens, Picture: "none"})
	if want := "1 1234 34 4\n3 4 12 12\n2 1 34 34\n4 3 2 1\n"; code != 200 || resp.Text != want {
		t.Fatalf("%d %q: text %q, want %q", code, resp.Error, resp.Text, want)
	}
	if len(resp.Rules) != 5 { // the marks of r2c3 r2c4 r3c3 r3c4 r1c3; r1c1's gave way to its given
		t.Errorf("%d rules after the edit: %q", len(resp.Rules), resp.Rules)
	}
	givens[0] = 3
	code, _, resp = post(t, srv, "/api/render", Request{Puzzle: grid, Givens: givens, Picture: "none"})
	if code != 400 || !strings.Contains(resp.Error, "r1c1 may hold only 1 or 2") {
		t.Errorf("a given outside the marks: %d %q", code, resp.Error)
	}
}
