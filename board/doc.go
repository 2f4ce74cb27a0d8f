// Package board holds the Sudoku board for any box shape, reads puzzles from
// text and writes them back, and checks solutions independently of any solver.
//
// Glossary (after Norvig): r is a row and c a column, both 0-based; d is a
// digit, 1..N, with 0 for a blank cell; a unit is a row, a column or a box,
// each holding N cells; the peers of a cell are the other cells sharing one
// of its units. A board of side N has boxes of BoxRows×BoxCols cells with
// N = BoxRows·BoxCols: 9×9 boxes are 3×3, 6×6 boxes are 2×3.
package board
