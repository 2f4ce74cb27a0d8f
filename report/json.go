package report

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/engine"
	"github.com/satdoku/satdoku/variant"
)

// Result is the JSON object of one solve's result: see the package doc
// for its fields.
type Result struct {
	Status        string   `json:"status"`
	Solution      any      `json:"solution,omitempty"`
	Error         string   `json:"error,omitempty"`
	Engine        string   `json:"engine,omitempty"`
	Fallback      string   `json:"fallback,omitempty"`
	Micros        int64    `json:"micros"`
	Solutions     *int     `json:"solutions,omitempty"`
	Unique        *bool    `json:"unique,omitempty"`
	Second        any      `json:"second,omitempty"`
	Differ        []string `json:"differ,omitempty"`
	Clashes       []Clash  `json:"clashes,omitempty"`
	Conflict      []string `json:"conflict,omitempty"`
	ConflictCells []int    `json:"conflict_cells,omitempty"`
	ConflictRules []int    `json:"conflict_rules,omitempty"`
	Explanation   string   `json:"explanation,omitempty"`
	Confirmed     *bool    `json:"confirmed,omitempty"`
	Candidates    [][]int  `json:"candidates,omitempty"`
}

// Clash is a pair of givens that break a rule, as JSON.
type Clash struct {
	Cells   [2]int `json:"cells"` // r·N + c, from 0
	Digit   int    `json:"digit"`
	Unit    string `json:"unit"`    // "row 1", "column 9", "box 3"
	Message string `json:"message"` // the clash in words
}

// Options say which parts of a result New writes, and how.
type Options struct {
	// Puzzle is the puzzle's givens, which the conflict names.
	Puzzle *board.Board
	// Variant is the puzzle with its rules, nil for a classic one.
	Variant *variant.Puzzle
	// Alphabet writes the solution's line (board.Default if it has no
	// symbols).
	Alphabet board.Alphabet
	// Counted says that solutions were counted (engine.Options.Limit ≥
	// 2): the result says how many it found.
	Counted bool
	// Unique says that the count was a uniqueness check: the result says
	// whether the puzzle has one solution.
	Unique bool
	// Second shows a second solution and where it differs, when the
	// engine found one.
	Second bool
}

// New returns the JSON object of an engine's result.
func New(res engine.Result, o Options) Result {
	a := o.Alphabet
	if a.Symbols == "" {
		a = board.Default
	}
	j := Result{
		Status:   res.Status.String(),
		Engine:   res.Engine,
		Fallback: res.Fallback,
		Micros:   res.Elapsed.Microseconds(),
	}
	if res.Err != nil {
		j.Error = res.Err.Error()
	}
	if res.Solution != nil {
		j.Solution = Board(res.Solution, a)
	}
	if o.Counted && (res.Status == engine.Solved || res.Status == engine.NoSolution) {
		n := res.Count
		j.Solutions = &n
		if o.Unique {
			u := n == 1
			j.Unique = &u
		}
	}
	if o.Second && res.Second != nil && res.Solution != nil {
		j.Second = Board(res.Second, a)
		for _, c := range board.Diff(res.Solution, res.Second) {
			j.Differ = append(j.Differ, res.Solution.CellName(c))
		}
	}
	for _, c := range res.Clashes {
		j.Clashes = append(j.Clashes, Clash{Cells: [2]int{c.CellA, c.CellB}, Digit: c.Digit, Unit: c.Unit, Message: c.Error()})
	}
	j.ConflictCells, j.ConflictRules = res.Conflict, res.ConflictRules
	switch {
	case o.Variant != nil && len(res.Conflict)+len(res.ConflictRules) > 0:
		j.Conflict = engine.ConflictNames(o.Variant, res.Conflict, res.ConflictRules)
	case len(res.Conflict) > 0 && o.Puzzle != nil:
		j.Conflict = engine.GivenNames(o.Puzzle, res.Conflict)
	}
	if res.Status == engine.NoSolution {
		confirmed := res.Confirmed
		j.Confirmed = &confirmed
		j.Explanation = explain(res, j.Conflict)
	}
	if res.Candidates != nil {
		j.Candidates = make([][]int, len(res.Candidates))
		for i, set := range res.Candidates {
			j.Candidates[i] = Digits(set)
		}
	}
	return j
}

// explain says in a sentence why a puzzle has no solution: its clashes,
// or its conflict, named.
func explain(res engine.Result, conflict []string) string {
	switch {
	case len(res.Clashes) == 1:
		return "Two givens clash: " + res.Clashes[0].Error()
	case len(res.Clashes) > 1:
		return fmt.Sprintf("%d pairs of givens clash, such as %s", len(res.Clashes), res.Clashes[0].Error())
	case len(res.ConflictRules) > 0:
		return "These givens and rules admit no completion together: " + strings.Join(conflict, "; ")
	case len(conflict) > 0:
		return "These givens admit no completion together: " + strings.Join(conflict, " ")
	}
	return ""
}

// Digits lists the digits of a set of candidates (bit d−1 for digit d),
// in increasing order.
func Digits(set uint64) []int {
	out := make([]int, 0, bits.OnesCount64(set))
	for set != 0 {
		d := bits.TrailingZeros64(set)
		out = append(out, d+1)
		set &^= 1 << d
	}
	return out
}

// Board is how JSON holds a board: its line, the N² symbols in the
// alphabet a, when a can write it (every board up to 35×35 in the default
// one); otherwise its rows as arrays of numbers (the grid format's, 0 for
// a blank). Either reads back: the line as it is, the rows joined with
// spaces and newlines as a grid.
func Board(b *board.Board, a board.Alphabet) any {
	if board.CanWrite(board.Line, b.Shape, a) == nil {
		return string(board.AppendLine(nil, b, a))
	}
	n := b.Side()
	rows := make([][]uint8, n)
	for r := range rows {
		rows[r] = b.Cells[r*n : (r+1)*n]
	}
	return jsonRows(rows)
}

// jsonRows are rows of numbers: encoding/json writes a []uint8 as base64.
type jsonRows [][]uint8

// MarshalJSON writes the rows as arrays of numbers.
func (rows jsonRows) MarshalJSON() ([]byte, error) {
	buf := []byte{'['}
	for i, row := range rows {
		if i > 0 {
			buf = append(buf, ',')
		}
		buf = append(buf, '[')
		for j, d := range row {
			if j > 0 {
				buf = append(buf, ',')
			}
			buf = strconv.AppendUint(buf, uint64(d), 10)
		}
		buf = append(buf, ']')
	}
	return append(buf, ']'), nil
}
