// Package logic solves Sudoku as a person does: one named, explained step
// at a time, never guessing, and rates how hard that is.
//
// Glossary (as in package board): cells are numbered r·N + c, 0-based; a
// digit d is 1..N; a house is a set of N cells that holds every digit once
// (a row, a column, a box or jigsaw region, and the extra houses of some
// rules: diagonals, windoku regions, disjoint groups). A candidate is a
// digit a cell may still hold; a step either places a digit (a placement)
// or removes candidates (eliminations), and names what it used so that a
// picture can highlight it.
//
// A Grid holds the candidates. Next finds the easiest step that applies,
// in the order of the technique list (easiest first, the order and ratings
// of Sudoku Explainer for 9×9); Solve applies steps until the grid is
// solved or no technique applies (stuck). Techniques are an open list:
// each is a Technique value with a name, an SE-scale rating and a finder,
// and a rule set can bring techniques of its own.
//
// The house techniques (HouseTechniques) follow SE's order and ratings
// (diuf/sudoku/solver/Solver.java, original rating): full house 1.0,
// hidden single 1.2 in a box and 1.5 in a line, SE's direct pointing and
// claiming 1.7/1.9 and direct hidden pair and triple 2.0/2.5 (taken only
// when they give a single at once, which they place), naked single 2.3,
// pointing 2.6, claiming 2.8, naked pair, triple and quad 3.0/3.6/5.0,
// hidden pair, triple and quad 3.4/4.0/5.4, X-Wing, Swordfish and
// Jellyfish 3.2/3.8/5.2 with their finned and sashimi forms, XY-Wing 4.2,
// XYZ-Wing 4.4, and, only with Options.Unique, unique rectangles and
// loops 4.5–5.0 and BUG 5.6–5.7. Other files of the package add techniques (chains,
// forcing chains, and SE's nested forcing chains at 9.0–10.5, the last
// resort before trial) by appending to the package's extraTechniques in an
// init function; DefaultTechniques merges both by rating.
//
// Rate turns a path into SE's ER, EP and ED, HoDoKu's score and level,
// the hardest step and the steps by technique.
package logic
