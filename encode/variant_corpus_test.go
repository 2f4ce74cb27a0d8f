package encode_test

import (
	"context"
	"encoding/json"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/fpuzzles"
	"github.com/satdoku/satdoku/internal/testpuzzles"
	"github.com/satdoku/satdoku/solver"
	"github.com/satdoku/satdoku/variant"
)

// A corpusPuzzle is one puzzle of testdata/variants with the solution its
// manifest gives.
type corpusPuzzle struct {
	file, title string
	p           *variant.Puzzle
	solution    *board.Board
}

// readCorpus reads every puzzle of testdata/variants/manifest.json (a
// missing file fails).
func readCorpus(tb testing.TB) []corpusPuzzle {
	tb.Helper()
	const dir = "testdata/variants/"
	data, err := os.ReadFile(testpuzzles.Path(dir + "manifest.json"))
	if err != nil {
		tb.Fatal(err)
	}
	var entries []struct{ File, Title, Solution string }
	if err := json.Unmarshal(data, &entries); err != nil {
		tb.Fatal(err)
	}
	var out []corpusPuzzle
	for _, e := range entries {
		f, err := os.Open(testpuzzles.Path(dir + e.File))
		if err != nil {
			tb.Fatal(err)
		}
		res, err := fpuzzles.Read(f)
		f.Close()
		if err != nil {
			tb.Fatalf("%s: %v", e.File, err)
		}
		sol := board.New(res.Puzzle.Givens.Shape)
		fields := strings.Fields(e.Solution)
		if len(fields) == 1 {
			fields = strings.Split(e.Solution, "")
		}
		if len(fields) != len(sol.Cells) {
			tb.Fatalf("%s: a solution of %d digits", e.File, len(fields))
		}
		for i, s := range fields {
			d, err := strconv.Atoi(s)
			if err != nil {
				tb.Fatalf("%s: solution digit %q", e.File, s)
			}
			sol.Cells[i] = uint8(d)
		}
		out = append(out, corpusPuzzle{e.File, e.Title, res.Puzzle, sol})
	}
	if len(out) == 0 {
		tb.Fatal("empty corpus")
	}
	return out
}

// notUnique lists the corpus puzzles that have several solutions as
// package variant reads them, and why. Their test asserts that they have
// several and that the manifest's solution is one.
var notUnique = map[string]string{
	// Empty: every corpus puzzle is unique. A puzzle added with several
	// solutions goes here, with the reason.
}

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
// checker (see notUnique for the exceptions). With -short, and for the
// slowCorpus puzzles, it checks only that the manifest's solution is a
// model.
func TestVariantCorpus(t *testing.T) {
	t.Parallel()
	var sv solver.Solver
	ctx := context.Background()
	for _, c := range readCorpus(t) {
		f, err := encode.Variant(c.p)
		if err != nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		if testing.Short() || (slowCorpus[c.file] && os.Getenv("SATDOKU_SLOW_CORPUS") != "1") {
			if !solutionIsModel(t, &sv, c) {
				t.Fatalf("%s: the manifest's solution is no model", c.file)
			}
			continue
		}
		start := time.Now()
		models, _, err := sv.Count(ctx, f, 2)
		if err != nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		for _, m := range models {
			g, err := decodeGrid(c.p, m)
			if err != nil {
				t.Fatalf("%s: %v", c.file, err)
			}
			if err := variant.Check(c.p, g); err != nil {
				t.Fatalf("%s: %v", c.file, err)
			}
		}
		if why, ok := notUnique[c.file]; ok {
			if len(models) != 2 || !solutionIsModel(t, &sv, c) {
				t.Fatalf("%s (%s): %d models; want several, the manifest's solution among them", c.file, why, len(models))
			}
			continue
		}
		if len(models) != 1 {
			t.Fatalf("%s: %d models, want 1", c.file, len(models))
		}
		if g, _ := decodeGrid(c.p, models[0]); !g.Equal(c.solution) {
			t.Fatalf("%s: solved\n%s\nthe manifest says\n%s", c.file, g, c.solution)
		}
		t.Logf("%-50s %dx%d %3d rules %6d vars %v", c.file, c.p.Side(), c.p.Side(), len(c.p.Rules), f.NumVars, time.Since(start).Round(time.Microsecond))
	}
}

// solutionIsModel reports whether the manifest's solution, given as
// givens, satisfies the puzzle's formula.
func solutionIsModel(t *testing.T, sv *solver.Solver, c corpusPuzzle) bool {
	t.Helper()
	q := *c.p
	q.Givens = c.solution
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
// (less notUnique and slowCorpus) once
// per iteration (encode with Variant, solve or prove unique through
// package solver, decode, compare with the manifest's solution) and
// reports the median and the slowest puzzle's time in milliseconds, each
// puzzle's time being its median over the iterations.
func BenchmarkVariantCorpus(b *testing.B) {
	var set []corpusPuzzle
	for _, c := range readCorpus(b) {
		if _, ok := notUnique[c.file]; !ok && c.p.Side() == 9 && !slowCorpus[c.file] {
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
				reportTimes(b, times, func(i int) string { return set[i].file })
			})
		}
	}
}

// BenchmarkVariantStress solves (solve) and proves unique (unique) each
// stressCorpus puzzle through Variant and package solver, one
// sub-benchmark per puzzle and mode: go test -run XXX -bench
// BenchmarkVariantStress -benchtime 1x ./encode.
func BenchmarkVariantStress(b *testing.B) {
	byFile := map[string]corpusPuzzle{}
	for _, c := range readCorpus(b) {
		byFile[c.file] = c
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

func solveCorpus(tb testing.TB, sv *solver.Solver, c corpusPuzzle, limit int, build func(*variant.Puzzle) (*encode.Formula, error)) {
	f, err := build(c.p)
	if err != nil {
		tb.Fatal(err)
	}
	models, _, err := sv.Count(context.Background(), f, limit)
	if err != nil {
		tb.Fatal(err)
	}
	if len(models) != 1 {
		tb.Fatalf("%s: %d models, want 1", c.file, len(models))
	}
	g, err := decodeGrid(c.p, models[0])
	if err != nil || !g.Equal(c.solution) {
		tb.Fatalf("%s: the model is not the solution (%v)", c.file, err)
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
