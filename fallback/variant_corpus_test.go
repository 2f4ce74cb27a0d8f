package fallback

import (
	"context"
	"os"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/satdoku/satdoku/internal/race"
	"github.com/satdoku/satdoku/internal/variantcorpus"
	"github.com/satdoku/satdoku/variant"
)

// TestVariantCorpus solves every puzzle of the corpus, counting to 2: each
// has exactly one solution, the one recorded, and the checker accepts it
// (the entries of variantcorpus.NotUnique have several instead, each accepted). With
// -short, boards over 9×9 and puzzles with no givens (stress tests that
// need seconds of search) are left to the long run.
func TestVariantCorpus(t *testing.T) {
	t.Parallel()
	race.SkipSequential(t)
	for _, cp := range variantcorpus.Read(t) {
		t.Run(cp.File, func(t *testing.T) {
			t.Parallel()
			if testing.Short() && (cp.Puzzle.Side() > 9 || cp.Puzzle.Givens.Givens() == 0) {
				t.Skip("boards over 9x9 and puzzles without givens in the long run only")
			}
			res, err := NewSolver().SolveVariant(context.Background(), cp.Puzzle, 2)
			if err != nil {
				t.Fatal(err)
			}
			for _, sol := range res.Solutions {
				if err := variant.Check(cp.Puzzle, sol); err != nil {
					t.Fatalf("the checker rejects a solution found: %v\n%v", err, sol)
				}
			}
			if why, ok := variantcorpus.NotUnique[cp.File]; ok {
				if res.Count != 2 {
					t.Fatalf("%d solutions; listed as not unique (%s): take it off the list", res.Count, why)
				}
				return
			}
			if res.Count != 1 {
				t.Fatalf("%d solutions, want 1", res.Count)
			}
			if !res.Solutions[0].Equal(cp.Solution) {
				t.Fatalf("solution\n%vdiffers from the recorded one\n%v", res.Solutions[0], cp.Solution)
			}
		})
	}
}

// corpus9 returns the 9×9 puzzles of the corpus that have one solution.
func corpus9(tb testing.TB) []variantcorpus.Puzzle {
	return slices.DeleteFunc(variantcorpus.Read(tb), func(cp variantcorpus.Puzzle) bool {
		_, bad := variantcorpus.NotUnique[cp.File]
		return bad || cp.Puzzle.Side() != 9
	})
}

// BenchmarkVariantCorpus measures the uniqueness check (count to 2) of
// every 9×9 puzzle of the corpus with one reused Solver: one iteration
// solves them all, and the median and worst time per puzzle are reported
// beside the total, in wall-clock time and in thread CPU time (which other
// load on the machine does not inflate; its clock ticks coarsely, so its
// median is rough). Run it with -benchtime=1x: the worst puzzle takes
// about a second.
func BenchmarkVariantCorpus(b *testing.B) {
	puzzles := corpus9(b)
	s := NewSolver()
	ctx := context.Background()
	wall := make([]time.Duration, len(puzzles))
	cpu := make([]time.Duration, len(puzzles))
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for k, cp := range puzzles {
			start, startCPU := time.Now(), threadCPU()
			res, err := s.SolveVariant(ctx, cp.Puzzle, 2)
			wall[k], cpu[k] = time.Since(start), threadCPU()-startCPU
			if err != nil || res.Count != 1 {
				b.Fatalf("%s: %d solutions, %v", cp.File, res.Count, err)
			}
		}
	}
	slices.Sort(wall)
	slices.Sort(cpu)
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1e3 }
	b.ReportMetric(ms(wall[len(wall)/2]), "median-ms/puzzle")
	b.ReportMetric(ms(wall[len(wall)-1]), "worst-ms/puzzle")
	b.ReportMetric(ms(cpu[len(cpu)/2]), "median-cpu-ms/puzzle")
	b.ReportMetric(ms(cpu[len(cpu)-1]), "worst-cpu-ms/puzzle")
}

// TestVariantCorpusSpeed reports, with -v, the time of a uniqueness check
// (count to 2) of every corpus puzzle with one reused Solver: the best of
// three runs in wall-clock time (one run when it takes over a second),
// with the thread CPU time of that run (other load on the machine does not
// count, but its clock ticks coarsely) and the number of guesses, the
// median and the slowest eight. It is a measurement, not a timed
// assertion; set SATDOKU_VARIANT_SPEED=1 to run it, or to a part of the
// file names to measure some puzzles only.
func TestVariantCorpusSpeed(t *testing.T) {
	only := os.Getenv("SATDOKU_VARIANT_SPEED")
	if only == "" {
		t.Skip("set SATDOKU_VARIANT_SPEED=1 to measure")
	}
	corpus := variantcorpus.Read(t)
	if only != "1" {
		corpus = slices.DeleteFunc(corpus, func(cp variantcorpus.Puzzle) bool { return !strings.Contains(cp.File, only) })
	}
	s := NewSolver()
	type timing struct {
		name      string
		side      int
		wall, cpu time.Duration
		guesses   int64
	}
	var times []timing
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	runtime.GC()
	for _, cp := range corpus {
		best := timing{name: cp.File, side: cp.Puzzle.Side(), wall: 1 << 62}
		for range 3 {
			ctx, cancel := context.WithTimeout(context.Background(), speedTimeout)
			start, startCPU := time.Now(), threadCPU()
			res, err := s.SolveVariant(ctx, cp.Puzzle, 2)
			wall, cpu := time.Since(start), threadCPU()-startCPU
			cancel()
			if err != nil {
				t.Errorf("%s: %d solutions after %v, %v", cp.File, res.Count, wall, err)
			}
			if wall < best.wall {
				best.wall, best.cpu, best.guesses = wall, cpu, res.Guesses
			}
			if wall > time.Second || err != nil {
				break // slow enough that one run tells
			}
		}
		times = append(times, best)
	}
	slices.SortFunc(times, func(a, b timing) int { return int(a.wall - b.wall) })
	var nine []time.Duration
	for _, tm := range times {
		if tm.side == 9 {
			nine = append(nine, tm.wall)
		}
	}
	if len(nine) > 0 {
		t.Logf("%d puzzles, %d of them 9x9: 9x9 median %v, worst %v", len(times), len(nine), nine[len(nine)/2], nine[len(nine)-1])
	}
	t.Logf("%-50s %5s %12s %12s %9s", "puzzle", "size", "wall", threadCPUName, "guesses")
	for _, tm := range times[max(0, len(times)-8):] {
		t.Logf("%-50s %2dx%-2d %12v %12v %9d", tm.name, tm.side, tm.side, tm.wall.Round(time.Microsecond), tm.cpu, tm.guesses)
	}
}

// speedTimeout bounds each solve of TestVariantCorpusSpeed.
const speedTimeout = time.Minute
