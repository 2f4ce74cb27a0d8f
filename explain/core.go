package explain

import (
	"cmp"
	"context"
	"errors"
	"slices"

	"github.com/satdoku/satdoku/fallback"
	"github.com/satdoku/satdoku/logic"
	"github.com/satdoku/satdoku/solver"
)

// trialNodes bounds the native search of one deletion trial of a MUS
// (search nodes of fallback.Solver.SolvePart): beyond it, gophersat
// decides the trial. With 2,000, Hard Renban 1's path took 181 s (525 of
// 778 trials decided natively), with 20,000 97 s, with 200,000 30 s (all
// of them). Less is given once trials have been decided (decider).
const trialNodes = 200000

// trialMinNodes is the least budget of a trial (see decider). A budget
// of trialNodes throughout took CTC Tribute's path from 0.9 s to 5.6 s
// (7 of its 178 trials beyond the native search); 20 times the mean, 2.0
// s.
const trialMinNodes = 5000

// decider returns the solver.Decider of mus's deletion trials on "t
// holds" at position g: the native backtracker (package fallback) on the
// houses and rules of the trial's instances, within g's candidates and
// with t placed. A model it finds is checked against the instances'
// clauses (holds), which also finds their auxiliary variables; a trial
// with part of a split rule (the backtracker knows only whole rules), or
// that the search cannot decide in trialNodes nodes, is left to
// gophersat.
func (x *Explainer) decider(g *logic.Grid, t logic.Candidate) solver.Decider {
	x.native()
	masks := placed(g, t)
	var houses [][]int
	var rules []int
	// Each trial's search tries first the digits of the last solution
	// found for t: trials differ by an instance or two (on TAREK_ALL
	// #11's path, the median search of a trial with a solution took 428
	// nodes so, 699 from the smallest digits).
	var last []int
	if len(x.known) > 0 {
		last = x.known[len(x.known)-1].sol
	}
	return func(set []int) (decided, unsat bool, model []bool) {
		if sol := x.knownFor(set); sol != nil {
			if model = x.modelOf(g, set, sol); model != nil {
				x.Stats.Reused++
				return true, false, model
			}
		}
		houses, rules = houses[:0], rules[:0]
		for _, i := range set {
			in := x.insts[i]
			switch {
			case x.pieces[i]:
				return false, false, nil
			case in.House >= 0:
				houses = append(houses, g.Houses[in.House].Cells)
			default:
				rules = append(rules, in.Rule)
			}
		}
		x.Stats.Trials++
		// The budget: 20 times the mean search of the trials decided so
		// far, within trialMinNodes..trialNodes: a trial far harder than
		// the others natively is left to gophersat sooner.
		x.fb.NodeLimit = trialNodes
		if x.fbTrials > 0 {
			x.fb.NodeLimit = min(trialNodes, max(trialMinNodes, 20*x.fbNodes/x.fbTrials))
		}
		if x.trialCap > 0 {
			x.fb.NodeLimit = min(x.fb.NodeLimit, x.trialCap)
		}
		x.fb.Prefer = last
		sol, nodes, err := x.fb.SolvePart(x.ctx, g.Puzzle, houses, rules, masks)
		x.Stats.Nodes += nodes
		if err == nil {
			x.fbNodes += nodes
			x.fbTrials++
		}
		switch {
		case err != nil: // fallback.ErrNodeLimit, or a rule it cannot read
			if x.giveUp != nil && errors.Is(err, fallback.ErrNodeLimit) {
				x.giveUp()
			}
			return false, false, nil
		case sol == nil:
			x.Stats.Native++
			return true, true, nil
		}
		last = sol
		model = x.modelOf(g, set, sol)
		if model == nil {
			return false, false, nil
		}
		x.Stats.Native++
		return true, false, model
	}
}

// knownSolution is a solution of a position with a target placed and
// the instances of on on (on[i] for instance i).
type knownSolution struct {
	on  []bool
	sol []int
}

// knownFor returns the solution of x.known whose instances include set,
// or nil. It satisfies set's instances, which are fewer.
func (x *Explainer) knownFor(set []int) []int {
next:
	for _, k := range x.known {
		for _, i := range set {
			if !k.on[i] {
				continue next
			}
		}
		return k.sol
	}
	return nil
}

