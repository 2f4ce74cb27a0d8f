package batch

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sync"
	"sync/atomic"
	"time"

	"github.com/satdoku/satdoku/engine"
	"github.com/satdoku/satdoku/internal/proc"
	"github.com/satdoku/satdoku/internal/workerproto"
)

const (
	// depth is how many requests a worker process may have queued: deep
	// enough to hide the pipe's latency, shallow enough that a process
	// that dies has little to hand back. With a timeout each answer is
	// timed, and a killed process hands back its queue, so it is shorter.
	depth, timedDepth = 32, 8
	// killGrace is how long a puzzle may overrun its timeout before its
	// worker process is killed: about what starting a new process costs,
	// so that a puzzle that finishes soon after its deadline (reported as
	// a timeout all the same) does not cost a restart.
	killGrace = 50 * time.Millisecond
	// readyTimeout bounds the start of a worker process.
	readyTimeout = 30 * time.Second
	// queuedWork is how much solving a slot keeps queued in its process,
	// by the pool's average time a puzzle (see allowed): puzzles of
	// microseconds fill the pipeline, and a puzzle of a millisecond or
	// more is sent only once its process is free, so that slow puzzles
	// spread over the processes instead of queueing behind each other.
	queuedWork = time.Millisecond
)

// pool solves puzzles in worker processes: gophersat cannot run twice in
// one process, and killing a process is the only way to stop a gophersat
// solve that overruns its timeout. Each slot keeps one process busy; when
// a process dies the puzzles it held go back to the queue (the one it was
// on counts as a timeout when the watchdog killed it for one), and with a
// timeout a spare process stands ready to take over at once.
type pool struct {
	s        *sched
	newCmd   func() (*exec.Cmd, error)
	config   []byte
	timeout  time.Duration
	depth    int
	onBroken func(error) // called once when no slot has a process left
	// perPuzzle is the running average of the time a process takes a
	// puzzle, in nanoseconds; 0 until the first answer.
	perPuzzle atomic.Int64

	mu      sync.Mutex
	slots   []*slot
	procs   map[*process]bool // every process started and not yet reaped
	spare   *process
	closing bool
	// starting: newPool is still adding slots, so a count of broken
	// slots against them is not final yet.
	starting bool
	broken   int
	wg       sync.WaitGroup
}

// allowed is how many puzzles a slot may have sent and not yet answered:
// enough to keep queuedWork of solving in its process, at least one and
// at most the pool's depth. Until an answer has been timed it is one, so
// that the first puzzles of a batch go to different processes.
func (pl *pool) allowed() int {
	avg := time.Duration(pl.perPuzzle.Load())
	if avg <= 0 {
		return 1
	}
	return int(min(int64(pl.depth), max(1, int64(queuedWork/avg))))
}

// timed adds one puzzle's time in a process to the pool's average.
func (pl *pool) timed(d time.Duration) {
	d = max(d, 1)
	for {
		old := pl.perPuzzle.Load()
		avg := int64(d)
		if old > 0 {
			avg = old + (int64(d)-old)/8
		}
		if pl.perPuzzle.CompareAndSwap(old, avg) {
			return
		}
	}
}

// process is one worker process and the goroutine that reads its answers.
type process struct {
	cmd    *exec.Cmd
	pid    int
	stdin  io.WriteCloser
	stdout *bufio.Reader
	up     chan struct{} // closed once the process is ready or has failed
	err    error         // why it never became ready; set before up closes
	attach chan *slot    // the slot it serves, sent once
	quit   chan struct{} // closed when the pool shuts down
	exited atomic.Bool   // reaped: its pid may belong to another process now
}

// kill kills the process's group, unless it has been reaped.
func (p *process) kill() {
	if !p.exited.Load() {
		proc.KillGroup(p.pid)
	}
}

// failed reports whether the process ended before it was ready.
func (p *process) failed() bool {
	select {
	case <-p.up:
		return p.err != nil
	default:
		return false
	}
}

// slot is one place in the pool: the process serving it and the puzzles
// sent to that process and not yet answered, in order.
type slot struct {
	pl   *pool
	room signal // the sender may send again

	mu            sync.Mutex // never held while reading or writing a pipe
	p             *process
	inflight      []*item
	ready         bool      // p is ready: inflight[0]'s clock runs
	headStart     time.Time // when inflight[0] became p's current puzzle
	killedFor     int       // index of the puzzle p was killed for, or 0
	senderWaiting bool
}

