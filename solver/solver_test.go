package solver_test

import (
	"context"
	"os"
	"runtime/debug"
	"testing"

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

func TestTuneGC(t *testing.T) {
	prev := debug.SetGCPercent(100)
	defer debug.SetGCPercent(prev)
	if os.Getenv("GOGC") != "" {
		t.Skip("GOGC set in the environment")
	}
	if got := solver.TuneGC(); got != 100 {
		t.Errorf("TuneGC returned %d, want the previous 100", got)
	}
	if got := debug.SetGCPercent(100); got != solver.GCPercent {
		t.Errorf("GC percent %d after TuneGC, want %d", got, solver.GCPercent)
	}
}
