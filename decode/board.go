package decode

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/variant"
)

// Errors reported by Board inside a *CellError; test with errors.Is. A model
// that changes a given matches board.ErrGiven, and one that breaks a rule
// matches board.ErrClash (its chain holds a *board.ClashError).
var (
	// ErrMissing reports a model too short to hold a primary variable.
	ErrMissing = errors.New("model too short")
	// ErrNoDigit reports a cell none of whose N variables is true.
	ErrNoDigit = errors.New("no digit true")
	// ErrTwoDigits reports a cell with two or more true variables.
	ErrTwoDigits = errors.New("several digits true")
)

// CellError reports a model that does not give one cell exactly one digit,
// or that changes one of the puzzle's givens. Its Error method names the
// cell in r1c1 notation and the digits, for example
// "r3c4: several digits true: 2 and 7".
type CellError struct {
	Side   int   // N, the board's side
	Cell   int   // the cell, r·N + c with 0-based r and c
	Digits []int // the digits concerned, 1-based, in increasing order
	Err    error // matches ErrMissing, ErrNoDigit, ErrTwoDigits or board.ErrGiven
}

func (e *CellError) Error() string {
	return board.CellName(e.Side, e.Cell) + ": " + e.Err.Error()
}

// Unwrap returns Err, so that errors.Is sees the sentinel.
func (e *CellError) Unwrap() error { return e.Err }

// Board returns the grid that model assigns to puzzle's cells. model[v] is
// the value of DIMACS variable v of the numbering encode.Var, with index 0
// unused; variables above N³ are ignored. The puzzle is not modified.
//
// Board returns an error, and no board, when puzzle is nil or malformed
// (board.ErrShape), when the model is too short to hold all N³ primary
// variables (ErrMissing), when a cell has no true digit (ErrNoDigit) or
// several (ErrTwoDigits), when a given of the puzzle is not kept
// (board.ErrGiven), or when the grid breaks a rule (board.ErrClash). The
// first four are *CellError values naming the first bad cell in row-major
// order. A board returned with a nil error always passes
// board.Verify(puzzle, result).
func Board(puzzle *board.Board, model []bool) (*board.Board, error) {
	if puzzle == nil {
		return nil, fmt.Errorf("%w: no puzzle", board.ErrShape)
	}
	grid, err := cells(puzzle, model)
	if err != nil {
		return nil, err
	}
	if err := board.Verify(puzzle, grid); err != nil {
		return nil, fmt.Errorf("model breaks a rule: %w", err)
	}
	return grid, nil
}

// Variant returns the grid that model assigns to the cells of the variant
// puzzle p, as Board does, checked against every rule of p with
// variant.Check: rows, columns, p's regions (which may be irregular) and
// p.Rules. It returns the errors of Board, and for a grid that breaks a
// variant rule an error matching variant.ErrRule (its chain holds the
// *variant.RuleError naming the rule); a puzzle that is not well formed
// gives the error of p.Validate. A board returned with a nil error always
// passes variant.Check(p, result).
func Variant(p *variant.Puzzle, model []bool) (*board.Board, error) {
	if p == nil || p.Givens == nil {
		return nil, fmt.Errorf("%w: no puzzle", board.ErrShape)
	}
	grid, err := cells(p.Givens, model)
	if err != nil {
		return nil, err
	}
	if err := variant.Check(p, grid); err != nil {
		return nil, fmt.Errorf("model breaks a rule: %w", err)
	}
	return grid, nil
}

// cells reads the digit of every cell from model and checks that the
// givens are kept; it does not check any rule.
func cells(puzzle *board.Board, model []bool) (*board.Board, error) {
	if !puzzle.Shape.Valid() || len(puzzle.Cells) != puzzle.Shape.Cells() {
		return nil, fmt.Errorf("%w: %d cells for a %v board", board.ErrShape, len(puzzle.Cells), puzzle.Shape)
	}
	n := puzzle.Side()
	if need := encode.NumVars(n); len(model) <= need {
		v := max(len(model), 1) // the first variable with no value
		r, c, d := encode.Unvar(n, v)
		return nil, &CellError{n, r*n + c, []int{d}, fmt.Errorf("%w: no value for variable %d (digit %d); the model stops at variable %d of %d",
			ErrMissing, v, d, max(len(model)-1, 0), need)}
	}
	grid := board.New(puzzle.Shape)
	var digits []int
	for cell := range grid.Cells {
		digits = digits[:0]
		for d := 1; d <= n; d++ {
			if model[encode.CellVar(n, cell, d)] {
				digits = append(digits, d)
			}
		}
		switch len(digits) {
		case 0:
			lo, hi := encode.CellVar(n, cell, 1), encode.CellVar(n, cell, n)
			return nil, &CellError{n, cell, nil, fmt.Errorf("%w: variables %d to %d are all false", ErrNoDigit, lo, hi)}
		case 1:
			grid.Cells[cell] = uint8(digits[0])
		default:
			ds := append([]int(nil), digits...)
			return nil, &CellError{n, cell, ds, fmt.Errorf("%w: %s", ErrTwoDigits, joinDigits(ds))}
		}
	}
	for cell, g := range puzzle.Cells {
		if g != 0 && grid.Cells[cell] != g {
			return nil, &CellError{n, cell, []int{int(grid.Cells[cell])}, fmt.Errorf("%w: the puzzle has %d, the model %d", board.ErrGiven, g, grid.Cells[cell])}
		}
	}
	return grid, nil
}

// joinDigits returns "2 and 7" or "2, 5 and 7".
func joinDigits(ds []int) string {
	s := make([]string, len(ds))
	for i, d := range ds {
		s[i] = strconv.Itoa(d)
	}
	if len(s) == 1 {
		return s[0]
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}
