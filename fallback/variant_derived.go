package fallback

import "fmt"

// maxLineOuties bounds the cells of a sum lineOuties adds.
const maxLineOuties = 16

// lineOuties adds the sums that diagonal sums of one direction imply
// with the regions they mostly cover, as a person solving a little killer
// adds them up: the lines are disjoint, so any set of them sums to their
// totals; each region holds 1+…+N; so with R the regions of which the set
// covers more than half, the set's cells outside R (the outies) less R's
// cells off the set (the innies) sum to the lines' totals less R's.
// diagonalInnies is the case with no innies. On "Zero solution: Little
// Killer" of Interactive Sudoku Solver (eight diagonals of 49), the four
// down-left lines leave eight outies and three innies whose difference is
// 61, near the most eight such cells can make: the search that found
// nothing in a minute refutes the puzzle at once. Each set of at most
// maxDiagonalFamily lines a direction with at least one region over half
// covered, some innies and 2..maxLineOuties cells in all gives one sum
// propagator, the outies and the innies with the difference as an offset.
// Package encode has no such sums: the SAT engine does not need them to
// stay an independent check.
func (b *builder) lineOuties() {
	n := b.n
	full := n * (n + 1) / 2
	regions := b.regions()
	in := make([]bool, n*n)
	added := map[string]bool{}
	for _, lines := range b.diagonals {
		if len(lines) > maxDiagonalFamily {
			continue
		}
		for set := 1; set < 1<<len(lines); set++ {
			clear(in)
			total := 0
			for i, l := range lines {
				if set&(1<<i) != 0 {
					for _, c := range l.cells {
						in[c] = true
					}
					total += l.sum
				}
			}
			var innies []int32
			joined := 0
			for _, reg := range regions {
				k := 0
				for _, c := range reg {
					if in[c] {
						k++
					}
				}
				if 2*k <= n {
					continue
				}
				joined++
				total -= full
				for _, c := range reg {
					if in[c] {
						in[c] = false
					} else {
						innies = append(innies, c)
					}
				}
			}
			if joined == 0 || len(innies) == 0 { // no innies: diagonalInnies
				continue
			}
			var outies []int32
			for c, ok := range in {
				if ok {
					outies = append(outies, int32(c))
				}
			}
			if len(innies)+len(outies) > maxLineOuties {
				continue
			}
			key := fmt.Sprint(innies, outies)
			if added[key] {
				continue
			}
			added[key] = true
			if len(outies) == 0 {
				if -total <= 0 { // the regions hold more than the lines
					b.s.contradiction = true
					return
				}
				b.sum(newSumProp(n, []sumGroup{{cells: innies}}, -total))
				continue
			}
			// Σ outies − Σ innies = total
			o, i := sumGroup{cells: outies}, sumGroup{cells: innies}
			if total >= 0 {
				i.offset = total
			} else {
				o.offset = -total
			}
			b.sum(newSumProp(n, []sumGroup{o, i}, -1))
		}
	}
}
