package encode_test

import (
	"context"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/internal/variantcorpus"
	"github.com/satdoku/satdoku/solver"
	"github.com/satdoku/satdoku/variant"
)

// slowCorpus lists the corpus puzzles that gophersat takes seconds to
// prove unique (arithmetic with no givens: little killers over an
// X-sudoku; eighteen short renbans and no givens). For them the test
// checks that the manifest's solution is a model; the full proof of
// uniqueness runs with SATDOKU_SLOW_CORPUS=1. BenchmarkVariantStress
// times them.
var slowCorpus = map[string]bool{
	"sigh/hailstone-little-killer.json": true,
	"sigh/hard-renban-1.json":           true,
	"sigh/hard-renban-2.json":           true,
}

// stressCorpus are the puzzles BenchmarkVariantStress times: slowCorpus
// and the arrows whose 32-cell shafts were in it before their partial
// sums learned the bounds of each box's distinct digits.
var stressCorpus = []string{
	"sigh/long-sums-1.json",
	"sigh/long-sums-2.json",
	"sigh/long-sums-3.json",
	"sigh/hailstone-little-killer.json",
	"sigh/hard-renban-1.json",
	"sigh/hard-renban-2.json",
}

// TestVariantCorpus solves every corpus puzzle through Variant and package
// solver: exactly one model, the manifest's solution, accepted by the
// checker (see variantcorpus.NotUnique for the exceptions). With -short, and for the
// slowCorpus puzzles, it checks only that the manifest's solution is a
// model.
func TestVariantCorpus(t *testing.T) {
	t.Parallel()
	var sv solver.Solver
	ctx := context.Background()
	for _, c := range variantcorpus.Read(t) {
		f, err := encode.Variant(c.Puzzle)
		if err != nil {
			t.Fatalf("%s: %v", c.File, err)
		}
		if testing.Short() || (slowCorpus[c.File] && os.Getenv("SATDOKU_SLOW_CORPUS") != "1") {
			if !solutionIsModel(t, &sv, c) {
				t.Fatalf("%s: the manifest's solution is no model", c.File)
			}
			continue
		}
		start := time.Now()
		models, _, err := sv.Count(ctx, f, 2)
		if err != nil {
			t.Fatalf("%s: %v", c.File, err)
		}
		for _, m := range models {
			g, err := decodeGrid(c.Puzzle, m)
			if err != nil {
				t.Fatalf("%s: %v", c.File, err)
			}
			if err := variant.Check(c.Puzzle, g); err != nil {
				t.Fatalf("%s: %v", c.File, err)
			}
		}
		if why, ok := variantcorpus.NotUnique[c.File]; ok {
			if len(models) != 2 || !solutionIsModel(t, &sv, c) {
				t.Fatalf("%s (%s): %d models; want several, the manifest's solution among them", c.File, why, len(models))
			}
			continue
		}
		if len(models) != 1 {
			t.Fatalf("%s: %d models, want 1", c.File, len(models))
		}
		if g, _ := decodeGrid(c.Puzzle, models[0]); !g.Equal(c.Solution) {
			t.Fatalf("%s: solved\n%s\nthe manifest says\n%s", c.File, g, c.Solution)
		}
		t.Logf("%-50s %dx%d %3d rules %6d vars %v", c.File, c.Puzzle.Side(), c.Puzzle.Side(), len(c.Puzzle.Rules), f.NumVars, time.Since(start).Round(time.Microsecond))
	}
}

// solutionIsModel reports whether the manifest's solution, given as
// givens, satisfies the puzzle's formula.
func solutionIsModel(t *testing.T, sv *solver.Solver, c variantcorpus.Puzzle) bool {
	t.Helper()
	q := *c.Puzzle
	q.Givens = c.Solution
	f, err := encode.Variant(&q)
	if err != nil {
		t.Fatal(err)
	}
	res, err := sv.Solve(context.Background(), f)
	if err != nil {
		t.Fatal(err)
	}
	return res.Status == encode.Sat
}

