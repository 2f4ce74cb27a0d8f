package engine

import (
	"os"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/fpuzzles"
	"github.com/satdoku/satdoku/internal/testpuzzles"
	"github.com/satdoku/satdoku/internal/variantcorpus"
	"github.com/satdoku/satdoku/variant"
)

// BenchmarkEngine solves the committed samples with each engine, one
// puzzle per iteration (cycling through the set), so ns/op is the time per
// puzzle. The "count" variants count to 2 (uniqueness).
func BenchmarkEngine(b *testing.B) {
	sets := []struct{ name, path string }{
		{"top1465", top1465Sample},
		{"hardest1106", hardest1106},
		{"17clue", clue17Sample},
		{"plb-hard20", plbHard20},
		{"serg", sergSample},
		{"nosolution", noSolutionFile},
	}
	runs := []struct {
		name string
		o    Options
	}{
		{"sat", Options{Kind: SAT}},
		{"sat-count", Options{Kind: SAT, Limit: 2}},
		{"backtrack", Options{Kind: Backtrack}},
		{"backtrack-count", Options{Kind: Backtrack, Limit: 2}},
		{"both", Options{Kind: Both}},
	}
	for _, r := range runs {
		b.Run(r.name, func(b *testing.B) {
			for _, s := range sets {
				b.Run(s.name, func(b *testing.B) {
					var ps []*board.Board
					for _, pz := range readPuzzles(b, s.path) {
						ps = append(ps, pz.Board)
					}
					e := newEngine(b, r.o)
					b.ReportAllocs()
					b.ResetTimer()
					for i := 0; i < b.N; i++ {
						p := ps[i%len(ps)]
						if res := e.Solve(bg, p); res.Status != Solved && res.Status != NoSolution {
							b.Fatalf("%s: %v %v", line(p), res.Status, res.Err)
						}
					}
				})
			}
		})
	}
}

// BenchmarkLarge solves the published 16×16 and 25×25 puzzles.
func BenchmarkLarge(b *testing.B) {
	for _, name := range []string{"spoj16.txt", "durr25.txt"} {
		for _, k := range []Kind{SAT, Backtrack} {
			b.Run(strings.TrimSuffix(name, ".txt")+"/"+k.String(), func(b *testing.B) {
				p := readPuzzles(b, testpuzzles.Shared(b, "ext/"+name))[0].Board
				e := newEngine(b, Options{Kind: k})
				b.ReportAllocs()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					if res := e.Solve(bg, p); res.Status != Solved {
						b.Fatal(res.Status, res.Err)
					}
				}
			})
		}
	}
}

