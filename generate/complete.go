package generate

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/engine"
	"github.com/satdoku/satdoku/fallback"
	"github.com/satdoku/satdoku/variant"
)

// ErrNoCompletion reports a layout that no set of givens makes unique: it
// has no solution at all (the error says which givens and rules admit
// none), or the target solution asked for is not one of its solutions.
var ErrNoCompletion = errors.New("no givens make this layout unique")

// CompleteOptions control Complete.
type CompleteOptions struct {
	// Allowed, if not nil, marks (per cell, r·N + c) the cells the setter
	// allows givens in. Givens go there whenever one of them tells the two
	// solutions at hand apart; only when none does is a given put
	// elsewhere (Completion.OutsideAllowed).
	Allowed []bool
	// Target, if not nil, is the solution the puzzle must end with (it must
	// solve the layout); nil takes the first solution found.
	Target *board.Board
	// Seed decides the random choices: the same layout, options and seed
	// give the same givens.
	Seed uint64
	// Tries is how many greedy runs are made, the fewest givens kept
	// (0: 8).
	Tries int
}

// Completion is a layout made unique.
type Completion struct {
	// Puzzle is the layout with the givens added.
	Puzzle *variant.Puzzle
	// Solution is its one solution.
	Solution *board.Board
	// Added lists the cells (r·N + c) of the givens added, in cell order.
	Added []int
	// OutsideAllowed reports that some given had to go outside the cells
	// allowed (CompleteOptions.Allowed).
	OutsideAllowed bool
	// Redundant lists the indexes into Puzzle.Rules of the rules whose
	// removal leaves the completed puzzle unique: they do no work.
	Redundant []int
	// Counts is the number of solution counts made.
	Counts int
}

// Complete adds givens to the layout p (its rules, regions and any givens
// it has) so that it has exactly one solution: a minimal set of added
// givens (none can be taken away without a second solution), and the
// smallest that Tries greedy runs find. Each run takes two solutions,
// gives a cell where they differ the target's digit (preferring allowed
// cells, at random among them), and repeats until one solution is left;
// then it takes away, in random order, each added given the puzzle stays
// unique without. The finished puzzle is proven unique by the backtracker
// and the SAT engine, and each of its rules is tried without: those it
// stays unique without are listed as redundant.
//
// A layout with no solution is an error matching ErrNoCompletion that names
// a minimal set of its givens and rules that admits none. ctx bounds the
// work (a SAT solve already running ends before ctx is looked at).
func Complete(ctx context.Context, p *variant.Puzzle, o CompleteOptions) (*Completion, error) {
	if err := p.Validate(); err != nil {
		var clash *board.ClashError
		if errors.As(err, &clash) {
			return nil, fmt.Errorf("%w: the layout has no solution, so every given added keeps it so (givens clash: %v)", ErrNoCompletion, err)
		}
		return nil, err
	}
	if o.Tries <= 0 {
		o.Tries = 8
	}
	n := p.Givens.Shape.Cells()
	if o.Allowed != nil && len(o.Allowed) != n {
		return nil, fmt.Errorf("%w: %d allowed marks for %d cells", ErrOptions, len(o.Allowed), n)
	}
	cnt, err := newCounter()
	if err != nil {
		return nil, err
	}
	k, sols, err := cnt.count(ctx, p)
	if err != nil {
		return nil, err
	}
	if k == 0 {
		return nil, noSolution(ctx, p)
	}
	target := sols[0]
	if o.Target != nil {
		if err := variant.Check(p, o.Target); err != nil {
			return nil, fmt.Errorf("%w: the target is no solution: %v", ErrNoCompletion, err)
		}
		target = o.Target
	}
	rng := rand.New(rand.NewPCG(o.Seed, 0x636f6d706c657465)) // "complete"
	var best *Completion
	for try := 0; try < o.Tries; try++ {
		c, err := completeOnce(ctx, cnt, rng, p, target, o.Allowed)
		if err != nil {
			return nil, err
		}
		if best == nil || len(c.Added) < len(best.Added) {
			best = c
		}
		if len(best.Added) == 0 {
			break
		}
	}
	best.Counts = cnt.counts
	if err := proveVariant(ctx, cnt.engine, best.Puzzle, best.Solution); err != nil {
		return nil, err
	}
	for i := range best.Puzzle.Rules {
		q := *best.Puzzle
		q.Rules = append(append([]variant.Rule{}, q.Rules[:i]...), q.Rules[i+1:]...)
		k, _, err := cnt.count(ctx, &q)
		if err != nil {
			return nil, err
		}
		if k == 1 {
			best.Redundant = append(best.Redundant, i)
		}
	}
	best.Counts = cnt.counts
	return best, nil
}

