package web

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"net/http"
	"strconv"
	"strings"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/engine"
	"github.com/satdoku/satdoku/render"
)

// Request is the body of POST /api/render and POST /api/solve.
type Request struct {
	// Puzzle is the puzzle as text, in any format satdoku reads (grid,
	// compact or line). It may be empty when Givens says everything.
	Puzzle string `json:"puzzle"`
	// Format is "auto" (or empty) or "text".
	Format string `json:"format,omitempty"`
	// Box is the box shape "RxC" for rectangular boxes ("2x3" for 6×6);
	// empty infers square boxes.
	Box string `json:"box,omitempty"`
	// Alphabet names the symbols of compact and line text: "default",
	// "hex" or "letters".
	Alphabet string `json:"alphabet,omitempty"`
	// Givens, if set, replaces the puzzle's givens: N² digits in reading
	// order, 0 for a blank (the grid typed on the page). With an empty
	// Puzzle it defines the board on its own (square boxes unless Box).
	Givens []int `json:"givens,omitempty"`
	// Count counts solutions up to Count (solve only): 0 or 1 finds one,
	// 2 checks uniqueness.
	Count int `json:"count,omitempty"`
	// Explain asks, for a puzzle with no solution, for the givens that
	// clash or a minimal set of givens with no completion (solve only).
	Explain bool `json:"explain,omitempty"`
	// Candidates asks for the true candidates of every cell instead of a
	// solution (solve only).
	Candidates bool `json:"candidates,omitempty"`
	// Show is what the picture shows: "both" (default), "puzzle" or
	// "solution".
	Show string `json:"show,omitempty"`
	// Picture is "svg" (default) to get the picture, or "none".
	Picture string `json:"picture,omitempty"`
}

// The Status values of a Response.
const (
	StatusOK         = "ok"          // render: the puzzle was read and drawn
	StatusSolved     = "solved"      // a verified solution is in Solution
	StatusNoSolution = "no_solution" // the puzzle has no solution
	StatusTimeout    = "timeout"     // the time limit ran out
	StatusInvalid    = "invalid"     // the request or the puzzle is malformed
	StatusBusy       = "busy"        // too many solves at once; retry
	StatusError      = "error"       // the engines failed or disagree
	StatusCandidates = "candidates"  // true candidates are in Candidates
)

// Response is the answer of the API. Fields that do not apply are left out.
type Response struct {
	Status string `json:"status"`
	Error  string `json:"error,omitempty"`

	Size     int    `json:"size,omitempty"`     // N
	Box      string `json:"box,omitempty"`      // box shape, "3x3"
	Format   string `json:"format,omitempty"`   // the input's format: grid, compact, line
	Symbols  string `json:"symbols,omitempty"`  // symbol of digit d at d−1, when the picture uses an alphabet
	Givens   []int  `json:"givens,omitempty"`   // N² digits, 0 blank
	Text     string `json:"text,omitempty"`     // the givens written in the input's format
	Solution []int  `json:"solution,omitempty"` // N² digits
	// SolutionText is the solution written in the input's format.
	SolutionText string `json:"solution_text,omitempty"`
	// Count is the number of solutions found (at most the request's
	// count), when counting.
	Count *int `json:"count,omitempty"`
	// Unique reports, when counting to 2 or more, whether the puzzle has
	// exactly one solution.
	Unique *bool `json:"unique,omitempty"`
	// Second is a second solution, and Differ the cells where it differs
	// from the first.
	Second []int `json:"second,omitempty"`
	Differ []int `json:"differ,omitempty"`
	// Clashes lists givens that break a rule directly.
	Clashes []Clash `json:"clashes,omitempty"`
	// Conflict holds the cells of a minimal set of givens with no
	// completion, and Explanation says it in words.
	Conflict    []int  `json:"conflict,omitempty"`
	Explanation string `json:"explanation,omitempty"`
	// Candidates holds, per cell, the digits that appear there in some
	// solution.
	Candidates [][]int `json:"candidates,omitempty"`
	Engine     string  `json:"engine,omitempty"`
	ElapsedMS  float64 `json:"elapsed_ms"`
	SVG        string  `json:"svg,omitempty"`
	SVGSecond  string  `json:"svg_second,omitempty"` // the second solution, when there is one
}

