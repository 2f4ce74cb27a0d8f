package solver

import (
	"context"
	"fmt"

	gs "github.com/crillab/gophersat/solver"

	"github.com/satdoku/satdoku/encode"
)

// Count finds up to limit models of f that differ on the primary variables
// (1..f.Primary; all variables if Primary is 0). After each model it adds
// a clause blocking that model's set of true primary variables and solves
// again with the same gophersat solver (AppendClause), so each model costs
// about one more solve. It does not use gophersat's CountModels or
// Enumerate, which return duplicates.
//
// Blocking the set of true primary variables (not their full assignment)
// is exact when every model has the same number of true primary variables,
// as every Sudoku encoding does (n² of them: one digit per cell).
//
// Each model is checked against f and against the models before it, so the
// models are valid and pairwise distinct. status
// is Sat if at least one model was found, Unsat if none exists; the models
// are all there are when len(models) < limit. On error (including ctx ending
// between two solves) the models found so far are returned with the error.
func (sv *Solver) Count(ctx context.Context, f *encode.Formula, limit int) (models [][]bool, status encode.Status, err error) {
	if limit < 1 {
		return nil, encode.Unknown, fmt.Errorf("solver.Count: limit %d, want at least 1", limit)
	}
	if err := ctx.Err(); err != nil {
		return nil, encode.Unknown, err
	}
	s := &sv.s
	defer s.release()
	if err := s.load(f); err != nil {
		return nil, encode.Unknown, err
	}
	if err := sv.start(); err != nil {
		return nil, encode.Unknown, err
	}
	primary := f.Primary
	if primary <= 0 || primary > f.NumVars {
		primary = f.NumVars
	}
	seen := make(map[string]bool)
	key := make([]byte, (primary+7)/8)
	for {
		if err := ctx.Err(); err != nil {
			return models, partial(models), err
		}
		st, model, err := sv.next(ctx)
		if err != nil {
			return models, partial(models), err
		}
		if st == encode.Unsat {
			return models, statusOf(models), nil
		}
		clear(key)
		for v := 1; v <= primary; v++ {
			if model[v] {
				key[(v-1)/8] |= 1 << uint((v-1)%8)
			}
		}
		if seen[string(key)] {
			return models, partial(models), fmt.Errorf("%w: model %d repeats an earlier one", ErrBadModel, len(models)+1)
		}
		seen[string(key)] = true
		models = append(models, model)
		if len(models) >= limit {
			return models, encode.Sat, nil
		}
		var lits []gs.Lit
		for v := 1; v <= primary; v++ {
			if model[v] && s.rep[v] != 0 { // a fixed variable is true in every model
				lits = append(lits, gs.IntToLit(-s.rep[v]))
			}
		}
		if len(lits) == 0 || s.e == nil {
			// Every true primary variable is fixed: no other model exists.
			return models, encode.Sat, nil
		}
		if err := locked(func() { s.e.AppendClause(gs.NewClause(lits)) }); err != nil {
			return models, encode.Sat, err
		}
	}
}

// Count is Solver.Count on a fresh Solver.
func Count(ctx context.Context, f *encode.Formula, limit int) ([][]bool, encode.Status, error) {
	var sv Solver
	return sv.Count(ctx, f, limit)
}

func statusOf(models [][]bool) encode.Status {
	if len(models) > 0 {
		return encode.Sat
	}
	return encode.Unsat
}

// partial is the status to return with an error: Sat if a model was found.
func partial(models [][]bool) encode.Status {
	if len(models) > 0 {
		return encode.Sat
	}
	return encode.Unknown
}
