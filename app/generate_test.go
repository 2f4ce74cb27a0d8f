package app

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/fallback"
	"github.com/satdoku/satdoku/fpuzzles"
	"github.com/satdoku/satdoku/generate"
	"github.com/satdoku/satdoku/internal/lzstring"
)

// TestGenerateCLI: the same seed gives the same puzzles with any number of
// workers; each is a unique, symmetric line puzzle.
func TestGenerateCLI(t *testing.T) {
	args := []string{"generate", "--seed", "5", "--count", "6", "--symmetry", "rotate90"}
	a := satdoku(t, "", append(args, "-j", "1")...)
	a.wantCode(t, ExitOK)
	b := satdoku(t, "", append(args, "-j", "3")...)
	b.wantCode(t, ExitOK)
	if a.stdout != b.stdout {
		t.Fatalf("-j 1 and -j 3 differ:\n%s\n%s", a.stdout, b.stdout)
	}
	lines := strings.Split(strings.TrimSuffix(a.stdout, "\n"), "\n")
	if len(lines) != 6 {
		t.Fatalf("%d lines:\n%s", len(lines), a.stdout)
	}
	for _, l := range lines {
		p, err := board.Parse(l)
		if err != nil {
			t.Fatal(err)
		}
		if fallback.Count(p, 2) != 1 {
			t.Fatalf("%s is not unique", l)
		}
		if !generate.Rotate90.Holds(p.Cells, 9) {
			t.Fatalf("%s is not rotate90-symmetric", l)
		}
	}
	c := satdoku(t, "", "generate", "--seed", "6", "--count", "6", "--symmetry", "rotate90")
	if c.stdout == a.stdout {
		t.Fatal("seeds 5 and 6 give the same puzzles")
	}
}

func TestGenerateCLIFormats(t *testing.T) {
	// JSON Lines: the puzzle, its solution, the givens and the symmetry.
	r := satdoku(t, "", "generate", "--seed", "1", "-n", "2", "--size", "6", "-o", "json", "--symmetry", "full")
	r.wantCode(t, ExitOK)
	for _, l := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
		var j struct {
			Puzzle, Solution, Symmetry string
			Givens, Size               int
		}
		if err := json.Unmarshal([]byte(l), &j); err != nil {
			t.Fatal(err)
		}
		p, err := parseLine6(j.Puzzle)
		if err != nil {
			t.Fatal(err)
		}
		sol, err := parseLine6(j.Solution)
		if err != nil {
			t.Fatal(err)
		}
		if j.Size != 6 || j.Symmetry != "full" || j.Givens != p.Givens() || board.Verify(p, sol) != nil {
			t.Fatalf("bad line %s", l)
		}
	}
	// Every board format reads back; a jigsaw goes out as a link that
	// solve finds unique.
	for _, f := range []string{"grid", "compact", "pretty", "fpuzzles", "fpuzzles-url"} {
		r := satdoku(t, "", "generate", "--seed", "2", "-o", f)
		r.wantCode(t, ExitOK)
		s := satdoku(t, r.stdout, "solve", "--unique")
		s.wantCode(t, ExitOK)
	}
	link := satdoku(t, "", "generate", "--seed", "3", "--jigsaw", "--rules", "diagonals")
	link.wantCode(t, ExitOK)
	if !strings.HasPrefix(link.stdout, "https://") {
		t.Fatalf("jigsaw output %q", link.stdout)
	}
	s := satdoku(t, "", "solve", "--unique", "-o", "line", strings.TrimSpace(link.stdout))
	s.wantCode(t, ExitOK)
	if !strings.Contains(s.stdout, "unique") {
		t.Fatalf("the jigsaw is not unique: %v", s)
	}
	dir := t.TempDir()
	r = satdoku(t, "", "generate", "--seed", "4", "-n", "2", "-o", "svg", "--out", dir)
	r.wantCode(t, ExitOK)
	for _, name := range []string{"000001.svg", "000002.svg"} {
		if data, err := os.ReadFile(filepath.Join(dir, name)); err != nil || !strings.Contains(string(data), "<svg") {
			t.Fatalf("%s: %v", name, err)
		}
	}
}

func TestGenerateCLIUsage(t *testing.T) {
	tests := [][]string{
		{"generate", "--symmetry", "spiral"},
		{"generate", "--givens", "30..20"},
		{"generate", "--givens", "x"},
		{"generate", "--minimal=false"},
		{"generate", "--count", "0"},
		{"generate", "--size", "3"},
		{"generate", "--jigsaw", "-o", "line"},
		{"generate", "--rules", "spiral"},
		{"generate", "--seed", "-1"},
		{"generate", "-o", "svg", "-n", "2"},
		{"generate", "stray"},
		{"generate", "--out", "dir"},
		{"generate", "--rating", "6..4"},
		{"generate", "--rating", "x"},
		{"generate", "--level", "trivial"},
		{"generate", "--require", "spiral"},
	}
	for _, args := range tests {
		r := satdoku(t, "", args...)
		r.wantCode(t, ExitUsage)
		if r.stderr == "" {
			t.Errorf("%v: no message", args)
		}
	}
	// Bounds no minimal puzzle meets within the attempts: exit 3, named.
	r := satdoku(t, "", "generate", "--givens", "..15", "--attempts", "3", "--seed", "1")
	r.wantCode(t, ExitNoSolution)
	if !strings.Contains(r.stderr, "givens bounds") {
		t.Fatalf("%v", r)
	}
}

// layoutFile writes the corpus puzzle file, its givens taken away, as an
// f-puzzles layout.
func layoutFile(t *testing.T, corpus string) string {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "testdata", "variants", corpus))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	res, err := fpuzzles.Read(f)
	if err != nil {
		t.Fatal(err)
	}
	p := res.Puzzle
	p.Givens = board.New(p.Givens.Shape)
	data, err := fpuzzles.Marshal(p, nil, fpuzzles.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return writeFile(t, "layout.json", string(data))
}

