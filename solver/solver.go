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
func newGophersat(cnf [][]int, nbVars int) engine {
	return gsEngine{gs.New(gs.ParseSliceNb(cnf, nbVars))}
}

// newEngine builds a gophersat solver for a formula over variables
// 1..nbVars with no literal 0. It is a variable so tests can replace it.
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
	rep     []int32 // DIMACS variable → gophersat variable (1-based); 0: occurs nowhere
	occ     []uint8 // occurrence flags per DIMACS variable
	cnf     [][]int // the formula for gophersat
	ints    []int   // backing array of cnf
	nbVars  int     // gophersat variables
	repTrue int32   // gophersat variable shared by unit-only positive variables, 0 if none
	repFals int32   // same for unit-only negative variables
	e       engine
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

// load validates f and compacts it for gophersat. Variables get gophersat
// numbers in order of first occurrence, so gophersat allocates nothing for
// variables that occur nowhere. When mergeUnits is set, the variables whose
// only occurrences are unit clauses of one sign — the decided cells of
// encode.Fast — share one gophersat variable per sign, pinned by one unit
// clause: the formula gophersat solves is the same up to renaming, every
// such variable still takes the value gophersat's model gives its
// representative, and gophersat is spared hundreds of variables that carry
// no search.
// f must have passed validate.
func (s *session) load(f *encode.CNF) {
	s.f = f
	nv := f.NumVars
	if cap(s.rep) < nv+1 {
		s.rep = make([]int32, nv+1)
		s.occ = make([]uint8, nv+1)
	}
	s.rep = s.rep[:nv+1]
	s.occ = s.occ[:nv+1]
	clear(s.rep)
	clear(s.occ)
	nlits := 0
	for _, cl := range f.Clauses {
		nlits += len(cl)
		if len(cl) == 1 {
			if cl[0] > 0 {
				s.occ[cl[0]] |= occPos
			} else {
				s.occ[-cl[0]] |= occNeg
			}
			continue
		}
		for _, l := range cl {
			s.occ[l.Var()] |= occOther
		}
	}
	next := int32(0)
	s.repTrue, s.repFals = 0, 0
	for v := 1; v <= nv; v++ {
		switch o := s.occ[v]; {
		case o == 0:
		case mergeUnits && o == occPos:
			if s.repTrue == 0 {
				next++
				s.repTrue = next
			}
			s.rep[v] = s.repTrue
		case mergeUnits && o == occNeg:
			if s.repFals == 0 {
				next++
				s.repFals = next
			}
			s.rep[v] = s.repFals
		default:
			next++
			s.rep[v] = next
		}
	}
	s.nbVars = int(next)
	if cap(s.ints) < nlits {
		s.ints = make([]int, 0, nlits)
	}
	ints := s.ints[:0]
	cnf := s.cnf[:0]
	doneTrue, doneFals := false, false
	for _, cl := range f.Clauses {
		if len(cl) == 1 {
			l := cl[0]
			v := s.rep[l.Var()]
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
			g := int(s.rep[l.Var()])
			if l < 0 {
				g = -g
			}
			ints = append(ints, g)
		}
		cnf = append(cnf, ints[start:len(ints):len(ints)])
	}
	s.ints, s.cnf = ints, cnf
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
	return protect(func() { s.e = newEngine(s.cnf, s.nbVars) })
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
			if int(g) > len(gm) {
				return encode.Unknown, nil, fmt.Errorf("%w: model has %d variables, want %d", ErrBadModel, len(gm), s.nbVars)
			}
			model[v] = gm[g-1]
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
	if err := validate(f); err != nil {
		return Result{}, err
	}
	mu.Lock()
	defer mu.Unlock()
	s := &shared
	defer s.release()
	s.load(f)
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
}
