package report_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/engine"
	"github.com/satdoku/satdoku/render"
	"github.com/satdoku/satdoku/report"
	"github.com/satdoku/satdoku/variant"
)

const (
	classic  = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	solution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
)

func mustParse(t testing.TB, s string) *board.Board {
	t.Helper()
	b, err := board.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Example writes a solved puzzle's result as the command line and the
// web API write it.
func Example() {
	puzzle, _ := board.Parse(classic)
	eng, _ := engine.New(engine.Options{Limit: 2})
	r := eng.Solve(context.Background(), puzzle)
	r.Elapsed = 1500 * time.Microsecond // a time of its own in every run
	data, _ := json.Marshal(report.New(r, report.Options{Puzzle: puzzle, Counted: true, Unique: true}))
	fmt.Println(string(data))
	// Output:
	// {"status":"solved","solution":"534678912672195348198342567859761423426853791713924856961537284287419635345286179","engine":"sat","micros":1500,"solutions":1,"unique":true}
}

// TestNew: each field of the object says what the result holds, and only
// what applies.
func TestNew(t *testing.T) {
	t.Parallel()
	puzzle := mustParse(t, classic)
	sol := mustParse(t, solution)
	second := sol.Clone()
	second.Cells[0], second.Cells[1] = second.Cells[1], second.Cells[0] // not a solution: only a board that differs
	clash := &board.ClashError{Shape: board.Classic, CellA: 0, CellB: 1, Digit: 5, Unit: "row 1"}
	vp := variant.New(board.Classic)
	vp.Givens = puzzle
	vp.Rules, _ = variant.ParseRules("diagonal+", board.Classic)
	for _, tc := range []struct {
		name string
		res  engine.Result
		o    report.Options
		want string
	}{
		{"solved", engine.Result{Status: engine.Solved, Solution: sol, Engine: "sat", Elapsed: 7 * time.Microsecond}, report.Options{Puzzle: puzzle},
			`{"status":"solved","solution":"` + solution + `","engine":"sat","micros":7}`},
		{"counted, not a uniqueness check", engine.Result{Status: engine.Solved, Solution: sol, Count: 1}, report.Options{Puzzle: puzzle, Counted: true},
			`{"status":"solved","solution":"` + solution + `","micros":0,"solutions":1}`},
		{"a second solution", engine.Result{Status: engine.Solved, Solution: sol, Second: second, Count: 2}, report.Options{Puzzle: puzzle, Counted: true, Unique: true, Second: true},
			`{"status":"solved","solution":"` + solution + `","micros":0,"solutions":2,"unique":false,"second":"` + string(board.AppendLine(nil, second, board.Default)) + `","differ":["r1c1","r1c2"]}`},
		{"a second solution not asked for", engine.Result{Status: engine.Solved, Solution: sol, Second: second, Count: 2}, report.Options{Puzzle: puzzle},
			`{"status":"solved","solution":"` + solution + `","micros":0}`},
		{"in letters", engine.Result{Status: engine.Solved, Solution: sol}, report.Options{Puzzle: puzzle, Alphabet: board.Letters},
			`{"status":"solved","solution":"` + string(board.AppendLine(nil, sol, board.Letters)) + `","micros":0}`},
		{"clashing givens", engine.Result{Status: engine.NoSolution, Clashes: []*board.ClashError{clash}, Confirmed: true}, report.Options{Puzzle: puzzle},
			`{"status":"no_solution","micros":0,"clashes":[{"cells":[0,1],"digit":5,"unit":"row 1","message":"r1c1=5 and r1c2=5 are both in row 1"}],"explanation":"Two givens clash: r1c1=5 and r1c2=5 are both in row 1","confirmed":true}`},
		{"a conflict of givens", engine.Result{Status: engine.NoSolution, Conflict: []int{0, 4}}, report.Options{Puzzle: puzzle},
			`{"status":"no_solution","micros":0,"conflict":["r1c1=5","r1c5=7"],"conflict_cells":[0,4],"explanation":"These givens admit no completion together: r1c1=5 r1c5=7","confirmed":false}`},
		{"a conflict of givens and rules", engine.Result{Status: engine.NoSolution, Conflict: []int{0}, ConflictRules: []int{0}}, report.Options{Puzzle: puzzle, Variant: vp},
			`{"status":"no_solution","micros":0,"conflict":["r1c1=5","positive diagonal (bottom-left to top-right)"],"conflict_cells":[0],"conflict_rules":[0],"explanation":"These givens and rules admit no completion together: r1c1=5; positive diagonal (bottom-left to top-right)","confirmed":false}`},
		{"true candidates", engine.Result{Status: engine.Solved, Candidates: []uint64{0b101, 0b10}}, report.Options{},
			`{"status":"solved","micros":0,"candidates":[[1,3],[2]]}`},
		{"timeout", engine.Result{Status: engine.Timeout, Err: errors.New("no answer in 1s")}, report.Options{Counted: true},
			`{"status":"timeout","error":"no answer in 1s","micros":0}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data, err := json.Marshal(report.New(tc.res, tc.o))
			if err != nil || string(data) != tc.want {
				t.Errorf("got  %s (%v)\nwant %s", data, err, tc.want)
			}
		})
	}
}

// TestBoardRows: a board the alphabet cannot write is its rows of
// numbers, which read back as a grid.
func TestBoardRows(t *testing.T) {
	t.Parallel()
	b := board.New(board.Square(6)) // 36×36: beyond the default alphabet
	for i := range b.Cells {
		b.Cells[i] = uint8(i%36 + 1)
	}
	data, err := json.Marshal(report.Board(b, board.Default))
	if err != nil {
		t.Fatal(err)
	}
	var rows [][]int
	if err := json.Unmarshal(data, &rows); err != nil || len(rows) != 36 || !slices.Equal(rows[1][:3], []int{1, 2, 3}) {
		t.Fatalf("%.80s: %v", data, err)
	}
	var grid strings.Builder
	for _, row := range rows {
		grid.WriteString(strings.Trim(fmt.Sprint(row), "[]") + "\n")
	}
	back, err := board.Parse(grid.String())
	if err != nil || !slices.Equal(back.Cells, b.Cells) {
		t.Errorf("the rows do not read back: %v", err)
	}
}

// TestMark: the marks on the picture of each kind of result.
func TestMark(t *testing.T) {
	t.Parallel()
	sol := mustParse(t, solution)
	second := sol.Clone()
	second.Cells[0], second.Cells[1] = second.Cells[1], second.Cells[0]
	clash := &board.ClashError{Shape: board.Classic, CellA: 0, CellB: 1, Digit: 5, Unit: "row 1"}
	marks := func(pic *render.Picture) string {
		var parts []string
		for _, h := range pic.Highlights {
			parts = append(parts, fmt.Sprint(h))
		}
		return fmt.Sprintf("solution %v second %v candidates %d rules %v highlights %v",
			pic.Solution != nil, pic.Second != nil, len(pic.Candidates), pic.ConflictRules, parts)
	}
	for _, tc := range []struct {
		name string
		res  engine.Result
		want render.Picture
	}{
		{"solved", engine.Result{Status: engine.Solved, Solution: sol}, render.Picture{Solution: sol}},
		{"two solutions", engine.Result{Status: engine.Solved, Solution: sol, Second: second},
			render.Picture{Solution: sol, Second: second, Highlights: []render.Highlight{render.Difference([]int{0, 1})}}},
		{"true candidates", engine.Result{Status: engine.Solved, Solution: sol, Candidates: make([]uint64, 81)}, render.Picture{Candidates: make([]uint64, 81)}},
		{"clashing givens and a conflict", engine.Result{Status: engine.NoSolution, Clashes: []*board.ClashError{clash}, Conflict: []int{4}, ConflictRules: []int{2}},
			render.Picture{ConflictRules: []int{2}, Highlights: []render.Highlight{render.Conflict([]int{0, 1, 4})}}},
		{"no solution unexplained", engine.Result{Status: engine.NoSolution}, render.Picture{}},
		{"timeout", engine.Result{Status: engine.Timeout, Solution: sol}, render.Picture{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var pic render.Picture
			report.Mark(&pic, tc.res)
			if got, want := marks(&pic), marks(&tc.want); got != want {
				t.Errorf("got  %s\nwant %s", got, want)
			}
		})
	}
}
