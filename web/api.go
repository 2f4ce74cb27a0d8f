package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"net/http"
	"strings"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/engine"
	"github.com/satdoku/satdoku/fpuzzles"
	"github.com/satdoku/satdoku/render"
	"github.com/satdoku/satdoku/variant"
)

// Request is the body of POST /api/render and POST /api/solve.
type Request struct {
	// Puzzle is the puzzle: text in any format satdoku reads (grid,
	// compact or line), or f-puzzles input (JSON, the compressed text
	// after "?load=", or a link). It may be empty when Givens says
	// everything.
	Puzzle string `json:"puzzle"`
	// Format is "auto" (or empty: f-puzzles input is told apart from text
	// by its look), "text" or "fpuzzles".
	Format string `json:"format,omitempty"`
	// Box is the box shape "RxC" for rectangular boxes ("2x3" for 6×6);
	// empty infers square boxes.
	Box string `json:"box,omitempty"`
	// Alphabet names the symbols of compact and line text: "default",
	// "hex" or "letters".
	Alphabet string `json:"alphabet,omitempty"`
	// Rules are global rules for a text puzzle, as a comma-separated
	// list: diagonal+, diagonal-, diagonals, antiknight, antiking,
	// nonconsecutive, disjointgroups, windoku (see variant.ParseRules).
	Rules string `json:"rules,omitempty"`
	// Regions are irregular (jigsaw) regions for a text puzzle: N lines of
	// N region labels (see variant.ReadRegions).
	Regions string `json:"regions,omitempty"`
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
	// CandidateCounts colours the cells of a picture of true candidates
	// by their number of candidates, with a legend.
	CandidateCounts bool `json:"candidate_counts,omitempty"`
	// Entered holds, for /api/steps, the digits a person entered (not
	// givens): N² digits, 0 for none; a cell it leaves 0 takes the digit
	// entered there in an f-puzzles file. The other endpoints ignore it.
	Entered []int `json:"entered,omitempty"`
	// Step is, for /api/steps, the step of the path to draw (1-based);
	// 0 draws the first, the hint.
	Step int `json:"step,omitempty"`
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

	Size    int    `json:"size,omitempty"`    // N
	Box     string `json:"box,omitempty"`     // box shape, "3x3"
	Format  string `json:"format,omitempty"`  // the input's format: grid, compact, line, fpuzzles
	Symbols string `json:"symbols,omitempty"` // symbol of digit d at d−1, when the picture uses an alphabet
	Givens  []int  `json:"givens,omitempty"`  // N² digits, 0 blank
	// Rules describes the puzzle's variant rules in words, one a line.
	Rules []string `json:"rules,omitempty"`
	// Ignored says in plain words what an f-puzzles file holds that is
	// drawn but not solved with ("3 lines are drawn only: not a rule, so
	// not used to solve").
	Ignored  []string `json:"ignored,omitempty"`
	Text     string   `json:"text,omitempty"`     // the givens written in the input's format
	Solution []int    `json:"solution,omitempty"` // N² digits
	// SolutionText is the solution written in the input's format (a grid
	// of numbers for f-puzzles input).
	SolutionText string `json:"solution_text,omitempty"`
	// FPuzzles is the puzzle (givens, rules and drawings) as an f-puzzles
	// link, for the page's "open in f-puzzles" and "open in SudokuPad";
	// empty when f-puzzles cannot express a rule.
	FPuzzles string `json:"fpuzzles,omitempty"`
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
	Conflict []int `json:"conflict,omitempty"`
	// ConflictRules holds, for a variant puzzle, the indexes into Rules
	// of the rules of that minimal set (engine.Result.ConflictRules).
	ConflictRules []int  `json:"conflict_rules,omitempty"`
	Explanation   string `json:"explanation,omitempty"`
	// Candidates holds, per cell, the digits that appear there in some
	// solution.
	Candidates [][]int `json:"candidates,omitempty"`
	Engine     string  `json:"engine,omitempty"`
	ElapsedMS  float64 `json:"elapsed_ms"`
	SVG        string  `json:"svg,omitempty"`
	SVGSecond  string  `json:"svg_second,omitempty"` // the second solution, when there is one
	// Path is the logical path of /api/steps.
	Path *Path `json:"path,omitempty"`
}

