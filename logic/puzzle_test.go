package logic

import (
	"errors"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/variant"
)

func TestFromPuzzle(t *testing.T) {
	window := []int{10, 11, 12, 19, 20, 21, 28, 29, 30}
	tests := []struct {
		name   string
		rules  []variant.Rule
		houses int   // beyond the 27 classic ones
		err    error // wanted error, or nil
	}{
		{"classic", nil, 0, nil},
		{"diagonals", []variant.Rule{variant.PositiveDiagonal{}, variant.NegativeDiagonal{}}, 2, nil},
		{"disjoint groups", []variant.Rule{variant.DisjointGroups{}}, 9, nil},
		{"windoku window", []variant.Rule{variant.ExtraRegion{Cells: window}}, 1, nil},
		{"small extra region", []variant.Rule{variant.ExtraRegion{Cells: window[:4]}}, 0, ErrUnsupportedRule},
		{"killer cage", []variant.Rule{variant.Killer{Cells: []int{0, 1}, Sum: 3}}, 0, ErrUnsupportedRule},
		{"pencil marks", []variant.Rule{variant.PencilMarks{Cell: 8, Digits: []int{4, 5}}}, 0, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := variant.New(board.Square(3))
			p.Givens.Cells[0] = 5
			p.Rules = tt.rules
			g, err := FromPuzzle(p)
			if err == nil {
				err = g.UnsupportedRule()
			}
			if !errors.Is(err, tt.err) {
				t.Fatalf("error %v, want %v", err, tt.err)
			}
			if err != nil {
				return
			}
			if got := len(g.Houses) - 27; got != tt.houses {
				t.Fatalf("%d extra houses, want %d", got, tt.houses)
			}
			if !g.Given[0] || g.Value[0] != 5 {
				t.Fatal("the given is not placed")
			}
			for _, p := range g.Peers[0] {
				if g.Cand[p].Has(5) {
					t.Fatalf("peer %s keeps 5", CellName(9, p))
				}
			}
			if tt.name == "pencil marks" && g.Cand[8] != DigitSet(4) {
				t.Fatalf("r1c9 candidates %v, want [4] (marks 4 5 without the given's 5)", g.Cand[8].List())
			}
		})
	}
}

func TestFromPuzzleJigsaw(t *testing.T) {
	p := variant.New(board.Square(2))
	// Irregular regions of a 4×4: rows 1 and 2 are regions, and rows 3-4
	// split into two 2×2 blocks.
	p.Regions = []int{0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3}
	g, err := FromPuzzle(p)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Houses) != 12 || g.Houses[8].Kind != Box || len(g.Peers[0]) != 6 {
		t.Fatalf("%d houses, r1c1 has %d peers", len(g.Houses), len(g.Peers[0]))
	}
}

func TestEnter(t *testing.T) {
	b, err := board.Parse("1...............")
	if err != nil {
		t.Fatal(err)
	}
	g, err := FromBoard(b)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		cell, d int
		ok      bool
	}{
		{5, 2, true},   // r2c2
		{0, 3, false},  // a given
		{1, 1, false},  // clashes with the given
		{6, 2, false},  // clashes with the entry just made
		{15, 4, true},  // r4c4
		{16, 1, false}, // off the board
	}
	for _, tt := range tests {
		err := g.Enter(tt.cell, tt.d)
		if (err == nil) != tt.ok || (err != nil && !errors.Is(err, ErrEntry)) {
			t.Fatalf("Enter(%d, %d) = %v, want ok %v", tt.cell, tt.d, err, tt.ok)
		}
	}
	if g.Value[5] != 2 || g.Given[5] || g.Cand[4].Has(2) {
		t.Fatal("the entry is not placed as a non-given")
	}
	// A solution with 1 in r1c1 (the given), 3 in r2c2 and 4 in r4c4:
	// the entry r2c2=2 is the one mistake.
	sol := make([]uint8, 16)
	sol[0], sol[5], sol[15] = 1, 3, 4
	if got := g.Mistakes(sol); len(got) != 1 || got[0] != (Candidate{5, 2}) {
		t.Fatalf("mistakes %v, want [r2c2=2]", got)
	}
}
