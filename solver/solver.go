package solver

import (
	"context"
	"errors"
	"fmt"

	gs "github.com/crillab/gophersat/solver"

	"github.com/satdoku/satdoku/encode"
)

// Result is the outcome of one solve.
type Result struct {
	// Status is Sat or Unsat (Unknown only with a non-nil error).
	Status encode.Status
	// Model holds, when Status is Sat, the value of every DIMACS variable:
	// Model[v] for v in 1..NumVars, index 0 unused, length NumVars+1. It
	// satisfies every constraint of the formula (checked before
	// returning). Variables that no constraint needs are false.
	Model []bool
	// Decisions and Conflicts are gophersat's search counters; both are 0
	// when the formula was decided without search.
	Decisions, Conflicts int64
}

// Errors returned by this package; test with errors.Is.
var (
	// ErrFormula reports a malformed formula: nil, a literal 0 or beyond
	// NumVars, a weight or bound beyond encode.MaxWeight. It is
	// encode.ErrFormula.
	ErrFormula = encode.ErrFormula
	// ErrPanic reports a panic inside gophersat, recovered.
	ErrPanic = errors.New("gophersat panicked")
	// ErrBadModel reports a model from gophersat that breaks a constraint
	// of the formula (or repeats a model already counted); it is never
	// returned as a result.
	ErrBadModel = errors.New("gophersat returned a model that breaks the formula")
	// ErrSatisfiable is returned by MinimalConflict when the givens do not
	// conflict: the formula with all of them has a model.
	ErrSatisfiable = errors.New("no conflict: the formula is satisfiable with every given")
)

// A Solver runs gophersat on one formula after another, reusing its
// buffers, so that a caller solving many formulas allocates little besides
// gophersat's own solver. The zero Solver is ready to use. A Solver is not
// safe for concurrent use: give each goroutine its own (the package
// functions Solve and Count use a fresh one per call). Solvers in several
// goroutines are safe together: their gophersat solves take turns (see
// the package documentation).
type Solver struct {
	s session
	// newEngine builds the gophersat solver of a loaded session; nil means
	// gophersat itself. Tests set it to inject panics and bad models.
	newEngine func(*session) engine
}

// engine is the part of a gophersat solver this package uses.
type engine interface {
	Solve() gs.Status
	Model() []bool
	AppendClause(c *gs.Clause)
	Counters() (decisions, conflicts int64)
	Assume(lits []gs.Lit) gs.Status
}

type gsEngine struct{ s *gs.Solver }

func (e gsEngine) Solve() gs.Status          { return e.s.Solve() }
func (e gsEngine) Model() []bool             { return e.s.Model() }
func (e gsEngine) AppendClause(c *gs.Clause) { e.s.AppendClause(c) }
func (e gsEngine) Assume(lits []gs.Lit) gs.Status {
	return e.s.Assume(lits)
}
func (e gsEngine) Counters() (d, c int64) {
	return int64(e.s.Stats.NbDecisions), int64(e.s.Stats.NbConflicts)
}

