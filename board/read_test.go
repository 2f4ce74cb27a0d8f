package board

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
)

// item is one expected result of Reader.Read: a puzzle (err nil) or an error.
type item struct {
	err    error // sentinel the ParseError must match
	line   int   // puzzle's Line, or the error's Line
	col    int   // error's Col
	format Format
	cells  string // expected board in line format, Default alphabet; "" = unchecked
	title  string
	side   int // expected side; 0 = unchecked
	// alphabet is the name of the alphabet the puzzle is read with; ""
	// is the Reader's own (Default if it has none).
	alphabet string
}

func puz(f Format, line int, cells string) item { return item{format: f, line: line, cells: cells} }
func bad(err error, line, col int) item         { return item{err: err, line: line, col: col} }

const (
	boj    = "0 3 5 4 6 9 2 7 8\n7 8 2 1 0 5 6 0 9\n0 6 0 2 7 8 1 3 5\n3 2 1 0 4 6 8 9 7\n8 0 4 9 1 3 5 0 6\n5 9 6 8 2 0 4 1 3\n9 1 7 6 5 2 0 8 0\n6 0 3 7 0 1 9 5 2\n2 5 8 3 9 4 7 6 0\n"
	pe01   = "003020600\n900305001\n001806400\n008102900\n700000008\n006708200\n002609500\n800203009\n005010300\n"
	pe01L  = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
	line9  = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
	line4  = "12.4..1.....4..1"
	line4L = "12.4..1.....4..1"
)

// spojRaw is the sample 16×16 puzzle of SPOJ SUDOKU (POJ 3076), written
// in the letters A-P with '-' for a blank; spojLine is it in the default
// alphabet.
const (
	spojRaw  = "--A----C-----O-I\n-J--A-B-P-CGF-H-\n--D--F-I-E----P-\n-G-EL-H----M-J--\n----E----C--G---\n-I--K-GA-B---E-J\nD-GP--J-F----A--\n-E---C-B--DP--O-\nE--F-M--D--L-K-A\n-C--------O-I-L-\nH-P-C--F-A--B---\n---G-OD---J----H\nK---J----H-A-P-L\n--B--P--E--K--A-\n-H--B--K--FI-C--\n--F---C--D--H-N-\n"
	spojLine = "..1....3.....F.9.A..1.2.G.376.8...4..6.9.5....G..7.5C.8....D.A......5....3..7....9..B.71.2...5.A4.7G..A.6....1...5...3.2..4G..F.5..6.D..4..C.B.1.3........F.9.C.8.G.3..6.1..2......7.F4...A....8B...A....8.1.G.C..2..G..5..B..1..8..2..B..69.3....6...3..4..8.E."
)

var (
	bojLine    = strings.NewReplacer(" ", "", "\n", "", "0", ".").Replace(boj)
	pe01Digits = strings.ReplaceAll(pe01, "\n", "")
)

