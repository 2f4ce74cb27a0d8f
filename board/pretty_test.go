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
