package web

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/satdoku/satdoku/explain"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/engine"
	"github.com/satdoku/satdoku/logic"
	"github.com/satdoku/satdoku/render"
	"github.com/satdoku/satdoku/report"
	"github.com/satdoku/satdoku/variant"
)

// This file is the page's hint and step-through: POST /api/steps answers
// the logical path from the position on the page (the givens and the
// digits a person entered) with each step's words and highlight data, and
// the picture of one step drawn by package render.

// The Status values of an /api/steps answer, beside the common ones
// (no_solution, timeout, invalid, busy, error).
const (
	// StatusPath: the logical path is in Response.Path, and the picture
	// shows its step Path.Shown.
	StatusPath = "path"
	// StatusMistakes: digits entered differ from the puzzle's solution
	// (Path.Mistakes), so no step can follow; the picture marks them.
	StatusMistakes = "mistakes"
	// StatusNoPath: the logical solver has no steps for a rule of the
	// puzzle (yet); Error names it. It is an answer, not a failure.
	StatusNoPath = "no_path"
)

// Path is the answer of /api/steps: the steps a person takes from the
// position, in order, and how the path ends.
type Path struct {
	// Steps are the steps, as package report writes them (report.Step).
	Steps []report.Step `json:"steps"`
	// Shown is the step the picture draws (1-based), 0 when it draws the
	// position with no step.
	Shown int `json:"shown"`
	// ShownSub is the sub-step of step Shown that the picture draws
	// (1-based, see report.Step.Sub), 0 when it draws the step itself.
	ShownSub int `json:"shown_sub,omitempty"`
	// Solved: the path fills every cell. Stuck: no technique applies
	// before that (Broken then names a contradiction, if any).
	Solved bool   `json:"solved"`
	Stuck  bool   `json:"stuck"`
	Broken string `json:"broken,omitempty"`
	// Cut says, when the time limit ran out before the path ended, that
	// Steps are those found before it ("the time limit of 20s ran out
	// after 10 steps").
	Cut string `json:"cut,omitempty"`
	// More says that the path is still being found: Steps are those found
	// so far, and the steps after them are answered once found (ask for
	// step len(Steps)+1). Solved, Stuck, Broken and Cut are then unknown.
	More bool `json:"more,omitempty"`
	// Unique reports that the puzzle has exactly one solution: entered
	// digits are then checked against it, and the techniques that assume
	// uniqueness are used.
	Unique bool `json:"unique"`
	// Mistakes are the entered digits that differ from the solution, in
	// cell order.
	Mistakes []report.Candidate `json:"mistakes,omitempty"`
	// Note says what was not done, in words ("entered digits are not
	// checked: the puzzle has more than one solution").
	Note string `json:"note,omitempty"`
}

// logicalGrid returns the logical solver's grid of a puzzle.
func logicalGrid(vp *variant.Puzzle) (*logic.Grid, error) {
	return logic.FromPuzzle(vp)
}

// sharedSlot lets the works of one request (the solve, then the logical
// path, each possibly outliving the answer after a timeout) hold one
// solving slot: it is released when the last holder lets go.
type sharedSlot struct {
	holders atomic.Int32
	release func()
}

// hold adds a holder and returns its (idempotent) letting go.
func (s *sharedSlot) hold() func() {
	s.holders.Add(1)
	return sync.OnceFunc(func() {
		if s.holders.Add(-1) == 0 {
			s.release()
		}
	})
}

