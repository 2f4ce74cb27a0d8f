package report_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/logic"
	"github.com/satdoku/satdoku/render"
	"github.com/satdoku/satdoku/report"
	"github.com/satdoku/satdoku/variant"
)

// ExampleNewStep writes the first step of a classic puzzle's logical path
// as the command line and the web API write it.
func ExampleNewStep() {
	puzzle, _ := board.Parse(classic)
	g, _ := logic.FromBoard(puzzle)
	st, _ := logic.Next(g, logic.Options{})
	data, _ := json.Marshal(report.NewStep(g, st))
	fmt.Println(string(data))
	// Output:
	// {"technique":"Hidden Single","rating":1.2,"text":"Hidden Single: 8 in box 2 only fits r1c6","placements":[{"cell":5,"name":"r1c6","digit":8}],"cells":[5],"houses":[{"name":"box 2","cells":[3,4,5,12,13,14,21,22,23]}]}
}

// killerStep is a variant step made by hand, with a sub-step of unit
// propagation (no cells of its own) and a link.
func killerStep(t *testing.T) (*logic.Grid, logic.Step) {
	t.Helper()
	vp := variant.New(board.Classic)
	vp.Rules = []variant.Rule{variant.Killer{Cells: []int{40, 41}, Sum: 3}, variant.Killer{Cells: []int{0, 1, 9}, Sum: 6}}
	g, err := logic.FromPuzzle(vp)
	if err != nil {
		t.Fatal(err)
	}
	st := logic.Step{Technique: "Killer cage", Rating: 2.5, Rules: []int{1}, Houses: []int{0}, Cells: []int{0, 1, 9},
		Candidates:   []logic.Candidate{{Cell: 0, Digit: 1}},
		Eliminations: []logic.Candidate{{Cell: 2, Digit: 1}},
		Links:        []logic.Link{{From: logic.Node{Digit: 1, Cells: []int{0}}, To: logic.Node{Digit: 1, Cells: []int{1, 9}}, Strong: true}},
		Text:         "the 6-cage at r1c1 holds 1, 2 and 3 ⇒ r1c3 ≠ 1",
		Sub: []logic.Step{{Technique: "Propagation", Houses: []int{0}, Text: "row 1: r1c3≠1",
			Eliminations: []logic.Candidate{{Cell: 2, Digit: 1}}}}}
	return g, st
}

// TestNewStep: every part of a step reaches its JSON, sub-steps as steps,
// houses and candidates named.
func TestNewStep(t *testing.T) {
	t.Parallel()
	g, st := killerStep(t)
	data, err := json.Marshal(report.NewStep(g, st))
	if err != nil {
		t.Fatal(err)
	}
	const want = `{"technique":"Killer cage","rating":2.5,"text":"the 6-cage at r1c1 holds 1, 2 and 3 ⇒ r1c3 ≠ 1",` +
		`"eliminations":[{"cell":2,"name":"r1c3","digit":1}],"cells":[0,1,9],"candidates":[{"cell":0,"name":"r1c1","digit":1}],` +
		`"houses":[{"name":"row 1","cells":[0,1,2,3,4,5,6,7,8]}],"rules":[1],` +
		`"links":[{"from_digit":1,"from":[0],"to_digit":1,"to":[1,9],"strong":true}],` +
		`"sub":[{"technique":"Propagation","rating":0,"text":"row 1: r1c3≠1","eliminations":[{"cell":2,"name":"r1c3","digit":1}],` +
		`"houses":[{"name":"row 1","cells":[0,1,2,3,4,5,6,7,8]}]}]}`
	if string(data) != want {
		t.Errorf("got  %s\nwant %s", data, want)
	}
}

// TestSteps: a path's steps, in order, each as NewStep makes it.
func TestSteps(t *testing.T) {
	t.Parallel()
	g, err := logic.FromBoard(mustParse(t, classic))
	if err != nil {
		t.Fatal(err)
	}
	p := logic.Solve(g, logic.Options{})
	steps := report.Steps(p)
	if !p.Solved || len(steps) != len(p.Steps) || len(steps) == 0 {
		t.Fatalf("%d steps of a path of %d (solved: %v)", len(steps), len(p.Steps), p.Solved)
	}
	for i, st := range p.Steps {
		got := steps[i]
		if got.Text != st.Text || len(got.Placements) != len(st.Placements) || len(got.Eliminations) != len(st.Eliminations) {
			t.Fatalf("step %d: %+v, the path's %+v", i+1, got, st)
		}
		for j, pl := range st.Placements {
			if want := (report.Candidate{Cell: pl.Cell, Name: logic.CellName(9, pl.Cell), Digit: pl.Digit}); got.Placements[j] != want {
				t.Errorf("step %d placement %d: %+v, want %+v", i+1, j, got.Placements[j], want)
			}
		}
	}
}

// TestStepPicture: the picture of a step holds what it relies on (its
// houses among them) and concludes, its number before its words; a
// sub-step with no cells of its own shades the cells it concludes on.
func TestStepPicture(t *testing.T) {
	t.Parallel()
	g, st := killerStep(t)
	rs := report.StepPicture(g, st, "12")
	row1 := []int{0, 1, 2, 3, 4, 5, 6, 7, 8}
	for _, c := range []struct {
		what      string
		got, want any
	}{
		{"text", rs.Text, "12. the 6-cage at r1c1 holds 1, 2 and 3; r1c3 ≠ 1"},
		{"cells", rs.Cells, []int{0, 1, 9}},
		{"houses", rs.Houses, [][]int{row1}},
		{"rules", rs.Rules, []int{1}},
		{"used", rs.Used, []render.Mark{{Cell: 0, Digit: 1}}},
		{"eliminated", rs.Eliminated, []render.Mark{{Cell: 2, Digit: 1}}},
		{"placed", rs.Placed, []render.Mark{}},
		{"links", rs.Links, []render.StepLink{{FromDigit: 1, From: []int{0}, ToDigit: 1, To: []int{1, 9}, Strong: true}}},
	} {
		if fmt.Sprint(c.got) != fmt.Sprint(c.want) {
			t.Errorf("%s: %v, want %v", c.what, c.got, c.want)
		}
	}
	sub := report.StepPicture(g, st.Sub[0], "12.1")
	if sub.Text != "12.1. row 1: r1c3≠1" || !slices.Equal(sub.Cells, []int{2}) || !slices.EqualFunc(sub.Houses, [][]int{row1}, slices.Equal) {
		t.Errorf("the sub-step: %+v", sub)
	}
}
