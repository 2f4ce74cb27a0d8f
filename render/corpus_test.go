package render

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/internal/race"
	"github.com/satdoku/satdoku/internal/variantcorpus"
	"github.com/satdoku/satdoku/variant"
)

// TestCorpus draws every puzzle of testdata/variants (real, converted and
// constructed f-puzzles puzzles of every rule kind) with its recorded
// solution: the SVG is valid XML, every rule with marks leaves some, and
// the PNG rasterises. With SATDOKU_ARTIFACTS set, the pictures are saved
// there for a look.
func TestCorpus(t *testing.T) {
	t.Parallel()
	race.SkipSequential(t)
	corpus := variantcorpus.Read(t)
	if len(corpus) < 50 {
		t.Fatalf("only %d puzzles in the manifest", len(corpus))
	}
	out := os.Getenv("SATDOKU_ARTIFACTS")
	for _, cp := range corpus {
		t.Run(cp.File, func(t *testing.T) {
			p, sol := cp.Puzzle, cp.Solution
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
				name := strings.ReplaceAll(strings.TrimSuffix(cp.File, ".json"), "/", "-")
				os.MkdirAll(out, 0o755)
				os.WriteFile(filepath.Join(out, name+".svg"), svg.Bytes(), 0o644)
				var png bytes.Buffer
				sc.WritePNG(&png, 1)
				os.WriteFile(filepath.Join(out, name+".png"), png.Bytes(), 0o644)
			}
		})
	}
}