// newPool starts n worker processes. It fails only when not one could be
// started; the rest become ready in the background.
func newPool(s *sched, n int, o Options, newCmd func() (*exec.Cmd, error), onBroken func(error)) (*pool, error) {
	cfg := workerproto.Config{Engine: o.Engine, Timeout: o.Timeout, FlushEach: o.Timeout > 0}
	line, err := workerproto.AppendConfig(nil, cfg)
	if err != nil {
		return nil, err
	}
	pl := &pool{s: s, newCmd: newCmd, config: line, timeout: o.Timeout, depth: depth, onBroken: onBroken, procs: map[*process]bool{}, starting: true}
	if o.Timeout > 0 {
		pl.depth = timedDepth
	}
	var firstErr error
	for i := 0; i < n; i++ {
		p, err := pl.start()
		if err != nil {
			firstErr = err
			continue
		}
		sl := &slot{pl: pl, room: newSignal(), p: p}
		pl.mu.Lock() // its process may die at once: died counts the slots
		pl.slots = append(pl.slots, sl)
		pl.mu.Unlock()
		p.attach <- sl
	}
	pl.mu.Lock()
	pl.starting = false
	slots, allBroken := len(pl.slots), len(pl.slots) > 0 && pl.broken == len(pl.slots)
	pl.mu.Unlock()
	if slots == 0 {
		return nil, firstErr
	}
	if allBroken { // every process died while the others started
		pl.shutdown(true)
		return nil, errors.New("every worker process ended at once")
	}
	if o.Timeout > 0 {
		pl.spare, _ = pl.start()
		pl.wg.Add(1)
		go pl.watch()
	}
	for _, sl := range pl.slots {
		pl.wg.Add(1)
		go sl.send()
	}
	return pl, nil
}

// start launches a worker process and the goroutine that reads from it.
func (pl *pool) start() (*process, error) {
	cmd, stdin, stdout, err := newWorkerCmd(pl.newCmd)
	if err != nil {
		return nil, err
	}
	pl.mu.Lock()
	defer pl.mu.Unlock()
	if pl.closing {
		return nil, errors.New("batch is over")
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting a worker process: %w", err)
	}
	p := &process{cmd: cmd, pid: cmd.Process.Pid, stdin: stdin, stdout: bufio.NewReaderSize(stdout, 64<<10),
		up: make(chan struct{}), attach: make(chan *slot, 1), quit: make(chan struct{})}
	pl.procs[p] = true
	stdin.Write(pl.config) // a few hundred bytes into an empty pipe: never blocks
	pl.wg.Add(1)
	go p.run(pl)
	return p, nil
}

// run waits for the process to say it is ready, then reads its answers
// for the slot it serves until it ends, and reaps it.
func (p *process) run(pl *pool) {
	defer pl.wg.Done()
	defer pl.reaped(p)
	timer := time.AfterFunc(readyTimeout, p.kill)
	line, err := p.stdout.ReadString('\n')
	timer.Stop()
	if err == nil && line != workerproto.Ready {
		err = fmt.Errorf("it said %q, not %q: does the program call batch.ServeWorkerIfChild first thing in main?", clip(line), workerproto.Ready)
	}
	if err != nil {
		p.kill()
		io.Copy(io.Discard, p.stdout)
		p.cmd.Wait()
		p.exited.Store(true)
		p.err = fmt.Errorf("worker process not ready (%s): %v", proc.Ended(p.cmd.ProcessState), err)
		close(p.up)
		select {
		case sl := <-p.attach:
			sl.died(p)
		case <-p.quit:
		}
		return
	}
	close(p.up)
	var sl *slot
	select {
	case sl = <-p.attach:
	case <-p.quit:
		p.kill()
		p.cmd.Wait()
		p.exited.Store(true)
		return
	}
	sl.started(p)
	var long []byte
	for {
		line, err := p.stdout.ReadSlice('\n')
		if err == bufio.ErrBufferFull { // a long answer: a big board with many clashes
			long = append(long[:0], line...)
			for err == bufio.ErrBufferFull {
				line, err = p.stdout.ReadSlice('\n')
				long = append(long, line...)
			}
			line = long
		}
		if err != nil {
			break
		}
		if !sl.answer(p, line) {
			p.kill() // out of step: its other answers cannot be trusted
		}
	}
	p.cmd.Wait()
	p.exited.Store(true)
	sl.died(p)
}

func clip(s string) string {
	if len(s) > 60 {
		return s[:60] + "…"
	}
	return s
}

func (pl *pool) reaped(p *process) {
	pl.mu.Lock()
	delete(pl.procs, p)
	pl.mu.Unlock()
}

// replacement returns a process for a slot whose process died: the spare
// if there is one (and a new spare behind it), else a new process.
func (pl *pool) replacement() (*process, error) {
	pl.mu.Lock()
	if pl.closing {
		pl.mu.Unlock()
		return nil, errors.New("batch is over")
	}
	p := pl.spare
	pl.spare = nil
	pl.mu.Unlock()
	if p == nil || p.failed() {
		return pl.start()
	}
	if spare, err := pl.start(); err == nil {
		pl.mu.Lock()
		pl.spare = spare
		pl.mu.Unlock()
	}
	return p, nil
}

