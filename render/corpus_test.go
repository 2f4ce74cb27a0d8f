package render

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/fpuzzles"
	"github.com/satdoku/satdoku/internal/race"
	"github.com/satdoku/satdoku/internal/testpuzzles"
	"github.com/satdoku/satdoku/variant"
)

// corpusEntry is an entry of testdata/variants/manifest.json.
type corpusEntry struct {
	File     string `json:"file"`
	Solution string `json:"solution"`
}

// corpusSolution reads a manifest solution: N² digits, or numbers
// separated by spaces.
func corpusSolution(t *testing.T, s string, shape board.Shape) *board.Board {
	t.Helper()
	b := board.New(shape)
	fields := strings.Fields(s)
	if len(fields) == 1 {
		fields = strings.Split(s, "")
	}
	if len(fields) != len(b.Cells) {
		t.Fatalf("solution of %d digits for %d cells", len(fields), len(b.Cells))
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

// TestCorpus draws every puzzle of testdata/variants (real, converted and
// constructed f-puzzles puzzles of every rule kind) with its recorded
// solution: the SVG is valid XML, every rule with marks leaves some, and
// the PNG rasterises. With SATDOKU_ARTIFACTS set, the pictures are saved
// there for a look.
func TestCorpus(t *testing.T) {
	t.Parallel()
	race.SkipSequential(t)
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
	out := os.Getenv("SATDOKU_ARTIFACTS")
	for _, e := range entries {
		t.Run(e.File, func(t *testing.T) {
			f, err := os.Open(testpuzzles.Path("testdata/variants/" + e.File))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			res, err := fpuzzles.Read(f)
			if err != nil {
				t.Fatal(err)
			}
			p := res.Puzzle
			sol := corpusSolution(t, e.Solution, p.Givens.Shape)
			if err := variant.Check(p, sol); err != nil {
				t.Fatalf("the recorded solution fails: %v", err)
			}
			sc, err := Draw(&Picture{Variant: p, Solution: sol, Title: p.Title}, Options{})
			if err != nil {
				t.Fatal(err)
			}
			var svg bytes.Buffer
			sc.WriteSVG(&svg)
			els := parseSVG(t, svg.Bytes())
			for _, r := range p.Rules {
				switch r.(type) {
				case variant.AntiKnight, variant.AntiKing, variant.DisjointGroups, variant.Negative:
					continue
				case variant.PencilMarks:
					continue // under the solution's digits; TestMarksClear draws them
				}
				if len(withClass(els, r.Name())) == 0 {
					t.Errorf("%s: nothing drawn", r.Describe(p.Side()))
				}
			}
			if n := len(withClass(els, "digit")); n != p.Side()*p.Side() {
				t.Errorf("%d digits drawn", n)
			}
			scale := 1.0
			if testing.Short() {
				scale = 0.5
			}
			if _, err := sc.Rasterize(scale); err != nil {
				t.Fatal(err)
			}
			if out != "" {
				name := strings.ReplaceAll(strings.TrimSuffix(e.File, ".json"), "/", "-")
				os.MkdirAll(out, 0o755)
				os.WriteFile(filepath.Join(out, name+".svg"), svg.Bytes(), 0o644)
				var png bytes.Buffer
				sc.WritePNG(&png, 1)
				os.WriteFile(filepath.Join(out, name+".png"), png.Bytes(), 0o644)
			}
		})
	}
}
