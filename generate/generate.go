package generate

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/engine"
	"github.com/satdoku/satdoku/fallback"
	"github.com/satdoku/satdoku/variant"
)

// Errors of the generator; test with errors.Is.
var (
	// ErrGivens reports bounds on the givens that no puzzle met within the
	// attempts allowed (Options.Attempts).
	ErrGivens = errors.New("no puzzle within the givens bounds")
	// ErrRejected reports that the rater accepted no puzzle within the
	// attempts allowed.
	ErrRejected = errors.New("no puzzle the rater accepts")
	// ErrProof reports a puzzle that the engines did not both prove unique:
	// a bug in the generator or an engine, never an expected outcome.
	ErrProof = errors.New("generated puzzle not proven unique")
	// ErrOptions reports options that make no sense together.
	ErrOptions = errors.New("bad generator options")
)

// Options describe the puzzles to make. The zero value (after Shape is set)
// makes minimal classic puzzles with no symmetry.
type Options struct {
	// Shape is the board's shape: board.Classic for 9×9, board.Square(2)
	// for 4×4, a 2×3 shape for 6×6, and so on.
	Shape board.Shape
	// Symmetry is the symmetry of the pattern of givens.
	Symmetry Symmetry
	// NotMinimal stops removing givens once at most MaxGivens are left,
	// instead of trying every given (or symmetric group): the puzzle is
	// unique but some given may be removable. Needs MaxGivens.
	NotMinimal bool
	// MinGivens and MaxGivens bound the number of givens (0: no bound).
	// A minimal puzzle outside them is drawn again (Attempts bounds how
	// often); without minimality, removing stops at MaxGivens and never goes
	// below MinGivens.
	MinGivens, MaxGivens int
	// Jigsaw makes random connected regions (RandomRegions) for each puzzle
	// instead of boxes.
	Jigsaw bool
	// Rules are global rules every puzzle carries, as variant.ParseRules
	// reads them: diagonals, anti-knight, anti-king, nonconsecutive,
	// disjoint groups, windoku.
	Rules []variant.Rule
	// Attempts bounds how many solutions are drawn for one puzzle before
	// giving up on the givens bounds or the rater (0: 1000).
	Attempts int
	// Rater, if not nil, rates each puzzle and may reject it (drawn again).
	Rater Rater
	// ProveMinimal proves each minimal puzzle minimal a second time, with
	// an engine other than the one that removed its givens: without each
	// symmetric group, the generator's own solver (on classic boards) or
	// the backtracker (on jigsaw regions and rules) must find two
	// solutions. One pass of removals is already a proof (see remove);
	// this makes it independent of the engine of that pass, at about twice
	// the cost.
	ProveMinimal bool
	// NoSATProof leaves out the SAT engine's proof of uniqueness of each
	// finished puzzle (the backtracker's is always made). For benchmarks
	// that measure the generator alone.
	NoSATProof bool
}

// Rater rates a finished puzzle and decides whether it is wanted: the hook
// for the logical solver's difficulty (an SE-scale rating, a level, the
// techniques its path uses). Rate is called with each unique puzzle the
// generator finishes, from several goroutines at once; a puzzle it does not
// accept is thrown away and another is drawn (Options.Attempts bounds how
// many). The rating is printed beside the puzzle.
type Rater interface {
	Rate(ctx context.Context, p *variant.Puzzle, solution *board.Board) (rating string, accept bool, err error)
}

// Puzzle is one generated puzzle.
type Puzzle struct {
	// Index is the puzzle's number in its run, from 1; with the seed it
	// decides the puzzle.
	Index int
	// Puzzle holds the givens, the regions (jigsaw) and the rules.
	Puzzle *variant.Puzzle
	// Solution is its one solution.
	Solution *board.Board
	// Givens is the number of givens.
	Givens int
	// Symmetry is the symmetry of the givens (the one drawn, for Random).
	Symmetry Symmetry
	// Rating is the rater's rating; empty without a rater.
	Rating string
	// Attempts is the number of solutions drawn to make it (1: the first
	// one gave it).
	Attempts int
	// Checks is the number of uniqueness checks made while removing givens.
	Checks int
}

