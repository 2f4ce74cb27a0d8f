package batch

import (
	"context"
	"errors"
	"sync"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/engine"
	"github.com/satdoku/satdoku/variant"
)

// item is one puzzle on its way through a batch.
type item struct {
	Result
	deaths int // worker processes that died while solving it
}

// signal wakes one waiting goroutine; a notification sent while nobody
// waits is kept for the next one, so none is lost.
type signal chan struct{}

func newSignal() signal { return make(signal, 1) }

func (s signal) notify() {
	select {
	case s <- struct{}{}:
	default:
	}
}

// sched is the state a batch shares between the goroutine that reads the
// source, the solvers (goroutines or worker processes) and the delivery of
// results in input order. Handing puzzles on costs a lock, not a goroutine
// switch: solvers take every puzzle waiting (up to what they can hold), the
// reader is woken only when half the window has drained, and a result is
// delivered by whichever solver completes the next one in order.
type sched struct {
	ctx    context.Context
	fn     func(*Result) error
	window int // at most this many puzzles between reading and delivery
	// solvers share the waiting puzzles: one takes no more than its share,
	// so that a short batch keeps them all busy.
	solvers int

	mu      sync.Mutex
	pending []*item // read, waiting for a solver, in input order
	eof     bool    // the source is done
	read    int     // index of the last puzzle read
	next    int     // index of the next result to deliver
	ring    []*item // solved and waiting for delivery, at index % window
	// inflight counts the puzzles read and not yet delivered.
	inflight      int
	delivering    bool
	feederWaiting bool
	takers        int  // solvers waiting for puzzles
	stopped       bool // no more results are delivered
	err           error
	delivered     *sync.Cond // signalled when delivering ends after a stop
	finished      chan struct{}

	wakeFeeder, wakeTakers signal
}

func newSched(ctx context.Context, window int, fn func(*Result) error) *sched {
	s := &sched{ctx: ctx, fn: fn, window: window, solvers: 1, next: 1, ring: make([]*item, window),
		finished: make(chan struct{}), wakeFeeder: newSignal(), wakeTakers: newSignal()}
	s.delivered = sync.NewCond(&s.mu)
	return s
}

// feed reads src into the batch until it ends, the batch stops, or it
// fails with an error that is not a *board.ParseError.
func (s *sched) feed(src Source) {
	name := namer(src)
	read := func() (*board.Puzzle, *variant.Puzzle, error) {
		p, err := src.Read()
		return p, nil, err
	}
	if vs, ok := src.(VariantSource); ok {
		read = vs.ReadVariant
	}
	for s.waitRoom() {
		p, v, err := read()
		switch {
		case err != nil && Unreadable(err): // kept in its place, as invalid
		case errors.Is(err, errEOF):
			s.closeInput(nil)
			return
		case err != nil:
			s.closeInput(err)
			return
		case p == nil || p.Board == nil:
			s.closeInput(errNoPuzzle)
			return
		}
		// One allocation per item, not blocks of them: fn may keep a
		// Result, which would keep its whole block alive.
		it := &item{}
		it.Name, it.Puzzle, it.Variant = name(), p, v
		switch {
		case err != nil:
			it.Puzzle, it.Variant = nil, nil
			it.Status, it.Err = engine.Invalid, unwrapInput(err)
		case v != nil && v.Givens != p.Board:
			it.Status, it.Err, it.Variant = engine.Invalid, errVariantGivens, nil
			it.Puzzle = nil
		}
		s.push(it)
	}
}

// unwrapInput returns the *InputError an error wraps, which keeps the
// line of the puzzle (a *board.ParseError stays as it is). It is called
// only on an error: errors.As takes its target as an interface, so a
// target declared in the reading loop would be allocated on the heap once
// per puzzle.
func unwrapInput(err error) error {
	var pe *board.ParseError
	var ie *InputError
	if !errors.As(err, &pe) && errors.As(err, &ie) {
		return ie
	}
	return err
}

// waitRoom blocks while the window is full; it reports false once the
// batch has stopped.
func (s *sched) waitRoom() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	for s.inflight >= s.window && !s.stopped {
		s.feederWaiting = true
		s.mu.Unlock()
		select {
		case <-s.wakeFeeder:
		case <-s.ctx.Done():
		}
		s.mu.Lock()
		if s.ctx.Err() != nil {
			return false
		}
	}
	return !s.stopped
}

