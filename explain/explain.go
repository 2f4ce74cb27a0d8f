package explain

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/fallback"
	"github.com/satdoku/satdoku/logic"
	"github.com/satdoku/satdoku/solver"
)

// Name is the technique name of the SAT step.
const Name = "SAT Step"

// Options configure an Explainer. The zero value is the default.
type Options struct {
	// MaxLevel is the size of the largest sets of instances that the
	// search enumerates (1 to 3; sets of one and two are decided exactly,
	// of three by propagation); 0 means 2. Beyond it the search switches
	// every instance on (see the package documentation).
	MaxLevel int
	// Solution is a solution of the puzzle, each cell's digit (cell
	// order), when the caller already knows one, as the command line does
	// after counting the puzzle's solutions; nil: the Explainer solves
	// the positions itself. It is used while it fits the position (every
	// digit still a candidate), so it must be the only solution for the
	// steps to be the same as without it.
	Solution []int
	// Context, when not nil, bounds the Explainer's searches: once it
	// ends, a step being searched for is given up (no step is found,
	// and no unsound one: what is left undecided is left) and later
	// searches end at once. logic.SolveContext then reports its error.
	// A gophersat solve under way when it ends is left to finish on its
	// own (solver.WithAbandon): the step answers on time.
	Context context.Context
}

// Stats count what an Explainer did, for tests and benchmarks.
type Stats struct {
	// Steps is the number of SAT steps found; Fallback how many of them
	// came from every instance switched on, and MUS how many from
	// solver.MinimalGroupsDecided (mus).
	Steps, Fallback, MUS int
	// Shrunk counts the steps whose set SAT showed not minimal: a
	// cheaper step than the one found existed. Sets of one and two
	// instances are decided exactly, cheapest first, so it stays 0 but
	// for triples found by propagation (Options.MaxLevel 3).
	Shrunk int
	// SATCalls counts the gophersat solves; Work the propagator's literal
	// visits.
	SATCalls int
	Work     int64
	// Trials counts the deletion trials of MUS steps given to the native
	// backtracker, Native those it decided (gophersat solved the others).
	Trials, Native int
	// MUSInstances sums the instances of the steps found by MUS.
	MUSInstances int
	// Narrowed counts the MUS steps searched among the instances the
	// backtracker needs to refute their target (nativeStep), Scans the
	// backtracker's searches that tried a target so, and Reused the MUS
	// trials a solution found by those searches decided.
	Narrowed, Scans, Reused int
	// Nodes sums the backtracker's search nodes, scans and trials: the
	// work of the narrowed MUS steps, the same on any machine.
	Nodes int64
}

// Explainer finds SAT steps on the positions of one puzzle: it holds the
// puzzle's instances and their clauses, built once. It is not safe for
// concurrent use.
type Explainer struct {
	// ctx is Options.Context (Background when nil): the one context of
	// the Explainer's solves, since a logical technique takes none.
	ctx context.Context
	// src is, until ready builds the rest, the grid (its side, houses
	// and puzzle) to build from.
	src         *logic.Grid
	n           int
	houses      int // len(Grid.Houses) of the grid it was built for
	rules       []int
	insts       []Instance
	cs          *clauses
	byInst      [][]int32
	forbid      forbidScratch // housesForbid's tables
	cellClauses [][]int32
	numVars     int
	instOf      [][]int // per cell, the instances touching it
	adj         [][]int // per instance, the instances sharing a cell with it
	prop        *propagator
	sv          solver.Solver
	maxLevel    int
	failed      map[[3]int32]uint64
	order       [2][]candSet // the sets of one and two instances, cheapest first
	models      witnesses
	hard        map[[3]int32]bool // the sets whose search has run out of budget
	budget      int               // decisions left to search
	budgetPer   int               // decisions for one candidate's search: exactBudget
	// sets records the instances of each step found, by its text, for
	// Minimal (the pieces of a split rule share its index in Step.Rules).
	sets     map[string][]int
	solution []int
	scratch  []int // cost's cells, reused
	// formula is satRefutes' formula, reused; negUnit[v] is −v, so that
	// negUnit[v:v+1] is the unit clause of a fact.
	formula encode.Formula
	negUnit []encode.Lit
	// fb decides the deletion trials of MUS steps (decider); pieces[i]
	// reports that instance i is part of a split rule, which fb cannot
	// switch on alone.
	fb     *fallback.Solver
	pieces []bool
	// fbNodes and fbTrials sum the search nodes and count the trials fb
	// decided, for its budget; giveUp, when not nil, is called when fb
	// gives up on a trial (narrowedMUS: it ends the MUS).
	fbNodes  int64
	fbTrials int64
	giveUp   func()
	// trialCap, when positive, caps the node budget of a trial (a test
	// knob: the backtracker then gives up on trials by node count).
	trialCap int64
	// known holds, while narrowedMUS runs, the solutions nativeStep's
	// shrink found for its target with some instances off: a trial whose
	// instances a known solution satisfies needs no search (decider).
	known []knownSolution
	// shrunk holds what nativeStep's shrink found for each target, for
	// the next positions.
	shrunk map[logic.Candidate]shrunkUnits
	// gaveUpOn holds the targets whose narrowed MUS nativeStep gave up.
	gaveUpOn map[logic.Candidate]bool
	// Stats counts the work done so far.
	Stats Stats
}

