package app

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/satdoku/satdoku/batch"
	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/explain"
	"github.com/satdoku/satdoku/logic"
	"github.com/satdoku/satdoku/render"
	"github.com/satdoku/satdoku/report"
	"github.com/satdoku/satdoku/variant"
	"github.com/urfave/cli/v2"
)

// This file is the skin of the logical solver (package logic) shared by
// solve --steps and --rate, hint and render --step: the grid of a puzzle,
// the options of the flags, and the text form of steps and ratings (their
// JSON and pictures are package report's).

// logicConfig is how the commands run the logical solver.
type logicConfig struct {
	steps, rate bool
	trial       bool // --allow-trial
	noUnique    bool // --no-uniqueness: never the uniqueness techniques
	// timeout bounds each puzzle's logical path (--timeout; 0: none).
	timeout time.Duration
	// onStep, if set, is told each step of a path as it is found
	// (logic.Options.OnStep): the steps of a path being found are written
	// as they come (stepLog).
	onStep func(logic.Step)
}

// pathTimeout is the error of a logical path cut short by --timeout.
func (lc logicConfig) pathTimeout(steps int) error {
	return fmt.Errorf("the logical path ran out of time after %s (--timeout %v): %w", count(steps, "step"), lc.timeout, context.DeadlineExceeded)
}

// options returns the logical solver's options for the grid g of a
// puzzle whose uniqueness the solve proved (unique) or did not: the
// techniques of package explain (the named ones, then the SAT step, which
// knows every rule) for a puzzle read in a variant form, the default
// techniques, SE's, for a classic one. sol is the solve's solution (nil
// for none): when unique, the SAT step takes it instead of solving again.
func (lc logicConfig) options(ctx context.Context, g *logic.Grid, unique bool, sol *board.Board) (logic.Options, error) {
	eo := explain.Options{Context: ctx}
	if unique && sol != nil && len(sol.Cells) == len(g.Cand) {
		eo.Solution = make([]int, len(sol.Cells))
		for i, d := range sol.Cells {
			eo.Solution[i] = int(d)
		}
	}
	return explain.SolverOptionsWith(g, unique && !lc.noUnique, lc.trial, eo)
}

// logicGrid returns the candidate grid of a puzzle: of its variant form
// when it has one, else of its board.
func logicGrid(b *board.Board, v *variant.Puzzle) (*logic.Grid, error) {
	if v != nil {
		return logic.FromPuzzle(v)
	}
	return logic.FromBoard(b)
}

// logicResult is the path and rating of one solved puzzle, or why there is
// none: with err set, path holds the steps found before the path was cut
// short (--timeout), which --steps still prints.
type logicResult struct {
	path   logic.Path
	rating logic.Rating
	err    error
}

// runLogic solves a batch result's puzzle logically; unique says that
// the engine proved it has one solution. lc.timeout bounds the path: one
// cut short is an error matching context.DeadlineExceeded.
func runLogic(ctx context.Context, r *batch.Result, lc logicConfig, unique bool) *logicResult {
	g, err := logicGrid(r.Puzzle.Board, r.Variant)
	if err != nil {
		return &logicResult{err: err}
	}
	if lc.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, lc.timeout)
		defer cancel()
	}
	return lc.path(ctx, g, unique, r.Result.Solution)
}

// path solves g logically until ctx ends (see runLogic).
func (lc logicConfig) path(ctx context.Context, g *logic.Grid, unique bool, sol *board.Board) *logicResult {
	opts, err := lc.options(ctx, g, unique, sol)
	if err != nil {
		return &logicResult{err: err}
	}
	opts.OnStep = lc.onStep
	p, err := solvePath(ctx, g, opts)
	switch {
	case errors.Is(err, context.Canceled):
		return &logicResult{path: p, err: fmt.Errorf("the logical path was stopped after %s: %w", count(len(p.Steps), "step"), err)}
	case err != nil:
		return &logicResult{path: p, err: lc.pathTimeout(len(p.Steps))}
	}
	return &logicResult{path: p, rating: logic.Rate(p)}
}