// Generator makes puzzles. It is safe for concurrent use: each call to
// Generate takes its own scratch space.
type Generator struct {
	opts   Options
	seed   uint64
	engine *engine.Engine
	layout *core     // the core of the boxes' layout, cloned by each call
	orbits [][][]int // by symmetry (Random aside), read only
}

// New returns a generator of puzzles with the given options, whose puzzle
// i is decided by seed and i alone (math/rand/v2's PCG seeded with
// (seed, i)), the same on every machine.
func New(o Options, seed uint64) (*Generator, error) {
	if !o.Shape.Valid() {
		return nil, fmt.Errorf("%w: invalid shape %v", ErrOptions, o.Shape)
	}
	if o.Symmetry < None || o.Symmetry > Random {
		return nil, fmt.Errorf("%w: unknown symmetry %d", ErrOptions, int(o.Symmetry))
	}
	n := o.Shape.Cells()
	if o.MinGivens < 0 || o.MaxGivens < 0 || o.MaxGivens > n || o.MinGivens > n || o.MaxGivens > 0 && o.MinGivens > o.MaxGivens {
		return nil, fmt.Errorf("%w: givens %d..%d on a board of %d cells", ErrOptions, o.MinGivens, o.MaxGivens, n)
	}
	if o.NotMinimal && o.MaxGivens == 0 {
		return nil, fmt.Errorf("%w: a puzzle that need not be minimal needs a largest number of givens", ErrOptions)
	}
	if o.Attempts <= 0 {
		o.Attempts = 1000
	}
	g := &Generator{opts: o, seed: seed}
	if o.Jigsaw && o.Shape.Side() < 4 {
		return nil, fmt.Errorf("%w: jigsaw regions need a side of 4 or more", ErrOptions)
	}
	// Check the rules once, on the boxes: a rule the core cannot take is
	// refused before any work.
	for sym := None; sym < Random; sym++ {
		g.orbits = append(g.orbits, sym.Orbits(o.Shape.Side()))
	}
	var err error
	if g.layout, err = newCore(o.Shape, nil, o.Rules); err != nil {
		return nil, err
	}
	if g.engine, err = engine.New(engine.Options{Kind: engine.SAT, Limit: 2}); err != nil {
		return nil, err
	}
	return g, nil
}

// Options returns the generator's options (Attempts filled in).
func (g *Generator) Options() Options { return g.opts }

// solutionBudget bounds the search nodes of one random solution: an empty
// grid fills with little backtracking, and a search that wanders (a jigsaw
// whose regions admit no solution, a large board) is cut and drawn again.
func solutionBudget(n int) int64 { return int64(200 * n * n) }