// newGophersat builds the gophersat solver of the loaded session. The
// problem is built here, never by gophersat's parsers, and has no unit
// literals (see session.load): nothing is decided before the search, so
// gophersat's parse-time hazards (decided cardinality constraints dropped,
// units forgotten by Assume) cannot arise. CuttingPlanes stays false: it
// gave wrong UNSAT answers.
func newGophersat(s *session) engine {
	pb := &gs.Problem{NbVars: s.nbVars, Clauses: s.ptrs, Model: make(gs.Model, s.nbVars)}
	return gsEngine{gs.New(pb)}
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

// start builds the gophersat solver for the loaded formula, if it has
// anything left to search. gophersat's constructors panic on constraints
// they cannot take; load never makes one, and a panic would still be an
// error, not a crash.
func (sv *Solver) start() error {
	s := &sv.s
	s.e = nil
	if s.unsat || s.nbVars == 0 {
		return nil
	}
	build := sv.newEngine
	if build == nil {
		build = newGophersat
	}
	return protect(func() {
		s.build()
		s.e = build(s)
	})
}

// next runs one solve and, if it finds a model, returns it in DIMACS
// numbering, checked against every constraint of the formula. When ctx
// ends during the solve it returns ctx's error at once (lockedCtx).
func (sv *Solver) next(ctx context.Context) (encode.Status, []bool, error) {
	s := &sv.s
	if s.unsat {
		return encode.Unsat, nil, nil
	}
	var st gs.Status = gs.Sat
	var gm []bool
	if s.e != nil {
		e := s.e // the closure may outlive s's fields (lockedCtx)
		abandoned, err := lockedCtx(ctx, func() {
			st = e.Solve()
			if st == gs.Sat {
				gm = e.Model()
			}
		})
		if abandoned {
			s.abandoned = true
		}
		if err != nil {
			return encode.Unknown, nil, err
		}
	}
	switch st {
	case gs.Unsat:
		return encode.Unsat, nil, nil
	case gs.Sat:
	default:
		return encode.Unknown, nil, fmt.Errorf("gophersat gave up (status %d)", int(st))
	}
	model, err := s.dimacsModel(gm)
	if err != nil {
		return encode.Unknown, nil, err
	}
	if i := s.f.Broken(model); i >= 0 {
		return encode.Unknown, nil, fmt.Errorf("%w: %s is false", ErrBadModel, s.f.Describe(i))
	}
	return encode.Sat, model, nil
}

// dimacsModel returns the model in DIMACS numbering of the loaded
// formula for gophersat's model gm: fixed variables take their value,
// the others gophersat's, and variables in no constraint are false.
func (s *session) dimacsModel(gm []bool) ([]bool, error) {
	model := make([]bool, s.f.NumVars+1)
	for v := 1; v < len(model); v++ {
		switch {
		case s.val[v] != 0:
			model[v] = s.val[v] > 0
		case s.rep[v] != 0:
			g := s.rep[v]
			if int(abs32(g)) > len(gm) {
				return nil, fmt.Errorf("%w: model has %d variables, want %d", ErrBadModel, len(gm), s.nbVars)
			}
			model[v] = gm[abs32(g)-1] != (g < 0)
		}
	}
	return model, nil
}

func abs32(x int32) int32 {
	if x < 0 {
		return -x
	}
	return x
}

// Check returns the index of the first constraint of f that model breaks,
// counting the clauses, then the cardinality constraints, then the sums
// (encode.Formula.Broken), or −1 if model satisfies every one. model[v] is
// the value of DIMACS variable v; a variable beyond len(model) counts as
// false.
func Check(f *encode.Formula, model []bool) int { return f.Broken(model) }

// Solve runs gophersat on f and returns Sat with a checked model or Unsat.
// It returns an error, with Status Unknown, for a malformed formula
// (ErrFormula), a panic inside gophersat (ErrPanic), a model that breaks a
// constraint (ErrBadModel), or a ctx already done when Solve is called
// (the ctx's error). A solve cannot be interrupted once started
// (gophersat has no way to stop): if ctx ends meanwhile the finished
// result is returned; but under a ctx of WithAbandon, Solve returns ctx's
// error at once, and sv starts afresh on its next formula (lockedCtx).
func (sv *Solver) Solve(ctx context.Context, f *encode.Formula) (Result, error) {
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}
	defer sv.s.release()
	if err := sv.s.load(f); err != nil {
		return Result{}, err
	}
	if err := sv.start(); err != nil {
		return Result{}, err
	}
	st, model, err := sv.next(ctx)
	if err != nil {
		return Result{}, err
	}
	res := Result{Status: st, Model: model}
	if sv.s.e != nil {
		res.Decisions, res.Conflicts = sv.s.e.Counters()
	}
	return res, nil
}

// Solve is Solver.Solve on a fresh Solver.
func Solve(ctx context.Context, f *encode.Formula) (Result, error) {
	var sv Solver
	return sv.Solve(ctx, f)
}
