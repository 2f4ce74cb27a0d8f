package explain_test

import (
	"slices"
	"testing"

	"github.com/satdoku/satdoku/explain"
	"github.com/satdoku/satdoku/internal/cputime"
	"github.com/satdoku/satdoku/logic"
)

// public9 returns the public 9×9 puzzles of the variant corpus and the
// killer collections.
func public9(tb testing.TB) []corpusPuzzle {
	var out []corpusPuzzle
	for _, cp := range allPuzzles(tb) {
		if cp.public && cp.puzzle.Side() == 9 {
			out = append(out, cp)
		}
	}
	return out
}

// pathTimes solves each puzzle's full path with the techniques sat
// returns and reports the median and worst wall time per puzzle (ms),
// and the steps taken.
func pathTimes(b *testing.B, sat func(*explain.Explainer) logic.Technique) {
	puzzles := public9(b)
	b.ReportAllocs()
	b.ResetTimer()
	var times []float64
	steps := 0
	for range b.N {
		times = times[:0]
		for _, cp := range puzzles {
			start := cputime.Process()
			g, err := logic.FromPuzzle(cp.puzzle)
			if err != nil {
				b.Fatal(err)
			}
			x, err := explain.New(g, explain.Options{})
			if err != nil {
				b.Fatal(err)
			}
			ts := append(logic.DefaultTechniques(), sat(x))
			p := logic.Solve(g, logic.Options{Techniques: ts})
			if !p.Solved {
				b.Errorf("%s: not solved", cp.name)
			}
			steps += len(p.Steps)
			times = append(times, float64((cputime.Process()-start).Microseconds())/1000)
		}
	}
	slices.Sort(times)
	b.ReportMetric(times[len(times)/2], "median-ms")
	b.ReportMetric(times[len(times)-1], "worst-ms")
	b.ReportMetric(float64(len(puzzles)), "puzzles")
	b.ReportMetric(float64(steps)/float64(b.N), "steps")
}

// BenchmarkPath is the full logical path of every public 9×9 puzzle with
// the SAT step.
func BenchmarkPath(b *testing.B) {
	pathTimes(b, (*explain.Explainer).Technique)
}

// BenchmarkPathBaseline is the same with the plain baseline: one MUS
// call per step, on the first candidate against the solution, no cost
// order.
func BenchmarkPathBaseline(b *testing.B) {
	pathTimes(b, (*explain.Explainer).Baseline)
}
