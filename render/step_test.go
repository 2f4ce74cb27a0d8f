package render_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/render"
)

// Draw a step over the candidates of a 4×4 position: a hidden single that
// places 2 in r1c2, ringing the 2 of r1c2 and striking the 2 of r2c2.
func ExampleStep() {
	puzzle, _ := board.Parse("1...\n..2.\n.3..\n...4\n")
	cands := make([]uint64, 16)
	for i := range cands {
		if puzzle.Cells[i] == 0 {
			cands[i] = 0b1111
		}
	}
	step := &render.Step{
		Cells:      []int{0, 1, 2, 3},
		Placed:     []render.Mark{{Cell: 1, Digit: 2}},
		Eliminated: []render.Mark{{Cell: 5, Digit: 2}},
		Links:      []render.StepLink{{FromDigit: 2, From: []int{1}, ToDigit: 2, To: []int{5}}},
		Text:       "Hidden Single: 2 in row 1 only fits r1c2",
	}
	sc, err := render.Draw(&render.Picture{Puzzle: puzzle, Candidates: cands, Step: step}, render.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, class := range []string{"highlight step", "step placement", "step elimination", "step strike", "step link weak", "legend label"} {
		fmt.Println(class, len(sc.Find(class)))
	}
	// Output:
	// highlight step 1
	// step placement 1
	// step elimination 1
	// step strike 1
	// step link weak 1
	// legend label 1
}

func TestStepOffTheBoard(t *testing.T) {
	puzzle, _ := board.Parse("1...\n..2.\n.3..\n...4\n")
	tests := []struct {
		name string
		step render.Step
	}{
		{"cell", render.Step{Cells: []int{16}}},
		{"digit", render.Step{Placed: []render.Mark{{Cell: 1, Digit: 5}}}},
		{"negative", render.Step{Eliminated: []render.Mark{{Cell: -1, Digit: 1}}}},
		{"link cell", render.Step{Links: []render.StepLink{{FromDigit: 1, From: []int{0}, ToDigit: 1, To: []int{99}}}}},
		{"empty link", render.Step{Links: []render.StepLink{{FromDigit: 1, From: []int{0}, ToDigit: 1}}}},
		{"no cells", render.Step{Links: []render.StepLink{{FromDigit: 1, ToDigit: 1}}}},
		{"link digit", render.Step{Links: []render.StepLink{{FromDigit: 0, From: []int{0}, ToDigit: 1, To: []int{1}}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := render.Draw(&render.Picture{Puzzle: puzzle, Step: &tt.step}, render.Options{})
			if !errors.Is(err, render.ErrPicture) {
				t.Errorf("Draw = %v, want ErrPicture", err)
			}
		})
	}
}
