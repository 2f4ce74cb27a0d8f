package fpuzzles_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/fpuzzles"
	"github.com/satdoku/satdoku/input"
)

// arrayItem is one expected result of ArrayReader.Next: a puzzle whose
// givens read as cells (line format) and that has rules rules, or an error
// with msg.
type arrayItem struct {
	line  int
	cells string
	rules int
	msg   string
}

func TestArrayReader(t *testing.T) {
	t.Parallel()
	const (
		pe01  = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
		pe01L = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
		sol   = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
		// snarf is TAREK_ALL #41 of testdata/variants/snarf/killers.txt,
		// 17 cages; snarfBad has r1c9 point right, off the board.
		snarf    = "S<J<<O<<KJ^<<^<^>^^<N<<<J^Q^S^O>>^^^>^W^<<^>^^O^<<^T^J^^^>>>^>^>^ML<S<<^^>^<^<<^<"
		snarfBad = "S<J<<O<<>J^<<^<^>^^<N<<<J^Q^S^O>>^^^>^W^<<^>^^O^<<^T^J^^^>>>^>^>^ML<S<<^^>^<^<<^<"
	)
	blank := strings.Repeat(".", 81)
	tests := []struct {
		name  string
		in    string
		first int
		want  []arrayItem
		final string // the final error, "" for io.EOF
	}{
		{name: "strings", in: `["` + pe01 + `", "12.4..1.....4..1"]`,
			want: []arrayItem{{line: 1, cells: pe01L}, {line: 1, cells: "12.4..1.....4..1"}}},
		{name: "objects pretty", in: "[\n  {\n    \"id\": 1,\n    \"puzzle\": \"" + pe01 + "\",\n    \"solution\": \"" + sol + "\"\n  },\n  {\"quiz\": \"12.4..1.....4..1\"}\n]\n",
			want: []arrayItem{{line: 2, cells: pe01L}, {line: 7, cells: "12.4..1.....4..1"}}},
		{name: "first line", in: "\n[\"12.4..1.....4..1\"]", first: 10,
			want: []arrayItem{{line: 11, cells: "12.4..1.....4..1"}}},
		{name: "one board of rows", in: "[\n [1,2,0,4],\n [0,0,1,0],\n [0,0,0,0],\n [4,0,0,1]\n]",
			want: []arrayItem{{line: 2, cells: "12.4..1.....4..1"}}},
		{name: "LeetCode", in: `[["1","2",".","4"],[".",".","1","."],[".",".",".","."],["4",".",".","1"]]`,
			want: []arrayItem{{line: 1, cells: "12.4..1.....4..1"}}},
		{name: "boards", in: `[[[1,2,0,4],[0,0,1,0],[0,0,0,0],[4,0,0,1]], [[0,2,0,4],[0,0,1,0],[0,0,0,0],[4,0,0,1]]]`,
			want: []arrayItem{{line: 1, cells: "12.4..1.....4..1"}, {line: 1, cells: ".2.4..1.....4..1"}}},
		{name: "bad elements in between", in: "[\n\"12.4..1.....4..x\",\n5,\n{\"message\": \"hi\"},\n\"12.4..1.....4..1\"\n]",
			want: []arrayItem{{line: 2, msg: "line 2 (element 1): line 1, column 16: 'x' is not allowed here"}, {line: 3, msg: "line 3 (element 2): f-puzzles: 5 is no puzzle"},
				{line: 4, msg: "line 4 (element 3): f-puzzles: the JSON holds no f-puzzles puzzle"}, {line: 5, cells: "12.4..1.....4..1"}}},
		{name: "broken", in: "[\n\"12.4..1.....4..1\",\n{\"a\": }\n]",
			want: []arrayItem{{line: 2, cells: "12.4..1.....4..1"}}, final: "line 3, column 7: invalid character '}'"},
		{name: "two commas", in: "[\n\"12.4..1.....4..1\",\n,\n\"12.4..1.....4..1\"\n]",
			want: []arrayItem{{line: 2, cells: "12.4..1.....4..1"}}, final: "line 3, column 1: invalid character ','"},
		{name: "comma first", in: "[ ,\"12.4..1.....4..1\"]", final: "line 1, column 3: invalid character ','"},
		{name: "no array", in: `{"puzzle": "12.4..1.....4..1"}`, final: "line 1, column 1: the JSON is no array"},
		{name: "text after", in: `["12.4..1.....4..1"] x`, want: []arrayItem{{line: 1, cells: "12.4..1.....4..1"}}, final: "line 1, column 22: text after the array"},
		{name: "rows that are no board", in: `[[1,2,3],[4,5,6],[7,8,9]]`, final: "the array's 3 rows are no board"},
		{name: "empty", in: `[]`},
		{name: "killer strings", in: "[\"" + snarf + "\",\n\"" + snarfBad + "\",\n\"3x3::k:769:769" + strings.Repeat(":0", 79) + "\"]",
			want: []arrayItem{{line: 1, cells: blank, rules: 17}, {line: 2, msg: "line 2 (element 2): column 9: bad snarfable killer string: the arrow '>' at r1c9 points off the board"},
				{line: 3, cells: blank, rules: 1}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ar := fpuzzles.NewArrayReader(strings.NewReader(tt.in), input.LoadValue)
			ar.FirstLine = tt.first
			for i, w := range tt.want {
				res, line, err := ar.Next()
				if w.msg != "" {
					var ee *fpuzzles.ElementError
					if !errors.As(err, &ee) || !strings.Contains(err.Error(), w.msg) || ee.Line != w.line {
						t.Fatalf("item %d: error %v, want an ElementError on line %d with %q", i, err, w.line, w.msg)
					}
					continue
				}
				if err != nil {
					t.Fatalf("item %d: %v", i, err)
				}
				if got := string(board.AppendLine(nil, res.Puzzle.Givens, board.Default)); got != w.cells || line != w.line {
					t.Fatalf("item %d: %s on line %d, want %s on line %d", i, got, line, w.cells, w.line)
				}
				if w.rules != 0 && len(res.Puzzle.Rules) != w.rules {
					t.Fatalf("item %d: %d rules, want %d", i, len(res.Puzzle.Rules), w.rules)
				}
			}
			_, _, err := ar.Next()
			if tt.final == "" {
				if err != io.EOF {
					t.Fatalf("after the last: %v, want io.EOF", err)
				}
				return
			}
			if !errors.Is(err, fpuzzles.ErrFormat) || !strings.Contains(err.Error(), tt.final) {
				t.Fatalf("final error %v, want one with %q", err, tt.final)
			}
			if _, _, again := ar.Next(); again != err {
				t.Fatalf("the final error does not stay: %v", again)
			}
		})
	}
}