// BenchmarkVariantCorpus runs the public 9×9 puzzles of testdata/variants
// (less slowCorpus: go test -run TestVariantCorpus with
// SATDOKU_SLOW_CORPUS=1 times those) through the SAT engine: a solve, the
// uniqueness check (count to 2) and the true candidates, each puzzle once
// per iteration. It reports the median and worst per puzzle of each, in
// milliseconds, and the median and worst of each puzzle's ratio of
// uniqueness to solve.
func BenchmarkVariantCorpus(b *testing.B) {
	var set []variantcorpus.Puzzle
	for _, c := range variantcorpus.Read(b) {
		if c.Puzzle.Side() == 9 && c.Public() && !slowCorpus[c.File] {
			set = append(set, c)
		}
	}
	solve := newEngine(b, Options{Kind: SAT})
	unique := newEngine(b, Options{Kind: SAT, Limit: 2})
	tSolve, tUnique, tCands := make([][]time.Duration, len(set)), make([][]time.Duration, len(set)), make([][]time.Duration, len(set))
	// Each timed call starts after a collection: otherwise a call pays for
	// the garbage of the one before it (a collection under way, or one it
	// triggers), which on a puzzle of a millisecond doubles its time.
	timed := func(fn func()) time.Duration {
		b.StopTimer()
		runtime.GC()
		b.StartTimer()
		start := time.Now()
		fn()
		return time.Since(start)
	}
	for b.Loop() {
		for i, c := range set {
			tSolve[i] = append(tSolve[i], timed(func() {
				if r := solve.SolvePuzzle(bg, c.Puzzle); r.Status != Solved || !r.Solution.Equal(c.Solution) {
					b.Fatalf("%s: %v %v", c.File, r.Status, r.Err)
				}
			}))
			tUnique[i] = append(tUnique[i], timed(func() {
				if r := unique.SolvePuzzle(bg, c.Puzzle); r.Count != 1 {
					b.Fatalf("%s: count %d %v", c.File, r.Count, r.Err)
				}
			}))
			tCands[i] = append(tCands[i], timed(func() {
				if _, err := solve.Candidates(bg, c.Puzzle); err != nil {
					b.Fatalf("%s: candidates: %v", c.File, err)
				}
			}))
		}
	}
	b.StopTimer()
	perPuzzle := func(ts [][]time.Duration) []float64 {
		out := make([]float64, len(ts))
		for i, t := range ts {
			slices.Sort(t)
			out[i] = float64(t[len(t)/2].Microseconds()) / 1000
		}
		return out
	}
	report := func(what string, ms []float64) {
		s := slices.Clone(ms)
		slices.Sort(s)
		b.ReportMetric(s[len(s)/2], what+"-median")
		b.ReportMetric(s[len(s)-1], what+"-worst")
	}
	s, u, c := perPuzzle(tSolve), perPuzzle(tUnique), perPuzzle(tCands)
	report("solve-ms", s)
	report("unique-ms", u)
	report("candidates-ms", c)
	ratio := make([]float64, len(s))
	for i := range s {
		ratio[i] = u[i] / max(s[i], 0.001)
	}
	report("unique/solve", ratio)
	b.ReportMetric(float64(len(set)), "puzzles")
	if testing.Verbose() {
		for i, c := range set {
			b.Logf("%-50s solve %8.2f ms  unique %8.2f ms  candidates %8.2f ms", c.File, s[i], u[i], tCands[i][len(tCands[i])/2].Seconds()*1000)
		}
	}
}

// BenchmarkSighSamples solves and proves unique (or counts to 2) each
// puzzle of fpuzzles/testdata/sigh.txt, Interactive Sudoku Solver's own
// strings (pill arrows over long shafts, sandwiches with no givens, the
// little killers of Hailstone), through the SAT engine, one sub-benchmark
// per puzzle and mode: go test -run XXX -bench BenchmarkSighSamples
// -benchtime 1x ./engine. Every answer must keep every rule.
func BenchmarkSighSamples(b *testing.B) {
	data, err := os.ReadFile("../fpuzzles/testdata/sigh.txt")
	if err != nil {
		b.Fatal(err)
	}
	name := ""
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, "# ") {
			name = strings.TrimPrefix(line, "# ")
			if i := strings.IndexAny(name, "(,;"); i > 0 {
				name = strings.TrimSpace(name[:i])
			}
			continue
		}
		if !strings.HasPrefix(line, ".") {
			continue
		}
		res, err := fpuzzles.ReadSigh(line)
		if err != nil {
			b.Fatalf("%s: %v", name, err)
		}
		p := res.Puzzle
		for _, mode := range []struct {
			name  string
			limit int
		}{{"solve", 1}, {"unique", 2}} {
			e := newEngine(b, Options{Kind: SAT, Limit: mode.limit})
			b.Run(mode.name+"/"+strings.ReplaceAll(name, " ", "_"), func(b *testing.B) {
				for b.Loop() {
					r := e.SolvePuzzle(bg, p)
					if r.Status != Solved {
						b.Fatalf("%v %v", r.Status, r.Err)
					}
					if err := variant.Check(p, r.Solution); err != nil {
						b.Fatalf("the answer breaks a rule: %v", err)
					}
				}
			})
		}
	}
}
