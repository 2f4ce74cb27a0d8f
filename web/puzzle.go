package web

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/input"
	"github.com/satdoku/satdoku/variant"
)

// inputFormats lists the Request.Format values.
var inputFormats = []string{"auto", "text", "fpuzzles"}

// Request errors: errBadRequest answers 400, errUnavailable 501 (a
// feature this build lacks).
var (
	errBadRequest  = errors.New("bad request")
	errUnavailable = errors.New("not available in this build")
)

// puzzle is a request's puzzle, read and checked against the limits. A
// classic puzzle is a variant puzzle with no rules and no regions.
type puzzle struct {
	vp       *variant.Puzzle
	format   board.Format        // the text format answers are written in
	alphabet *board.Alphabet     // nil: numbers
	clashes  []*board.ClashError // givens that clash
	ignored  []string            // what an f-puzzles file holds that is not solved with
	fpuzzles bool                // read from f-puzzles input
	edited   string              // f-puzzles input with the request's givens written in (editedFPuzzles)
	counts   bool                // colour the cells of true candidates by their number (Request.CandidateCounts)
	marks    bool                // read from a pencil-mark grid
	entered  []int               // digits entered in an f-puzzles file (not givens), nil for none
}

// board returns the puzzle's givens.
func (p *puzzle) board() *board.Board { return p.vp.Givens }

// isVariant reports whether the puzzle has rules or irregular regions.
func (p *puzzle) isVariant() bool { return len(p.vp.Rules) > 0 || p.vp.Regions != nil }

// read parses the request's puzzle.
func (h *Handler) read(req *Request) (*puzzle, error) {
	// The format is told as everywhere else (input.Detect); pencil marks
	// are read as text is, with the request's box, rules and regions.
	format := input.Detect(req.Puzzle)
	fp := false
	switch req.Format {
	case "", "auto":
		fp = format.Variant() && format != input.Marks
	case "text":
	case "fpuzzles":
		fp = true
	default:
		return nil, fmt.Errorf("%w: unknown format %q (want %s)", errBadRequest, req.Format, strings.Join(inputFormats, ", "))
	}
	var p *puzzle
	var err error
	if fp {
		p, err = h.readFPuzzles(req)
	} else {
		p, err = h.readText(req, format == input.Marks)
	}
	if err != nil {
		return nil, err
	}
	b := p.board()
	n := b.Side()
	var pasted *variant.Puzzle // a pencil-mark grid as pasted, before the givens are replaced
	if p.marks && req.Givens != nil {
		pasted = &variant.Puzzle{Givens: b.Clone(), Rules: p.vp.Rules}
	}
	if req.Givens != nil {
		if len(req.Givens) != len(b.Cells) {
			return nil, fmt.Errorf("%w: %d givens for a %v board (%d cells)", errBadRequest, len(req.Givens), b.Shape, len(b.Cells))
		}
		for i, d := range req.Givens {
			if d < 0 || d > n {
				return nil, fmt.Errorf("%w: given %d at %s is outside 0..%d", errBadRequest, d, b.CellName(i), n)
			}
			b.Cells[i] = uint8(d)
		}
	}
	if p.alphabet != nil && n > len(p.alphabet.Symbols) {
		p.alphabet, p.format = nil, board.Grid // the alphabet cannot write this size
	}
	// Clashing givens are an answer (no solution), not a bad request.
	if p.isVariant() {
		err := p.vp.Validate()
		var clash *board.ClashError
		switch {
		case errors.As(err, &clash):
			p.clashes = []*board.ClashError{clash}
		case err != nil:
			return nil, fmt.Errorf("%w: %v", errBadRequest, err)
		}
	} else {
		p.clashes = b.Clashes()
	}
	if pasted != nil {
		if p.edited, err = p.editedMarks(pasted); err != nil {
			return nil, fmt.Errorf("%w: %v", errBadRequest, err)
		}
		// The marks of a cell now given give way to its digit, as when
		// the grid is read.
		p.vp.Rules = slices.DeleteFunc(slices.Clone(p.vp.Rules), func(r variant.Rule) bool {
			m, ok := r.(variant.PencilMarks)
			return ok && b.Cells[m.Cell] != 0
		})
	}
	if p.fpuzzles && req.Givens != nil {
		if p.edited, err = p.editedFPuzzles(req.Puzzle); err != nil {
			return nil, fmt.Errorf("%w: %v", errBadRequest, err)
		}
	}
	return p, nil
}

// readFPuzzles reads variant input: JSON, a link or its payload, a killer
// string, an Interactive Sudoku Solver string (input.Load).
func (h *Handler) readFPuzzles(req *Request) (*puzzle, error) {
	if req.Rules != "" || req.Regions != "" || req.Box != "" {
		return nil, fmt.Errorf("%w: an f-puzzles puzzle carries its own rules, regions and size: leave rules, regions and box out", errBadRequest)
	}
	res, err := input.Load(req.Puzzle)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", errBadRequest, err)
	}
	if err := h.checkSide(res.Puzzle.Side()); err != nil {
		return nil, err
	}
	p := &puzzle{vp: res.Puzzle, format: board.Grid, fpuzzles: true, entered: res.Entered}
	for _, ig := range res.Ignored {
		p.ignored = append(p.ignored, plainNote(ig))
	}
	return p, nil
}