// New returns the Explainer of g's puzzle: g's houses and each of g.Rules
// as instances. It is an error when a rule cannot be encoded. The
// instances' clauses of a grid without rules (nothing that can fail to
// encode) are built when first needed: a position that a named
// technique settles never pays for them.
func New(g *logic.Grid, opts Options) (*Explainer, error) {
	n := g.N
	x := &Explainer{n: n, houses: len(g.Houses), rules: slices.Clone(g.Rules), maxLevel: opts.MaxLevel, sets: map[string][]int{},
		models: witnesses{}, hard: map[[3]int32]bool{}, budgetPer: exactBudget, ctx: opts.Context}
	if x.ctx == nil {
		x.ctx = context.Background()
	}
	x.ctx = solver.WithAbandon(x.ctx)
	if len(opts.Solution) == n*n {
		x.solution = slices.Clone(opts.Solution)
	}
	if x.maxLevel <= 0 || x.maxLevel > 3 {
		x.maxLevel = 2
	}
	if len(g.Rules) == 0 {
		x.src = &logic.Grid{N: n, Houses: g.Houses, Puzzle: g.Puzzle}
		return x, nil
	}
	if err := x.setUp(g); err != nil {
		return nil, err
	}
	return x, nil
}

// ready builds the instances and their clauses if New left them for
// later.
func (x *Explainer) ready() {
	if x.src != nil {
		g := x.src
		x.src = nil
		_ = x.setUp(g) // no rules: nothing fails
	}
}

// setUp builds the instances of g, their clauses and the tables over
// them.
func (x *Explainer) setUp(g *logic.Grid) error {
	insts, cs, byInst, numVars, err := build(g)
	if err != nil {
		return err
	}
	n := g.N
	x.insts, x.cs, x.byInst, x.numVars = insts, cs, byInst, numVars
	x.failed = make(map[[3]int32]uint64, 8*len(insts))
	// Each cell's clauses, in lists sharing one array: counted, then filled.
	x.cellClauses = make([][]int32, n*n)
	count := make([]int, n*n)
	total := 0
	for _, o := range cs.owner {
		if o < 0 {
			count[-1-o]++
			total++
		}
	}
	all := make([]int32, total)
	off := 0
	for c, k := range count {
		x.cellClauses[c] = all[off : off : off+k]
		off += k
	}
	for c := int32(0); c < int32(cs.len()); c++ {
		if o := cs.owner[c]; o < 0 {
			x.cellClauses[-1-o] = append(x.cellClauses[-1-o], c)
		}
	}
	x.instOf = make([][]int, n*n)
	for i, in := range insts {
		for _, c := range in.Cells {
			x.instOf[c] = append(x.instOf[c], i)
		}
	}
	x.adj = make([][]int, len(insts))
	seen := make([]int, len(insts)) // seen[j] == i+1: j is listed for i
	for i, in := range insts {
		seen[i] = i + 1
		for _, c := range in.Cells {
			for _, j := range x.instOf[c] {
				if seen[j] != i+1 {
					seen[j] = i + 1
					x.adj[i] = append(x.adj[i], j)
				}
			}
		}
		slices.Sort(x.adj[i])
	}
	x.prop = newPropagator(cs, numVars)
	x.orderSets()
	return nil
}

// Instances returns the instances, indexed as the steps' sets are.
func (x *Explainer) Instances() []Instance {
	x.ready()
	return x.insts
}

// fits reports whether g is a position of the puzzle x was built for.
func (x *Explainer) fits(g *logic.Grid) bool {
	return g.N == x.n && len(g.Houses) == x.houses && slices.Equal(g.Rules, x.rules)
}

// Technique returns the SAT step as one technique of package logic, its
// base rating that of a single instance (see Rating): Find.
func (x *Explainer) Technique() logic.Technique {
	return logic.Technique{Name: Name, Rating: Rating(1, 1), Find: x.Find}
}

// Techniques returns the SAT step as two techniques: small, on sets of at
// most Options.MaxLevel instances (FindSmall), and large, on any set
// (FindLarge). Find is the one then the other.
func (x *Explainer) Techniques() (small, large logic.Technique) {
	return logic.Technique{Name: Name, Rating: Rating(1, 1), Find: x.FindSmall},
		logic.Technique{Name: Name, Rating: Rating(x.maxLevel+1, x.maxLevel+1), Find: x.FindLarge}
}

// Rating is the SE-scale rating of a SAT step of k instances of total
// kind weight w: 2.0 for one instance, 1.5 more for each further one,
// plus 0.1 for each weight above one per instance, below the trial's
// rating.
func Rating(k, w int) float64 {
	r := 2.0 + 1.5*float64(k-1) + 0.1*float64(w-k)
	return min(r, logic.TrialRating-0.1)
}

// found is a set of instances and the candidates it eliminates.
type found struct {
	set     []int
	targets []logic.Candidate
	minimal bool // SAT has shown set minimal for targets[0]
}

