package generate

import (
	"context"
	"testing"

	"github.com/satdoku/satdoku/board"
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
