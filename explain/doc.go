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
// touch. The search (Explainer.Find) tries sets in that order: every
// single instance, then every pair of instances that share a cell (and,
// with Options.MaxLevel 3, every connected triple), each tested by unit
// propagation over their
// clauses (with the reasons kept, so the step can be zoomed into: its
// Sub steps are the propagation), and the cheapest set that proves
// anything at the first size that does is taken. Unit propagation is
// weaker than search, so every step is then checked by SAT (package
// solver, gophersat) to be subset-minimal, and shrunk by SAT deletion
// where a smaller set suffices (Stats.Shrunk counts that: a cheaper step
// existed). Where no such small set proves anything by propagation, every instance is switched on, propagation's reasons name
// the instances a conflict used, and the set is shrunk by deletion (unit
// propagation first, then SAT); where propagation proves nothing at all,
// solver.MinimalGroups gives the set. Every step is thus subset-minimal
// by SAT, and cheapest among the sets that propagation can test.
//
// Techniques composes the named techniques of package logic, the rule
// techniques and this step into the list used by the command line and
// the web page; Check is an independent SAT check of any step.
package explain