// Clash is a pair of givens that break a rule.
type Clash struct {
	Cells   [2]int `json:"cells"`
	Digit   int    `json:"digit"`
	Unit    string `json:"unit"`
	Message string `json:"message"`
}

// describe fills the response's description of the puzzle.
func (p *puzzle) describe(resp *Response) {
	b := p.board()
	resp.Size = b.Side()
	resp.Box = fmt.Sprintf("%dx%d", b.Shape.BoxRows, b.Shape.BoxCols)
	resp.Format = p.format.String()
	if p.fpuzzles {
		resp.Format = "fpuzzles"
	}
	if p.alphabet != nil {
		resp.Symbols = p.alphabet.Symbols[:b.Side()]
	}
	resp.Givens = digits(b)
	resp.Text = p.text(b)
	if p.edited != "" {
		resp.Text = p.edited // the givens typed on the page, in the puzzle's own format
	}
	for _, r := range p.vp.Rules {
		resp.Rules = append(resp.Rules, r.Describe(b.Side()))
	}
	resp.Ignored = p.ignored
	if link, err := fpuzzles.URL(p.vp, nil, fpuzzles.Options{}); err == nil && len(p.clashes) == 0 {
		resp.FPuzzles = link
	}
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

// title names the puzzle in words: "Killer Blister, a 9×9 sudoku with 0
// givens and 31 variant rules".
func (p *puzzle) title() string {
	b := p.board()
	s := fmt.Sprintf("a %d×%d sudoku with %d givens", b.Side(), b.Side(), b.Givens())
	if n := len(p.vp.Rules); n > 0 {
		s += fmt.Sprintf(" and %d variant rules", n)
	}
	if p.vp.Title != "" {
		s = p.vp.Title + ", " + s
	}
	return s
}

// picture draws the puzzle with the parts of pic as SVG text.
func (p *puzzle) picture(pic *render.Picture, show render.Show) (string, error) {
	pic.Variant = p.vp
	if pic.Title == "" {
		pic.Title = p.title() // what a screen reader says of the picture
	}
	sc, err := render.Draw(pic, render.Options{Show: show, Alphabet: p.alphabet, CandidateCounts: p.counts})
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

// requestError answers a request error: 501 for a feature this build
// lacks, 400 otherwise.
func requestError(err error) (int, *Response) {
	if errors.Is(err, errUnavailable) {
		msg := strings.TrimPrefix(err.Error(), errUnavailable.Error()+": ")
		return http.StatusNotImplemented, &Response{Status: StatusInvalid, Error: msg}
	}
	msg := strings.TrimPrefix(err.Error(), errBadRequest.Error()+": ")
	return http.StatusBadRequest, &Response{Status: StatusInvalid, Error: msg}
}

// admitRender takes a render slot for a request to /api/render, before
// its body is read: reading an f-puzzles file of a megabyte costs more
// than drawing it.
func (h *Handler) admitRender() (func(), *Response) {
	select {
	case h.renders <- struct{}{}:
		return func() { <-h.renders }, nil
	default:
		return nil, &Response{Status: StatusBusy,
			Error: fmt.Sprintf("the server is busy: %d pictures are being drawn, its limit; try again in a moment", h.cfg.MaxRenders)}
	}
}

// render answers POST /api/render: read the puzzle and draw it, within
// the bound on renders at once (503 beyond, see admitRender) and on a
// picture's size (413).
func (h *Handler) render(_ context.Context, req *Request) (int, *Response) {
	if req.Count != 0 || req.Explain || req.Candidates {
		return requestError(fmt.Errorf("%w: count, explain and candidates belong to /api/solve", errBadRequest))
	}
	show, draw, err := requestShow(req)
	if err != nil {
		return requestError(err)
	}
	p, err := h.read(req)
	if err != nil {
		return requestError(err)
	}
	resp := &Response{Status: StatusOK}
	p.describe(resp)
	if draw {
		var pic render.Picture
		if len(p.clashes) > 0 {
			pic.Highlights = []render.Highlight{render.Conflict(p.clashes)}
		}
		if resp.SVG, err = p.picture(&pic, show); err != nil {
			return http.StatusInternalServerError, &Response{Status: StatusError, Error: err.Error()}
		}
		if drawn := len(resp.SVG); drawn > h.cfg.MaxPicture {
			return h.pictureTooLarge(drawn)
		}
	}
	return http.StatusOK, resp
}

// pictureTooLarge answers a request whose picture is over the bound.
func (h *Handler) pictureTooLarge(size int) (int, *Response) {
	return http.StatusRequestEntityTooLarge, &Response{Status: StatusInvalid,
		Error: fmt.Sprintf("the picture would be %d bytes, more than the limit of %d; ask for \"picture\": \"none\"", size, h.cfg.MaxPicture)}
}

// solve answers POST /api/solve.
func (h *Handler) solve(ctx context.Context, req *Request) (int, *Response) {
	show, draw, err := requestShow(req)
	if err != nil {
		return requestError(err)
	}
	if req.Count < 0 || req.Count > h.cfg.MaxCount {
		return requestError(fmt.Errorf("%w: count %d: want 0 to %d", errBadRequest, req.Count, h.cfg.MaxCount))
	}
	if req.Candidates && (req.Count > 1 || req.Explain) {
		return requestError(fmt.Errorf("%w: ask for candidates on their own, without count or explain", errBadRequest))
	}
	if req.Candidates && h.cfg.Candidates == nil && h.cfg.Solve == nil {
		return requestError(fmt.Errorf("%w: true candidates are %v", errUnavailable, errUnavailable))
	}
	p, err := h.read(req)
	if err != nil {
		return requestError(err)
	}
	p.counts = req.CandidateCounts
	if p.isVariant() && !req.Candidates && h.cfg.SolveVariant == nil && h.cfg.Solve == nil {
		return requestError(fmt.Errorf("%w: solving puzzles with variant rules or irregular regions is %v; /api/render draws them", errUnavailable, errUnavailable))
	}

	// Take a solving slot, or answer busy at once.
	release, why := h.solves.take(clientOf(ctx), p.board().Side())
	if release == nil {
		return http.StatusServiceUnavailable, &Response{Status: StatusBusy,
			Error: fmt.Sprintf("the server is busy: %s; try again in a moment", why)}
	}
	solveCtx, cancel := context.WithTimeout(ctx, h.cfg.SolveTimeout)
	defer cancel()
	resp := h.runSolve(solveCtx, p, req, release)
	p.describe(resp)
	if resp.Solution != nil {
		resp.SolutionText = p.text(p.fromDigits(resp.Solution))
	}
	if draw {
		// A turn to draw, waited for within another time limit: the
		// answer is known, and only the picture waits; sent without it
		// if none comes.
		drawCtx, cancel := context.WithTimeout(ctx, h.cfg.SolveTimeout)
		defer cancel()
		select {
		case h.renders <- struct{}{}:
		case <-drawCtx.Done():
			// The answer is worth sending without its picture.
			if resp.Error == "" {
				resp.Error = fmt.Sprintf("no picture: %d pictures are being drawn, the server's limit", h.cfg.MaxRenders)
			}
			return http.StatusOK, resp
		}
		err := p.draw(resp, show)
		<-h.renders
		if err != nil {
			return http.StatusInternalServerError, &Response{Status: StatusError, Error: err.Error()}
		}
		if drawn := len(resp.SVG) + len(resp.SVGSecond); drawn > h.cfg.MaxPicture {
			return h.pictureTooLarge(drawn)
		}
	}
	return http.StatusOK, resp
}

// runSolve runs a request's solve and gives its slot back with release
// when the solve has ended. With Config.Solve, which ends its work when
// ctx does, that is before it returns; a function that may not (the
// in-process SAT engine, Candidates, SolveVariant) runs on a goroutine of
// its own and keeps the slot until it really ends, after its request has
// been answered "timeout".
func (h *Handler) runSolve(ctx context.Context, p *puzzle, req *Request, release func()) *Response {
	vp := *p.vp
	vp.Givens = p.board().Clone() // the solver's own copy
	var run func() *Response
	stoppable := false
	switch {
	case req.Candidates && h.cfg.Candidates != nil:
		run = func() *Response { return h.candidates(ctx, &vp, p.clashes, h.cfg.Candidates) }
	case req.Candidates:
		run = func() *Response { return h.candidates(ctx, &vp, p.clashes, h.solveCandidates) }
		stoppable = true
	case p.isVariant() && h.cfg.SolveVariant != nil:
		run = func() *Response { return h.solveVariant(ctx, &vp, req, h.cfg.SolveVariant) }
	case h.cfg.Solve != nil:
		// Classic puzzles too: variant.Check checks their answers.
		run = func() *Response { return h.solveVariant(ctx, &vp, req, h.cfg.Solve) }
		stoppable = true
	default:
		run = func() *Response { return solveClassic(ctx, vp.Givens, req) }
	}
	if stoppable {
		defer release()
		resp := run()
		if ctx.Err() != nil && resp.Status == StatusTimeout {
			resp.Error = fmt.Sprintf("no answer within the time limit of %v", h.cfg.SolveTimeout)
		}
		return resp
	}
	done := make(chan *Response, 1)
	go func() {
		defer release()
		done <- run()
	}()
	select {
	case resp := <-done:
		return resp
	case <-ctx.Done():
		return &Response{Status: StatusTimeout, Error: fmt.Sprintf("no answer within the time limit of %v", h.cfg.SolveTimeout)}
	}
}

// solveCandidates finds true candidates with Config.Solve, as a
// CandidatesFunc does: nil for a puzzle with no solution.
func (h *Handler) solveCandidates(ctx context.Context, vp *variant.Puzzle) ([]uint64, error) {
	res := h.cfg.Solve(ctx, vp, engine.Options{Kind: engine.SAT, Candidates: true})
	switch res.Status {
	case engine.Solved:
		if res.Candidates == nil {
			return nil, errors.New("the solver found no candidates")
		}
		return res.Candidates, nil
	case engine.NoSolution:
		return nil, nil
	case engine.Timeout:
		return nil, context.DeadlineExceeded
	}
	return nil, errorOf(res)
}

// errorOf is the error of a result that is no answer.
func errorOf(res engine.Result) error {
	if res.Err != nil {
		return res.Err
	}
	return fmt.Errorf("the solver failed (%v)", res.Status)
}

// engineOptions are the engine options of a request.
func engineOptions(req *Request) engine.Options {
	o := engine.Options{Kind: engine.SAT, Explain: req.Explain}
	if req.Count >= 2 {
		o.Limit = req.Count
	}
	return o
}

// solveClassic solves, counts or explains with a new engine of the
// request's options (an Engine's options are fixed at New; it is safe for
// concurrent use, see package engine), and engines in one process take
// turns on gophersat by themselves.
func solveClassic(ctx context.Context, b *board.Board, req *Request) *Response {
	eng, err := engine.New(engineOptions(req))
	if err != nil {
		return &Response{Status: StatusError, Error: err.Error()}
	}
	return fromResult(eng.Solve(ctx, b), b, req.Count >= 2)
}

// solveVariant solves a variant puzzle with solve and checks its
// solutions against every rule.
func (h *Handler) solveVariant(ctx context.Context, vp *variant.Puzzle, req *Request, solve VariantSolveFunc) *Response {
	res := solve(ctx, vp, engineOptions(req))
	for _, sol := range []*board.Board{res.Solution, res.Second} {
		if sol == nil || res.Status != engine.Solved {
			continue
		}
		if err := variant.Check(vp, sol); err != nil {
			return &Response{Status: StatusError, Engine: res.Engine, Error: "the solver's answer breaks a rule: " + err.Error()}
		}
	}
	resp := fromResult(res, vp.Givens, req.Count >= 2)
	if res.Status == engine.NoSolution && len(res.Clashes) == 0 && len(res.ConflictRules) > 0 {
		resp.ConflictRules = res.ConflictRules
		resp.Explanation = "These givens and rules admit no completion together: " + strings.Join(engine.ConflictNames(vp, res.Conflict, res.ConflictRules), "; ")
	}
	return resp
}

// fromResult turns an engine's result into an answer.
func fromResult(res engine.Result, b *board.Board, counting bool) *Response {
	resp := &Response{Engine: res.Engine}
	switch res.Status {
	case engine.Solved:
		resp.Status = StatusSolved
		resp.Solution = digits(res.Solution)
		if counting {
			count, unique := res.Count, res.Count == 1
			resp.Count, resp.Unique = &count, &unique
		}
		if res.Second != nil {
			resp.Second = digits(res.Second)
			resp.Differ = board.Diff(res.Solution, res.Second)
		}
	case engine.NoSolution:
		resp.Status = StatusNoSolution
		if counting {
			count, unique := 0, false
			resp.Count, resp.Unique = &count, &unique
		}
		for _, c := range res.Clashes {
			resp.Clashes = append(resp.Clashes, Clash{Cells: [2]int{c.CellA, c.CellB}, Digit: c.Digit, Unit: c.Unit, Message: c.Error()})
		}
		resp.Conflict = res.Conflict
		switch {
		case len(res.Clashes) == 1:
			resp.Explanation = "Two givens clash: " + res.Clashes[0].Error()
		case len(res.Clashes) > 1:
			resp.Explanation = fmt.Sprintf("%d pairs of givens clash, such as %s", len(res.Clashes), res.Clashes[0].Error())
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

// candidates answers a request for true candidates, found by find.
func (h *Handler) candidates(ctx context.Context, vp *variant.Puzzle, clashes []int, find CandidatesFunc) *Response {
	b := vp.Givens
	if len(clashes) > 0 {
		return &Response{Status: StatusNoSolution, Explanation: fmt.Sprintf("Two givens clash: %s and %s", b.CellName(clashes[0]), b.CellName(clashes[1]))}
	}
	sets, err := find(ctx, vp)
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
	var conflict []int
	for _, c := range resp.Clashes {
		conflict = append(conflict, c.Cells[0], c.Cells[1])
	}
	if len(conflict) == 0 && resp.Status == StatusNoSolution {
		conflict = p.clashes
	}
	conflict = append(conflict, resp.Conflict...)
	if len(conflict) > 0 {
		pic.Highlights = append(pic.Highlights, render.Conflict(conflict))
	}
	pic.ConflictRules = resp.ConflictRules
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
	b := board.New(p.board().Shape)
	for i, d := range ds {
		b.Cells[i] = uint8(d)
	}
	return b
}

// UnmarshalJSON reads a request with its numbers as JSON defines them:
// "count": 2e0 is 2, and a given written 5.0 is 5; a number with a
// fraction, or beyond what an int holds exactly, is an error. Unknown
// fields are refused.
func (r *Request) UnmarshalJSON(data []byte) error {
	type plain Request // without this method
	aux := struct {
		*plain
		Count   wholeInt   `json:"count,omitempty"`
		Givens  []wholeInt `json:"givens,omitempty"`
		Entered []wholeInt `json:"entered,omitempty"`
		Step    wholeInt   `json:"step,omitempty"`
	}{plain: (*plain)(r)}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&aux); err != nil {
		return err
	}
	r.Count, r.Step = int(aux.Count), int(aux.Step)
	r.Givens, r.Entered = wholeInts(aux.Givens), wholeInts(aux.Entered)
	return nil
}

// wholeInts returns the numbers as ints, nil for nil.
func wholeInts(ns []wholeInt) []int {
	if ns == nil {
		return nil
	}
	out := make([]int, len(ns))
	for i, n := range ns {
		out[i] = int(n)
	}
	return out
}

// wholeInt is a JSON number that is a whole number: 2, 2.0 or 2e0.
type wholeInt int

// UnmarshalJSON reads a whole number written in any JSON notation.
func (n *wholeInt) UnmarshalJSON(data []byte) error {
	var f float64
	if err := json.Unmarshal(data, &f); err != nil || f != math.Trunc(f) || math.Abs(f) > 1<<53 {
		return fmt.Errorf("%s is not a whole number", data)
	}
	*n = wholeInt(f)
	return nil
}
