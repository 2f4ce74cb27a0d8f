package fpuzzles_test

import (
	"slices"
	"testing"

	"github.com/satdoku/satdoku/fpuzzles"
)

// TestEntered checks that digits entered but not given are kept per cell,
// apart from the givens, and that a grid without them has none.
func TestEntered(t *testing.T) {
	tests := []struct {
		name, row0 string
		want       []int // the first row of Entered; nil: Entered is nil
		givens     string
	}{
		{"none", `[{"value":1,"given":true},{},{},{}]`, nil, "1..."},
		{"entered", `[{"value":1,"given":true},{"value":2},{},{"value":4,"given":false}]`, []int{0, 2, 0, 4}, "1..."},
		{"given only", `[{"value":3,"given":true},{"value":4,"given":true},{},{}]`, nil, "34.."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := `{"size":4,"grid":[` + tt.row0 + `,[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`
			res, err := fpuzzles.Decode([]byte(data))
			if err != nil {
				t.Fatal(err)
			}
			if tt.want == nil {
				if res.Entered != nil {
					t.Fatalf("Entered = %v, want nil", res.Entered)
				}
			} else if len(res.Entered) != 16 || !slices.Equal(res.Entered[:4], tt.want) || slices.ContainsFunc(res.Entered[4:], func(d int) bool { return d != 0 }) {
				t.Fatalf("Entered = %v, want first row %v and zeros", res.Entered, tt.want)
			}
			got := ""
			for _, d := range res.Puzzle.Givens.Cells[:4] {
				got += string(".1234"[d])
			}
			if got != tt.givens {
				t.Errorf("givens of row 1 = %q, want %q", got, tt.givens)
			}
		})
	}
}

// TestMarks checks that a solver's marks are kept per empty cell: kaji's
// "candidates" first, then center, then corner pencil marks; a cell with
// a digit keeps none, and a grid without marks has Marks nil.
func TestMarks(t *testing.T) {
	tests := []struct {
		name, row0 string
		want       [][]int // the first row of Marks; nil: Marks is nil
	}{
		{"none", `[{"value":1,"given":true},{},{},{}]`, nil},
		{"center", `[{},{"centerPencilMarks":[3,2,3]},{},{}]`, [][]int{nil, {2, 3}, nil, nil}},
		{"corner", `[{"cornerPencilMarks":[4,1]},{},{},{}]`, [][]int{{1, 4}, nil, nil, nil}},
		{"center before corner", `[{"centerPencilMarks":[2],"cornerPencilMarks":[1,2]},{},{},{}]`, [][]int{{2}, nil, nil, nil}},
		{"kaji candidates first", `[{},{},{"candidates":[1,3],"centerPencilMarks":[1]},{}]`, [][]int{nil, nil, {1, 3}, nil}},
		{"empty lists", `[{"candidates":[]},{"centerPencilMarks":[]},{},{}]`, nil},
		{"digit wins", `[{"value":2,"centerPencilMarks":[2,3]},{},{},{}]`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := `{"size":4,"grid":[` + tt.row0 + `,[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`
			res, err := fpuzzles.Decode([]byte(data))
			if err != nil {
				t.Fatal(err)
			}
			if tt.want == nil {
				if res.Marks != nil {
					t.Fatalf("Marks = %v, want nil", res.Marks)
				}
				return
			}
			if len(res.Marks) != 16 {
				t.Fatalf("Marks has %d cells, want 16", len(res.Marks))
			}
			for i, w := range tt.want {
				if !slices.Equal(res.Marks[i], w) {
					t.Errorf("Marks[%d] = %v, want %v", i, res.Marks[i], w)
				}
			}
			for i, m := range res.Marks[4:] {
				if m != nil {
					t.Errorf("Marks[%d] = %v, want none", i+4, m)
				}
			}
		})
	}
}