// started is called once p is ready and serves sl.
func (sl *slot) started(p *process) {
	sl.mu.Lock()
	if sl.p == p {
		sl.ready, sl.headStart = true, time.Now()
	}
	sl.mu.Unlock()
}

// answer matches one answer of p to the puzzle at the head of the slot's
// queue and hands it on. It reports false when the answer does not fit.
func (sl *slot) answer(p *process, line []byte) bool {
	sl.mu.Lock()
	if sl.p != p || len(sl.inflight) == 0 {
		sl.mu.Unlock()
		return false
	}
	it := sl.inflight[0]
	sl.inflight = sl.inflight[1:]
	now := time.Now()
	if sl.ready {
		sl.pl.timed(now.Sub(sl.headStart))
	}
	sl.headStart = now
	if sl.senderWaiting && len(sl.inflight) <= sl.pl.allowed()/2 {
		sl.senderWaiting = false
		sl.room.notify()
	}
	sl.mu.Unlock()
	rules := 0
	if it.Variant != nil {
		rules = len(it.Variant.Rules)
	}
	seq, res, err := workerproto.ParseResponse(line, it.Puzzle.Board.Shape, rules)
	ok := err == nil && seq == it.Index
	switch {
	case err != nil:
		res = engine.Result{Status: engine.Failed, Err: fmt.Errorf("%w: garbled answer: %v", ErrWorker, err)}
	case seq != it.Index:
		res = engine.Result{Status: engine.Failed, Err: fmt.Errorf("%w: answer for puzzle %d instead of %d", ErrWorker, seq, it.Index)}
	}
	it.Result.Result = res
	sl.pl.s.finish(it)
	return ok
}

// died handles the end of p: the puzzle it was on is a timeout if the
// watchdog killed it for that one, is tried again elsewhere if it is the
// first process to die on it, and fails if it is the second; the other
// puzzles go back to the queue, and the slot gets a new process.
func (sl *slot) died(p *process) {
	pl := sl.pl
	sl.mu.Lock()
	if sl.p != p {
		sl.mu.Unlock()
		return
	}
	items, killedFor := sl.inflight, sl.killedFor
	sl.inflight, sl.killedFor, sl.ready = nil, 0, false
	var next *process
	var err error
	switch {
	case pl.s.ctx.Err() != nil:
		err = pl.s.ctx.Err()
	case p.err != nil: // it never worked: starting another would fail the same way
		err = p.err
	default:
		next, err = pl.replacement()
	}
	sl.p = next
	sl.room.notify()
	sl.mu.Unlock()
	if next != nil {
		next.attach <- sl
	}
	if len(items) > 0 {
		head := items[0]
		if head.Index == killedFor {
			head.Result.Result = engine.Result{Status: engine.Timeout, Err: timeoutError(pl.timeout)}
			items = items[1:]
			pl.s.finish(head)
		} else if p.err == nil {
			if head.deaths++; head.deaths >= 2 {
				head.Result.Result = engine.Result{Status: engine.Failed,
					Err: fmt.Errorf("%w: a worker process died twice while solving this puzzle, the second time %s", ErrWorker, proc.Ended(p.cmd.ProcessState))}
				items = items[1:]
				pl.s.finish(head)
			}
		}
		pl.s.requeue(items)
	}
	if next == nil {
		pl.mu.Lock()
		pl.broken++
		all := pl.broken == len(pl.slots) && !pl.closing && !pl.starting
		pl.mu.Unlock()
		if all && pl.onBroken != nil {
			pl.onBroken(fmt.Errorf("%w: no worker process left: %v", ErrNoWorkers, err))
		}
	}
}

