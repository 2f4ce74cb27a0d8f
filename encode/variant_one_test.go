package encode_test

import (
	"errors"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/variant"
)

// TestRuleFormula checks that a rule's formula is about its own cells
// only: no cell's exactly-one, no house, no given, no implied sum.
func TestRuleFormula(t *testing.T) {
	p := &variant.Puzzle{Givens: board.New(board.Square(2)), Rules: []variant.Rule{variant.Killer{Cells: []int{0, 1}, Sum: 3}}}
	p.Givens.Cells[15] = 1
	tests := []struct {
		name  string
		rule  variant.Rule
		cells map[int]bool
	}{
		{"killer", variant.Killer{Cells: []int{0, 1}, Sum: 3}, map[int]bool{0: true, 1: true}},
		{"thermometer", variant.Thermometer{Cells: []int{4, 5, 9}}, map[int]bool{4: true, 5: true, 9: true}},
		{"odd", variant.Odd{Cell: 6}, map[int]bool{6: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := encode.RuleFormula(p, tt.rule)
			if err != nil {
				t.Fatal(err)
			}
			c := f.Clausal()
			if len(c.Clauses) == 0 {
				t.Fatal("no clauses")
			}
			for _, cl := range c.Clauses {
				for _, l := range cl {
					if v := l.Var(); v <= encode.NumVars(4) && !tt.cells[(v-1)/4] {
						t.Errorf("clause %v is about cell %d", cl, (v-1)/4)
					}
				}
			}
		})
	}
	if _, err := encode.RuleFormula(nil, variant.Odd{Cell: 0}); !errors.Is(err, variant.ErrInvalid) {
		t.Errorf("nil puzzle: %v", err)
	}
	if _, err := encode.RuleFormula(p, variant.Odd{Cell: 99}); !errors.Is(err, variant.ErrInvalid) {
		t.Errorf("a cell off the board: %v", err)
	}
}