// steps answers POST /api/steps: the logical path from the position of
// the request (its puzzle, and Entered: digits a person entered), and the
// picture of its step Request.Step (1-based; 0 is the first, the hint).
// It solves the puzzle first, as /api/solve does, to know its solution
// and whether it is unique.
func (h *Handler) steps(ctx context.Context, req *Request) (int, *Response) {
	if req.Count != 0 || req.Explain || req.Candidates {
		return requestError(fmt.Errorf("%w: count, explain and candidates belong to /api/solve", errBadRequest))
	}
	if req.Step < 0 {
		return requestError(fmt.Errorf("%w: step %d: steps are numbered from 1", errBadRequest, req.Step))
	}
	if req.Sub < 0 {
		return requestError(fmt.Errorf("%w: sub-step %d: sub-steps are numbered from 1", errBadRequest, req.Sub))
	}
	show, draw, err := requestShow(req)
	if err != nil {
		return requestError(err)
	}
	p, err := h.read(req)
	if err != nil {
		return requestError(err)
	}
	b := p.board()
	if req.Entered != nil && len(req.Entered) != len(b.Cells) {
		return requestError(fmt.Errorf("%w: %d entered digits for a %v board (%d cells)", errBadRequest, len(req.Entered), b.Shape, len(b.Cells)))
	}
	for i, d := range req.Entered {
		if d < 0 || d > b.Side() {
			return requestError(fmt.Errorf("%w: entered digit %d at %s is outside 0..%d", errBadRequest, d, b.CellName(i), b.Side()))
		}
	}
	entered := mergeEntered(req.Entered, p.entered)
	g, err := logicalGrid(p.vp)
	switch {
	case errors.Is(err, logic.ErrUnsupportedRule):
		resp := answer(StatusNoPath, "no logical path is available for this puzzle yet: the logical solver has no steps for one of its rules ("+
			strings.TrimPrefix(err.Error(), logic.ErrUnsupportedRule.Error()+": ")+"); Solve and Check uniqueness still work")
		p.describe(resp)
		return http.StatusOK, resp
	case err != nil && len(p.clashes) == 0:
		return requestError(fmt.Errorf("%w: %v", errBadRequest, err))
	}
	// Givens that clash leave g nil: the solve answers, no solution.
	if p.isVariant() && h.cfg.SolveVariant == nil && h.cfg.Solve == nil {
		return requestError(fmt.Errorf("%w: solving puzzles with variant rules or irregular regions is %v, and a hint needs the solution", errUnavailable, errUnavailable))
	}

	key := pathKey(req)
	f, _ := h.paths.get(key)
	if f == nil {
		var none *Response
		if f, none = h.findPath(ctx, p, g, entered, key, puzzleKey(req)); f == nil {
			return none.code(), none
		}
	}
	k := max(req.Step, 1)
	if req.Whole {
		k = math.MaxInt
	}
	lp, path, ok := f.wait(ctx, k)
	if !ok {
		return http.StatusOK, answer(StatusTimeout, fmt.Sprintf("no logical step within the time limit of %v", h.cfg.SolveTimeout))
	}
	step := req.Step
	if path.Cut != "" && step > len(lp.Steps) && req.Sub == 0 {
		step = len(lp.Steps) // the last step found, with the cut note
	}
	return h.answerPath(ctx, p, f.g, lp, path, step, req.Sub, show, draw)
}

// foundPath is what /api/steps found for a position: the grid (the
// entered digits in), and the logical path from it, which grows while it
// is being found (the first step, the hint, is answered at once), or the
// entered digits that are wrong. Requests share it.
type foundPath struct {
	g *logic.Grid
	// end is when the path's time limit runs out (zero for a path found
	// whole), and limit that time limit.
	end   time.Time
	limit time.Duration

	mu   sync.Mutex
	lp   logic.Path    // the steps so far; how the path ended, once done
	path Path          // lp as an answer (Shown is each answer's)
	done bool          // the path has ended (or was never searched: mistakes)
	grew chan struct{} // closed when a step is added or the path ends
}

// newFoundPath returns the path of position g, path's steps to be added.
func newFoundPath(g *logic.Grid, path Path) *foundPath {
	path.More = true
	return &foundPath{g: g, path: path, grew: make(chan struct{})}
}

// add takes a step of the path being found (logic.Options.OnStep).
func (f *foundPath) add(s logic.Step) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.done {
		return
	}
	f.lp.Steps = append(f.lp.Steps, s)
	f.path.Steps = append(f.path.Steps, report.NewStep(f.g, s))
	close(f.grew)
	f.grew = make(chan struct{})
}

