package fallback_test

import (
	"context"
	"os"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/satdoku/satdoku/engine"
	"github.com/satdoku/satdoku/fallback"
	"github.com/satdoku/satdoku/internal/cputime"
	"github.com/satdoku/satdoku/internal/testpuzzles"
	"github.com/satdoku/satdoku/variant"
)

// TestCandidatesSpeed compares, per puzzle class, the true candidates by
// search (fallback.Solver.Candidates) with the model-based ones of the SAT
// engine (engine.Engine.Candidates), puzzle by puzzle, interleaved, in
// thread CPU time; the two answers must be equal. Run it with
//
//	FALLBACK_SPEED=1 go test -run TestCandidatesSpeed -v ./fallback
func TestCandidatesSpeed(t *testing.T) {
	if os.Getenv("FALLBACK_SPEED") != "1" {
		t.Skip("set FALLBACK_SPEED=1 to compare the candidate methods")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	classes := []struct {
		name    string
		puzzles []*variant.Puzzle
	}{
		{"classic (top1465 sample)", boardsAsPuzzles(t, "testdata/top1465-sample.txt")},
		{"classic (17-clue sample)", boardsAsPuzzles(t, "testdata/17clue-sample.txt")},
		{"variant corpus", fallback.CorpusPuzzles(t)},
		{"large (16x16)", boardsAsPuzzles(t, "testdata/large/16x16.txt")},
	}
	sat, err := engine.New(engine.Options{Kind: engine.SAT})
	if err != nil {
		t.Fatal(err)
	}
	for _, cl := range classes {
		var tSearch, tSAT []time.Duration
		for i, p := range cl.puzzles {
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			start := cputime.Thread()
			mine, _, err1 := fallback.NewSolver().Candidates(ctx, p, nil)
			d1 := cputime.Thread() - start
			start = cputime.Thread()
			theirs, err2 := sat.Candidates(ctx, p)
			d2 := cputime.Thread() - start
			cancel()
			if err1 != nil || err2 != nil {
				t.Logf("%s #%d: search %v, SAT %v", cl.name, i+1, err1, err2)
				continue
			}
			if !slices.Equal(mine, theirs) {
				t.Errorf("%s #%d: the candidates differ", cl.name, i+1)
			}
			tSearch, tSAT = append(tSearch, d1), append(tSAT, d2)
		}
		t.Logf("%-26s %4d puzzles: search total %9.1f ms median %8.3f ms; SAT total %9.1f ms median %8.3f ms; median ratio search/SAT %.2f",
			cl.name, len(tSearch), ms(sum(tSearch)), ms(median(tSearch)), ms(sum(tSAT)), ms(median(tSAT)), medianRatio(tSearch, tSAT))
	}
}

func boardsAsPuzzles(t *testing.T, path string) []*variant.Puzzle {
	var out []*variant.Puzzle
	for _, b := range testpuzzles.Boards(t, path) {
		out = append(out, &variant.Puzzle{Givens: b})
	}
	return out
}

func ms(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e6 }

func sum(ds []time.Duration) (s time.Duration) {
	for _, d := range ds {
		s += d
	}
	return s
}

func median(ds []time.Duration) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}

func medianRatio(a, b []time.Duration) float64 {
	var r []float64
	for i := range a {
		if b[i] > 0 {
			r = append(r, float64(a[i])/float64(b[i]))
		}
	}
	if len(r) == 0 {
		return 0
	}
	slices.Sort(r)
	return r[len(r)/2]
}
