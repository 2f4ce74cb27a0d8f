package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/http"
	"strings"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/engine"
	"github.com/satdoku/satdoku/fpuzzles"
	"github.com/satdoku/satdoku/render"
	"github.com/satdoku/satdoku/report"
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
	// Sub is, for /api/steps, the sub-step of that step to draw instead
	// of the step (1-based, see report.Step.Sub); 0 draws the step.
	Sub int `json:"sub,omitempty"`
	// Whole is, for /api/steps, to answer once the whole path is found
	// (or the time limit has cut it short); without it the step asked for
	// is answered as soon as it is found, the rest of the path to follow
	// (Path.More).
	Whole bool `json:"whole,omitempty"`
}

// The Status values of a Response.
const (
	StatusOK         = "ok"          // render: the puzzle was read and drawn
	StatusSolved     = "solved"      // a verified solution is in Solution
	StatusNoSolution = "no_solution" // the puzzle has no solution
	StatusTimeout    = "timeout"     // the time limit ran out
	StatusInvalid    = "invalid"     // the request or the puzzle is malformed
	StatusBusy       = "busy"        // too many solves at once; retry
	StatusUndecided  = "undecided"   // the solver gave up without an answer
	StatusError      = "error"       // the engines failed or disagree
)

// Response is the answer of the API. Fields that do not apply are left out.
//
// Its Result is the solve's result, the JSON object that "satdoku solve -o
// json" writes too (see package report): status, solution, counts,
// explanations, true candidates, micros (here the time the request took).
// The statuses of a solve are report's; the API adds StatusOK (a render)
// and StatusBusy. The other fields describe the puzzle and carry its
// pictures.
type Response struct {
	report.Result

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
	Ignored []string `json:"ignored,omitempty"`
	Text    string   `json:"text,omitempty"` // the givens written in the input's format
	// SolutionText is the solution written in the input's format (a grid
	// of numbers for f-puzzles input).
	SolutionText string `json:"solution_text,omitempty"`
	// FPuzzles is the puzzle (givens, rules and drawings) as an f-puzzles
	// link, for the page's "open in f-puzzles" and "open in SudokuPad";
	// empty when f-puzzles cannot express a rule.
	FPuzzles  string `json:"fpuzzles,omitempty"`
	SVG       string `json:"svg,omitempty"`
	SVGSecond string `json:"svg_second,omitempty"` // the second solution, when there is one
	// Path is the logical path of /api/steps.
	Path *Path `json:"path,omitempty"`
}

// Clash is a pair of givens that break a rule: report's.
type Clash = report.Clash

// answer is a Response of a status and an error message.
func answer(status, msg string) *Response {
	return &Response{Result: report.Result{Status: status, Error: msg}}
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
		return http.StatusNotImplemented, answer(StatusInvalid, msg)
	}
	msg := strings.TrimPrefix(err.Error(), errBadRequest.Error()+": ")
	return http.StatusBadRequest, answer(StatusInvalid, msg)
}

// admitRender takes a render slot for a request to /api/render, before
// its body is read: reading an f-puzzles file of a megabyte costs more
// than drawing it.
func (h *Handler) admitRender() (func(), *Response) {
	select {
	case h.renders <- struct{}{}:
		return func() { <-h.renders }, nil
	default:
		return nil, answer(StatusBusy,
			fmt.Sprintf("the server is busy: %d pictures are being drawn, its limit; try again in a moment", h.cfg.MaxRenders))
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
	resp := answer(StatusOK, "")
	p.describe(resp)
	if draw {
		var pic render.Picture
		report.Mark(&pic, engine.Result{Status: engine.NoSolution, Clashes: p.clashes}) // the clashing givens, if any
		if resp.SVG, err = p.picture(&pic, show); err != nil {
			return http.StatusInternalServerError, answer(StatusError, err.Error())
		}
		if drawn := len(resp.SVG); drawn > h.cfg.MaxPicture {
			return h.pictureTooLarge(drawn)
		}
	}
	return http.StatusOK, resp
}

// pictureTooLarge answers a request whose picture is over the bound.
func (h *Handler) pictureTooLarge(size int) (int, *Response) {
	return http.StatusRequestEntityTooLarge, answer(StatusInvalid,
		fmt.Sprintf("the picture would be %d bytes, more than the limit of %d; ask for \"picture\": \"none\"", size, h.cfg.MaxPicture))
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
		return http.StatusServiceUnavailable, answer(StatusBusy,
			fmt.Sprintf("the server is busy: %s; try again in a moment", why))
	}
	solveCtx, cancel := context.WithTimeout(ctx, h.cfg.SolveTimeout)
	defer cancel()
	res := h.runSolve(solveCtx, p, req, release)
	resp := p.respond(res, req)
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
		err := p.draw(resp, res, show)
		<-h.renders
		if err != nil {
			return http.StatusInternalServerError, answer(StatusError, err.Error())
		}
		if drawn := len(resp.SVG) + len(resp.SVGSecond); drawn > h.cfg.MaxPicture {
			return h.pictureTooLarge(drawn)
		}
	}
	return http.StatusOK, resp
}

