// Package explain finds the universal logical step of satdoku: where no
// named technique applies, the cheapest set of rule instances that,
// together with the current candidates of the cells they touch, forbids
// a candidate. It is the step-wise explanation of Bogaerts, Gamba and
// Guns (AIJ 2021) made fast enough to use while solving.
//
// Glossary. An instance is one constraint a person can point at: a house
// of the grid (a row, a column, a box, a diagonal …) or one rule of the
// puzzle (a cage, a thermometer, a line, a dot; a global rule such as
// anti-knight is one instance). Its constraints are the clauses package
// encode writes for it alone (encode.RuleFormula; a house is "each digit
// once"). The facts are the candidates: a digit that a cell can no longer
// hold is false. A step is a set of instances S and the candidates it
// eliminates: with S, the facts of the cells S touches and "the candidate
// holds", the constraints have no model (a minimal unsatisfiable subset
// over the instances, with the candidate's assumption and the facts as
// hard constraints).
//
// Cost. Sets are compared by the number of instances, then by the sum of
// their kind weights (a house or a rule on at most two cells 1, a rule on
// at most N cells 2, a larger rule 3), then by the number of cells they
// touch. The search (Explainer.Find) tries sets in that order, and is
// exact for sets of one and two instances: every single instance, then
// every pair of instances that share two cells or more (two that share
// one cell cannot forbid together what neither forbids alone), each
// cheapest first, and the first that forbids any candidate is taken,
// with every candidate it forbids. A set is decided exactly: each
// candidate of its cells is supposed in turn, and unit propagation over
// the set's clauses, then an exhaustive search over its cells (the
// solution's digit first, then the auxiliary variables of its rules; a
// pair on its shared cells first, then each instance alone, where a house
// alone is decided by a perfect matching of its cells to their digits,
// which is exactly its set of models, with no search; at most 2000
// decisions per candidate, 50 for a set that has run out before) either
// finds a model holding it, or shows there is none; SAT (package solver,
// gophersat: one solver.Possible call for the set) decides those the
// search leaves, and the models it finds are kept too. A digit of the
// solution, and any digit of a model found before that still fits the
// candidates, needs no search. One exception: a pair holding a rule on
// more than N cells (a sum along a line through the whole grid, whose
// clauses propagate weakly) is tested by unit propagation only, since
// deciding it exactly took SAT calls on most of its candidates at every
// position (Sigh's "I bet someone did this already", a 79-cell arrow:
// 6.8 s per path so, 1.2 s before the exact check, 3.2 s now). So, but
// for those pairs, a step of one or two instances is the cheapest there
// is, by construction (Stats.Shrunk counts the steps SAT could still
// shrink: none in the tests). Sets that forbid nothing are remembered with the candidates of
// their cells, and not decided again until those change. With
// Options.MaxLevel 3, connected triples are then tested by unit
// propagation, with the reasons kept, so the step can be zoomed into:
// its Sub steps are the propagation. Where no such small set proves
// anything, every instance is switched on, propagation's reasons name
// the instances a conflict used, and the set is shrunk by deletion (unit
// propagation first, then SAT); where propagation proves nothing at all,
// the native backtracker of package fallback, with the sums it derives
// from houses and cages together, tries the candidates of the cells with
// the fewest candidates within a few hundred search nodes, and the houses
// and rules the soonest refuted need are found by deletion (each trial a
// refutation about as short; what a target needs is kept for the next
// positions, and the solutions found with a unit off decide the MUS
// trials they satisfy); solver.MinimalGroupsDecided then gives the
// set among those (or among every instance, where the backtracker
// refutes nothing so), each of its deletion trials
// (some instances on, t supposed) decided first by the native
// backtracker of package fallback (fallback.Solver.SolvePart: the houses
// and whole rules on, with the sums they imply together, within 200,000
// search nodes; its models checked against the instances' clauses), by
// gophersat only where it gives up. Every step is thus subset-minimal
// by SAT, and a step of three or more instances is taken only where no
// set of one or two forbids anything.
//
// The cost of exactness is the search on every set of one and two
// instances at each position where no named technique applies: a few
// hundred sets, most of them decided by the solution, the models kept
// and the sets remembered, without search; rules whose clauses propagate
// weakly (a sum over many cells) leave more to SAT. The fallback's MUS
// is the costliest part on the hardest puzzles: a deletion trial per
// instance of the set, each a near-whole puzzle to refute or solve when
// the MUS is searched among every instance (often 30 of 50), a small one
// among the instances the backtracker's refutation needed.
//
// Techniques composes the named techniques of package logic, the rule
// techniques and this step into the list used by the command line and
// the web page; Check is an independent SAT check of any step.
package explain