// solvePath finds the logical path of --steps and --rate (a variable for
// the test of the steps written as they are found).
var solvePath = logic.SolveContext

// ratingLine is the rating in one line: "ER 7.1 EP 1.2 ED 1.2 HoDoKu 1420
// Extreme, hardest: Forcing Chains & Cycles".
func ratingLine(rt logic.Rating) string {
	return fmt.Sprintf("ER %.1f EP %.1f ED %.1f HoDoKu %d %s, hardest: %s", rt.ER, rt.EP, rt.ED, rt.HoDoKu, rt.Level, rt.Hardest)
}

// writeSteps writes a path, one numbered line a step, each step's
// sub-steps indented under it (step 41's are "41.1", "41.2" …: a SAT
// step's zoom, a forcing chain's branches), and how it ended when it did
// not solve the grid.
func writeSteps(sb *strings.Builder, p logic.Path) {
	writeStepsFrom(sb, p, 0)
}

// writeStepsFrom is writeSteps from step from+1 on (those before it
// written already, as they were found).
func writeStepsFrom(sb *strings.Builder, p logic.Path, from int) {
	for i := from; i < len(p.Steps); i++ {
		writeStep(sb, p.Steps[i], strconv.Itoa(i+1), "")
	}
	switch {
	case p.Broken != "":
		fmt.Fprintf(sb, "broken: %s\n", p.Broken)
	case p.Stuck:
		fmt.Fprintf(sb, "stuck: no technique applies, %s left (--allow-trial goes on by trial)\n", count(candidatesLeft(p.Grid), "candidate"))
	}
}

// writeStep writes step s numbered number, after indent, and its
// sub-steps, numbered after it and indented two spaces further.
func writeStep(sb *strings.Builder, s logic.Step, number, indent string) {
	fmt.Fprintf(sb, "%s%s. %s\n", indent, number, s.Text)
	for j, sub := range s.Sub {
		writeStep(sb, sub, number+"."+strconv.Itoa(j+1), indent+"  ")
	}
}

// candidatesLeft counts the candidates of the unsolved cells.
func candidatesLeft(g *logic.Grid) int {
	n := 0
	for i, c := range g.Cand {
		if g.Value[i] == 0 {
			n += c.Count()
		}
	}
	return n
}

// drawStep fills in pic to draw the position before step k (1-based) of
// the puzzle's logical path, as solve --steps finds it (counting its
// solutions first, for the uniqueness techniques), and the step itself;
// the path is found up to step k only.
func drawStep(c *cli.Context, s *streams, pic *render.Picture, k int) error {
	if k < 1 {
		return usagef("--step must be at least 1, not %d", k)
	}
	g, err := logicGrid(pic.Puzzle, pic.Variant)
	if err != nil {
		return exitf(ExitInvalid, "%v", err)
	}
	lc := logicConfig{timeout: c.Duration("timeout")}
	ctx := c.Context
	if lc.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, lc.timeout)
		defer cancel()
	}
	res, err := solveOne(ctx, s, &position{board: pic.Puzzle, variant: pic.Variant})
	if err != nil {
		return err
	}
	opts, err := lc.options(ctx, g, res.Count == 1, res.Solution)
	if err != nil {
		return exitf(ExitInvalid, "%v", err)
	}
	// The path stops at step k: a hard variant's whole path can take
	// minutes, its first steps a moment.
	upToK, stop := context.WithCancel(ctx)
	defer stop()
	found := 0
	opts.OnStep = func(logic.Step) {
		if found++; found == k {
			stop()
		}
	}
	path, err := logic.SolveContext(upToK, g, opts)
	if err != nil && len(path.Steps) < k {
		return exitf(ExitTimeout, "%v", lc.pathTimeout(len(path.Steps)))
	}
	if k > len(path.Steps) {
		return usagef("--step %d: the logical path has %s", k, count(len(path.Steps), "step"))
	}
	for _, st := range path.Steps[:k-1] {
		g.Apply(st)
	}
	st := path.Steps[k-1]
	placed := &board.Board{Shape: pic.Puzzle.Shape, Cells: make([]uint8, len(g.Value))}
	pic.Candidates = make([]uint64, len(g.Cand))
	for i, v := range g.Value {
		placed.Cells[i] = uint8(v)
		if v == 0 {
			pic.Candidates[i] = uint64(g.Cand[i])
		}
	}
	pic.Solution = placed
	pic.Step = report.StepPicture(g, st, strconv.Itoa(k))
	return nil
}

