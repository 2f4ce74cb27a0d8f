package solver

import (
	"context"
	"errors"
	"fmt"
	"sync"

	gs "github.com/crillab/gophersat/solver"

	"github.com/satdoku/satdoku/encode"
)

// Result is the outcome of one solve.
type Result struct {
	// Status is Sat or Unsat (Unknown only with a non-nil error).
	Status encode.Status
	// Model holds, when Status is Sat, the value of every DIMACS variable:
	// Model[v] for v in 1..NumVars, index 0 unused, length NumVars+1. It
	// satisfies every clause of the formula (checked before returning).
	// Variables that occur in no clause are false.
	Model []bool
	// Decisions and Conflicts are gophersat's search counters; both are 0
	// when the formula was decided without search.
	Decisions, Conflicts int64
}

// Errors returned by this package; test with errors.Is.
var (
	// ErrFormula reports a malformed formula: nil, a literal 0 or a literal
	// whose variable exceeds NumVars.
	ErrFormula = errors.New("malformed formula")
	// ErrPanic reports a panic inside gophersat, recovered.
	ErrPanic = errors.New("gophersat panicked")
	// ErrBadModel reports a model from gophersat that breaks a clause of the
	// formula (or repeats a model already counted); it is never returned as
	// a result.
	ErrBadModel = errors.New("gophersat returned a model that breaks the formula")
	// ErrSatisfiable is returned by MinimalConflict when the givens do not
	// conflict: the formula with all of them has a model.
	ErrSatisfiable = errors.New("no conflict: the formula is satisfiable with every given")
)

// engine is the part of a gophersat solver this package uses; tests swap
// newEngine to inject panics and bad models.
type engine interface {
	Solve() gs.Status
	Model() []bool
	AppendClause(c *gs.Clause)
	Counters() (decisions, conflicts int64)
}

type gsEngine struct{ s *gs.Solver }

func (e gsEngine) Solve() gs.Status          { return e.s.Solve() }
func (e gsEngine) Model() []bool             { return e.s.Model() }
func (e gsEngine) AppendClause(c *gs.Clause) { e.s.AppendClause(c) }
func (e gsEngine) Counters() (d, c int64) {
	return int64(e.s.Stats.NbDecisions), int64(e.s.Stats.NbConflicts)
}

// newGophersat builds the gophersat solver for the loaded formula. On the
// direct path (see session.load) the clauses are handed over already built,
// after ParseSliceNb has read the unit clauses: their variables occur in no
// other clause, so the propagation ParseSliceNb would run on the clauses
// has nothing to do.
func newGophersat(s *session) engine {
	if !s.direct {
		return gsEngine{gs.New(gs.ParseSliceNb(s.cnf, s.nbVars))}
	}
	pb := gs.ParseSliceNb(s.cnf, s.nbVars)
	if pb.Status != gs.Unsat && len(s.ptrs) > 0 {
		pb.Clauses = append(pb.Clauses[:0], s.ptrs...)
		pb.Status = gs.Indet
	}
	return gsEngine{gs.New(pb)}
}

// newEngine builds a gophersat solver for the loaded session. It is a
// variable so tests can replace it.
var newEngine = newGophersat

// mu serialises every use of gophersat in the process (its learnClause
// buffer is a package-level variable) and guards the shared session.
var mu sync.Mutex

// shared is the session reused by every call, under mu.
var shared session

// mergeUnits makes session.load give all variables that occur only in unit
// clauses of one sign a single gophersat variable per sign (see load).
var mergeUnits = true

// session holds the compacted formula handed to gophersat and buffers that
// are reused from one call to the next.
type session struct {
	f       *encode.CNF
	rep     []int32 // DIMACS variable → gophersat literal (±1-based); 0: occurs nowhere
	occ     []uint8 // occurrence flags per DIMACS variable
	cnf     [][]int // the formula for gophersat
	ints    []int   // backing array of cnf
	nbVars  int     // gophersat variables
	repTrue int32   // gophersat variable shared by unit-only positive variables, 0 if none
	repFals int32   // same for unit-only negative variables
	e       engine

	// The direct path: the non-unit clauses built as gophersat clauses in
	// two slabs (their literals, the clause structs) instead of one
	// allocation each, and cnf holding only the unit clauses.
	direct bool
	glits  []gs.Lit
	slab   []gs.Clause
	ptrs   []*gs.Clause
	stamp  []int32 // per gophersat variable: last clause it was seen in
}