func TestGenerateComplete(t *testing.T) {
	name := layoutFile(t, "sigh/xv-sudoku.json")
	r := satdoku(t, "", "generate", "--complete", name, "--seed", "1", "--tries", "2", "-o", "fpuzzles")
	r.wantCode(t, ExitOK)
	if !strings.Contains(r.stderr, "givens added, a minimal set") && !strings.Contains(r.stderr, "given added, a minimal set") {
		t.Fatalf("no report: %v", r)
	}
	s := satdoku(t, r.stdout, "solve", "--unique")
	s.wantCode(t, ExitOK)
	if !strings.Contains(s.stdout, "unique") {
		t.Fatalf("the completed layout is not unique: %v", s)
	}
	// A layout that nothing makes unique: a two-cell cage summing to 2.
	bad := writeFile(t, "bad.json", `{"size":9,"grid":`+emptyGrid(9)+`,"killercage":[{"cells":["R1C1","R1C2"],"value":"2"}]}`)
	r = satdoku(t, "", "generate", "--complete", bad)
	r.wantCode(t, ExitNoSolution)
	if !strings.Contains(r.stderr, "no givens make this layout unique") || !strings.Contains(r.stderr, "killer cage r1c1 r1c2 sums to 2") {
		t.Fatalf("%v", r)
	}
	r = satdoku(t, "", "generate", "--complete", filepath.Join(t.TempDir(), "missing.json"))
	r.wantCode(t, ExitInvalid)
}

func TestGenerateKillerCLI(t *testing.T) {
	r := satdoku(t, "", "generate", "--killer", "--seed", "2", "--tries", "2", "--size", "6")
	r.wantCode(t, ExitOK)
	s := satdoku(t, "", "solve", "--unique", "-o", "line", strings.TrimSpace(r.stdout))
	s.wantCode(t, ExitOK)
	if !strings.Contains(s.stdout, "unique") {
		t.Fatalf("the killer is not unique: %v", s)
	}
}

func emptyGrid(n int) string {
	row := "[" + strings.TrimSuffix(strings.Repeat("{},", n), ",") + "]"
	return "[" + strings.TrimSuffix(strings.Repeat(row+",", n), ",") + "]"
}

func TestAllowedCells(t *testing.T) {
	grid := make([][]map[string]any, 4)
	for r := range grid {
		grid[r] = make([]map[string]any, 4)
		for c := range grid[r] {
			grid[r][c] = map[string]any{}
		}
	}
	grid[0][1]["c"] = "#A8A8A8"
	grid[2][3]["cArray"] = []string{"#FF0000"}
	grid[3][0]["highlight"] = "#00FF00"
	grid[1][1]["c"] = ""
	data, _ := json.Marshal(map[string]any{"size": 4, "grid": grid})
	want := []int{1, 11, 12}
	for _, text := range []string{string(data), fpuzzles.LinkPrefix + lzstring.CompressToBase64(string(data))} {
		got := allowedCells(text, 4)
		var cells []int
		for x, ok := range got {
			if ok {
				cells = append(cells, x)
			}
		}
		if len(cells) != len(want) || cells[0] != 1 || cells[1] != 11 || cells[2] != 12 {
			t.Errorf("allowed %v, want %v", cells, want)
		}
	}
	if allowedCells(`{"size":4,"grid":`+emptyGrid(4)+`}`, 4) != nil {
		t.Error("no colour, yet cells allowed")
	}
	if allowedCells("not json", 4) != nil {
		t.Error("allowed cells from nothing")
	}
}

// parseLine6 reads a 6×6 line puzzle (2×3 boxes).
func parseLine6(line string) (*board.Board, error) {
	rd := board.NewReader(strings.NewReader(line + "\n"))
	rd.Shape = board.Shape{BoxRows: 2, BoxCols: 3}
	p, err := rd.Read()
	if err != nil {
		return nil, err
	}
	return p.Board, nil
}

func FuzzParseGivens(f *testing.F) {
	for _, s := range []string{"22..26", "..30", "20..", "25", "", "x..y", "30..20", "-1..5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		lo, hi, err := parseGivens(s)
		if err != nil {
			return
		}
		if lo < 0 || hi < 0 || hi > 0 && lo > hi {
			t.Fatalf("%q: %d..%d accepted", s, lo, hi)
		}
	})
}

// TestGenerateRatingCLI: --rating keeps puzzles in the band, the rating
// printed beside each (a comment the readers skip), in JSON too.
func TestGenerateRatingCLI(t *testing.T) {
	r := satdoku(t, "", "generate", "--seed", "3", "-n", "2", "--rating", "3.0..6.0", "--symmetry", "rotate180")
	r.wantCode(t, ExitOK)
	for _, l := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
		var er float64
		i := strings.Index(l, " # ER ")
		if i < 0 {
			t.Fatalf("no rating beside %q", l)
		}
		if _, err := fmt.Sscanf(l[i+len(" # ER "):], "%f", &er); err != nil || er < 3.0 || er > 6.0 {
			t.Fatalf("%q: ER %v (%v)", l, er, err)
		}
	}
	s := satdoku(t, r.stdout, "solve", "--unique", "-o", "line")
	s.wantCode(t, ExitOK)
	j := satdoku(t, "", "generate", "--seed", "3", "--level", "easy", "-o", "json")
	j.wantCode(t, ExitOK)
	if !strings.Contains(j.stdout, `"rating":"ER `) || !strings.Contains(j.stdout, "Easy") {
		t.Fatalf("%v", j)
	}
}