// Generate makes puzzle i (from 1). The same generator options, seed and i
// give the same puzzle on every machine. ctx bounds the work: when it ends,
// Generate returns its error.
func (g *Generator) Generate(ctx context.Context, i int) (*Puzzle, error) {
	o := g.opts
	rng := rand.New(rand.NewPCG(g.seed, uint64(i)))
	n := o.Shape.Side()
	var k *core
	var regions []int
	if !o.Jigsaw {
		k = g.layout.clone()
	}
	checks := 0
	for attempt := 1; attempt <= o.Attempts; attempt++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		sym := o.Symmetry
		if sym == Random {
			sym = Symmetry(rng.IntN(int(Random)))
		}
		var sol []uint8
		var ok bool
		var err error
		if o.Jigsaw {
			regions, sol, k, ok, err = g.jigsaw(ctx, rng)
		} else {
			sol, ok, err = k.randomSolution(ctx, rng, make([]uint8, n*n), solutionBudget(n))
		}
		if errors.Is(err, errBudget) || err == nil && !ok {
			continue // a search that wandered, or regions that lost their solution
		}
		if err != nil {
			return nil, err
		}
		var check checker = k
		if regions == nil && len(o.Rules) == 0 {
			check = &classicChecker{s: fallback.NewSolver(), shape: o.Shape}
		}
		givens, c, err := g.remove(ctx, check, rng, sol, sym)
		checks += c
		if err != nil {
			return nil, err
		}
		count := countGivens(givens)
		if o.MinGivens > 0 && count < o.MinGivens || o.MaxGivens > 0 && count > o.MaxGivens {
			continue
		}
		p := &variant.Puzzle{Givens: &board.Board{Shape: o.Shape, Cells: givens}, Regions: regions, Rules: o.Rules}
		solution := &board.Board{Shape: o.Shape, Cells: sol}
		if err := g.prove(ctx, p, solution); err != nil {
			return nil, err
		}
		if o.ProveMinimal && !o.NotMinimal {
			if err := g.proveMinimal(ctx, p, check, k, sym); err != nil {
				return nil, err
			}
		}
		out := &Puzzle{Index: i, Puzzle: p, Solution: solution, Givens: count, Symmetry: sym, Attempts: attempt, Checks: checks}
		if o.Rater != nil {
			rating, accept, err := o.Rater.Rate(ctx, p, solution)
			if err != nil {
				return nil, fmt.Errorf("rating puzzle %d: %w", i, err)
			}
			if !accept {
				continue
			}
			out.Rating = rating
		}
		return out, nil
	}
	if o.Rater != nil {
		return nil, fmt.Errorf("puzzle %d: %w in %d attempts", i, ErrRejected, o.Attempts)
	}
	return nil, fmt.Errorf("puzzle %d: %w (%d..%d) in %d attempts", i, ErrGivens, o.MinGivens, o.MaxGivens, o.Attempts)
}

// jigsaw draws random regions and a solution in them: a solution on the
// boxes, regions around it (RandomRegions), then, if a bounded search finds
// one, a fresh random solution in those regions, so that the solution owes
// nothing to the boxes it started from. It returns the regions, the
// solution and the core of the layout; false when the regions lost the
// first solution (disjoint groups follow the regions) and no other was
// found.
func (g *Generator) jigsaw(ctx context.Context, rng *rand.Rand) ([]int, []uint8, *core, bool, error) {
	o := g.opts
	n := o.Shape.Side()
	first, ok, err := g.layout.clone().randomSolution(ctx, rng, make([]uint8, n*n), solutionBudget(n))
	if err != nil || !ok {
		return nil, nil, nil, false, err
	}
	regions := RandomRegions(rng, &board.Board{Shape: o.Shape, Cells: first})
	k, err := newCore(o.Shape, regions, o.Rules)
	if err != nil {
		return nil, nil, nil, false, err
	}
	sol, ok, err := k.randomSolution(ctx, rng, make([]uint8, n*n), int64(20*n*n))
	switch {
	case ok:
		return regions, sol, k, true, nil
	case err != nil && !errors.Is(err, errBudget):
		return nil, nil, nil, false, err
	}
	p := &variant.Puzzle{Givens: board.New(o.Shape), Regions: regions, Rules: o.Rules}
	if variant.Check(p, &board.Board{Shape: o.Shape, Cells: first}) != nil {
		return nil, nil, nil, false, nil
	}
	return regions, first, k, true, nil
}

