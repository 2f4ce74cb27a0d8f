package input_test

import (
	"bufio"
	"io"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/input"
)

// TestDetectVariant: the first line other than blanks and comments tells
// variant input (f-puzzles JSON, links, payloads, killer strings,
// Interactive Sudoku Solver) from the text formats, as the web server's
// page and the command line both ask it.
func TestDetectVariant(t *testing.T) {
	t.Parallel()
	const classic = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	const snarf = "S<J<<O<<KJ^<<^<^>^^<N<<<J^Q^S^O>>^^^>^W^<<^>^^O^<<^T^J^^^>>>^>^>^ML<S<<^^>^<^<<^<"
	for text, want := range map[string]bool{
		`{"size":9,"grid":[]}`: true,
		"https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLryBdZQmq8l54+x1p7rjtn/nQaCR3PgIm9hk0UM6zR4rssX1Fy2TXUS1WrUy2q9p0gpN6tW4tr22pZ8o+e3k2+v5t4r/Tw": true,
		"https://sudokupad.app/fpuzzlesN4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLry":                                                                                              true,
		"N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLryBdZQmq8l54+x1p7rjtn":                                                                                                         true,
		"3x3:d:k:3841:7705:7705":          true, // a SudoCue killer string
		classic:                           false,
		"53..7....\n6..195...\n.98....6.": false,
		strings.Repeat("A", 256):          false,
		"1 2 3 4":                         false,
		"# From http://magictour.free.fr/sudoku.htm\n" + classic:             false, // a link in a comment is not the puzzle
		"\n# a killer\n3x3::k:3841:7705":                                     true,
		"# TAREK_ALL #41\n" + snarf + "\n":                                   true,  // a snarfable killer string
		strings.Repeat("5.,", 27):                                            false, // no orthogonal arrow: no killer string
		"sclN4SwJgXA5AzgHjAtgfQLIEMBOAXAngZQFMsZkBWADgAYBjANgDMwAjV9ATmYeas": true,  // SudokuPad's own payload
		".Cage~3~R1C1~R1C2.AntiKing":                                         true,  // Interactive Sudoku Solver
		".AntiKnight .AntiKing":                                              true,
		"https://sigh.github.io/Interactive-Sudoku-Solver/?q=.AntiKing":      true,
		"." + classic[1:]:                                                    false,
		"/data/scripts/how_shall_we_split_this.js":                           false, // a path: no payload
		"N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLry%2BdZQmq8l54%2Bx1p7rjtn": true,  // a payload escaped
	} {
		if f := input.Detect(text); (f.Variant() && f != input.Marks) != want {
			t.Errorf("Detect(%.40q) = %v", text, f)
		}
	}
}

// TestDetectRows: each row of the detection table, and the order between
// rows whose texts could match two (an ISS link is a link; a *.json name
// does not make a killer string JSON).
func TestDetectRows(t *testing.T) {
	t.Parallel()
	const classic = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	const snarf = "S<J<<O<<KJ^<<^<^>^^<N<<<J^Q^S^O>>^^^>^W^<<^>^^O^<<^T^J^^^>>>^>^>^ML<S<<^^>^<^<<^<"
	for _, tc := range []struct {
		text string
		want input.Format
	}{
		{classic, input.Text},
		{"5 3 0 0 7 0 0 0 0\n6 0 0 1 9 5 0 0 0", input.Text},
		{"[\n  [5, 3, 0],\n]", input.Text},  // a Python list's rows
		{`["` + classic + `"]`, input.Text}, // board reads an array on its line
		{"[\n[\n\"5\"", input.JSONArray},    // jq's print of LeetCode's board
		{"  {\"size\": 9}", input.JSON},
		{".Cage~10~R1C1~R1C2", input.Sigh},
		{"https://sigh.github.io/Interactive-Sudoku-Solver/?q=.AntiKing", input.Sigh},
		{"3x3::k:3841", input.SudoCue},
		{snarf, input.SnarfKiller},
		{"sclN4SwJgXA5AzgHjAtgfQLIEMBOAXAngZQFMsZkBWADgAYBjANgDMwAjV9ATmYeas", input.SudokuPadID},
		{"https://www.f-puzzles.com/?load=N4Ig zglg", input.Link},
		{"f-puzzles.com/?load=N4Ig", input.Link},
		{"Source: https://example.com/puzzles", input.Text}, // a line of text, which board reports
		{"?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2A", input.Payload},
		{"N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLryBdZQ", input.Payload},
		{"/data/scripts/how_shall_we_split_this.js", input.Text},
		{".-------.\n| 12 3 4 5 6 7 8 9 1 |", input.Marks},
		{"1 2 3 4 5 6 7 8 9", input.Text}, // single digits: a grid row
		// A pencil-mark grid whose first rows are solved: told apart by
		// the first row with a cell of two candidates.
		{"| 4 1 6 | 2 5 9 | 8 3 7 |\n| 7 8 9 | 1 3 6 | 2 4 5 |\n| 3 25 25 | 4 7 8 | 1 6 9 |", input.Marks},
		{"4 1 6 2 5 9 8 3 7\n7 8 9 1 3 6 2 4 5\n3 0 0 4 7 8 1 6 9", input.Text}, // a classic grid
		{"4 1 6 2 5 9 8 3 7\n7 8 9 1 3 6 2 4 5", input.Text},                    // solved rows only
	} {
		if got := input.Detect(tc.text); got != tc.want {
			t.Errorf("Detect(%.40q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}

// FuzzReader: any input reads to puzzles and errors, never a panic, in
// fewer reads than it has bytes, and Load and Argument take any text.
func FuzzReader(f *testing.F) {
	for _, s := range []string{
		"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n",
		".Thermo~r1c2~r2c3\n  .Thermo~r3c2~r2c1\n# c\n.AntiKing\n",
		"[\n[\n1,2],[2,1]]", "{\"size\":4}", "3x3::k:1\n", "12 3 4 5 6 7 8 9 1\n",
		"https://sudokupad.app/fpuzzlesN4Ig\n", "?load=!!!\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		input.Load(text)
		input.Argument(text)
		rd := input.NewReader(bufio.NewReader(strings.NewReader(text)), "fuzz", input.Options{})
		for i := 0; i <= len(text)+1; i++ {
			p, v, err := rd.Read()
			if err == io.EOF {
				return
			}
			if err == nil && v != nil && v.Givens != p.Board {
				t.Fatal("the variant's givens are not the puzzle's board")
			}
		}
		t.Fatalf("more puzzles than bytes in %d bytes", len(text))
	})
}