// cost is the set's cost: instances, kind weight, cells.
func (x *Explainer) cost(set []int) [3]int {
	w := 0
	for _, i := range set {
		w += x.insts[i].Weight
	}
	x.scratch = x.cellsTo(x.scratch[:0], set, nil)
	return [3]int{len(set), w, len(x.scratch)}
}

// option is a set of instances that forbids candidate t, with its cost.
type option struct {
	set  []int
	t    logic.Candidate
	cost [3]int
	// known: solutions of the position with t placed and some of the
	// instances on (nativeStep's shrink), for the MUS's trials.
	known []knownSolution
}

// sortByCost sorts opts cheapest first, keeping the order of equals.
func sortByCost(opts []option) {
	slices.SortStableFunc(opts, func(a, b option) int { return slices.Compare(a.cost[:], b.cost[:]) })
}

// less reports whether cost a is below cost b: fewer instances, then
// less weight, then fewer cells.
func less(a, b [3]int) bool { return slices.Compare(a[:], b[:]) < 0 }

// cells returns the cells the instances of set touch, and extra, sorted.
func (x *Explainer) cells(set []int, extra []int) []int {
	return x.cellsTo(nil, set, extra)
}

// cellsTo is cells appending to out (a buffer to reuse).
func (x *Explainer) cellsTo(out []int, set []int, extra []int) []int {
	for _, i := range set {
		out = append(out, x.insts[i].Cells...)
	}
	out = append(out, extra...)
	slices.Sort(out)
	return slices.Compact(out)
}

// Find returns the cheapest SAT step of g, or none: the technique's
// finder. g must be a position of the puzzle x was built for (else Find
// finds nothing).
func (x *Explainer) Find(g *logic.Grid) []logic.Step {
	if s := x.FindSmall(g); s != nil {
		return s
	}
	return x.FindLarge(g)
}

// FindSmall returns the cheapest SAT step of g on at most
// Options.MaxLevel instances (decided exactly for one and two), or none.
func (x *Explainer) FindSmall(g *logic.Grid) []logic.Step {
	if !x.fits(g) || g.Solved() || x.ctx.Err() != nil {
		return nil
	}
	x.ready()
	x.solutionOf(g)
	for level := 1; level <= x.maxLevel && x.ctx.Err() == nil; level++ {
		if f := x.level(g, level); f != nil {
			return []logic.Step{x.step(g, f)}
		}
	}
	return nil
}

// FindLarge returns a SAT step of g on any set of instances (see the
// package documentation), or none when g has no solution.
func (x *Explainer) FindLarge(g *logic.Grid) []logic.Step {
	if !x.fits(g) || g.Solved() || x.ctx.Err() != nil {
		return nil
	}
	x.ready()
	if s := x.FindSmall(g); s != nil {
		return s
	}
	if x.ctx.Err() != nil {
		return nil
	}
	if f := x.fallback(g); f != nil {
		return []logic.Step{x.step(g, f)}
	}
	return nil
}

// fingerprint hashes the candidates of cells.
func fingerprint(g *logic.Grid, cells []int) uint64 {
	h := uint64(14695981039346656037)
	for _, c := range cells {
		h ^= uint64(g.Cand[c])
		h *= 1099511628211
	}
	return h
}

// candSet is a set of instances that a level tries: its instances,
// sorted, the cells they touch and its key in the caches.
type candSet struct {
	set, cells []int
	key        [3]int32
}

// common appends to dst the cells in both a and b (sorted), in order.
func common(dst, a, b []int) []int {
	for i, j := 0, 0; i < len(a) && j < len(b); {
		switch {
		case a[i] < b[j]:
			i++
		case a[i] > b[j]:
			j++
		default:
			dst = append(dst, a[i])
			i++
			j++
		}
	}
	return dst
}

func keyOf(set []int) [3]int32 {
	key := [3]int32{-1, -1, -1}
	for i, s := range set {
		key[i] = int32(s)
	}
	return key
}

// orderSets fills x.order: every instance, and every pair of instances
// that share two cells or more, each cheapest first by cost. Two
// instances that share at most one cell s cannot forbid together what
// neither forbids alone (and pairs are tried only where no instance
// forbids anything): a model of one holding a candidate puts some digit
// e in s, the other has a model with e in s, and the two agree on the
// only variables they share, s's digits.
func (x *Explainer) orderSets() {
	var sets [2][][]int
	var both []int
	for i := range x.insts {
		sets[0] = append(sets[0], []int{i})
		for _, j := range x.adj[i] {
			if j <= i {
				continue
			}
			if both = common(both[:0], x.insts[i].Cells, x.insts[j].Cells); len(both) >= 2 {
				sets[1] = append(sets[1], []int{i, j})
			}
		}
	}
	for k, ss := range sets {
		slices.SortStableFunc(ss, func(a, b []int) int {
			ca, cb := x.cost(a), x.cost(b)
			switch {
			case less(ca, cb):
				return -1
			case less(cb, ca):
				return 1
			}
			return 0
		})
		for _, set := range ss {
			x.order[k] = append(x.order[k], candSet{set: set, cells: x.cells(set, nil), key: keyOf(set)})
		}
	}
}