// logicPipe runs the logical solves of --steps and --rate on goroutines,
// up to one per worker, between the batch and the result writer, and
// writes the results in input order as each one and those before it are
// done. It lives in app rather than on the batch's workers because those
// are processes for SAT, which would have to send paths back; logic is
// pure Go and goroutine-safe, and the batch already hands results over in
// input order, so a queue in that order keeps the output streaming.
type logicPipe struct {
	out   *resultWriter
	write func(*batch.Result) error
	sem   chan struct{} // one token per logical solve running
	queue chan *logicJob
	done  chan struct{}
	mu    sync.Mutex
	err   error // the first write error
}

// logicJob is one result on its way to the writer; ready is closed once
// its logical solve (if any) is done. With log, its steps are written as
// they are found.
type logicJob struct {
	r     *batch.Result
	lr    *logicResult
	ready chan struct{}
	log   *stepLog
}

// stepLog holds the steps of a path being found, for the writer to write
// as they come: a hard variant's path can take minutes. The zero value is
// not ready: use newStepLog.
type stepLog struct {
	mu    sync.Mutex
	steps []logic.Step
	grew  chan struct{} // closed when a step is added
}

func newStepLog() *stepLog { return &stepLog{grew: make(chan struct{})} }

// add takes a step found (logicConfig.onStep).
func (l *stepLog) add(s logic.Step) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.steps = append(l.steps, s)
	close(l.grew)
	l.grew = make(chan struct{})
}

// since returns the steps found after the first k, and a channel closed
// when more are.
func (l *stepLog) since(k int) ([]logic.Step, <-chan struct{}) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.steps[k:], l.grew
}

func newLogicPipe(out *resultWriter, workers int, write func(*batch.Result) error) *logicPipe {
	workers = max(workers, 1)
	p := &logicPipe{out: out, write: write, sem: make(chan struct{}, workers),
		queue: make(chan *logicJob, 4*workers), done: make(chan struct{})}
	go p.drain()
	return p
}

// submit takes the batch's next result; it blocks while every goroutine is
// busy or the queue is full. It returns the writer's first error, which
// stops the batch.
func (p *logicPipe) submit(r *batch.Result) error {
	if err := p.failed(); err != nil {
		return err
	}
	job := &logicJob{r: r, ready: make(chan struct{})}
	if p.out.wantsLogic(r) {
		var onStep func(logic.Step)
		if p.out.streamsSteps() {
			job.log = newStepLog()
			onStep = job.log.add
		}
		p.sem <- struct{}{}
		go func() {
			job.lr = p.out.solveLogic(r, onStep)
			<-p.sem
			close(job.ready)
		}()
	} else {
		close(job.ready)
	}
	p.queue <- job
	return nil
}

// drain writes the results in order; after an error it only empties the
// queue.
func (p *logicPipe) drain() {
	defer close(p.done)
	for job := range p.queue {
		if job.log != nil && p.failed() == nil {
			if err := p.out.writeStreaming(job); err != nil {
				p.mu.Lock()
				p.err = exitf(ExitError, "writing output: %v", err)
				p.mu.Unlock()
			}
			continue
		}
		<-job.ready
		if p.failed() != nil {
			continue
		}
		p.out.logicFor, p.out.logicRes = job.r, job.lr
		if err := p.write(job.r); err != nil {
			p.mu.Lock()
			p.err = err
			p.mu.Unlock()
		}
	}
}

func (p *logicPipe) failed() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.err
}

// close waits for the results submitted to be written, and returns the
// first write error.
func (p *logicPipe) close() error {
	close(p.queue)
	<-p.done
	return p.failed()
}
