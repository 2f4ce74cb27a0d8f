package batch

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"sync"
	"time"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/engine"
	"github.com/satdoku/satdoku/internal/proc"
	"github.com/satdoku/satdoku/internal/workerproto"
	"github.com/satdoku/satdoku/variant"
)

// racer is the SAT side of one solver of the portfolio engine
// (engine.Portfolio): a worker process with the SAT engine, sent one
// puzzle at a time, started when a race first needs it and kept for the
// next race; killed (its process group) when the race is lost or its
// context ends, and started again by the next race that needs it. Its
// solve is the solver's engine.SATRunner. A racer serves one solving
// goroutine: a race calls solve at most once at a time.
type racer struct {
	newCmd func() (*exec.Cmd, error)
	config []byte
	seq    int // the sequence number of the last request
	// watch runs f after d unless the returned stop is called first; stop
	// reports whether it was (time.AfterFunc; tests replace it).
	watch func(d time.Duration, f func()) (stop func() bool)

	mu   sync.Mutex
	p    *racerProc // nil: none running
	halt bool       // kill was called during this solve: a process started now is killed at once

	// ending, when not nil, is closed once the process of a race lost
	// (killed) has ended and been reaped. The race returns without
	// waiting for it, so that the winner's answer is not held up by the
	// loser's exit (1–10 ms on a 2-core machine, a tenth of a small
	// killer's race); the next solve, or close, waits for it first.
	ending chan struct{}
}

// racerProc is a racer's worker process.
type racerProc struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	stdout *bufio.Reader
	killed bool
	ready  bool // it said it is ready: the start-up watchdog leaves it alone
}

// newRacer returns the racer for the options of a portfolio batch: its
// worker's engine is the SAT engine with the same limit, candidates and
// explanation.
func newRacer(o engine.Options, newCmd func() (*exec.Cmd, error)) (*racer, error) {
	o.Kind, o.SATRunner = engine.SAT, nil
	config, err := workerproto.AppendConfig(nil, workerproto.Config{Engine: o, FlushEach: true})
	if err != nil {
		return nil, err
	}
	return &racer{newCmd: newCmd, config: config, watch: afterFunc}, nil
}

// afterFunc is time.AfterFunc as a racer's watch.
func afterFunc(d time.Duration, f func()) func() bool {
	return time.AfterFunc(d, f).Stop
}

// racingEngine returns the engine of one solver of a batch, and the
// function that stops its racer once the solver is done. With Kind
// Portfolio and a worker command the engine's SAT side is a racer of its
// own; otherwise it is engine.New(o.Engine) and stopping does nothing.
func racingEngine(o engine.Options, newCmd func() (*exec.Cmd, error)) (*engine.Engine, func(), error) {
	if o.Kind != engine.Portfolio || newCmd == nil {
		e, err := engine.New(o)
		return e, func() {}, err
	}
	r, err := newRacer(o, newCmd)
	if err != nil {
		return nil, nil, err
	}
	o.SATRunner = r.solve
	e, err := engine.New(o)
	return e, r.close, err
}

// answer is a line read from a worker process, or why none came.
type answer struct {
	line []byte
	err  error
}

// solve is the racer's engine.SATRunner.
func (r *racer) solve(ctx context.Context, b *board.Board, v *variant.Puzzle) engine.Result {
	if err := ctx.Err(); err != nil {
		return engine.Result{Status: engine.Timeout, Engine: "sat", Err: err}
	}
	r.settle()
	r.seq++
	r.mu.Lock()
	r.halt = false
	r.mu.Unlock()
	var msg []byte
	rules := 0
	if v != nil {
		var err error
		rules = len(v.Rules)
		if msg, err = workerproto.AppendVariantRequest(nil, r.seq, v); err != nil {
			return engine.Result{Status: engine.Invalid, Engine: "sat", Err: err}
		}
	} else {
		msg = workerproto.AppendRequest(nil, r.seq, b)
	}
	answered := make(chan answer, 1)
	go func() {
		r.mu.Lock()
		p := r.p
		r.mu.Unlock()
		if p == nil {
			var err error
			if p, err = r.start(); err != nil {
				answered <- answer{nil, fmt.Errorf("%w: %v", ErrNoWorkers, err)}
				return
			}
		}
		// Written here, not by the caller: the largest variant puzzles
		// overflow a pipe's buffer, and a process killed meanwhile fails
		// the write.
		if _, err := p.stdin.Write(msg); err != nil {
			answered <- answer{nil, err}
			return
		}
		line, err := p.stdout.ReadBytes('\n')
		answered <- answer{line, err}
	}()
	var got answer
	select {
	case got = <-answered:
	case <-ctx.Done():
		r.kill() // the goroutine above sees its pipe close
		ending := make(chan struct{})
		r.ending = ending
		go func() {
			<-answered
			r.reap()
			close(ending)
		}()
		return engine.Result{Status: engine.Timeout, Engine: "sat", Err: ctx.Err()}
	}
	if got.err != nil {
		r.kill()
		r.reap()
		if errors.Is(got.err, ErrNoWorkers) {
			return engine.Result{Status: engine.Failed, Engine: "sat", Err: got.err}
		}
		return engine.Result{Status: engine.Failed, Engine: "sat", Err: fmt.Errorf("%w: %v", ErrWorker, got.err)}
	}
	seq, res, err := workerproto.ParseResponse(got.line, b.Shape, rules)
	switch {
	case err != nil:
		res = engine.Result{Status: engine.Failed, Engine: "sat", Err: fmt.Errorf("%w: garbled answer: %v", ErrWorker, err)}
	case seq != r.seq:
		res = engine.Result{Status: engine.Failed, Engine: "sat", Err: fmt.Errorf("%w: answer for puzzle %d instead of %d", ErrWorker, seq, r.seq)}
	default:
		return res
	}
	r.kill() // out of step: its next answers cannot be trusted
	r.reap()
	return res
}

