package solver_test

import (
	"context"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/solver"
)

var benchSets = []string{
	"puzzles2_17_clue",
	"puzzles3_magictour_top1465",
	"puzzles5_forum_hardest_1905_11+",
	"puzzles6_forum_hardest_1106",
}

// BenchmarkSolveFast measures the SAT engine's path per puzzle: build the
// Fast formula (reused builder), solve with gophersat, decode the model and
// verify the grid. ns/op is per puzzle. Sets are read from ../shared/data
// outside the timer; the benchmark skips when they are absent.
func BenchmarkSolveFast(b *testing.B) {
	for _, set := range benchSets {
		b.Run(set, func(b *testing.B) {
			puzzles := sharedSet(b, set, 0)
			ctx := context.Background()
			var fb encode.FastBuilder
			var sv solver.Solver
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				p := puzzles[i%len(puzzles)]
				f, _, err := fb.Build(p)
				if err != nil {
					b.Fatal(err)
				}
				res, err := sv.Solve(ctx, f)
				if err != nil || res.Status != encode.Sat {
					b.Fatalf("puzzle %d: %v %v", i%len(puzzles), res.Status, err)
				}
				sol, err := decodeModel(p, res.Model)
				if err != nil {
					b.Fatal(err)
				}
				if err := board.Verify(p, sol); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkSolveExtended is the plain path: the full Extended encoding of
// each top1465 puzzle (its groups native, the givens as units propagated
// here), solved by gophersat, decoded and verified.
func BenchmarkSolveExtended(b *testing.B) {
	puzzles := committed(b, "top1465-sample.txt")
	ctx := context.Background()
	var sv solver.Solver
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p := puzzles[i%len(puzzles)]
		f, err := encode.Encode(p, encode.Options{})
		if err != nil {
			b.Fatal(err)
		}
		res, err := sv.Solve(ctx, f)
		if err != nil || res.Status != encode.Sat {
			b.Fatal(res.Status, err)
		}
		sol, err := decodeModel(p, res.Model)
		if err != nil || board.Verify(p, sol) != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCount2 is the uniqueness protocol on top1465: Fast, then Count
// to 2.
func BenchmarkCount2(b *testing.B) {
	puzzles := sharedSet(b, "puzzles3_magictour_top1465", 0)
	ctx := context.Background()
	var fb encode.FastBuilder
	var sv solver.Solver
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p := puzzles[i%len(puzzles)]
		f, _, _ := fb.Build(p)
		models, _, err := sv.Count(ctx, f, 2)
		if err != nil || len(models) != 1 {
			b.Fatal(len(models), err)
		}
	}
}