// finish records how the path ended: lp is the whole path (its steps are
// normally those added already), err ctx's error when the time limit cut
// it short.
func (f *foundPath) finish(lp logic.Path, err error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(lp.Steps) != len(f.lp.Steps) {
		f.path.Steps = make([]report.Step, len(lp.Steps))
		for i, st := range lp.Steps {
			f.path.Steps[i] = report.NewStep(f.g, st)
		}
	}
	f.lp = lp
	f.path.Solved, f.path.Stuck, f.path.Broken = lp.Solved, lp.Stuck, lp.Broken
	f.path.Cut = cutShort(err, len(lp.Steps), f.limit)
	f.path.More = false
	f.done = true
	close(f.grew)
}

// wait returns the path as it is once it has k steps (math.MaxInt: the
// whole path), or has ended, or ctx has; a path still being found
// cutGrace after its time limit is answered as cut short there. It
// reports false when there is no step and the path has not ended.
func (f *foundPath) wait(ctx context.Context, k int) (logic.Path, Path, bool) {
	var late <-chan time.Time
	if !f.end.IsZero() {
		t := time.NewTimer(time.Until(f.end.Add(cutGrace)))
		defer t.Stop()
		late = t.C
	}
	for {
		f.mu.Lock()
		lp, path, done, grew := f.lp, f.path, f.done, f.grew
		f.mu.Unlock()
		if done || len(lp.Steps) >= k {
			return lp, path, true
		}
		select {
		case <-grew:
			continue
		case <-ctx.Done():
		case <-late:
			path.More, path.Cut = false, cutShort(context.DeadlineExceeded, len(lp.Steps), f.limit)
		}
		return lp, path, len(lp.Steps) > 0
	}
}

// findPath solves the puzzle, counting its solutions, checks the entered
// digits against the solution and starts the logical path from the
// position, kept under key while it is found, within the time limit and
// a solving slot; a path cut short by it is then forgotten (another
// request may go further). It returns the answer when it finds no path
// (busy, no solution, a timeout).
func (h *Handler) findPath(ctx context.Context, p *puzzle, g *logic.Grid, entered []int, key, puzzle string) (*foundPath, *Response) {
	// A client that moved on to another position has no use for the path
	// of the last one, which would hold a solving slot to its time limit:
	// it is stopped, and its slot given back (at its next step) first.
	if ended := h.behind.stop(clientOf(ctx)); ended != nil {
		select {
		case <-ended:
		case <-ctx.Done():
		}
	}
	release, why := h.solves.take(clientOf(ctx), p.board().Side())
	if release == nil {
		return nil, answer(StatusBusy, fmt.Sprintf("the server is busy: %s; try again in a moment", why))
	}
	slot := &sharedSlot{release: release}
	done := slot.hold() // this request's own hold, until it has answered
	defer done()
	solveCtx, cancel := context.WithTimeout(ctx, h.cfg.SolveTimeout)
	defer cancel()
	sol, ok := h.solutions.get(puzzle)
	if !ok {
		var none *Response
		if sol.solution, sol.unique, none = h.solveCounting(solveCtx, p, slot.hold()); none != nil {
			return nil, none
		}
		h.solutions.put(puzzle, sol)
	}
	solution, unique := sol.solution, sol.unique
	if g == nil {
		return nil, answer(StatusError, "the solver found a solution of givens that clash")
	}
	f := newFoundPath(g, Path{Unique: unique})
	refused := enter(g, entered)
	if unique {
		f.path.Mistakes = mistakes(g, refused, solution)
	} else {
		f.path.Note = "the puzzle has more than one solution: entered digits are not checked, and no technique that assumes one solution is used"
	}
	if len(f.path.Mistakes) > 0 {
		f.finish(logic.Path{Grid: g}, nil)
		return f, nil
	}

	// The path runs on a goroutine of its own, within the solve's time
	// limit but not the request's life: it goes on after the first step
	// is answered, for the requests of the steps after it, keeping the
	// slot until it has stopped (soon after the time limit: the SAT step
	// heeds it too).
	f.end, _ = solveCtx.Deadline()
	f.limit = h.cfg.SolveTimeout
	pathCtx, stop := context.WithDeadline(context.WithoutCancel(ctx), f.end)
	opts, err := explain.SolverOptionsWith(g, unique, false, explain.Options{Context: pathCtx})
	if err != nil {
		stop()
		return nil, answer(StatusError, err.Error())
	}
	opts.OnStep = f.add
	h.paths.put(key, f)
	ended := make(chan struct{})
	h.behind.start(clientOf(ctx), f, stop, ended)
	pathDone := slot.hold()
	go func() {
		defer close(ended) // last: once the slot is given back
		defer pathDone()
		defer stop()
		lp, err := solvePath(pathCtx, g, opts)
		if err != nil {
			h.paths.drop(key, func(kept *foundPath) bool { return kept != f })
		}
		h.behind.done(clientOf(ctx), f)
		f.finish(lp, err)
	}()
	return f, nil
}

