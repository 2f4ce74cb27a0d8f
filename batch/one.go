package batch

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/engine"
	"github.com/satdoku/satdoku/internal/proc"
	"github.com/satdoku/satdoku/internal/workerproto"
	"github.com/satdoku/satdoku/variant"
)

// maxAnswer bounds the one line a worker process answers SolveOne with: a
// 64×64 board's solution, second solution and candidates take a few tens
// of kilobytes.
const maxAnswer = 16 << 20

// SolveOne solves one puzzle (v, with its givens b, or b alone for a
// classic puzzle when v is nil) with o.Engine, in a worker process of its
// own that is killed as soon as ctx ends or o.Timeout runs out: when it
// returns, the solve is over and its memory returned to the system,
// whatever the engine was doing. It is for a long-running program that
// must bound each piece of work (satdoku serve), where a batch would be
// overkill; o.Workers is ignored.
//
// Like a batch, it needs a program that calls ServeWorkerIfChild (or
// o.Worker). Where there is none, or the engine needs no gophersat (the
// backtracker, an external solver: both are stopped through ctx), it
// solves in this process and returns when the engine does, which for
// gophersat may be after ctx has ended: the answer is then a timeout.
// The portfolio (engine.Portfolio) solves in this process too, its SAT
// side in a worker process started for the race if the backtracker does
// not answer first, and killed when the race ends.
func SolveOne(ctx context.Context, b *board.Board, v *variant.Puzzle, o Options) engine.Result {
	if o.Timeout < 0 {
		return engine.Result{Status: engine.Failed, Err: fmt.Errorf("batch: negative timeout %v", o.Timeout)}
	}
	if v != nil {
		b = v.Givens
	}
	it := &item{Result: Result{Puzzle: &board.Puzzle{Board: b}, Variant: v}}
	newCmd := o.Worker
	if newCmd == nil && selfServes.Load() {
		newCmd = selfCommand
	}
	if newCmd == nil || !needsSAT(o) {
		eng, stopRacer, err := racingEngine(o.Engine, newCmd)
		if err != nil {
			return engine.Result{Status: engine.Failed, Err: fmt.Errorf("batch: %w", err)}
		}
		defer stopRacer()
		solveWithin(ctx, eng, it, o.Timeout)
		return it.Result.Result
	}
	if o.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, o.Timeout)
		defer cancel()
	}
	msg, err := workerproto.AppendConfig(nil, workerproto.Config{Engine: o.Engine, Timeout: o.Timeout})
	if err != nil {
		return engine.Result{Status: engine.Failed, Err: fmt.Errorf("batch: %w", err)}
	}
	rules := 0
	if v != nil {
		rules = len(v.Rules)
		if msg, err = workerproto.AppendVariantRequest(msg, 1, v); err != nil {
			return engine.Result{Status: engine.Invalid, Err: err} // a rule no engine knows
		}
	} else {
		msg = workerproto.AppendRequest(msg, 1, b)
	}

	cmd, stdin, stdout, err := newWorkerCmd(newCmd)
	if err != nil {
		return engine.Result{Status: engine.Failed, Err: fmt.Errorf("%w: %v", ErrNoWorkers, err)}
	}
	if err := cmd.Start(); err != nil {
		return engine.Result{Status: engine.Failed, Err: fmt.Errorf("%w: starting a worker process: %v", ErrNoWorkers, err)}
	}
	// The whole conversation fits a pipe's buffer but for the largest
	// variant puzzles, so it is written aside; closing the input ends the
	// worker once it has answered.
	go func() {
		stdin.Write(msg)
		stdin.Close()
	}()
	type answer struct {
		line []byte
		err  error
	}
	answered := make(chan answer, 1)
	go func() {
		r := bufio.NewReaderSize(io.LimitReader(stdout, maxAnswer), 64<<10)
		line, err := r.ReadString('\n')
		if err == nil && line != workerproto.Ready {
			err = fmt.Errorf("it said %q, not %q: does the program call batch.ServeWorkerIfChild first thing in main?", clip(line), workerproto.Ready)
		}
		var ans []byte
		if err == nil {
			ans, err = r.ReadBytes('\n')
		}
		io.Copy(io.Discard, stdout) // to its end, so that Wait may close it
		answered <- answer{ans, err}
	}()
	var got answer
	select {
	case got = <-answered:
	case <-ctx.Done():
		proc.KillGroup(cmd.Process.Pid)
		got = <-answered
		got.err = ctx.Err()
	}
	proc.KillGroup(cmd.Process.Pid) // it has answered: nothing of it is wanted
	cmd.Wait()
	if got.err != nil {
		switch {
		case errors.Is(got.err, context.DeadlineExceeded) && o.Timeout > 0:
			return engine.Result{Status: engine.Timeout, Err: timeoutError(o.Timeout)}
		case ctx.Err() != nil:
			return engine.Result{Status: engine.Timeout, Err: context.Cause(ctx)}
		}
		return engine.Result{Status: engine.Failed, Err: fmt.Errorf("%w: %v (%s)", ErrWorker, got.err, proc.Ended(cmd.ProcessState))}
	}
	seq, res, err := workerproto.ParseResponse(got.line, b.Shape, rules)
	switch {
	case err != nil:
		return engine.Result{Status: engine.Failed, Err: fmt.Errorf("%w: garbled answer: %v", ErrWorker, err)}
	case seq != 1:
		return engine.Result{Status: engine.Failed, Err: fmt.Errorf("%w: answer for puzzle %d instead of 1", ErrWorker, seq)}
	}
	return res
}