var readTests = []struct {
	name   string
	in     string
	shape  Shape
	alpha  *Alphabet
	maxLen int
	want   []item
	msg    string // substring of the first error's message
}{
	{name: "GridClassic", in: boj, want: []item{puz(Grid, 1, bojLine)}},
	{name: "GridCRLFTrailingTabsNoFinalNewline",
		in:   strings.TrimSuffix(strings.ReplaceAll(strings.ReplaceAll(boj, " ", " \t  "), "\n", " \t\r\n"), "\r\n"),
		want: []item{puz(Grid, 1, bojLine)}},
	{name: "GridDotsAndComments", in: "# a comment\n\n" + strings.ReplaceAll(boj, "0", "."), want: []item{puz(Grid, 3, bojLine)}},
	{name: "GridBoxBars", in: "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1\n", want: []item{puz(Grid, 1, "1234341221434321")}},
	{name: "GridGluedBars", in: "|1 2|. 4|\n|. .|1 .|\n|---+---|\n|. .|. .|\n|4 .|. 1|\n", want: []item{puz(Grid, 1, "12.4..1.....4..1")}},
	{name: "GridGluedBoxDrawing", in: "│1 2│. 4│\n│. .│1 .│\n├───┼───┤\n│. .│. .│\n│4 .│. 1│\n", want: []item{puz(Grid, 1, "12.4..1.....4..1")}},
	{name: "GridGluedBarBadCell", in: "|1 2|. 4|\n|. .|1 .|\n|. .|. x|\n|4 .|. 1|\n", want: []item{bad(ErrSymbol, 3, 8)}},
	{name: "GridCommas", in: "1,2,0,4\n0,0,1,0\n0,0,0,0\n4,0,0,1\n", want: []item{puz(Grid, 1, "12.4..1.....4..1")}},
	{name: "GridSemicolonsEmptyBlanks", in: "1; 2;;4\n;;1;\n;;;\n4;;;1\n", want: []item{puz(Grid, 1, "12.4..1.....4..1")}},
	{name: "GridCommaAfterLast", in: "1,2,0,4,\n0,0,1,0,\n0,0,0,0,\n4,0,0,1,\n", want: []item{puz(Grid, 1, "12.4..1.....4..1")}},
	{name: "GridCommaEmptyLast", in: "1,2,,4\n,,1,\n,,,\n4,,,1\n", want: []item{puz(Grid, 1, "12.4..1.....4..1")}},
	{name: "GridCommaLine", in: "1,2,0,4,0,0,1,0,0,0,0,0,4,0,0,1\n", want: []item{puz(Line, 1, "12.4..1.....4..1")}},
	{name: "GridCommaBadCell", in: "1,2,0,4\n0,0,1,0\n0,x,0,0\n4,0,0,1\n", want: []item{bad(ErrSymbol, 3, 3)}},
	{name: "TrailingComments", in: line9 + " # hard, from a list\n1 2 0 4 # first row\n0 0 1 0\n0 0 0 0\n4 0 0 1\t# last\n", want: []item{puz(Line, 1, line9), puz(Grid, 2, "12.4..1.....4..1")}},
	{name: "HashInsideNoComment", in: "12.4..1.#...4..1\n", want: []item{bad(ErrSymbol, 1, 9)}},
	{name: "MarkupOpenSudoku", in: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opensudoku>\n<name>Easy</name>\n<game data=\"12.4..1.....4..1\" />\n<game data='1204001000004001'/>\n<game data=\"" + line9[:80] + "\" />\n</opensudoku>\n" + line9 + "\n",
		want: []item{puz(Line, 4, "12.4..1.....4..1"), puz(Line, 5, "12.4..1.....4..1"), bad(ErrRowLength, 6, 93), puz(Line, 8, line9)}},
	{name: "MarkupElementText", in: "<puzzle>" + line9 + "</puzzle>\n", want: []item{puz(Line, 1, line9)}},
	{name: "MarkupSolutionBeside", in: "<game data=\"12.4..1.....4..1\" solution=\"1234341221434321\"/>\n", want: []item{puz(Line, 1, "12.4..1.....4..1")}},
	{name: "MarkupTwoOnALine", in: "<g><game data=\"12.4..1.....4..1\"/><game data=\"1..4..1.....4..1\"/></g>\n" + line9 + "\n",
		want: []item{bad(ErrExtra, 1, 47), puz(Line, 2, line9)}},
	{name: "Grid16", in: strings.Repeat("16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1\n", 16), want: []item{{format: Grid, line: 1, side: 16}}},
	{name: "GridTwoInARow", in: boj + boj, want: []item{puz(Grid, 1, bojLine), puz(Grid, 10, bojLine)}},
	{name: "CompactEuler", in: "Grid 01\n" + pe01 + "Grid 02\n" + pe01, want: []item{
		{format: Compact, line: 2, cells: pe01L, title: "Grid 01"}, {format: Compact, line: 12, cells: pe01L, title: "Grid 02"}}},
	{name: "CompactSadMan", in: "#ARuud\n[Puzzle]\n" + pe01 + "[State]\n" + strings.ReplaceAll(pe01, "0", "5") + "[PencilMarks]\nnot read\n\n[puzzle]\n" + pe01,
		want: []item{puz(Compact, 3, pe01L), puz(Compact, 26, pe01L)}},
	{name: "CompactSadManStateOnly", in: "[State]\n" + pe01, want: nil},
	{name: "SectionEndsGrid", in: "[Puzzle]\n" + strings.Join(strings.SplitAfter(pe01, "\n")[:5], "") + "[State]\n" + pe01,
		want: []item{bad(ErrRowCount, 7, 0)}},
	{name: "BracketedRowIsNoSection", in: "[0 0 0 4]\n[0 0 1 0]\n[2 1 0 0]\n[0 4 0 0]\n", want: []item{puz(Grid, 1, "...4..1.21...4..")}},
	{name: "CompactSimpleSudoku",
		in:   "*-----------*\n|..3|.2.|6..|\n|9..|3.5|..1|\n|..1|8.6|4..|\n|---+---+---|\n|..8|1.2|9..|\n|7..|...|..8|\n|..6|7.8|2..|\n|---+---+---|\n|..2|6.9|5..|\n|8..|2.3|..9|\n|..5|.1.|3..|\n*-----------*\n",
		want: []item{puz(Compact, 2, pe01L)}},
	{name: "CompactLettersDashRow", alpha: &Letters,
		in:   "AB-D\n----\n--A-\nD---\n",
		want: []item{puz(Compact, 1, "12.4......1.4...")}},
	{name: "LineMixedSizes", in: line9 + "\r\n" + line4 + "\n" + strings.Repeat("1", 1) + strings.Repeat(".", 255) + "\n",
		want: []item{puz(Line, 1, line9), puz(Line, 2, line4L), {format: Line, line: 3, side: 16}}},
	{name: "LineZerosDashesLowercase", in: strings.Repeat("0", 80) + "9\n" + "g" + strings.Repeat("-", 255),
		want: []item{puz(Line, 1, strings.Repeat(".", 80)+"9"), {format: Line, line: 2, side: 16}}},
	{name: "LineHex", alpha: &Hex, in: "0" + strings.Repeat(".", 254) + "f\n", want: []item{{format: Line, line: 1, side: 16}}},
	{name: "Ambiguous16IsLine", in: strings.Repeat(line4+"\n", 20), want: func() []item {
		var w []item
		for i := 1; i <= 20; i++ {
			w = append(w, puz(Line, i, line4L))
		}
		return w
	}()},
	{name: "Ambiguous16LineWithTypo", in: strings.Repeat(line4+"\n", 8) + "12.4..1.....4..5\n" + strings.Repeat(line4+"\n", 8),
		want: func() []item {
			var w []item
			for i := 1; i <= 8; i++ {
				w = append(w, puz(Line, i, line4L))
			}
			w = append(w, bad(ErrSymbol, 9, 16))
			for i := 10; i <= 17; i++ {
				w = append(w, puz(Line, i, line4L))
			}
			return w
		}()},
	{name: "Ambiguous16IsCompactFirstRow", in: "G" + strings.Repeat(".", 15) + "\n" + strings.Repeat(strings.Repeat(".", 15)+"9\n", 15),
		want: []item{{format: Compact, line: 1, side: 16}}},
	{name: "Ambiguous16IsCompactLaterRows", in: strings.Repeat(".", 16) + "\n" + strings.Repeat("..G"+strings.Repeat(".", 13)+"\n", 15),
		want: []item{{format: Compact, line: 1, side: 16}}},
	{name: "Rect2x3Line", shape: Shape{2, 3}, in: "123456" + strings.Repeat(".", 30) + "\n", want: []item{{format: Line, line: 1, side: 6}}},
	{name: "Rect2x3Compact", shape: Shape{2, 3}, in: strings.Repeat("1.....\n", 6), want: []item{{format: Compact, line: 1, side: 6}}},
	{name: "Rect2x3Grid", shape: Shape{2, 3}, in: strings.Repeat("1 0 0 0 0 6\n", 6), want: []item{{format: Grid, line: 1, side: 6}}},
	// Pretty output reads back as a grid (issue 13 item 1).
	{name: "PrettyUnicode", in: "┌─────┬─────┐\n│ 1 2 │ . 4 │\n│ . . │ 1 . │\n├─────┼─────┤\n│ . . │ . . │\n│ 4 . │ . 1 │\n└─────┴─────┘\n" + line9,
		want: []item{puz(Grid, 2, line4L), puz(Line, 8, line9)}},
	{name: "PrettyASCII", in: "+-----+-----+\n| 1 2 | . 4 |\n| . . | 1 . |\n+-----+-----+\n| . . | . . |\n| 4 . | . 1 |\n+-----+-----+\n",
		want: []item{puz(Grid, 2, line4L)}},
	{name: "PrettyColor", in: "| \x1b[1m1\x1b[0m \x1b[1m2\x1b[0m | . \x1b[1m4\x1b[0m |\n| . . | \x1b[36m1\x1b[0m . |\n| . . | . . |\n\x1b[1m4\x1b[0m 0 0 1\n",
		want: []item{puz(Grid, 1, line4L)}},
	{name: "PrettyWide", in: "│ 16  . │\n" + strings.Repeat("│  . 12  .  .  .  .  .  .  .  .  .  .  .  .  .  . │\n", 16),
		want: []item{bad(ErrRowLength, 1, 0), {format: Grid, line: 2, side: 16}}},
	{name: "MixedFormats", in: boj + "\n" + line9 + "\nGrid 07\n" + pe01,
		want: []item{puz(Grid, 1, bojLine), puz(Line, 11, line9), {format: Compact, line: 13, cells: pe01L, title: "Grid 07"}}},

	// Records: puzzle lists with more fields per line (CSV files with a
	// header, rated lists): the largest field that is a line puzzle.
	{name: "RecordsCSVHeader", in: "quizzes,solutions\n" + pe01Digits + "," + pe01Digits + "\n" + line9 + "," + line9 + "\r\n",
		want: []item{puz(Line, 2, pe01L), puz(Line, 3, line9)}},
	{name: "RecordsCSVIdFirst", in: "id,puzzle,solution,clues,difficulty\n1," + line9 + "," + pe01Digits + ",17,2.2\n",
		want: []item{puz(Line, 2, line9)}},
	{name: "RecordsTSVHeader", in: "puzzle\tsolution\n" + line9 + "\t" + pe01Digits + "\n",
		want: []item{puz(Line, 2, line9)}},
	{name: "RecordsCSVQuoted", in: "\"id\",\"puzzle\"\n\"7\",\"" + line9 + "\"\n",
		want: []item{puz(Line, 2, line9)}},
	{name: "RecordsRated", in: line9 + " 11.9/11.9/11.3\n" + line9 + ";11.9\n0000183b305c  " + line9 + "  1.2\n" + line9 + "\t# hard\n",
		want: []item{puz(Line, 1, line9), puz(Line, 2, line9), puz(Line, 3, line9), puz(Line, 4, line9)}},
	{name: "RecordsLongestField", in: "1234123412341234," + line9 + "\n" + line4 + ",x\n",
		want: []item{puz(Line, 1, line9), puz(Line, 2, line4L)}},
	{name: "RecordsHeaderOverNoRecord", in: "quizzes,solutions\n" + line9 + "\n",
		want: []item{bad(ErrSymbol, 1, 8), puz(Line, 2, line9)}},
	{name: "RecordsNoPuzzleField", in: line9[:80] + ",x\n" + line9 + " 1 2\n" + line9 + "\n",
		want: []item{bad(ErrRowLength, 1, 81), puz(Line, 2, line9), puz(Line, 3, line9)}},
	// A broken puzzle field is an error, never replaced by the solution
	// field after it: one symbol short, one too many, a stray letter,
	// blanks written '_'.
	{name: "RecordsBrokenPuzzleBeforeSolution", in: "quizzes,solutions\n" +
		line9[:80] + "," + bojLine + "\n" +
		line9 + "4," + bojLine + "\n" +
		line9[:40] + "X" + line9[41:] + "," + bojLine + "\n" +
		strings.ReplaceAll(line9, ".", "_") + "," + bojLine + "\n" +
		line9 + "," + bojLine + "\n",
		want: []item{bad(ErrRowLength, 2, 81), bad(ErrRowLength, 3, 82), bad(ErrSymbol, 4, 41), bad(ErrSymbol, 5, 2), puz(Line, 6, line9)}},
	// A header over a broken first record is still a header.
	{name: "RecordsHeaderOverBrokenRecord", in: "id,puzzle,clues\n1," + line9[:80] + ",24\n2," + line9 + ",25\n",
		want: []item{bad(ErrRowLength, 2, 83), puz(Line, 3, line9)}},
	// A rated list with several fields after the puzzle, separated by
	// spaces or tabs, is records, not a grid of as many columns.
	{name: "RecordsRatedManyFields", in: line9 + " 11.9 coloin x\n" + line9 + "\t11.8\televen\ty\n" + line9 + " 11.7 a b\n" + line9 + " 1 2 3\n",
		want: []item{puz(Line, 1, line9), puz(Line, 2, line9), puz(Line, 3, line9), puz(Line, 4, line9)}},

	// Arrays, as JSON or a programming language writes them (LeetCode's
	// board), and a whole board as numbers on one line.
	{name: "ArrayJSONOneLine", in: "[[\"1\",\"2\",\".\",\"4\"],[\".\",\".\",\"1\",\".\"],[\".\",\".\",\".\",\".\"],[\"4\",\".\",\".\",\"1\"]]\n" + line9,
		want: []item{puz(Line, 1, line4L), puz(Line, 2, line9)}},
	{name: "ArrayRows", in: "board:\n[\n  [5, 3, 0, 0, 7, 0, 0, 0, 0],\n" + strings.Repeat("  [0, 0, 0, 0, 0, 0, 0, 0, 0],\n", 8) + "]\n",
		want: []item{bad(ErrSymbol, 1, 6), puz(Grid, 3, "53..7...."+strings.Repeat(".", 72))}},
	{name: "SpacedLine16Is4x4", in: "1 2 0 4 0 0 1 0 0 0 0 0 4 0 0 1\n\n" + line9 + "\n",
		want: []item{puz(Line, 1, line4L), puz(Line, 3, line9)}},
	{name: "SpacedLine81", in: strings.TrimSpace(strings.ReplaceAll(boj, "\n", " ")) + "\n" + strings.Repeat("0 ", 80) + "10\n",
		want: []item{puz(Line, 1, bojLine), bad(ErrSymbol, 2, 161)}},

	// A UTF-8 byte order mark, as some Windows editors write, before any format.
	{name: "ByteOrderMarkLine", in: "\ufeff" + line9 + "\n\ufeff" + line9 + "\n",
		want: []item{puz(Line, 1, line9), bad(ErrSymbol, 2, 1)}},
	{name: "ByteOrderMarkGrid", in: "\ufeff" + boj, want: []item{puz(Grid, 1, bojLine)}},

	// Errors.
	{name: "Empty", in: ""},
	{name: "OnlyNewlines", in: "\n\n\r\n\n"},
	{name: "OnlyComments", in: "# nothing\n#\n"},
	{name: "GoodBadGood", in: line9 + "\n" + line9[:40] + "x" + line9[41:] + "\n" + line9 + "\n",
		want: []item{puz(Line, 1, line9), bad(ErrSymbol, 2, 41), puz(Line, 3, line9)}, msg: "'x' is not allowed here: a 9×9 board uses 1-9"},
	// A line puzzle of the wrong length: the column of the first extra
	// symbol, or the end of the line plus one (issue 7).
	{name: "LineShort", in: line9[:80] + "\n" + line9, want: []item{bad(ErrRowLength, 1, 81), puz(Line, 2, line9)},
		msg: "line 1, column 81: the line has 80 symbols, 1 fewer than the 81 of a 9×9 puzzle on one line"},
	{name: "LineLong", in: line9 + "5\n" + line9, want: []item{bad(ErrRowLength, 1, 82), puz(Line, 2, line9)},
		msg: "line 1, column 82: the line has 82 symbols, 1 more than the 81 of a 9×9 puzzle on one line"},
	{name: "LineLongBy3", in: line9 + "123\n" + line9, want: []item{bad(ErrRowLength, 1, 82), puz(Line, 2, line9)}, msg: "84 symbols, 3 more than the 81"},
	{name: "LineShortBy5", in: line9[5:] + "\n" + line9, want: []item{bad(ErrRowLength, 1, 77), puz(Line, 2, line9)}, msg: "76 symbols, 5 fewer than the 81"},
	{name: "LineShortTrailingSpaces", in: line9[:80] + " \t\n" + line9, want: []item{bad(ErrRowLength, 1, 81), puz(Line, 2, line9)}},
	{name: "LineLongBars", in: "12.4|..1.|....|4..1|3\n" + line4, want: []item{bad(ErrRowLength, 1, 21), puz(Line, 2, line4L)}, msg: "17 symbols, 1 more than the 16 of a 4×4"},
	{name: "LineShortBars", in: "12.4|..1.|....|4..\n" + line4, want: []item{bad(ErrRowLength, 1, 19), puz(Line, 2, line4L)}, msg: "15 symbols, 1 fewer than the 16 of a 4×4"},
	{name: "LineLongRect", shape: Shape{2, 3}, in: "123456" + strings.Repeat(".", 31) + "\n", want: []item{bad(ErrRowLength, 1, 37)}, msg: "37 symbols, 1 more than the 36 of a 6×6 (2×3 boxes) puzzle"},
	{name: "LineShortHex", alpha: &Hex, in: "0" + strings.Repeat(".", 253) + "\n", want: []item{bad(ErrRowLength, 1, 255)}, msg: "254 symbols, 2 fewer than the 256 of a 16×16"},
	{name: "LineDigitTooBig", in: "12.4..1.....4..1\n5" + strings.Repeat(".", 15),
		want: []item{puz(Line, 1, line4L), bad(ErrSymbol, 2, 1)}, msg: "'5' is not allowed here: a 4×4 board uses 1-4"},
	{name: "CompactCutShort", in: "5" + strings.Repeat(".", 15) + "\n" + "..G" + strings.Repeat(".", 13) + "\n\n" + line4,
		want: []item{bad(ErrRowCount, 3, 0), puz(Line, 4, line4L)}},
	{name: "LineNUL", in: line9[:10] + "\x00" + line9[11:] + "\n", want: []item{bad(ErrSymbol, 1, 11)}, msg: `'\x00'`},
	{name: "LineFullWidth", in: line9[:3] + "１" + line9[4:] + "\n", want: []item{bad(ErrSymbol, 1, 4)}, msg: "'１'"},
	{name: "LineFullWidthAll", in: strings.Repeat("１", 81) + "\n" + line9, want: []item{bad(ErrSymbol, 1, 1), puz(Line, 2, line9)}, msg: "'１'"},
	{name: "BinaryJunk", in: "\xff\xfe\x00\x01garbage\x9c\n" + line9, want: []item{bad(ErrSymbol, 1, 1), puz(Line, 2, line9)}, msg: "byte 0xFF"},
	{name: "LineTooLong", maxLen: 100, in: strings.Repeat("1", 1000) + "\n" + line9, want: []item{bad(ErrLineTooLong, 1, 101), puz(Line, 2, line9)}},
	{name: "Grid8Rows", in: strings.Join(strings.SplitAfter(boj, "\n")[:8], "") + "\n" + line9,
		want: []item{bad(ErrRowCount, 9, 0), puz(Line, 10, line9)}, msg: "has 8 rows, but a 9×9 grid has 9"},
	{name: "Grid8RowsEOF", in: strings.Join(strings.SplitAfter(boj, "\n")[:8], ""), want: []item{bad(ErrRowCount, 9, 0)}},
	// A grid with too many rows is one invalid puzzle: nothing is solved
	// from it, and its extra rows are not reported again (issue 13 item 7).
	{name: "Grid10Rows", in: boj + "1 2 3 4 5 6 7 8 9\n\n" + line9,
		want: []item{bad(ErrRowCount, 10, 0), puz(Line, 12, line9)}, msg: "p.txt: line 10: the grid starting on line 1 has 10 rows, but a 9×9 grid has 9"},
	{name: "Grid10RowsEOF", in: boj + "1 2 3 4 5 6 7 8 9", want: []item{bad(ErrRowCount, 10, 0)}},
	{name: "Grid14RowsThenGrid", in: boj + strings.Join(strings.SplitAfter(boj, "\n")[:5], "") + "\n" + boj,
		want: []item{bad(ErrRowCount, 10, 0), puz(Grid, 16, bojLine)}, msg: "has 14 rows, but a 9×9 grid has 9"},
	{name: "Grid10RowsWithSeparators", in: "# c\n" + strings.Replace(boj, "3 2 1", "---------------\n3 2 1", 1) + "# c\n" + "1 2 3 4 5 6 7 8 9\n",
		want: []item{bad(ErrRowCount, 13, 0)}},
	{name: "GridBadRowAnd10Rows", in: strings.Replace(boj, "7 8 2 1", "7 8 x 1", 1) + "1 2 3 4 5 6 7 8 9\n" + line9,
		want: []item{bad(ErrSymbol, 2, 5), puz(Line, 11, line9)}},
	{name: "GridTwoInARowPlusOne", in: boj + boj + "1 2 3 4 5 6 7 8 9\n",
		want: []item{puz(Grid, 1, bojLine), bad(ErrRowCount, 19, 0)}},
	{name: "GridThenWholeGrid", in: boj + boj + boj, want: []item{puz(Grid, 1, bojLine), puz(Grid, 10, bojLine), puz(Grid, 19, bojLine)}},
	{name: "GridNumber10", in: strings.Replace(boj, "7 8 2 1", "7 8 10 1", 1) + "\n" + line9,
		want: []item{bad(ErrSymbol, 2, 5), puz(Line, 11, line9)}, msg: "'10' is not allowed here: a 9×9 grid uses the numbers 1-9"},
	{name: "GridMinus1", in: strings.Replace(boj, "2 5 8 3", "2 5 -1 3", 1), want: []item{bad(ErrSymbol, 9, 5)}, msg: "'-1'"},
	{name: "GridFullWidth", in: strings.Replace(boj, "0 3 5", "0 ３ 5", 1), want: []item{bad(ErrSymbol, 1, 3)}, msg: "'３'"},
	{name: "GridRowShort", in: strings.Replace(boj, "7 8 2 1 0 5 6 0 9", "7 8 2 1 0 5 6 0", 1) + "\n" + line9,
		want: []item{bad(ErrRowLength, 2, 16), puz(Line, 11, line9)}, msg: "8 numbers"},
	{name: "GridRowLong", in: strings.Replace(boj, "7 8 2 1 0 5 6 0 9", "7 8 2 1 0 5 6 0 9 1", 1) + "\n" + line9,
		want: []item{bad(ErrRowLength, 2, 19), puz(Line, 11, line9)}},
	{name: "GridFirstRowShort", in: strings.Replace(boj, "0 3 5 4 6 9 2 7 8", "0 3 5 4 6 9 2 7", 1) + boj,
		want: []item{bad(ErrRowLength, 1, 16), puz(Grid, 10, bojLine)}},
	{name: "GridCompactRowMixed", in: strings.Replace(boj, "7 8 2 1 0 5 6 0 9", "782105609", 1) + "\n" + line9,
		want: []item{bad(ErrRowLength, 2, 0), puz(Line, 11, line9)}},
	// Too large a grid is one error that names the limit (issue 13 item 8).
	{name: "Grid100", in: strings.Repeat(strings.Repeat("0 ", 99)+"0\n", 100) + line9,
		want: []item{bad(ErrSize, 1, 0), puz(Line, 101, line9)}, msg: "p.txt: line 1: the row has 100 numbers, but the largest board is 64×64"},
	{name: "Grid65", in: strings.Repeat(strings.Repeat("0 ", 64)+"0\n", 65), want: []item{bad(ErrSize, 1, 0)}, msg: "the largest board is 64×64"},
	{name: "Grid64", in: strings.Repeat(strings.Repeat("0 ", 63)+"64\n", 64), want: []item{{format: Grid, line: 1, side: 64}}},
	{name: "Grid36", in: strings.Repeat(strings.Repeat("0 ", 35)+"36\n", 36), want: []item{{format: Grid, line: 1, side: 36}}},
	{name: "Grid7", in: strings.Repeat("1 2 3 4 5 6 7\n", 7) + line9, want: []item{bad(ErrSize, 1, 0), puz(Line, 8, line9)},
		msg: "the row has 7 numbers; a grid row has N numbers for an N×N board, N = 4, 9, 16, 25, 36, 49 or 64 (other sides need their box shape, --box)"},
	{name: "Line100x100", in: strings.Repeat(".", 10000) + "\n" + line9, want: []item{bad(ErrSize, 1, 0), puz(Line, 2, line9)},
		msg: "line 1: 10000 symbols make a 100×100 puzzle, but the largest board is 64×64"},
	{name: "Line64x64", in: strings.Repeat(".", 4095) + "1\n", want: []item{{format: Line, line: 1, side: 64}}},
	{name: "Grid6NeedsBox", in: strings.Repeat("1 0 0 0 0 6\n", 6) + "\n" + line9,
		want: []item{bad(ErrSize, 1, 0), puz(Line, 8, line9)}, msg: "--box 2x3"},
	{name: "Line36NeedsBox", in: "123456" + strings.Repeat(".", 30) + "\n" + line9,
		want: []item{bad(ErrSize, 1, 0), puz(Line, 2, line9)}, msg: "--box 2x3"},
	{name: "ShapeMismatch", shape: Shape{2, 3}, in: line9 + "\n" + "123456" + strings.Repeat(".", 30) + "\n",
		want: []item{bad(ErrSize, 1, 0), {format: Line, line: 2, side: 6}}, msg: "6×6 (2×3 boxes)"},
	{name: "CompactShortRow", in: strings.Replace(pe01, "900305001", "90030500", 1) + "\n" + line9,
		want: []item{bad(ErrRowLength, 2, 9), puz(Line, 11, line9)}},
	{name: "CompactFirstRowLong", in: strings.Replace(pe01, "003020600", "0030206001", 1) + "\n" + line9,
		want: []item{bad(ErrRowLength, 1, 10), puz(Line, 11, line9)}},
	{name: "CompactBadSymbolThenNext", in: "Grid 01\n" + strings.Replace(pe01, "700000008", "70000x008", 1) + "Grid 02\n" + pe01,
		want: []item{bad(ErrSymbol, 6, 6), {format: Compact, line: 12, cells: pe01L, title: "Grid 02"}}},
	{name: "CompactTooFewRows", in: "Grid 01\n" + strings.Join(strings.SplitAfter(pe01, "\n")[:7], "") + "Grid 02\n" + pe01,
		want: []item{bad(ErrRowCount, 9, 0), {format: Compact, line: 10, cells: pe01L, title: "Grid 02"}}},
	{name: "CompactSpaces", in: strings.Replace(pe01, "700000008", "7000 0008", 1),
		want: []item{bad(ErrSymbol, 5, 5)}},
	{name: "LettersHint", alpha: &Default, in: "--A----C-----O-I\n-J--A-B-P-CGF-H-\n--D--F-I-E----P-\n", want: []item{bad(ErrSymbol, 1, 14)}, msg: "--alphabet letters"},
	// With no alphabet chosen, symbols that only the letters alphabet can
	// place (letters past the default's range, no digit 1-9) are letters.
	{name: "LettersLine9", in: "ABCDEFGHI" + strings.Repeat(".", 72) + "\n" + line9 + "\n",
		want: []item{{format: Line, line: 1, cells: "123456789" + strings.Repeat(".", 72), alphabet: "letters"}, puz(Line, 2, line9)}},
	{name: "LettersLineWithDigit", in: "ABCDEFGH1" + strings.Repeat(".", 72) + "\n", want: []item{bad(ErrSymbol, 1, 1)}},
	{name: "LettersCompact16", in: spojRaw, want: []item{{format: Compact, line: 1, cells: spojLine, alphabet: "letters"}}},
	// The rows above the first letter past G hold A-G, which both read:
	// they are read again as letters.
	{name: "LettersCompact16AfterSharedRows", in: "ABCDEFG.........\n.......ABCDEFG..\nH...............\n" + strings.Repeat(".A..............\n", 13) + line9 + "\n",
		want: []item{{format: Compact, line: 1, cells: "1234567................1234567..8..............." + strings.Repeat(".1..............", 13), alphabet: "letters"}, puz(Line, 17, line9)}},
	{name: "LettersCompact16AfterDigit", in: "1BCDEFG.........\n.......ABCDEFG..\nH...............\n" + strings.Repeat(".A..............\n", 13),
		want: []item{bad(ErrSymbol, 3, 1)}},
	{name: "LettersChosenAlphabet", alpha: &Hex, in: "ABCDEFGHI" + strings.Repeat(".", 72) + "\n", want: []item{bad(ErrSymbol, 1, 1)}},
	// Title lines exist only as Project Euler 96 writes them; any other line
	// of words is an error, never dropped in silence (issue 13 item 4).
	{name: "TextBeforeLine", in: line9 + "\nHard puzzle " + line9 + "\n" + line9 + "\n",
		want: []item{puz(Line, 1, line9), bad(ErrText, 2, 1), puz(Line, 3, line9)},
		msg:  "p.txt: line 2, column 1: 'Hard puzzle 4...3.......…' is text, not a puzzle: start a line of text with '#' to make it a comment"},
	{name: "TextLines", in: "garbage line\n" + boj + "solution follows\n" + boj,
		want: []item{bad(ErrText, 1, 1), puz(Grid, 2, bojLine), bad(ErrText, 11, 1), puz(Grid, 12, bojLine)}, msg: "'garbage line' is text"},
	{name: "TitleForms", in: "grid 7\n" + pe01 + "GRID\t12\n" + boj + "Grid 01 (hard)\n" + line9 + "\nGrid\n",
		want: []item{{format: Compact, line: 2, cells: pe01L, title: "grid 7"}, {format: Grid, line: 12, cells: bojLine, title: "GRID\t12"},
			bad(ErrText, 21, 1), puz(Line, 22, line9), bad(ErrRowLength, 23, 0)}},
	{name: "TextAfterTitle", in: "Grid 01\nsome notes here\n" + pe01,
		want: []item{bad(ErrRowCount, 1, 0), bad(ErrText, 2, 1), puz(Compact, 3, pe01L)}, msg: "title \"Grid 01\" is not followed by a puzzle"},
	{name: "StrayTitle", in: "Grid 01\n\n" + line9, want: []item{bad(ErrRowCount, 1, 0), puz(Line, 3, line9)}, msg: "not followed by a puzzle"},
	{name: "SeventeenSymbols", in: "12345678912345678\n", want: []item{bad(ErrRowLength, 1, 17)}},
	{name: "FitsNoFormat", in: "1234567\n" + line9, want: []item{bad(ErrRowLength, 1, 0), puz(Line, 2, line9)},
		msg: "line 1: the line has 7 symbols and fits no format: a puzzle on one line has 16, 81, 256 or 625 symbols (N² for an N×N board), and a compact grid N rows of N symbols (N = 4, 9, 16 or 25)"},
	// The smallest board is 4×4: a line of one symbol is no 1×1 puzzle (issue 13 item 6).
	{name: "OneSymbolLines", in: "1\n0\n.\n" + line9 + "\n12\n123\n", want: []item{bad(ErrRowLength, 1, 0), bad(ErrRowLength, 2, 0), bad(ErrRowLength, 3, 0), puz(Line, 4, line9), bad(ErrRowLength, 5, 0), bad(ErrRowLength, 6, 0)},
		msg: "line 1: the line has 1 symbol and fits no format: a puzzle on one line has 16, 81, 256 or 625 symbols"},
	{name: "TwoByTwoGrid", in: "1 2\n3 4\n\n" + line9, want: []item{bad(ErrSize, 1, 0), puz(Line, 4, line9)}, msg: "the row has 2 numbers, but the smallest board is 4×4"},
	{name: "LatinSquareNeedsItsShape", shape: Shape{1, 4}, in: "1234\n2341\n3412\n4123\n", want: []item{puz(Compact, 1, "1234234134124123")}},
	{name: "FitsNoFormatHex", alpha: &Hex, in: "1234567\n", want: []item{bad(ErrRowLength, 1, 0)}, msg: "16, 81 or 256 symbols"},
	{name: "FitsNoFormatShape", shape: Shape{2, 3}, in: "1234\n", want: []item{bad(ErrRowLength, 1, 0)}, msg: "a 6×6 (2×3 boxes) puzzle has 36 symbols on one line, or 6 rows of 6 symbols"},

	// A bad line never swallows the puzzles after it (issue 7): a line that
	// could start a compact grid (or a grid) but is not followed by its rows
	// is reported alone, and the lines after it are read as what they are.
	{name: "BadShortLineBeforeLines", in: "12x4\n" + line9 + "\n" + line9 + "\n",
		want: []item{bad(ErrRowLength, 1, 0), puz(Line, 2, line9), puz(Line, 3, line9)}, msg: "line 1: the line has 4 symbols and fits no format: a puzzle on one line has 16, 81"},
	{name: "GoodShortLineBeforeLines", in: "1234\n" + line9 + "\n" + line9 + "\n",
		want: []item{bad(ErrRowLength, 1, 0), puz(Line, 2, line9), puz(Line, 3, line9)}},
	{name: "BadShortLineBeforeGrid", in: "12x4\n" + boj + boj,
		want: []item{bad(ErrRowLength, 1, 0), puz(Grid, 2, bojLine), puz(Grid, 11, bojLine)}},
	{name: "BadShortLineBeforeCompact", in: "12x4\n" + pe01 + pe01,
		want: []item{bad(ErrRowLength, 1, 0), puz(Compact, 2, pe01L), puz(Compact, 11, pe01L)}},
	{name: "BadShortLineBeforeTitledCompact", in: "12x4\nGrid 01\n" + pe01,
		want: []item{bad(ErrRowLength, 1, 0), {format: Compact, line: 3, cells: pe01L, title: "Grid 01"}}},
	{name: "BadShortLineBetweenLines", in: line9 + "\n12x4\n1234567\n" + line9 + "\n",
		want: []item{puz(Line, 1, line9), bad(ErrRowLength, 2, 0), bad(ErrRowLength, 3, 0), puz(Line, 4, line9)}},
	{name: "BadShortLineAtEOF", in: line9 + "\n12x4", want: []item{puz(Line, 1, line9), bad(ErrRowLength, 2, 0)}},
	{name: "StrayShortRowBeforeCompact", in: "12345678\n" + pe01 + line9,
		want: []item{bad(ErrRowLength, 1, 0), puz(Compact, 2, pe01L), puz(Line, 11, line9)},
		msg:  "line 1: the line has 8 symbols, but the row below it (line 2) has 9, and a compact grid has N rows of N symbols"},
	{name: "StrayShortRowBeforeCompact16", alpha: &Hex, in: "0123456789ABCDE\n" + strings.Repeat("0123456789ABCDEF\n", 16),
		want: []item{bad(ErrRowLength, 1, 0), {format: Compact, line: 2, side: 16}}, msg: "the line has 15 symbols, but the row below it (line 2) has 16"},
	{name: "StrayJunkBeforeCompact", in: "1234567\x01\n" + pe01,
		want: []item{bad(ErrSymbol, 1, 8), puz(Compact, 2, pe01L)}, msg: "'\\x01' is not a Sudoku symbol"},
	{name: "BadShortLineBeforeFramedCompact", in: "12x4\n*-----------*\n|..3|.2.|6..|\n|9..|3.5|..1|\n|..1|8.6|4..|\n|---+---+---|\n|..8|1.2|9..|\n|7..|...|..8|\n|..6|7.8|2..|\n|---+---+---|\n|..2|6.9|5..|\n|8..|2.3|..9|\n|..5|.1.|3..|\n*-----------*\n",
		want: []item{bad(ErrRowLength, 1, 0), puz(Compact, 3, pe01L)}},
	{name: "BadShortLineBeforeDashRows", alpha: &Letters, in: "AB\nAB-D\n----\n--A-\nD---\n",
		want: []item{bad(ErrRowLength, 1, 0), puz(Compact, 2, "12.4......1.4...")}, msg: "the row below it (line 2) has 4"},
	{name: "StrayBadRowBeforeCompact", in: "1234x6789\n" + pe01 + line9,
		want: []item{bad(ErrSymbol, 1, 5), puz(Compact, 2, pe01L), puz(Line, 11, line9)}, msg: "'x' is not allowed here"},
	{name: "StrayShortRowBeforeTwoCompacts", in: "12345678\n" + pe01 + pe01,
		want: []item{bad(ErrRowLength, 1, 0), puz(Compact, 2, pe01L), puz(Compact, 11, pe01L)}},
	{name: "StrayBadRowBeforeTwoCompacts", in: "1234x6789\n" + pe01 + pe01,
		want: []item{bad(ErrSymbol, 1, 5), puz(Compact, 2, pe01L), puz(Compact, 11, pe01L)}},
	{name: "CompactShortFirstRowThenCompact", in: strings.Replace(pe01, "003020600", "00302060", 1) + pe01,
		want: []item{bad(ErrRowLength, 1, 9), puz(Compact, 10, pe01L)}},
	{name: "CompactBadFirstRowThenCompact", in: strings.Replace(pe01, "003020600", "0030x0600", 1) + pe01,
		want: []item{bad(ErrSymbol, 1, 5), puz(Compact, 10, pe01L)}},
	{name: "CompactLongRowInsideThenCompact", in: strings.Replace(pe01, "700000008", "7000000089", 1) + pe01,
		want: []item{bad(ErrRowLength, 5, 10), puz(Compact, 10, pe01L)}},
	{name: "CompactShortRowInsideThenLine", in: strings.Replace(pe01, "700000008", "70000008", 1) + line9,
		want: []item{bad(ErrRowLength, 5, 9), puz(Line, 10, line9)}},
	{name: "CompactTruncatedThenLines", in: strings.Join(strings.SplitAfter(pe01, "\n")[:5], "") + line9 + "\n" + line9,
		want: []item{bad(ErrRowCount, 6, 0), puz(Line, 6, line9), puz(Line, 7, line9)}, msg: "the compact grid starting on line 1 has 5 rows, but a 9×9 compact grid has 9"},
	{name: "CompactTruncatedBadRowThenLine", in: strings.Join(strings.SplitAfter(strings.Replace(pe01, "001806400", "0018x6400", 1), "\n")[:5], "") + line9,
		want: []item{bad(ErrSymbol, 3, 5), puz(Line, 6, line9)}},
	{name: "CompactTruncatedThenGrid", in: strings.Join(strings.SplitAfter(pe01, "\n")[:5], "") + boj,
		want: []item{bad(ErrRowCount, 6, 0), puz(Grid, 6, bojLine)}},
	{name: "CompactTruncatedThenCompact4", in: strings.Join(strings.SplitAfter(pe01, "\n")[:3], "") + "1234\n3412\n2143\n4321\n",
		want: []item{bad(ErrRowCount, 4, 0), puz(Compact, 4, "1234341221434321")}},
	{name: "CompactExtraRowThenLine", in: pe01 + "123456789\n" + line9,
		want: []item{bad(ErrRowCount, 10, 0), puz(Line, 11, line9)}, msg: "the compact grid starting on line 1 has 10 rows, but a 9×9 compact grid has 9"},
	{name: "Compact16Then4x4Lines", in: "G" + strings.Repeat(".", 15) + "\n" + strings.Repeat(strings.Repeat(".", 15)+"9\n", 15) + line4 + "\n" + line4 + "\n",
		want: []item{{format: Compact, line: 1, side: 16}, puz(Line, 17, line4L), puz(Line, 18, line4L)}},
	{name: "Compact16ExtraRow", in: "G" + strings.Repeat(".", 15) + "\n" + strings.Repeat(strings.Repeat(".", 15)+"9\n", 16),
		want: []item{bad(ErrRowCount, 17, 0)}},
	{name: "GridTruncatedThenLine", in: strings.Join(strings.SplitAfter(boj, "\n")[:5], "") + line9,
		want: []item{bad(ErrRowCount, 6, 0), puz(Line, 6, line9)}, msg: "the grid starting on line 1 has 5 rows"},
	{name: "GridTruncatedThenCompact", in: strings.Join(strings.SplitAfter(boj, "\n")[:5], "") + pe01,
		want: []item{bad(ErrRowCount, 6, 0), puz(Compact, 6, pe01L)}},
	{name: "StrayGridRowBeforeGrid", in: "1 2 3 4 5 6 7 8\n" + boj,
		want: []item{bad(ErrRowLength, 1, 0), puz(Grid, 2, bojLine)}, msg: "line 1: the row has 8 numbers, but the row below it (line 2) has 9, and a grid has N rows of N numbers"},
	{name: "StrayBadGridRowBeforeGrid", in: "1 2 10 4 5 6 7 8 9\n" + boj,
		want: []item{bad(ErrSymbol, 1, 5), puz(Grid, 2, bojLine)}},
	{name: "GridFirstRowShortThenLine", in: strings.Replace(boj, "0 3 5 4 6 9 2 7 8", "0 3 5 4 6 9 2 7", 1) + line9,
		want: []item{bad(ErrRowLength, 1, 16), puz(Line, 10, line9)}},
	{name: "Grid4RowBeforeGrid9", in: "1 2 3 4\n" + boj,
		want: []item{bad(ErrRowCount, 1, 0), puz(Grid, 2, bojLine)}, msg: "line 1: the grid starting on line 1 has 1 row, but a 4×4 grid has 4"},
	{name: "GridRowBeforeLines", in: "1 2 3 4 5 6 7 8 9\n" + line9 + "\n" + line9,
		want: []item{bad(ErrRowCount, 1, 0), puz(Line, 2, line9), puz(Line, 3, line9)}},
	{name: "GridUnknownSizeBeforeLines", in: "1 2 3\n" + line9 + "\n" + line9,
		want: []item{bad(ErrSize, 1, 0), puz(Line, 2, line9), puz(Line, 3, line9)}},
	{name: "Grid6NeedsBoxThenGrid", in: strings.Repeat("1 0 0 0 0 6\n", 6) + boj,
		want: []item{bad(ErrSize, 1, 0), puz(Grid, 7, bojLine)}},
}