// send feeds the slot's process: it takes puzzles waiting in the batch,
// up to the pipeline depth, writes their requests and flushes whenever it
// would otherwise wait. It holds no lock while writing, so that a process
// that does not read (busy past its timeout) never blocks the watchdog.
func (sl *slot) send() {
	pl := sl.pl
	defer pl.wg.Done()
	var w *bufio.Writer
	var wp *process
	var buf []byte
	for {
		sl.mu.Lock()
		for sl.p != nil && len(sl.inflight) >= pl.allowed() && pl.s.ctx.Err() == nil {
			sl.senderWaiting = true
			sl.mu.Unlock()
			select {
			case <-sl.room:
			case <-pl.s.ctx.Done():
			}
			sl.mu.Lock()
		}
		p, room := sl.p, max(1, pl.allowed()-len(sl.inflight)) // allowed may have shrunk since
		sl.mu.Unlock()
		if p == nil || pl.s.ctx.Err() != nil {
			return
		}
		if p != wp {
			wp, w = p, bufio.NewWriterSize(p.stdin, 64<<10)
			select { // leave the first puzzles to the batch's own solver, if any, until p is up
			case <-p.up:
			case <-pl.s.ctx.Done():
				return
			}
			if p.err != nil { // wait for died to give the slot a new process, or none
				sl.mu.Lock()
				for sl.p == p && pl.s.ctx.Err() == nil {
					sl.mu.Unlock()
					select {
					case <-sl.room:
					case <-pl.s.ctx.Done():
					}
					sl.mu.Lock()
				}
				sl.mu.Unlock()
				continue
			}
		}
		items := pl.s.tryTake(room)
		if items == nil {
			w.Flush()
			var ok bool
			if items, ok = pl.s.take(room); !ok {
				return
			}
		}
		sl.mu.Lock()
		if sl.p != p { // p died meanwhile: these go to its successor
			sl.mu.Unlock()
			pl.s.requeue(items)
			continue
		}
		buf = buf[:0]
		var invalid []*item
		for _, it := range items {
			if it.Puzzle == nil {
				invalid = append(invalid, it)
				continue
			}
			if it.Variant != nil {
				more, err := workerproto.AppendVariantRequest(buf, it.Index, it.Variant)
				if err != nil { // a rule no engine knows: the engine's answer
					it.Result.Result = engine.Result{Status: engine.Invalid, Err: err}
					invalid = append(invalid, it)
					continue
				}
				buf = more
			} else {
				buf = workerproto.AppendRequest(buf, it.Index, it.Puzzle.Board)
			}
			if len(sl.inflight) == 0 {
				sl.headStart = time.Now()
			}
			sl.inflight = append(sl.inflight, it)
		}
		full := len(sl.inflight) >= pl.allowed()
		sl.mu.Unlock()
		for _, it := range invalid {
			pl.s.finish(it)
		}
		// A process that died makes these fail; its reader hands the
		// puzzles on.
		w.Write(buf)
		if full || pl.timeout > 0 {
			w.Flush()
		}
	}
}

// watch kills a worker process whose current puzzle has run past the
// timeout (and the grace after it).
func (pl *pool) watch() {
	defer pl.wg.Done()
	limit := pl.timeout + killGrace
	t := time.NewTicker(min(max(limit/4, 5*time.Millisecond), 100*time.Millisecond))
	defer t.Stop()
	for {
		select {
		case <-t.C:
		case <-pl.s.ctx.Done():
			return
		}
		now := time.Now()
		for _, sl := range pl.slots {
			sl.mu.Lock()
			var victim *process
			if sl.p != nil && sl.ready && len(sl.inflight) > 0 && sl.killedFor == 0 && now.Sub(sl.headStart) > limit {
				sl.killedFor, victim = sl.inflight[0].Index, sl.p
			}
			sl.mu.Unlock()
			if victim != nil {
				victim.kill()
			}
		}
	}
}

// shutdown ends every worker process, at once when kill is set, otherwise
// by closing its input (it has answered everything) and killing it only if
// it lingers, and waits until each has been reaped.
func (pl *pool) shutdown(kill bool) {
	pl.mu.Lock()
	pl.closing = true
	procs := make([]*process, 0, len(pl.procs))
	for p := range pl.procs {
		procs = append(procs, p)
	}
	pl.mu.Unlock()
	for _, p := range procs {
		close(p.quit)
		if kill {
			p.kill()
		} else {
			p.stdin.Close()
		}
	}
	if !kill {
		done := make(chan struct{})
		go func() { pl.wg.Wait(); close(done) }()
		select {
		case <-done:
			return
		case <-time.After(2 * time.Second):
		}
		for _, p := range procs {
			p.kill()
		}
	}
	pl.wg.Wait()
}

// newWorkerCmd makes a worker command with newCmd and readies it to start:
// its own process group (proc.Prepare), the environment that marks it a
// worker of this protocol, stderr shared with this process unless set, and
// pipes to its standard input and output.
func newWorkerCmd(newCmd func() (*exec.Cmd, error)) (*exec.Cmd, io.WriteCloser, io.ReadCloser, error) {
	cmd, err := newCmd()
	if err != nil {
		return nil, nil, nil, err
	}
	proc.Prepare(cmd)
	if cmd.Env == nil {
		cmd.Env = os.Environ()
	}
	cmd.Env = append(cmd.Env, workerEnv+"="+workerproto.Protocol)
	if cmd.Stderr == nil {
		cmd.Stderr = os.Stderr
	}
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, nil, nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, nil, nil, err
	}
	return cmd, stdin, stdout, nil
}
