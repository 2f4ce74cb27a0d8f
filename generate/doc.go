// Package generate makes Sudoku puzzles with exactly one solution: classic
// puzzles of any size (symmetric, minimal, with givens bounds, jigsaw
// regions and global rules), givens that make a setter's variant layout
// unique (Complete), and killer sudokus (Killer).
//
// A classic puzzle is made as qqwing makes its own: a random full grid (a
// search with the digits of each branch in random order), then the givens
// taken away one symmetric group at a time, in random order, each kept away
// only while the puzzle stays unique. One pass leaves a minimal puzzle:
// no given (no group) can go without a second solution. The inner question
// ("still unique?") is asked hundreds of times a puzzle, of the fastest
// engine for the layout: the backtracker of package fallback on classic
// boards, the generator's own candidate-mask solver on jigsaw regions and
// global rules. Each finished puzzle is then proven unique by two engines
// that share no code with that loop's answer: the backtracker (counting to
// two) and the SAT engine (gophersat, counting to two), and its solution
// is checked by variant.Check.
//
// Randomness comes from math/rand/v2's PCG, seeded with the run's seed and
// the puzzle's number, and nothing depends on map order or on which
// goroutine finishes first: the same seed and options give the same
// puzzles on every machine, whatever the number of workers.
//
// The difficulty of a puzzle is the business of a Rater (the logical
// solver's rating, when it is plugged in): Generate draws again until the
// rater accepts.
package generate
