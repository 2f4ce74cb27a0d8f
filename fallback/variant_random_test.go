package fallback_test

import (
	"math/rand/v2"
	"testing"

	"github.com/satdoku/satdoku/fallback"
	"github.com/satdoku/satdoku/variant"
	"github.com/satdoku/satdoku/variant/varianttest"
)

// randomCells returns k distinct random cells of a board of side n.
func randomCells(rng *rand.Rand, n, k int) []int {
	return rng.Perm(n * n)[:k]
}

// randomOrthPair returns two orthogonally adjacent cells, in random order.
func randomOrthPair(rng *rand.Rand, n int) (int, int) {
	pairs := variant.OrthogonalPairs(n)
	pr := pairs[rng.IntN(len(pairs))]
	if rng.IntN(2) == 0 {
		return pr[1], pr[0]
	}
	return pr[0], pr[1]
}

// randomEdge returns a random clue beside a row or column.
func randomEdge(rng *rand.Rand, n int) variant.Outside {
	i := rng.IntN(n)
	pos := [4][2]int{{-1, i}, {n, i}, {i, -1}, {i, n}}[rng.IntN(4)]
	o, _ := variant.EdgeClue(n, pos[0], pos[1])
	return o
}

// loop closes a line of at least three cells on its first cell, half the
// time.
func loop(rng *rand.Rand, cells []int) []int {
	if len(cells) >= 3 && rng.IntN(2) == 0 {
		return append(cells, cells[0])
	}
	return cells
}

// randomRule returns a random rule of any kind with random cells and
// parameters (not read off a grid, so often with no solution), including
// the edge cases the clue maker does not make: loops, lines of one cell,
// clones that overlap, sums and counts anywhere in range.
func randomRule(rng *rand.Rand, p *variant.Puzzle) variant.Rule {
	n := p.Side()
	line := func(lo, hi int) []int { return randomCells(rng, n, lo+rng.IntN(hi-lo+1)) }
	switch rng.IntN(33) {
	case 0:
		return variant.Thermometer{Cells: line(1, 4), Slow: rng.IntN(2) == 0}
	case 1:
		cells := line(2, 5)
		k := 1 + rng.IntN(min(2, len(cells)-1))
		return variant.Arrow{Circle: cells[:k], Line: cells[k:]}
	case 2:
		return variant.DoubleArrow{Cells: line(3, 5)}
	case 3:
		return variant.Palindrome{Cells: line(1, 5)}
	case 4:
		return variant.Renban{Cells: line(1, n)}
	case 5:
		return variant.Whispers{Cells: loop(rng, line(1, 5)), Difference: 1 + rng.IntN(n-1)}
	case 6:
		return variant.BetweenLine{Cells: line(2, 5)}
	case 7:
		return variant.RegionSumLine{Cells: line(1, 6)}
	case 8:
		return variant.EntropicLine{Cells: loop(rng, line(1, 5))}
	case 9:
		return variant.ModularLine{Cells: loop(rng, line(1, 5))}
	case 10:
		return variant.ZipperLine{Cells: line(1, 6)}
	case 11:
		return variant.Nabner{Cells: line(1, (n+1)/2)}
	case 12:
		cells := line(1, n)
		sum := 0
		if rng.IntN(4) > 0 {
			lo, hi := len(cells)*(len(cells)+1)/2, len(cells)*(2*n-len(cells)+1)/2
			sum = lo + rng.IntN(hi-lo+1)
		}
		return variant.Killer{Cells: cells, Sum: sum}
	case 13:
		for {
			o := variant.Outside{Row: rng.IntN(n+2) - 1, Col: rng.IntN(n+2) - 1, DRow: 1 - 2*rng.IntN(2), DCol: 1 - 2*rng.IntN(2)}
			if k := len(o.Cells(n)); k > 0 && (o.Row < 0 || o.Row >= n || o.Col < 0 || o.Col >= n) {
				return variant.LittleKiller{Clue: o, Sum: k + rng.IntN(k*(n-1)+1)}
			}
		}
	case 14:
		a, b := randomOrthPair(rng, n)
		return variant.Difference{A: a, B: b, Diff: 1 + rng.IntN(n-1)}
	case 15:
		a, b := randomOrthPair(rng, n)
		return variant.Ratio{A: a, B: b, Ratio: 2 + rng.IntN(n-1)}
	case 16:
		a, b := randomOrthPair(rng, n)
		return variant.XV{A: a, B: b, Sum: 3 + rng.IntN(2*n-3)}
	case 17:
		var pairs [][2]int
		for _, pr := range variant.OrthogonalPairs(n) {
			if rng.IntN(3) == 0 {
				pairs = append(pairs, pr)
			}
		}
		kind := variant.NegativeKind(rng.IntN(3))
		values := []int{1 + rng.IntN(2)}
		switch kind {
		case variant.NoRatio:
			values = []int{2 + rng.IntN(2)}
		case variant.NoSum:
			values = []int{5, 3 + rng.IntN(2*n-3)}
		}
		return variant.Negative{Kind: kind, Values: values, Pairs: pairs}
	case 18:
		r, c := rng.IntN(n-1), rng.IntN(n-1)
		cells := []int{r*n + c, r*n + c + 1, (r+1)*n + c, (r+1)*n + c + 1}[:2+rng.IntN(3)]
		digits := make([]int, 1+rng.IntN(len(cells)))
		for i := range digits {
			digits[i] = 1 + rng.IntN(n)
		}
		return variant.Quadruple{Cells: cells, Digits: digits}
	case 19:
		k := 1 + rng.IntN(3)
		cells, clones := randomCells(rng, n, k), randomCells(rng, n, k)
		for i := range cells {
			if cells[i] == clones[i] {
				return variant.Clone{Cells: cells[:i], Clones: clones[:i]}
			}
		}
		return variant.Clone{Cells: cells, Clones: clones}
	case 20:
		return variant.Sandwich{Clue: randomEdge(rng, n), Sum: rng.IntN(n*(n+1)/2 - n)}
	case 21:
		return variant.XSum{Clue: randomEdge(rng, n), Sum: 1 + rng.IntN(n*(n+1)/2)}
	case 22:
		return variant.Skyscraper{Clue: randomEdge(rng, n), Count: 1 + rng.IntN(n)}
	case 23:
		return variant.Indexer{Kind: variant.IndexKind(rng.IntN(3)), Cells: randomCells(rng, n, 1+rng.IntN(4))}
	case 24:
		return variant.ExtraRegion{Cells: line(1, n)}
	case 25:
		return variant.Odd{Cell: rng.IntN(n * n)}
	case 26:
		return variant.Even{Cell: rng.IntN(n * n)}
	case 27:
		c := rng.IntN(n * n)
		nb := variant.Neighbours(n, c)
		return variant.Minimum{Cell: c, Than: nb[:rng.IntN(len(nb)+1)]}
	case 28:
		c := rng.IntN(n * n)
		nb := variant.Neighbours(n, c)
		return variant.Maximum{Cell: c, Than: nb[rng.IntN(len(nb)):]}
	case 29:
		return varianttest.Global(varianttest.Globals[rng.IntN(len(varianttest.Globals))], n)
	case 30:
		return variant.PositiveDiagonal{}
	case 31:
		return variant.AntiKing{}
	default:
		return variant.DisjointGroups{}
	}
}

