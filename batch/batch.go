package batch

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"runtime"
	"sync"
	"time"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/engine"
	"github.com/satdoku/satdoku/variant"
)

// Source yields the puzzles of a batch, as *board.Reader does: Read
// returns the next puzzle, a *board.ParseError or an *InputError for a
// puzzle that could not be read (the batch keeps it in its place as an
// invalid result and goes on), or io.EOF at the end. Any other error ends
// the batch.
//
// When the source is a *board.Reader, or has a method Name() string, each
// result carries the name of the input its puzzle came from (Result.Name).
// When it is also a VariantSource, the batch reads it with ReadVariant
// instead of Read.
type Source interface {
	Read() (*board.Puzzle, error)
}

// Unreadable reports whether err, from a Source, is a puzzle that could
// not be read (a *board.ParseError or an *InputError), which a batch keeps
// in its place as an invalid result, rather than an error that ends the
// input.
func Unreadable(err error) bool {
	var pe *board.ParseError
	var ie *InputError
	return errors.As(err, &pe) || errors.As(err, &ie)
}

// Options configure a batch. The zero value solves with the SAT engine,
// one puzzle per CPU at a time, with no time limit.
type Options struct {
	// Engine configures the engine (its kind, counting with Limit,
	// Explain, an external solver's command).
	Engine engine.Options
	// Workers is how many puzzles are solved at once: 0 means one per
	// CPU, and more than MaxWorkers() means MaxWorkers().
	//
	// The backtracker and external solvers run on goroutines of this
	// process (an external solver is a process of its own anyway), and so
	// does the portfolio (engine.Portfolio), whose SAT side runs in a
	// worker process of each goroutine, started when a race first needs
	// it and killed whenever the backtracker wins a race it joined. The SAT
	// engine (and Both, and any engine with Engine.Candidates, which are
	// found by SAT) runs in worker processes: gophersat cannot solve
	// twice at once in one process, and killing a process is the only way
	// to stop a gophersat solve that overruns Timeout. Workers are copies
	// of this program started by the batch (see ServeWorkerIfChild) or the
	// command Worker returns. Without a timeout a batch solves its first
	// puzzles in this process, and once a puzzle has waited for it about
	// 30 ms (a slow puzzle holds it, or the input is ahead of it) starts
	// Workers-1 worker processes and goes on solving here beside them:
	// this process is one of the workers, which saves starting one. With
	// one worker it solves everything here; when no worker process can be
	// started it solves here, one puzzle at a time.
	Workers int
	// Timeout, if positive, is the time allowed for each puzzle: a puzzle
	// not answered within it is reported with Status engine.Timeout and an
	// Err wrapping context.DeadlineExceeded. (An answer that arrives late
	// is a timeout too.) With the SAT engine, Both, or Engine.Candidates it
	// needs worker processes.
	Timeout time.Duration
	// Worker, if not nil, returns the command of a worker process, not yet
	// started, instead of this program's own executable. The program it
	// runs calls ServeWorkerIfChild first thing in main. The batch sets its
	// standard input and output, its environment (adding to Env, if set),
	// its process group and its SysProcAttr.
	Worker func() (*exec.Cmd, error)
}

// Result is the outcome for one puzzle of a batch.
type Result struct {
	// Index is the puzzle's 1-based position in the batch.
	Index int
	// Name names the input the puzzle came from, if the source names it.
	Name string
	// Puzzle is the puzzle as read, or nil when its text could not be
	// read: Status is then engine.Invalid and Err the *board.ParseError
	// or the *InputError.
	Puzzle *board.Puzzle
	// Variant is, for a puzzle with variant rules or irregular regions
	// (from a VariantSource), the puzzle solved: its Givens is
	// Puzzle.Board. It is nil for a classic puzzle.
	Variant *variant.Puzzle
	// Result is the engine's answer: every solution in it is verified.
	engine.Result
}