// level returns the cheapest set of size k that eliminates a candidate,
// with every candidate it eliminates, or nil. Sets of one and two
// instances are tried cheapest first and decided exactly (forbidden), so
// the first that eliminates anything is the cheapest step of its size;
// but a pair holding a rule on more than N cells, and sets of three, by
// propagation (probe).
func (x *Explainer) level(g *logic.Grid, k int) *found {
	if k == 3 {
		return x.triples(g)
	}
	for _, cs := range x.order[k-1] {
		fp := fingerprint(g, cs.cells)
		if f, ok := x.failed[cs.key]; ok && f == fp {
			continue
		}
		if k == 2 && x.apart(g, cs.set[0], cs.set[1]) {
			// Decided cells are all the pair shares: the single
			// instances, which level 1 found eliminating nothing on this
			// position, do no more together.
			x.failed[cs.key] = fp
			continue
		}
		var targets []logic.Candidate
		if houses, ok := x.housesOf(cs.set); ok {
			targets, ok = housesForbid(g, x.n, houses[0], houses[1], &x.forbid)
			if !ok {
				targets = x.forbidden(g, cs.key, cs.set, cs.cells)
			}
		} else if k == 2 && (x.insts[cs.set[0]].Weight == 3 || x.insts[cs.set[1]].Weight == 3) {
			// A rule on more than N cells (a sum along a line through
			// the whole grid) leaves most of a pair's candidates to
			// SAT at every position: the pair is tested by propagation.
			targets = x.probe(g, cs.set, cs.cells)
		} else {
			targets = x.forbidden(g, cs.key, cs.set, cs.cells)
		}
		if len(targets) == 0 {
			x.failed[cs.key] = fp
			continue
		}
		return &found{set: slices.Clone(cs.set), targets: targets}
	}
	return nil
}

// housesOf returns the cells of the instances of set (one or two) when
// each is a house of N cells, which housesForbid decides by matchings.
func (x *Explainer) housesOf(set []int) (houses [2][]int, ok bool) {
	for k, i := range set {
		if !x.fullHouse(i) {
			return houses, false
		}
		houses[k] = x.insts[i].Cells
	}
	return houses, true
}

// triples returns the cheapest connected set of three instances that
// propagation shows eliminates a candidate, with every candidate it
// eliminates, or nil.
func (x *Explainer) triples(g *logic.Grid) *found {
	var best *found
	var bestCost [3]int
	var cellBuf []int // the cells of the set tried, reused
	try := func(set []int) {
		key := keyOf(set)
		cellBuf = x.cellsTo(cellBuf[:0], set, nil)
		cells := cellBuf
		fp := fingerprint(g, cells)
		if f, ok := x.failed[key]; ok && f == fp {
			return
		}
		for _, i := range set {
			if x.insts[i].Weight == 3 {
				return // a rule on more than N cells: left to the large step
			}
		}
		c := x.cost(set)
		if best != nil && !less(c, bestCost) {
			return // it could not be taken: do not test it (nor cache it)
		}
		targets := x.probe(g, set, cells)
		if len(targets) == 0 {
			x.failed[key] = fp
			return
		}
		best, bestCost = &found{set: slices.Clone(set), targets: targets}, c
	}
	// Connected triples: i < j < l with j and l each adjacent to one of
	// the others.
	for i := range x.insts {
		for _, j := range x.adj[i] {
			if j <= i {
				continue
			}
			// Every l > i adjacent to i or j, distinct from j, each
			// triple once (sorted, j < l or l not adjacent to i).
			seen := map[int]bool{}
			for _, nb := range [][]int{x.adj[i], x.adj[j]} {
				for _, l := range nb {
					if l <= i || l == j || seen[l] {
						continue
					}
					seen[l] = true
					if l < j && slices.Contains(x.adj[i], l) {
						continue // found as (i, l, j), since l is adjacent to i
					}
					set := []int{i, j, l}
					slices.Sort(set)
					try(set)
				}
			}
		}
	}
	return best
}

// apart reports whether every cell that instances i and j share has one
// candidate left. The facts then fix every variable the two share (the
// auxiliary variables of a rule are its own), so propagation over the
// pair is propagation over each alone: whatever the pair eliminates, one
// of them eliminates by itself.
func (x *Explainer) apart(g *logic.Grid, i, j int) bool {
	a, b := x.insts[i].Cells, x.insts[j].Cells
	for len(a) > 0 && len(b) > 0 {
		switch {
		case a[0] < b[0]:
			a = a[1:]
		case a[0] > b[0]:
			b = b[1:]
		default:
			if g.Cand[a[0]].Count() != 1 {
				return false
			}
			a, b = a[1:], b[1:]
		}
	}
	return true
}