// TestVariantRandomRulesAgainstBruteForce checks random rules of every
// kind, with random cells and parameters, on 4×4 and 6×6 boards (a third
// of them with irregular regions) against the brute force.
func TestVariantRandomRulesAgainstBruteForce(t *testing.T) {
	t.Parallel()
	trials := 1500
	if testing.Short() {
		trials = 300
	}
	rng := rand.New(rand.NewPCG(21, 22))
	s := fallback.NewSolver()
	var tally outcomes
	invalid := 0
	for trial := 0; trial < trials; trial++ {
		size := sizes[trial%len(sizes)]
		p := variant.New(size.shape)
		grid := varianttest.Grid(rng, size.shape)
		if trial%3 == 2 {
			p.Regions = varianttest.Regions(rng, grid, p.RegionLabels(), 3*size.shape.Side())
		}
		for range 1 + rng.IntN(3) {
			p.Rules = append(p.Rules, randomRule(rng, p))
		}
		givens(rng, p, grid, size.minGivens+rng.IntN(size.maxGivens-size.minGivens+1))
		if p.Validate() != nil {
			invalid++
			continue
		}
		want, complete := truth(p, size.completion)
		if !complete {
			continue
		}
		agree(t, s, p, want)
		tally.add(len(want))
	}
	t.Logf("random rules: %v (%d invalid puzzles skipped)", tally, invalid)
	if tally[0] == 0 || tally[1] == 0 || tally[2] == 0 {
		t.Errorf("%v; want each outcome", tally)
	}
}
