package fallback

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/internal/variantcorpus"
	"github.com/satdoku/satdoku/variant"
)

// TestLockedCandidatesSkipKeepsSearch checks that locked candidates'
// skip of the digits whose places did not move (vsolver.gone) removes
// nothing it would have removed: the search, which hangs on every
// pruning and on the cell each contradiction is charged to, takes the
// same number of guesses to the same count with and without the skip,
// on the variant corpus and on random puzzles of sums and extra
// groups. The skip is exact only while propagate returns at a true
// fixpoint of the groups; a leak across branches shows up here as a
// different count of guesses.
func TestLockedCandidatesSkipKeepsSearch(t *testing.T) {
	t.Parallel()
	var puzzles []*variant.Puzzle
	for _, cp := range variantcorpus.Read(t) {
		puzzles = append(puzzles, cp.Puzzle)
	}
	rng := rand.New(rand.NewPCG(38, 7))
	for range 40 {
		puzzles = append(puzzles, randomCagePuzzle(rng))
	}
	run := func(p *variant.Puzzle, every bool) Result {
		vs, err := newVariantSearch(context.Background(), p, 2, true)
		if err != nil {
			t.Fatal(err)
		}
		if vs == nil {
			return Result{}
		}
		vs.lcEvery = every
		vs.nodeLimit = 5000
		if vs.start() {
			vs.search(0)
		}
		return vs.res
	}
	skipped := 0
	for i, p := range puzzles {
		a, b := run(p, false), run(p, true)
		if a.Guesses != b.Guesses || a.Count != b.Count {
			t.Errorf("puzzle %d: %d guesses to %d solutions with the skip, %d to %d without",
				i, a.Guesses, a.Count, b.Guesses, b.Count)
		}
		if a.Guesses > 0 {
			skipped++
		}
	}
	if skipped < 50 {
		t.Errorf("%d puzzles searched: too few to test", skipped)
	}
}

// randomCagePuzzle returns a 6×6 puzzle of random killer cages of two or
// three cells along the rows, with a few givens, and an anti-king rule
// on one of three (more full groups than houses: none, but more peers).
func randomCagePuzzle(rng *rand.Rand) *variant.Puzzle {
	shape := board.Shape{BoxRows: 2, BoxCols: 3}
	p := variant.New(shape)
	n := shape.Side()
	for r := range n {
		for c := 0; c+1 < n; c += 2 + rng.IntN(2) {
			k := min(2+rng.IntN(2), n-c)
			cells := make([]int, k)
			for i := range cells {
				cells[i] = r*n + c + i
			}
			lo, hi := k*(k+1)/2, k*(2*n+1-k)/2
			p.Rules = append(p.Rules, variant.Killer{Cells: cells, Sum: lo + rng.IntN(hi-lo+1)})
		}
	}
	for range rng.IntN(4) {
		p.Givens.Cells[rng.IntN(n*n)] = uint8(1 + rng.IntN(n))
	}
	if rng.IntN(3) == 0 {
		p.Rules = append(p.Rules, variant.AntiKing{})
	}
	return p
}