// TestNoLettersHint: with no alphabet chosen, a puzzle that reads in
// neither alphabet gets no hint to use letters, which were tried.
func TestNoLettersHint(t *testing.T) {
	t.Parallel()
	_, err := Parse("--A----C-----O-1\n-J--A-B-P-CGF-H-\n--D--F-I-E----P-\n")
	if err == nil || !errors.Is(err, ErrSymbol) || !strings.HasSuffix(err.Error(), "with '.', '0' or '-' for a blank") {
		t.Errorf("got %v, want the symbol error with no hint", err)
	}
}

func TestReader(t *testing.T) {
	t.Parallel()
	for _, tt := range readTests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := NewReader(strings.NewReader(tt.in))
			r.Name = "p.txt"
			r.Shape, r.Alphabet, r.MaxLineLength = tt.shape, tt.alpha, tt.maxLen
			msgChecked := tt.msg == ""
			for i, w := range tt.want {
				p, err := r.Read()
				if w.err != nil {
					var pe *ParseError
					if !errors.As(err, &pe) || !errors.Is(err, w.err) {
						t.Fatalf("item %d: got (%v, %v), want a ParseError matching %v", i, p, err, w.err)
					}
					if pe.Line != w.line || w.format == 0 && pe.Col != w.col {
						t.Errorf("item %d: error at line %d, column %d, want line %d, column %d: %v", i, pe.Line, pe.Col, w.line, w.col, err)
					}
					if !strings.HasPrefix(err.Error(), "p.txt: line ") {
						t.Errorf("item %d: message %q lacks the file name", i, err)
					}
					if !msgChecked {
						msgChecked = true
						if !strings.Contains(err.Error(), tt.msg) {
							t.Errorf("item %d: message %q does not contain %q", i, err, tt.msg)
						}
					}
					continue
				}
				if err != nil {
					t.Fatalf("item %d: unexpected error %v", i, err)
				}
				if p.Format != w.format || p.Line != w.line || p.Title != w.title {
					t.Errorf("item %d: got %v puzzle on line %d titled %q, want %v on line %d titled %q", i, p.Format, p.Line, p.Title, w.format, w.line, w.title)
				}
				if w.cells != "" {
					if got := string(AppendLine(nil, p.Board, Default)); got != w.cells {
						t.Errorf("item %d: board\n%s\nwant\n%s", i, got, w.cells)
					}
				}
				wantAlpha := w.alphabet
				if wantAlpha == "" {
					wantAlpha = Default.Name
					if tt.alpha != nil {
						wantAlpha = tt.alpha.Name
					}
				}
				if p.Alphabet.Name != wantAlpha {
					t.Errorf("item %d: read with the %s alphabet, want %s", i, p.Alphabet.Name, wantAlpha)
				}
				if w.side != 0 && p.Board.Side() != w.side {
					t.Errorf("item %d: side %d, want %d", i, p.Board.Side(), w.side)
				}
				if err := checkShape(p.Board); err != nil {
					t.Errorf("item %d: %v", i, err)
				}
			}
			if !msgChecked {
				t.Errorf("no error to check the message %q against", tt.msg)
			}
			if p, err := r.Read(); err != io.EOF {
				t.Errorf("after the last item: got (%v, %v), want io.EOF", p, err)
			}
			if _, err := r.Read(); err != io.EOF {
				t.Errorf("Read after io.EOF: %v", err)
			}
		})
	}
}

