package encode

import (
	"math/bits"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/propagate"
)

// FastStats describes what Fast's propagation (package propagate) decided
// before any clause was written, and the formula written.
type FastStats struct {
	// Settled reports that propagation alone decided every cell: the formula
	// is only unit clauses (or, with Contradiction, unsatisfiable).
	Settled bool
	// Contradiction reports that the givens clash or propagation emptied a
	// cell or left a digit no place in a unit: the formula then holds an
	// empty clause.
	Contradiction bool
	// Givens is the number of filled cells of the puzzle; Placed the number
	// of cells propagation filled besides them.
	Givens, Placed int
	// Open is the number of cells still undecided, Candidates the number of
	// their (cell, digit) candidates: the variables of the non-unit clauses.
	Open, Candidates int
	// Units is the number of unit clauses (one per decided variable),
	// Groups the number of exactly-one groups (Cards), and Clauses the
	// number of longer clauses the groups make in DIMACS (pairwise: one
	// at-least-one clause and k(k−1)/2 pairs per group of k).
	Units, Groups, Clauses int
	// Stage is the preprocessing step that settled the puzzle (decided
	// every cell or found the contradiction), or StageSearch when cells
	// are left to gophersat's search.
	Stage Stage
}

// Fast returns the formula the SAT engine solves: package propagate
// narrows the candidates (singles, subsets, probing; see
// propagate.Propagator.Run), and the formula has constraints only over the
// open (cell, digit) candidates: an exactly-one group (a Card) for each
// open cell over its candidates, and for each unit and each digit not yet
// placed in it over the cells that can take it. Every other primary
// variable is decided and gets one unit clause (+v placed, −v
// eliminated), so every model of the formula is a full valid assignment
// of all n³ primary variables. The numbering is the public one; NumVars =
// Primary = n³; AMO is Pairwise. If propagation finds a contradiction the
// formula is the empty clause alone.
//
// It returns an error only for a malformed board, as Encode does.
func Fast(b *board.Board) (*Formula, FastStats, error) {
	var fb FastBuilder
	f, st, err := fb.Build(b)
	if err != nil {
		return nil, st, err
	}
	f.Comments = comments(b, "fast", Pairwise, f.NumVars)
	return f, st, nil
}

// A FastBuilder builds Fast formulas one after another, reusing its
// storage, so that a caller solving many puzzles allocates (almost)
// nothing per puzzle. The zero FastBuilder is ready to use. It is not safe
// for concurrent use.
type FastBuilder struct {
	p      *propagate.Propagator
	f      Formula
	lits   []Lit
	places []uint64 // per digit, scratch for emit; all zero between uses
}

// Build returns Fast's formula and statistics for b, without comments. The
// formula and its clauses belong to the builder and are valid only until
// the next call to Build.
func (fb *FastBuilder) Build(b *board.Board) (*Formula, FastStats, error) {
	if err := checkBoard(b); err != nil {
		return nil, FastStats{}, err
	}
	if fb.p == nil || fb.p.Shape() != b.Shape {
		fb.p = propagate.New(b.Shape)
		fb.places = make([]uint64, b.Side())
	}
	ps, err := fb.p.Run(b)
	if err != nil {
		return nil, FastStats{}, err
	}
	st := FastStats{Settled: ps.Settled, Contradiction: ps.Contradiction, Givens: ps.Givens, Placed: ps.Placed,
		Open: ps.Open, Candidates: ps.Candidates, Stage: ps.Stage}
	fb.emit(b.Shape, &st)
	return &fb.f, st, nil
}

// emit writes the formula of the propagated state into fb.f.
func (fb *FastBuilder) emit(s board.Shape, st *FastStats) {
	f, lits := &fb.f, fb.lits
	defer func() { fb.lits = lits }()
	n := s.Side()
	cand, value, done := fb.p.Candidates(), fb.p.Values(), fb.p.Placed()
	full := uint64(1)<<uint(n) - 1
	if n == 64 {
		full = ^uint64(0)
	}
	n3 := NumVars(n)
	f.NumVars, f.Primary, f.AMO = n3, n3, Pairwise
	f.Comments = f.Comments[:0]
	f.Sums = f.Sums[:0]
	if st.Contradiction {
		f.Clauses = append(f.Clauses[:0], Clause{})
		f.Cards = f.Cards[:0]
		st.Clauses = 1
		st.Units = 0
		return
	}
	// Clauses and groups are slices of one backing array. The units come
	// first, at known positions; if the array must grow later, the slices
	// already taken keep pointing into the old one, which stays valid.
	units := n3 - st.Candidates
	if cap(lits) < units+4*st.Candidates {
		lits = make([]Lit, 0, units+4*st.Candidates)
	}
	lits = lits[:units]
	cls := f.Clauses[:0]
	if cap(cls) < units {
		cls = make([]Clause, 0, units)
	}
	cls = cls[:units]
	i := 0
	for cell := 0; cell < n*n; cell++ {
		base := Lit(cell * n)
		d := value[cell]
		c := cand[cell]
		for e := 1; e <= n; e++ {
			switch {
			case int(d) == e:
				lits[i] = base + Lit(e)
			case c&(1<<uint(e-1)) == 0 || d != 0:
				lits[i] = -(base + Lit(e))
			default:
				continue
			}
			cls[i] = lits[i : i+1 : i+1]
			i++
		}
	}
	f.Clauses = cls
	st.Units = units
	cards := f.Cards[:0]
	group := func(start int) {
		k := len(lits) - start
		cards = append(cards, Card{Lits: lits[start:len(lits):len(lits)], Cmp: Equal, K: 1})
		st.Clauses += 1 + k*(k-1)/2
	}
	if !st.Settled {
		// Cells: exactly one candidate.
		for cell := 0; cell < n*n; cell++ {
			if value[cell] != 0 {
				continue
			}
			base := Lit(cell * n)
			start := len(lits)
			for c := cand[cell]; c != 0; c &= c - 1 {
				lits = append(lits, base+Lit(bits.TrailingZeros64(c)+1))
			}
			group(start)
		}
		// Units: each digit not yet placed exactly once. places[d] holds
		// the positions in the unit of the open cells that can take d+1.
		places := fb.places
		for u, unit := range s.Geometry().Units {
			need := full &^ done[u]
			if need == 0 {
				continue
			}
			for i, cell := range unit {
				if value[cell] == 0 {
					for c := cand[cell]; c != 0; c &= c - 1 {
						places[bits.TrailingZeros64(c)] |= 1 << uint(i)
					}
				}
			}
			for need != 0 {
				d := bits.TrailingZeros64(need)
				need &= need - 1
				start := len(lits)
				for m := places[d]; m != 0; m &= m - 1 {
					lits = append(lits, Lit(unit[bits.TrailingZeros64(m)]*n+d+1))
				}
				group(start)
			}
			clear(places)
		}
	}
	f.Cards = cards
	st.Groups = len(cards)
}
