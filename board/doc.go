// Package board holds the Sudoku board for any box shape, reads puzzles from
// text and writes them back, and checks solutions independently of any solver.
//
// Glossary (after Norvig): r is a row and c a column, both 0-based; d is a
// digit, 1..N, with 0 for a blank cell; a unit is a row, a column or a box,
// each holding N cells; the peers of a cell are the other cells sharing one
// of its units. A board of side N has boxes of BoxRows×BoxCols cells with
// N = BoxRows·BoxCols: 9×9 boxes are 3×3, 6×6 boxes are 2×3.
//
// # Boards
//
// A board is 4×4 to 64×64 (MinSide, MaxSide). Nothing smaller is a puzzle:
// a 1×1 board is solved by its one cell, and a line of junk holding one
// symbol must not pass for one. A Reader infers the square shapes, 4×4,
// 9×9, 16×16, 25×25, 36×36, 49×49 and 64×64; rectangular boxes, such as
// 2×3 for 6×6, cannot be told from the text and are given as Reader.Shape.
// Boxes of one row (Shape{1, N}) are allowed when given: they coincide with
// the rows, and the puzzle is a Latin square.
//
// # Input formats
//
// A Reader reads a stream of puzzles, one after another, and detects the
// format and size of each one; Parse reads a text holding exactly one. There
// are three formats. Grid: N lines of N numbers separated by spaces or tabs,
// 0 or '.' for a blank (or separated by commas or semicolons, as a
// spreadsheet exports a board, where an empty field is a blank too:
// "5,3,,,7,,,,"):
//
//	1 2 0 4
//	0 0 1 0      →  the 4×4 board 12.4..1.....4..1
//	0 0 0 0
//	4 0 0 1
//
// Compact: N lines of N symbols with nothing between them, as Project Euler
// 96 writes its puzzles, each under a title line:
//
//	Grid 01
//	003020600    →  a 9×9 board titled "Grid 01"
//	900305001
//	…            (9 rows)
//
// Line: the N² symbols of a board on one line, row after row:
//
//	12.4..1.....4..1                                                                    →  a 4×4 board
//	4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........   →  a 9×9 board
//
// Box borders may be drawn anywhere: lines made only of '-', '+', '|', '*',
// '=', Unicode box-drawing characters and spaces are skipped, and so are '|'
// and box-drawing characters between the cells of a row, with spaces
// around them or not ("|5 3 .|. 7 .|"), so pretty output (see below) reads
// back as a grid:
//
//	+-----+-----+
//	| 1 2 | . 4 |
//	| . . | 1 . |    →  the 4×4 board 12.4..1.....4..1
//	+-----+-----+
//	| . . | . . |
//	| 4 . | . 1 |
//	+-----+-----+
//
// When no box shape is given, a grid whose side needs one (6×6, 12×12)
// takes the one its borders draw: cells between the '|' of its first row
// in groups of c make boxes of N/c rows by c columns, if the first rule
// across the grid comes after N/c rows.
//
// The exception is a line of only '-' whose length is a row's: that is a row
// of blanks (SPOJ writes blanks as '-').
//
// A line puzzle may also be one field of a record: a line of fields
// separated by commas, semicolons, tabs or spaces, as public puzzle lists
// write them (CSV files such as "puzzle,solution" or
// "id,puzzle,solution,clues,rating", their fields quoted or not; rated
// lists such as "puzzle 11.9").
// The field that is a whole line puzzle, the largest if several are (the
// first of equals: the puzzle before its solution), is the puzzle, and the
// other fields are not read, but a field before it that is a line puzzle
// gone wrong (a few symbols short or over, or a stray character) is an
// error naming it: the solution is never solved in its place. A line of
// column names over a record, such as "quizzes,solutions", is a header
// and is skipped. A line is read as a
// record only when no other format reads it.
//
// Arrays, as JSON or a programming language prints a board, read as the
// numbers they hold: a line that starts with '[' or ']' has its brackets,
// commas and quotes read as spaces, so that rows such as [5, 3, 0, …],
// under a line "[" and over a line "]", are grid rows, and LeetCode's
// [["5","3","."…],[…]…] on one line, like any line of N² numbers
// separated by spaces, is a line puzzle.
//
// # Alphabets
//
// The symbols of compact and line puzzles come from an Alphabet (the grid
// format writes numbers). Default is 1-9 and then A=10 … Z=35, read in
// either case, with '.', '0' or '-' for a blank; Hex is 0-F for 16×16 ('0'
// is the digit 1); Letters is A=1 … Z=26. Default is not extended past 35
// symbols. Its letters are read in either case because 16×16 and 25×25
// files are written both ways (1-9A-G and 1-9a-g are the same puzzle), so
// lowercase letters cannot be given digits of their own; and no convention
// exists for writing a 36×36 board or larger one symbol a cell. So the
// compact and line formats hold boards up to 35×35 in Default (all the
// square ones up to 25×25), 16×16 in Hex and 26×26 in Letters; larger
// boards are read and written as grids, whose cells are numbers. CanWrite
// (or Writer.Check) refuses, before any solving, a board that a format
// cannot write, and writers never print a placeholder for a digit.
//
// A Reader with no Alphabet reads in Default, except a puzzle that Default
// cannot place on its board but Letters can: letters up to its size and
// blanks, no digit 1-9 (SPOJ's 16×16 puzzles in A-P, a 9×9 in A-I). No
// other reading of such a puzzle exists, so it is read in Letters, and its
// Puzzle.Alphabet says so. A compact puzzle whose first rows hold only A-G
// (on a 16×16 board) and blanks is read again as letters once a row holds
// a letter past G. A 16×16 line or compact puzzle that writes a '0' beside
// '.' or '-' blanks, holds no 'G' and only hex symbols is read in Hex:
// no one writes two kinds of blank in Default, but a hex puzzle writes its
// zeros, which Default would read as blanks, solving another puzzle.
//
// # What is skipped, and what is an error
//
// Blank lines and lines starting with '#' are skipped, and so is a '#'
// after a space or tab and the rest of its line ("53..7.... # easy"); line endings may be
// LF or CRLF, the last line may lack one, spaces and tabs around a line are
// ignored, and so are ANSI colour escapes in a grid (as Pretty writes them
// with Color).
// SadMan Sudoku's .sdk files head their sections with a name in brackets:
// the lines under "[Puzzle]" (in any case) are read as ever, and those
// under any other header ("[State]", the player's progress, pencil marks,
// colours) are skipped up to the next header, for they hold no puzzle.
// The one title line is "Grid" and a number (Project Euler 96's "Grid 01",
// in any case), which becomes Puzzle.Title of the puzzle below it. Any other
// line that starts with a word of two or more letters and a space ("Hard
// puzzle …", "solution follows") is not dropped: it is an error (ErrText),
// as is every line that is no puzzle.
//
// A line of XML or HTML (from '<' to '>'), as OpenSudoku writes its
// collections (<game data="0700…"/>), holds the puzzle that one of its
// attribute values or texts is, or none: a tag such as <name>Easy</name> is
// skipped. A value of sixteen symbols or more that fits no size is an
// error, and so is a line holding two puzzles (each element belongs on a
// line of its own); a full grid beside the puzzle is its solution, not read.
//
// Each error is a *ParseError naming the line, and the column where that
// means something (1-based, counted in characters), and wrapping a sentinel
// for errors.Is: ErrSymbol (a character or number not allowed in a cell),
// ErrRowLength (a row or line with the wrong number of cells), ErrRowCount
// (a grid with too few or too many rows), ErrSize (a size that makes no
// board, or not the Reader's Shape), ErrLineTooLong, ErrText, ErrExtra (a
// line of markup holding several puzzles, and from Parse text after the
// puzzle) and from Parse ErrEmpty. The message says what would be right:
//
//	1 2 0 4
//	3 4 1 2      →  line 3, column 5: '7' is not allowed here: a 4×4 grid uses the numbers 1-4, with 0 or . for a blank
//	2 1 7 3
//	4 3 2 1
//
// An error concerns one puzzle only: the next Read goes on with the next
// puzzle, and a bad line never takes the puzzles after it down with it. A
// grid ends at the first line that is not one of its rows (a row has about
// N cells, N ± 2, in the grid's layout), so a grid cut short is reported and
// the line after it read as what it is. Rows directly after the N-th, fewer
// than a whole grid, make one grid with too many rows, of which nothing is
// read; N rows or more are the next grid. A line that would start a grid
// but is not followed by its rows is reported on its own, and so is a wrong
// line before a whole grid.
//
// # Detection
//
// A line with spaces or tabs between its cells starts a grid. Otherwise its
// symbols are counted: N² symbols make a line puzzle, N symbols the first
// row of a compact one. When both readings are possible (16 symbols: a 4×4
// line or a 16×16 row) the line wins, unless the 16 rows from it all have 16
// symbols and more than half of them hold a digit above 4, or both it and
// the next row hold one.
//
// # Limits
//
// Memory is bounded however long the input: a line longer than
// Reader.MaxLineLength (DefaultMaxLineLength, 64 KiB) is discarded, without
// being stored, and reported; at most about 4N+10 lines are buffered (2N+1
// rows ahead, looked at only after a bad first row). The numbers of a grid
// have at most three digits.
//
// # Output formats
//
// A Writer writes boards in one of four formats (ParseFormat names them):
// Grid, Compact and Line as above, and Pretty, a grid drawn for people with
// box borders, Unicode or ASCII, and optional colour for the givens:
//
//	┌─────┬─────┐
//	│ 1 2 │ 3 4 │
//	│ 3 4 │ 1 2 │
//	├─────┼─────┤
//	│ 2 1 │ 4 3 │
//	│ 4 3 │ 2 1 │
//	└─────┴─────┘
//
// An irregular (jigsaw) board given its regions (Writer.Regions) is drawn
// with the regions' borders instead, every cell with room for a border on
// each side so that the columns line up.
//
// Everything a Writer writes, a Reader given the same Shape and Alphabet
// reads back as the same board.
package board
