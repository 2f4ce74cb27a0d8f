package engine

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/fallback"
	"github.com/satdoku/satdoku/variant"
)

// SolvePuzzle solves a variant puzzle (givens, regions and rules) with the
// engine's kind, as Solve does a classic board, and checks every solution
// it returns with variant.Check:
//
//   - SAT: the formula of encode.Variant, narrowed by the backtracker's
//     propagation without search (unit clauses for the candidates it rules
//     out), solved (or counted to Limit) by gophersat, each model decoded
//     with decode.Variant; if gophersat fails or hands back a model that
//     is not a solution, the backtracker answers instead (Result.Fallback
//     says why).
//   - Backtrack: fallback.Solver.SolveVariant, the native solver with its
//     own pruning per rule.
//   - Both: the two, run at once (on two goroutines: a variant puzzle
//     takes milliseconds or more), compared: the same status, the same
//     count, and for a puzzle with one solution the same grid; else
//     Failed with ErrDisagree. SAT's formula is not narrowed here, so that
//     the two engines share no reasoning.
//   - External: the formula written as DIMACS (its cardinality constraints
//     and sums expanded into clauses, Options.Encoding.AMO choosing the
//     at-most-one encoding) for the external solver, counting with
//     blocking clauses over the primary variables.
//
// A no-solution answer of SAT or an external solver is confirmed by the
// backtracker within the confirmation budget, on every size (see
// Options.ConfirmBudget). With Options.Explain a puzzle with no solution
// gets Result.Clashes (givens that clash in a row, column or region) or a
// minimal set of givens and rules that admits no completion
// (Result.Conflict and Result.ConflictRules; ConflictNames names them).
//
// Solve and SolvePuzzle are one pipeline; a puzzle with no rules whose
// regions are the boxes of its shape is a classic puzzle, and takes its
// classic fast path (Solve's propagation, formula and backtracker), at
// Solve's speed. A puzzle that is not well formed (see
// variant.Puzzle.Validate), or that has a rule type an engine does not
// know, is Invalid.
//
// SolvePuzzle may be called from several goroutines at once.
func (e *Engine) SolvePuzzle(ctx context.Context, p *variant.Puzzle) Result {
	switch {
	case p == nil:
		return e.run(ctx, puzzle{v: &variant.Puzzle{}}) // Invalid: no puzzle
	case p.Givens != nil && classic(p):
		return e.run(ctx, puzzle{b: p.Givens})
	}
	return e.run(ctx, puzzle{b: p.Givens, v: p})
}

// classic reports whether p is a classic puzzle: no rules, and regions
// that are the boxes of its shape (whatever their labels).
func classic(p *variant.Puzzle) bool {
	if len(p.Rules) > 0 {
		return false
	}
	if p.Regions == nil {
		return true
	}
	s := p.Givens.Shape
	n := s.Side()
	if !s.Valid() || len(p.Regions) != n*n {
		return false
	}
	boxOf := make([]int, n) // region label → box, plus one
	for i, l := range p.Regions {
		if l < 0 || l >= n {
			return false
		}
		box := s.Box(i/n, i%n) + 1
		switch boxOf[l] {
		case 0:
			boxOf[l] = box
		case box:
		default:
			return false
		}
	}
	return true
}

// narrowedFormula returns the formula of p (encode.Variant's) and, with
// narrow, a unit clause for each candidate that the backtracker's
// propagation rules out without search: every rule's propagator, hidden
// singles, locked candidates, then failed-literal probing
// (fallback.PruneVariant). Those deductions cost about a millisecond
// natively but are out of unit propagation's reach in the formula (a
// sum's bounds, a digit a cage needs), and gophersat finds them only by
// search: on the 70 public 9×9 puzzles of the corpus they decide 56
// outright, and a proof of uniqueness then costs no more than the solve.
// gophersat still solves the whole formula, so every answer also
// satisfies every constraint of the encoding. The stage is
// encode.StageProbing when they decide every cell, else
// encode.StageSearch. When they find a contradiction, the formula is
// left whole, so that gophersat proves it.
func narrowedFormula(ctx context.Context, p *variant.Puzzle, narrow bool) (*encode.Formula, encode.Stage, error) {
	f, err := encode.Variant(p)
	if err != nil || !narrow {
		return f, encode.StageSearch, err
	}
	masks, ok, err := fallback.PruneVariant(ctx, p, true)
	if err != nil || !ok {
		return f, encode.StageSearch, nil
	}
	n := p.Side()
	open := false
	for cell, m := range masks {
		open = open || m&(m-1) != 0
		for d := 1; d <= n; d++ {
			if m&(1<<(d-1)) == 0 {
				f.Add(encode.Lit(-encode.CellVar(n, cell, d)))
			}
		}
	}
	if open {
		return f, encode.StageSearch, nil
	}
	return f, encode.StageProbing, nil
}

// Clashes returns every pair of givens of p that hold the same digit in a
// row, a column or a region (p's regions, which may be irregular), each
// pair once, in cell order, naming the first unit they share ("row 3",
// "column 7", "box 2", or "region 4" for irregular regions).
func Clashes(p *variant.Puzzle) []*board.ClashError {
	if p == nil || p.Givens == nil || !p.Givens.Shape.Valid() || len(p.Givens.Cells) != p.Givens.Shape.Cells() ||
		variant.ValidateRegions(p.Side(), p.Regions) != nil {
		return nil
	}
	b := p.Givens
	n := p.Side()
	labels := p.RegionLabels()
	units := p.Units()
	name := func(u int) string {
		switch {
		case u < n:
			return fmt.Sprintf("row %d", u+1)
		case u < 2*n:
			return fmt.Sprintf("column %d", u-n+1)
		case p.Regions == nil:
			return fmt.Sprintf("box %d", labels[units[u][0]]+1)
		}
		return fmt.Sprintf("region %d", labels[units[u][0]]+1)
	}
	var out []*board.ClashError
	seen := map[[2]int]bool{}
	for u, unit := range units {
		for i, a := range unit {
			for _, c := range unit[i+1:] {
				x, y := min(a, c), max(a, c)
				if b.Cells[a] != 0 && b.Cells[a] == b.Cells[c] && !seen[[2]int{x, y}] {
					seen[[2]int{x, y}] = true
					out = append(out, &board.ClashError{Shape: b.Shape, CellA: x, CellB: y, Digit: int(b.Cells[a]), Unit: name(u)})
				}
			}
		}
	}
	slices.SortFunc(out, func(x, y *board.ClashError) int { return cmp.Or(x.CellA-y.CellA, x.CellB-y.CellB) })
	return out
}

// ConflictNames names the elements of a minimal conflict of p as a person
// reads them: first the givens at cells, in rRcC=D notation ("r1c5=7"),
// then each rule of p.Rules at the indexes rules, with its Describe
// ("killer cage r1c1 r1c2 sums to 3"). Pass Result.Conflict and
// Result.ConflictRules.
func ConflictNames(p *variant.Puzzle, cells, rules []int) []string {
	out := GivenNames(p.Givens, cells)
	for _, i := range rules {
		out = append(out, p.Rules[i].Describe(p.Side()))
	}
	return out
}