func (s *sched) push(it *item) {
	s.mu.Lock()
	s.read++
	it.Index = s.read
	s.inflight++
	s.pending = append(s.pending, it)
	if s.takers > 0 {
		s.wakeTakers.notify()
	}
	s.mu.Unlock()
}

// closeInput records the end of the source, with the error that ended it.
func (s *sched) closeInput(err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.eof = true
	if err != nil {
		s.stopLocked(err)
		return
	}
	s.wakeTakers.notify()
	s.checkFinishedLocked()
}

// hasPending reports whether puzzles are waiting for a solver.
func (s *sched) hasPending() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.pending) > 0
}

// tryTake returns up to max waiting puzzles without blocking.
func (s *sched) tryTake(max int) []*item {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.takeLocked(max)
}

func (s *sched) takeLocked(max int) []*item {
	n := min(max, (len(s.pending)+s.solvers-1)/s.solvers)
	if n == 0 || s.stopped {
		return nil
	}
	items := s.pending[:n:n]
	s.pending = s.pending[n:]
	if len(s.pending) > 0 && s.takers > 0 {
		s.wakeTakers.notify() // pass the wake-up on to the next waiting solver
	}
	return items
}

// take returns up to max waiting puzzles, blocking until there are some.
// It reports false when there will be none: the batch is over or stopped.
// Until every result is delivered more may come back from a worker
// process that died, so solvers wait to the end.
func (s *sched) take(max int) ([]*item, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for {
		if items := s.takeLocked(max); items != nil {
			return items, true
		}
		if s.stopped || s.isFinishedLocked() {
			return nil, false
		}
		s.takers++
		s.mu.Unlock()
		select {
		case <-s.wakeTakers:
		case <-s.ctx.Done():
		case <-s.finished:
		}
		s.mu.Lock()
		s.takers--
	}
}

// requeue puts puzzles back in front of the waiting ones (they were read
// before any of those), for another solver.
func (s *sched) requeue(items []*item) {
	if len(items) == 0 {
		return
	}
	s.mu.Lock()
	s.pending = append(append(make([]*item, 0, len(items)+len(s.pending)), items...), s.pending...)
	s.wakeTakers.notify()
	s.mu.Unlock()
}

// finish hands solved puzzles on. If one is the next in input order, the
// calling goroutine delivers it, and every result after it that is ready.
func (s *sched) finish(its ...*item) {
	if len(its) == 0 {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.stopped {
		return
	}
	for _, it := range its {
		s.ring[it.Index%s.window] = it
	}
	if s.delivering {
		return
	}
	if it := s.ring[s.next%s.window]; it == nil || it.Index != s.next {
		return
	}
	s.delivering = true
	for !s.stopped {
		slot := s.next % s.window
		it := s.ring[slot]
		if it == nil || it.Index != s.next {
			break
		}
		s.ring[slot] = nil
		s.next++
		s.mu.Unlock()
		err := s.fn(&it.Result)
		s.mu.Lock()
		s.inflight--
		if err != nil {
			s.stopLocked(err)
			break
		}
		if s.feederWaiting && s.inflight <= s.window/2 {
			s.feederWaiting = false
			s.wakeFeeder.notify()
		}
	}
	s.delivering = false
	s.delivered.Broadcast()
	s.checkFinishedLocked()
}

func (s *sched) isFinishedLocked() bool { return s.eof && s.next > s.read }

func (s *sched) checkFinishedLocked() {
	if s.isFinishedLocked() && !s.stopped {
		s.stopped = true
		close(s.finished)
		s.wakeTakers.notify()
	}
}

// stopLocked ends the batch early with err: nothing more is delivered.
func (s *sched) stopLocked(err error) {
	if s.stopped {
		return
	}
	s.stopped, s.err = true, err
	close(s.finished)
	s.wakeTakers.notify()
	s.wakeFeeder.notify()
}

// stop ends the batch early with err.
func (s *sched) stop(err error) {
	s.mu.Lock()
	s.stopLocked(err)
	s.mu.Unlock()
}

// wait blocks until the batch is over or ctx ends, then until no result
// is being delivered, and returns why it stopped (nil when every result
// was delivered).
func (s *sched) wait() error {
	select {
	case <-s.finished:
	case <-s.ctx.Done():
		s.stop(context.Cause(s.ctx))
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for s.delivering {
		s.delivered.Wait()
	}
	return s.err
}

// namer returns a function naming the input the last puzzle came from.
func namer(src Source) func() string {
	switch s := src.(type) {
	case *board.Reader:
		return func() string { return s.Name }
	case interface{ Name() string }:
		return s.Name
	}
	return func() string { return "" }
}