// Errors of a batch.
var (
	// ErrNoWorkers reports that the batch needed worker processes (the SAT
	// engine with a timeout) and could start none, or lost them all.
	ErrNoWorkers = errors.New("batch: no worker process could be started")
	// ErrWorker is wrapped by the Err of a puzzle whose answer a worker
	// process failed to give: it died twice while solving it, or garbled
	// its answer.
	ErrWorker = errors.New("worker process failed")

	errEOF      = io.EOF
	errNoPuzzle = errors.New("batch: source returned neither a puzzle nor an error")
)

// MaxWorkers is the most puzzles a batch solves at once: four per CPU.
// More only share the same CPUs, each with its own memory.
func MaxWorkers() int { return 4 * runtime.NumCPU() }

// localFirst is how often a batch without a timeout looks for puzzles
// waiting for the solver in this process, and so about how long one waits
// before worker processes start: about what starting one costs, so that
// a batch done by then starts none.
const localFirst = 30 * time.Millisecond

// Solve solves every puzzle of src and calls fn with each result, in input
// order, as soon as it and every result before it are known. At most a
// few hundred puzzles are between reading and fn, so memory stays bounded
// however long the input. fn is called from one goroutine at a time,
// though not always the same one, and never after Solve returns; the
// Result it gets is its own to keep.
//
// Solve returns nil once every puzzle has been handed to fn. It returns
// early with the error of fn, of src (other than a *board.ParseError), or
// of ctx (context.Cause): the results before that point have all been
// handed to fn, and every worker process the batch started has been
// stopped. A Read still blocked then is not waited for, nor is a
// gophersat solve running in this process, which cannot be stopped: it
// ends in the background.
func Solve(ctx context.Context, src Source, o Options, fn func(*Result) error) error {
	if o.Workers < 0 {
		return fmt.Errorf("batch: %d workers", o.Workers)
	}
	if o.Timeout < 0 {
		return fmt.Errorf("batch: negative timeout %v", o.Timeout)
	}
	if o.Workers == 0 {
		o.Workers = runtime.NumCPU()
	}
	o.Workers = min(o.Workers, MaxWorkers())
	eng, err := engine.New(o.Engine)
	if err != nil {
		return fmt.Errorf("batch: %w", err)
	}
	if o.Engine.Kind == engine.External {
		if err := engine.CheckSolver(o.Engine.SatCmd); err != nil {
			return fmt.Errorf("batch: %w", err)
		}
	}
	newCmd := o.Worker
	if newCmd == nil && selfServes.Load() {
		newCmd = selfCommand
	}

	m := chooseMode(o, newCmd != nil)
	if m == processes && newCmd == nil {
		return fmt.Errorf("%w: a timeout with gophersat (the SAT engine, or true candidates) needs worker processes, and this program does not serve them (see batch.ServeWorkerIfChild)", ErrNoWorkers)
	}
	// The window bounds memory (a puzzle and its result are a few hundred
	// bytes) and sets how often the reader, which runs ahead, is woken: at
	// half the window. A wake-up costs microseconds, as much as a fast
	// puzzle, so the window is large enough for that to be rare.
	window := 1024
	switch m {
	case goroutines:
		window = max(1024, 64*o.Workers)
	case processes, hybrid:
		window = max(256, 2*o.Workers*depth)
	}

	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	s := newSched(ctx, window, fn)
	if m != sequential {
		s.solvers = o.Workers
	}
	go s.feed(src)
	var units []chan struct{} // goroutines to wait for
	var h *handover
	switch m {
	case goroutines:
		for i := 0; i < o.Workers; i++ {
			e, stopRacer := eng, func() {}
			if i > 0 || o.Engine.Kind == engine.Portfolio {
				e, stopRacer, _ = racingEngine(o.Engine, newCmd) // the options are checked above
			}
			done := make(chan struct{})
			units = append(units, done)
			// Sixteen at a time: each take is a lock the reader and the
			// other solvers contend for; takeLocked still leaves the
			// others their share of a short queue.
			go func() { defer close(done); defer stopRacer(); s.runLocal(e, o.Timeout, 16) }()
		}
	case sequential:
		if needsSAT(o) {
			// Not waited for: a gophersat solve cannot be stopped.
			go s.runLocal(eng, o.Timeout, window)
			break
		}
		e, stopRacer := eng, func() {}
		if o.Engine.Kind == engine.Portfolio {
			e, stopRacer, _ = racingEngine(o.Engine, newCmd) // the options are checked above
		}
		// An external solver or a portfolio's SAT side is stopped: wait for that.
		done := make(chan struct{})
		units = append(units, done)
		go func() { defer close(done); defer stopRacer(); s.runLocal(e, o.Timeout, window) }()
	case processes:
		pl, err := newPool(s, o.Workers, o, newCmd, func(err error) { s.stop(err) })
		if err != nil {
			s.stop(err)
			s.wait()
			return fmt.Errorf("%w: %v", ErrNoWorkers, err)
		}
		h = &handover{pool: pl}
	case hybrid:
		h = &handover{s: s, o: o, newCmd: newCmd}
		go h.watch()
		go s.runLocal(eng, 0, 1)
	}
	err = s.wait()
	interrupted := ctx.Err() != nil
	cancel(errStopped)
	if pl := h.close(); pl != nil {
		pl.shutdown(interrupted || err != nil)
	}
	for _, done := range units {
		<-done
	}
	return err
}

