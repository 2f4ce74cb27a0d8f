package batch

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime/debug"
	"sync/atomic"
	"time"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/engine"
	"github.com/satdoku/satdoku/internal/proc"
	"github.com/satdoku/satdoku/internal/workerproto"
	"github.com/satdoku/satdoku/solver"
)

// workerEnv marks a process started by a batch as a worker; its value is
// the protocol's name and version (workerproto.Protocol), so that a stray
// variable of the same name does not make a program wait for requests.
const workerEnv = "SATDOKU_BATCH_WORKER"

// selfServes records that this program called ServeWorkerIfChild, so that
// it can be started again as a worker: the one piece of process-wide
// state, set once at start-up.
var selfServes atomic.Bool

// ServeWorkerIfChild lets batches run worker processes. Call it first
// thing in main (and in TestMain, for tests that run batches):
//
//	func main() {
//		batch.ServeWorkerIfChild()
//		...
//	}
//
// In a process that a batch started as a worker (this same program, run
// again with an environment variable set), it serves puzzles on standard
// input and output and exits when its input ends; it never returns there.
// In any other process it returns at once, and from then on batches may
// start this program's executable as their worker processes. A program
// that does not call it still runs batches, in its own process (see
// Options.Workers).
func ServeWorkerIfChild() {
	if os.Getenv(workerEnv) != workerproto.Protocol {
		selfServes.Store(true)
		return
	}
	os.Unsetenv(workerEnv) // not for the solvers it may start
	// Pdeathsig stops it with its parent on Linux; elsewhere it checks.
	proc.ExitWithParent(1, time.Second)
	if err := serveWorker(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintf(os.Stderr, "satdoku worker: %v\n", err)
		os.Exit(1)
	}
	os.Exit(0)
}

// selfCommand is the default worker command: this executable, with the
// arguments it was started with, so that main takes the same way to its
// ServeWorkerIfChild call.
func selfCommand() (*exec.Cmd, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(exe, os.Args[1:]...)
	cmd.Args[0] = os.Args[0]
	return cmd, nil
}

// memoryLimit is the soft heap limit of a solving process (a worker, or
// the command line's own): with the collector's target raised for speed
// (solver.TuneGC), it keeps a long batch well inside 64 MiB of resident
// memory.
const memoryLimit = 40 << 20

// TuneGC sets up the collector of a process that solves many puzzles (a
// worker process, or a command that solves in its own): solver.TuneGC's
// target, and a soft memory limit of 40 MiB, unless the user chose with
// GOGC or GOMEMLIMIT. Call it once, before solving.
func TuneGC() {
	solver.TuneGC()
	if _, ok := os.LookupEnv("GOMEMLIMIT"); !ok {
		debug.SetMemoryLimit(memoryLimit)
	}
}

// TuneGCShort sets up the collector of a short run, a command that
// answers one request (hint): solver.GCPercent's target from the start,
// since such a run ends before the default target's collections could
// pay (they are a few percent of a hint's CPU), under the same soft
// memory limit as TuneGC, unless the user chose with GOGC or GOMEMLIMIT.
func TuneGCShort() {
	if _, ok := os.LookupEnv("GOGC"); !ok {
		debug.SetGCPercent(solver.GCPercent)
	}
	if _, ok := os.LookupEnv("GOMEMLIMIT"); !ok {
		debug.SetMemoryLimit(memoryLimit)
	}
}

// serveWorker reads the config line, then answers requests until its
// input ends. Answers go out whenever no further request is waiting, so
// that requests sent in a burst are answered in a burst, or one by one
// when the parent times each puzzle.
func serveWorker(in io.Reader, out io.Writer) error {
	r := bufio.NewReaderSize(in, 64<<10)
	w := bufio.NewWriterSize(out, 64<<10)
	line, err := r.ReadSlice('\n')
	if err != nil {
		return fmt.Errorf("reading the config: %w", err)
	}
	cfg, err := workerproto.ParseConfig(line)
	if err != nil {
		return err
	}
	eng, err := engine.New(cfg.Engine)
	if err != nil {
		return err
	}
	TuneGC()
	if cfg.FlushEach && cfg.Engine.Kind != engine.External {
		// Timed puzzles: pay the first solve's start-up costs (heap
		// growth, page faults) before saying ready. A solve, not the
		// candidates of an empty board, which take many solves.
		warm := cfg.Engine
		warm.Candidates, warm.Limit, warm.Explain = false, 0, false
		if e, err := engine.New(warm); err == nil {
			e.Solve(context.Background(), board.New(board.Classic))
		}
	}
	if _, err := io.WriteString(out, workerproto.Ready); err != nil {
		return err
	}
	ctx := context.Background()
	var buf []byte
	it := &item{}
	for {
		line, err := r.ReadSlice('\n')
		if err == io.EOF && len(line) == 0 {
			return w.Flush()
		}
		if err != nil && err != io.EOF {
			return err
		}
		seq, b, v, err := workerproto.ParseRequest(line)
		if err != nil {
			return fmt.Errorf("bad request %q: %w", clip(string(line)), err)
		}
		it.Puzzle, it.Variant = &board.Puzzle{Board: b}, v
		solveWithin(ctx, eng, it, cfg.Timeout)
		buf = workerproto.AppendResponse(buf[:0], seq, &it.Result.Result)
		if _, err := w.Write(buf); err != nil {
			return err
		}
		if cfg.FlushEach || r.Buffered() == 0 {
			if err := w.Flush(); err != nil {
				return err
			}
		}
	}
}
