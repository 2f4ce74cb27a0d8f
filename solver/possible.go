package solver

import (
	"context"
	"fmt"

	gs "github.com/crillab/gophersat/solver"

	"github.com/satdoku/satdoku/encode"
)

// Possible reports, for each literal of lits, whether some model of f
// makes it true: for a Sudoku formula and the literals "cell c holds d",
// the true candidates of every cell (the digits that appear there in at
// least one solution).
//
// It does not ask about each literal in turn. Each model found marks
// every literal it makes true; the next solve asks for a model that makes
// at least one literal still unmarked true (one clause appended to the
// same gophersat solver), until none exists. Every solve but the last
// marks one literal or more, and the last proves all those left
// impossible at once: for a formula with one model, two solves. The
// appended clauses never cut a model that matters: each is implied by the
// next (its literals are a superset of the next one's), so the formula
// solved is always f plus the latest clause. Literals that the top-level
// propagation decides (see the package documentation) need no solve.
//
// visit, if not nil, is called with each model found (already checked
// against every constraint of f; model[v] is variable v, index 0 unused)
// and may reject it with an error, which Possible returns. status is Sat
// when f has a model, Unsat (with every literal impossible) when it has
// none. The ctx is checked between solves; when it ends Possible returns
// its error. It also returns the errors of Solve.
func (sv *Solver) Possible(ctx context.Context, f *encode.Formula, lits []encode.Lit, visit func(model []bool) error) (possible []bool, status encode.Status, err error) {
	if err := ctx.Err(); err != nil {
		return nil, encode.Unknown, err
	}
	s := &sv.s
	defer s.release()
	if err := s.load(f); err != nil {
		return nil, encode.Unknown, err
	}
	for _, l := range lits {
		if l == 0 || l.Var() > f.NumVars {
			return nil, encode.Unknown, fmt.Errorf("%w: literal %d (NumVars %d)", ErrFormula, l, f.NumVars)
		}
	}
	possible = make([]bool, len(lits))
	if s.unsat {
		return possible, encode.Unsat, nil
	}
	if err := sv.start(); err != nil {
		return nil, encode.Unknown, err
	}
	// open lists the literals still to decide: in the problem gophersat
	// solves, and not yet true in a model.
	open := make([]int, 0, len(lits))
	free := false // some literal is on a variable no constraint holds
	for i, l := range lits {
		switch v := l.Var(); {
		case s.val[v] != 0: // decided at the top level: possible iff true
			possible[i] = (s.val[v] > 0) == (l > 0)
		case s.rep[v] == 0: // in no constraint: either value fits a model
			free = true
		default:
			open = append(open, i)
		}
	}
	status = encode.Unsat
	var clause []gs.Lit
	for {
		if err := ctx.Err(); err != nil {
			return nil, encode.Unknown, err
		}
		st, model, err := sv.next(ctx)
		if err != nil {
			return nil, encode.Unknown, err
		}
		if st == encode.Unsat {
			break
		}
		if visit != nil {
			if err := visit(model); err != nil {
				return nil, encode.Unknown, err
			}
		}
		status = encode.Sat
		k := 0
		clause = clause[:0]
		for _, i := range open {
			l := lits[i]
			if model[l.Var()] == (l > 0) {
				possible[i] = true
				continue
			}
			open[k] = i
			k++
			g := s.rep[l.Var()]
			if l < 0 {
				g = -g
			}
			clause = append(clause, gs.IntToLit(g))
		}
		open = open[:k]
		if len(open) == 0 || s.e == nil {
			break
		}
		c := gs.NewClause(append([]gs.Lit(nil), clause...))
		if err := locked(func() { s.e.AppendClause(c) }); err != nil {
			return nil, encode.Unknown, err
		}
	}
	if status == encode.Unsat {
		clear(possible)
		return possible, encode.Unsat, nil
	}
	if free {
		for i, l := range lits {
			if s.val[l.Var()] == 0 && s.rep[l.Var()] == 0 {
				possible[i] = true
			}
		}
	}
	return possible, encode.Sat, nil
}

// Possible is Solver.Possible on a fresh Solver.
func Possible(ctx context.Context, f *encode.Formula, lits []encode.Lit, visit func(model []bool) error) ([]bool, encode.Status, error) {
	var sv Solver
	return sv.Possible(ctx, f, lits, visit)
}