// readText reads a puzzle in a text format or pencil marks (or from its
// givens alone) and the global rules and regions that come with it.
func (h *Handler) readText(req *Request, marks bool) (*puzzle, error) {
	var shape board.Shape
	if req.Box != "" {
		r, c, ok := strings.Cut(strings.ToLower(req.Box), "x")
		rows, err1 := strconv.Atoi(r)
		cols, err2 := strconv.Atoi(c)
		if !ok || err1 != nil || err2 != nil {
			return nil, fmt.Errorf("%w: box %q: want RxC, e.g. 2x3", errBadRequest, req.Box)
		}
		s, err := board.NewShape(rows, cols)
		if err != nil {
			return nil, fmt.Errorf("%w: box %q: %v", errBadRequest, req.Box, err)
		}
		shape = s
	}
	alpha, err := board.AlphabetByName(req.Alphabet)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", errBadRequest, err)
	}
	p := &puzzle{format: board.Line, alphabet: &alpha}
	var b *board.Board
	switch {
	case marks:
		m := input.NewMarksReader(strings.NewReader(req.Puzzle))
		m.Shape = shape
		vp, _, err := m.Read()
		if err != nil {
			return nil, fmt.Errorf("%w: %v", errBadRequest, err)
		}
		if _, line, err := m.Read(); err != io.EOF {
			return nil, fmt.Errorf("%w: the text holds more than one grid (another starts on line %d): send one at a time", errBadRequest, line)
		}
		p.vp, p.format, p.alphabet, p.marks = vp, board.Grid, nil, true
		return p, h.addRules(p, req)
	case strings.TrimSpace(req.Puzzle) == "":
		if len(req.Givens) == 0 {
			return nil, fmt.Errorf("%w: no puzzle: paste one, or send givens", errBadRequest)
		}
		n := isqrt(len(req.Givens))
		if n*n != len(req.Givens) {
			return nil, fmt.Errorf("%w: %d givens do not make a square board", errBadRequest, len(req.Givens))
		}
		if shape == (board.Shape{}) {
			s, ok := board.ShapeForSide(n)
			if !ok {
				return nil, fmt.Errorf("%w: a %dx%d board needs its box shape (box)", errBadRequest, n, n)
			}
			shape = s
		}
		if shape.Side() != n {
			return nil, fmt.Errorf("%w: %d givens for a %v board", errBadRequest, len(req.Givens), shape)
		}
		if err := h.checkSide(n); err != nil {
			return nil, err
		}
		b = board.New(shape)
	default:
		rd := board.NewReader(strings.NewReader(req.Puzzle))
		rd.Shape = shape
		if alpha.Name != board.Default.Name {
			rd.Alphabet = &alpha // the default alphabet is the reader's own, which also reads letters it cannot place
		}
		first, err := rd.Read()
		if err == io.EOF {
			return nil, fmt.Errorf("%w: no puzzle found in the text", errBadRequest)
		}
		if err != nil {
			return nil, fmt.Errorf("%w: %v", errBadRequest, err)
		}
		if err := h.checkSide(first.Board.Side()); err != nil {
			return nil, err
		}
		if next, err := rd.Read(); err == nil {
			return nil, fmt.Errorf("%w: the text holds more than one puzzle (another starts on line %d): send one at a time", errBadRequest, next.Line)
		}
		b, p.format, p.alphabet = first.Board, first.Format, &first.Alphabet
		if first.Format == board.Grid {
			p.alphabet = nil
		}
	}
	p.vp = &variant.Puzzle{Givens: b}
	return p, h.addRules(p, req)
}

// addRules adds the request's global rules and regions to a text puzzle.
func (h *Handler) addRules(p *puzzle, req *Request) error {
	b := p.vp.Givens
	if strings.TrimSpace(req.Rules) != "" {
		rules, err := variant.ParseRules(req.Rules, b.Shape)
		if err != nil {
			return fmt.Errorf("%w: rules: %v", errBadRequest, err) // the error lists the known names
		}
		p.vp.Rules = append(p.vp.Rules, rules...)
	}
	if strings.TrimSpace(req.Regions) != "" {
		regions, err := variant.ReadRegions(strings.NewReader(req.Regions), b.Side())
		if err != nil {
			return fmt.Errorf("%w: regions: %v", errBadRequest, err)
		}
		p.vp.Regions = regions
	}
	return nil
}

func (h *Handler) checkSide(n int) error {
	if n > h.cfg.MaxSide {
		return fmt.Errorf("%w: this server takes boards up to %dx%d, and this one is %dx%d (the size is bounded for every request, as a solve cannot be interrupted once started; see satdoku serve --max-side)", errBadRequest, h.cfg.MaxSide, h.cfg.MaxSide, n, n)
	}
	return nil
}

func isqrt(v int) int {
	r := 0
	for (r+1)*(r+1) <= v {
		r++
	}
	return r
}