// modelOf returns a model of the clauses of the instances of set, in the
// numbering of mus's formula, whose cells hold the digits of sol (one per
// cell, within g's candidates), or nil when the clauses cannot hold so:
// each cell's digit supposed, the clauses propagated, and the auxiliary
// variables left found by a short search. The other instances' auxiliary
// variables are false.
func (x *Explainer) modelOf(g *logic.Grid, set []int, sol []int) []bool {
	p := x.prop
	defer func() { x.Stats.Work = p.work }()
	cells := x.cells(set, nil)
	if !x.start(g, set, cells) {
		return nil
	}
	for _, c := range cells {
		if !p.assign(x.lit(c, sol[c]), bySuppos) {
			return nil
		}
	}
	if p.propagate() >= 0 {
		return nil
	}
	clauses := make([][]int32, len(set))
	for k, i := range set {
		clauses[k] = x.byInst[i]
	}
	x.budget = minimalBudget
	if x.searchN(clauses, cells) != model {
		return nil
	}
	m := make([]bool, x.numVars+1)
	for v := 1; v <= x.numVars; v++ {
		m[v] = p.val[v] > 0
	}
	for c, d := range sol {
		m[x.lit(c, d)] = true
	}
	return m
}

// scanNodes bounds the native search that tries a target of nativeStep
// with every instance on, and scanTargets the targets tried (those of
// the cells with the fewest candidates). Hard Renban 1's path took 59 s
// with every target tried, 30 s with 40 (34 s with no nativeStep);
// trying the first 40 again within 2,000 nodes where none was refuted
// within 200 took it to 70 s (more and larger MUS steps).
const (
	scanNodes   = 200
	scanTargets = 40
)

// shrinkBudget is the node budget of a deletion trial of nativeStep
// whose target took nodes with every instance on: a trial is kept while
// the refutation stays about as easy, so that the exact MUS searched
// among what is left has easy trials too. (TAREK_ALL #3 and #6: 8.6 and
// 4.0 s per path with a MUS among every instance; 3.3 and 5.2 s with
// 1,000 nodes throughout, 2.8 and 2.7 s so.)
func shrinkBudget(nodes int64) int64 {
	return 4*nodes + 50
}

// nativeTargets is how many of the targets the backtracker refutes
// soonest nativeStep shrinks, before the MUS of the cheapest.
const nativeTargets = 3

// nativeStep finds a step where unit propagation over the instances'
// clauses refutes no target: the backtracker, with the sums it derives
// from houses and cages together (innies and outies) and its cage
// combinations, refutes many within a few nodes. Each target is tried
// with every instance on, within scanNodes; the nativeTargets refuted in
// the fewest nodes have their houses and rules shrunk by deletion (a
// whole rule at a time, the backtracker knowing no part of one), a
// deletion kept while the backtracker still refutes the target within
// shrinkBudget; and the exact MUS is then searched among the instances
// left (mus). Its trials are small puzzles, where a MUS among every
// instance tries nearly the whole one, with a few groups off, many times
// over. The cheapest whose trials the backtracker decides alone is
// taken (see maxScanNodes); nil when the backtracker refutes no target
// so (or cannot read a rule).
func (x *Explainer) nativeStep(g *logic.Grid, targets []logic.Candidate) *found {
	x.native()
	units := x.units()
	all := make([]int, len(units))
	for u := range all {
		all[u] = u
	}
	type hit struct {
		t     logic.Candidate
		nodes int64
	}
	// The targets of the cells with the fewest candidates first, as for
	// a MUS among every instance: a step in a bivalue cell places a
	// digit too.
	targets = slices.Clone(targets)
	slices.SortStableFunc(targets, func(a, b logic.Candidate) int {
		return cmp.Compare(g.Cand[a.Cell].Count(), g.Cand[b.Cell].Count())
	})
	if len(targets) > scanTargets {
		targets = targets[:scanTargets]
	}
	var first *option // the cheapest of the first scan, for the last resort
	var firstSkipped *hit
	tried := map[logic.Candidate]bool{}
	for limit := int64(scanNodes); limit <= maxScanNodes; limit *= 10 {
		var hits []hit
		for k, t := range targets {
			if k > 0 && len(hits) > 0 && g.Cand[t.Cell].Count() > g.Cand[targets[k-1].Cell].Count() {
				break
			}
			if tried[t] {
				continue
			}
			refuted, _, nodes, err := x.nativeRefutes(g, t, units, all, limit)
			switch {
			case err == nil && refuted && x.gaveUpOn[t]:
				// Its MUS was given up at an earlier position (on
				// TAREK_ALL #11's path, again at each of the next
				// three): taken only as the last resort.
				tried[t] = true
				if firstSkipped == nil {
					firstSkipped = &hit{t, nodes}
				}
			case err == nil && refuted:
				hits = append(hits, hit{t, nodes})
			case err != nil && !errors.Is(err, fallback.ErrNodeLimit):
				return nil // a rule the backtracker cannot read, or the context's end
			}
		}
		if len(hits) == 0 && first == nil && firstSkipped == nil {
			// None refuted soon: the MUS among every instance
			// (trying them again within more nodes took Hard
			// Renban 1's path from 30 s to 132 s).
			return nil
		}
		slices.SortStableFunc(hits, func(a, b hit) int { return cmp.Compare(a.nodes, b.nodes) })
		// Each shrunk, then the MUS searched within the cheapest first.
		var opts []option
		var chosen []hit
		for _, h := range hits {
			if len(chosen) == nativeTargets {
				break
			}
			tried[h.t] = true
			if slices.ContainsFunc(chosen, func(c hit) bool { return c.nodes == h.nodes && x.equivalent(g, c.t, h.t) }) {
				continue
			}
			chosen = append(chosen, h)
			set, known := x.shrink(g, h.t, units, all, shrinkBudget(h.nodes))
			insts := x.instsOf(units, set)
			opts = append(opts, option{set: insts, t: h.t, cost: x.cost(insts), known: known})
		}
		sortByCost(opts)
		if first == nil && len(opts) > 0 {
			first = &opts[0]
		}
		// A MUS whose trials the backtracker decides; one that needs
		// gophersat is given up for the next (gophersat took minutes
		// on some trials of Hailstone Little Killer).
		for _, o := range opts {
			if f := x.narrowedMUS(g, o, true); f != nil {
				return f
			}
			if x.ctx.Err() != nil {
				return nil
			}
			x.gaveUpOn[o.t] = true
		}
	}
	if first == nil && firstSkipped != nil {
		set, _ := x.shrink(g, firstSkipped.t, units, all, shrinkBudget(firstSkipped.nodes))
		first = &option{set: x.instsOf(units, set), t: firstSkipped.t}
	}
	if first == nil {
		return nil
	}
	return x.narrowedMUS(g, *first, false)
}