// FuzzArrayReader checks that no input makes ArrayReader panic or loop: it
// ends (io.EOF or a final error) within as many calls as the input has
// bytes, and every puzzle it returns is valid.
func FuzzArrayReader(f *testing.F) {
	for _, s := range []string{`["12.4..1.....4..1", 5, {"puzzle": "12.4..1.....4..1"}]`, `[[1,2,0,4],[0,0,1,0],[0,0,0,0],[4,0,0,1]]`, "[\n{\"a\": }\n]", `[[[1]]]`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ar := fpuzzles.NewArrayReader(strings.NewReader(s), input.LoadValue)
		for i := 0; ; i++ {
			if i > len(s)+2 {
				t.Fatalf("no end after %d calls", i)
			}
			res, _, err := ar.Next()
			var ee *fpuzzles.ElementError
			switch {
			case err == io.EOF:
				return
			case errors.As(err, &ee):
				continue
			case err != nil:
				if !errors.Is(err, fpuzzles.ErrFormat) {
					t.Fatalf("final error of no known kind: %v", err)
				}
				// A syntax error is placed where json.Unmarshal of the
				// whole text places it.
				var se *json.SyntaxError
				if errors.As(err, &se) && strings.Contains(se.Error(), "invalid character") || strings.Contains(err.Error(), "text after the array") {
					var v any
					if werr := json.Unmarshal([]byte(s), &v); errors.As(werr, &se) {
						off := int(se.Offset) - 1
						line := strings.Count(s[:off], "\n") + 1
						col := off - strings.LastIndex(s[:off], "\n")
						if want := fmt.Sprintf("line %d, column %d: ", line, col); !strings.Contains(err.Error(), want) {
							t.Fatalf("%v, want the place %q", err, want)
						}
					}
				}
				return
			}
			// Givens that clash are a puzzle with no solution, as from
			// any text reader; anything else is a puzzle read wrong.
			var clash *board.ClashError
			if err := res.Puzzle.Validate(); err != nil && !errors.As(err, &clash) {
				t.Fatalf("an invalid puzzle: %v", err)
			}
		}
	})
}