const (
	occPos   = 1 // in a positive unit clause
	occNeg   = 2 // in a negative unit clause
	occOther = 4 // in a clause of two or more literals
)

// validate checks every literal of f.
func validate(f *encode.CNF) error {
	if f == nil {
		return fmt.Errorf("%w: nil CNF", ErrFormula)
	}
	if f.NumVars < 0 {
		return fmt.Errorf("%w: NumVars %d", ErrFormula, f.NumVars)
	}
	for i, cl := range f.Clauses {
		for _, l := range cl {
			if l == 0 || l.Var() > f.NumVars {
				return fmt.Errorf("%w: literal %d in clause %d (NumVars %d)", ErrFormula, l, i+1, f.NumVars)
			}
		}
	}
	return nil
}

// load checks f (see validate) and compacts it for gophersat.
//
// Variables get gophersat numbers in order, skipping those that occur
// nowhere, so gophersat allocates nothing for them. Each primary variable
// (1..f.Primary) is renamed to the negation of its gophersat variable
// (rep < 0), because gophersat decides a fresh variable false first and
// for Sudoku "this digit goes here" is the better first guess (it halves
// gophersat's decisions on hard puzzles); auxiliary variables keep their
// sign (flipping a sequential counter's makes it far slower). When mergeUnits is set, the variables whose only
// occurrences are unit clauses of one sign — the decided cells of
// encode.Fast — share one gophersat variable per sign, pinned by one unit
// clause: the formula gophersat solves is the same up to renaming, each
// such variable still takes the value gophersat's model gives its
// representative, and gophersat is spared hundreds of variables that carry
// no search.
//
// When moreover no variable of a unit clause occurs in a longer clause and
// no clause is empty or repeats a variable, load takes the direct path:
// the longer clauses are built as gophersat clauses here, in two slabs,
// which saves gophersat two allocations per clause.
func (s *session) load(f *encode.CNF) error {
	if f == nil {
		return fmt.Errorf("%w: nil CNF", ErrFormula)
	}
	nv := f.NumVars
	if nv < 0 {
		return fmt.Errorf("%w: NumVars %d", ErrFormula, nv)
	}
	s.f = f
	if cap(s.rep) < nv+1 {
		s.rep = make([]int32, nv+1)
		s.occ = make([]uint8, nv+1)
	}
	rep, occ := s.rep[:nv+1], s.occ[:nv+1]
	s.rep, s.occ = rep, occ
	clear(occ)
	nlits, nlong, empty := 0, 0, false
	for i, cl := range f.Clauses {
		switch len(cl) {
		case 0:
			empty = true
		case 1:
			l := cl[0]
			switch {
			case l > 0 && int(l) <= nv:
				occ[l] |= occPos
			case l < 0 && int(-l) <= nv:
				occ[-l] |= occNeg
			default:
				return badLiteral(f, i, l)
			}
		default:
			nlits += len(cl)
			nlong++
			for _, l := range cl {
				v := l.Var()
				if l == 0 || v > nv {
					return badLiteral(f, i, l)
				}
				occ[v] |= occOther
			}
		}
	}
	next := int32(0)
	s.repTrue, s.repFals = 0, 0
	mixed := false
	for v := 1; v <= nv; v++ {
		switch o := occ[v]; {
		case o == 0:
			rep[v] = 0
		case mergeUnits && o == occPos:
			if s.repTrue == 0 {
				next++
				s.repTrue = next
			}
			rep[v] = s.repTrue
		case mergeUnits && o == occNeg:
			if s.repFals == 0 {
				next++
				s.repFals = next
			}
			rep[v] = s.repFals
		default:
			if o != occOther {
				mixed = true
			}
			next++
			rep[v] = next
			if v <= f.Primary {
				rep[v] = -next
			}
		}
	}
	s.nbVars = int(next)
	s.direct = mergeUnits && !empty && !mixed && s.buildDirect(nlits, nlong)
	cnf := s.cnf[:0]
	if s.direct {
		// Only the (at most two) unit clauses of the representatives.
		ints := s.ints[:0]
		if s.repTrue != 0 {
			ints = append(ints, int(s.repTrue))
		}
		if s.repFals != 0 {
			ints = append(ints, -int(s.repFals))
		}
		for i := range ints {
			cnf = append(cnf, ints[i:i+1:i+1])
		}
		s.ints, s.cnf = ints, cnf
		return nil
	}
	if cap(s.ints) < nlits+len(f.Clauses) {
		s.ints = make([]int, 0, nlits+len(f.Clauses))
	}
	ints := s.ints[:0]
	doneTrue, doneFals := false, false
	for _, cl := range f.Clauses {
		if len(cl) == 1 {
			v := rep[cl[0].Var()]
			if v == s.repTrue && v != 0 {
				if doneTrue {
					continue
				}
				doneTrue = true
			} else if v == s.repFals && v != 0 {
				if doneFals {
					continue
				}
				doneFals = true
			}
		}
		start := len(ints)
		for _, l := range cl {
			g := int(rep[l.Var()])
			if l < 0 {
				g = -g
			}
			ints = append(ints, g)
		}
		cnf = append(cnf, ints[start:len(ints):len(ints)])
	}
	s.ints, s.cnf = ints, cnf
	return nil
}

