package fallback

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/satdoku/satdoku/variant"
)

// TestMatchAll compares the matching test with an exhaustive search for
// cells of one to six masks over a few digits.
func TestMatchAll(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	var exhaustive func(masks []uint64, used uint64) bool
	exhaustive = func(masks []uint64, used uint64) bool {
		if len(masks) == 0 {
			return true
		}
		for m := masks[0] &^ used; m != 0; m &= m - 1 {
			if exhaustive(masks[1:], used|m&-m) {
				return true
			}
		}
		return false
	}
	for trial := 0; trial < 20000; trial++ {
		k := 1 + rng.IntN(6)
		digits := k + rng.IntN(3)
		masks := make([]uint64, k)
		for i := range masks {
			masks[i] = rng.Uint64() & rng.Uint64() & fullMask(digits)
		}
		if got, want := matchAll(masks), exhaustive(masks, 0); got != want {
			t.Fatalf("matchAll(%b) = %v, want %v", masks, got, want)
		}
	}
}

// TestSumCombos compares the digit combinations of a cage with every
// subset of 1..n, for n up to 9.
func TestSumCombos(t *testing.T) {
	t.Parallel()
	for n := 1; n <= 9; n++ {
		for k := 1; k <= n; k++ {
			for sum := 0; sum <= n*(n+1)/2+1; sum++ {
				got, ok := sumCombos(n, k, sum)
				if !ok {
					t.Fatalf("sumCombos(%d, %d, %d): too many", n, k, sum)
				}
				got = slices.Sorted(slices.Values(got))
				var want []uint64
				for m := uint64(1); m < 1<<n; m++ {
					s := 0
					for x := m; x != 0; x &= x - 1 {
						s += bits.TrailingZeros64(x) + 1
					}
					if bits.OnesCount64(m) == k && s == sum {
						want = append(want, m)
					}
				}
				if len(got) != len(want) {
					t.Fatalf("sumCombos(%d, %d, %d) = %b, want %b", n, k, sum, got, want)
				}
				for i := range got {
					if got[i] != want[i] {
						t.Fatalf("sumCombos(%d, %d, %d) = %b, want %b", n, k, sum, got, want)
					}
				}
			}
		}
	}
	if _, ok := sumCombos(25, 12, 156); ok {
		t.Error("sumCombos(25, 12, 156): the list should be too long")
	}
}

// TestDerivedTables checks the solver's own readings of the size-dependent
// rules against the model's (they are written apart so that a slip in one
// is caught by the cross-check, and must agree): entropic groups on every
// side, pill readings with digits up to 64.
func TestDerivedTables(t *testing.T) {
	t.Parallel()
	for n := 1; n <= 64; n++ {
		for d := 1; d <= n; d++ {
			if got, want := entropicGroup(n, d), variant.EntropicGroup(n, d); got != want {
				t.Errorf("entropicGroup(%d, %d) = %d, want %d", n, d, got, want)
			}
		}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := 0; trial < 1000; trial++ {
		digits := make([]int, 1+rng.IntN(3))
		v := 0
		for i := range digits {
			digits[i] = 1 + rng.IntN(64)
			v = appendDigit(v, digits[i])
		}
		if want := variant.CircleValue(digits); v != want {
			t.Errorf("reading %v = %d, want %d", digits, v, want)
		}
	}
}

// TestShifts checks the multi-word bitset shifts against bit-by-bit ones.
func TestShifts(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(5, 6))
	get := func(s []uint64, i int) bool { return i >= 0 && i < 64*len(s) && s[i/64]&(1<<(i%64)) != 0 }
	for trial := 0; trial < 2000; trial++ {
		w := 1 + rng.IntN(3)
		a, b := make([]uint64, w), make([]uint64, w)
		for i := range a {
			a[i], b[i] = rng.Uint64()&rng.Uint64(), rng.Uint64()&rng.Uint64()&rng.Uint64()
		}
		k := rng.IntN(64*w + 10)
		l, r := make([]uint64, w), make([]uint64, w)
		shlOr(l, a, k)
		shrOr(r, a, k)
		hit := false
		for i := 0; i < 64*w; i++ {
			if get(l, i) != get(a, i-k) || get(r, i) != get(a, i+k) {
				t.Fatalf("shift by %d of %x: left %x right %x", k, a, l, r)
			}
			hit = hit || (get(a, i-k) && get(b, i))
		}
		if got := shlIntersects(a, b, k); got != hit {
			t.Fatalf("shlIntersects(%x, %x, %d) = %v, want %v", a, b, k, got, hit)
		}
	}
}

// TestSandwichOutsideDigits checks the sandwich's digit sets on an open
// row: a sum of 33 needs six digits between the crusts ({3,…,8}), so the
// crusts sit at the row's ends but one and the cell left outside holds 2;
// the ends keep 1, 2 and 9, the cells next to them 1, 9 and 3..8.
func TestSandwichOutsideDigits(t *testing.T) {
	t.Parallel()
	const n = 9
	tests := []struct {
		sum  int
		want []uint64 // per cell of the row
	}{
		{33, []uint64{0b100000011, 0b111111101, 0b011111100, 0b011111100, 0b011111100, 0b011111100, 0b011111100, 0b111111101, 0b100000011}},
		// Sum 0: the crusts are adjacent, nothing is forced.
		{0, []uint64{0b111111111, 0b111111111, 0b111111111, 0b111111111, 0b111111111, 0b111111111, 0b111111111, 0b111111111, 0b111111111}},
	}
	for _, tc := range tests {
		s := newVsolver(n)
		line := []int32{0, 1, 2, 3, 4, 5, 6, 7, 8}
		p := newSandwichProp(n, line, tc.sum)
		s.addProp(p, line)
		if !p.propagate(s) {
			t.Fatalf("sum %d: the open row has no filling", tc.sum)
		}
		for k, c := range line {
			if s.cand[c] != tc.want[k] {
				t.Errorf("sum %d, cell %d: %09b, want %09b", tc.sum, k, s.cand[c], tc.want[k])
			}
		}
	}
}
