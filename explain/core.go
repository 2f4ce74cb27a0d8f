package explain

import (
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
	if x.fb == nil {
		x.fb = fallback.NewSolver()
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
	masks := make([]uint64, len(g.Cand))
	for c, d := range g.Cand {
		masks[c] = uint64(d) // bit d−1 for digit d, as the backtracker's
	}
	masks[t.Cell] &= 1 << (t.Digit - 1)
	var houses [][]int
	var rules []int
	return func(set []int) (decided, unsat bool, model []bool) {
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
		sol, nodes, err := x.fb.SolvePart(x.ctx, g.Puzzle, houses, rules, masks)
		if err == nil {
			x.fbNodes += nodes
			x.fbTrials++
		}
		switch {
		case err != nil: // fallback.ErrNodeLimit, or a rule it cannot read
			return false, false, nil
		case sol == nil:
			x.Stats.Native++
			return true, true, nil
		}
		model = x.modelOf(g, set, sol)
		if model == nil {
			return false, false, nil
		}
		x.Stats.Native++
		return true, false, model
	}
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
