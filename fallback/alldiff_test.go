package fallback

import (
	"math/bits"
	"math/rand"
	"testing"
)

// TestMatchingFilterAgainstBruteForce checks the all-different filter on
// random masks of up to 7 cells against every assignment of distinct
// digits: a candidate is kept exactly when some assignment uses it, and
// the filter fails exactly when there is none.
func TestMatchingFilterAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	m := newMatching(64)
	feasible := 0
	for trial := 0; trial < 20000; trial++ {
		k := 1 + rng.Intn(7)
		digits := uint64(0)
		for bits.OnesCount64(digits) < k {
			digits |= 1 << rng.Intn(12) // k digits among 12
		}
		masks := make([]uint64, k)
		for i := range masks {
			for masks[i] == 0 || rng.Intn(3) > 0 && bits.OnesCount64(masks[i]) < k {
				masks[i] |= digits & (1 << rng.Intn(12))
			}
		}
		want := make([]uint64, k)
		any := false
		var walk func(i int, used uint64, pick []int)
		pick := make([]int, k)
		walk = func(i int, used uint64, pick []int) {
			if i == k {
				any = true
				for j, d := range pick {
					want[j] |= 1 << d
				}
				return
			}
			for ds := masks[i] &^ used; ds != 0; ds &= ds - 1 {
				d := bits.TrailingZeros64(ds)
				pick[i] = d
				walk(i+1, used|1<<d, pick)
			}
		}
		walk(0, 0, pick)
		got := append([]uint64(nil), masks...)
		ok := m.filter(got)
		if ok != any {
			t.Fatalf("masks %b: filter says %v, brute force %v", masks, ok, any)
		}
		if !ok {
			continue
		}
		feasible++
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("masks %b: cell %d keeps %b, assignments use %b", masks, i, got[i], want[i])
			}
		}
	}
	if feasible < 1000 {
		t.Fatalf("only %d feasible cases", feasible)
	}
}
