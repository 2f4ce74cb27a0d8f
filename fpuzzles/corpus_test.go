package fpuzzles_test

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/fpuzzles"
	"github.com/satdoku/satdoku/internal/testpuzzles"
	"github.com/satdoku/satdoku/variant"
)

// corpusEntry is one puzzle of testdata/variants/manifest.json.
type corpusEntry struct {
	File         string `json:"file"`
	Title        string `json:"title"`
	Note         string `json:"note"`
	Origin       string `json:"origin"` // real, converted, constructed
	Source       string `json:"source"`
	Solution     string `json:"solution"`
	SolutionFrom string `json:"solutionFrom"` // source, constructed
	Completions  int    `json:"completions,omitempty"`
}

const corpusDir = "testdata/variants"

func readManifest(t testing.TB) []corpusEntry {
	t.Helper()
	data, err := os.ReadFile(testpuzzles.Path(corpusDir + "/manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	var es []corpusEntry
	if err := json.Unmarshal(data, &es); err != nil {
		t.Fatal(err)
	}
	if len(es) == 0 {
		t.Fatal("empty manifest")
	}
	return es
}

func readCorpusPuzzle(t testing.TB, e corpusEntry) *fpuzzles.Result {
	t.Helper()
	f, err := os.Open(testpuzzles.Path(corpusDir + "/" + e.File))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	res, err := fpuzzles.Read(f)
	if err != nil {
		t.Fatalf("%s: %v", e.File, err)
	}
	return res
}

// parseSolution reads a manifest solution: N² digits, or numbers
// separated by spaces on boards over 9×9.
func parseSolution(t testing.TB, s string, shape board.Shape) *board.Board {
	t.Helper()
	b := board.New(shape)
	var fields []string
	if strings.Contains(s, " ") {
		fields = strings.Fields(s)
	} else {
		fields = strings.Split(s, "")
	}
	if len(fields) != len(b.Cells) {
		t.Fatalf("solution has %d digits, want %d", len(fields), len(b.Cells))
	}
	for i, f := range fields {
		d, err := strconv.Atoi(f)
		if err != nil {
			t.Fatalf("solution digit %q", f)
		}
		b.Cells[i] = uint8(d)
	}
	return b
}

// ruleKinds names the kinds of rule a puzzle has, as the corpus counts
// them: rule names, "regions" for irregular regions, "pill" for an arrow
// with a multi-cell circle, "negative:ratio"/"negative:xv", "windoku".
func ruleKinds(p *variant.Puzzle) []string {
	set := map[string]bool{}
	if p.Regions != nil && p.Givens.Shape.BoxRows > 1 {
		// Irregular only if they differ from the boxes.
		for i, l := range p.Regions {
			if l != p.Givens.Shape.Box(i/p.Side(), i%p.Side()) {
				set["regions"] = true
				break
			}
		}
	} else if p.Regions != nil {
		set["regions"] = true
	}
	for _, r := range p.Rules {
		name := r.Name()
		switch r := r.(type) {
		case variant.Negative:
			switch r.Kind {
			case variant.NoRatio:
				name = "negative:ratio"
			case variant.NoSum:
				name = "negative:xv"
			}
		case variant.Arrow:
			if len(r.Circle) > 1 {
				set["pill"] = true
			}
		case variant.Killer:
			if r.Sum == 0 {
				set["killercage:nosum"] = true
			}
		}
		set[name] = true
	}
	var out []string
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// TestCorpusSolutions checks every recorded solution with the independent
// checker, and that the corpus has two puzzles or more of every rule kind.
func TestCorpusSolutions(t *testing.T) {
	t.Parallel()
	count := map[string][]string{}
	for _, e := range readManifest(t) {
		res := readCorpusPuzzle(t, e)
		for _, k := range ruleKinds(res.Puzzle) {
			count[k] = append(count[k], e.File)
		}
		if e.Solution == "" {
			continue
		}
		sol := parseSolution(t, e.Solution, res.Puzzle.Givens.Shape)
		if err := variant.Check(res.Puzzle, sol); err != nil {
			t.Errorf("%s (%s): the recorded solution fails: %v", e.File, e.Title, err)
		}
		if res.Solution != nil && !res.Solution.Equal(sol) {
			t.Errorf("%s: the file's own solution differs from the manifest's", e.File)
		}
	}
	want := []string{
		"diagonal+", "diagonal-", "antiknight", "antiking", "nonconsecutive", "disjointgroups", "regions", "extraregion",
		"odd", "even", "givenPencilMarks", "minimum", "maximum",
		"thermometer", "slowthermometer", "arrow", "pill", "doublearrow", "palindrome", "renban", "whispers",
		"betweenline", "regionsumline", "entropicline", "modularline", "zipperline", "nabner",
		"killercage", "killercage:nosum", "digitalroot", "littlekillersum", "difference", "ratio", "xv", "negative:ratio", "negative:xv",
		"quadruple", "clone", "sandwichsum", "xsum", "skyscraper", "rowindexer", "columnindexer", "boxindexer",
	}
	for _, k := range want {
		if len(count[k]) < 2 {
			t.Errorf("rule kind %s: %d puzzles in the corpus %v, want 2 or more", k, len(count[k]), count[k])
		}
	}
	for k := range count {
		if !slices.Contains(want, k) {
			t.Errorf("rule kind %s is in the corpus but not in the list of kinds", k)
		}
	}
}

// TestCorpusREADME checks that testdata/variants/README.md lists the
// corpus as it is; SATDOKU_UPDATE_CORPUS_README=1 rewrites it.
func TestCorpusREADME(t *testing.T) {
	t.Parallel()
	path := testpuzzles.Path(corpusDir + "/README.md")
	old, err := os.ReadFile(path)
	if err != nil && os.Getenv("SATDOKU_UPDATE_CORPUS_README") != "1" {
		t.Fatal(err)
	}
	head, _, _ := strings.Cut(string(old), corpusTableMark)
	var sb strings.Builder
	sb.WriteString(head)
	sb.WriteString(corpusTableMark + "\n\n")
	entries := readManifest(t)
	count := map[string]int{}
	type row struct{ file, size, kinds, origin, source, solution string }
	var rows []row
	for _, e := range entries {
		res := readCorpusPuzzle(t, e)
		kinds := ruleKinds(res.Puzzle)
		for _, k := range kinds {
			count[k]++
		}
		sol := "from the source"
		if e.SolutionFrom == "constructed" {
			sol = fmt.Sprintf("constructed; unique over %d completions", e.Completions)
		}
		src := e.Source
		if e.Note != "" {
			src += "; " + e.Note
		}
		n := res.Puzzle.Side()
		rows = append(rows, row{e.File, fmt.Sprintf("%dx%d", n, n), strings.Join(kinds, " "), e.Origin, src, sol})
	}
	var kinds []string
	for k := range count {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	sb.WriteString("Puzzles per rule kind:\n\n| kind | puzzles |\n|---|---|\n")
	for _, k := range kinds {
		fmt.Fprintf(&sb, "| %s | %d |\n", k, count[k])
	}
	sb.WriteString("\nThe puzzles:\n\n| file | size | rules | origin | source | solution |\n|---|---|---|---|---|---|\n")
	for _, r := range rows {
		fmt.Fprintf(&sb, "| %s | %s | %s | %s | %s | %s |\n", r.file, r.size, r.kinds, r.origin, strings.ReplaceAll(r.source, "|", "/"), r.solution)
	}
	if os.Getenv("SATDOKU_UPDATE_CORPUS_README") == "1" {
		if err := os.WriteFile(path, []byte(sb.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if sb.String() != string(old) {
		t.Fatal("testdata/variants/README.md is out of date: run SATDOKU_UPDATE_CORPUS_README=1 go test -run TestCorpusREADME ./fpuzzles/")
	}
}

const corpusTableMark = "<!-- Everything below is written by TestCorpusREADME (fpuzzles/corpus_test.go). -->"
