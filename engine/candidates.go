package engine

import (
	"context"
	"errors"
	"fmt"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/decode"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/variant"
)

// Candidates returns the true candidates of p: for each cell (r·N + c),
// the digits that appear there in at least one solution, as a set (bit
// d−1 for digit d), or nil when p has no solution. A given's set is its
// digit alone.
//
// The answer comes from SAT whatever the engine's kind: the formula of
// encode.Variant, narrowed as SolvePuzzle's SAT engine narrows it (but for
// Both, whose engines stay independent), and solver.Possible, which marks
// every digit of each solution it finds and asks for a solution with a
// digit not yet marked until there is none (for a puzzle with one
// solution, two solves: the solution and the proof that nothing else
// fits). Every solution found is checked with variant.Check before its
// digits count, so each digit reported rests on a checked solution; a
// digit left out rests on gophersat's proof that no solution has it, or
// on the native propagation that narrowed the formula.
//
// It returns an error for a puzzle that is not well formed (as
// SolvePuzzle's Invalid), for a gophersat failure, and the ctx's error
// when ctx ends (between two solves: a gophersat solve cannot be
// stopped). Candidates may be called from several goroutines at once.
func (e *Engine) Candidates(ctx context.Context, p *variant.Puzzle) ([]uint64, error) {
	if p == nil || p.Givens == nil {
		return nil, fmt.Errorf("%w: no puzzle", board.ErrShape)
	}
	if err := p.Validate(); err != nil {
		if errors.Is(err, board.ErrClash) {
			return nil, nil
		}
		return nil, err
	}
	n := p.Side()
	if n > 64 {
		return nil, fmt.Errorf("%w: candidates as 64-bit sets need a side of at most 64", board.ErrShape)
	}
	f, _, err := narrowedFormula(ctx, p, e.opts.Kind != Both)
	if err != nil {
		return nil, err
	}
	lits := make([]encode.Lit, 0, n*n*n)
	for cell := range n * n {
		for d := 1; d <= n; d++ {
			lits = append(lits, encode.Lit(encode.CellVar(n, cell, d)))
		}
	}
	sc := e.takeScratch()
	defer e.scratch.Put(sc)
	possible, status, err := sc.sat.Possible(ctx, f, lits, func(model []bool) error {
		_, err := decode.Variant(p, model)
		return err
	})
	if err != nil {
		return nil, err
	}
	if status != encode.Sat {
		return nil, nil
	}
	sets := make([]uint64, n*n)
	for i, ok := range possible {
		if ok {
			sets[i/n] |= 1 << (i % n)
		}
	}
	return sets, nil
}

// BoardCandidates returns the true candidates of a classic puzzle, as
// Candidates does for a variant one.
func (e *Engine) BoardCandidates(ctx context.Context, b *board.Board) ([]uint64, error) {
	return e.Candidates(ctx, &variant.Puzzle{Givens: b})
}

// withCandidates adds the true candidates of p to res, a solved result
// (Options.Candidates). Candidates that run out of ctx make res a Timeout,
// candidates that fail make it Failed, and so do candidates that leave
// out a digit of the solution found (with ErrDisagree): what was asked was
// not found, or the two answers cannot both be right.
func (e *Engine) withCandidates(ctx context.Context, res Result, p *variant.Puzzle) Result {
	cs, err := e.Candidates(ctx, p)
	switch {
	case err != nil && ctx.Err() != nil:
		res.Status, res.Err = Timeout, fmt.Errorf("true candidates: %w", ctx.Err())
		return res
	case err != nil:
		res.Status, res.Err = Failed, fmt.Errorf("true candidates: %w", err)
		return res
	}
	for i, d := range res.Solution.Cells {
		if cs == nil || cs[i]&(1<<(d-1)) == 0 {
			res.Status, res.Err = Failed, fmt.Errorf("true candidates leave out the solution's %s=%d: %w", res.Solution.CellName(i), d, ErrDisagree)
			return res
		}
	}
	res.Candidates = cs
	return res
}
