package variant_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/variant"
)

func TestDefaultWhisperDifference(t *testing.T) {
	t.Parallel()
	for n, want := range map[int]int{4: 2, 5: 3, 6: 3, 7: 4, 8: 4, 9: 5, 10: 5, 12: 6, 16: 8} {
		if got := variant.DefaultWhisperDifference(n); got != want {
			t.Errorf("DefaultWhisperDifference(%d) = %d, want %d", n, got, want)
		}
	}
}

func TestEntropicGroups(t *testing.T) {
	t.Parallel()
	tests := map[int]string{
		4:  "[[1 1] [2 3] [4 4]]",
		5:  "[[1 2] [3 3] [4 5]]",
		6:  "[[1 2] [3 4] [5 6]]",
		7:  "[[1 2] [3 5] [6 7]]",
		8:  "[[1 3] [4 5] [6 8]]",
		9:  "[[1 3] [4 6] [7 9]]",
		12: "[[1 4] [5 8] [9 12]]",
		16: "[[1 5] [6 11] [12 16]]",
	}
	for n, want := range tests {
		if got := fmt.Sprint(variant.EntropicGroups(n)); got != want {
			t.Errorf("EntropicGroups(%d) = %s, want %s", n, got, want)
		}
		// Every digit in exactly one group, in order.
		prev := -1
		for d := 1; d <= n; d++ {
			g := variant.EntropicGroup(n, d)
			if g < prev || g > 2 {
				t.Errorf("EntropicGroup(%d, %d) = %d after %d", n, d, g, prev)
			}
			prev = g
		}
	}
}

// TestSizeRules checks size-dependent rules on hand-made grids.
func TestSizeRules(t *testing.T) {
	t.Parallel()
	// A 6×6 grid (2×3 boxes).
	g6 := mustGrid("123456 456123 231564 564231 312645 645312", board.Shape{BoxRows: 2, BoxCols: 3})
	top := func(n, col int) variant.Outside { o, _ := variant.EdgeClue(n, -1, col); return o }
	left := func(n, row int) variant.Outside { o, _ := variant.EdgeClue(n, row, -1); return o }
	right := func(n, row int) variant.Outside { o, _ := variant.EdgeClue(n, row, n); return o }
	tests := []struct {
		name string
		grid *board.Board
		rule variant.Rule
		ok   bool
	}{
		// Row 1 of g6 is 1 2 3 4 5 6: the crusts are 1 and 6.
		{"6x6 sandwich between 1 and 6", g6, variant.Sandwich{Clue: left(6, 0), Sum: 14}, true},
		{"6x6 sandwich is not between 1 and 9", g6, variant.Sandwich{Clue: left(6, 0), Sum: 0}, false},
		// Row 3 is 2 3 1 5 6 4: 1 and 6 are at positions 3 and 5.
		{"6x6 sandwich row 3", g6, variant.Sandwich{Clue: right(6, 2), Sum: 5}, true},
		// Column 1 is 1 4 2 5 3 6 from the top: x = 1, sum 1; from the bottom x = 6, sum 21.
		{"6x6 x-sum from the top", g6, variant.XSum{Clue: top(6, 0), Sum: 1}, true},
		{"6x6 x-sum from the bottom", g6, variant.XSum{Clue: variant.Outside{Row: 6, Col: 0, DRow: -1}, Sum: 21}, true},
		// Column 1 from the top: 1 4 (2) 5 (3) 6 → 4 visible; from the bottom 6 → 1.
		{"6x6 skyscraper from the top", g6, variant.Skyscraper{Clue: top(6, 0), Count: 4}, true},
		{"6x6 skyscraper from the bottom", g6, variant.Skyscraper{Clue: variant.Outside{Row: 6, Col: 0, DRow: -1}, Count: 1}, true},
		// German whispers on 6×6 need a difference of 3: r1c1=1, r1c4=4 ... use 1 → 4 (r2c1).
		{"6x6 whispers 1-4", g6, variant.Whispers{Cells: []int{0, 6}, Difference: variant.DefaultWhisperDifference(6)}, true},
		{"6x6 whispers 1-2", g6, variant.Whispers{Cells: []int{0, 1}, Difference: variant.DefaultWhisperDifference(6)}, false},
		// Entropic on 6×6: 1-2, 3-4, 5-6. r1c1 r1c3 r1c5 = 1 3 5: one of each.
		{"6x6 entropic 1 3 5", g6, variant.EntropicLine{Cells: []int{0, 2, 4}}, true},
		{"6x6 entropic 1 2 ...", g6, variant.EntropicLine{Cells: []int{0, 1, 2}}, false},
		// Modular on 4×4: {3}, {1,4}, {2}. r1: 1 2 3 4 → 1 2 3 fine, 2 3 4 fine.
		{"4x4 modular 1 2 3 4", solved4, variant.ModularLine{Cells: []int{0, 1, 2, 3}}, true},
		// 4 and 1 are both 1 mod 3: r1c4=4, r2c3=1.
		{"4x4 modular 4 1", solved4, variant.ModularLine{Cells: []int{3, 6}}, false},
		// Entropic on 4×4: {1}, {2,3}, {4}: 2 and 3 together fail.
		{"4x4 entropic 2 3", solved4, variant.EntropicLine{Cells: []int{1, 2}}, false},
		{"4x4 entropic 1 2 4", solved4, variant.EntropicLine{Cells: []int{0, 1, 3}}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := variant.New(tt.grid.Shape)
			p.Rules = []variant.Rule{tt.rule}
			err := variant.Check(p, tt.grid)
			if (err == nil) != tt.ok || (err != nil && !errors.Is(err, variant.ErrRule)) {
				t.Fatalf("Check = %v, want ok=%v", err, tt.ok)
			}
		})
	}
}

