package app

import (
	"context"
	"sync"
	"time"

	"github.com/satdoku/satdoku/engine"
)

// goPool solves a batch on goroutines of this process. It serves the
// backtracker, which shares no state between solvers and honours its
// context, so neither gophersat's process-wide buffer nor the need to kill
// a solve past --timeout applies; goroutines spare the pipes' cost, which
// matters at a few microseconds a puzzle.
type goPool struct {
	*orderer
}

func newGoPool(cfg *solveConfig) (*goPool, error) {
	p := &goPool{orderer: newOrderer(cfg.workers * pipelineDepth)}
	engines := make([]*engine.Engine, cfg.workers)
	for i := range engines {
		eng, err := engine.New(cfg.engine)
		if err != nil {
			return nil, err
		}
		engines[i] = eng
	}
	var wg sync.WaitGroup
	for _, eng := range engines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for it := range p.jobs {
				it.res = solveWithin(eng, it, cfg.timeout)
				p.done <- it
			}
		}()
	}
	go func() { wg.Wait(); close(p.done) }()
	go p.run()
	return p, nil
}

// solveWithin solves one puzzle, giving up after timeout (0: no limit).
func solveWithin(eng *engine.Engine, it *item, timeout time.Duration) engine.Result {
	ctx := context.Background()
	if timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	return eng.Solve(ctx, it.puzzle.Board)
}