// mode is how a batch solves.
type mode int

const (
	sequential mode = iota // one puzzle at a time, in this process
	goroutines             // Workers puzzles at a time, on goroutines
	processes              // in worker processes
	hybrid                 // in this process, then in worker processes
)

// needsSAT reports whether a batch's solving calls gophersat in its
// solving process: the SAT engine, Both, or true candidates (found by SAT
// whatever the engine) — but not the portfolio, which solves on
// goroutines of this process, its SAT side in a worker process of each
// (see racingEngine).
func needsSAT(o Options) bool {
	if o.Engine.Kind == engine.Portfolio {
		return false
	}
	return o.Engine.Kind == engine.SAT || o.Engine.Kind == engine.Both || o.Engine.Candidates
}

func chooseMode(o Options, canStart bool) mode {
	inProcess := !needsSAT(o)
	switch {
	case inProcess && o.Workers > 1:
		return goroutines
	case inProcess:
		return sequential
	case o.Timeout > 0:
		return processes
	case o.Workers == 1 || !canStart:
		return sequential
	}
	return hybrid
}

// handover runs a hybrid batch's start of worker processes: once a puzzle
// waits for the solver here (see watch), it starts Workers-1 of them, and
// the solver here goes on beside them. A process costs its start-up (tens
// of milliseconds of CPU, most of it page faults) and the protocol, so
// this process stays one of the workers rather than idle, and a batch that
// the solver here keeps up with starts none. If none can be started, or
// all are lost, the solver here carries on alone.
type handover struct {
	s      *sched
	o      Options
	newCmd func() (*exec.Cmd, error)

	mu     sync.Mutex
	pool   *pool
	failed bool // no worker processes: the solver here does it all
	closed bool
}

// watch looks every localFirst for puzzles waiting, and starts the
// worker processes at the first look that finds some: the solver here is
// on a slow puzzle, or the reader is ahead of it. It looks at the clock,
// not between puzzles, so that a second puzzle does not wait for a first
// that takes seconds.
func (h *handover) watch() {
	tick := time.NewTicker(localFirst)
	defer tick.Stop()
	for {
		select {
		case <-tick.C:
		case <-h.s.finished:
			return
		case <-h.s.ctx.Done():
			return
		}
		if h.s.hasPending() {
			h.start()
			return
		}
	}
}

// start starts the worker processes, unless the batch is over.
func (h *handover) start() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.failed || h.closed || h.pool != nil {
		return
	}
	pl, err := newPool(h.s, h.o.Workers-1, h.o, h.newCmd, h.lost)
	if err != nil {
		h.failed = true
		return
	}
	h.pool = pl
}

// lost is called when every worker process is gone: the solver here,
// still running, carries on alone.
func (h *handover) lost(error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.failed = true
}

// close ends the handover and returns the pool to shut down, if any.
func (h *handover) close() *pool {
	if h == nil {
		return nil
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	h.closed = true
	return h.pool
}

var errStopped = errors.New("batch: stopped")
