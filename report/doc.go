// Package report presents the result of one solve the same way to every
// front end: as the JSON object that the command line writes (solve -o
// json, one a line) and the web API answers (POST /api/solve), and as the
// marks on the puzzle's picture (render, solve -o svg, the page).
//
// # The JSON object
//
// New turns an engine.Result into a Result, whose fields are, in order
// (those that do not apply are left out; micros never is):
//
//	status          solved, no_solution, invalid, timeout, undecided or error
//	                (engine.Status.String)
//	solution        the solution: its line, the N² symbols in the puzzle's
//	                alphabet, where that alphabet can write it (every board up
//	                to 35×35 in the default one), else its rows as arrays of
//	                numbers; either reads back as a puzzle
//	error           what went wrong (invalid, timeout, undecided, error)
//	engine          the engine that answered: sat, backtrack, both, external
//	fallback        why the backtracker answered instead of SAT
//	micros          the time the answer took, in microseconds
//	solutions       the number of solutions found, when counting (at most the
//	                count asked for)
//	unique          whether there is exactly one, when counting was a
//	                uniqueness check
//	second, differ  a second solution (as solution), and the names of the
//	                cells where it differs from the first ("r1c2")
//	clashes         givens that break a rule directly: {"cells":[a,b],
//	                "digit":d,"unit":"row 1","message":"r1c1=5 and r1c2=5
//	                are both in row 1"}, cells numbered r·N + c from 0
//	conflict        a minimal set of givens (and, for a variant puzzle, rules)
//	                with no completion, named: "r2c3=3", then the rules as
//	                their Describe says
//	conflict_cells  the cells of those givens (r·N + c)
//	conflict_rules  the indexes of those rules in the puzzle's list
//	explanation     the clashes or the conflict in a sentence
//	confirmed       for no_solution: whether a second engine, or clashing
//	                givens, confirmed it (engine.Result.Confirmed)
//	candidates      the true candidates: per cell in reading order, the
//	                digits it holds in some solution
//
// The command line adds index, file and line before these, and rating,
// steps and logic_error after; the web API adds the puzzle's description
// (size, box, givens, rules, …) and its pictures (svg, svg_second).
//
// # The picture
//
// Mark adds a result to the picture of its puzzle: the solution (or the
// true candidates), a second solution beside it with the cells where they
// differ, the clashing givens or the minimal conflict of givens and rules.
//
// # Logical steps
//
// A step of the logical solver (package logic) is also turned into JSON
// and into a picture here, once for every front end: NewStep makes the
// object that solve --steps -o json lists under "steps", hint -o json
// writes as "step", and the web API's /api/steps lists in its path;
// StepPicture makes what render --step and the page draw. A step's
// fields (those that do not apply are left out):
//
//	technique     the technique's name: "Hidden Single"
//	rating        its difficulty on the SE scale
//	text          the step in words
//	placements    the digits it places: {"cell":47,"name":"r6c3","digit":3},
//	              cells numbered r·N + c from 0 and named
//	eliminations  the candidates it removes, as placements
//	cells         the cells it relies on (r·N + c)
//	candidates    the candidates it relies on, as placements
//	houses        the houses it relies on: {"name":"box 4","cells":[27,…]}
//	rules         the rule instances it relies on (a cage, a thermometer),
//	              as indexes into the puzzle's rules
//	links         its chain's links, in order:
//	              {"from_digit":5,"from":[3],"to_digit":5,"to":[30],
//	              "strong":true}; strong: if from is false, to is true;
//	              weak: if from is true, to is false
//	sub           the steps it is made of, in order, as steps: a SAT step's
//	              zoom (the candidate supposed, then each digit that unit
//	              propagation places or removes, to the contradiction), a
//	              forcing chain's branches
//
// NewRating makes the rating (solve --rate -o json): er, ep, ed, hodoku,
// level, hardest, solved.
package report
