package fallback

// Binary relations: a rule between two cells (a kropki dot, an X or V, a
// step of a thermometer or a whisper line, two mirrored cells of a
// palindrome, ...) is a table of the digit pairs it allows, kept arc
// consistent on the masks: a digit stays in one cell only while some digit
// of the other cell's mask allows it.

// relation is the table of a binary rule on a board of side n: fwd[x−1]
// holds the digits y allowed in the second cell when the first holds x,
// bwd[y−1] the digits x allowed in the first when the second holds y.
type relation struct {
	fwd, bwd []uint64
}

// newRelation tabulates allow on a board of side n.
func newRelation(n int, allow func(x, y int) bool) *relation {
	r := &relation{fwd: make([]uint64, n), bwd: make([]uint64, n)}
	for x := 1; x <= n; x++ {
		for y := 1; y <= n; y++ {
			if allow(x, y) {
				r.fwd[x-1] |= digitMask(y)
				r.bwd[y-1] |= digitMask(x)
			}
		}
	}
	return r
}

// image returns the digits a table allows beside any digit of m.
func image(table []uint64, m uint64) uint64 {
	var out uint64
	for ; m != 0; m &= m - 1 {
		out |= table[lowDigit(m)-1]
	}
	return out
}

// pairProp keeps relation rel between cells a and b arc consistent.
type pairProp struct {
	a, b int32
	rel  *relation
}

// propagate revises b against a, then a against b; for one binary
// constraint that is arc consistency (a digit of b that supported a digit
// of a is still there). With both cells decided it is the exact check.
func (p *pairProp) propagate(s *vsolver) bool {
	if !s.restrict(p.b, image(p.rel.fwd, s.cand[p.a])) {
		return false
	}
	return s.restrict(p.a, image(p.rel.bwd, s.cand[p.b]))
}

// relations caches the tables of one compilation by a key naming the rule
// and its parameter, so that the 144 pairs of a nonconsecutive board share
// one table.
type relations struct {
	n     int
	cache map[relKey]*relation
}

type relKey struct {
	kind string
	v    int
}

// get returns the table for key, built by allow on first use.
func (rs *relations) get(key relKey, allow func(x, y int) bool) *relation {
	if r, ok := rs.cache[key]; ok {
		return r
	}
	if rs.cache == nil {
		rs.cache = map[relKey]*relation{}
	}
	r := newRelation(rs.n, allow)
	rs.cache[key] = r
	return r
}

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
