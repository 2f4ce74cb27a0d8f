package fallback

import (
	"math/bits"

	"github.com/satdoku/satdoku/board"
)

// The 9×9 fast path keeps, for every digit d (0..8) and band b (0..2, a
// band is three rows), a 27-bit mask cand[9b+d] of the cells of that band
// where d+1 may still go: bit 9·r + c for row r (0..2) of the band and
// column c (0..8). A digit's three rows of a band meet three boxes in nine
// triads (three cells each); since the digit fills each row and each box of
// the band exactly once, the triads it occupies form a 3×3 permutation
// matrix. One table lookup keeps only triads that lie on such a matrix,
// which covers hidden singles in rows and boxes and both kinds of locked
// candidates inside the band. A box of the band whose candidates for the
// digit lie in a single column fixes that column, which the two other bands
// lose; a column left with the digit in one band only forces the digit into
// that column of the band's box. Naked singles (and empty cells) come from
// bit-sliced counting over the nine digit masks of a band, which also
// yields the two-candidate cells that the search branches on.
//
// Propagation is a worklist: a bit per mask that changed since the band
// logic last ran on it, set without a branch wherever a mask is written, so
// the loop visits only changed masks and mispredicts little. The state is a
// fixed-size value (about 160 bytes) copied on each branch.

const (
	all27 = 1<<27 - 1
	low9  = 1<<9 - 1
	colX3 = 1 | 1<<9 | 1<<18 // a column through the three rows of a band
)

type state9 struct {
	// cand[9b+d] is digit d+1's mask in band b; 27..31 stay unused so that
	// an index masked with 31 needs no bounds check.
	cand     [32]uint32
	dirty    uint32    // bit 9b+d: cand[9b+d] changed since the band logic last ran on it
	unsolved [3]uint32 // cells not yet solved, per band
	pairs    [3]uint32 // cells with two candidates, per band (from the last singles scan)
}

// Tables, computed once.
var (
	triads    [512]uint32  // 9-bit row → 3-bit set of its non-empty triads
	lockMask  [512]uint32  // 9-bit triad set (bit 3r+k) → cells of triads on some permutation
	colLock   [512]uint32  // 9-bit column set of a band → cells the other bands keep
	colKeep   [512]uint32  // 9-bit set of columns exclusive to a band → cells the band keeps
	colFixed  [512]uint32  // 9-bit column set → its columns that are alone in their box
	rowSingle [512]uint32  // 9-bit row → the row if it has exactly one cell, else 0
	bandKeep  [32]uint32   // cell in band → cells of the band not in its row or box
	otherKeep [9]uint32    // column → cells of a band not in that column
	others9   [32][2]uint8 // 9b+d → the indexes of digit d in the two other bands
)

