package app

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sync"
	"time"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/engine"
)

// pipelineDepth is how many requests each worker process may have queued.
// Deep enough to hide the pipe's latency, shallow enough that a killed
// worker has little to redo.
const pipelineDepth = 32

// workerExecutable is the binary started as a worker; tests point it at a
// built satdoku.
var workerExecutable = os.Executable

// pool solves a batch with worker processes: gophersat cannot run in two
// goroutines of one process, and a process is also the only way to stop a
// gophersat solve that overruns --timeout. Results come out in input order;
// at most a fixed number of puzzles are between reading and writing, so
// memory stays bounded however long the input.
type pool struct {
	*orderer
	ctx     context.Context
	cfg     *solveConfig
	argv    []string
	wg      sync.WaitGroup
	workers []*worker
	stopMu  sync.Mutex
	stopped bool
}

func newPool(cfg *solveConfig) (*pool, error) {
	exe, err := workerExecutable()
	if err != nil {
		return nil, err
	}
	opts, err := json.Marshal(cfg.engine)
	if err != nil {
		return nil, err
	}
	p := &pool{
		orderer: newOrderer(cfg.workers * pipelineDepth),
		cfg:     cfg,
		argv:    []string{exe, workerCommandName, "--options", string(opts)},
	}
	if cfg.timeout > 0 {
		// Each answer must arrive as soon as it is found: the time of the
		// previous answer starts the clock of the next puzzle.
		p.argv = append(p.argv, "--flush")
	}
	for i := 0; i < cfg.workers; i++ {
		w := &worker{pool: p, slots: make(chan struct{}, pipelineDepth)}
		if err := w.start(); err != nil {
			p.kill()
			return nil, err
		}
		p.workers = append(p.workers, w)
	}
	for _, w := range p.workers {
		p.wg.Add(2)
		go w.send()
		go w.receive()
	}
	go func() { p.wg.Wait(); close(p.done) }()
	go p.run()
	if cfg.timeout > 0 {
		go p.watch()
	}
	return p, nil
}

func (p *pool) submit(ctx context.Context, it *item) error {
	if p.ctx == nil {
		p.ctx = ctx
		go func() { <-ctx.Done(); p.kill() }()
	}
	return p.orderer.submit(ctx, it)
}

// watch kills a worker whose current puzzle has run past the timeout.
func (p *pool) watch() {
	tick := min(max(p.cfg.timeout/4, time.Millisecond), 100*time.Millisecond)
	t := time.NewTicker(tick)
	defer t.Stop()
	for range t.C {
		if p.isStopped() {
			return
		}
		for _, w := range p.workers {
			w.mu.Lock()
			if w.ready && len(w.inflight) > 0 && !w.timedOut && time.Since(w.headStart) > p.cfg.timeout {
				w.timedOut = true
				w.cmd.Process.Kill()
			}
			w.mu.Unlock()
		}
	}
}

func (p *pool) isStopped() bool {
	p.stopMu.Lock()
	defer p.stopMu.Unlock()
	return p.stopped
}

// kill stops every worker at once (on a signal).
func (p *pool) kill() {
	p.stopMu.Lock()
	p.stopped = true
	p.stopMu.Unlock()
	for _, w := range p.workers {
		w.mu.Lock()
		if w.cmd != nil && w.cmd.Process != nil {
			w.cmd.Process.Kill()
		}
		w.mu.Unlock()
	}
}

// worker is the parent's side of one worker process. The sender writes
// requests and the receiver reads answers; inflight holds the puzzles sent
// and not yet answered, in order, so that a worker killed for a timeout (or
// dying) can be replaced and handed the rest again.
type worker struct {
	pool  *pool
	slots chan struct{} // one token per request in flight

	mu        sync.Mutex
	cmd       *exec.Cmd
	stdin     io.WriteCloser
	in        *bufio.Writer
	stdout    *bufio.Reader
	inflight  []*item
	headStart time.Time // when the first puzzle in flight became the worker's current one
	timedOut  bool
	ready     bool // the process has said it is up: its puzzles' time counts
	closing   bool
	broken    error // set when no new process could be started
	buf       []byte
}

// start launches a worker process; the caller holds mu or owns w alone.
func (w *worker) start() error {
	cmd := exec.Command(w.pool.argv[0], w.pool.argv[1:]...)
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	w.cmd, w.stdin = cmd, stdin
	w.in = bufio.NewWriterSize(stdin, 64<<10)
	w.stdout = bufio.NewReaderSize(stdout, 64<<10)
	w.timedOut, w.ready = false, false
	return nil
}