func badLiteral(f *encode.CNF, i int, l encode.Lit) error {
	return fmt.Errorf("%w: literal %d in clause %d (NumVars %d)", ErrFormula, l, i+1, f.NumVars)
}

// useCard makes buildDirect turn an exactly-one group written as a clause
// followed by the pairwise at-most-one over its literals into the clause
// plus one gophersat cardinality constraint (at least k−1 of the negated
// literals). This is safe from gophersat's hazard with cardinality
// constraints decided at parse time (they are dropped): on the direct path
// the constraints never go through the parser, and none of their variables
// occurs in a unit clause, so none is decided before the search starts.
// Build cost falls by a third on hard 9×9 puzzles.
var useCard = true

// pairsFollow reports whether next starts with the k(k−1)/2 clauses
// (¬a ∨ ¬b) over the pairs of lits, in order (a before b).
func pairsFollow(next []encode.Clause, lits encode.Clause) bool {
	k := len(lits)
	if len(next) < k*(k-1)/2 {
		return false
	}
	n := 0
	for a := 0; a < k; a++ {
		for b := a + 1; b < k; b++ {
			c := next[n]
			if len(c) != 2 || c[0] != -lits[a] || c[1] != -lits[b] {
				return false
			}
			n++
		}
	}
	return true
}

// buildDirect builds the longer clauses of s.f as gophersat clauses. It
// returns false if a clause repeats a variable (gophersat's parser would
// have cleaned it; its watchers expect distinct variables).
func (s *session) buildDirect(nlits, nlong int) bool {
	if cap(s.glits) < nlits {
		s.glits = make([]gs.Lit, 0, nlits)
	}
	if cap(s.slab) < nlong {
		s.slab = make([]gs.Clause, nlong)
		s.ptrs = make([]*gs.Clause, nlong)
	}
	if cap(s.stamp) < s.nbVars+1 {
		s.stamp = make([]int32, s.nbVars+1)
	}
	stamp := s.stamp[:s.nbVars+1]
	clear(stamp)
	glits := s.glits[:0]
	slab := s.slab[:nlong]
	ptrs := s.ptrs[:nlong]
	k := 0
	cls := s.f.Clauses
	for i := 0; i < len(cls); i++ {
		cl := cls[i]
		if len(cl) < 2 {
			continue
		}
		start := len(glits)
		for _, l := range cl {
			g := s.rep[l.Var()]
			if stamp[abs(g)] == int32(k+1) {
				return false
			}
			stamp[abs(g)] = int32(k + 1)
			if l < 0 {
				g = -g
			}
			glits = append(glits, gs.IntToLit(g))
		}
		slab[k] = *gs.NewClause(glits[start:len(glits):len(glits)])
		ptrs[k] = &slab[k]
		k++
		if useCard && len(cl) >= 3 && pairsFollow(cls[i+1:], cl) {
			// cl and the pairwise at-most-one over its literals that follows
			// it: one cardinality constraint "at least k−1 of the negations"
			// replaces the k(k−1)/2 binary clauses.
			start := len(glits)
			for _, l := range glits[start-len(cl) : start] {
				glits = append(glits, l.Negation())
			}
			slab[k] = *gs.NewCardClause(glits[start:len(glits):len(glits)], len(cl)-1)
			ptrs[k] = &slab[k]
			k++
			i += len(cl) * (len(cl) - 1) / 2
		}
	}
	slab, ptrs = slab[:k], ptrs[:k]
	s.glits, s.slab, s.ptrs = glits, slab, ptrs
	return true
}