// behindPaths are the logical paths being found behind the answers of
// /api/steps, one per client (IP address) at most: the path of the
// position it asked about last. The zero value is ready; it is safe for
// concurrent use.
type behindPaths struct {
	mu   sync.Mutex
	byIP map[string]behindPath
}

type behindPath struct {
	f     *foundPath
	stop  context.CancelFunc
	ended <-chan struct{}
}

// start notes f as the path being found for client, stopped by stop;
// ended is closed once it has ended and given its slot back. A path
// noted for client already, started by a request that came at the same
// time and so found none to stop, is stopped: it would hold its slot to
// its time limit.
func (b *behindPaths) start(client string, f *foundPath, stop context.CancelFunc, ended <-chan struct{}) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.byIP == nil {
		b.byIP = map[string]behindPath{}
	}
	if last, ok := b.byIP[client]; ok && last.f != f {
		last.stop()
	}
	b.byIP[client] = behindPath{f, stop, ended}
}

// stop stops the path being found for client, if any (it ends at its
// next step, cut short), and returns the channel closed once it has
// ended; nil if there is none.
func (b *behindPaths) stop(client string) <-chan struct{} {
	b.mu.Lock()
	defer b.mu.Unlock()
	bp, ok := b.byIP[client]
	if !ok {
		return nil
	}
	bp.stop()
	delete(b.byIP, client)
	return bp.ended
}

// done forgets f, which has ended, as client's path.
func (b *behindPaths) done(client string, f *foundPath) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.byIP[client].f == f {
		delete(b.byIP, client)
	}
}

// solvePath finds the logical path of /api/steps (a variable for the
// tests of a path cut short).
var solvePath = logic.SolveContext

// cutGrace is how long /api/steps waits, once its time limit has run
// out, for the logical path to stop with the steps found so far (it
// stops at its next step; the SAT step heeds the limit too).
const cutGrace = time.Second

// cutShort is Path.Cut for a logical path of k steps that ended with err:
// empty when it ended by itself.
func cutShort(err error, k int, limit time.Duration) string {
	switch {
	case err == nil:
		return ""
	case errors.Is(err, context.Canceled):
		return fmt.Sprintf("the path was stopped after %d %s: the same client asked about another position", k, plural(k, "step", "steps"))
	}
	return fmt.Sprintf("the time limit of %v ran out after %d %s", limit, k, plural(k, "step", "steps"))
}

// solveCounting solves the puzzle as /api/solve does, counting to two (and
// explaining a puzzle with no solution), and gives the slot back with
// release when the solve has ended. It returns the solution (r·N + c) and
// whether it is the only one, or, when the solve found none, the answer
// to send.
func (h *Handler) solveCounting(ctx context.Context, p *puzzle, release func()) (solution []int, unique bool, none *Response) {
	req := &Request{Count: 2, Explain: true} // Explain: why there is no solution, if there is none
	res := h.runSolve(ctx, p, req, release)
	if res.Status != engine.Solved {
		return nil, false, p.respond(res, req)
	}
	return digits(res.Solution), res.Count == 1, nil
}

