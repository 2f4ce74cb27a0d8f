package engine

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/fallback"
)

// unavoidableRectangle finds in a solved grid two rows of one band and two
// columns in different boxes whose four cells hold a b / b a, and returns
// the four cells. Swapping a and b in them gives a second valid grid.
func unavoidableRectangle(g *board.Board) []int {
	n := g.Side()
	s := g.Shape
	for r1 := 0; r1 < n; r1++ {
		for r2 := r1 + 1; r2 < n && r2/s.BoxRows == r1/s.BoxRows; r2++ {
			for c1 := 0; c1 < n; c1++ {
				for c2 := c1 + 1; c2 < n; c2++ {
					if c1/s.BoxCols == c2/s.BoxCols {
						continue
					}
					a, b := g.At(r1, c1), g.At(r1, c2)
					if g.At(r2, c1) == b && g.At(r2, c2) == a {
						return []int{r1*n + c1, r1*n + c2, r2*n + c1, r2*n + c2}
					}
				}
			}
		}
	}
	return nil
}

// twoSolutionPuzzles returns puzzles with exactly two solutions: solved
// grids with the four cells of an unavoidable rectangle blanked, and the
// same with further givens removed while the count stays exactly 2.
func twoSolutionPuzzles(tb testing.TB) []*board.Board {
	tb.Helper()
	var out []*board.Board
	rng := rand.New(rand.NewSource(7))
	for _, pz := range readPuzzles(tb, top1465Sample)[:6] {
		sol, ok := fallback.Solve(pz.Board)
		if !ok {
			tb.Fatalf("line %d: no solution", pz.Line)
		}
		rect := unavoidableRectangle(sol)
		if rect == nil {
			continue
		}
		p := sol.Clone()
		for _, c := range rect {
			p.Cells[c] = 0
		}
		if got := fallback.Count(p, 3); got != 2 {
			tb.Fatalf("rectangle %v blanked: fallback.Count = %d, want 2", rect, got)
		}
		out = append(out, p)
		q := p.Clone()
		for _, c := range rng.Perm(len(q.Cells)) {
			d := q.Cells[c]
			q.Cells[c] = 0
			if fallback.Count(q, 3) != 2 {
				q.Cells[c] = d
			}
		}
		out = append(out, q)
	}
	if len(out) < 4 {
		tb.Fatalf("only %d two-solution puzzles built", len(out))
	}
	return out
}

// TestCountTwo: puzzles with exactly two solutions count 2 with every
// engine, whatever the limit ≥ 2, and the second solution is the other one.
func TestCountTwo(t *testing.T) {
	t.Parallel()
	for i, p := range twoSolutionPuzzles(t) {
		for _, k := range kinds {
			for _, limit := range []int{2, 3, 10} {
				where := fmt.Sprintf("puzzle %d (%d givens) %v limit %d", i, p.Givens(), k, limit)
				res := newEngine(t, Options{Kind: k, Limit: limit}).Solve(bg, p)
				checkSolved(t, where, p, res)
				if res.Count != 2 || res.Second == nil {
					t.Errorf("%s: Count %d, Second %v; want 2 solutions", where, res.Count, res.Second != nil)
				}
			}
		}
	}
}

// TestCountEmpty: empty boards have many solutions.
func TestCountEmpty(t *testing.T) {
	t.Parallel()
	tests := []struct {
		shape board.Shape
		limit int
	}{
		{shp(2, 2), 2}, {shp(3, 3), 2}, {shp(2, 2), 5}, {shp(2, 3), 5}, {shp(3, 3), 5}, {shp(2, 2), 288}, {shp(2, 2), 1000},
	}
	for _, tt := range tests {
		p := board.New(tt.shape)
		want := tt.limit
		if tt.shape == shp(2, 2) {
			want = min(tt.limit, 288) // the number of 4×4 grids
		}
		for _, k := range kinds {
			where := fmt.Sprintf("empty %v %v limit %d", tt.shape, k, tt.limit)
			res := newEngine(t, Options{Kind: k, Limit: tt.limit}).Solve(bg, p)
			checkSolved(t, where, p, res)
			if res.Count != want {
				t.Errorf("%s: Count %d, want %d", where, res.Count, want)
			}
			if res.Second == nil || res.Second.Equal(res.Solution) {
				t.Errorf("%s: no second solution different from the first", where)
			}
		}
	}
}

