package generate

import (
	"context"
	"sync"
)

// Stream makes puzzles first, first+1, … first+count−1 on workers
// goroutines (at least 1) and calls emit with each in order, as soon as it
// and those before it are done. The puzzles are those Generate makes, so
// the output does not depend on the number of workers or on which
// goroutine finishes first. At most 2·workers puzzles are held at once.
// Stream stops at the first error (Generate's, or emit's, which is
// returned), or when ctx ends.
//
// Goroutines rather than package batch's worker processes: the work is the
// backtracker's, which runs in parallel in one process; only the SAT
// engine's proof of each finished puzzle takes turns (gophersat's lock),
// and it is a small share of the time.
func (g *Generator) Stream(ctx context.Context, first, count, workers int, emit func(*Puzzle) error) error {
	if workers < 1 {
		workers = 1
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type result struct {
		p   *Puzzle
		err error
	}
	pending := make(chan chan result, workers)
	sem := make(chan struct{}, workers)
	var wg sync.WaitGroup
	go func() {
		defer close(pending)
		for i := first; i < first+count; i++ {
			ch := make(chan result, 1)
			select {
			case pending <- ch:
			case <-ctx.Done():
				return
			}
			select {
			case sem <- struct{}{}:
			case <-ctx.Done():
				ch <- result{err: ctx.Err()}
				return
			}
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				p, err := g.Generate(ctx, i)
				<-sem
				ch <- result{p, err}
			}(i)
		}
	}()
	var err error
	for ch := range pending {
		r := <-ch
		if err != nil {
			continue
		}
		if r.err != nil {
			err = r.err
			cancel()
			continue
		}
		if err = emit(r.p); err != nil {
			cancel()
		}
	}
	wg.Wait()
	if err == nil {
		err = ctx.Err() // the caller's: ours is cancelled only on an error
	}
	return err
}
