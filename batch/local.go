package batch

import (
	"context"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/satdoku/satdoku/engine"
)

// timeoutError is the error of a puzzle that ran out of time, on every
// path: it wraps context.DeadlineExceeded.
func timeoutError(d time.Duration) error {
	return fmt.Errorf("no answer within %v: %w", d, context.DeadlineExceeded)
}

// beforeSolve, set only by tests, is called before solveWithin solves a
// puzzle, in this process or in a worker process.
var beforeSolve atomic.Pointer[func()]

// solveWithin solves one puzzle in this process within timeout (0: no
// limit). An answer found after the deadline, by an engine that could not
// be stopped in time, is a timeout too, as it is on every path.
func solveWithin(ctx context.Context, eng *engine.Engine, it *item, timeout time.Duration) {
	if it.Puzzle == nil {
		return // unreadable: its result is set already
	}
	if f := beforeSolve.Load(); f != nil {
		(*f)()
	}
	if timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	if it.Variant != nil {
		it.Result.Result = eng.SolvePuzzle(ctx, it.Variant)
	} else {
		it.Result.Result = eng.Solve(ctx, it.Puzzle.Board)
	}
	if timeout > 0 && (it.Status == engine.Timeout || it.Elapsed > timeout) {
		it.Result.Result = engine.Result{Status: engine.Timeout, Engine: it.Engine, Elapsed: it.Elapsed, Err: timeoutError(timeout)}
	}
}

// finishEvery is how much solving time runLocal lets pass before it hands
// its solved puzzles on: each hand-over is a lock that the reader and the
// other solvers contend for, which on puzzles of a few microseconds costs
// as much as a tenth of the solving, and a millisecond is not a delay a
// reader of the results notices.
const finishEvery = time.Millisecond

// runLocal solves puzzles in this process with eng, taking up to chunk at
// a time, until the batch is over. It hands solved puzzles on together,
// after every finishEvery of solving and at the end of each chunk.
func (s *sched) runLocal(eng *engine.Engine, timeout time.Duration, chunk int) {
	var held time.Duration
	var solved []*item
	handOn := func() {
		s.finish(solved...)
		solved, held = solved[:0], 0
	}
	for {
		items, ok := s.take(chunk)
		if !ok {
			return
		}
		for _, it := range items {
			solveWithin(s.ctx, eng, it, timeout)
			if s.ctx.Err() != nil {
				handOn() // interrupted: this answer is not wanted
				return
			}
			solved = append(solved, it)
			if held += it.Elapsed; held >= finishEvery {
				handOn()
			}
		}
		handOn()
	}
}