// equivalent reports whether propagation over every instance, at
// position g, places b when a is placed and a when b is: two targets of
// one deduction, as the two cells of a cage of two (on TAREK_ALL #15's
// path, such pairs were half of the targets nativeStep shrank, the same
// search twice).
func (x *Explainer) equivalent(g *logic.Grid, a, b logic.Candidate) bool {
	p := x.prop
	defer func() { x.Stats.Work = p.work }()
	all := make([]int, len(x.insts))
	for i := range all {
		all[i] = i
	}
	if !x.start(g, all, x.cells(all, []int{a.Cell, b.Cell})) {
		return false
	}
	base := len(p.trail)
	places := func(from, to logic.Candidate) bool {
		defer p.backtrack(base)
		l := x.lit(from.Cell, from.Digit)
		if p.value(l) != 0 {
			return false
		}
		p.assign(l, bySuppos)
		return p.propagate() < 0 && p.value(x.lit(to.Cell, to.Digit)) == 1
	}
	return places(a, b) && places(b, a)
}

// instsOf returns the instances of the units of set, in order.
func (x *Explainer) instsOf(units [][]int, set []int) []int {
	var insts []int
	for _, u := range set {
		insts = append(insts, units[u]...)
	}
	slices.Sort(insts)
	return insts
}

// units returns the units nativeStep's deletion switches off, each
// house and each whole rule, as the instances of each.
func (x *Explainer) units() [][]int {
	var units [][]int
	ruleUnit := map[int]int{}
	for i, in := range x.insts {
		if in.House >= 0 {
			units = append(units, []int{i})
			continue
		}
		u, ok := ruleUnit[in.Rule]
		if !ok {
			u = len(units)
			ruleUnit[in.Rule] = u
			units = append(units, nil)
		}
		units[u] = append(units[u], i)
	}
	return units
}

// shrink returns the units of all (units: the instances of each) that the
// backtracker needs to refute t at position g within limit nodes, by
// deletion, and the solutions it found where a unit was needed.
//
// The units found for t are kept for the next positions: a path's next
// position holds more facts, so they mostly still refute t, and are
// taken again after one search that shows it (on TAREK_ALL #18's path,
// the same targets were shrunk at two or three positions running).
func (x *Explainer) shrink(g *logic.Grid, t logic.Candidate, units [][]int, all []int, limit int64) ([]int, []knownSolution) {
	if k, ok := x.shrunk[t]; ok {
		if refuted, _, _, _ := x.nativeRefutes(g, t, units, k.units, limit); refuted {
			return k.units, x.stillKnown(g, k.known)
		}
	}
	// Deletion, one unit at a time (in chunks, as in
	// solver.MinimalGroups, was no faster: most units stay).
	set := all
	var known []knownSolution
	for i := 0; i < len(set); {
		trial := slices.Delete(slices.Clone(set), i, i+1)
		refuted, sol, _, _ := x.nativeRefutes(g, t, units, trial, limit)
		if refuted {
			set = trial
			continue
		}
		if sol != nil {
			// Unit i is needed; its MUS trials are satisfiable,
			// and this solution shows it.
			known = append(known, knownSolution{x.unitsOn(units, trial), sol})
		}
		i++
	}
	x.shrunk[t] = shrunkUnits{set, known}
	return set, known
}