func init() {
	for x := 0; x < 512; x++ {
		for k := 0; k < 3; k++ {
			if x>>(3*k)&7 != 0 {
				triads[x] |= 1 << k
			}
		}
	}
	perms := [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	for s := 0; s < 512; s++ {
		for _, p := range perms {
			var need uint32
			var cells uint32
			for r := 0; r < 3; r++ {
				need |= 1 << (3*r + p[r])
				cells |= 7 << (9*r + 3*p[r])
			}
			if uint32(s)&need == need {
				lockMask[s] |= cells
			}
		}
	}
	for cols := 0; cols < 512; cols++ {
		keep, own := uint32(all27), uint32(all27)
		for k := 0; k < 3; k++ {
			c3 := uint32(cols>>(3*k)) & 7
			switch bits.OnesCount32(c3) {
			case 0:
			case 1:
				keep &^= (c3 << (3 * k)) * colX3
				own &^= ((7 &^ c3) << (3 * k)) * colX3
			default:
				own &^= (7 << (3 * k)) * colX3 // two exclusive columns in one box: impossible
			}
		}
		colLock[cols] = keep
		colKeep[cols] = own
		colFixed[cols] = (all27 &^ keep) & low9
		if cols != 0 && cols&(cols-1) == 0 {
			rowSingle[cols] = uint32(cols)
		}
	}
	for p := 0; p < 27; p++ {
		r, c := p/9, p%9
		k := c / 3
		var m uint32
		for q := 0; q < 27; q++ {
			if q/9 == r || (q%9)/3 == k {
				m |= 1 << q
			}
		}
		bandKeep[p] = all27&^m | 1<<p
	}
	for c := 0; c < 9; c++ {
		otherKeep[c] = all27 &^ (colX3 << c)
	}
	for b := 0; b < 3; b++ {
		for d := 0; d < 9; d++ {
			others9[9*b+d] = [2]uint8{uint8(9*((b+1)%3) + d), uint8(9*((b+2)%3) + d)}
		}
	}
}

// solver9 holds one state per search depth (each guess fills at least one
// cell, so 81 levels suffice), so that branching never allocates.
type solver9 struct {
	stack [82]state9
}

func (s *Solver) solve9(b *board.Board) {
	st := &s.s9.stack[0]
	*st = state9{}
	for i := 0; i < 27; i++ {
		st.cand[i] = all27
	}
	st.dirty = all27
	st.unsolved = [3]uint32{all27, all27, all27}
	for cell, d := range b.Cells[:81] {
		if d == 0 {
			continue
		}
		if !st.place(cell/27, uint32(1)<<(cell%27), int(d)-1) {
			return
		}
	}
	if !st.fullUpdate() {
		return
	}
	if st.solved() {
		s.record9(st)
		return
	}
	s.search9(st, 1)
}

// set stores m as cand[i] and marks i dirty if that changed it.
func (st *state9) set(i int, m uint32) {
	x := st.cand[i&31] ^ m
	st.cand[i&31] = m
	st.dirty |= nonZero(x) << (i & 31)
}

// nonZero returns 1 if x (< 1<<27) is not zero, else 0, without a branch.
func nonZero(x uint32) uint32 { return (x + 1<<31 - 1) >> 31 }

// clearBand removes the cells of x from the nine digit masks of a band
// and returns the set of digits (bit d) that lost a cell.
func clearBand(c *[9]uint32, x uint32) (changed uint32) {
	for d := 8; d >= 0; d-- {
		m := c[d]
		changed = changed<<1 | nonZero(m&x)
		c[d] = m &^ x
	}
	return changed
}

// place puts digit d (0..8) in the cell of band b whose bit is bit; it
// reports false if d is no longer possible there.
func (st *state9) place(b int, bit uint32, d int) bool {
	i := 9*b + d
	if st.cand[i&31]&bit == 0 {
		return false
	}
	pos := bits.TrailingZeros32(bit)
	st.dirty |= clearBand((*[9]uint32)(st.cand[9*b:9*b+9]), bit) << (9 * b)
	st.set(i, st.cand[i&31]&bandKeep[pos&31]|bit)
	keep := otherKeep[pos%9]
	o := &others9[i&31]
	st.set(int(o[0]), st.cand[o[0]&31]&keep)
	st.set(int(o[1]), st.cand[o[1]&31]&keep)
	st.unsolved[b] &^= bit
	return true
}

func (st *state9) solved() bool {
	return st.unsolved[0]|st.unsolved[1]|st.unsolved[2] == 0
}

// update runs the band logic on every changed subband until nothing
// changes; it reports false on a contradiction.
func (st *state9) update() bool {
	for st.dirty != 0 {
		i := bits.TrailingZeros32(st.dirty)
		st.dirty &= st.dirty - 1
		if !st.updateSub(i) {
			return false
		}
	}
	return true
}

// updateSub applies the band logic to subband i = 9b + d.
func (st *state9) updateSub(i int) bool {
	i &= 31
	a := st.cand[i]
	shrink := triads[a&low9] | triads[a>>9&low9]<<3 | triads[a>>18]<<6
	a &= lockMask[shrink]
	if a == 0 {
		return false
	}
	o := &others9[i]
	o1, o2 := int(o[0]&31), int(o[1]&31)
	cols := (a | a>>9 | a>>18) & low9
	c1, c2 := st.cand[o1], st.cand[o2]
	others := (c1 | c1>>9 | c1>>18 | c2 | c2>>9 | c2>>18) & low9
	if others|cols != low9 {
		return false // a column without the digit anywhere
	}
	// Columns where the digit can go in this band only must hold it here
	// (columns already alone in their box need nothing more).
	if excl := cols &^ others &^ colFixed[cols]; excl != 0 {
		if a &= colKeep[excl]; a == 0 {
			return false
		}
		shrink = triads[a&low9] | triads[a>>9&low9]<<3 | triads[a>>18]<<6
		if a &= lockMask[shrink]; a == 0 {
			return false
		}
		cols = (a | a>>9 | a>>18) & low9
	}
	st.cand[i] = a
	keep := colLock[cols]
	st.set(o1, c1&keep)
	st.set(o2, c2&keep)
	// Rows left with a single cell are solved for this digit: the other
	// digits of the band lose those cells.
	b := i / 9
	solved := rowSingle[a&low9] | rowSingle[a>>9&low9]<<9 | rowSingle[a>>18]<<18
	if solved &= st.unsolved[b]; solved != 0 {
		st.unsolved[b] &^= solved
		changed := clearBand((*[9]uint32)(st.cand[9*b:9*b+9]), solved)
		st.dirty |= changed << (9 * b)
		st.cand[i] = a
		st.dirty &^= 1 << i
	}
	return true
}

// nakedSingles places every cell left with one candidate and records the
// two-candidate cells. It reports whether it placed anything, and false
// for ok when a cell has no candidate.
func (st *state9) nakedSingles() (progress, ok bool) {
	for b := 0; b < 3; b++ {
		c := (*[9]uint32)(st.cand[9*b : 9*b+9])
		// Bit-sliced counts of the candidates of each cell.
		var one, two, three uint32
		for _, m := range c {
			three |= two & m
			two |= one & m
			one |= m
		}
		if one != all27 {
			return false, false
		}
		st.pairs[b] = two &^ three
		singles := (one &^ two) & st.unsolved[b]
		if singles == 0 {
			continue
		}
		// A single's digit, bit by bit: the cell is in one digit's mask.
		x0 := c[1] | c[3] | c[5] | c[7]
		x1 := c[2] | c[3] | c[6] | c[7]
		x2 := c[4] | c[5] | c[6] | c[7]
		for singles != 0 {
			pos := bits.TrailingZeros32(singles)
			bit := uint32(1) << pos
			singles &^= bit
			d := x0>>pos&1 | x1>>pos&1<<1 | x2>>pos&1<<2 | c[8]>>pos&1<<3
			j := 9*b + int(d)
			m := st.cand[j&31]
			if m&bit == 0 {
				return false, false // an earlier single of this digit took the cell's row or box
			}
			st.set(j, m&bandKeep[pos&31]|bit)
			progress = true
		}
	}
	return progress, true
}

// fullUpdate propagates to a fixed point; it reports false on a contradiction.
func (st *state9) fullUpdate() bool {
	for {
		if !st.update() {
			return false
		}
		if st.solved() {
			return true
		}
		progress, ok := st.nakedSingles()
		if !ok {
			return false
		}
		if !progress {
			return true
		}
	}
}

func (s *Solver) record9(st *state9) {
	cells := s.solutionCells(board.Classic)
	if cells == nil {
		return
	}
	for i := 0; i < 27; i++ {
		base := 27 * (i / 9)
		d := uint8(i%9 + 1)
		for m := st.cand[i]; m != 0; m &= m - 1 {
			cells[base+bits.TrailingZeros32(m)] = d
		}
	}
}

// try places digit d at the cell (b, bit) of st, propagates and searches
// on. It reports whether the search must stop.
func (s *Solver) try9(st *state9, depth, b int, bit uint32, d int) bool {
	s.res.Guesses++
	if !st.place(b, bit, d) || !st.fullUpdate() {
		return false
	}
	if st.solved() {
		s.record9(st)
		return s.limitReached()
	}
	return s.search9(st, depth)
}

// search9 branches on a cell of st, which is fully propagated and not
// solved; st is clobbered, and states from stack[depth] on are scratch.
// It reports whether the search must stop.
func (s *Solver) search9(st *state9, depth int) bool {
	if s.cancelled(1023) {
		return true
	}
	if s.nodes > fastBudget {
		s.gaveUp = true
		s.stopped = true
		return true
	}
	// A two-candidate cell if there is one, else the first cell with the
	// fewest candidates.
	b, bit := -1, uint32(0)
	for k := 0; k < 3; k++ {
		if p := st.pairs[k]; p != 0 {
			b, bit = k, p&-p
			break
		}
	}
	if b < 0 {
		best := 10
		for k := 0; k < 3; k++ {
			for m := st.unsolved[k]; m != 0; m &= m - 1 {
				x := m & -m
				n := 0
				for j := 9 * k; j < 9*k+9; j++ {
					if st.cand[j]&x != 0 {
						n++
					}
				}
				if n < best {
					best, b, bit = n, k, x
				}
			}
		}
	}
	pos := bits.TrailingZeros32(bit)
	var digits uint32
	for d, m := range (*[9]uint32)(st.cand[9*b : 9*b+9]) {
		digits |= (m >> pos & 1) << d
	}
	for digits&(digits-1) != 0 {
		d := bits.TrailingZeros32(digits)
		digits &= digits - 1
		next := &s.s9.stack[depth]
		*next = *st
		if s.try9(next, depth+1, b, bit, d) {
			return true
		}
	}
	return s.try9(st, depth, b, bit, bits.TrailingZeros32(digits))
}