// probe returns the candidates of the unsolved cells that propagation
// over set, with the facts of cells, eliminates.
func (x *Explainer) probe(g *logic.Grid, set []int, cells []int) []logic.Candidate {
	p := x.prop
	defer func() { x.Stats.Work = p.work }()
	if !x.start(g, set, cells) {
		return nil
	}
	base := len(p.trail)
	var out []logic.Candidate
	sol := x.solution // a digit of the solution is never refuted: not probed
	for _, c := range cells {
		if g.Value[c] != 0 {
			continue
		}
		for set := g.Cand[c]; set != 0; set &= set - 1 { // its digits, ascending (Digits.List without the slice)
			d := bits.TrailingZeros64(uint64(set)) + 1
			if sol != nil && sol[c] == d {
				continue
			}
			l := x.lit(c, d)
			switch p.value(l) {
			case -1:
				out = append(out, logic.Candidate{Cell: c, Digit: d})
				continue
			case 1:
				continue
			}
			p.assign(l, bySuppos)
			if p.propagate() >= 0 {
				out = append(out, logic.Candidate{Cell: c, Digit: d})
			}
			p.backtrack(base)
		}
	}
	return out
}

// start switches on the clauses of set and of cells' exactly-ones, and
// propagates the facts of cells; false on a conflict (a broken position).
func (x *Explainer) start(g *logic.Grid, set []int, cells []int) bool {
	p := x.prop
	p.reset()
	for _, i := range set {
		if p.on(x.byInst[i]) >= 0 {
			return false
		}
	}
	for _, c := range cells {
		if p.on(x.cellClauses[c]) >= 0 {
			return false
		}
	}
	return p.facts(g, cells) && p.propagate() < 0
}

func (x *Explainer) lit(c, d int) encode.Lit { return encode.Lit(encode.CellVar(x.n, c, d)) }

// refutes reports whether propagation over set refutes candidate t, and
// returns the conflict's cone when it does.
func (x *Explainer) refutes(g *logic.Grid, set []int, t logic.Candidate) (bool, []int32) {
	p := x.prop
	defer func() { x.Stats.Work = p.work }()
	cells := x.cells(set, []int{t.Cell})
	if !x.start(g, set, cells) {
		return false, nil
	}
	l := x.lit(t.Cell, t.Digit)
	switch p.value(l) {
	case -1:
		// Propagation of the facts alone removed it: the cone is that of
		// the clause that did.
		r := p.reason[l.Var()]
		if r < 0 {
			return true, nil
		}
		steps, _ := p.cone(r)
		return true, steps
	case 1:
		return false, nil
	}
	p.assign(l, bySuppos)
	if c := p.propagate(); c >= 0 {
		steps, _ := p.cone(c)
		return true, steps
	}
	return false, nil
}

// satRefutes reports whether the clauses of set, the exactly-ones and
// facts of the cells they touch (and of the targets' cells) and "one of
// targets holds" have no model: SAT's proof that set eliminates every
// target.
func (x *Explainer) satRefutes(g *logic.Grid, set []int, targets []logic.Candidate, placements []logic.Candidate) (bool, error) {
	extra := make([]int, 0, len(targets)+len(placements))
	for _, t := range targets {
		extra = append(extra, t.Cell)
	}
	for _, t := range placements {
		extra = append(extra, t.Cell)
	}
	cells := x.cells(set, extra)
	// The formula and its clause list are reused from call to call (the
	// solver keeps no reference after Solve); the clauses are views of
	// x.cs and, for the facts, of x.negUnit, never copied.
	if x.negUnit == nil {
		n3 := encode.NumVars(x.n)
		x.negUnit = make([]encode.Lit, n3+1)
		for v := 1; v <= n3; v++ {
			x.negUnit[v] = -encode.Lit(v)
		}
	}
	f := &x.formula
	*f = encode.Formula{NumVars: x.numVars, Primary: encode.NumVars(x.n), Clauses: f.Clauses[:0]}
	for _, i := range set {
		for _, c := range x.byInst[i] {
			f.Clauses = append(f.Clauses, x.cs.clause(c))
		}
	}
	for _, c := range cells {
		for _, cl := range x.cellClauses[c] {
			f.Clauses = append(f.Clauses, x.cs.clause(cl))
		}
		for d := 1; d <= x.n; d++ {
			if !g.Cand[c].Has(d) {
				v := x.lit(c, d)
				f.Clauses = append(f.Clauses, x.negUnit[v:v+1])
			}
		}
	}
	var neg encode.Clause
	for _, t := range targets {
		neg = append(neg, x.lit(t.Cell, t.Digit))
	}
	for _, t := range placements {
		neg = append(neg, -x.lit(t.Cell, t.Digit))
	}
	f.Clauses = append(f.Clauses, neg)
	x.Stats.SATCalls++
	r, err := x.sv.Solve(x.ctx, f)
	clear(f.Clauses) // drop the views, keep the array
	if err != nil {
		return false, err
	}
	return r.Status == encode.Unsat, nil
}

// setFormula returns the clauses of set, with the exactly-ones and facts of
// the cells they touch and of extra.
func (x *Explainer) setFormula(g *logic.Grid, set []int, extra []int) *encode.Formula {
	f := &encode.Formula{NumVars: x.numVars, Primary: encode.NumVars(x.n)}
	for _, i := range set {
		for _, c := range x.byInst[i] {
			f.Clauses = append(f.Clauses, x.cs.clause(c))
		}
	}
	for _, c := range x.cells(set, extra) {
		for _, cl := range x.cellClauses[c] {
			f.Clauses = append(f.Clauses, x.cs.clause(cl))
		}
		for d := 1; d <= x.n; d++ {
			if !g.Cand[c].Has(d) {
				f.Clauses = append(f.Clauses, encode.Clause{-x.lit(c, d)})
			}
		}
	}
	return f
}

