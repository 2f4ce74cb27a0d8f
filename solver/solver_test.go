package solver_test

import (
	"context"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"testing"
	"time"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/internal/race"
	"github.com/satdoku/satdoku/solver"
)

var sampleFiles = []string{"top1465-sample.txt", "hardest1106-sample.txt", "17clue-sample.txt", "plb-hard20.txt", "serg-multi-sample.txt"}

// solveAndCheck solves f and checks that the model satisfies f and decodes
// to a valid completion of p.
func solveAndCheck(t *testing.T, p *board.Board, f *encode.CNF) *board.Board {
	t.Helper()
	res, err := solver.Solve(context.Background(), f)
	if err != nil {
		t.Fatalf("Solve: %v", err)
	}
	if res.Status != encode.Sat {
		t.Fatalf("status %v, want SATISFIABLE", res.Status)
	}
	if len(res.Model) != f.NumVars+1 {
		t.Fatalf("model length %d, want %d", len(res.Model), f.NumVars+1)
	}
	if i := solver.Check(f, res.Model); i >= 0 {
		t.Fatalf("model breaks clause %d", i)
	}
	sol, err := decodeModel(p, res.Model)
	if err != nil {
		t.Fatalf("decode: %v", err)
	}
	if err := board.Verify(p, sol); err != nil {
		t.Fatalf("verify: %v", err)
	}
	return sol
}

func TestSolveSamples(t *testing.T) {
	t.Parallel()
	race.SkipSequential(t)
	for _, name := range sampleFiles {
		t.Run(name, func(t *testing.T) {
			for i, p := range committed(t, name) {
				f, st, err := encode.Fast(p)
				if err != nil {
					t.Fatal(err)
				}
				if st.Contradiction {
					t.Fatalf("puzzle %d: contradiction", i+1)
				}
				sol := solveAndCheck(t, p, f)
				g, err := encode.Encode(p, encode.Options{})
				if err != nil {
					t.Fatal(err)
				}
				sol2 := solveAndCheck(t, p, g)
				if name != "serg-multi-sample.txt" && !sol.Equal(sol2) {
					t.Fatalf("puzzle %d: fast and extended disagree", i+1)
				}
			}
		})
	}
}

// TestTuneGC: TuneGC keeps the default target for RaiseAfter collections,
// then raises it to GCPercent, and returns the setting it found.
func TestTuneGC(t *testing.T) {
	if os.Getenv("GOGC") != "" {
		t.Skip("GOGC set in the environment")
	}
	prev := debug.SetGCPercent(70)
	defer debug.SetGCPercent(prev)
	if got := solver.TuneGC(); got != 70 {
		t.Errorf("TuneGC returned %d, want the previous 70", got)
	}
	gogc := func() uint64 {
		s := []metrics.Sample{{Name: "/gc/gogc:percent"}}
		metrics.Read(s)
		return s[0].Value.Uint64()
	}
	if got := gogc(); got != 100 {
		t.Errorf("GC percent %d after TuneGC, want the default 100 for now", got)
	}
	// The count is kept by a finalizer, which runs after each collection:
	// collect until it has seen RaiseAfter of them, within a bound on the
	// collections (not on the time: the finalizer may run late on a busy
	// machine) that only a lost count reaches.
	for n := 0; gogc() != solver.GCPercent; n++ {
		if n > 100*solver.RaiseAfter {
			t.Fatalf("GC percent %d after %d collections, want %d", gogc(), n, solver.GCPercent)
		}
		runtime.GC()
		time.Sleep(time.Millisecond)
	}
}
