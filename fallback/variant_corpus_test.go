package fallback

import (
	"context"
	"encoding/json"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/fpuzzles"
	"github.com/satdoku/satdoku/internal/testpuzzles"
	"github.com/satdoku/satdoku/variant"
)

// corpusEntry is one puzzle of testdata/variants/manifest.json (the
// variant corpus: real, converted and constructed puzzles, each with its
// unique solution).
type corpusEntry struct {
	File     string `json:"file"`
	Title    string `json:"title"`
	Note     string `json:"note"`
	Solution string `json:"solution"`
}

// corpusPuzzle is a corpus entry read.
type corpusPuzzle struct {
	corpusEntry
	puzzle   *variant.Puzzle
	solution *board.Board
}

const corpusDir = "testdata/variants"

// speedTimeout bounds each solve of TestVariantCorpusSpeed.
const speedTimeout = 20 * time.Second

// readCorpus reads every puzzle of the manifest; a missing or unreadable
// file fails the test.
func readCorpus(tb testing.TB) []corpusPuzzle {
	tb.Helper()
	data, err := os.ReadFile(testpuzzles.Path(corpusDir + "/manifest.json"))
	if err != nil {
		tb.Fatal(err)
	}
	var es []corpusEntry
	if err := json.Unmarshal(data, &es); err != nil {
		tb.Fatal(err)
	}
	if len(es) == 0 {
		tb.Fatal("empty manifest")
	}
	out := make([]corpusPuzzle, 0, len(es))
	for _, e := range es {
		f, err := os.Open(testpuzzles.Path(corpusDir + "/" + e.File))
		if err != nil {
			tb.Fatal(err)
		}
		res, err := fpuzzles.Read(f)
		f.Close()
		if err != nil {
			tb.Fatalf("%s: %v", e.File, err)
		}
		out = append(out, corpusPuzzle{e, res.Puzzle, parseSolution(tb, e.Solution, res.Puzzle.Givens.Shape)})
	}
	return out
}

// parseSolution reads a manifest solution: N² digits, or numbers separated
// by spaces on boards over 9×9.
func parseSolution(tb testing.TB, s string, shape board.Shape) *board.Board {
	tb.Helper()
	b := board.New(shape)
	fields := strings.Split(s, "")
	if strings.Contains(s, " ") {
		fields = strings.Fields(s)
	}
	if len(fields) != len(b.Cells) {
		tb.Fatalf("solution has %d digits, want %d", len(fields), len(b.Cells))
	}
	for i, f := range fields {
		d, err := strconv.Atoi(f)
		if err != nil {
			tb.Fatalf("solution digit %q", f)
		}
		b.Cells[i] = uint8(d)
	}
	return b
}

// TestVariantCorpus solves every puzzle of the corpus, counting to 2: each
// has exactly one solution, the one recorded, which the checker accepts.
func TestVariantCorpus(t *testing.T) {
	t.Parallel()
	for _, cp := range readCorpus(t) {
		t.Run(cp.File, func(t *testing.T) {
			t.Parallel()
			if testing.Short() && cp.puzzle.Side() > 9 {
				t.Skip("boards over 9x9 in the long run only")
			}
			res, err := NewSolver().SolveVariant(context.Background(), cp.puzzle, 2)
			if err != nil {
				t.Fatal(err)
			}
			if res.Count != 1 {
				t.Fatalf("%d solutions, want 1", res.Count)
			}
			if err := variant.Check(cp.puzzle, res.Solutions[0]); err != nil {
				t.Fatalf("the checker rejects the solution: %v", err)
			}
			if !res.Solutions[0].Equal(cp.solution) {
				t.Fatalf("solution\n%vdiffers from the recorded one\n%v", res.Solutions[0], cp.solution)
			}
		})
	}
}

// TestVariantCorpusSpeed reports, with -v, the time per corpus puzzle of
// a uniqueness check (count to 2) with one reused Solver, in thread CPU
// time (other load on the machine does not count): the median, the worst
// eight and their number of guesses. It is a measurement, not a timed
// assertion; set SATDOKU_VARIANT_SPEED=1 to run it.
func TestVariantCorpusSpeed(t *testing.T) {
	if os.Getenv("SATDOKU_VARIANT_SPEED") == "" {
		t.Skip("set SATDOKU_VARIANT_SPEED=1 to measure")
	}
	corpus := readCorpus(t)
	if only := os.Getenv("SATDOKU_VARIANT_SPEED"); only != "1" {
		corpus = slices.DeleteFunc(corpus, func(cp corpusPuzzle) bool { return !strings.Contains(cp.File, only) })
	}
	s := NewSolver()
	type timing struct {
		name    string
		side    int
		d       time.Duration
		guesses int64
	}
	var times []timing
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	runtime.GC()
	for _, cp := range corpus {
		best := time.Duration(1 << 62)
		var guesses int64
		for range 3 {
			ctx, cancel := context.WithTimeout(context.Background(), speedTimeout)
			start := threadCPU()
			res, err := s.SolveVariant(ctx, cp.puzzle, 2)
			d := threadCPU() - start
			cancel()
			if err != nil || res.Count != 1 {
				t.Errorf("%s: %d solutions after %v, %v", cp.File, res.Count, d, err)
				best, guesses = d, res.Guesses
				break
			}
			best, guesses = min(best, d), res.Guesses
			if d > time.Second {
				break // slow enough that one run tells
			}
		}
		times = append(times, timing{cp.File, cp.puzzle.Side(), best, guesses})
	}
	slices.SortFunc(times, func(a, b timing) int { return int(a.d - b.d) })
	var nine []time.Duration
	for _, tm := range times {
		if tm.side == 9 {
			nine = append(nine, tm.d)
		}
	}
	t.Logf("%d puzzles (%d of 9x9), %s, best of 3 runs each: median %v, 9x9 median %v, worst %v (%s)",
		len(times), len(nine), threadCPUName, times[len(times)/2].d, nine[len(nine)/2], times[len(times)-1].d, times[len(times)-1].name)
	for _, tm := range times[max(0, len(times)-8):] {
		t.Logf("  %-50s %2dx%-2d %12v %8d guesses", tm.name, tm.side, tm.side, tm.d, tm.guesses)
	}
}