// checkShape reports a board that does not fit its shape or holds a digit out of range.
func checkShape(b *Board) error {
	if err := b.Check(); err != nil && !errors.Is(err, ErrClash) {
		return err
	}
	return nil
}

func TestParse(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		err  error
		line int
	}{
		{boj, nil, 0},
		{line9, nil, 0},
		{"", ErrEmpty, 1},
		{"\n\n\n", ErrEmpty, 3},
		{"# only a comment\n", ErrEmpty, 1},
		{line9 + "\n" + line9, ErrExtra, 2},
		{boj + "1 2 3 4 5 6 7 8 9\n", ErrRowCount, 10},
		{"12345\n", ErrRowLength, 1},
		{"1", ErrRowLength, 1},
		{"0\n", ErrRowLength, 1},
		{".", ErrRowLength, 1},
	}
	for _, tt := range tests {
		b, err := Parse(tt.in)
		if tt.err == nil {
			if err != nil || b == nil {
				t.Errorf("Parse(%.20q) = %v, %v", tt.in, b, err)
			}
			continue
		}
		var pe *ParseError
		if !errors.Is(err, tt.err) || !errors.As(err, &pe) || pe.Line != tt.line {
			t.Errorf("Parse(%.20q) error %v (line %d), want %v on line %d", tt.in, err, lineOf(pe), tt.err, tt.line)
		}
	}
}