// completeOnce is one greedy run of Complete.
func completeOnce(ctx context.Context, cnt *counter, rng *rand.Rand, p *variant.Puzzle, target *board.Board, allowed []bool) (*Completion, error) {
	q := *p
	q.Givens = p.Givens.Clone()
	c := &Completion{Puzzle: &q, Solution: target}
	var added []int
	for {
		k, sols, err := cnt.count(ctx, &q)
		if err != nil {
			return nil, err
		}
		if k == 1 {
			break
		}
		other := sols[0]
		if other.Equal(target) {
			other = sols[1]
		}
		var in, out []int
		for _, x := range board.Diff(target, other) {
			if allowed == nil || allowed[x] {
				in = append(in, x)
			} else {
				out = append(out, x)
			}
		}
		pick := in
		if len(in) == 0 {
			pick = out
			c.OutsideAllowed = true
		}
		x := pick[rng.IntN(len(pick))]
		q.Givens.Cells[x] = target.Cells[x]
		added = append(added, x)
	}
	// Take away each added given the puzzle stays unique without.
	rng.Shuffle(len(added), func(a, b int) { added[a], added[b] = added[b], added[a] })
	var kept []int
	for _, x := range added {
		q.Givens.Cells[x] = 0
		k, _, err := cnt.count(ctx, &q)
		if err != nil {
			return nil, err
		}
		if k == 1 {
			continue
		}
		q.Givens.Cells[x] = target.Cells[x]
		kept = append(kept, x)
	}
	sortInts(kept)
	c.Added = kept
	c.OutsideAllowed = false
	if allowed != nil {
		for _, x := range kept {
			if !allowed[x] {
				c.OutsideAllowed = true
			}
		}
	}
	return c, nil
}

// noSolution explains why p has no solution, as an error matching
// ErrNoCompletion.
func noSolution(ctx context.Context, p *variant.Puzzle) error {
	e, err := engine.New(engine.Options{Kind: engine.SAT, Explain: true})
	if err != nil {
		return err
	}
	r := e.SolvePuzzle(ctx, p)
	var why string
	switch {
	case len(r.Clashes) > 0:
		var cs []string
		for _, c := range r.Clashes {
			cs = append(cs, c.Error())
		}
		why = "givens clash: " + strings.Join(cs, "; ")
	case len(r.Conflict)+len(r.ConflictRules) > 0:
		why = "these admit no completion together: " + strings.Join(engine.ConflictNames(p, r.Conflict, r.ConflictRules), ", ")
	default:
		why = "it has no solution"
	}
	return fmt.Errorf("%w: the layout has no solution, so every given added keeps it so (%s)", ErrNoCompletion, why)
}

// counter counts a puzzle's solutions to two: the backtracker on classic
// layouts (no rules, the boxes), where it is fastest, and the SAT engine on
// everything else, where sums and lines make the backtracker's search long.
type counter struct {
	engine *engine.Engine
	s      *fallback.Solver
	counts int
}

func newCounter() (*counter, error) {
	e, err := engine.New(engine.Options{Kind: engine.SAT, Limit: 2})
	if err != nil {
		return nil, err
	}
	return &counter{engine: e, s: fallback.NewSolver()}, nil
}

// count returns min(2, the number of solutions of p) and the solutions
// found.
func (c *counter) count(ctx context.Context, p *variant.Puzzle) (int, []*board.Board, error) {
	c.counts++
	if p.Regions == nil && len(p.Rules) == 0 {
		r, err := c.s.Solve(ctx, p.Givens, 2)
		return r.Count, r.Solutions, err
	}
	r := c.engine.SolvePuzzle(ctx, p)
	switch r.Status {
	case engine.Solved:
		sols := []*board.Board{r.Solution}
		if r.Second != nil {
			sols = append(sols, r.Second)
		}
		if r.Count >= 2 && len(sols) < 2 {
			return 0, nil, fmt.Errorf("%w: the SAT engine counted 2 solutions but gave one", ErrProof)
		}
		return min(r.Count, 2), sols, nil
	case engine.NoSolution:
		return 0, nil, nil
	}
	if err := ctx.Err(); err != nil {
		return 0, nil, err
	}
	if r.Err != nil {
		return 0, nil, r.Err
	}
	return 0, nil, fmt.Errorf("counting solutions: %v", r.Status)
}

// proveVariant proves p unique with solution sol: variant.Check judges
// sol, and the backtracker and the SAT engine e (which counts to two; nil:
// the backtracker alone) must each find exactly one solution, sol.
func proveVariant(ctx context.Context, e *engine.Engine, p *variant.Puzzle, sol *board.Board) error {
	if err := variant.Check(p, sol); err != nil {
		return fmt.Errorf("%w: %v", ErrProof, err)
	}
	var r fallback.Result
	var err error
	if p.Regions == nil && len(p.Rules) == 0 {
		r, err = fallback.NewSolver().Solve(ctx, p.Givens, 2)
	} else {
		r, err = fallback.NewSolver().SolveVariant(ctx, p, 2)
	}
	if err != nil {
		return err
	}
	if r.Count != 1 || !r.Solutions[0].Equal(sol) {
		return fmt.Errorf("%w: the backtracker counts %d solutions", ErrProof, r.Count)
	}
	if e == nil {
		return nil
	}
	res := e.SolvePuzzle(ctx, p)
	if res.Status != engine.Solved || res.Count != 1 || !res.Solution.Equal(sol) || res.Engine != "sat" {
		if err := ctx.Err(); err != nil {
			return err
		}
		return fmt.Errorf("%w: the SAT engine says %v with %d solutions (answered by %s%s)", ErrProof, res.Status, res.Count, res.Engine, res.Fallback)
	}
	return nil
}