func abs(x int32) int32 {
	if x < 0 {
		return -x
	}
	return x
}

// protect runs fn, turning a panic into an ErrPanic error.
func protect(fn func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%w: %v", ErrPanic, r)
		}
	}()
	fn()
	return nil
}

// start builds the gophersat solver for the loaded formula.
func (s *session) start() error {
	s.e = nil
	return protect(func() { s.e = newEngine(s) })
}

// next runs one solve and, if it finds a model, returns it in DIMACS
// numbering, checked against every clause of the formula.
func (s *session) next() (encode.Status, []bool, error) {
	var st gs.Status
	var gm []bool
	err := protect(func() {
		st = s.e.Solve()
		if st == gs.Sat {
			gm = s.e.Model()
		}
	})
	if err != nil {
		return encode.Unknown, nil, err
	}
	switch st {
	case gs.Unsat:
		return encode.Unsat, nil, nil
	case gs.Sat:
	default:
		return encode.Unknown, nil, fmt.Errorf("gophersat gave up (status %d)", int(st))
	}
	model := make([]bool, s.f.NumVars+1)
	for v := 1; v < len(model); v++ {
		if g := s.rep[v]; g != 0 {
			if int(abs(g)) > len(gm) {
				return encode.Unknown, nil, fmt.Errorf("%w: model has %d variables, want %d", ErrBadModel, len(gm), s.nbVars)
			}
			model[v] = gm[abs(g)-1] != (g < 0)
		}
	}
	if i := Check(s.f, model); i >= 0 {
		return encode.Unknown, nil, fmt.Errorf("%w: clause %d %v is false", ErrBadModel, i+1, s.f.Clauses[i])
	}
	return encode.Sat, model, nil
}

// Check returns the index of the first clause of f that model breaks, or
// −1 if model satisfies every clause. model[v] is the value of DIMACS
// variable v; a variable beyond len(model) counts as false.
func Check(f *encode.CNF, model []bool) int {
	for i, cl := range f.Clauses {
		ok := false
		for _, l := range cl {
			v := l.Var()
			if (v < len(model) && model[v]) == (l > 0) {
				ok = true
				break
			}
		}
		if !ok {
			return i
		}
	}
	return -1
}

// Solve runs gophersat on f and returns Sat with a checked model or Unsat.
// It returns an error, with Status Unknown, for a malformed formula
// (ErrFormula), a panic inside gophersat (ErrPanic), a model that breaks a
// clause (ErrBadModel), or a ctx already done when Solve is called (the
// ctx's error). A solve cannot be interrupted once started (gophersat has
// no way to stop): if ctx ends meanwhile the finished result is returned.
func Solve(ctx context.Context, f *encode.CNF) (Result, error) {
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}
	mu.Lock()
	defer mu.Unlock()
	s := &shared
	defer s.release()
	if err := s.load(f); err != nil {
		return Result{}, err
	}
	if err := s.start(); err != nil {
		return Result{}, err
	}
	st, model, err := s.next()
	if err != nil {
		return Result{}, err
	}
	res := Result{Status: st, Model: model}
	res.Decisions, res.Conflicts = s.e.Counters()
	return res, nil
}

// release drops the references to the caller's formula and to the
// gophersat solver, keeping only reusable buffers.
func (s *session) release() {
	s.f = nil
	s.e = nil
	clear(s.ptrs) // the clause structs point into glits; drop gophersat's view
}