// answerPath answers with a path found (or the mistakes found) and the
// picture of its step k (1-based; 0 is the first), or of that step's
// sub-step sub (1-based; 0 is the step itself).
func (h *Handler) answerPath(ctx context.Context, p *puzzle, g *logic.Grid, lp logic.Path, path Path, k, sub int, show render.Show, draw bool) (int, *Response) {
	resp := answer(StatusPath, "")
	p.describe(resp)
	resp.Path = &path // a copy: Shown is this answer's
	if len(path.Mistakes) > 0 {
		resp.Status = StatusMistakes
		cells := make([]int, len(path.Mistakes))
		for i, m := range path.Mistakes {
			cells[i] = m.Cell
		}
		return h.stepPicture(ctx, p, resp, show, draw, positionPicture(g, &render.Highlight{Cells: cells,
			Color: render.ConflictColor, Class: "highlight mistake", Label: "entered digits that differ from the solution"}))
	}
	steps := lp.Steps
	if k == 0 && len(steps) > 0 {
		k = 1
	}
	if k > len(steps) {
		return requestError(fmt.Errorf("%w: step %d: the path has %d steps", errBadRequest, k, len(steps)))
	}
	if sub > 0 && (k == 0 || sub > len(steps[k-1].Sub)) {
		n := 0
		if k > 0 {
			n = len(steps[k-1].Sub)
		}
		return requestError(fmt.Errorf("%w: sub-step %d: step %d has %d sub-steps", errBadRequest, sub, k, n))
	}
	path.Shown, path.ShownSub = k, sub
	before := g.Clone()
	if k > 0 {
		for _, st := range steps[:k-1] {
			before.Apply(st)
		}
	}
	pic := positionPicture(before, nil)
	switch {
	case sub > 0:
		subs := steps[k-1].Sub
		pic.Step = report.StepPicture(before, subs[sub-1], fmt.Sprintf("%d.%d", k, sub))
		// A SAT step's zoom starts from the candidate it supposes, which
		// every later sub-step relies on: ringed.
		if first := subs[0]; sub > 1 && first.Technique == "Supposition" && len(first.Placements) == 1 {
			pic.Step.Used = append(pic.Step.Used, render.Mark{Cell: first.Placements[0].Cell, Digit: first.Placements[0].Digit})
		}
	case k > 0:
		pic.Step = report.StepPicture(before, steps[k-1], strconv.Itoa(k))
	}
	return h.stepPicture(ctx, p, resp, show, draw, pic)
}

// code is the HTTP status of an answer with no path: 503 for busy, 200
// for the answers about the puzzle.
func (r *Response) code() int {
	if r.Status == StatusBusy {
		return http.StatusServiceUnavailable
	}
	return http.StatusOK
}

// pathKey is the key of a request's path in the cache: a hash of what
// says the position (not the step, nor the picture).
func pathKey(req *Request) string {
	return requestKey(req, req.Entered)
}

// puzzleKey is the key of a request's puzzle in the cache of solutions:
// pathKey without the digits entered.
func puzzleKey(req *Request) string {
	return requestKey(req, nil)
}

func requestKey(req *Request, entered []int) string {
	h := sha256.New() // its writes never fail
	_ = json.NewEncoder(h).Encode([]any{req.Puzzle, req.Format, req.Box, req.Alphabet, req.Rules, req.Regions, req.Givens, entered})
	return string(h.Sum(nil))
}

// pathCacheSize is the number of paths kept: the last positions stepped
// through on the pages of the server; and of solutions, of their puzzles.
const pathCacheSize = 16

// recent keeps the last pathCacheSize values put, by key: the paths found,
// so that stepping through a path (the same position, another step) draws
// the step without solving again, and the puzzles' solutions, so that the
// hint after a digit entered (the same puzzle, another position) does not
// solve the puzzle again. The zero value is empty and ready; it is safe
// for concurrent use.
type recent[V any] struct {
	mu    sync.Mutex
	keys  []string // oldest first
	items map[string]V
}

func (c *recent[V]) get(key string) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.items[key]
	return v, ok
}

