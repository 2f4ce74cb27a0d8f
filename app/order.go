package app

import "context"

// orderer is the part of a parallel batch that puts results back in input
// order. At most window puzzles are between reading and writing: admit
// blocks the reader beyond that, so memory stays bounded however long the
// input and however slow one puzzle is.
type orderer struct {
	jobs   chan *item    // admitted, waiting to be solved
	done   chan *item    // solved, in any order
	out    chan *item    // solved, in input order
	window chan struct{} // one token per puzzle admitted and not yet handed on
	first  int           // seq of the first item admitted: a hybrid batch hands over its tail
}

func newOrderer(parallel int) *orderer {
	return &orderer{
		jobs:   make(chan *item, parallel),
		done:   make(chan *item, parallel),
		out:    make(chan *item, 64),
		window: make(chan struct{}, parallel*4),
	}
}

// admit takes a place in the window for it. An item that needs no solving
// (unreadable text) goes straight to done; admit then reports false with a
// nil error. It reports false with the context's error when cancelled.
func (o *orderer) admit(ctx context.Context, it *item) (bool, error) {
	if o.first == 0 {
		o.first = it.seq
	}
	select {
	case o.window <- struct{}{}:
	case <-ctx.Done():
		return false, ctx.Err()
	}
	if it.puzzle == nil {
		o.done <- it
		return false, nil
	}
	return true, nil
}

// submit admits it and queues it for solving; it blocks while the window
// is full and reports the context's error when cancelled.
func (o *orderer) submit(ctx context.Context, it *item) error {
	if ok, err := o.admit(ctx, it); !ok {
		return err
	}
	select {
	case o.jobs <- it:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// close says no more items will be submitted.
func (o *orderer) close() { close(o.jobs) }

func (o *orderer) results() <-chan *item { return o.out }

// run hands results on in input order until done is closed and drained.
func (o *orderer) run() {
	next := -1
	waiting := map[int]*item{}
	for it := range o.done {
		waiting[it.seq] = it
		if next < 0 {
			next = o.first // set by admit, which happens before any result
		}
		for {
			it, ok := waiting[next]
			if !ok {
				break
			}
			delete(waiting, next)
			next++
			o.out <- it
			<-o.window
		}
	}
	close(o.out)
}
