package input_test

import (
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
