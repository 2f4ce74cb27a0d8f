package fallback

import "math/bits"

// Subsets in a unit, all at once: a unit's N cells take its N digits, one
// each, so the cell–digit candidates form a bipartite graph in which every
// solution is a perfect matching. A candidate that lies in no perfect
// matching can go (Régin's filtering for all-different): this removes at
// once everything naked and hidden subsets of any size remove in the unit,
// and finds a unit with no perfect matching left (a contradiction that
// pairs and triples cannot see). With one perfect matching M found by
// augmenting paths, a candidate (cell i, digit d) outside M lies in some
// perfect matching exactly when i and the cell that M gives d lie on one
// cycle of the graph "cell i → cell j when i may take j's digit in M", that
// is in one strongly connected component of it. Cells and digits are bits
// of uint64 words, so a unit of up to 64 cells costs a few thousand word
// operations.

// matching is the scratch of the all-different filter of one unit.
type matching struct {
	cellDigit []int    // local cell → its digit (0-based) in the matching
	digitCell []int    // digit (0-based) → local cell, or −1
	reach     []uint64 // local cell → the cells whose digit it may take
	back      []uint64 // local cell → the cells that may take its digit
	visited   uint64   // digits seen by the current augmenting search
}

func newMatching(n int) *matching {
	return &matching{cellDigit: make([]int, n), digitCell: make([]int, 64), reach: make([]uint64, n), back: make([]uint64, n)}
}

// augment looks for an augmenting path from local cell i over the masks;
// it reports whether it found one (and then i is matched).
func (m *matching) augment(masks []uint64, i int) bool {
	for free := masks[i] &^ m.visited; free != 0; free &= free - 1 {
		d := bits.TrailingZeros64(free)
		m.visited |= 1 << d
		if j := m.digitCell[d]; j < 0 || m.augment(masks, j) {
			m.digitCell[d] = i
			m.cellDigit[i] = d
			return true
		}
	}
	return false
}

// filter keeps, in the masks of k cells that must take k different
// digits, the candidates that lie in some perfect matching of cells and
// digits (a matching that gives every cell a digit); it reports false
// when there is none. The masks must hold k digits between them: the open
// cells of a unit hold the digits not yet placed in it.
func (m *matching) filter(masks []uint64) bool {
	var union uint64
	for _, mask := range masks {
		union |= mask
	}
	if bits.OnesCount64(union) != len(masks) {
		return bits.OnesCount64(union) > len(masks) // too few digits: no matching
	}
	for ds := union; ds != 0; ds &= ds - 1 {
		m.digitCell[bits.TrailingZeros64(ds)] = -1
	}
	// greedy first: most cells find a free digit at once
	for i, mask := range masks {
		m.cellDigit[i] = -1
		for free := mask; free != 0; free &= free - 1 {
			if d := bits.TrailingZeros64(free); m.digitCell[d] < 0 {
				m.digitCell[d], m.cellDigit[i] = i, d
				break
			}
		}
	}
	for i := range masks {
		if m.cellDigit[i] >= 0 {
			continue
		}
		m.visited = 0
		if !m.augment(masks, i) {
			return false
		}
	}
	// cell i → cell j when i may take j's digit (a row of bits per cell),
	// and the reverse graph
	reach, back := m.reach[:len(masks)], m.back[:len(masks)]
	clear(back)
	for i, mask := range masks {
		var r uint64
		for ds := mask; ds != 0; ds &= ds - 1 {
			j := m.digitCell[bits.TrailingZeros64(ds)]
			r |= 1 << j
			back[j] |= 1 << i
		}
		reach[i] = r
	}
	// the strongly connected components, one at a time: the cells the
	// first cell left reaches and is reached from; a component keeps the
	// matched digits of its cells. Most units are one component, which
	// keeps everything.
	all := uint64(1)<<len(masks) - 1 // a shift by 64 gives 0: all ones then too
	for left := all; left != 0; {
		i := bits.TrailingZeros64(left)
		comp := closure(reach, i) & closure(back, i)
		if comp == all {
			break
		}
		left &^= comp
		var keep uint64
		for js := comp; js != 0; js &= js - 1 {
			keep |= 1 << m.cellDigit[bits.TrailingZeros64(js)]
		}
		for js := comp; js != 0; js &= js - 1 {
			j := bits.TrailingZeros64(js)
			masks[j] &= keep
		}
	}
	return true
}

// closure returns the cells that cell i reaches over the rows of edges
// (i included).
func closure(edges []uint64, i int) uint64 {
	seen := uint64(1) << i
	for front := seen; front != 0; {
		var next uint64
		for js := front; js != 0; js &= js - 1 {
			next |= edges[bits.TrailingZeros64(js)]
		}
		front = next &^ seen
		seen |= next
	}
	return seen
}
