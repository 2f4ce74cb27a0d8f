package engine

import (
	"strings"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/internal/testpuzzles"
)

// BenchmarkEngine solves the committed samples with each engine, one
// puzzle per iteration (cycling through the set), so ns/op is the time per
// puzzle. The "count" variants count to 2 (uniqueness).
func BenchmarkEngine(b *testing.B) {
	sets := []struct{ name, path string }{
		{"top1465", top1465Sample},
		{"hardest1106", hardest1106},
		{"17clue", clue17Sample},
		{"plb-hard20", plbHard20},
		{"serg", sergSample},
		{"nosolution", noSolutionFile},
	}
	runs := []struct {
		name string
		o    Options
	}{
		{"sat", Options{Kind: SAT}},
		{"sat-count", Options{Kind: SAT, Limit: 2}},
		{"backtrack", Options{Kind: Backtrack}},
		{"backtrack-count", Options{Kind: Backtrack, Limit: 2}},
		{"both", Options{Kind: Both}},
	}
	for _, r := range runs {
		b.Run(r.name, func(b *testing.B) {
			for _, s := range sets {
				b.Run(s.name, func(b *testing.B) {
					var ps []*board.Board
					for _, pz := range readPuzzles(b, s.path) {
						ps = append(ps, pz.Board)
					}
					e := newEngine(b, r.o)
					b.ReportAllocs()
					b.ResetTimer()
					for i := 0; i < b.N; i++ {
						p := ps[i%len(ps)]
						if res := e.Solve(bg, p); res.Status != Solved && res.Status != NoSolution {
							b.Fatalf("%s: %v %v", line(p), res.Status, res.Err)
						}
					}
				})
			}
		})
	}
}

// BenchmarkLarge solves the published 16×16 and 25×25 puzzles.
func BenchmarkLarge(b *testing.B) {
	for _, name := range []string{"spoj16.txt", "durr25.txt"} {
		for _, k := range []Kind{SAT, Backtrack} {
			b.Run(strings.TrimSuffix(name, ".txt")+"/"+k.String(), func(b *testing.B) {
				p := readPuzzles(b, testpuzzles.Shared(b, "ext/"+name))[0].Board
				e := newEngine(b, Options{Kind: k})
				b.ReportAllocs()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					if res := e.Solve(bg, p); res.Status != Solved {
						b.Fatal(res.Status, res.Err)
					}
				}
			})
		}
	}
}
