package logic

import (
	"math/bits"

	"github.com/satdoku/satdoku/variant"
)

// lineCells returns the distinct cells of a line in order (a loop ends on
// its first cell, which is listed once) and, per point of the line, the
// position of its cell among them.
func lineCells(cells []int) (unique []int, seq []int) {
	at := make(map[int]int, len(cells))
	seq = make([]int, len(cells))
	for k, c := range cells {
		i, ok := at[c]
		if !ok {
			i = len(unique)
			at[c] = i
			unique = append(unique, c)
		}
		seq[k] = i
	}
	return unique, seq
}

// pairTests turns constraints on pairs of positions into a partial test:
// each pair is judged as soon as its later position is assigned.
func pairTests(size int, pairs [][2]int, ok func(a, b int) bool) func(v []int, i int) bool {
	at := make([][][2]int, size)
	for _, p := range pairs {
		if p[0] == p[1] {
			continue
		}
		last := max(p[0], p[1])
		at[last] = append(at[last], p)
	}
	return func(v []int, i int) bool {
		for _, p := range at[i] {
			if !ok(v[p[0]], v[p[1]]) {
				return false
			}
		}
		return true
	}
}

// alongLine returns the pairs of positions dist apart or less along seq
// (a line's points as positions).
func alongLine(seq []int, dist int) [][2]int {
	var out [][2]int
	for k := range seq {
		for j := 1; j <= dist && k+j < len(seq); j++ {
			out = append(out, [2]int{seq[k], seq[k+j]})
		}
	}
	// A loop (ending on its first cell) also joins its last points to the
	// first ones through the closing cell.
	if len(seq) > 2 && seq[0] == seq[len(seq)-1] && dist >= 2 {
		out = append(out, [2]int{seq[len(seq)-2], seq[1]})
	}
	return out
}

// sumTest returns a partial test that the positions from..to−1 of an
// assignment (filled in order) can still sum to target(v), which must be
// known once position from−1 is assigned (from 0: a constant): the sum so
// far plus the least (most) the open positions can add must not pass
// (fall short of) the target.
func sumTest(p *ruleProblem, from, to int, target func(v []int) int) func(v []int, i int) bool {
	return func(v []int, i int) bool { return sumFits(p, v, i, from, to, target(v)) }
}

// sumFits is sumTest's test for one target t.
func sumFits(p *ruleProblem, v []int, i, from, to, t int) bool {
	if i < from-1 || i >= to {
		return true
	}
	sum := 0
	for j := from; j <= i; j++ {
		sum += v[j]
	}
	lo, hi := sum, sum
	for j := max(i+1, from); j < to; j++ {
		lo += lowest(p.cur[j])
		hi += highest(p.cur[j])
	}
	return lo <= t && t <= hi
}

// lowest and highest return the least and greatest digit of a set (0 for
// an empty one).
func lowest(s Digits) int {
	if s == 0 {
		return 0
	}
	return bits.TrailingZeros64(uint64(s)) + 1
}

func highest(s Digits) int { return bits.Len64(uint64(s)) }

