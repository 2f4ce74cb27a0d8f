package fallback

import (
	"context"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"testing"
	"time"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/internal/testpuzzles"
)

// benchSets are the public sets of issue 6, by short name.
var benchSets = []struct{ name, file string }{
	{"17_clue", "puzzles2_17_clue"},
	{"top1465", "puzzles3_magictour_top1465"},
	{"11+", "puzzles5_forum_hardest_1905_11+"},
	{"1106", "puzzles6_forum_hardest_1106"},
	{"serg", "puzzles7_serg_benchmark"},
}

// BenchmarkSolve measures the first solution of each puzzle (limit 1), one
// puzzle per iteration, cycling through the set.
func BenchmarkSolve(b *testing.B) {
	benchmarkSets(b, 1)
}

// BenchmarkCount2 measures counting to 2 (the uniqueness check).
func BenchmarkCount2(b *testing.B) {
	benchmarkSets(b, 2)
}

func benchmarkSets(b *testing.B, limit int) {
	for _, set := range benchSets {
		b.Run(set.name, func(b *testing.B) {
			puzzles := testpuzzles.Boards(b, testpuzzles.Shared(b, set.file))
			s := NewSolver()
			ctx := context.Background()
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := s.Solve(ctx, puzzles[i%len(puzzles)], limit); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// speed is the outcome of solving a whole file once.
type speed struct {
	puzzles, settled, gaveUp int
	mean, median, p99, max   time.Duration
	guesses                  int64
	cpu                      string
}

// measureFile solves every puzzle of a file (first solution, or counting
// to limit) with a reused Solver, twice: first for the spread of the
// wall-clock time per puzzle (which also warms caches and branch
// predictors, as tdoku's benchmark does), then for the mean CPU time per
// puzzle (thread CPU time on Linux, so other load on the machine does not
// count), read once for the whole file since reading a clock per puzzle
// costs a good part of an easy puzzle on a virtual machine. Answers are
// verified after timing, outside the measured region.
func measureFile(t testing.TB, path string, limit int) speed {
	puzzles := testpuzzles.Boards(t, path)
	s := NewSolver()
	ctx := context.Background()
	times := make([]time.Duration, len(puzzles))
	results := make([]Result, len(puzzles))
	var sp speed
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	for i, pz := range puzzles {
		start := time.Now()
		_, err := s.Solve(ctx, pz, limit)
		times[i] = time.Since(start)
		if err != nil {
			t.Fatal(err)
		}
	}
	runtime.GC()
	startAll := threadCPU()
	for i, pz := range puzzles {
		res, err := s.Solve(ctx, pz, limit)
		if err != nil {
			t.Fatal(err)
		}
		if s.gaveUp {
			sp.gaveUp++
		}
		results[i] = res
	}
	total := threadCPU() - startAll
	for i, res := range results {
		if res.Count < 1 || board.Verify(puzzles[i], res.Solutions[0]) != nil {
			t.Fatalf("puzzle %d: bad answer", i+1)
		}
		if res.Guesses == 0 {
			sp.settled++
		}
		sp.guesses += res.Guesses
	}
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	sp.puzzles = len(puzzles)
	sp.mean = total / time.Duration(len(puzzles))
	sp.cpu = threadCPUName
	sp.median = times[len(times)/2]
	sp.p99 = times[len(times)*99/100]
	sp.max = times[len(times)-1]
	return sp
}

// TestSpeed reports mean µs per puzzle over the whole public sets, or over
// the files listed in FALLBACK_SPEED_FILES (separated by the OS path list
// separator, ':' on Unix; relative paths are from the module root). Run it
// with FALLBACK_SPEED=1 (and FALLBACK_LIMIT=2 to count to 2):
//
//	FALLBACK_SPEED=1 go test -run TestSpeed -v ./fallback
func TestSpeed(t *testing.T) {
	if os.Getenv("FALLBACK_SPEED") != "1" {
		t.Skip("set FALLBACK_SPEED=1 to measure the public sets")
	}
	limit := 1
	if os.Getenv("FALLBACK_LIMIT") == "2" {
		limit = 2
	}
	type file struct{ name, path string }
	var files []file
	if list := os.Getenv("FALLBACK_SPEED_FILES"); list != "" {
		for _, path := range filepath.SplitList(list) {
			files = append(files, file{filepath.Base(path), path})
		}
	} else {
		for _, set := range benchSets {
			files = append(files, file{set.name, testpuzzles.Shared(t, set.file)})
		}
	}
	for _, f := range files {
		sp := measureFile(t, f.path, limit)
		t.Logf("%-8s limit %d: %6d puzzles  mean %7.2f µs (%s)  wall median %7.2f  p99 %8.1f  max %9.1f  guesses/puzzle %7.1f  no-guess %5.1f%%  handed over %d",
			f.name, limit, sp.puzzles, us(sp.mean), sp.cpu, us(sp.median), us(sp.p99), us(sp.max),
			float64(sp.guesses)/float64(sp.puzzles), 100*float64(sp.settled)/float64(sp.puzzles), sp.gaveUp)
	}
}

func us(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e3 }

// largePuzzles returns count puzzles of the shape made by blanking the
// given fraction of the cells of shuffled full grids (seeds 1..count); they
// may have several solutions, as random giant puzzles often do.
func largePuzzles(shape board.Shape, count int, blank float64) []*board.Board {
	var out []*board.Board
	for seed := int64(1); seed <= int64(count); seed++ {
		rng := rand.New(rand.NewSource(seed))
		b := solvedGrid(shape, rng)
		k := int(blank * float64(len(b.Cells)))
		for _, i := range rng.Perm(len(b.Cells))[:k] {
			b.Cells[i] = 0
		}
		out = append(out, b)
	}
	return out
}

var largeShapes = []struct {
	shape board.Shape
	blank float64
}{
	{board.Square(4), 0.55}, {board.Square(4), 0.60},
	{board.Shape{BoxRows: 4, BoxCols: 5}, 0.60},
	{board.Square(5), 0.55}, {board.Square(5), 0.60},
	{board.Square(6), 0.55}, {board.Square(6), 0.60},
}

// BenchmarkLarge solves generated big boards (first solution).
func BenchmarkLarge(b *testing.B) {
	for _, ls := range largeShapes {
		b.Run(fmt.Sprintf("%dx%d/%.0f%%", ls.shape.Side(), ls.shape.Side(), 100*ls.blank), func(b *testing.B) {
			puzzles := largePuzzles(ls.shape, 20, ls.blank)
			s := NewSolver()
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := s.Solve(context.Background(), puzzles[i%len(puzzles)], 1); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestLargeSpeed reports time per puzzle on generated big boards: 20
// puzzles per size and blank share, first solution and count to 2.
//
//	FALLBACK_SPEED=1 go test -run TestLargeSpeed -v ./fallback
func TestLargeSpeed(t *testing.T) {
	if os.Getenv("FALLBACK_SPEED") != "1" {
		t.Skip("set FALLBACK_SPEED=1 to measure big boards")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	s := NewSolver()
	for _, ls := range largeShapes {
		for _, limit := range []int{1, 2} {
			var total, worst time.Duration
			var guesses int64
			counts := map[int]int{}
			puzzles := largePuzzles(ls.shape, 20, ls.blank)
			for _, pz := range puzzles {
				start := threadCPU()
				res, err := s.Solve(context.Background(), pz, limit)
				d := threadCPU() - start
				if err != nil || res.Count < 1 || board.Verify(pz, res.Solutions[0]) != nil {
					t.Fatalf("%v: bad answer (%v)", ls.shape, err)
				}
				total += d
				worst = max(worst, d)
				guesses += res.Guesses
				counts[res.Count]++
			}
			t.Logf("%-22v %2.0f%% blank, limit %d: mean %8.2f ms, max %8.2f ms, guesses/puzzle %6.1f, counts %v",
				ls.shape, 100*ls.blank, limit, ms(total/time.Duration(len(puzzles))), ms(worst), float64(guesses)/float64(len(puzzles)), counts)
		}
	}
}

func ms(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e6 }