// satForbidden returns the candidates of cands (on cells of set) that SAT
// shows the instances of set, with the facts of the cells they touch,
// forbid: one solver.Possible call, which asks for a model holding any
// candidate not yet seen in one, so a few solves decide them all.
//
// The models SAT finds are kept for key, as decide's are.
func (x *Explainer) satForbidden(g *logic.Grid, key [3]int32, set, cells []int, cands []logic.Candidate) []logic.Candidate {
	lits := make([]encode.Lit, len(cands))
	for i, t := range cands {
		lits[i] = x.lit(t.Cell, t.Digit)
	}
	keep := func(model []bool) error {
		m := make([]int8, len(cells))
		for k, c := range cells {
			for d := 1; d <= x.n; d++ {
				if model[x.lit(c, d)] {
					m[k] = int8(d)
				}
			}
		}
		x.models[key] = append(x.models[key], m)
		return nil
	}
	x.Stats.SATCalls++
	possible, status, err := x.sv.Possible(x.ctx, x.setFormula(g, set, nil), lits, keep)
	if err != nil || status != encode.Sat {
		return nil // a broken position: nothing to decide
	}
	var out []logic.Candidate
	for i, ok := range possible {
		if !ok {
			out = append(out, cands[i])
		}
	}
	return out
}

// minimal returns a subset of set that SAT shows eliminates t and that
// no instance can leave (deletion, cheapest instances kept longest), and
// whether it is smaller than set.
func (x *Explainer) minimal(g *logic.Grid, set []int, t logic.Candidate) ([]int, bool) {
	order := slices.Clone(set)
	// Try to drop the costliest instances first.
	slices.SortStableFunc(order, func(a, b int) int {
		if wa, wb := x.insts[a].Weight, x.insts[b].Weight; wa != wb {
			return wb - wa
		}
		return len(x.insts[b].Cells) - len(x.insts[a].Cells)
	})
	kept := order
	shrunk := false
	for i := 0; i < len(kept); {
		trial := slices.Delete(slices.Clone(kept), i, i+1)
		if x.refutedBy(g, trial, t) {
			kept, shrunk = trial, true
			continue
		}
		i++
	}
	slices.Sort(kept)
	return kept, shrunk
}

// fallback finds a step with every instance on: the candidates against
// the current solution that propagation refutes, each conflict's
// instances shrunk by deletion, the cheapest taken; else the cheapest of
// a few solver.MinimalGroupsDecided answers (mus).
func (x *Explainer) fallback(g *logic.Grid) *found {
	sol := x.solutionOf(g)
	if sol == nil {
		return nil
	}
	all := make([]int, len(x.insts))
	for i := range all {
		all[i] = i
	}
	var targets []logic.Candidate
	for c, v := range g.Value {
		if v != 0 {
			continue
		}
		for _, d := range g.Cand[c].List() {
			if d != sol[c] {
				targets = append(targets, logic.Candidate{Cell: c, Digit: d})
			}
		}
	}
	var opts []option
	// One propagation of every instance and fact, then each target
	// supposed in turn on top of it.
	p := x.prop
	allCells := make([]int, len(g.Cand))
	for c := range allCells {
		allCells[c] = c
	}
	if !x.start(g, all, allCells) {
		return nil
	}
	base := len(p.trail)
	for _, t := range targets {
		l := x.lit(t.Cell, t.Digit)
		var cone []int32
		switch p.value(l) {
		case 1:
			continue
		case -1:
			if r := p.reason[l.Var()]; r >= 0 {
				cone, _ = p.cone(r)
			}
		default:
			p.assign(l, bySuppos)
			if c := p.propagate(); c >= 0 {
				cone, _ = p.cone(c)
			}
		}
		p.backtrack(base)
		if cone != nil {
			set := x.owners(cone)
			opts = append(opts, option{set: set, t: t, cost: x.cost(set)})
		}
	}
	x.Stats.Work = p.work
	sortByCost(opts)
	var best *found
	var bestCost [3]int
	for k, o := range opts {
		if k == 3 {
			break
		}
		set := o.set
		// Deletion by propagation first, then by SAT.
		for i := 0; i < len(set); {
			trial := slices.Delete(slices.Clone(set), i, i+1)
			if ok, _ := x.refutes(g, trial, o.t); ok {
				set = trial
				continue
			}
			i++
		}
		set, _ = x.minimal(g, set, o.t)
		if c := x.cost(set); best == nil || less(c, bestCost) {
			best, bestCost = &found{set: set, targets: []logic.Candidate{o.t}, minimal: true}, c
		}
	}
	if best != nil {
		x.Stats.Fallback++
		return best
	}
	// One MUS (each is many solves), on a candidate of a cell with the
	// fewest candidates: on a bivalue cell, the step places a digit too,
	// and such a MUS is found faster (orbit's path: 12.9 s with the first
	// candidate in cell order, 5.0 s so).
	if len(targets) == 0 {
		return nil
	}
	if f := x.nativeStep(g, targets); f != nil {
		return f
	}
	t := targets[0]
	for _, u := range targets[1:] {
		if g.Cand[u.Cell].Count() < g.Cand[t.Cell].Count() {
			t = u
		}
	}
	set, err := x.mus(g, t, true, nil)
	if err != nil {
		return nil
	}
	x.Stats.MUS++
	x.Stats.MUSInstances += len(set)
	return &found{set: set, targets: []logic.Candidate{t}, minimal: true}
}