// TestNoCounting: with Limit 0 or 1 the engine stops at the first
// solution: Count stays 0 and there is no Second.
func TestNoCounting(t *testing.T) {
	t.Parallel()
	p := board.New(board.Classic)
	for _, k := range kinds {
		for _, limit := range []int{0, 1} {
			res := newEngine(t, Options{Kind: k, Limit: limit}).Solve(bg, p)
			checkSolved(t, k.String(), p, res)
			if res.Count != 0 || res.Second != nil {
				t.Errorf("%v limit %d: Count %d, Second %v; want no counting", k, limit, res.Count, res.Second != nil)
			}
		}
	}
}

// TestCountNoSolution: counting a puzzle with no solution gives no_solution
// and Count 0.
func TestCountNoSolution(t *testing.T) {
	t.Parallel()
	for _, pz := range readPuzzles(t, noSolutionFile)[:5] {
		for _, k := range kinds {
			res := newEngine(t, Options{Kind: k, Limit: 2}).Solve(bg, pz.Board)
			if res.Status != NoSolution || res.Count != 0 || res.Solution != nil {
				t.Errorf("line %d %v: status %v count %d", pz.Line, k, res.Status, res.Count)
			}
		}
	}
}

// TestInvalid: malformed boards are Invalid with an error, never a panic.
func TestInvalid(t *testing.T) {
	t.Parallel()
	bad := []*board.Board{
		nil,
		{Shape: board.Classic, Cells: make([]uint8, 80)},
		{Shape: board.Shape{}, Cells: nil},
		{Shape: shp(2, 2), Cells: []uint8{5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}},
	}
	for i, p := range bad {
		for _, k := range append(kinds, External) {
			o := Options{Kind: k, Explain: true, Limit: 2}
			if k == External {
				o.SatCmd = []string{"/nonexistent/solver"}
			}
			res := newEngine(t, o).Solve(bg, p)
			if res.Status != Invalid || res.Err == nil || res.Solution != nil {
				t.Errorf("board %d %v: status %v err %v; want invalid with an error", i, k, res.Status, res.Err)
			}
		}
	}
}

func TestNew(t *testing.T) {
	t.Parallel()
	bad := []Options{
		{Kind: Kind(-1)}, {Kind: Portfolio + 1}, {Kind: External}, {Limit: -1},
	}
	for _, o := range bad {
		if _, err := New(o); err == nil {
			t.Errorf("New(%+v) accepted", o)
		}
	}
	o := Options{Kind: Both, Limit: 3, Explain: true}
	e, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	if got := e.Options(); got.Kind != o.Kind || got.Limit != o.Limit || !got.Explain {
		t.Errorf("Options() = %+v, want %+v", got, o)
	}
}

func TestKindStatusNames(t *testing.T) {
	t.Parallel()
	for _, k := range []Kind{SAT, Backtrack, Both, External} {
		got, err := ParseKind(k.String())
		if err != nil || got != k {
			t.Errorf("ParseKind(%q) = %v, %v", k.String(), got, err)
		}
	}
	if k, err := ParseKind("SAT"); err != nil || k != SAT {
		t.Errorf("ParseKind(SAT) = %v, %v; want case-insensitive", k, err)
	}
	if _, err := ParseKind("dpll"); err == nil {
		t.Error("ParseKind(dpll) accepted")
	}
	if s := Kind(9).String(); s != "Kind(9)" {
		t.Errorf("Kind(9).String() = %q", s)
	}
	want := map[Status]string{Solved: "solved", NoSolution: "no_solution", Invalid: "invalid", Timeout: "timeout",
		Undecided: "undecided", Failed: "error", Status(-1): "Status(-1)", Status(42): "Status(42)"}
	for s, w := range want {
		if s.String() != w {
			t.Errorf("Status %d String() = %q, want %q", int(s), s.String(), w)
		}
	}
}

func TestGivenNames(t *testing.T) {
	t.Parallel()
	p := mustParse(t, "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
	got := GivenNames(p, []int{0, 4, 80 - 8})
	want := []string{"r1c1=4", "r1c5=3", "r9c1=9"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("GivenNames = %v, want %v", got, want)
	}
}
