package batch

import (
	"errors"
	"sync"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/variant"
)

// VariantSource is a Source whose puzzles may carry variant rules or
// irregular regions. A batch reads it with ReadVariant instead of Read
// (Read returns the same puzzles without their rules, for a reader that
// knows only Source).
//
// ReadVariant returns the next puzzle as Read does, plus its variant form
// (nil for a classic puzzle), whose Givens must be the puzzle's Board: the
// batch solves the variant puzzle (engine.Engine.SolvePuzzle) and keeps
// the board puzzle for the result's line, format and title. Errors are
// Read's: a *board.ParseError or an *InputError keeps its place as an
// invalid result, io.EOF ends the input, anything else ends the batch.
//
// In worker processes a variant puzzle crosses the protocol whole (its
// givens, regions and rules, each rule as the same Go value), so the
// batch solves variants as it does classic puzzles: in order, in
// parallel, each within the timeout.
type VariantSource interface {
	Source
	ReadVariant() (*board.Puzzle, *variant.Puzzle, error)
}

// InputError reports a puzzle a Source could not read (an f-puzzles file
// that is not valid, say): the batch keeps it in its place as an invalid
// result whose Err is the InputError, and goes on.
type InputError struct {
	Err error
	// Line is the 1-based line of the input where the puzzle is, or 0
	// when the source does not say (a rule that does not fit the board).
	Line int
}

func (e *InputError) Error() string { return e.Err.Error() }

// Unwrap returns Err.
func (e *InputError) Unwrap() error { return e.Err }

// errVariantGivens is the error of a variant puzzle whose givens are not
// its board puzzle's board.
var errVariantGivens = errors.New("batch: a variant puzzle's Givens is not its puzzle's Board")

// RulesFunc returns the variant rules and the regions (nil: the boxes) of
// the puzzles of one shape, as the command line gives them: a rule spec
// read with variant.ParseRules, jigsaw regions with variant.ReadRegions.
type RulesFunc func(s board.Shape) (rules []variant.Rule, regions []int, err error)

// OncePerShape returns rules with its answer for each shape kept: rules
// is called once per shape, and every puzzle of that shape shares its
// rules and regions (or its error). The function returned is safe for
// concurrent use. WithRules calls it; so does the command line for the
// puzzles it adds --rules and --regions to one at a time.
func OncePerShape(rules RulesFunc) RulesFunc {
	var mu sync.Mutex
	byShape := map[board.Shape]shapeRules{}
	return func(s board.Shape) ([]variant.Rule, []int, error) {
		mu.Lock()
		defer mu.Unlock()
		sr, ok := byShape[s]
		if !ok {
			sr.rules, sr.regions, sr.err = rules(s)
			byShape[s] = sr
		}
		return sr.rules, sr.regions, sr.err
	}
}

type shapeRules struct {
	rules   []variant.Rule
	regions []int
	err     error
}

// WithRules returns src with the rules and regions of rules added to each
// puzzle: a VariantSource whose every puzzle is a variant puzzle (its
// Givens the puzzle's board, its rules shared by every puzzle of the same
// shape). rules is called once per shape (OncePerShape); an error it
// returns makes each puzzle of that shape an invalid result with that
// error. The names of src's inputs (Result.Name) are kept.
func WithRules(src Source, rules RulesFunc) VariantSource {
	return &withRules{src: src, name: namer(src), rules: OncePerShape(rules)}
}

type withRules struct {
	src   Source
	name  func() string
	rules RulesFunc
}

// Read returns the next puzzle of the source, without its rules.
func (w *withRules) Read() (*board.Puzzle, error) { return w.src.Read() }

// Name names the input of the last puzzle read.
func (w *withRules) Name() string { return w.name() }

// ReadVariant returns the next puzzle with the rules of its shape.
func (w *withRules) ReadVariant() (*board.Puzzle, *variant.Puzzle, error) {
	p, err := w.src.Read()
	if err != nil || p == nil || p.Board == nil {
		return p, nil, err
	}
	rules, regions, err := w.rules(p.Board.Shape)
	if err != nil {
		return nil, nil, &InputError{Err: err}
	}
	return p, &variant.Puzzle{Givens: p.Board, Regions: regions, Rules: rules}, nil
}