// shrunkUnits is what shrink found for a target: the units it needs,
// and the solutions without one of them.
type shrunkUnits struct {
	units []int
	known []knownSolution
}

// stillKnown returns the solutions of known whose digits are all still
// candidates of g.
func (x *Explainer) stillKnown(g *logic.Grid, known []knownSolution) []knownSolution {
	var out []knownSolution
next:
	for _, k := range known {
		for c, d := range k.sol {
			if !g.Cand[c].Has(d) {
				continue next
			}
		}
		out = append(out, k)
	}
	return out
}

// maxScanNodes bounds the scans of nativeStep: where the backtracker
// refutes targets within scanNodes but decides no MUS among the
// instances they need alone, the targets not tried are tried again
// within ten times as many nodes, up to maxScanNodes; then gophersat
// decides the trials of the first.
const maxScanNodes = 20000

// narrowedMUS returns the step of a MUS on t among the instances of
// within, or nil. When nativeOnly, the MUS is given up as soon as the
// backtracker gives up on one of its trials (rather than have gophersat
// decide it).
func (x *Explainer) narrowedMUS(g *logic.Grid, o option, nativeOnly bool) *found {
	t, within := o.t, o.set
	x.known = o.known
	defer func() { x.known = nil }()
	var mus []int
	var err error
	if nativeOnly {
		parent := x.ctx
		ctx, cancel := context.WithCancel(parent)
		x.ctx, x.giveUp = ctx, cancel
		mus, err = x.mus(g, t, true, within)
		x.ctx, x.giveUp = parent, nil
		cancel()
	} else {
		mus, err = x.mus(g, t, true, within)
	}
	if err != nil {
		return nil
	}
	x.Stats.MUS++
	x.Stats.Narrowed++
	x.Stats.MUSInstances += len(mus)
	return &found{set: mus, targets: []logic.Candidate{t}, minimal: true}
}

// nativeRefutes reports whether the backtracker refutes t at position g
// within limit search nodes, with the houses and rules of the units of
// set on (units: the instances of each); the solution it found instead,
// if any; and the nodes it took.
func (x *Explainer) nativeRefutes(g *logic.Grid, t logic.Candidate, units [][]int, set []int, limit int64) (refuted bool, sol []int, nodes int64, err error) {
	var houses [][]int
	var rules []int
	for _, u := range set {
		in := x.insts[units[u][0]]
		if in.House >= 0 {
			houses = append(houses, g.Houses[in.House].Cells)
		} else {
			rules = append(rules, in.Rule)
		}
	}
	masks := placed(g, t)
	x.fb.NodeLimit, x.fb.Prefer = limit, nil
	sol, nodes, err = x.fb.SolvePart(x.ctx, g.Puzzle, houses, rules, masks)
	x.Stats.Scans++
	x.Stats.Nodes += nodes
	return err == nil && sol == nil, sol, nodes, err
}

// unitsOn returns, per instance, whether it is in one of the units of
// set (units: the instances of each).
func (x *Explainer) unitsOn(units [][]int, set []int) []bool {
	on := make([]bool, len(x.insts))
	for _, u := range set {
		for _, i := range units[u] {
			on[i] = true
		}
	}
	return on
}

// native makes the backtracker of decider and nativeRefutes, and notes
// the instances that are parts of a split rule.
func (x *Explainer) native() {
	if x.fb != nil {
		return
	}
	x.fb = fallback.NewSolver()
	x.shrunk, x.gaveUpOn = map[logic.Candidate]shrunkUnits{}, map[logic.Candidate]bool{}
	x.pieces = make([]bool, len(x.insts))
	count := map[int]int{}
	for _, in := range x.insts {
		if in.Rule >= 0 {
			count[in.Rule]++
		}
	}
	for i, in := range x.insts {
		x.pieces[i] = in.Rule >= 0 && count[in.Rule] > 1
	}
}

// placed returns the backtracker's masks of position g (bit d−1 for digit
// d) with t placed.
func placed(g *logic.Grid, t logic.Candidate) []uint64 {
	masks := make([]uint64, len(g.Cand))
	for c, d := range g.Cand {
		masks[c] = uint64(d)
	}
	masks[t.Cell] &= 1 << (t.Digit - 1)
	return masks
}
