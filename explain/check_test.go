package explain_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/explain"
	"github.com/satdoku/satdoku/logic"
	"github.com/satdoku/satdoku/variant"
)

// TestCheck checks that the SAT checker accepts the steps that follow
// from what they name and refuses the others.
func TestCheck(t *testing.T) {
	p := &variant.Puzzle{Givens: board.New(board.Square(2)), Rules: []variant.Rule{
		variant.Killer{Cells: []int{0, 1}, Sum: 3},
		variant.Killer{Cells: []int{4, 8}, Sum: 7},
	}}
	g, err := logic.FromPuzzle(p)
	if err != nil {
		t.Fatal(err)
	}
	x, err := explain.New(g, explain.Options{})
	if err != nil {
		t.Fatal(err)
	}
	elim := func(cell, d int) []logic.Candidate { return []logic.Candidate{{Cell: cell, Digit: d}} }
	tests := []struct {
		name string
		step logic.Step
		ok   bool
	}{
		{"the cage alone", logic.Step{Technique: explain.Name, Rules: []int{0}, Eliminations: elim(0, 4)}, true},
		{"the other cage", logic.Step{Technique: explain.Name, Rules: []int{1}, Eliminations: elim(4, 1)}, true},
		{"a row does not forbid it", logic.Step{Technique: explain.Name, Houses: []int{0}, Eliminations: elim(0, 4)}, false},
		{"nothing named", logic.Step{Technique: explain.Name, Eliminations: elim(0, 4)}, false},
		{"a digit of a solution", logic.Step{Technique: explain.Name, Rules: []int{0}, Eliminations: elim(0, 1)}, false},
		{"a placement the cage cannot make", logic.Step{Technique: explain.Name, Rules: []int{0}, Placements: elim(0, 1)}, false},
		{"a named step, all houses", logic.Step{Technique: "Hidden Single", Rules: []int{1}, Eliminations: elim(4, 1)}, true},
		{"an unknown rule", logic.Step{Technique: explain.Name, Rules: []int{7}, Eliminations: elim(0, 4)}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := x.Check(g, tt.step)
			if tt.ok && err != nil {
				t.Errorf("Check: %v", err)
			}
			if !tt.ok && !errors.Is(err, explain.ErrNotProved) {
				t.Errorf("Check = %v, want ErrNotProved", err)
			}
		})
	}
}

// TestMinimalRefusesPadding checks that Minimal refuses a step with an
// instance it does not need: the step found, with a row added.
func TestMinimalRefusesPadding(t *testing.T) {
	p := &variant.Puzzle{Givens: board.New(board.Square(2)), Rules: []variant.Rule{
		variant.Killer{Cells: []int{0, 1}, Sum: 3},
	}}
	g, err := logic.FromPuzzle(p)
	if err != nil {
		t.Fatal(err)
	}
	x, err := explain.New(g, explain.Options{})
	if err != nil {
		t.Fatal(err)
	}
	steps := x.Find(g)
	if len(steps) != 1 {
		t.Fatalf("Find: %d steps", len(steps))
	}
	if err := x.Minimal(g, steps[0]); err != nil {
		t.Fatalf("the step found: %v", err)
	}
	padded := steps[0]
	padded.Text += " (padded)"
	padded.Houses = append(padded.Houses, 0)
	if err := x.Minimal(g, padded); !errors.Is(err, explain.ErrNotProved) || !strings.Contains(err.Error(), "without row 1") {
		t.Errorf("padded step: Minimal = %v, want ErrNotProved without row 1", err)
	}
}