func lineOf(pe *ParseError) int {
	if pe == nil {
		return -1
	}
	return pe.Line
}

// TestHugeLine feeds a 10 MB line: it must be rejected without keeping it
// in memory (quadratic work would take hours, and meet go test's limit),
// and the next puzzle must still be read.
func TestHugeLine(t *testing.T) {
	huge := bytes.Repeat([]byte("123456789"), 10<<20/9)
	in := io.MultiReader(bytes.NewReader(huge), strings.NewReader("\n"+line9+"\n"))
	r := NewReader(in)
	_, err := r.Read()
	if !errors.Is(err, ErrLineTooLong) {
		t.Fatalf("got %v, want ErrLineTooLong", err)
	}
	var pe *ParseError
	if errors.As(err, &pe); pe.Line != 1 || pe.Col != DefaultMaxLineLength+1 {
		t.Errorf("position line %d, column %d", pe.Line, pe.Col)
	}
	p, err := r.Read()
	if err != nil || p.Line != 2 {
		t.Fatalf("next puzzle: %v, %v", p, err)
	}
	if r.br.Size() > DefaultMaxLineLength+16 {
		t.Errorf("buffer grew to %d bytes", r.br.Size())
	}
	for _, l := range r.q {
		if cap(l.text) > DefaultMaxLineLength {
			t.Errorf("a line buffer holds %d bytes", cap(l.text))
		}
	}
}

