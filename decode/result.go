package decode

import (
	"errors"
	"fmt"
	"io"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/variant"
)

// ErrUndecided reports a solver that answered UNKNOWN (or INDET): it gave up,
// ran out of time or was interrupted, which says nothing about the puzzle.
var ErrUndecided = errors.New("solver says UNKNOWN")

// Result decodes a solver's answer out for puzzle and sorts it into one of
// four outcomes, which the satdoku command maps to distinct exit codes:
//
//   - solved: a grid, encode.Sat and a nil error; the grid passes
//     board.Verify(puzzle, grid);
//   - no solution: a nil grid, encode.Unsat and a nil error — the solver
//     proved that the puzzle has no solution;
//   - undecided: a nil grid, encode.Unknown and an error matching
//     ErrUndecided — the solver gave up, and the puzzle may or may not
//     have a solution;
//   - rejected: a nil grid, encode.Sat and an error from Board (ErrMissing,
//     ErrNoDigit, ErrTwoDigits, board.ErrGiven, board.ErrClash, …) — the
//     solver claimed a solution but its model is not one, so the solver or
//     the way it was run is broken, not the puzzle.
//
// A Status outside the three known values is reported as undecided.
func Result(puzzle *board.Board, out Output) (*board.Board, encode.Status, error) {
	return result(out, func(model []bool) (*board.Board, error) { return Board(puzzle, model) })
}

// VariantResult is Result for a variant puzzle: a SATISFIABLE answer's
// model is decoded with Variant, so the grid is checked against every rule
// of p (its errors include variant.ErrRule); the other outcomes are
// Result's.
func VariantResult(p *variant.Puzzle, out Output) (*board.Board, encode.Status, error) {
	return result(out, func(model []bool) (*board.Board, error) { return Variant(p, model) })
}

// result sorts out into Result's four outcomes, decoding a model with
// decodeModel.
func result(out Output, decodeModel func(model []bool) (*board.Board, error)) (*board.Board, encode.Status, error) {
	switch out.Status {
	case encode.Sat:
		grid, err := decodeModel(out.Model)
		if err != nil {
			return nil, encode.Sat, fmt.Errorf("solver says SATISFIABLE but its model is wrong: %w", err)
		}
		return grid, encode.Sat, nil
	case encode.Unsat:
		return nil, encode.Unsat, nil
	case encode.Unknown:
		return nil, encode.Unknown, ErrUndecided
	}
	return nil, encode.Unknown, fmt.Errorf("%w (status %v)", ErrUndecided, out.Status)
}

// Decode reads a solver's answer from r with ReadOutput and decodes it for
// puzzle with Result. An error of ReadOutput (a *ParseError) comes back with
// status encode.Unknown.
func Decode(puzzle *board.Board, r io.Reader) (*board.Board, encode.Status, error) {
	out, err := ReadOutput(r)
	if err != nil {
		return nil, encode.Unknown, err
	}
	return Result(puzzle, out)
}

// ExitStatus interprets the exit code of a SAT solver run by the SAT
// competition's convention: 10 means satisfiable, 20 unsatisfiable. For
// any other code it returns encode.Unknown and false: 0 is what solvers that
// follow no convention return (use the output's status then), and anything
// else is usually a failure.
func ExitStatus(code int) (encode.Status, bool) {
	switch code {
	case 10:
		return encode.Sat, true
	case 20:
		return encode.Unsat, true
	}
	return encode.Unknown, false
}