// Clash is a pair of givens that break a rule.
type Clash struct {
	Cells   [2]int `json:"cells"`
	Digit   int    `json:"digit"`
	Unit    string `json:"unit"`
	Message string `json:"message"`
}

// inputFormats lists the Request.Format values.
var inputFormats = []string{"auto", "text"}

// errBadRequest marks request errors (HTTP 400) as against solver failures.
var errBadRequest = errors.New("bad request")

// puzzle is a request's puzzle, read and checked against the limits.
type puzzle struct {
	board    *board.Board
	format   board.Format
	alphabet *board.Alphabet // nil: numbers (grid format)
}

// read parses the request's puzzle.
func (h *Handler) read(req *Request) (*puzzle, error) {
	switch req.Format {
	case "", "auto", "text":
	default:
		return nil, fmt.Errorf("%w: unknown format %q (want %s)", errBadRequest, req.Format, strings.Join(inputFormats, " or "))
	}
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
	if strings.TrimSpace(req.Puzzle) == "" {
		if req.Givens == nil {
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
		p.board = board.New(shape)
	} else {
		rd := board.NewReader(strings.NewReader(req.Puzzle))
		rd.Shape, rd.Alphabet = shape, &alpha
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
		p.board, p.format = first.Board, first.Format
		if first.Format == board.Grid {
			p.alphabet = nil
		}
	}
	if req.Givens != nil {
		b := p.board
		if len(req.Givens) != len(b.Cells) {
			return nil, fmt.Errorf("%w: %d givens for a %v board (%d cells)", errBadRequest, len(req.Givens), b.Shape, len(b.Cells))
		}
		n := b.Side()
		for i, d := range req.Givens {
			if d < 0 || d > n {
				return nil, fmt.Errorf("%w: given %d at %s is outside 0..%d", errBadRequest, d, b.CellName(i), n)
			}
			b.Cells[i] = uint8(d)
		}
	}
	if p.alphabet != nil && p.board.Side() > len(p.alphabet.Symbols) {
		p.alphabet, p.format = nil, board.Grid // the alphabet cannot write this size
	}
	return p, nil
}

func (h *Handler) checkSide(n int) error {
	if n > h.cfg.MaxSide {
		return fmt.Errorf("%w: this server takes boards up to %dx%d, and this one is %dx%d (a solve cannot be interrupted once started, so the size is bounded; see satdoku serve --max-side)", errBadRequest, h.cfg.MaxSide, h.cfg.MaxSide, n, n)
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

// describe fills the response's description of the board.
func (p *puzzle) describe(resp *Response) {
	b := p.board
	resp.Size = b.Side()
	resp.Box = fmt.Sprintf("%dx%d", b.Shape.BoxRows, b.Shape.BoxCols)
	resp.Format = p.format.String()
	if p.alphabet != nil {
		resp.Symbols = p.alphabet.Symbols[:b.Side()]
	}
	resp.Givens = digits(b)
	resp.Text = p.text(b)
}

// text writes b in the puzzle's format.
func (p *puzzle) text(b *board.Board) string {
	var sb strings.Builder
	a := board.Default
	if p.alphabet != nil {
		a = *p.alphabet
	}
	if err := board.Write(&sb, b, p.format, a); err != nil {
		return b.String()
	}
	return sb.String()
}

func digits(b *board.Board) []int {
	out := make([]int, len(b.Cells))
	for i, d := range b.Cells {
		out[i] = int(d)
	}
	return out
}

// picture draws the picture as SVG text.
func (p *puzzle) picture(pic *render.Picture, show render.Show) (string, error) {
	pic.Puzzle = p.board
	sc, err := render.Draw(pic, render.Options{Show: show, Alphabet: p.alphabet})
	if err != nil {
		return "", err
	}
	return string(sc.AppendSVG(nil)), nil
}

func requestShow(req *Request) (render.Show, bool, error) {
	show := render.Both
	if req.Show != "" {
		s, err := render.ParseShow(req.Show)
		if err != nil {
			return 0, false, fmt.Errorf("%w: show: %v", errBadRequest, err)
		}
		show = s
	}
	switch req.Picture {
	case "", "svg":
		return show, true, nil
	case "none":
		return show, false, nil
	}
	return 0, false, fmt.Errorf("%w: picture %q: want svg or none", errBadRequest, req.Picture)
}

// badRequest answers a request error with 400.
func badRequest(err error) (int, *Response) {
	msg := strings.TrimPrefix(err.Error(), errBadRequest.Error()+": ")
	return http.StatusBadRequest, &Response{Status: StatusInvalid, Error: msg}
}

// render answers POST /api/render: read the puzzle and draw it.
func (h *Handler) render(_ context.Context, req *Request) (int, *Response) {
	if req.Count != 0 || req.Explain || req.Candidates {
		return badRequest(fmt.Errorf("%w: count, explain and candidates belong to /api/solve", errBadRequest))
	}
	show, draw, err := requestShow(req)
	if err != nil {
		return badRequest(err)
	}
	p, err := h.read(req)
	if err != nil {
		return badRequest(err)
	}
	resp := &Response{Status: StatusOK}
	p.describe(resp)
	if draw {
		var pic render.Picture
		if cl := p.board.Clashes(); len(cl) > 0 {
			pic.Highlights = []render.Highlight{render.Conflict(clashCells(cl))}
		}
		if resp.SVG, err = p.picture(&pic, show); err != nil {
			return http.StatusInternalServerError, &Response{Status: StatusError, Error: err.Error()}
		}
	}
	return http.StatusOK, resp
}

func clashCells(cl []*board.ClashError) []int {
	var cells []int
	for _, c := range cl {
		cells = append(cells, c.CellA, c.CellB)
	}
	return cells
}

// solve answers POST /api/solve.
func (h *Handler) solve(ctx context.Context, req *Request) (int, *Response) {
	show, draw, err := requestShow(req)
	if err != nil {
		return badRequest(err)
	}
	if req.Count < 0 || req.Count > h.cfg.MaxCount {
		return badRequest(fmt.Errorf("%w: count %d: want 0 to %d", errBadRequest, req.Count, h.cfg.MaxCount))
	}
	if req.Candidates && h.cfg.Candidates == nil {
		return http.StatusNotImplemented, &Response{Status: StatusInvalid, Error: "true candidates are not available in this build of satdoku"}
	}
	if req.Candidates && (req.Count > 1 || req.Explain) {
		return badRequest(fmt.Errorf("%w: ask for candidates on their own, without count or explain", errBadRequest))
	}
	p, err := h.read(req)
	if err != nil {
		return badRequest(err)
	}

	// Take a solving slot, or answer busy at once.
	select {
	case h.slots <- struct{}{}:
	default:
		return http.StatusServiceUnavailable, &Response{Status: StatusBusy,
			Error: fmt.Sprintf("the server is busy: %d solves are running, its limit; try again in a moment", h.cfg.MaxSolves)}
	}
	ctx, cancel := context.WithTimeout(ctx, h.cfg.SolveTimeout)
	defer cancel()
	done := make(chan *Response, 1)
	puzzleCopy := p.board.Clone()
	go func() {
		// The slot is held until the solve really ends: a gophersat call
		// cannot be interrupted, and the bound on solves must count it
		// even after its request has been answered "timeout".
		defer func() { <-h.slots }()
		if req.Candidates {
			done <- h.candidates(ctx, puzzleCopy)
			return
		}
		done <- solveOne(ctx, puzzleCopy, req)
	}()
	var resp *Response
	select {
	case resp = <-done:
	case <-ctx.Done():
		resp = &Response{Status: StatusTimeout, Error: fmt.Sprintf("no answer within the time limit of %v", h.cfg.SolveTimeout)}
	}
	p.describe(resp)
	if resp.Solution != nil {
		resp.SolutionText = p.text(p.fromDigits(resp.Solution))
	}
	if draw {
		if err := p.draw(resp, show); err != nil {
			return http.StatusInternalServerError, &Response{Status: StatusError, Error: err.Error()}
		}
	}
	return http.StatusOK, resp
}

// solveOne solves, counts or explains with a new engine: an Engine is not
// safe for concurrent use, and engines in one process take turns on
// gophersat by themselves.
func solveOne(ctx context.Context, b *board.Board, req *Request) *Response {
	limit := 0
	if req.Count >= 2 {
		limit = req.Count
	}
	eng, err := engine.New(engine.Options{Kind: engine.SAT, Limit: limit, Explain: req.Explain})
	if err != nil {
		return &Response{Status: StatusError, Error: err.Error()}
	}
	res := eng.Solve(ctx, b)
	resp := &Response{Engine: res.Engine}
	switch res.Status {
	case engine.Solved:
		resp.Status = StatusSolved
		resp.Solution = digits(res.Solution)
		if limit >= 2 {
			count, unique := res.Count, res.Count == 1
			resp.Count, resp.Unique = &count, &unique
		}
		if res.Second != nil {
			resp.Second = digits(res.Second)
			resp.Differ = board.Diff(res.Solution, res.Second)
		}
	case engine.NoSolution:
		resp.Status = StatusNoSolution
		if limit >= 2 {
			count, unique := 0, false
			resp.Count, resp.Unique = &count, &unique
		}
		for _, c := range res.Clashes {
			resp.Clashes = append(resp.Clashes, Clash{Cells: [2]int{c.CellA, c.CellB}, Digit: c.Digit, Unit: c.Unit, Message: c.Error()})
		}
		resp.Conflict = res.Conflict
		switch {
		case len(res.Clashes) > 0:
			resp.Explanation = fmt.Sprintf("%d pair(s) of givens clash: %s", len(res.Clashes), res.Clashes[0].Error())
		case len(res.Conflict) > 0:
			resp.Explanation = "These givens admit no completion together: " + strings.Join(engine.GivenNames(b, res.Conflict), " ")
		}
		if res.Err != nil {
			resp.Error = res.Err.Error()
		}
	case engine.Timeout:
		resp.Status = StatusTimeout
		resp.Error = "no answer within the time limit"
	case engine.Invalid:
		resp.Status = StatusInvalid
		resp.Error = errText(res.Err)
	default:
		resp.Status = StatusError
		resp.Error = errText(res.Err)
	}
	return resp
}

func errText(err error) string {
	if err == nil {
		return "unknown error"
	}
	return err.Error()
}

// candidates answers a request for true candidates.
func (h *Handler) candidates(ctx context.Context, b *board.Board) *Response {
	if cl := b.Clashes(); len(cl) > 0 {
		return &Response{Status: StatusNoSolution, Explanation: cl[0].Error()}
	}
	sets, err := h.cfg.Candidates(ctx, b)
	switch {
	case ctx.Err() != nil:
		return &Response{Status: StatusTimeout, Error: "no answer within the time limit"}
	case err != nil:
		return &Response{Status: StatusError, Error: err.Error()}
	case sets == nil:
		return &Response{Status: StatusNoSolution}
	case len(sets) != len(b.Cells):
		return &Response{Status: StatusError, Error: fmt.Sprintf("candidates: %d sets for %d cells", len(sets), len(b.Cells))}
	}
	resp := &Response{Status: StatusCandidates, Candidates: make([][]int, len(sets))}
	for i, set := range sets {
		list := make([]int, 0, bits.OnesCount64(set))
		for d := 1; d <= b.Side(); d++ {
			if set&(1<<(d-1)) != 0 {
				list = append(list, d)
			}
		}
		resp.Candidates[i] = list
	}
	return resp
}

// draw adds the pictures of a solve's answer to resp.
func (p *puzzle) draw(resp *Response, show render.Show) error {
	var pic render.Picture
	if resp.Solution != nil {
		pic.Solution = p.fromDigits(resp.Solution)
	}
	if len(resp.Clashes) > 0 {
		var cells []int
		for _, c := range resp.Clashes {
			cells = append(cells, c.Cells[0], c.Cells[1])
		}
		pic.Highlights = append(pic.Highlights, render.Conflict(cells))
	}
	if len(resp.Conflict) > 0 {
		pic.Highlights = append(pic.Highlights, render.Conflict(resp.Conflict))
	}
	if len(resp.Differ) > 0 {
		pic.Highlights = append(pic.Highlights, render.Difference(resp.Differ))
	}
	if resp.Candidates != nil {
		pic.Candidates = make([]uint64, len(resp.Candidates))
		for i, list := range resp.Candidates {
			for _, d := range list {
				pic.Candidates[i] |= 1 << (d - 1)
			}
		}
	}
	var err error
	if resp.SVG, err = p.picture(&pic, show); err != nil {
		return err
	}
	if resp.Second != nil {
		pic.Solution = p.fromDigits(resp.Second)
		if resp.SVGSecond, err = p.picture(&pic, show); err != nil {
			return err
		}
	}
	return nil
}

func (p *puzzle) fromDigits(ds []int) *board.Board {
	b := board.New(p.board.Shape)
	for i, d := range ds {
		b.Cells[i] = uint8(d)
	}
	return b
}