// remove takes givens away from the full grid sol, one symmetric group at a
// time in random order, each kept away only when the puzzle stays unique.
// It returns the givens and the number of uniqueness checks made.
//
// Why one pass gives a minimal puzzle: a group put back at some step was
// needed then (without it the puzzle had a second solution), and the
// givens only shrink after that, so without it the final puzzle has that
// second solution too.
func (g *Generator) remove(ctx context.Context, k checker, rng *rand.Rand, sol []uint8, sym Symmetry) ([]uint8, int, error) {
	o := g.opts
	givens := append([]uint8(nil), sol...)
	orbits := append([][]int(nil), g.orbits[sym]...)
	rng.Shuffle(len(orbits), func(a, b int) { orbits[a], orbits[b] = orbits[b], orbits[a] })
	left := len(givens)
	checks := 0
	for _, orbit := range orbits {
		if o.NotMinimal && left <= o.MaxGivens {
			break
		}
		if o.NotMinimal && left-len(orbit) < o.MinGivens {
			continue
		}
		for _, x := range orbit {
			givens[x] = 0
		}
		checks++
		unique, err := k.unique(ctx, givens, sol, orbit)
		if err != nil {
			return nil, checks, err
		}
		if unique {
			left -= len(orbit)
			continue
		}
		for _, x := range orbit {
			givens[x] = sol[x]
		}
	}
	return givens, checks, nil
}

// checker answers the question of the inner loop: is the puzzle still
// unique? Two answer it: the generator's core (any layout it takes) and the
// backtracker of package fallback, which is several times faster on classic
// layouts (its 9×9 solver reasons on bands and stacks) but takes no
// exclusion.
type checker interface {
	unique(ctx context.Context, givens, sol []uint8, removed []int) (bool, error)
}

// classicChecker counts to two with the backtracker, on classic boards.
type classicChecker struct {
	s     *fallback.Solver
	shape board.Shape
}

func (c *classicChecker) unique(ctx context.Context, givens, _ []uint8, _ []int) (bool, error) {
	r, err := c.s.Solve(ctx, &board.Board{Shape: c.shape, Cells: givens}, 2)
	return r.Count == 1, err
}

// unique reports whether givens, of which sol is a solution and which
// differ from a unique puzzle by the blanks at removed, still have sol as
// their only solution. For one cell removed it asks whether any solution
// puts another digit there (a second solution must differ from sol at a
// removed cell); for a group it counts to two.
func (k *core) unique(ctx context.Context, givens, sol []uint8, removed []int) (bool, error) {
	if len(removed) == 1 {
		x := removed[0]
		n, err := k.count(ctx, givens, x, sol[x], 1, 0)
		return n == 0, err
	}
	n, err := k.count(ctx, givens, 0, 0, 2, 0)
	return n == 1, err
}

// prove checks the finished puzzle with the two engines that share no code
// with the generator's core: the backtracker of package fallback and, unless
// Options.NoSATProof, the SAT engine (see proveVariant).
func (g *Generator) prove(ctx context.Context, p *variant.Puzzle, sol *board.Board) error {
	e := g.engine
	if g.opts.NoSATProof {
		e = nil
	}
	return proveVariant(ctx, e, p, sol)
}

// proveMinimal checks that p has a second solution without each group of
// givens of sym, with the engine that did not remove them: the core when
// the backtracker did (check is a classicChecker), else the backtracker.
func (g *Generator) proveMinimal(ctx context.Context, p *variant.Puzzle, check checker, k *core, sym Symmetry) error {
	_, classic := check.(*classicChecker)
	s := fallback.NewSolver()
	for _, orbit := range g.orbits[sym] {
		if p.Givens.Cells[orbit[0]] == 0 {
			continue
		}
		q := *p
		q.Givens = p.Givens.Clone()
		for _, x := range orbit {
			q.Givens.Cells[x] = 0
		}
		var n int
		var err error
		if classic {
			n, err = k.count(ctx, q.Givens.Cells, 0, 0, 2, 0)
		} else {
			var r fallback.Result
			r, err = s.SolveVariant(ctx, &q, 2)
			n = r.Count
		}
		if err != nil {
			return err
		}
		if n < 2 {
			return fmt.Errorf("%w: without %s the puzzle is still unique: not minimal", ErrProof, p.Givens.CellName(orbit[0]))
		}
	}
	return nil
}

func countGivens(cells []uint8) int {
	k := 0
	for _, d := range cells {
		if d != 0 {
			k++
		}
	}
	return k
}
