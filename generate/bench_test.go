package generate

import (
	"context"
	"fmt"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/internal/cputime"
	"github.com/satdoku/satdoku/internal/variantcorpus"
)

func benchGenerate(b *testing.B, o Options) {
	g, err := New(o, 1)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	givens := 0
	for i := 0; i < b.N; i++ {
		p, err := g.Generate(context.Background(), i+1)
		if err != nil {
			b.Fatal(err)
		}
		givens += p.Givens
	}
	b.ReportMetric(float64(givens)/float64(b.N), "givens/op")
}

func BenchmarkGenerate9None(b *testing.B) { benchGenerate(b, Options{Shape: board.Classic}) }
func BenchmarkGenerate9Rotate180(b *testing.B) {
	benchGenerate(b, Options{Shape: board.Classic, Symmetry: Rotate180})
}
func BenchmarkGenerate9Rotate180Core(b *testing.B) {
	benchGenerate(b, Options{Shape: board.Classic, Symmetry: Rotate180, NoSATProof: true})
}
func BenchmarkGenerate16Rotate180Core(b *testing.B) {
	benchGenerate(b, Options{Shape: board.Square(4), Symmetry: Rotate180, NoSATProof: true})
}

// BenchmarkCompleteCorpus completes every layout of the variant corpus
// (each puzzle with its givens taken away, the manifest's solution as the
// target) once per iteration, and reports the median and the largest
// process CPU time a layout took (CPU, not wall time: the machine may be
// busy), and how many layouts needed no givens. Each layout's line goes to
// stderr as it is done. A layout unfinished after two minutes counts as
// failed.
//
//	go test ./generate -run X -bench CompleteCorpus -benchtime 1x
func BenchmarkCompleteCorpus(b *testing.B) {
	corpus := variantcorpus.Read(b)
	for i := 0; i < b.N; i++ {
		var times []time.Duration
		zero, failed := 0, 0
		for _, cp := range corpus {
			if _, ok := variantcorpus.NotUnique[cp.File]; ok {
				continue
			}
			layout := *cp.Puzzle
			layout.Givens = board.New(cp.Puzzle.Givens.Shape)
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			start := cputime.Process()
			c, err := Complete(ctx, &layout, CompleteOptions{Target: cp.Solution, Seed: 1, Tries: 2})
			took := cputime.Process() - start
			times = append(times, took)
			cancel()
			switch {
			case err != nil:
				failed++
				fmt.Fprintf(os.Stderr, "%-50s %8v  %v\n", cp.File, took.Round(time.Millisecond), err)
			default:
				if len(c.Added) == 0 {
					zero++
				}
				fmt.Fprintf(os.Stderr, "%-50s %8v  %d givens added (setter: %d), %d of %d rules redundant\n",
					cp.File, took.Round(time.Millisecond), len(c.Added), cp.Puzzle.Givens.Givens(), len(c.Redundant), len(c.Puzzle.Rules))
			}
		}
		slices.Sort(times)
		b.ReportMetric(float64(times[len(times)/2].Milliseconds()), "median-cpu-ms")
		b.ReportMetric(float64(times[len(times)-1].Milliseconds()), "max-cpu-ms")
		b.ReportMetric(float64(len(times)), "layouts")
		b.ReportMetric(float64(zero), "zero-given")
		b.ReportMetric(float64(failed), "failed")
	}
}
