package report

import (
	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/engine"
	"github.com/satdoku/satdoku/render"
)

// Mark adds an engine's answer to the picture of its puzzle: the solution
// (or, with true candidates, those in the cells left empty), a second
// solution beside it with the cells where the two differ, the clashing
// givens or a minimal set of givens (and rules) with no completion.
func Mark(pic *render.Picture, res engine.Result) {
	switch res.Status {
	case engine.Solved:
		pic.Solution = res.Solution
		if res.Candidates != nil {
			pic.Solution, pic.Candidates = nil, res.Candidates
		}
		if res.Second != nil && res.Solution != nil {
			pic.Second = res.Second // both solutions, side by side
			pic.Highlights = append(pic.Highlights, render.Difference(board.Diff(res.Solution, res.Second)))
		}
	case engine.NoSolution:
		pic.ConflictRules = res.ConflictRules
		var cells []int
		for _, cl := range res.Clashes {
			cells = append(cells, cl.CellA, cl.CellB)
		}
		cells = append(cells, res.Conflict...)
		if len(cells) > 0 {
			pic.Highlights = append(pic.Highlights, render.Conflict(cells))
		}
	}
}
