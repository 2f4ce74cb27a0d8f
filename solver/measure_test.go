//go:build unix

package solver_test

import (
	"context"
	"os"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/internal/testpuzzles"
	"github.com/satdoku/satdoku/solver"
)

func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestMeasureSets (Unix: it reads getrusage) reports the mean CPU µs per puzzle of the SAT engine's
// path (Fast + Solve + decode + verify) on each full set, with GOMAXPROCS=1,
// so that other load on the machine distorts it less than wall time. Run
// with SATDOKU_MEASURE=1 go test -run MeasureSets -v ./solver; set
// SATDOKU_MEASURE_FILES to a space-separated list of puzzle files to
// measure those instead.
func TestMeasureSets(t *testing.T) {
	if os.Getenv("SATDOKU_MEASURE") == "" {
		t.Skip("set SATDOKU_MEASURE=1 to measure")
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	targets := map[string]float64{benchSets[0]: 58, benchSets[1]: 137, benchSets[2]: 603, benchSets[3]: 763}
	paths := map[string]string{}
	sets := benchSets
	if files := os.Getenv("SATDOKU_MEASURE_FILES"); files != "" {
		sets = strings.Fields(files)
		for _, f := range sets {
			paths[f] = f
		}
	}
	for _, set := range sets {
		if only := os.Getenv("SATDOKU_MEASURE_SETS"); only != "" && !strings.Contains(set, only) {
			continue
		}
		max, _ := strconv.Atoi(os.Getenv("SATDOKU_MEASURE_MAX"))
		path, ok := paths[set]
		if !ok {
			path = testpuzzles.Shared(t, set)
		}
		puzzles := testpuzzles.Boards(t, path)
		if max > 0 && len(puzzles) > max {
			puzzles = puzzles[:max]
		}
		ctx := context.Background()
		var fb encode.FastBuilder
		var sv solver.Solver
		settled := 0
		var stages [4]int
		var conflicts, decisions int64
		var buildWall time.Duration
		runtime.GC()
		start, wall := cpuTime(), time.Now()
		for _, p := range puzzles {
			t0 := time.Now()
			f, st, err := fb.Build(p)
			buildWall += time.Since(t0)
			if err != nil {
				t.Fatal(err)
			}
			if st.Settled {
				settled++
			}
			stages[st.Stage]++
			res, err := sv.Solve(ctx, f)
			if err != nil || res.Status != encode.Sat {
				t.Fatal(res.Status, err)
			}
			conflicts += res.Conflicts
			decisions += res.Decisions
			sol, err := decodeModel(p, res.Model)
			if err != nil || board.Verify(p, sol) != nil {
				t.Fatal(err)
			}
		}
		cpu := cpuTime() - start
		mean := float64(cpu.Microseconds()) / float64(len(puzzles))
		pct := func(k int) float64 { return 100 * float64(k) / float64(len(puzzles)) }
		t.Logf("%-34s %6d puzzles  mean %7.1f µs CPU (target %4.0f, ratio %.2f)  wall %7.1f µs  settled %.1f%% (singles %.1f%%, subsets %.1f%%, probing %.1f%%; search %.1f%%)",
			set, len(puzzles), mean, targets[set], mean/targets[set],
			float64(time.Since(wall).Microseconds())/float64(len(puzzles)), pct(settled),
			pct(stages[encode.StageSingles]), pct(stages[encode.StageSubsets]), pct(stages[encode.StageProbing]), pct(stages[encode.StageSearch]))
		t.Logf("%-34s Fast %.1f µs wall, gophersat %.1f decisions %.1f conflicts per puzzle", set,
			float64(buildWall.Microseconds())/float64(len(puzzles)),
			float64(decisions)/float64(len(puzzles)), float64(conflicts)/float64(len(puzzles)))
	}
}
