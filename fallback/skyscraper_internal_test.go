package fallback

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/variant"
)

// TestSkyscraperPropExact checks the skyscraper propagator against every
// digit sequence of its line, on random candidate sets: it keeps exactly
// the digits that some sequence of the line's candidates holds where the
// sequence is one the propagator's dynamic program describes (each digit
// other than the highest before it, the last highest being N, and the
// clue's count of digits higher than all before them), and reports a
// contradiction exactly when no sequence is left.
func TestSkyscraperPropExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(38, 9))
	for _, shape := range []board.Shape{{BoxRows: 2, BoxCols: 2}, {BoxRows: 2, BoxCols: 3}} {
		n := shape.Side()
		full := uint64(1)<<n - 1
		for trial := range 300 {
			p := variant.New(shape)
			o, _ := variant.EdgeClue(n, -1, rng.IntN(n))
			count := 1 + rng.IntN(n)
			p.Rules = append(p.Rules, variant.Skyscraper{Clue: o, Count: count})
			s, err := newVariantSearch(context.Background(), p, 2, false)
			if err != nil || s == nil {
				t.Fatalf("%v", err)
			}
			var prop *skyscraperProp
			for _, q := range s.props {
				if sp, ok := q.(*skyscraperProp); ok {
					prop = sp
				}
			}
			if prop == nil {
				t.Fatal("no skyscraper propagator")
			}
			before := make([]uint64, n)
			for k, c := range prop.line {
				m := uint64(0)
				for m == 0 {
					m = rng.Uint64() & full
				}
				s.cand[c] = m
				before[k] = m
			}
			// The sequences, by brute force.
			want := make([]uint64, n)
			seq := make([]int, n)
			any := false
			var walk func(k, top, seen int)
			walk = func(k, top, seen int) {
				if k == n {
					if top == n && seen == count {
						any = true
						for i, d := range seq {
							want[i] |= 1 << (d - 1)
						}
					}
					return
				}
				for d := 1; d <= n; d++ {
					if before[k]&(1<<(d-1)) == 0 || d == top {
						continue
					}
					seq[k] = d
					if d > top {
						walk(k+1, d, seen+1)
					} else {
						walk(k+1, top, seen)
					}
				}
			}
			walk(0, 0, 0)
			ok := prop.propagate(s)
			if ok != any {
				t.Fatalf("trial %d: clue %d, candidates %b: propagate %v, sequences exist %v", trial, count, before, ok, any)
			}
			if !ok {
				continue
			}
			for k, c := range prop.line {
				if s.cand[c] != want[k] {
					t.Fatalf("trial %d: clue %d, candidates %b: cell %d keeps %b, want %b", trial, count, before, k, s.cand[c], want[k])
				}
			}
		}
	}
}
