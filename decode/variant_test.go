package decode_test

import (
	"errors"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/decode"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/variant"
)

// variantModel returns the model of a full grid: one true primary variable per
// cell.
func variantModel(g *board.Board) []bool {
	n := g.Side()
	m := make([]bool, encode.NumVars(n)+1)
	for cell, d := range g.Cells {
		m[encode.CellVar(n, cell, int(d))] = true
	}
	return m
}

func TestVariant(t *testing.T) {
	t.Parallel()
	s := board.Square(2)
	grid := mustGrid(t, s, "1234341221434321")
	// A cyclic Latin square breaks the 2×2 boxes and keeps these regions.
	irregular := mustGrid(t, s, "1234234134124123")
	regions := []int{
		0, 0, 1, 1,
		1, 0, 0, 1,
		2, 2, 3, 3,
		3, 2, 2, 3,
	}
	killer := variant.Killer{Cells: []int{0, 1}, Sum: 3} // r1c1 + r1c2 = 3
	badKiller := variant.Killer{Cells: []int{0, 1}, Sum: 4}
	given := board.New(s)
	given.Cells[5] = 4
	tests := []struct {
		name string
		p    *variant.Puzzle
		grid *board.Board
		want error // nil: decoded
	}{
		{"no rules", &variant.Puzzle{Givens: board.New(s)}, grid, nil},
		{"killer kept", &variant.Puzzle{Givens: board.New(s), Rules: []variant.Rule{killer}}, grid, nil},
		{"killer broken", &variant.Puzzle{Givens: board.New(s), Rules: []variant.Rule{badKiller}}, grid, variant.ErrRule},
		{"given kept", &variant.Puzzle{Givens: given}, grid, nil},
		{"irregular regions", &variant.Puzzle{Givens: board.New(s), Regions: regions}, irregular, nil},
		{"irregular grid with boxes", &variant.Puzzle{Givens: board.New(s)}, irregular, board.ErrClash},
		{"boxes grid with irregular regions", &variant.Puzzle{Givens: board.New(s), Regions: regions}, grid, board.ErrClash},
	}
	for _, tt := range tests {
		got, err := decode.Variant(tt.p, variantModel(tt.grid))
		switch {
		case tt.want == nil && err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case tt.want == nil && !got.Equal(tt.grid):
			t.Errorf("%s: decoded\n%v want\n%v", tt.name, got, tt.grid)
		case tt.want != nil && !errors.Is(err, tt.want):
			t.Errorf("%s: error %v, want %v", tt.name, err, tt.want)
		case tt.want != nil && got != nil:
			t.Errorf("%s: a grid with an error", tt.name)
		}
	}
	// The errors of Board come through: a changed given, a cell with two
	// digits, a short model, no puzzle.
	changed := board.New(s)
	changed.Cells[0] = 2
	if _, err := decode.Variant(&variant.Puzzle{Givens: changed}, variantModel(grid)); !errors.Is(err, board.ErrGiven) {
		t.Errorf("changed given: %v", err)
	}
	two := variantModel(grid)
	two[encode.CellVar(4, 3, 1)] = true
	if _, err := decode.Variant(&variant.Puzzle{Givens: board.New(s)}, two); !errors.Is(err, decode.ErrTwoDigits) {
		t.Errorf("two digits: %v", err)
	}
	if _, err := decode.Variant(&variant.Puzzle{Givens: board.New(s)}, two[:10]); !errors.Is(err, decode.ErrMissing) {
		t.Errorf("short model: %v", err)
	}
	if _, err := decode.Variant(nil, two); !errors.Is(err, board.ErrShape) {
		t.Errorf("nil puzzle: %v", err)
	}
}

func mustGrid(t *testing.T, s board.Shape, digits string) *board.Board {
	t.Helper()
	g := board.New(s)
	for i, ch := range digits {
		g.Cells[i] = uint8(ch - '0')
	}
	return g
}

// TestVariantResult sorts a solver's answers for a variant puzzle as
// Result does for a classic one, the model checked against the rules.
func TestVariantResult(t *testing.T) {
	t.Parallel()
	s := board.Square(2)
	grid := mustGrid(t, s, "1234341221434321")
	kept := &variant.Puzzle{Givens: board.New(s), Rules: []variant.Rule{variant.Killer{Cells: []int{0, 1}, Sum: 3}}}
	broken := &variant.Puzzle{Givens: board.New(s), Rules: []variant.Rule{variant.Killer{Cells: []int{0, 1}, Sum: 4}}}
	tests := []struct {
		name   string
		p      *variant.Puzzle
		out    decode.Output
		status encode.Status
		want   error // nil: the grid
	}{
		{"solved", kept, decode.Output{Status: encode.Sat, Model: variantModel(grid)}, encode.Sat, nil},
		{"rule broken", broken, decode.Output{Status: encode.Sat, Model: variantModel(grid)}, encode.Sat, variant.ErrRule},
		{"no solution", kept, decode.Output{Status: encode.Unsat}, encode.Unsat, nil},
		{"unknown", kept, decode.Output{Status: encode.Unknown}, encode.Unknown, decode.ErrUndecided},
		{"odd status", kept, decode.Output{Status: encode.Status(42)}, encode.Unknown, decode.ErrUndecided},
	}
	for _, tt := range tests {
		got, status, err := decode.VariantResult(tt.p, tt.out)
		switch {
		case status != tt.status:
			t.Errorf("%s: status %v, want %v", tt.name, status, tt.status)
		case tt.want != nil && !errors.Is(err, tt.want):
			t.Errorf("%s: error %v, want %v", tt.name, err, tt.want)
		case tt.want != nil && got != nil:
			t.Errorf("%s: a grid with an error", tt.name)
		case tt.want == nil && err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case tt.want == nil && tt.status == encode.Sat && !got.Equal(grid):
			t.Errorf("%s: decoded\n%v want\n%v", tt.name, got, grid)
		case tt.want == nil && tt.status != encode.Sat && got != nil:
			t.Errorf("%s: a grid for %v", tt.name, tt.status)
		}
	}
}
