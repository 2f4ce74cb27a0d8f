package logic

import (
	"testing"

	"github.com/satdoku/satdoku/internal/cputime"

	"github.com/satdoku/satdoku/internal/testpuzzles"
)

// benchGrids builds the grids of at most max boards of a shared set.
func benchGrids(b *testing.B, set string, max int) []*Grid {
	b.Helper()
	boards := sample(testpuzzles.Boards(b, testpuzzles.Shared(b, set)), max)
	grids := make([]*Grid, len(boards))
	for i, bd := range boards {
		g, err := FromBoard(bd)
		if err != nil {
			b.Fatal(err)
		}
		grids[i] = g
	}
	return grids
}

// benchPaths solves each grid once per iteration; ns/op is per puzzle.
// It also reports the process's CPU time per puzzle (cpu-ns/op) and the
// puzzles per CPU second (puzzles/cpu-s), which a loaded machine does not
// inflate as it does wall time.
func benchPaths(b *testing.B, grids []*Grid, opts Options) {
	b.ReportAllocs()
	b.ResetTimer()
	start := cputime.Process()
	for i := 0; i < b.N; i++ {
		Solve(grids[i%len(grids)], opts)
	}
	cpu := cputime.Process() - start
	b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
	if cpu > 0 {
		b.ReportMetric(float64(b.N)/cpu.Seconds(), "puzzles/cpu-s")
	}
}

// BenchmarkPathTop1465 times the path of a top1465 puzzle with every
// technique (the stuck ones run every technique at the end).
func BenchmarkPathTop1465(b *testing.B) {
	benchPaths(b, benchGrids(b, "puzzles3_magictour_top1465", 1465), Options{Unique: true})
}

// BenchmarkPath17Clue times the path of a 17-clue puzzle.
func BenchmarkPath17Clue(b *testing.B) {
	benchPaths(b, benchGrids(b, "puzzles2_17_clue", 2000), Options{Unique: true})
}

// BenchmarkPathSinglesSubsets times the paths of the 17-clue puzzles that
// singles, intersections and subsets solve: the issue's ≥ 2,000
// puzzles/s per core (ns/op ≤ 500,000).
func BenchmarkPathSinglesSubsets(b *testing.B) {
	var easy []*Grid
	opts := Options{Techniques: subsetTechniques()}
	for _, g := range benchGrids(b, "puzzles2_17_clue", 4000) {
		if Solve(g, opts).Solved {
			easy = append(easy, g)
		}
	}
	if len(easy) == 0 {
		b.Fatal("no puzzle solved by singles and subsets")
	}
	benchPaths(b, easy, opts)
}

// subsetTechniques returns the house techniques up to hidden quads that
// are singles, intersections or naked and hidden sets.
func subsetTechniques() []Technique {
	var out []Technique
	for _, t := range houseTechniques {
		switch t.Name {
		case "Full House", "Hidden Single", "Naked Single", "Direct Pointing", "Direct Claiming",
			"Direct Hidden Pair", "Direct Hidden Triple", "Pointing", "Claiming",
			"Naked Pair", "Hidden Pair", "Naked Triple", "Hidden Triple", "Naked Quad", "Hidden Quad":
			out = append(out, t)
		}
	}
	return out
}
