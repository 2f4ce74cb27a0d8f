package solver_test

import (
	"fmt"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/internal/testpuzzles"
)

// committed returns the puzzles of a committed sample in testdata (a
// missing file fails the test).
func committed(tb testing.TB, name string) []*board.Board {
	tb.Helper()
	return testpuzzles.Boards(tb, "testdata/"+name)
}

// sharedSet returns up to max puzzles (0: all) of a public set of
// ../shared/data, or skips when the sets are absent.
func sharedSet(tb testing.TB, name string, max int) []*board.Board {
	tb.Helper()
	ps := testpuzzles.Boards(tb, testpuzzles.Shared(tb, name))
	if max > 0 && len(ps) > max {
		ps = ps[:max]
	}
	return ps
}

// parseLine reads a line-format puzzle with board.Parse.
func parseLine(line string) (*board.Board, error) { return board.Parse(line) }

// decodeModel is a tiny local decoder: each cell must have exactly one true
// primary variable.
func decodeModel(p *board.Board, model []bool) (*board.Board, error) {
	n := p.Side()
	if len(model) < encode.NumVars(n)+1 {
		return nil, fmt.Errorf("model has %d entries", len(model))
	}
	out := board.New(p.Shape)
	for cell := range out.Cells {
		for d := 1; d <= n; d++ {
			if model[encode.CellVar(n, cell, d)] {
				if out.Cells[cell] != 0 {
					return nil, fmt.Errorf("%s holds %d and %d", p.CellName(cell), out.Cells[cell], d)
				}
				out.Cells[cell] = uint8(d)
			}
		}
		if out.Cells[cell] == 0 {
			return nil, fmt.Errorf("%s holds no digit", p.CellName(cell))
		}
	}
	return out, nil
}