// owners returns the instances of the clauses of a cone, sorted.
func (x *Explainer) owners(cone []int32) []int {
	var set []int
	for _, c := range cone {
		if o := x.cs.owner[c]; o >= 0 {
			set = append(set, int(o))
		}
	}
	slices.Sort(set)
	return slices.Compact(set)
}

// mus returns the instances of a minimal unsatisfiable subset, by
// solver.MinimalGroups, of "t holds" with the facts of every cell: one
// group per instance. When native, the deletion trials go to the native
// backtracker first (decider), gophersat solving those it leaves.
//
// When within is not nil, the MUS is searched among those instances only
// (its answer is then a MUS of every instance too: minimality is of the
// set found, whatever it was found in).
func (x *Explainer) mus(g *logic.Grid, t logic.Candidate, native bool, within []int) ([]int, error) {
	base := &encode.Formula{NumVars: x.numVars, Primary: encode.NumVars(x.n)}
	for c := range g.Cand {
		for _, cl := range x.cellClauses[c] {
			base.Clauses = append(base.Clauses, x.cs.clause(cl))
		}
		for d := 1; d <= x.n; d++ {
			if !g.Cand[c].Has(d) {
				base.Clauses = append(base.Clauses, encode.Clause{-x.lit(c, d)})
			}
		}
	}
	base.Clauses = append(base.Clauses, encode.Clause{x.lit(t.Cell, t.Digit)})
	if within == nil {
		within = make([]int, len(x.insts))
		for i := range within {
			within[i] = i
		}
	}
	groups := make([]*encode.Formula, len(within))
	for k, i := range within {
		f := &encode.Formula{NumVars: x.numVars, Primary: base.Primary}
		for _, c := range x.byInst[i] {
			f.Clauses = append(f.Clauses, x.cs.clause(c))
		}
		groups[k] = f
	}
	x.Stats.SATCalls++
	var set []int
	var err error
	if !native {
		set, err = solver.MinimalGroups(x.ctx, base, groups)
	} else {
		decide := x.decider(g, t)
		var insts []int
		set, err = solver.MinimalGroupsDecided(x.ctx, base, groups, func(set []int) (bool, bool, []bool) {
			insts = insts[:0]
			for _, k := range set {
				insts = append(insts, within[k])
			}
			return decide(insts)
		})
	}
	for k, i := range set {
		set[k] = within[i]
	}
	return set, err
}

// solutionOf returns a solution of the position g (its cells' digits), or
// nil when it has none: the one found before while it still fits g.
func (x *Explainer) solutionOf(g *logic.Grid) []int {
	if x.solution != nil {
		ok := true
		for c, d := range x.solution {
			if !g.Cand[c].Has(d) {
				ok = false
				break
			}
		}
		if ok {
			return x.solution
		}
	}
	f := &encode.Formula{NumVars: x.numVars, Primary: encode.NumVars(x.n)}
	for c := int32(0); c < int32(x.cs.len()); c++ {
		f.Clauses = append(f.Clauses, x.cs.clause(c))
	}
	for c := range g.Cand {
		for d := 1; d <= x.n; d++ {
			if !g.Cand[c].Has(d) {
				f.Clauses = append(f.Clauses, encode.Clause{-x.lit(c, d)})
			}
		}
	}
	x.Stats.SATCalls++
	r, err := x.sv.Solve(x.ctx, f)
	if err != nil || r.Status != encode.Sat {
		return nil
	}
	sol := make([]int, x.n*x.n)
	for c := range sol {
		for d := 1; d <= x.n; d++ {
			if r.Model[x.lit(c, d)] {
				sol[c] = d
			}
		}
	}
	x.solution = sol
	return sol
}

// step makes the step of a found set: its eliminations are the targets
// that SAT shows the set eliminates and no smaller subset does; the set
// is first shrunk by SAT when it is not minimal (Stats.Shrunk).
func (x *Explainer) step(g *logic.Grid, f *found) logic.Step {
	x.Stats.Steps++
	main := f.targets[0]
	set := f.set
	if !f.minimal {
		var shrunk bool
		set, shrunk = x.minimal(g, f.set, main)
		if shrunk {
			x.Stats.Shrunk++
		}
	}
	var elims []logic.Candidate
	for _, t := range f.targets {
		if t != main && !x.isMinimalFor(g, set, t) {
			continue
		}
		elims = append(elims, t)
	}
	s := logic.Step{Technique: Name, Eliminations: elims, Cells: x.cells(set, nil)}
	w := 0
	var names []string
	for _, i := range set {
		in := x.insts[i]
		w += in.Weight
		names = append(names, in.Name)
		if in.House >= 0 {
			s.Houses = append(s.Houses, in.House)
		} else {
			s.Rules = append(s.Rules, in.Rule)
		}
	}
	s.Rating = Rating(len(set), w)
	var sb strings.Builder
	for i, e := range elims {
		if i > 0 {
			sb.WriteString(", ")
		}
		fmt.Fprintf(&sb, "%s≠%d", logic.CellName(x.n, e.Cell), e.Digit)
	}
	it := "it"
	if len(elims) > 1 {
		it = "them"
	}
	if len(names) == 1 {
		fmt.Fprintf(&sb, ": %s alone leaves no place for %s", names[0], it)
	} else {
		fmt.Fprintf(&sb, ": %s and %s together leave no place for %s", strings.Join(names[:len(names)-1], ", "), names[len(names)-1], it)
	}
	s.Text = Name + ": " + sb.String()
	x.sets[s.Text] = set
	s.Sub = x.zoom(g, set, main)
	return s
}