func (c *recent[V]) put(key string, v V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.items == nil {
		c.items = map[string]V{}
	}
	if _, ok := c.items[key]; ok {
		return
	}
	if len(c.keys) == pathCacheSize {
		delete(c.items, c.keys[0])
		c.keys = c.keys[1:]
	}
	c.keys = append(c.keys, key)
	c.items[key] = v
}

// drop forgets the value under key if keep says so.
func (c *recent[V]) drop(key string, keep func(V) bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if v, ok := c.items[key]; !ok || keep(v) {
		return
	}
	delete(c.items, key)
	c.keys = slices.DeleteFunc(c.keys, func(k string) bool { return k == key })
}

// solved is a puzzle's solution as /api/steps found it: the digits (r·N +
// c), and whether it is the only one.
type solved struct {
	solution []int
	unique   bool
}

// mergeEntered returns the digits entered on the page (req, nil for
// none) with, in the cells they leave blank, those entered in the
// f-puzzles file (file, nil for none), which the page does not show.
func mergeEntered(req, file []int) []int {
	if req == nil {
		return file
	}
	if len(file) != len(req) {
		return req
	}
	out := slices.Clone(req)
	for i, d := range out {
		if d == 0 {
			out[i] = file[i]
		}
	}
	return out
}

// enter enters the digits a person entered into g, in cell order, and
// returns those it refuses (a digit that clashes with a digit placed in
// a peer, or another digit over a given).
func enter(g *logic.Grid, entered []int) []logic.Candidate {
	var refused []logic.Candidate
	for i, d := range entered {
		if d != 0 && g.Enter(i, d) != nil {
			refused = append(refused, logic.Candidate{Cell: i, Digit: d})
		}
	}
	return refused
}

// mistakes returns the entered digits that differ from the solution, in
// cell order: those in g (logic.Grid.Mistakes) and those it refused.
func mistakes(g *logic.Grid, refused []logic.Candidate, solution []int) []report.Candidate {
	sol := make([]uint8, len(solution))
	for i, d := range solution {
		sol[i] = uint8(d)
	}
	wrong := g.Mistakes(sol)
	for _, c := range refused {
		if c.Cell < len(sol) && int(sol[c.Cell]) != c.Digit {
			wrong = append(wrong, c)
		}
	}
	slices.SortFunc(wrong, func(a, b logic.Candidate) int { return a.Cell - b.Cell })
	return report.Candidates(g.N, wrong)
}

// positionPicture returns the picture of position g: the placed digits
// that are not given as a solution's, the candidates of the other cells
// as marks, and the highlight hl if any.
func positionPicture(g *logic.Grid, hl *render.Highlight) *render.Picture {
	placed := board.New(g.Puzzle.Givens.Shape)
	pic := &render.Picture{Solution: placed, Candidates: make([]uint64, len(g.Cand))}
	for i, v := range g.Value {
		placed.Cells[i] = uint8(v)
		if v == 0 {
			pic.Candidates[i] = uint64(g.Cand[i])
		}
	}
	if hl != nil {
		pic.Highlights = []render.Highlight{*hl}
	}
	return pic
}

// stepPicture draws pic into resp when the request asks for a picture,
// waiting for a turn to draw within the time limit as a solve's answer
// does, and answers.
func (h *Handler) stepPicture(ctx context.Context, p *puzzle, resp *Response, show render.Show, draw bool, pic *render.Picture) (int, *Response) {
	if !draw {
		return http.StatusOK, resp
	}
	drawCtx, cancel := context.WithTimeout(ctx, h.cfg.SolveTimeout)
	defer cancel()
	select {
	case h.renders <- struct{}{}:
	case <-drawCtx.Done():
		resp.Error = fmt.Sprintf("no picture: %d pictures are being drawn, the server's limit", h.cfg.MaxRenders)
		return http.StatusOK, resp
	}
	svg, err := p.picture(pic, show)
	<-h.renders
	if err != nil {
		return http.StatusInternalServerError, answer(StatusError, err.Error())
	}
	if len(svg) > h.cfg.MaxPicture {
		return h.pictureTooLarge(len(svg))
	}
	resp.SVG = svg
	return http.StatusOK, resp
}