// respond is the answer of a solve's result: the result as report writes
// it (the solution in the puzzle's alphabet), the puzzle described, the
// solution in the puzzle's format.
func (p *puzzle) respond(res engine.Result, req *Request) *Response {
	o := report.Options{Puzzle: p.board(), Alphabet: board.Default, Counted: req.Count >= 2, Unique: req.Count >= 2, Second: true}
	if p.isVariant() {
		o.Variant = p.vp
	}
	if p.alphabet != nil {
		o.Alphabet = *p.alphabet
	}
	resp := &Response{Result: report.New(res, o)}
	switch {
	case res.Status == engine.Timeout && res.Err == nil:
		resp.Error = "no answer within the time limit"
	case (res.Status == engine.Invalid || res.Status == engine.Failed || res.Status == engine.Undecided) && res.Err == nil:
		resp.Error = "unknown error"
	}
	p.describe(resp)
	if res.Solution != nil {
		resp.SolutionText = p.text(res.Solution)
	}
	return resp
}

// runSolve runs a request's solve and gives its slot back with release
// when the solve has ended. With Config.Solve, which ends its work when
// ctx does, that is before it returns; a function that may not (the
// in-process SAT engine, Candidates, SolveVariant) runs on a goroutine of
// its own and keeps the slot until it really ends, after its request has
// been answered "timeout".
func (h *Handler) runSolve(ctx context.Context, p *puzzle, req *Request, release func()) engine.Result {
	vp := *p.vp
	vp.Givens = p.board().Clone() // the solver's own copy
	var run func() engine.Result
	stoppable := false
	switch {
	case req.Candidates && h.cfg.Candidates != nil:
		run = func() engine.Result { return candidates(ctx, &vp, p.clashes, h.cfg.Candidates) }
	case req.Candidates:
		run = func() engine.Result { return h.solveCandidates(ctx, &vp, p.clashes) }
		stoppable = true
	case p.isVariant() && h.cfg.SolveVariant != nil:
		run = func() engine.Result { return solveVariant(ctx, &vp, req, h.cfg.SolveVariant) }
	case h.cfg.Solve != nil:
		// Classic puzzles too: variant.Check checks their answers.
		run = func() engine.Result { return solveVariant(ctx, &vp, req, h.cfg.Solve) }
		stoppable = true
	default:
		run = func() engine.Result { return solveClassic(ctx, vp.Givens, req) }
	}
	timedOut := engine.Result{Status: engine.Timeout, Err: fmt.Errorf("no answer within the time limit of %v", h.cfg.SolveTimeout)}
	if stoppable {
		defer release()
		res := run()
		if ctx.Err() != nil && res.Status == engine.Timeout {
			timedOut.Engine, timedOut.Elapsed = res.Engine, res.Elapsed
			return timedOut
		}
		return res
	}
	done := make(chan engine.Result, 1)
	go func() {
		defer release()
		done <- run()
	}()
	select {
	case res := <-done:
		return res
	case <-ctx.Done():
		return timedOut
	}
}

