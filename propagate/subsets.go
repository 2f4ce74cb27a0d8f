package propagate

import (
	"math/bits"

	"github.com/satdoku/satdoku/board"
)

// A lineFamily is the rows, or the columns, of a board, each cut into the
// segments where it crosses a box: the geometry of locked candidates.
// Rows and columns differ only in these tables, so one function handles
// both.
type lineFamily struct {
	segs   int     // segments per line: boxes across a line
	segLen int     // cells per segment
	band   int     // lines per box
	cells  []int32 // cells[(line*segs+s)*segLen+i]: cell i of segment s of line
	union  []uint64
}

// lineFamilies returns the row and column families of shape s.
func lineFamilies(s board.Shape) [2]lineFamily {
	n, R, C := s.Side(), s.BoxRows, s.BoxCols
	rows := lineFamily{segs: n / C, segLen: C, band: R}
	cols := lineFamily{segs: n / R, segLen: R, band: C}
	for line := 0; line < n; line++ {
		for i := 0; i < n; i++ { // segments are consecutive runs of a line
			rows.cells = append(rows.cells, int32(line*n+i))
			cols.cells = append(cols.cells, int32(i*n+line))
		}
	}
	rows.union = make([]uint64, n*rows.segs)
	cols.union = make([]uint64, n*cols.segs)
	return [2]lineFamily{rows, cols}
}

// segment returns the cells of segment s of line.
func (f *lineFamily) segment(line, s int) []int32 {
	i := (line*f.segs + s) * f.segLen
	return f.cells[i : i+f.segLen]
}

// locked removes locked candidates in rows and in columns and reports
// whether it removed any. A digit whose places in a box all lie in one
// line cannot go elsewhere in that line (pointing); a digit whose places
// in a line all lie in one box cannot go elsewhere in that box (claiming).
// Both are read off the unions of the candidates of the open cells of
// each segment.
func (p *Propagator) locked() bool {
	if p.shape.BoxRows == 1 || p.shape.BoxCols == 1 {
		return false // a box is a line: nothing to lock
	}
	changed := false
	for i := range p.lines {
		changed = p.lockedIn(&p.lines[i]) || changed
	}
	return changed
}

// lockedIn is locked on one family of lines.
func (p *Propagator) lockedIn(f *lineFamily) bool {
	for seg := range f.union {
		var m uint64
		for _, c := range f.cells[seg*f.segLen : (seg+1)*f.segLen] {
			if p.value[c] == 0 {
				m |= p.cand[c]
			}
		}
		f.union[seg] = m
	}
	changed := false
	for line := 0; line < p.n; line++ {
		first := line / f.band * f.band // the first line of the band of boxes
		for s := 0; s < f.segs; s++ {
			seg := f.union[line*f.segs+s]
			if seg == 0 {
				continue
			}
			var box, rest uint64 // the other segments of the box, of the line
			for l := first; l < first+f.band; l++ {
				if l != line {
					box |= f.union[l*f.segs+s]
				}
			}
			for t := 0; t < f.segs; t++ {
				if t != s {
					rest |= f.union[line*f.segs+t]
				}
			}
			if m := seg &^ box; m != 0 && m&rest != 0 { // pointing
				for t := 0; t < f.segs; t++ {
					if t != s {
						changed = p.elimAll(f.segment(line, t), m) || changed
					}
				}
			}
			if m := seg &^ rest; m != 0 && m&box != 0 { // claiming
				for l := first; l < first+f.band; l++ {
					if l != line {
						changed = p.elimAll(f.segment(l, s), m) || changed
					}
				}
			}
		}
	}
	return changed
}

// elimAll removes the digits of mask from every cell of cells and reports
// whether it removed any.
func (p *Propagator) elimAll(cells []int32, mask uint64) bool {
	changed := false
	for _, c := range cells {
		changed = p.elim(int(c), mask) || changed
	}
	return changed
}

// nakedPairs removes the digits of two open cells of a unit that have the
// same two candidates from the unit's other cells, and reports whether it
// removed any. It walks the two-candidate cells and their peers rather
// than every unit: two-candidate cells are few.
func (p *Propagator) nakedPairs() bool {
	changed := false
	np := p.npeers
	for a := range p.cand {
		ca := p.cand[a]
		if p.value[a] != 0 || bits.OnesCount64(ca) != 2 {
			continue
		}
		ua := p.unitsOf[3*a : 3*a+3]
		for _, q := range p.peers[a*np : (a+1)*np] {
			if int(q) <= a || p.cand[q] != ca || p.value[q] != 0 {
				continue
			}
			uq := p.unitsOf[3*q : 3*q+3]
			for _, u := range ua {
				if u != uq[0] && u != uq[1] && u != uq[2] {
					continue
				}
				for _, x := range p.g.Units[u] {
					if x != a && x != int(q) {
						changed = p.elim(x, ca) || changed
					}
				}
			}
		}
	}
	return changed
}
