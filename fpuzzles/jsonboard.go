package fpuzzles

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/satdoku/satdoku/board"
)

// Puzzle APIs and datasets write a classic board inside a JSON object of
// their own: {"puzzle": "0700…", "solution": …}, {"board": [[0,0,1,…],…]},
// {"newboard": {"grids": [{"value": [[…]], …}]}}. jsonBoard finds it.

// boardKeys are the keys that name a puzzle, most likely first; a key
// outside the list is looked into after them, and solutionKeys never.
var (
	boardKeys    = []string{"puzzle", "puzzles", "quiz", "quizzes", "board", "boards", "grid", "grids", "givens", "sudoku", "question", "problem", "initial", "start", "value", "values", "data"}
	solutionKeys = []string{"solution", "solutions", "answer", "answers", "solved", "result"}
)

// maxBoardSearch bounds the JSON values jsonBoard looks at.
const maxBoardSearch = 10000

// IsJSONBoard reports whether text is a JSON object that is no f-puzzles
// puzzle (it has no "size"), for ReadJSONBoard. It is how package input
// tells a JSON board from f-puzzles JSON (SudokuPad's is asked first,
// IsSudokuPadJSON); JSON that does not parse is f-puzzles', whose reader
// says where it breaks.
func IsJSONBoard(text string) bool {
	var doc map[string]json.RawMessage
	if json.Unmarshal([]byte(text), &doc) != nil || doc == nil {
		return false
	}
	_, size := doc["size"]
	return !size
}

// jsonBoard returns the first classic board that the JSON value v holds:
// a string that board.Parse reads as one puzzle, or an array of N arrays
// of N numbers (or strings of one number, "." or "" for a blank), looked
// for breadth first, under boardKeys before other keys.
func jsonBoard(v any) (*board.Board, bool) {
	type item struct {
		v     any
		named bool // under one of boardKeys
	}
	queue, seen := []item{{v, false}}, 0
	for len(queue) > 0 && seen < maxBoardSearch {
		it := queue[0]
		queue = queue[1:]
		seen++
		if b, ok := asBoard(it.v, it.named); ok {
			return b, true
		}
		switch x := it.v.(type) {
		case map[string]any:
			keys := make([]string, 0, len(x))
			for k := range x {
				if !slices.Contains(solutionKeys, strings.ToLower(k)) {
					keys = append(keys, k)
				}
			}
			rank := func(k string) int {
				if i := slices.Index(boardKeys, strings.ToLower(k)); i >= 0 {
					return i
				}
				return len(boardKeys)
			}
			slices.SortFunc(keys, func(a, b string) int {
				if d := rank(a) - rank(b); d != 0 {
					return d
				}
				return strings.Compare(a, b)
			})
			for _, k := range keys {
				queue = append(queue, item{x[k], rank(k) < len(boardKeys)})
			}
		case []any:
			for _, e := range x {
				queue = append(queue, item{e, it.named})
			}
		}
	}
	return nil, false
}

// asBoard reads x as a board: a line puzzle, or rows of cells. A line of
// fewer than 81 symbols (a 4×4 board) is taken only under a key that names
// a puzzle (named): elsewhere it is more likely an id.
func asBoard(x any, named bool) (*board.Board, bool) {
	switch x := x.(type) {
	case string:
		t := strings.TrimSpace(x)
		if len(t) < 16 || !named && len(t) < 81 || strings.ContainsAny(t, "\n") {
			return nil, false
		}
		b, err := board.Parse(t)
		return b, err == nil
	case []any:
		n := len(x)
		if n < board.MinSide || n > board.MaxSide {
			return nil, false
		}
		var sb strings.Builder
		for _, row := range x {
			cells, ok := row.([]any)
			if !ok || len(cells) != n {
				return nil, false
			}
			for j, c := range cells {
				if j > 0 {
					sb.WriteByte(' ')
				}
				switch c := c.(type) {
				case float64:
					if c != float64(int(c)) || c < 0 || c > float64(n) {
						return nil, false
					}
					fmt.Fprint(&sb, int(c))
				case string:
					s := strings.TrimSpace(c)
					if s == "" || s == "." {
						s = "0"
					}
					sb.WriteString(s)
				case nil:
					sb.WriteString("0")
				default:
					return nil, false
				}
			}
			sb.WriteByte('\n')
		}
		b, err := board.Parse(sb.String())
		return b, err == nil
	}
	return nil, false
}

// ReadJSONBoard reads the classic board of a JSON document that is no
// f-puzzles or SudokuPad puzzle: a puzzle API's {"puzzle": "0700…"} or
// {"board": [[0,0,1,…],…]}, or an array of rows.
func ReadJSONBoard(text string) (*Result, error) {
	var v any
	if err := json.Unmarshal([]byte(text), &v); err != nil {
		return nil, jsonErr([]byte(text), err)
	}
	b, ok := jsonBoard(v)
	if !ok {
		return nil, formatErr("", `the JSON holds no f-puzzles puzzle ("size" and "grid"), no SudokuPad puzzle ("cells") and no board (a line puzzle, or rows of numbers, under a key such as "puzzle" or "board")`)
	}
	return ClassicResult(b), nil
}