// isMinimalFor reports whether SAT shows that set eliminates t and that
// no set with one instance fewer does.
func (x *Explainer) isMinimalFor(g *logic.Grid, set []int, t logic.Candidate) bool {
	if !x.refutedBy(g, set, t) {
		return false
	}
	for i := range set {
		trial := slices.Delete(slices.Clone(set), i, i+1)
		if x.refutedBy(g, trial, t) {
			return false
		}
	}
	return true
}

// minimalBudget bounds the search that decides a set of a step's
// deletion (decisions): a model is usually found at once, and SAT
// decides the rest.
const minimalBudget = 200

// refutedBy reports whether the instances of set forbid t (with the
// facts of the cells they touch and t's): by propagation and a bounded
// search, else by SAT.
func (x *Explainer) refutedBy(g *logic.Grid, set []int, t logic.Candidate) bool {
	switch x.decides(g, set, t, minimalBudget) {
	case refuted:
		return true
	case model:
		return false
	}
	ok, err := x.satRefutes(g, set, []logic.Candidate{t}, nil)
	return err == nil && ok
}

// zoom returns the propagation that refutes t over set, one sub-step per
// digit it places or removes, ending in the contradiction; nil when only
// SAT's search refutes it.
func (x *Explainer) zoom(g *logic.Grid, set []int, t logic.Candidate) []logic.Step {
	ok, cone := x.refutes(g, set, t)
	if !ok {
		return nil
	}
	name := func(c int32) (string, logic.Step) {
		var s logic.Step
		o := x.cs.owner[c]
		if o < 0 {
			return logic.CellName(x.n, int(-1-o)) + " holds one digit", s
		}
		in := x.insts[o]
		if in.House >= 0 {
			s.Houses = []int{in.House}
		} else {
			s.Rules = []int{in.Rule}
		}
		return in.Name, s
	}
	out := []logic.Step{{Technique: "Supposition", Placements: []logic.Candidate{t},
		Text: fmt.Sprintf("suppose %s=%d", logic.CellName(x.n, t.Cell), t.Digit)}}
	p := x.prop
	n3 := encode.NumVars(x.n)
	for k, c := range cone {
		who, s := name(c)
		s.Technique = "Propagation"
		if k == len(cone)-1 {
			s.Text = who + ": contradiction"
			out = append(out, s)
			break
		}
		// The variable this clause set: its one literal true now.
		var set encode.Lit
		for _, l := range x.cs.clause(c) {
			if p.value(l) == 1 && p.reason[l.Var()] == c {
				set = l
			}
		}
		if set == 0 || set.Var() > n3 {
			continue // an auxiliary variable: inside the rule's encoding
		}
		cell, d := (set.Var()-1)/x.n, (set.Var()-1)%x.n+1
		cand := logic.Candidate{Cell: cell, Digit: d}
		if set > 0 {
			s.Placements = []logic.Candidate{cand}
			s.Text = fmt.Sprintf("%s: %s=%d", who, logic.CellName(x.n, cell), d)
		} else {
			s.Eliminations = []logic.Candidate{cand}
			s.Text = fmt.Sprintf("%s: %s≠%d", who, logic.CellName(x.n, cell), d)
		}
		out = append(out, s)
	}
	return out
}

// ErrNotProved reports a step that Check cannot prove from what it names.
var ErrNotProved = errors.New("explain: the step does not follow from what it names")

// Baseline returns a plain SAT step, as a measure for the real one: for
// the first candidate (in cell order) that the current solution rules
// out, one solver.MinimalGroups call over every instance, no cost order.
// It is subset-minimal, not cheapest.
func (x *Explainer) Baseline() logic.Technique {
	return logic.Technique{Name: Name, Rating: Rating(1, 1), Find: func(g *logic.Grid) []logic.Step {
		if !x.fits(g) || g.Solved() {
			return nil
		}
		x.ready()
		sol := x.solutionOf(g)
		if sol == nil {
			return nil
		}
		for c, v := range g.Value {
			if v != 0 {
				continue
			}
			for _, d := range g.Cand[c].List() {
				if d == sol[c] {
					continue
				}
				t := logic.Candidate{Cell: c, Digit: d}
				set, err := x.mus(g, t, false, nil)
				if err != nil {
					return nil
				}
				return []logic.Step{x.step(g, &found{set: set, targets: []logic.Candidate{t}})}
			}
		}
		return nil
	}}
}
