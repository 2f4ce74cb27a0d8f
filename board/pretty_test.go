package board

import (
	"errors"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// arms gives the borders that each box-drawing junction joins: up, down,
// left, right (the standard meaning of the characters).
var arms = map[rune][4]bool{
	' ': {}, '│': {true, true, false, false}, '─': {false, false, true, true},
	'┌': {false, true, false, true}, '┐': {false, true, true, false},
	'└': {true, false, false, true}, '┘': {true, false, true, false},
	'├': {true, true, false, true}, '┤': {true, true, true, false},
	'┬': {false, true, true, true}, '┴': {true, false, true, true}, '┼': {true, true, true, true},
	'╵': {true, false, false, false}, '╷': {false, true, false, false},
	'╴': {false, false, true, false}, '╶': {false, false, false, true},
}

// TestPrettyRegions draws boards with random region labels (any labels,
// jigsaw or not) and checks the picture against them: a '│' between two
// cells of a row exactly where their regions differ, a '─' run under a
// cell exactly where it and the cell below differ (the board's edge
// counts as a region of its own), every junction joining exactly the
// borders that meet there, and the board reading back.
func TestPrettyRegions(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	shapes := []Shape{{2, 2}, {2, 3}, {3, 3}, {1, 5}, {4, 4}, {3, 4}}
	for i := 0; i < 300; i++ {
		s := shapes[i%len(shapes)]
		n := s.Side()
		b := New(s)
		labels := make([]int, n*n)
		k := 1 + rng.IntN(n+1)
		for c := range labels {
			labels[c] = rng.IntN(k)
			b.Cells[c] = uint8(rng.IntN(n + 1))
		}
		var sb strings.Builder
		if err := WritePretty(&sb, b, nil, PrettyOptions{Regions: labels}); err != nil {
			t.Fatal(err)
		}
		out := sb.String()
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(lines) != 2*n+1 {
			t.Fatalf("%d lines for %d rows:\n%s", len(lines), n, out)
		}
		grid := make([][]rune, len(lines))
		for i, l := range lines {
			grid[i] = []rune(l)
		}
		w := len(strconv.Itoa(n))
		step := w + 3
		region := func(r, c int) int {
			if r < 0 || c < 0 || r >= n || c >= n {
				return -1
			}
			return labels[r*n+c]
		}
		at := func(y, x int) rune {
			if y < 0 || y >= len(grid) || x < 0 || x >= len(grid[y]) {
				return ' '
			}
			return grid[y][x]
		}
		for r := 0; r <= n; r++ {
			y := 2 * r
			if len(grid[y]) != n*step+1 {
				t.Fatalf("line %d is %d wide, want %d:\n%s", y+1, len(grid[y]), n*step+1, out)
			}
			for c := 0; c < n; c++ {
				want := ' '
				if region(r-1, c) != region(r, c) {
					want = '─'
				}
				for x := c*step + 1; x < (c+1)*step; x++ {
					if grid[y][x] != want {
						t.Fatalf("line %d column %d: %q, want %q (labels %v):\n%s", y+1, x+1, grid[y][x], want, labels, out)
					}
				}
			}
			for c := 0; c <= n; c++ {
				x := c * step
				a, ok := arms[grid[y][x]]
				if !ok {
					t.Fatalf("line %d column %d: %q is no junction:\n%s", y+1, x+1, grid[y][x], out)
				}
				want := [4]bool{at(y-1, x) == '│', at(y+1, x) == '│', at(y, x-1) == '─', at(y, x+1) == '─'}
				if a != want {
					t.Fatalf("line %d column %d: %q joins %v, the borders around it are %v:\n%s", y+1, x+1, grid[y][x], a, want, out)
				}
			}
			if r == n {
				break
			}
			y++
			for c := 0; c <= n; c++ {
				want := ' '
				if region(r, c-1) != region(r, c) {
					want = '│'
				}
				if got := at(y, c*step); got != want {
					t.Fatalf("line %d column %d: %q, want %q:\n%s", y+1, c*step+1, got, want, out)
				}
			}
		}
		rd := NewReader(strings.NewReader(out))
		rd.Shape = s
		back, err := rd.Read()
		if err != nil || !back.Board.Equal(b) {
			t.Fatalf("reads back as %v (%v):\n%s", back, err, out)
		}
	}
}

// TestPrettyRegionsCount checks that labels not one per cell are refused.
func TestPrettyRegionsCount(t *testing.T) {
	b := New(Shape{2, 2})
	err := WritePretty(&strings.Builder{}, b, nil, PrettyOptions{Regions: make([]int, 15)})
	if !errors.Is(err, ErrShape) {
		t.Fatalf("15 labels for 16 cells: %v, want ErrShape", err)
	}
}

// TestPrettyReadsBackItsBoxes: a pretty grid of rectangular boxes, drawn
// in box-drawing characters or in ASCII, reads back with no box shape
// given (its borders show the boxes), and a grid whose borders draw no
// boxes of one shape still asks for it.
func TestPrettyReadsBackItsBoxes(t *testing.T) {
	t.Parallel()
	for _, s := range []Shape{{2, 3}, {3, 2}, {2, 4}, {4, 2}, {3, 4}, {2, 5}, {4, 5}} {
		b := pattern(s)
		b.Cells[len(b.Cells)-1] = 0 // a blank, so that it is a puzzle
		for _, ascii := range []bool{false, true} {
			var sb strings.Builder
			if err := WritePretty(&sb, b, nil, PrettyOptions{ASCII: ascii}); err != nil {
				t.Fatal(err)
			}
			p, err := NewReader(strings.NewReader(sb.String())).Read()
			if err != nil || !p.Board.Equal(b) {
				t.Errorf("%v (ASCII %v): read back as %v, %v\n%s", s, ascii, p, err, sb.String())
			}
		}
	}
	// Columns of three on a 6×6 make 2×3 boxes, but a rule after three
	// rows does not.
	bad := "| 5 1 4 | 2 6 3 |\n| 6 2 3 | 1 5 4 |\n| 2 4 6 | 3 1 5 |\n+-------+-------+\n| 1 3 5 | 4 2 6 |\n| 3 6 1 | 5 4 2 |\n| 4 5 2 | 6 . . |\n"
	if _, err := NewReader(strings.NewReader(bad)).Read(); !errors.Is(err, ErrSize) {
		t.Errorf("a rule after three rows of a 6×6 with columns of three: %v, want ErrSize", err)
	}
}
