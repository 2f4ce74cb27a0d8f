package fallback

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

// units9 returns the rows, columns and boxes of a 9×9 board and the peer
// test they imply.
func units9() ([][]int32, func(a, b int32) bool) {
	var units [][]int32
	for i := range 9 {
		var row, col, box []int32
		for j := range 9 {
			row = append(row, int32(i*9+j))
			col = append(col, int32(j*9+i))
			box = append(box, int32((i/3*3+j/3)*9+i%3*3+j%3))
		}
		units = append(units, row, col, box)
	}
	peer := func(a, b int32) bool {
		for _, u := range units {
			if slices.Contains(u, a) && slices.Contains(u, b) {
				return true
			}
		}
		return false
	}
	return units, peer
}

// TestOneWordSumsMatchWide checks the sums on one word (propagate1)
// against the same propagation on bitsets of words (propagateWide): on
// random groups of cells of a 9×9 board, with offsets, a target or none,
// and random masks, the two give the same verdict and the same masks.
func TestOneWordSumsMatchWide(t *testing.T) {
	t.Parallel()
	units, peer := units9()
	rng := rand.New(rand.NewPCG(38, 1))
	pruned, failed := 0, 0
	for trial := range 20000 {
		cells := rng.Perm(81)
		var groups []sumGroup
		for range 1 + rng.IntN(3) {
			k := 1 + rng.IntN(5)
			g := sumGroup{}
			for _, c := range cells[:k] {
				g.cells = append(g.cells, int32(c))
			}
			cells = cells[k:]
			if rng.IntN(2) == 0 {
				g.offset = rng.IntN(10)
			}
			groups = append(groups, g)
		}
		target := -1
		if len(groups) == 1 || rng.IntN(3) == 0 {
			target = 1 + rng.IntN(40)
		}
		p := newSumProp(9, groups, target)
		if p.impossible || p.words != 1 {
			continue
		}
		p.finish(units, peer)
		a, b := newVsolver(9), newVsolver(9)
		for _, c := range p.cells() {
			m := rng.Uint64() & fullMask(9)
			if rng.IntN(3) == 0 {
				m &= rng.Uint64()
			}
			if m == 0 {
				m = digitMask(1 + rng.IntN(9))
			}
			a.cand[c], b.cand[c] = m, m
		}
		before := slices.Clone(a.cand)
		okA, okB := p.propagate1(a), p.propagateWide(b)
		if okA != okB || okA && !slices.Equal(a.cand, b.cand) {
			t.Fatalf("trial %d: groups %+v target %d masks %b: one word %v %b, wide %v %b",
				trial, groups, target, before, okA, a.cand, okB, b.cand)
		}
		if !okA {
			failed++
		} else if !slices.Equal(a.cand, before) {
			pruned++
		}
	}
	if pruned < 1000 || failed < 1000 {
		t.Errorf("%d trials pruned, %d failed: too few to test", pruned, failed)
	}
}

// TestComboFilterAgainstBruteForce compares the combinations comboFilter
// keeps (their union and the digits all of them need) with every
// assignment of different digits to the cells, on random masks and the
// combinations of a random sum.
func TestComboFilterAgainstBruteForce(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(38, 2))
	var assign func(masks []uint64, used uint64, fn func(set uint64))
	assign = func(masks []uint64, used uint64, fn func(set uint64)) {
		if len(masks) == 0 {
			fn(used)
			return
		}
		for m := masks[0] &^ used; m != 0; m &= m - 1 {
			assign(masks[1:], used|m&-m, fn)
		}
	}
	kept, decided := 0, 0
	for trial := range 20000 {
		k := 1 + rng.IntN(6)
		s := newVsolver(9)
		cells := make([]int32, k)
		masks := make([]uint64, k)
		for i := range cells {
			cells[i] = int32(i)
			m := rng.Uint64() & rng.Uint64() & fullMask(9)
			if m == 0 {
				m = digitMask(1 + rng.IntN(9))
			}
			s.cand[i], masks[i] = m, m
		}
		lo, hi := k*(k+1)/2, k*(19-k)/2
		combos, _ := sumCombos(9, k, lo+rng.IntN(hi-lo+1))
		var wantUnion uint64
		wantNeed := ^uint64(0)
		assign(masks, 0, func(set uint64) {
			if slices.Contains(combos, set) {
				wantUnion |= set
				wantNeed &= set
			}
		})
		union, need := comboFilter(s, cells, make([]uint64, 2*k), combos)
		if union != wantUnion || union != 0 && need != wantNeed {
			t.Fatalf("trial %d: masks %b combos %b: union %b need %b, want %b %b",
				trial, masks, combos, union, need, wantUnion, wantNeed)
		}
		if union != 0 && bits.OnesCount64(union) > k {
			kept++
		}
		if union != 0 && k > 1 && slices.ContainsFunc(masks, func(m uint64) bool { return m&(m-1) == 0 }) {
			decided++ // comboFilter matches only the open cells
		}
	}
	if kept < 1000 || decided < 1000 {
		t.Errorf("%d trials with several combinations kept, %d with a decided cell: too few to test", kept, decided)
	}
}

// TestPairCombosMatchScan compares pairCombos, a two-cell clique's
// combinations by bit tricks, with comboScan over the same totals'
// combinations, on random masks and totals.
func TestPairCombosMatchScan(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(38, 9))
	kept := 0
	for trial := range 20000 {
		s := newVsolver(9)
		cells := []int32{0, 1}
		for i := range cells {
			m := rng.Uint64() & fullMask(9)
			if rng.IntN(4) == 0 {
				m = digitMask(1 + rng.IntN(9))
			}
			if m == 0 {
				m = fullMask(9)
			}
			s.cand[i] = m
		}
		var totals uint64
		for range 1 + rng.IntN(4) {
			totals |= 1 << (3 + rng.IntN(15))
		}
		scan := startCombos(s, cells, make([]uint64, 4))
		for tt := totals; tt != 0; tt &= tt - 1 {
			combos, _ := sumCombos(9, 2, bits.TrailingZeros64(tt))
			scan.add(combos)
		}
		union, need := pairCombos(s.cand[0], s.cand[1], totals)
		if union != scan.union || union != 0 && need != scan.need {
			t.Fatalf("trial %d: masks %b %b totals %b: union %b need %b, want %b %b",
				trial, s.cand[0], s.cand[1], totals, union, need, scan.union, scan.need)
		}
		if union != 0 && need != 0 {
			kept++
		}
	}
	if kept < 1000 {
		t.Errorf("%d trials with a needed digit: too few to test", kept)
	}
}