// send feeds jobs to the worker, at most pipelineDepth at a time, flushing
// whenever it would otherwise wait for a job.
func (w *worker) send() {
	defer w.pool.wg.Done()
	for {
		var it *item
		var ok bool
		select {
		case it, ok = <-w.pool.jobs:
		default:
			w.mu.Lock()
			w.in.Flush()
			w.mu.Unlock()
			it, ok = <-w.pool.jobs
		}
		if !ok {
			break
		}
		w.slots <- struct{}{}
		w.mu.Lock()
		if w.broken != nil {
			w.mu.Unlock()
			w.finish(it, engine.Result{Status: engine.Failed, Err: w.broken})
			continue
		}
		w.inflight = append(w.inflight, it)
		if len(w.inflight) == 1 {
			w.headStart = time.Now()
		}
		w.buf = appendRequest(w.buf[:0], it.seq, it.puzzle.Board)
		w.in.Write(w.buf) // a dead worker's errors surface in receive
		if len(w.inflight) == pipelineDepth {
			w.in.Flush()
		}
		w.mu.Unlock()
	}
	w.mu.Lock()
	w.closing = true
	if w.broken == nil {
		w.in.Flush()
		w.stdin.Close()
	}
	w.mu.Unlock()
}

// receive reads answers; when the process ends early it reports the
// puzzle it was on (timeout, or its death) and starts a new process for
// the rest.
func (w *worker) receive() {
	defer w.pool.wg.Done()
	for {
		line, err := w.stdout.ReadSlice('\n')
		if err == nil {
			w.mu.Lock()
			ready := w.ready
			if !ready && string(line) == workerReady {
				w.ready, w.headStart = true, time.Now()
			}
			w.mu.Unlock()
			if ready {
				w.answer(line)
			}
			continue
		}
		w.cmd.Wait()
		if !w.restart(err) {
			return
		}
	}
}

// answer matches one response line to the puzzle at the head of the queue.
func (w *worker) answer(line []byte) {
	w.mu.Lock()
	if len(w.inflight) == 0 {
		w.mu.Unlock()
		return
	}
	it := w.inflight[0]
	w.inflight = w.inflight[1:]
	w.headStart = time.Now()
	w.mu.Unlock()
	seq, res, err := parseResponse(line, it.puzzle.Board.Shape)
	switch {
	case err != nil:
		res = engine.Result{Status: engine.Failed, Err: fmt.Errorf("garbled worker answer: %v", err)}
	case seq != it.seq:
		res = engine.Result{Status: engine.Failed, Err: fmt.Errorf("worker answered puzzle %d for %d", seq, it.seq)}
	}
	w.finish(it, res)
}

// finish checks the worker's answer in this process and passes it on.
func (w *worker) finish(it *item, res engine.Result) {
	for _, b := range []*board.Board{res.Solution, res.Second} {
		if b == nil {
			continue
		}
		if err := board.Verify(it.puzzle.Board, b); err != nil {
			res = engine.Result{Status: engine.Failed, Engine: res.Engine, Err: fmt.Errorf("worker's solution rejected: %w", err)}
		}
	}
	if res.Status == engine.NoSolution && w.pool.cfg.engine.Explain {
		res.Clashes = it.puzzle.Board.Clashes()
	}
	it.res = res
	<-w.slots
	w.pool.done <- it
}

// restart handles the end of a worker process: a normal end after the
// last request, a timeout, or a crash. It reports whether the receiver
// should go on reading from a new process.
func (w *worker) restart(readErr error) bool {
	w.mu.Lock()
	if w.pool.isStopped() || (w.closing && len(w.inflight) == 0) {
		w.mu.Unlock()
		return false
	}
	var head *item
	var res engine.Result
	if len(w.inflight) > 0 {
		head = w.inflight[0]
		w.inflight = w.inflight[1:]
		if w.timedOut {
			res = engine.Result{Status: engine.Timeout, Err: fmt.Errorf("no answer within %v", w.pool.cfg.timeout)}
		} else {
			res = engine.Result{Status: engine.Failed, Err: fmt.Errorf("worker process died (%v): %v", w.cmd.ProcessState, readErr)}
		}
	}
	err := w.start()
	if err == nil {
		w.headStart = time.Now()
		for _, it := range w.inflight {
			w.buf = appendRequest(w.buf[:0], it.seq, it.puzzle.Board)
			w.in.Write(w.buf)
		}
		w.in.Flush()
		if w.closing {
			w.stdin.Close()
		}
	}
	var lost []*item
	if err != nil {
		w.broken = fmt.Errorf("cannot restart worker process: %w", err)
		lost, w.inflight = w.inflight, nil
	}
	w.mu.Unlock()
	if head != nil {
		w.finish(head, res)
	}
	for _, it := range lost {
		w.finish(it, engine.Result{Status: engine.Failed, Err: w.broken})
	}
	if err != nil {
		return false
	}
	return true
}