// start starts a worker process, makes it the racer's, and waits until
// it is ready (or killed: see kill).
func (r *racer) start() (*racerProc, error) {
	cmd, stdin, stdout, err := newWorkerCmd(r.newCmd)
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting a worker process: %w", err)
	}
	p := &racerProc{cmd: cmd, stdin: stdin, stdout: bufio.NewReaderSize(stdout, 64<<10)}
	r.mu.Lock()
	r.p = p
	if r.halt {
		p.killed = true
		proc.KillGroup(cmd.Process.Pid)
	}
	r.mu.Unlock()
	stdin.Write(r.config) // a few hundred bytes into an empty pipe: never blocks
	// The watchdog kills this process only, and only while it starts: a
	// timer that fires as the ready line arrives runs its function after
	// Stop has returned, when r.kill would kill the process of a later
	// race, or mark a later solve halted.
	stop := r.watch(readyTimeout, func() { r.killStarting(p) })
	line, err := p.stdout.ReadString('\n')
	stop()
	r.mu.Lock()
	p.ready = true
	r.mu.Unlock()
	if err == nil && line != workerproto.Ready {
		err = fmt.Errorf("it said %q, not %q: does the program call batch.ServeWorkerIfChild first thing in main?", clip(line), workerproto.Ready)
	}
	if err != nil {
		return nil, fmt.Errorf("worker process not ready: %w", err)
	}
	return p, nil
}

// kill kills the racer's process group, if it has a process: whatever
// it is doing (starting, solving) ends, and its pipes close. A process
// that the solve in progress starts after this is killed as it starts.
func (r *racer) kill() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.halt = true
	if r.p != nil && !r.p.killed {
		r.p.killed = true
		proc.KillGroup(r.p.cmd.Process.Pid)
	}
}

// killStarting kills p's process group if p has not yet said it is ready:
// the start-up watchdog.
func (r *racer) killStarting(p *racerProc) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !p.ready && !p.killed {
		p.killed = true
		proc.KillGroup(p.cmd.Process.Pid)
	}
}

// reap waits for the racer's killed process, if any, to end, and
// forgets it: the next race starts another. Only the solving goroutine,
// or the goroutine a lost race leaves to end its process (ending), calls
// it, once the goroutine that talks to the process is done.
func (r *racer) reap() {
	r.mu.Lock()
	p := r.p
	r.p = nil
	r.mu.Unlock()
	if p != nil {
		p.stdin.Close()
		p.cmd.Wait()
	}
}

// settle waits until the process of the last race lost, if any, has
// ended and been reaped.
func (r *racer) settle() {
	if r.ending != nil {
		<-r.ending
		r.ending = nil
	}
}

// close ends the racer's process, if any (it is idle between races),
// and reaps it.
func (r *racer) close() {
	r.settle()
	r.kill()
	r.reap()
}

// NewEngine returns an engine with the options o for a program that
// solves in its own goroutines (satdoku bench), and the function that
// stops what it started, to call once done with it. For Kind Portfolio
// the engine's SAT side runs in a worker process, as in a batch (where
// the program calls ServeWorkerIfChild; otherwise in this process); any
// other engine is engine.New(o), and stop does nothing. The engine
// solves one puzzle at a time.
func NewEngine(o engine.Options) (eng *engine.Engine, stop func(), err error) {
	var newCmd func() (*exec.Cmd, error)
	if selfServes.Load() {
		newCmd = selfCommand
	}
	return racingEngine(o, newCmd)
}