// TestBoundedLookahead reads inputs that make the reader look furthest
// ahead, with the largest boards: however long the input, it buffers no
// more than 4N+10 lines (a ring of 512 for N = 64).
func TestBoundedLookahead(t *testing.T) {
	t.Parallel()
	row := strings.Repeat("1 ", 63) + "1\n"
	bad := strings.Repeat("1 ", 62) + "x 1\n"
	inputs := map[string]string{
		"bad grid rows":   strings.Repeat(bad, 5000),
		"whole grids":     strings.Repeat(row, 64*20),
		"grid rows short": strings.Repeat(strings.Repeat("1 ", 62)+"1\n", 5000),
		"compact rows":    strings.Repeat(strings.Repeat(".", 64)+"\n", 5000),
	}
	for name, in := range inputs {
		r := NewReader(strings.NewReader(in))
		results := 0
		for {
			_, err := r.Read()
			if err == io.EOF {
				break
			}
			var pe *ParseError
			if err != nil && !errors.As(err, &pe) {
				t.Fatalf("%s: %v", name, err)
			}
			results++
		}
		t.Logf("%s: %d results, ring %d", name, results, len(r.q))
		if len(r.q) > 512 || results == 0 {
			t.Errorf("%s: %d results, a ring of %d lines", name, results, len(r.q))
		}
	}
}

