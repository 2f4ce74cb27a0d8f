// Package input tells every input format of satdoku apart and reads it:
// one detection table, asked by one function (Detect for a whole text,
// NewReader for a stream), used by the command line, the web server and
// the library alike. Callers never ask "is this X?" themselves; each
// format's reader says how it recognises itself, and this package picks,
// as image.Decode picks among the registered image formats.
//
// # Detection
//
// Detection looks at the first line other than blanks and # comments
// (first), the one after it (second), the lines that hold a digit (rows:
// the first, and the next ones while they read as rows of single
// candidates, up to a side's worth), and the input's name. The rows are asked in this order, and
// the first that matches picks the format; the table is the detectors
// variable of detect.go, which says the same in code:
//
//	format            matches when                                            read by
//	JSONArray         first starts with "[" and the name ends in .json, or    fpuzzles.ArrayReader, each element
//	                  first and second are "[" alone (jq's print)             by LoadValue
//	JSON              first starts with "{"                                   SudokuPad's (fpuzzles.IsSudokuPadJSON),
//	                                                                          a board (fpuzzles.IsJSONBoard), else
//	                                                                          f-puzzles' (fpuzzles.Decode)
//	Sigh              fpuzzles.IsSigh(first): ".Cage~…", ".~R1C1_5", ISS's    fpuzzles.ReadSigh
//	                  link or short forms
//	SudoCue           first starts with "3x3:" (IsSudoCue)                    ReadSudoCue
//	SnarfKiller       81 cage heads and arrows (IsSnarfKiller)                ReadSnarfKiller
//	SudokuPadID       one word "scl…" or "ctc…" (fpuzzles.IsSudokuPadID)      fpuzzles.ReadSudokuPadID
//	Link              first's first word has "://", starts "www.", or names   fpuzzles.ReadURL
//	                  f-puzzles.com or SudokuPad
//	Payload           one word with "load=", or starting "fpuzzles", or 40    fpuzzles.ReadPayload
//	                  characters or more of lz-string's alphabet starting
//	                  "N4Ig" or holding + / = $
//	JSON              the name ends in .json (in no form above)               fpuzzles.Decode, which says what is wrong
//	Marks             rows are rows of candidates, the last with a cell of    MarksReader
//	                  two or more (IsMarksRow): solved rows may come first
//	Text              anything else                                           board.Reader
//
// Text is a family: board.Reader tells its members apart puzzle by puzzle
// (grids with or without spaces, line puzzles, records of CSV and other
// datasets, markup), as the package doc of board describes, for that is
// the fast path of classic puzzles and a stream may mix them.
//
// The variant formats (all but Text and Marks) may be mixed in one input,
// a puzzle a line: links, payloads, killer strings, JSON Lines. An
// Interactive Sudoku Solver string goes on over the lines that continue it
// (ISS's text box reads every line as one puzzle, and its collections write
// a long one so): lines indented under it, as the collections indent them,
// and lines that break it inside a constraint (one starting with '~' or
// '_', or under a string that ends with '.', '~' or '_'). Whole strings on
// lines one under the other, none indented, could be one puzzle or a
// puzzle a line: they are refused as one, ErrSighLines naming the line, so
// put a blank line between puzzles, or indent the lines that go on.
//
// # Bytes and files
//
// Decode makes any input UTF-8 text (a byte order mark skipped, UTF-16
// decoded, gzip decompressed); ZipMembers reads a zip archive as its
// files; Argument tells a command-line argument that is a puzzle from a
// file name (an existing file wins; text that cannot be a path is a
// puzzle), so that an argument is read and diagnosed exactly as the same
// text on standard input is.
//
// The killer strings (SudoCue's, the snarfable one) and pencil-mark grids
// are read here too: they are input formats, and package variant keeps
// only the model.
package input
