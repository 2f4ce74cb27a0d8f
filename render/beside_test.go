package render

import (
	"testing"

	"github.com/satdoku/satdoku/board"
)

// TestSecondBeside: a picture with two solutions draws the grid twice,
// the first solution's digits on the left and the second's on the right.
func TestSecondBeside(t *testing.T) {
	t.Parallel()
	pz := board.New(board.Shape{BoxRows: 2, BoxCols: 2})
	first, second := board.New(pz.Shape), board.New(pz.Shape)
	copy(first.Cells, []uint8{1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1})
	copy(second.Cells, []uint8{1, 2, 3, 4, 3, 4, 1, 2, 4, 3, 2, 1, 2, 1, 4, 3})
	pz.Cells[0] = 1
	sc, err := Draw(&Picture{Puzzle: pz, Solution: first, Second: second, Highlights: []Highlight{Difference(board.Diff(first, second))}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	borders := sc.Find("border")
	if len(borders) != 2 || len(sc.Find("heading")) != 2 {
		t.Fatalf("%d grids", len(borders))
	}
	middle := borders[1].(*Rect).Min.X
	for _, it := range sc.Find("digit") {
		txt := it.(*Text)
		want := first
		if txt.At.X > middle {
			want = second
		}
		if got := txt.Text; got != string('0'+rune(want.Cells[txt.Cells[0]])) {
			t.Errorf("cell %d shows %s", txt.Cells[0], got)
		}
	}
	if n := len(sc.Find("digit")); n != 32 {
		t.Errorf("%d digits, want 32", n)
	}
	if _, err := Draw(&Picture{Puzzle: pz, Second: second}, Options{}); err == nil {
		t.Error("a second solution without a first is drawn")
	}
}
