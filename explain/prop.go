package explain

import (
	"slices"

	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/logic"
)

// Reasons of an assignment besides a clause index (≥ 0).
const (
	byFact   = -1 // a candidate the position has removed
	bySuppos = -2 // the candidate supposed true by a probe
)

// propagator is a counter-based unit propagator over the clauses of the
// instances switched on (and the exactly-one of the cells they touch),
// recording why each variable was assigned.
type propagator struct {
	cs     *clauses
	occ    [][]int32 // literal index (2v, or 2v+1 for ¬v) → clauses holding it
	val    []int8
	reason []int32
	active []uint32 // per clause: the generation in which it is on
	gen    uint32
	trail  []encode.Lit
	head   int // trail entries before head have updated the counters
	// work counts literal visits: a measure of effort for budgets and
	// statistics that does not depend on the machine.
	work int64
	// cone's tables, kept from call to call.
	pos         []int32
	seen        []uint32
	coneGen     uint32
	stack, used []int
}

func newPropagator(cs *clauses, numVars int) *propagator {
	p := &propagator{cs: cs, occ: make([][]int32, 2*numVars+2)}
	// The occurrence lists share one array: counted, then filled.
	count := make([]int32, len(p.occ))
	for _, l := range cs.lits {
		count[l.Index()]++
	}
	all := make([]int32, len(cs.lits))
	off := int32(0)
	for i, k := range count {
		p.occ[i] = all[off : off : off+k]
		off += k
	}
	for c := int32(0); c < int32(cs.len()); c++ {
		for _, l := range cs.clause(c) {
			i := l.Index()
			p.occ[i] = append(p.occ[i], c)
		}
	}
	p.val = make([]int8, numVars+1)
	p.reason = make([]int32, numVars+1)
	p.active = make([]uint32, cs.len())
	return p
}

func (p *propagator) value(l encode.Lit) int8 {
	if l < 0 {
		return -p.val[-l]
	}
	return p.val[l]
}

// reset unassigns everything and switches every clause off.
func (p *propagator) reset() {
	for _, l := range p.trail {
		p.unassign(l)
	}
	p.trail, p.head = p.trail[:0], 0
	p.gen++
}

func (p *propagator) unassign(l encode.Lit) {
	v := l.Var()
	p.val[v] = 0
}

// on switches clauses on and assigns their unit clauses; it returns a
// clause found false among them, or −1.
func (p *propagator) on(ids []int32) int32 {
	for _, c := range ids {
		if p.active[c] != p.gen {
			p.active[c] = p.gen
			switch cl := p.cs.clause(c); len(cl) {
			case 0:
				return c
			case 1:
				if !p.assign(cl[0], c) {
					return c
				}
			}
		}
	}
	return -1
}

// assign makes l true for reason; it returns false if l is already false.
func (p *propagator) assign(l encode.Lit, reason int32) bool {
	switch p.value(l) {
	case 1:
		return true
	case -1:
		return false
	}
	if l < 0 {
		p.val[-l] = -1
	} else {
		p.val[l] = 1
	}
	p.reason[l.Var()] = reason
	p.trail = append(p.trail, l)
	return true
}

// propagate runs unit propagation over the clauses on; it returns the
// clause found false, or −1 at a fixpoint. It keeps no counters, so that
// backtrack only unassigns: each clause with a literal made false is
// scanned whole (the clauses are short: pairs, and rows of N digits).
func (p *propagator) propagate() int32 {
	for ; p.head < len(p.trail); p.head++ {
		l := p.trail[p.head]
		for _, c := range p.occ[l.Not().Index()] {
			if p.active[c] != p.gen {
				continue
			}
			if st := p.cs.start[c]; p.cs.start[c+1]-st == 2 {
				// A binary clause (most are: the at-most-ones), with -l
				// one of its two literals: the other is implied.
				other := p.cs.lits[st]
				if other == -l {
					other = p.cs.lits[st+1]
				}
				p.work += 2
				switch p.value(other) {
				case 1:
				case -1:
					p.head = len(p.trail)
					return c
				default:
					p.assign(other, c)
				}
				continue
			}
			cl := p.cs.clause(c)
			p.work += int64(len(cl))
			free, sat := encode.Lit(0), false
			nfree := 0
			for _, m := range cl {
				switch p.value(m) {
				case 1:
					sat = true
				case 0:
					free = m
					nfree++
				}
				if sat || nfree > 1 {
					break
				}
			}
			switch {
			case sat || nfree > 1:
			case nfree == 0:
				p.head = len(p.trail)
				return c
			default:
				p.assign(free, c)
			}
		}
	}
	return -1
}

// backtrack unassigns the trail down to length n.
func (p *propagator) backtrack(n int) {
	for i := len(p.trail) - 1; i >= n; i-- {
		p.unassign(p.trail[i])
	}
	p.trail = p.trail[:n]
	p.head = min(p.head, n)
}

// facts assigns false every digit that a cell no longer holds, for the
// cells given; it returns false on a cell left with no candidate.
func (p *propagator) facts(g *logic.Grid, cells []int) bool {
	n := g.N
	for _, c := range cells {
		cand := g.Cand[c]
		for d := 1; d <= n; d++ {
			if !cand.Has(d) {
				if !p.assign(-encode.Lit(encode.CellVar(n, c, d)), byFact) {
					return false
				}
			}
		}
	}
	return true
}

// cone returns, for the conflict at clause c, the clauses its proof
// used, in trail order of the variables they set (the conflict clause
// last), and the facts it used (false literals).
func (p *propagator) cone(c int32) (steps []int32, facts []encode.Lit) {
	// pos[v] is v's place on the trail; seen[v] == p.coneGen marks the
	// variables visited by this call (tables kept from call to call).
	if len(p.pos) < len(p.val) {
		p.pos = make([]int32, len(p.val))
		p.seen = make([]uint32, len(p.val))
	}
	p.coneGen++
	for i, l := range p.trail {
		p.pos[l.Var()] = int32(i)
	}
	stack := p.stack[:0]
	visit := func(cl int32) {
		for _, l := range p.cs.clause(cl) {
			if v := l.Var(); p.seen[v] != p.coneGen && p.val[v] != 0 {
				p.seen[v] = p.coneGen
				stack = append(stack, v)
			}
		}
	}
	visit(c)
	used := p.used[:0] // trail positions of the variables set by a clause
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		switch r := p.reason[v]; {
		case r >= 0:
			used = append(used, int(p.pos[v]))
			visit(r)
		case r == byFact:
			facts = append(facts, p.trail[p.pos[v]])
		}
	}
	slices.Sort(used)
	steps = make([]int32, 0, len(used)+1)
	for _, i := range used {
		steps = append(steps, p.reason[p.trail[i].Var()])
	}
	p.stack, p.used = stack, used
	return append(steps, c), facts
}
