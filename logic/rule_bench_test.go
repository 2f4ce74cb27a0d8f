package logic

import (
	"testing"

	"github.com/satdoku/satdoku/internal/cputime"
	"github.com/satdoku/satdoku/internal/variantcorpus"
)

// ruleBenchGrids returns, for each corpus puzzle, its starting grid and
// the grid halfway along its path with the house and rule techniques
// (positions with fewer candidates, where searches conclude more).
func ruleBenchGrids(b *testing.B) []*Grid {
	b.Helper()
	var grids []*Grid
	opts := Options{Techniques: variantTechniques()}
	for _, pz := range variantcorpus.Read(b) {
		g, err := FromPuzzle(pz.Puzzle)
		if err != nil {
			b.Fatal(err)
		}
		grids = append(grids, g)
		path := Solve(g, opts)
		h := g.Clone()
		for _, s := range path.Steps[:len(path.Steps)/2] {
			h.Apply(s)
		}
		grids = append(grids, h)
	}
	return grids
}

// BenchmarkRuleTechniques times one call of every rule technique's
// finder on a corpus position (the start of each puzzle's path and its
// middle): ns/op is per position, all 32 techniques, with the CPU time
// per position (cpu-ns/op) beside it.
func BenchmarkRuleTechniques(b *testing.B) {
	grids := ruleBenchGrids(b)
	techs := RuleTechniques()
	b.ReportAllocs()
	b.ResetTimer()
	start := cputime.Process()
	for i := 0; i < b.N; i++ {
		g := grids[i%len(grids)]
		for _, t := range techs {
			t.Find(g)
		}
	}
	b.ReportMetric(float64((cputime.Process()-start).Nanoseconds())/float64(b.N), "cpu-ns/op")
}

// BenchmarkVariantPath times the whole path of a corpus puzzle with the
// house and rule techniques (chains and forcing chains included, which
// the stuck puzzles try at every step): ns/op is per puzzle.
func BenchmarkVariantPath(b *testing.B) {
	var grids []*Grid
	for _, pz := range variantcorpus.Read(b) {
		g, err := FromPuzzle(pz.Puzzle)
		if err != nil {
			b.Fatal(err)
		}
		grids = append(grids, g)
	}
	benchPaths(b, grids, Options{Techniques: variantTechniques()})
}