// abs returns |x|.
func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// problemOf returns the constraint problem of a rule instance that the
// searching finders handle (lines, cages, clues outside the grid,
// quadruples, and the dots and XV, which their own technique reads as
// pairs but which join the combining steps), or nil for the others.
func problemOf(g *Grid, rule variant.Rule) *ruleProblem {
	n := g.N
	switch r := rule.(type) {
	case variant.Killer:
		if r.Sum == 0 {
			return nil // only apart: a rule on pairs (arcsOf)
		}
		p := newRuleProblem(g, r, r.Cells, true, nil)
		p.ok = sumTest(p, 0, len(r.Cells), func([]int) int { return r.Sum })
		return p
	case variant.DigitalRootCage:
		return newRuleProblem(g, r, r.Cells, true, nil)
	case variant.Renban:
		p := newRuleProblem(g, r, r.Cells, true, nil)
		k := len(r.Cells)
		p.ok = func(v []int, i int) bool {
			lo, hi := v[0], v[0]
			for _, x := range v[:i+1] {
				lo, hi = min(lo, x), max(hi, x)
			}
			return hi-lo < k
		}
		return p
	case variant.Thermometer:
		cells, seq := lineCells(r.Cells)
		slow := r.Slow
		return newRuleProblem(g, r, cells, false, pairTests(len(cells), alongLine(seq, 1), func(a, b int) bool {
			return a < b || (slow && a == b)
		}))
	case variant.Whispers:
		cells, seq := lineCells(r.Cells)
		diff := r.Difference
		return newRuleProblem(g, r, cells, false, pairTests(len(cells), alongLine(seq, 1), func(a, b int) bool {
			return abs(a-b) >= diff
		}))
	case variant.EntropicLine:
		cells, seq := lineCells(r.Cells)
		return newRuleProblem(g, r, cells, false, pairTests(len(cells), alongLine(seq, 2), func(a, b int) bool {
			return variant.EntropicGroup(n, a) != variant.EntropicGroup(n, b)
		}))
	case variant.ModularLine:
		cells, seq := lineCells(r.Cells)
		return newRuleProblem(g, r, cells, false, pairTests(len(cells), alongLine(seq, 2), func(a, b int) bool {
			return a%3 != b%3
		}))
	case variant.Nabner:
		var pairs [][2]int
		for i := range r.Cells {
			for j := 0; j < i; j++ {
				pairs = append(pairs, [2]int{j, i})
			}
		}
		return newRuleProblem(g, r, r.Cells, true, pairTests(len(r.Cells), pairs, func(a, b int) bool { return abs(a-b) >= 2 }))
	case variant.Palindrome:
		var pairs [][2]int
		for _, pr := range r.Pairs() {
			pairs = append(pairs, [2]int{indexOf(r.Cells, pr[0]), indexOf(r.Cells, pr[1])})
		}
		return newRuleProblem(g, r, r.Cells, false, pairTests(len(r.Cells), pairs, func(a, b int) bool { return a == b }))
	case variant.Clone:
		cells := make([]int, 0, 2*len(r.Cells))
		var pairs [][2]int
		for i := range r.Cells {
			cells = append(cells, r.Cells[i], r.Clones[i])
			pairs = append(pairs, [2]int{2 * i, 2*i + 1})
		}
		cells, seq := lineCells(cells)
		for k := range pairs {
			pairs[k] = [2]int{seq[pairs[k][0]], seq[pairs[k][1]]}
		}
		return newRuleProblem(g, r, cells, false, pairTests(len(cells), pairs, func(a, b int) bool { return a == b }))
	case variant.BetweenLine:
		cells, _ := lineCells(append([]int{r.Cells[0], r.Cells[len(r.Cells)-1]}, r.Cells[1:len(r.Cells)-1]...))
		return newRuleProblem(g, r, cells, false, func(v []int, i int) bool {
			if i < 2 {
				return true
			}
			lo, hi := min(v[0], v[1]), max(v[0], v[1])
			return lo < v[i] && v[i] < hi
		})
	case variant.ZipperLine:
		var cells []int
		centre, odd := r.Centre()
		if odd {
			cells = append(cells, centre)
		}
		for _, pr := range r.Pairs() {
			cells = append(cells, pr[0], pr[1])
		}
		return newRuleProblem(g, r, cells, false, func(v []int, i int) bool {
			first := 0
			if odd {
				first = 1
			}
			if i < first || (i-first)%2 == 0 {
				return true
			}
			total := v[0]
			if !odd {
				total = v[0] + v[1]
			}
			return v[i-1]+v[i] == total
		})
	case variant.RegionSumLine:
		var cells []int
		var ends []int // the position after each segment
		for _, seg := range r.Segments(g.Puzzle) {
			cells = append(cells, seg...)
			ends = append(ends, len(cells))
		}
		if len(ends) < 2 {
			return nil
		}
		p := newRuleProblem(g, r, cells, false, nil)
		p.ok = func(v []int, i int) bool {
			if i < ends[0]-1 {
				return true
			}
			target := 0
			for _, x := range v[:ends[0]] {
				target += x
			}
			from := 0
			for _, e := range ends {
				if i < e {
					return sumFits(p, v, i, from, e, target)
				}
				from = e
			}
			return true
		}
		return p
	case variant.Arrow:
		cells := append(append([]int(nil), r.Circle...), r.Line...)
		p := newRuleProblem(g, r, cells, false, nil)
		nc := len(r.Circle)
		p.ok = sumTest(p, nc, len(cells), func(v []int) int { return variant.CircleValue(v[:nc]) })
		return p
	case variant.DoubleArrow:
		ends := r.Ends()
		cells := append([]int{ends[0], ends[1]}, r.Middle()...)
		p := newRuleProblem(g, r, cells, false, nil)
		p.ok = sumTest(p, 2, len(cells), func(v []int) int { return v[0] + v[1] })
		return p
	case variant.LittleKiller:
		cells := r.Clue.Cells(n)
		p := newRuleProblem(g, r, cells, false, nil)
		p.ok = sumTest(p, 0, len(cells), func([]int) int { return r.Sum })
		return p
	case variant.Quadruple:
		need := make([]int, n+1)
		for _, d := range r.Digits {
			need[d]++
		}
		k := len(r.Cells)
		return newRuleProblem(g, r, r.Cells, false, func(v []int, i int) bool {
			var have [65]int
			for _, x := range v[:i+1] {
				have[x]++
			}
			missing := 0
			for d := 1; d <= n; d++ {
				missing += max(0, need[d]-have[d])
			}
			return missing <= k-1-i
		})
	case variant.Difference:
		return newRuleProblem(g, r, []int{r.A, r.B}, false, pairTests(2, [][2]int{{0, 1}}, func(a, b int) bool { return abs(a-b) == r.Diff }))
	case variant.Ratio:
		return newRuleProblem(g, r, []int{r.A, r.B}, false, pairTests(2, [][2]int{{0, 1}}, func(a, b int) bool {
			return a == r.Ratio*b || b == r.Ratio*a
		}))
	case variant.XV:
		return newRuleProblem(g, r, []int{r.A, r.B}, false, pairTests(2, [][2]int{{0, 1}}, func(a, b int) bool { return a+b == r.Sum }))
	case variant.Sandwich:
		cells := r.Clue.Cells(n)
		return newRuleProblem(g, r, cells, false, func(v []int, i int) bool {
			start, sum := -1, 0
			for j, x := range v[:i+1] {
				switch {
				case x == 1 || x == n:
					if start >= 0 {
						return sum == r.Sum
					}
					start = j
				case start >= 0:
					sum += x
				}
			}
			return sum <= r.Sum
		})
	case variant.XSum:
		cells := r.Clue.Cells(n)
		p := newRuleProblem(g, r, cells, false, nil)
		p.ok = func(v []int, i int) bool {
			x := v[0]
			if i >= x {
				return true
			}
			return sumFits(p, v, i, 0, x, r.Sum)
		}
		return p
	case variant.Skyscraper:
		cells := r.Clue.Cells(n)
		return newRuleProblem(g, r, cells, false, func(v []int, i int) bool {
			seen, top := 0, 0
			var used Digits
			for _, x := range v[:i+1] {
				used |= DigitSet(x)
				if x > top {
					seen, top = seen+1, x
				}
			}
			higher := 0
			for d := top + 1; d <= n; d++ {
				if !used.Has(d) {
					higher++
				}
			}
			// N, if still to come, will be seen.
			if top < n && seen >= r.Count {
				return false
			}
			return seen <= r.Count && seen+higher >= r.Count
		})
	}
	return nil
}

// indexOf returns the index of x in s, or −1.
func indexOf(s []int, x int) int {
	for i, y := range s {
		if y == x {
			return i
		}
	}
	return -1
}