func TestCircleValue(t *testing.T) {
	t.Parallel()
	tests := []struct {
		ds   []int
		want int
	}{
		{[]int{7}, 7}, {[]int{1, 3}, 13}, {[]int{9, 9, 9}, 999}, {[]int{1, 12}, 112}, {[]int{16, 1}, 161}, {[]int{10, 10}, 1010},
	}
	for _, tt := range tests {
		if got := variant.CircleValue(tt.ds); got != tt.want {
			t.Errorf("CircleValue(%v) = %d, want %d", tt.ds, got, tt.want)
		}
	}
}

func TestWindoku(t *testing.T) {
	t.Parallel()
	tests := []struct {
		shape board.Shape
		want  string // the first cell of each window, 1-based
		count int
	}{
		{board.Classic, "r2c2 r2c6 r6c2 r6c6", 4},
		{board.Square(2), "r2c2", 1},
		{board.Shape{BoxRows: 2, BoxCols: 3}, "r2c2 r5c2", 2},
		{board.Shape{BoxRows: 3, BoxCols: 2}, "r2c2 r2c5", 2},
		{board.Square(4), "r2c2 r2c7 r2c12 r7c2 r7c7 r7c12 r12c2 r12c7 r12c12", 9},
	}
	for _, tt := range tests {
		rules, err := variant.Windoku(tt.shape)
		if err != nil {
			t.Fatalf("%v: %v", tt.shape, err)
		}
		n := tt.shape.Side()
		got := ""
		for i, r := range rules {
			w := r.(variant.ExtraRegion)
			if len(w.Cells) != n {
				t.Errorf("%v: window %d has %d cells", tt.shape, i, len(w.Cells))
			}
			if i > 0 {
				got += " "
			}
			got += board.CellName(n, w.Cells[0])
		}
		if got != tt.want || len(rules) != tt.count {
			t.Errorf("%v: windows at %s, want %s", tt.shape, got, tt.want)
		}
	}
	if _, err := variant.Windoku(board.Shape{BoxRows: 1, BoxCols: 5}); err == nil {
		t.Error("Windoku on 1x5 boxes: no error")
	}
}
