package logic

import (
	"math/bits"

	"github.com/satdoku/satdoku/variant"
)

// maxSandwichFillings bounds the fillings (crust places and the set of
// digits between them) one sandwich may try in one call.
const maxSandwichFillings = 5000

// sandwichSupports returns, per cell of a sandwich's row (Clue.Cells
// order, candidates dom), the digits that some filling gives it, or nil
// when there are more fillings than maxSandwichFillings. A filling puts
// the crusts (1 and N) in two cells, a set of digits that sums to the
// clue in the cells between them and the other digits outside; it counts
// when each of its two groups of cells can take its digits (a perfect
// matching), and then every candidate of a cell among its group's digits
// is kept. That keeps a little more than an exhaustive search would,
// never less, so what goes is never the solution's.
func sandwichSupports(g *Grid, s variant.Sandwich, dom []Digits) []Digits {
	n := g.N
	sup := make([]Digits, n)
	var middle Digits // 2..N−1
	for d := 2; d < n; d++ {
		middle |= DigitSet(d)
	}
	fillings := 0
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			for _, crust := range [2][2]int{{1, n}, {n, 1}} {
				if !dom[i].Has(crust[0]) || !dom[j].Has(crust[1]) {
					continue
				}
				var inside, outside []Digits
				for k := range dom {
					switch {
					case k == i || k == j:
					case k > i && k < j:
						inside = append(inside, dom[k]&middle)
					default:
						outside = append(outside, dom[k]&middle)
					}
				}
				var union Digits
				for _, d := range inside {
					union |= d
				}
				eachSubset(union, len(inside), s.Sum, func(set Digits) bool {
					if fillings++; fillings > maxSandwichFillings {
						return false
					}
					if !matchable(inside, set) || !matchable(outside, middle&^set) {
						return true
					}
					for k := range dom {
						switch {
						case k == i:
							sup[k] |= DigitSet(crust[0])
						case k == j:
							sup[k] |= DigitSet(crust[1])
						case k > i && k < j:
							sup[k] |= dom[k] & set
						default:
							sup[k] |= dom[k] & middle &^ set
						}
					}
					return true
				})
				if fillings > maxSandwichFillings {
					return nil
				}
			}
		}
	}
	return sup
}

// eachSubset calls fn with every set of k digits of from that sum to
// sum, until fn returns false.
func eachSubset(from Digits, k, sum int, fn func(Digits) bool) {
	var walk func(rest, set Digits, k, sum int) bool
	walk = func(rest, set Digits, k, sum int) bool {
		if k == 0 {
			if sum == 0 {
				return fn(set)
			}
			return true
		}
		if rest.Count() < k || sum <= 0 {
			return true
		}
		d := lowest(rest)
		if d*k > sum {
			return true // the k smallest left already pass the sum
		}
		rest &^= DigitSet(d)
		return walk(rest, set|DigitSet(d), k-1, sum-d) && walk(rest, set, k, sum)
	}
	walk(from, 0, k, sum)
}

// matchable reports whether the cells (their candidate sets) can take
// the digits of set, one each, every digit used: a perfect matching,
// found by augmenting paths.
func matchable(cells []Digits, set Digits) bool {
	if len(cells) != set.Count() {
		return false
	}
	owner := map[int]int{} // digit → cell
	var try func(c int, seen *Digits) bool
	try = func(c int, seen *Digits) bool {
		for s := cells[c] & set &^ *seen; s != 0; s &= s - 1 {
			d := bits.TrailingZeros64(uint64(s)) + 1
			*seen |= DigitSet(d)
			if o, ok := owner[d]; !ok || try(o, seen) {
				owner[d] = c
				return true
			}
		}
		return false
	}
	for c := range cells {
		var seen Digits
		if !try(c, &seen) {
			return false
		}
	}
	return true
}
