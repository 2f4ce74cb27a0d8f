package logic

import (
	"errors"
	"testing"

	"github.com/satdoku/satdoku/internal/variantcorpus"
)

// TestSoundHouseCorpus solves every corpus puzzle whose rules are houses
// only (jigsaw regions, diagonals, windoku, disjoint groups, given pencil
// marks) and checks each step against the manifest's solution. The 16×16
// puzzles stop before the dynamic forcing chains unless SATDOKU_LOGIC_ALL=1:
// 16×16 windoku's full path (624 steps, 170 of them dynamic or nested
// chains) is 40 s of CPU, most of this package's tests.
func TestSoundHouseCorpus(t *testing.T) {
	tested := 0
	kinds := map[HouseKind]bool{}
	for _, p := range variantcorpus.Read(t) {
		g, err := FromPuzzle(p.Puzzle)
		if err == nil {
			err = g.UnsupportedRule()
		}
		if errors.Is(err, ErrUnsupportedRule) {
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", p.File, err)
		}
		for _, h := range g.Houses {
			kinds[h.Kind] = true
		}
		_, unique := variantcorpus.NotUnique[p.File]
		opts := Options{Unique: !unique}
		if g.N > 9 && !logicAll() {
			opts.Techniques = techniquesUpTo(8.0)
		}
		path := Solve(g, opts)
		checkPathSound(t, p.File, g, p.Solution.Cells, path)
		r := Rate(path)
		t.Logf("%s: %d steps, solved %v, ER %.1f (%s)", p.File, len(path.Steps), path.Solved, r.ER, r.Hardest)
		tested++
	}
	if tested == 0 {
		t.Fatal("no corpus puzzle has houses only")
	}
	// Disjoint groups come in the corpus only beside other rules; see
	// TestFromPuzzle.
	for _, k := range []HouseKind{Box, Diagonal, Extra} {
		if !kinds[k] {
			t.Errorf("no corpus puzzle tested has a house of kind %d", k)
		}
	}
}
