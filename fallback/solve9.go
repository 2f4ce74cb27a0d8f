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
// bit-sliced counting over the nine digit masks of a band.
//
// The search branches, as tdoku does, on where one digit goes in one band
// or stack (three boxes side by side, or one above the other): its three
// triads there (row triads in a band, column triads in a stack) form one
// of six permutation patterns. It picks the band or stack, among those not
// yet settled, with the fewest patterns left over all digits, and in it the
// digit with the fewest patterns (usually two). Each branch keeps one
// pattern, so the branches are disjoint and counting stays exact. A pattern
// fixes three triads at once: on the hard public sets this takes a third to
// almost half fewer branches than picking a two-candidate cell. As a triad
// holds exactly three digits, a node where the patterns left force four
// digits into one triad is a dead end; checking this is what keeps the
// pattern search from wandering on boards with few givens.
//
// Propagation is a worklist: a bit per mask that changed since the band
// logic last ran on it, set without a branch wherever a mask is written, so
// the loop visits only changed masks and mispredicts little. The state is a
// fixed-size value (144 bytes) copied on each branch.

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
}

// Tables, computed once.
var (
	triads      [512]uint32     // 9-bit row → 3-bit set of its non-empty triads
	lockMask    [512]uint32     // 9-bit triad set (bit 3r+k) → cells of triads on some permutation
	colLock     [512]uint32     // 9-bit column set of a band → cells the other bands keep
	colKeep     [512]uint32     // 9-bit set of columns exclusive to a band → cells the band keeps
	colFixed    [512]uint32     // 9-bit column set → its columns that are alone in their box
	rowSingle   [512]uint32     // 9-bit row → the row if it has exactly one cell, else 0
	bandKeep    [32]uint32      // cell in band → cells of the band not in its row or box
	otherKeep   [9]uint32       // column → cells of a band not in that column
	others9     [32][2]uint8    // 9b+d → the indexes of digit d in the two other bands
	patterns    [512]uint8      // 9-bit triad set → the set of the six patterns it holds
	patCount    [512]uint8      // 9-bit triad set → the number of patterns it holds
	patCells    [6]uint32       // pattern → the cells of its three triads in a band
	patKeep     [3][6][3]uint32 // stack, pattern, band → the cells the band keeps
	mustSet     [512]uint32     // triad set → the triads on every pattern it holds
	peers       [512]uint32     // triad set → the cells of its triads' rows and boxes
	partialPerm [512]bool       // triad set → whether no two of its triads share a row or a box
)

// perms lists the six permutations of three; as a pattern, p[r] is the box
// (or column) that row (or band) r uses.
var perms = [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}