// BenchmarkVariantCorpus solves the 9×9 puzzles of testdata/variants
// (less variantcorpus.NotUnique and slowCorpus) once
// per iteration (encode with Variant, solve or prove unique through
// package solver, decode, compare with the manifest's solution) and
// reports the median and the slowest puzzle's time in milliseconds, each
// puzzle's time being its median over the iterations.
func BenchmarkVariantCorpus(b *testing.B) {
	var set []variantcorpus.Puzzle
	for _, c := range variantcorpus.Read(b) {
		if _, ok := variantcorpus.NotUnique[c.File]; !ok && c.Puzzle.Side() == 9 && !slowCorpus[c.File] {
			set = append(set, c)
		}
	}
	for _, mode := range []struct {
		name  string
		limit int
	}{{"solve", 1}, {"unique", 2}} {
		for _, enc := range benchEncodings {
			b.Run(mode.name+"/"+enc.name, func(b *testing.B) {
				var sv solver.Solver
				times := make([][]time.Duration, len(set))
				b.ReportAllocs()
				for b.Loop() {
					for i, c := range set {
						start := time.Now()
						solveCorpus(b, &sv, c, mode.limit, enc.build)
						times[i] = append(times[i], time.Since(start))
					}
				}
				reportTimes(b, times, func(i int) string { return set[i].File })
			})
		}
	}
}

// BenchmarkVariantStress solves (solve) and proves unique (unique) each
// stressCorpus puzzle through Variant and package solver, one
// sub-benchmark per puzzle and mode: go test -run XXX -bench
// BenchmarkVariantStress -benchtime 1x ./encode.
func BenchmarkVariantStress(b *testing.B) {
	byFile := map[string]variantcorpus.Puzzle{}
	for _, c := range variantcorpus.Read(b) {
		byFile[c.File] = c
	}
	for _, mode := range []struct {
		name  string
		limit int
	}{{"solve", 1}, {"unique", 2}} {
		for _, file := range stressCorpus {
			c, ok := byFile[file]
			if !ok {
				b.Fatalf("%s: not in the manifest", file)
			}
			b.Run(mode.name+"/"+strings.TrimSuffix(strings.TrimPrefix(file, "sigh/"), ".json"), func(b *testing.B) {
				var sv solver.Solver
				for b.Loop() {
					solveCorpus(b, &sv, c, mode.limit, encode.Variant)
				}
			})
		}
	}
}

func solveCorpus(tb testing.TB, sv *solver.Solver, c variantcorpus.Puzzle, limit int, build func(*variant.Puzzle) (*encode.Formula, error)) {
	f, err := build(c.Puzzle)
	if err != nil {
		tb.Fatal(err)
	}
	models, _, err := sv.Count(context.Background(), f, limit)
	if err != nil {
		tb.Fatal(err)
	}
	if len(models) != 1 {
		tb.Fatalf("%s: %d models, want 1", c.File, len(models))
	}
	g, err := decodeGrid(c.Puzzle, models[0])
	if err != nil || !g.Equal(c.Solution) {
		tb.Fatalf("%s: the model is not the solution (%v)", c.File, err)
	}
}

// reportTimes reports the median and worst of the puzzles' median times.
func reportTimes(b *testing.B, times [][]time.Duration, name func(i int) string) {
	b.StopTimer()
	per := make([]time.Duration, len(times))
	worst := 0
	for i, ts := range times {
		slices.Sort(ts)
		per[i] = ts[len(ts)/2]
		if per[i] > per[worst] {
			worst = i
		}
	}
	if testing.Verbose() {
		b.Logf("slowest: %s (%v)", name(worst), per[worst])
	}
	slices.Sort(per)
	b.ReportMetric(float64(per[len(per)/2].Microseconds())/1000, "median-ms")
	b.ReportMetric(float64(per[len(per)-1].Microseconds())/1000, "worst-ms")
	b.ReportMetric(float64(len(per)), "puzzles")
}
