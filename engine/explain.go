package engine

import (
	"context"
	"sort"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/solver"
)

// explain returns the cells of a minimal set of the puzzle's givens that
// admits no completion: the rules (the extended encoding of an empty board)
// plus those givens are unsatisfiable, and dropping any one of them makes
// them satisfiable.
func explain(ctx context.Context, p *board.Board) (cells []int, err error) {
	n := p.Side()
	rules, err := encode.Encode(board.New(p.Shape), encode.Options{Encoding: encode.Extended})
	if err != nil {
		return nil, err
	}
	var givens []encode.Lit
	for i, d := range p.Cells {
		if d != 0 {
			givens = append(givens, encode.Lit(encode.CellVar(n, i, int(d))))
		}
	}
	core, err := solver.MinimalConflict(ctx, rules, givens)
	if err != nil {
		return nil, err
	}
	for _, l := range core {
		cells = append(cells, (l.Var()-1)/n)
	}
	sort.Ints(cells)
	return cells, nil
}
