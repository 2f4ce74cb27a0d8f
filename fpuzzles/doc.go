// Package fpuzzles reads and writes puzzles in the format of f-puzzles.com,
// the JSON most variant Sudoku setters share, into and from the model of
// package variant.
//
// # Input
//
// A puzzle arrives in one of three forms, each with its reader (package
// input tells the forms apart, with those of the other formats, and
// input.Load reads any of them):
//
//   - the JSON itself (Read): {"size":9,"grid":[[{"value":5,"given":true},...],...],
//     "killercage":[{"cells":["R1C1","R1C2"],"value":"10"}],...}
//   - the text after "?load=" in an f-puzzles link: the JSON compressed with
//     lz-string's compressToBase64 (ReadPayload)
//   - a whole link (ReadURL): https://www.f-puzzles.com/?load=N4Ig..., or a
//     SudokuPad link carrying the same payload after "fpuzzles" or "fpuz":
//     https://sudokupad.app/fpuzzlesN4Ig... (also in "?puzzleid=").
//
// SudokuPad's own format ("scl" or "ctc" before its payload in a link, the
// payload alone, or its JSON, plain or in the relaxed shape of SudokuPad's
// "puzzle zipper") is read too, for what it carries as rules: the givens,
// the regions (a grid without any has only rows and columns) and the
// cages, which are killer cages (a number for the sum; a cage without
// cells holds metadata, such as "title: …"). Every other rule of a
// SudokuPad puzzle is a drawing (lines, arrows, shapes) that its rules
// text explains, so a puzzle that draws one is refused with an
// *UnsupportedError saying what it draws, and so is one whose rules text
// names a rule that no drawing shows (anti-knight, diagonals, ...). The
// setter's solution, when the puzzle carries one, must solve what was read
// (else a *FormatError): a rule only the text states would break it.
//
// The JSON: "size" is the side N (4–16); "grid" is N rows of N cells, each
// with "value" and "given" (a given digit), "region" (a 0-based region
// label; null puts the cell in no region; when no cell has one, the regions
// are the boxes of the largest divisor of N not above √N: 2×3 on 6×6, 3×4
// on 12×12, rows on 5×5 and 7×7), "parity" ("Odd" or "Even", read as an
// odd or even rule) and "givenPencilMarks" (digits set by the setter, as
// SudokuSolver's f-puzzles script writes them: the cell holds one of them;
// ignored, and reported, on a cell with a given digit). Cell names are "R<row>C<col>", 1-based; clues outside
// the grid (little killers, sandwiches, x-sums, skyscrapers) sit on row or
// column 0 or N+1. Each rule has a key holding a list of entries (see
// package variant for the meaning of each rule); the global ones are
// booleans ("antiknight": true). "negative" lists the negative constraints
// ("ratio", "xv"); "nonconsecutive" is the negative white-dot rule.
//
// Keys that only draw — "line", "text", "circle", "rectangle", "cage" (a
// cage with no rule) and f-puzzles' fog of war — are kept as cosmetics and
// reported in Result.Ignored, as are solver notes (centre and corner
// pencil marks, colours, digits entered but not given), and so is a rules
// text ("ruleset") that names a global rule the file does not carry
// ("knight", "anti-king", "non-consecutive", "disjoint", "windoku",
// "entropic"). The setter's "solution", when the file carries one, must
// solve the puzzle as read (else a *FormatError): a rule drawn only, or
// stated only in the text, would break it. A key or cell
// field that satdoku does not know is an *UnsupportedError naming it: a
// dropped rule would produce a wrong solution. A "cage" whose value holds
// "DR<n>" is read as SudokuSolver reads it, as a rule: a
// variant.DigitalRootCage (written back the same way). Any other mistake is a *FormatError naming where it is
// ("killercage[3].cells[1]: R10C1 is off the 9x9 grid"), never a panic.
//
// Interactive Sudoku Solver's puzzles (github.com/sigh/Interactive-Sudoku-Solver)
// are read too (ReadSigh): its constraint strings,
// ".Cage~10~R1C1~R1C2.Thermo~R9C1~R8C1.AntiKing.~R6C4_1", and its links,
// which carry them in "?q=". Each constraint becomes the rule of its
// f-puzzles equivalent, so a puzzle means the same in either form; a
// constraint without one ("Lunchbox", "Or", …) is an *UnsupportedError
// naming it and its item, with Source SighSource.
//
// ReadURL also reads the links of other sites that hold a classic puzzle
// on one line (SudokuWiki's "?bd="), and ReadJSONBoard JSON of other kinds
// that holds a classic board (a puzzle API's {"puzzle": "0700…"});
// ArrayReader streams the puzzles of a JSON array, one element at a time.
// Each format's recogniser (IsSigh, IsSudokuPadID, IsSudokuPadJSON,
// IsJSONBoard) is asked by package input's detection table only.
//
// # Output
//
// Marshal writes a puzzle back as f-puzzles JSON, optionally with a
// solution: f-puzzles and SudokuPad read the setter's solution from a
// "solution" array of N² digits, row by row, and Options.FillGrid also
// writes the digits into the grid (as digits entered, not givens) so that
// the solved grid shows when the file is opened. URL compresses the JSON
// into an f-puzzles link.
package fpuzzles