func init() {
	for x := 0; x < 512; x++ {
		for k := 0; k < 3; k++ {
			if x>>(3*k)&7 != 0 {
				triads[x] |= 1 << k
			}
		}
	}
	var need [6]uint32 // pattern → its triads
	for pi, p := range perms {
		for r := 0; r < 3; r++ {
			need[pi] |= 1 << (3*r + p[r])
			patCells[pi] |= 7 << (9*r + 3*p[r])
		}
	}
	for s := uint32(0); s < 512; s++ {
		must := uint32(low9)
		for pi := range perms {
			if s&need[pi] == need[pi] {
				lockMask[s] |= patCells[pi]
				patterns[s] |= 1 << pi
				must &= need[pi]
			}
		}
		if patterns[s] != 0 {
			mustSet[s] = must
		}
		patCount[s] = uint8(bits.OnesCount8(patterns[s]))
		var rows, boxes uint32
		partialPerm[s] = true
		for x := 0; x < 9; x++ {
			if s>>x&1 == 0 {
				continue
			}
			r, k := x/3, x%3
			if rows>>r&1 != 0 || boxes>>k&1 != 0 {
				partialPerm[s] = false
			}
			rows |= 1 << r
			boxes |= 1 << k
			peers[s] |= low9<<(9*r) | (7<<(3*k))*colX3
		}
	}
	for k := 0; k < 3; k++ {
		stack := (7 << (3 * k)) * uint32(colX3)
		for pi, p := range perms {
			for b := 0; b < 3; b++ {
				patKeep[k][pi][b] = all27&^stack | colX3<<(3*k+p[b])
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

func (s *Solver) solve9(b *board.Board, marks *[81]uint16) {
	st := &s.s9.stack[0]
	if !st.start((*[81]uint8)(b.Cells)) {
		return
	}
	if marks != nil {
		st.keepMarks(marks)
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

// keepMarks removes from st every digit a cell's marks leave out (bit
// d−1 of marks[c] for digit d), all masks dirty.
func (st *state9) keepMarks(marks *[81]uint16) {
	for c, m := range marks {
		for out := ^uint32(m) & low9; out != 0; out &= out - 1 {
			st.cand[9*(c/27)+bits.TrailingZeros32(out)] &^= 1 << (c % 27)
		}
	}
	st.dirty = all27
}

// start sets st to the givens of cells (digits 0..9, 0 blank), all masks
// dirty: each digit keeps the blank cells outside the rows, boxes and
// columns of its givens, and its givens. It reports false if two givens of
// a digit share a row, a box or a column.
func (st *state9) start(cells *[81]uint8) bool {
	var given [16][3]uint32 // given[d][b]: the cells of band b holding d (0: blank)
	for b := 0; b < 3; b++ {
		for p, d := range cells[27*b : 27*b+27] {
			given[d&15][b] |= 1 << p
		}
	}
	st.unsolved = given[0]
	st.dirty = all27
	for d := 0; d < 9; d++ {
		g := &given[d+1]
		cols := colSet(g[0]) | colSet(g[1]) | colSet(g[2])
		n := bits.OnesCount32(g[0]) + bits.OnesCount32(g[1]) + bits.OnesCount32(g[2])
		if bits.OnesCount32(cols) != n {
			return false
		}
		for b := 0; b < 3; b++ {
			t := triadSet(g[b])
			if bits.OnesCount32(t) != bits.OnesCount32(g[b]) || !partialPerm[t] {
				return false
			}
			st.cand[9*b+d] = given[0][b]&^peers[t]&^(cols*colX3) | g[b]
		}
	}
	return true
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
	m0, m1, m2, m3, m4, m5, m6, m7, m8 := c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8]
	changed = nonZero(m0&x) | nonZero(m1&x)<<1 | nonZero(m2&x)<<2 | nonZero(m3&x)<<3 |
		nonZero(m4&x)<<4 | nonZero(m5&x)<<5 | nonZero(m6&x)<<6 | nonZero(m7&x)<<7 | nonZero(m8&x)<<8
	c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8] = m0&^x, m1&^x, m2&^x, m3&^x, m4&^x, m5&^x, m6&^x, m7&^x, m8&^x
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

// nakedSingles places every cell left with one candidate. It reports
// whether it placed anything, and false for ok when a cell has no
// candidate.
func (st *state9) nakedSingles() (progress, ok bool) {
	for b := 0; b < 3; b++ {
		c := (*[9]uint32)(st.cand[9*b : 9*b+9])
		// Bit-sliced counts of the candidates of each cell, unrolled.
		one, two := c[0], uint32(0)
		two |= one & c[1]
		one |= c[1]
		two |= one & c[2]
		one |= c[2]
		two |= one & c[3]
		one |= c[3]
		two |= one & c[4]
		one |= c[4]
		two |= one & c[5]
		one |= c[5]
		two |= one & c[6]
		one |= c[6]
		two |= one & c[7]
		one |= c[7]
		two |= one & c[8]
		one |= c[8]
		if one != all27 {
			return false, false
		}
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

// record9 counts the solution in st and keeps its grid if it is one of the
// first two; when collecting candidates (collect9), it adds the solution's
// digits to seen9 and passes it to visit9.
func (s *Solver) record9(st *state9) {
	if s.collect9 {
		for i := range s.seen9 {
			s.seen9[i] |= st.cand[i] // solved: the digit's three cells of the band
		}
	}
	cells := s.solutionCells(board.Classic)
	if cells == nil && s.visit9 == nil {
		return
	}
	// A solved band holds each digit once per row: three cells per mask.
	var grid [81 + 32]uint8 // room for a stray index, which Verify would catch
	for i := 0; i < 27; i++ {
		base := 27 * (i / 9)
		d := uint8(i%9 + 1)
		m := st.cand[i]
		grid[base+bits.TrailingZeros32(m)] = d
		m &= m - 1
		grid[base+bits.TrailingZeros32(m)] = d
		m &= m - 1
		grid[base+bits.TrailingZeros32(m)] = d
	}
	if cells != nil {
		copy(cells, grid[:81])
	}
	if s.visit9 == nil {
		return
	}
	b := board.New(board.Classic)
	if cells != nil {
		b = s.res.Solutions[len(s.res.Solutions)-1]
	} else {
		copy(b.Cells, grid[:81])
	}
	if !s.visit9(b) {
		s.stopped, s.visitStopped = true, true
	}
}

// news reports whether st has a candidate not yet seen in a solution
// (seen9): if not, no solution below st adds a digit.
func (st *state9) news(seen *[27]uint32) bool {
	var x uint32
	for i, m := range seen {
		x |= st.cand[i] &^ m
	}
	return x != 0
}

// search9 branches on st, which is fully propagated and not solved; st is
// clobbered, and states from stack[depth] on are scratch. It reports
// whether the search must stop.
func (s *Solver) search9(st *state9, depth int) bool {
	if s.cancelled(1023) {
		return true
	}
	if s.nodes > s.budget9 && (s.pause9 == nil || !s.pause9()) {
		s.gaveUp = true
		s.stopped = true
		return true
	}
	if s.collect9 && !st.news(&s.seen9) {
		return false // every solution below is made of digits seen already
	}
	if s.cellBranch {
		return s.branchCell(st, depth)
	}
	unit, d, pats, ok := st.choosePattern()
	if !ok {
		return false
	}
	if unit < 0 {
		return s.branchCell(st, depth) // not expected: see choosePattern
	}
	if s.collect9 {
		// Patterns that may place the digit where it was not seen first,
		// to find new digits early (the last pattern tried reuses st).
		fresh := st.freshPatterns(&s.seen9, unit, d, pats)
		for _, set := range [2]uint32{fresh, pats &^ fresh} {
			for ; set != 0; set &= set - 1 {
				p := bits.TrailingZeros32(set)
				if pats &^= 1 << p; pats == 0 {
					return s.tryPattern(st, depth, unit, d, p)
				}
				next := &s.s9.stack[depth]
				*next = *st
				if s.tryPattern(next, depth+1, unit, d, p) {
					return true
				}
			}
		}
		return false
	}
	for pats&(pats-1) != 0 {
		p := bits.TrailingZeros32(pats)
		pats &= pats - 1
		next := &s.s9.stack[depth]
		*next = *st
		if s.tryPattern(next, depth+1, unit, d, p) {
			return true
		}
	}
	return s.tryPattern(st, depth, unit, d, bits.TrailingZeros32(pats))
}

// freshPatterns returns the patterns of pats (digit d in unit, as
// tryPattern keeps them) that leave d a cell of the unit where it was not
// seen in a solution.
func (st *state9) freshPatterns(seen *[27]uint32, unit, d int, pats uint32) (fresh uint32) {
	for set := pats; set != 0; set &= set - 1 {
		p := bits.TrailingZeros32(set)
		var x uint32
		if unit < 3 {
			i := 9*unit + d
			x = st.cand[i&31] &^ seen[i&31] & patCells[p]
		} else {
			stack := (7 << (3 * (unit - 3))) * uint32(colX3)
			keep := &patKeep[unit-3][p]
			for b := 0; b < 3; b++ {
				i := 9*b + d
				x |= st.cand[i&31] &^ seen[i&31] & keep[b] & stack
			}
		}
		fresh |= nonZero(x) << p
	}
	return fresh
}

// choosePattern picks the band (unit 0..2) or stack (unit 3..5) with the
// fewest patterns left over all digits, among those where some digit has
// two or more, and in it the digit d with the fewest; it returns the set of
// d's patterns there. On a propagated state that is not solved some unit
// is open (if every digit had one pattern in every band and stack, each box
// would hold it in one row and one column, and every cell would be
// solved); unit is -1 if none is.
//
// Propagation does not count digits per triad, so the patterns chosen so
// far may ask four digits of one triad, a dead end the search would only
// find cells later (on boards with few givens, thousands of nodes later).
// choosePattern checks that from the patterns it counts anyway and reports
// ok false if a triad is oversubscribed.
func (st *state9) choosePattern() (unit, d int, pats uint32, ok bool) {
	var sets [6][9]uint16 // the triads digit d may use in each band and stack
	var total [6]int
	// The triads each digit must use, for the three bands (or the three
	// stacks) side by side in 27 bits, counted over the digits.
	var mustBands, mustStacks counter4
	for d := 0; d < 9; d++ {
		a0, a1, a2 := st.cand[d], st.cand[9+d], st.cand[18+d]
		t0, t1, t2 := triadSet(a0), triadSet(a1), triadSet(a2)
		w := colSet(a0) | colSet(a1)<<9 | colSet(a2)<<18
		s0, s1, s2 := stackSet(w, 0), stackSet(w, 1), stackSet(w, 2)
		sets[0][d], sets[1][d], sets[2][d] = uint16(t0), uint16(t1), uint16(t2)
		sets[3][d], sets[4][d], sets[5][d] = uint16(s0), uint16(s1), uint16(s2)
		total[0] += int(patCount[t0])
		total[1] += int(patCount[t1])
		total[2] += int(patCount[t2])
		total[3] += int(patCount[s0])
		total[4] += int(patCount[s1])
		total[5] += int(patCount[s2])
		mustBands.add(mustSet[t0] | mustSet[t1]<<9 | mustSet[t2]<<18)
		mustStacks.add(mustSet[s0] | mustSet[s1]<<9 | mustSet[s2]<<18)
	}
	if mustBands[3]|mustStacks[3] != 0 {
		return 0, 0, 0, false
	}
	unit, best := -1, 1000
	for u, n := range total {
		if n > 9 && n < best {
			unit, best = u, n
		}
	}
	if unit < 0 {
		return -1, 0, 0, true
	}
	fewest := uint8(7)
	for x, set := range &sets[unit] {
		if n := patCount[set&511]; n > 1 && n < fewest {
			d, fewest = x, n
		}
	}
	return unit, d, uint32(patterns[sets[unit][d]&511]), true
}

// colSet returns the columns (bit c) of band mask a that hold a cell.
func colSet(a uint32) uint32 { return (a | a>>9 | a>>18) & low9 }

// stackSet returns the column triads of stack k that a digit may use, bit
// 3b+c for band b and column c of the stack, from its column sets in the
// three bands side by side (w = cols0 | cols1<<9 | cols2<<18).
func stackSet(w uint32, k int) uint32 {
	g := w >> (3 * k) & (7 | 7<<9 | 7<<18)
	return (g | g>>6 | g>>12) & low9
}

// counter4 counts, bit-sliced, how many of the sets added hold each bit:
// bit i of c[k] says at least k+1 do.
type counter4 [4]uint32

// add counts the set x.
func (c *counter4) add(x uint32) {
	c[3] |= c[2] & x
	c[2] |= c[1] & x
	c[1] |= c[0] & x
	c[0] |= x
}

// triadSet returns the triads of band mask a that hold a cell: bit 3r+k for
// row r and box k.
func triadSet(a uint32) uint32 {
	return triads[a&low9] | triads[a>>9&low9]<<3 | triads[a>>18]<<6
}

// tryPattern keeps only pattern p for digit d in unit (band or stack) of
// st, propagates and searches on. It reports whether the search must stop.
func (s *Solver) tryPattern(st *state9, depth, unit, d, p int) bool {
	s.res.Guesses++
	if unit < 3 {
		i := 9*unit + d
		st.set(i, st.cand[i&31]&patCells[p])
	} else {
		keep := &patKeep[unit-3][p]
		for b := 0; b < 3; b++ {
			i := 9*b + d
			st.set(i, st.cand[i&31]&keep[b])
		}
	}
	if !st.fullUpdate() {
		return false
	}
	if st.solved() {
		s.record9(st)
		return s.limitReached()
	}
	return s.search9(st, depth)
}

// branchCell branches on the digits of a cell: a two-candidate cell if
// there is one, else the first with the fewest candidates. It is the
// search of earlier versions, kept for tests to check the pattern search
// against.
func (s *Solver) branchCell(st *state9, depth int) bool {
	b, bit, best := -1, uint32(0), 10
	for k := 0; k < 3 && best > 2; k++ {
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
				if n == 2 {
					break
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
		if s.tryCell(next, depth+1, b, bit, d) {
			return true
		}
	}
	return s.tryCell(st, depth, b, bit, bits.TrailingZeros32(digits))
}

// tryCell places digit d at the cell (b, bit) of st, propagates and
// searches on. It reports whether the search must stop.
func (s *Solver) tryCell(st *state9, depth, b int, bit uint32, d int) bool {
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