// errReader fails after its data.
type errReader struct {
	data string
	err  error
}

func (e *errReader) Read(p []byte) (int, error) {
	if e.data == "" {
		return 0, e.err
	}
	n := copy(p, e.data)
	e.data = e.data[n:]
	return n, nil
}

func TestReaderIOError(t *testing.T) {
	t.Parallel()
	boom := errors.New("disk on fire")
	r := NewReader(&errReader{line9 + "\n", boom})
	if p, err := r.Read(); err != nil || p.Line != 1 {
		t.Fatalf("first Read: %v, %v", p, err)
	}
	for i := 0; i < 2; i++ {
		if _, err := r.Read(); err != boom {
			t.Fatalf("Read %d: got %v, want the I/O error", i, err)
		}
	}
}

func TestReaderBadOptions(t *testing.T) {
	t.Parallel()
	r := NewReader(strings.NewReader(line9))
	r.Shape = Shape{0, 3}
	if _, err := r.Read(); err == nil || errors.As(err, new(*ParseError)) {
		t.Errorf("invalid Shape: got %v", err)
	}
	r = NewReader(strings.NewReader(line9))
	r.Shape = Shape{1, 1}
	if _, err := r.Read(); !errors.Is(err, ErrShape) || errors.As(err, new(*ParseError)) {
		t.Errorf("1×1 Shape: got %v", err)
	}
	r = NewReader(strings.NewReader(line9))
	r.Alphabet = &Alphabet{Name: "empty"}
	if _, err := r.Read(); err == nil {
		t.Errorf("empty alphabet accepted")
	}
}