// solveCandidates finds true candidates with Config.Solve: its result as
// it is (with the solution and the engine), or no solution where givens
// clash (clashes, found when the puzzle was read).
func (h *Handler) solveCandidates(ctx context.Context, vp *variant.Puzzle, clashes []*board.ClashError) engine.Result {
	if len(clashes) > 0 {
		return engine.Result{Status: engine.NoSolution, Clashes: clashes, Confirmed: true}
	}
	res := h.cfg.Solve(ctx, vp, engine.Options{Kind: engine.Portfolio, Candidates: true})
	if res.Status == engine.Solved && res.Candidates == nil {
		return engine.Result{Status: engine.Failed, Engine: res.Engine, Err: errors.New("the solver found no candidates")}
	}
	return res
}

// engineOptions are the engine options of a request.
func engineOptions(req *Request) engine.Options {
	o := engine.Options{Kind: engine.Portfolio, Explain: req.Explain} // the default engine, as the CLI's
	if req.Count >= 2 {
		o.Limit = req.Count
	}
	return o
}

// solveClassic solves, counts or explains with a new engine of the
// request's options (an Engine's options are fixed at New; it is safe for
// concurrent use, see package engine), and engines in one process take
// turns on gophersat by themselves.
func solveClassic(ctx context.Context, b *board.Board, req *Request) engine.Result {
	eng, err := engine.New(engineOptions(req))
	if err != nil {
		return engine.Result{Status: engine.Failed, Err: err}
	}
	return eng.Solve(ctx, b)
}

// solveVariant solves a variant puzzle with solve and checks its
// solutions against every rule: an answer that breaks one is an error.
func solveVariant(ctx context.Context, vp *variant.Puzzle, req *Request, solve VariantSolveFunc) engine.Result {
	res := solve(ctx, vp, engineOptions(req))
	for _, sol := range []*board.Board{res.Solution, res.Second} {
		if sol == nil || res.Status != engine.Solved {
			continue
		}
		if err := variant.Check(vp, sol); err != nil {
			return engine.Result{Status: engine.Failed, Engine: res.Engine, Elapsed: res.Elapsed, Err: fmt.Errorf("the solver's answer breaks a rule: %w", err)}
		}
	}
	return res
}

// candidates finds the true candidates of a puzzle with find, as an
// engine's result: no solution where givens clash (clashes, found when
// the puzzle was read).
func candidates(ctx context.Context, vp *variant.Puzzle, clashes []*board.ClashError, find CandidatesFunc) engine.Result {
	b := vp.Givens
	if len(clashes) > 0 {
		return engine.Result{Status: engine.NoSolution, Clashes: clashes, Confirmed: true}
	}
	sets, err := find(ctx, vp)
	switch {
	case ctx.Err() != nil:
		return engine.Result{Status: engine.Timeout}
	case err != nil:
		return engine.Result{Status: engine.Failed, Err: err}
	case sets == nil:
		return engine.Result{Status: engine.NoSolution}
	case len(sets) != len(b.Cells):
		return engine.Result{Status: engine.Failed, Err: fmt.Errorf("candidates: %d sets for %d cells", len(sets), len(b.Cells))}
	}
	return engine.Result{Status: engine.Solved, Candidates: sets}
}

// draw adds the pictures of a solve's result to resp: report.Mark's
// marks, each solution in a picture of its own.
func (p *puzzle) draw(resp *Response, res engine.Result, show render.Show) error {
	var pic render.Picture
	report.Mark(&pic, res)
	second := pic.Second
	pic.Second = nil // the page shows the second solution in a picture of its own
	var err error
	if resp.SVG, err = p.picture(&pic, show); err != nil {
		return err
	}
	if second != nil {
		pic.Solution = second
		if resp.SVGSecond, err = p.picture(&pic, show); err != nil {
			return err
		}
	}
	return nil
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
		Sub     wholeInt   `json:"sub,omitempty"`
	}{plain: (*plain)(r)}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&aux); err != nil {
		return err
	}
	r.Count, r.Step, r.Sub = int(aux.Count), int(aux.Step), int(aux.Sub)
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
