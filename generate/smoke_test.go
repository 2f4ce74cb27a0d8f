package generate

import (
	"context"
	"testing"
	"time"

	"github.com/satdoku/satdoku/board"
)

func TestSmoke(t *testing.T) {
	for _, tc := range []struct {
		s   board.Shape
		sym Symmetry
		sat bool
	}{{board.Classic, None, true}, {board.Classic, Rotate180, true}, {board.Classic, None, false}, {board.Classic, Rotate180, false}, {board.Square(4), None, false}, {board.Square(4), Rotate180, false}} {
		g, err := New(Options{Shape: tc.s, Symmetry: tc.sym, NoSATProof: !tc.sat}, 1)
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		total, checks := 0, 0
		const k = 50
		for i := 1; i <= k; i++ {
			p, err := g.Generate(context.Background(), i)
			if err != nil {
				t.Fatal(err)
			}
			total += p.Givens
			checks += p.Checks
		}
		t.Logf("%v %v sat=%v: %.0f/s, avg givens %.1f, checks %.1f", tc.s, tc.sym, tc.sat, k/time.Since(start).Seconds(), float64(total)/k, float64(checks)/k)
	}
}