func TestParseErrorString(t *testing.T) {
	t.Parallel()
	tests := []struct {
		e    *ParseError
		want string
	}{
		{&ParseError{Name: "p.txt", Line: 4, Col: 12, Err: &reason{ErrSymbol, "'7' is not allowed here: a 4×4 board uses 1-4"}},
			"p.txt: line 4, column 12: '7' is not allowed here: a 4×4 board uses 1-4"},
		{&ParseError{Line: 9, Err: ErrRowCount}, "line 9: wrong number of rows"},
	}
	for _, tt := range tests {
		if got := tt.e.Error(); got != tt.want {
			t.Errorf("got %q, want %q", got, tt.want)
		}
	}
	r := NewReader(strings.NewReader("1\x002\n"))
	r.Name = "-"
	if _, err := r.Read(); err == nil || !strings.HasPrefix(err.Error(), "stdin: line 1") {
		t.Errorf("stdin name: %v", err)
	}
}

// TestHexWithoutAlphabet: with no alphabet chosen, a 16×16 puzzle that
// writes a '0' beside '.' or '-' blanks, and no 'G', is in hex (its 0 is
// a given, read as 1); any other stays in the default alphabet, where '0'
// is a blank.
func TestHexWithoutAlphabet(t *testing.T) {
	t.Parallel()
	rows := func(line string) string {
		var sb strings.Builder
		for i := 0; i < len(line); i += 16 {
			sb.WriteString(line[i:i+16] + "\n")
		}
		return sb.String()
	}
	// A 16×16 puzzle in hex with '.' blanks (its first row ..0....2.....E.8).
	hexLine := "..0....2.....E.8.9..0.1.F.265.7...3..5.8.4....F..6.4B.7....C.9......4....2..6....8..A.60.1...4.93.6F..9.5....0...4...2.1..3F..E.4..5.C..3..B.A.0.2........E.8.B.7.F.2..5.0..1......6.E3...9....7A...9....7.0.F.B..1..F..4..A..0..7..1..A..58.2....5...2..3..7.D."
	for _, tc := range []struct {
		name, line string
		hex        bool
	}{
		{"zero beside dots", hexLine, true},
		{"zero beside dashes", strings.ReplaceAll(hexLine, ".", "-"), true},
		{"zeros only", strings.ReplaceAll(hexLine, ".", "0"), false},
		{"dots only", strings.ReplaceAll(hexLine, "0", "."), false},
		{"a G", "G" + hexLine[1:], false},
	} {
		for _, in := range []string{tc.line + "\n", rows(tc.line)} {
			p, err := NewReader(strings.NewReader(in)).Read()
			if err != nil {
				t.Errorf("%s: %v", tc.name, err)
				continue
			}
			if got := p.Alphabet.Name == Hex.Name; got != tc.hex {
				t.Errorf("%s (%v): alphabet %s", tc.name, p.Format, p.Alphabet.Name)
			}
			if tc.hex && (p.Board.Cells[2] != 1 || p.Board.Cells[7] != 3 || p.Board.Cells[13] != 15) {
				t.Errorf("%s (%v): r1c3=%d r1c8=%d r1c14=%d, want 1, 3 and 15 (0, 2 and E in hex)", tc.name, p.Format, p.Board.Cells[2], p.Board.Cells[7], p.Board.Cells[13])
			}
		}
	}
}
