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
package logic
