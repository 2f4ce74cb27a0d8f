package encode_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/variant"
	"github.com/satdoku/satdoku/variant/varianttest"
)

// TestVariantPill16 covers the arrows whose pill is read with two-place
// digits (boards over 9×9, where Variant lists the pill's readings): on a
// random 16×16 grid, a two-cell pill and a shaft of other cells whose
// digits sum to the pill's number, with most cells given. The formula's
// solutions must be the checker's, for the clue as read off the grid and
// for its shaft one cell shorter (then the pill must read less: usually
// no solution).
func TestVariantPill16(t *testing.T) {
	t.Parallel()
	const n = 16
	s := board.Square(4)
	ran := 0
	for trial := 0; trial < 6; trial++ {
		rng := rand.New(rand.NewPCG(uint64(trial), 16))
		grid := varianttest.Grid(rng, s)
		// A pill in row r: cells a, a+1; its number, then a shaft.
		a := rng.IntN(n)*n + rng.IntN(n-1)
		ds := []int{int(grid.Cells[a]), int(grid.Cells[a+1])}
		want := variant.CircleValue(ds)
		var shaft []int
		sum := 0
		for _, c := range rng.Perm(n * n) {
			if c == a || c == a+1 || sum+int(grid.Cells[c]) > want {
				continue
			}
			shaft = append(shaft, c)
			if sum += int(grid.Cells[c]); sum == want {
				break
			}
		}
		if sum != want {
			continue
		}
		ran++
		p := variant.New(s)
		p.Rules = []variant.Rule{variant.Arrow{Circle: []int{a, a + 1}, Line: shaft}}
		if err := variant.Check(p, grid); err != nil {
			t.Fatalf("trial %d: the grid breaks its own pill: %v", trial, err)
		}
		// Blank the pill, a few shaft cells and a few others.
		p.Givens = grid.Clone()
		blank := []int{a, a + 1}
		blank = append(blank, shaft[:min(3, len(shaft))]...)
		blank = append(blank, rng.Perm(n * n)[:6]...)
		for _, c := range blank {
			p.Givens.Cells[c] = 0
		}
		for _, off := range []int{0, 1} {
			q := *p
			q.Rules = []variant.Rule{variant.Arrow{Circle: []int{a, a + 1}, Line: shaft}}
			if off != 0 {
				if len(shaft) > 3 {
					q.Rules = []variant.Rule{variant.Arrow{Circle: []int{a, a + 1}, Line: shaft[:len(shaft)-1]}}
				}
			}
			sols := agreeLarge(t, fmt.Sprintf("16x16 pill trial %d (%d)", trial, off), &q)
			t.Logf("trial %d: pill %v reads %d, shaft of %d cells (less %d): %d solution(s)", trial, ds, want, len(shaft), off, len(sols))
		}
	}
	if ran < 4 {
		t.Fatalf("only %d of 6 trials found a shaft", ran)
	}
}

// TestVariantSandwich16 covers the sandwich clues of boards over 9×9,
// where a middling sum has too many digit sets to list and the encoding
// falls back to a Sum over the digits between the crusts: on random 16×16
// grids, the clues of four rows and columns as read off the grid (and one
// of them off by one, which usually has no solution), with most cells
// given. The formula's solutions must be the checker's.
func TestVariantSandwich16(t *testing.T) {
	t.Parallel()
	const n = 16
	s := board.Square(4)
	sums := map[bool]int{} // clues by whether their sets are listed
	for trial := 0; trial < 4; trial++ {
		rng := rand.New(rand.NewPCG(uint64(trial), 1616))
		grid := varianttest.Grid(rng, s)
		p := variant.New(s)
		for _, line := range rng.Perm(n)[:4] {
			for _, col := range []bool{false, true} {
				o, _ := variant.EdgeClue(n, line, -1)
				if col {
					o, _ = variant.EdgeClue(n, -1, line)
				}
				ds := make([]int, n)
				for i, c := range o.Cells(n) {
					ds[i] = int(grid.Cells[c])
				}
				lo, hi := slices.Index(ds, 1), slices.Index(ds, n)
				sum := 0
				for _, d := range ds[min(lo, hi)+1 : max(lo, hi)] {
					sum += d
				}
				p.Rules = append(p.Rules, variant.Sandwich{Clue: o, Sum: sum})
				sums[encode.SandwichListed(n, sum)]++
			}
		}
		p.Givens = grid.Clone()
		for _, c := range rng.Perm(n * n)[:24] {
			p.Givens.Cells[c] = 0
		}
		for _, off := range []int{0, 1} {
			q := *p
			q.Rules = slices.Clone(p.Rules)
			if off != 0 {
				sw := q.Rules[0].(variant.Sandwich)
				sw.Sum++
				q.Rules[0] = sw
			}
			agreeLarge(t, fmt.Sprintf("16x16 sandwich trial %d (%+d)", trial, off), &q)
		}
	}
	if sums[true] == 0 || sums[false] == 0 {
		t.Fatalf("clues by whether their sets are listed: %v; want both", sums)
	}
}

// agreeLarge checks that the formula of p, a puzzle with few completions,
// has exactly the checker's solutions, and returns them.
func agreeLarge(t *testing.T, name string, p *variant.Puzzle) map[string]bool {
	t.Helper()
	sols, complete := truth(p, 200000)
	if !complete {
		t.Fatalf("%s: too many completions", name)
	}
	f, err := encode.Variant(p)
	if err != nil {
		t.Fatal(err)
	}
	const limit = 40
	compare(t, name, p, satModels(t, p, f, limit), sols, limit)
	return sols
}
