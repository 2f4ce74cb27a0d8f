package fallback_test

import (
	"context"
	"errors"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/fallback"
	"github.com/satdoku/satdoku/variant"
)

// TestPruneVariantEdges checks PruneVariant's answers besides narrowing
// (which the brute-force property tests check through agree): errors for
// malformed puzzles and unknown rules, no solution for clashing givens
// and for a rule that propagation refutes, and the context's error.
func TestPruneVariantEdges(t *testing.T) {
	t.Parallel()
	small := func(rules ...variant.Rule) *variant.Puzzle {
		p := variant.New(board.Square(2))
		p.Rules = rules
		return p
	}
	clash := small()
	clash.Givens.Cells[0], clash.Givens.Cells[1] = 1, 1
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name    string
		ctx     context.Context
		p       *variant.Puzzle
		wantErr error
		wantOK  bool
	}{
		{"nil puzzle", context.Background(), nil, variant.ErrInvalid, false},
		{"cell off the board", context.Background(), small(variant.Killer{Cells: []int{0, 99}, Sum: 3}), variant.ErrInvalid, false},
		{"unknown rule", context.Background(), small(strangeRule{}), fallback.ErrUnknownRule, false},
		{"clashing givens", context.Background(), clash, nil, false},
		{"impossible cage", context.Background(), small(variant.Killer{Cells: []int{0, 1}, Sum: 2}), nil, false},
		{"open board", context.Background(), small(variant.PositiveDiagonal{}), nil, true},
		{"cancelled", cancelled, small(variant.PositiveDiagonal{}), context.Canceled, false},
	}
	for _, tc := range tests {
		for _, probe := range []bool{false, true} {
			masks, ok, err := fallback.PruneVariant(tc.ctx, tc.p, probe)
			if !errors.Is(err, tc.wantErr) || (tc.wantErr == nil) != (err == nil) {
				t.Errorf("%s (probe %v): error %v, want %v", tc.name, probe, err, tc.wantErr)
			}
			if ok != tc.wantOK || ok != (masks != nil) {
				t.Errorf("%s (probe %v): ok %v with %d masks, want ok %v", tc.name, probe, ok, len(masks), tc.wantOK)
			}
			if ok && len(masks) != len(tc.p.Givens.Cells) {
				t.Errorf("%s (probe %v): %d masks for %d cells", tc.name, probe, len(masks), len(tc.p.Givens.Cells))
			}
		}
	}
}
