package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/engine"
	"github.com/urfave/cli/v2"
)

// Flags shared by several commands.
var (
	boxFlag      = &cli.StringFlag{Name: "box", Usage: "box shape `RxC` (R rows by C columns) for rectangular boxes, e.g. 2x3 for 6x6; square sizes are inferred"}
	alphabetFlag = &cli.StringFlag{Name: "alphabet", Usage: "symbols of the line and compact formats: default (1-9 then A-Z), hex (0-F for 16x16), letters (A=1)", Value: "default"}
	encodingFlag = &cli.StringFlag{Name: "encoding", Usage: "CNF encoding: minimal, efficient, extended or reduced", Value: "extended"}
	amoFlag      = &cli.StringFlag{Name: "amo", Usage: "at-most-one encoding: auto, pairwise, sequential, commander or product", Value: "auto"}
)

func solveFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "engine", Aliases: []string{"e"}, Value: "sat", Usage: "`ENGINE`: sat (gophersat), backtrack (native), both (compared), external (--sat-cmd)"},
		&cli.StringFlag{Name: "sat-cmd", Usage: "external DIMACS solver `COMMAND` for --engine external, e.g. 'kissat -q' or 'minisat {in} {out}'"},
		encodingFlag, amoFlag,
		&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "output `FORMAT`: grid, compact, line, json (JSON Lines) or pretty; default: the input's format"},
		alphabetFlag, boxFlag,
		&cli.IntFlag{Name: "count", Usage: "count solutions up to `K` (K >= 1)"},
		&cli.BoolFlag{Name: "unique", Usage: "check uniqueness (count to 2): the verdict is unique or multiple"},
		&cli.BoolFlag{Name: "show-second", Usage: "for a puzzle with several solutions, print a second one and the cells where they differ"},
		&cli.BoolFlag{Name: "explain", Usage: "for a puzzle with no solution, say why: clashing givens or a minimal set of givens with no completion"},
		&cli.BoolFlag{Name: "summary", Usage: "print a summary of the batch on stderr"},
		&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "no progress bar and no notes on stderr (errors are still printed)"},
		&cli.IntFlag{Name: "workers", Aliases: []string{"j"}, Value: runtime.NumCPU(), Usage: "solve with `N` worker processes (1: in this process)"},
		&cli.DurationFlag{Name: "timeout", Usage: "give up on a puzzle after `DURATION` (e.g. 2s), reported as timeout"},
		&cli.BoolFlag{Name: "ascii", Usage: "pretty output with ASCII borders instead of box-drawing characters"},
		&cli.StringFlag{Name: "color", Value: "auto", Usage: "colour givens in pretty output: auto (terminal, unless NO_COLOR is set), always, never"},
	}
}

func solveCommand(s *streams) *cli.Command {
	return &cli.Command{
		Name:      "solve",
		Usage:     "solve the puzzles in the files (or standard input), printing each solution in input order",
		ArgsUsage: "[FILE|-]...",
		Description: `Reads puzzles in any supported format, one or many per file, and prints one
result per puzzle, in input order: its solution, "no solution", "invalid"
(the error goes to stderr) or "timeout". Input formats are detected per
puzzle: grid (N lines of N numbers, 0 blank), compact (N lines of N symbols,
as in Project Euler 96 or .sdk files, box separators | - + ignored) and line
(N*N symbols on one line, . or 0 blank). Lines starting with # are comments.

Examples:
   satdoku solve puzzle.txt                 # the classic 9x9 exchange
   satdoku solve -o json --unique set.txt   # JSON Lines with a uniqueness verdict
   satdoku solve --engine both set.txt      # cross-check SAT against the backtracker
   satdoku solve --box 2x3 six.txt          # 6x6 with 2x3 boxes
   satdoku solve -o pretty giant16.txt      # 16x16: a line of 256 symbols 1-9A-G ('.' blank)
   satdoku solve --alphabet letters -       # 16x16 written with A-P
   satdoku solve --explain bad.txt          # why a puzzle has no solution
   satdoku solve --engine external --sat-cmd 'cadical -q' puzzle.txt

` + exitCodesHelp,
		Flags:  solveFlags(),
		Action: func(c *cli.Context) error { return runSolve(c, s) },
	}
}

// solveConfig is the parsed command line of solve.
type solveConfig struct {
	engine     engine.Options
	output     string
	input      input
	workers    int
	timeout    time.Duration
	summary    bool
	quiet      bool
	showSecond bool
	unique     bool
	pretty     board.PrettyOptions
}

func parseSolveConfig(c *cli.Context, s *streams) (*solveConfig, error) {
	cfg := &solveConfig{
		summary: c.Bool("summary"), quiet: c.Bool("quiet"), showSecond: c.Bool("show-second"),
		unique: c.Bool("unique"), workers: c.Int("workers"), timeout: c.Duration("timeout"),
	}
	kind, err := engine.ParseKind(c.String("engine"))
	if err != nil {
		return nil, usagef("--engine: %v", err)
	}
	cfg.engine.Kind = kind
	if cmd := c.String("sat-cmd"); cmd != "" {
		if cfg.engine.SatCmd, err = splitCommand(cmd); err != nil {
			return nil, usagef("--sat-cmd: %v", err)
		}
		if !c.IsSet("engine") {
			cfg.engine.Kind = engine.External
		}
	}
	if cfg.engine.Kind == engine.External && len(cfg.engine.SatCmd) == 0 {
		return nil, usagef("--engine external needs --sat-cmd, e.g. --sat-cmd 'cadical -q'")
	}
	if cfg.engine.Encoding, err = encodeOptions(c); err != nil {
		return nil, err
	}
	switch k := c.Int("count"); {
	case c.IsSet("count") && k < 1:
		return nil, usagef("--count must be at least 1, not %d", k)
	case cfg.unique && c.IsSet("count"):
		return nil, usagef("--unique is --count 2: give one of them")
	case cfg.unique:
		cfg.engine.Limit = 2
	default:
		cfg.engine.Limit = k
	}
	if cfg.showSecond && cfg.engine.Limit < 2 {
		cfg.engine.Limit = 2
	}
	cfg.engine.Explain = c.Bool("explain")
	switch o := c.String("output"); o {
	case "", "grid", "compact", "line", "json", "pretty":
		cfg.output = o
	default:
		return nil, usagef("--output %q: want grid, compact, line, json or pretty", o)
	}
	if cfg.input, err = parseInput(c); err != nil {
		return nil, err
	}
	if cfg.workers < 1 {
		return nil, usagef("--workers must be at least 1, not %d", cfg.workers)
	}
	if cfg.timeout < 0 {
		return nil, usagef("--timeout must not be negative")
	}
	cfg.pretty.ASCII = c.Bool("ascii")
	switch col := c.String("color"); col {
	case "always":
		cfg.pretty.Color = true
	case "never":
	case "auto":
		cfg.pretty.Color = os.Getenv("NO_COLOR") == "" && isTerminal(s.stdout)
	default:
		return nil, usagef("--color %q: want auto, always or never", col)
	}
	return cfg, nil
}

func encodeOptions(c *cli.Context) (encode.Options, error) {
	var o encode.Options
	var err error
	if o.Encoding, err = encode.ParseEncoding(c.String("encoding")); err != nil {
		return o, usagef("--encoding: %v", err)
	}
	if a := c.String("amo"); a != "auto" {
		if o.AMO, err = encode.ParseAMO(a); err != nil {
			return o, usagef("--amo: %v", err)
		}
	}
	return o, nil
}

// input says how to read puzzles: the --box and --alphabet flags.
type input struct {
	shape    board.Shape     // zero: square shapes inferred
	alphabet *board.Alphabet // nil: the default alphabet
}

func parseInput(c *cli.Context) (input, error) {
	var in input
	if name := c.String("alphabet"); name != "" && name != "default" {
		a, err := board.AlphabetByName(name)
		if err != nil {
			return in, usagef("--alphabet: %v", err)
		}
		in.alphabet = &a
	}
	box := c.String("box")
	if box == "" {
		return in, nil
	}
	r, col, ok := strings.Cut(strings.ToLower(box), "x")
	rows, err1 := strconv.Atoi(r)
	cols, err2 := strconv.Atoi(col)
	if !ok || err1 != nil || err2 != nil {
		return in, usagef("--box %q: want RxC, e.g. 2x3", box)
	}
	s, err := board.NewShape(rows, cols)
	if err != nil {
		return in, usagef("--box %q: %v", box, err)
	}
	in.shape = s
	return in, nil
}

// reader returns a puzzle reader for r, naming it in errors.
func (in input) reader(r io.Reader, name string) *board.Reader {
	rd := board.NewReader(r)
	rd.Name, rd.Shape, rd.Alphabet = displayName(name), in.shape, in.alphabet
	return rd
}

// isTerminal reports whether w is a character device (a terminal).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// item is one puzzle of a batch on its way through: read, solved, written.
type item struct {
	seq    int // 1-based position in the batch
	name   string
	puzzle *board.Puzzle // nil when the text could not be read
	err    error         // the read error, when puzzle is nil
	res    engine.Result
}

func runSolve(c *cli.Context, s *streams) error {
	cfg, err := parseSolveConfig(c, s)
	if err != nil {
		return err
	}
	tuneGC()
	ctx, stop := context.WithCancelCause(c.Context)
	defer stop(nil)
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGINT, syscall.SIGTERM)
	defer signal.Stop(sigs)
	// A closed stdout pipe makes writes fail with EPIPE, reported below,
	// instead of killing the process silently with SIGPIPE.
	pipe := make(chan os.Signal, 1)
	signal.Notify(pipe, syscall.SIGPIPE)
	defer signal.Stop(pipe)
	go func() {
		select {
		case sig := <-sigs:
			stop(&interruptError{sig})
		case <-ctx.Done():
		}
	}()

	out := newResultWriter(s.stdout, s.stderr, cfg)
	progress := newProgress(s.stderr, cfg.quiet)
	solver, err := newBatchSolver(cfg)
	if err != nil {
		return err
	}
	start := time.Now()
	runErr := runBatch(ctx, s, c.Args().Slice(), cfg, solver, out, progress)
	progress.finish()
	flushErr := out.flush()
	elapsed := time.Since(start)

	var ie *interruptError
	if errors.As(context.Cause(ctx), &ie) {
		fmt.Fprintf(s.stderr, "satdoku: interrupted by %v: %d puzzles done, the rest were not solved\n", ie.sig, out.tally.read)
		return silentExit(ie.code())
	}
	if runErr != nil {
		return runErr
	}
	if flushErr != nil {
		return exitf(ExitError, "writing output: %v", flushErr)
	}
	for _, name := range out.emptyInputs {
		fmt.Fprintf(s.stderr, "satdoku: no puzzle in %s\n", name)
	}
	if out.tally.read == 0 {
		return silentExit(ExitInvalid)
	}
	if cfg.summary || out.json {
		out.summary(s.stderr, elapsed, cfg.summary)
	}
	code := out.tally.exitCode()
	if len(out.emptyInputs) > 0 {
		code = max(code, ExitInvalid)
	}
	return silentExitIf(code)
}

func silentExitIf(code int) error {
	if code == 0 {
		return nil
	}
	return silentExit(code)
}

// interruptError is the cancellation cause when a signal stops the run.
type interruptError struct{ sig os.Signal }

func (e *interruptError) Error() string { return "interrupted by " + e.sig.String() }

func (e *interruptError) code() int {
	if e.sig == syscall.SIGTERM {
		return 128 + int(syscall.SIGTERM)
	}
	return ExitInterrupt
}

// batchSolver solves the items of a batch, handing each back through done
// in input order.
type batchSolver interface {
	// submit queues an item; it may block while the solver is busy.
	submit(ctx context.Context, it *item) error
	// results delivers solved items, in submission order.
	results() <-chan *item
	// close says no more items will be submitted; results closes when the
	// last one is out.
	close()
}

// runBatch reads every input, streams the puzzles through the solver and
// writes the results in input order. Reading runs in its own goroutine so
// that a signal stops the run even while the input blocks; the results
// computed by then are written.
func runBatch(ctx context.Context, s *streams, names []string, cfg *solveConfig, solver batchSolver, out *resultWriter, progress *progress) error {
	readErr := make(chan error, 1)
	go func() {
		seq := 0
		err := s.forEachInput(names, func(name string, r io.Reader) error {
			first := seq
			defer func() {
				if seq == first && ctx.Err() == nil {
					out.emptyInputs = append(out.emptyInputs, displayName(name))
				}
			}()
			progress.start(name, r)
			rd := cfg.input.reader(progress.wrap(r), name)
			for ctx.Err() == nil {
				p, err := rd.Read()
				if err == io.EOF {
					return nil
				}
				var pe *board.ParseError
				if err != nil && !errors.As(err, &pe) {
					return exitf(ExitError, "reading %s: %v", displayName(name), err)
				}
				seq++
				if solver.submit(ctx, &item{seq: seq, name: name, puzzle: p, err: err}) != nil {
					return nil // stopped by a signal
				}
			}
			return nil
		})
		solver.close()
		readErr <- err
	}()
	results := solver.results()
	write := func(it *item) error {
		progress.done()
		err := out.write(it)
		if err == nil && len(results) == 0 {
			err = out.flush() // nothing else ready: let an interactive caller see this answer
		}
		if err != nil {
			return exitf(ExitError, "writing output: %v", err)
		}
		return nil
	}
	for {
		select {
		case it, ok := <-results:
			if !ok {
				return <-readErr
			}
			if err := write(it); err != nil {
				return err
			}
		case <-ctx.Done():
			for { // write what is ready, then stop
				select {
				case it, ok := <-results:
					if !ok {
						return nil
					}
					if err := write(it); err != nil {
						return err
					}
				case <-time.After(50 * time.Millisecond):
					return nil
				}
			}
		}
	}
}

// localFirst is how many puzzles a batch solves in its own process before
// it starts worker processes: a handful of puzzles is done before the
// workers would have started.
const localFirst = 16

// newBatchSolver returns the solver for a batch: in this process with one
// worker; goroutines for the backtracker; worker processes from the start
// with a timeout (the only way to stop gophersat); and otherwise in this
// process for the first few puzzles, then worker processes.
func newBatchSolver(cfg *solveConfig) (batchSolver, error) {
	local, err := newInProcess(cfg)
	if err != nil {
		return nil, usagef("%v", err)
	}
	switch {
	case cfg.workers == 1 && cfg.timeout == 0:
		return local, nil
	case cfg.engine.Kind == engine.Backtrack:
		p, err := newGoPool(cfg)
		if err != nil {
			return nil, usagef("%v", err)
		}
		return p, nil
	case cfg.timeout > 0:
		p, err := newPool(cfg)
		if err != nil {
			return nil, exitf(ExitError, "starting workers: %v", err)
		}
		return p, nil
	}
	return &hybrid{cfg: cfg, local: local, out: make(chan *item, 64)}, nil
}

// hybrid solves the first localFirst puzzles in process, then hands the
// rest to a pool of worker processes, keeping input order.
type hybrid struct {
	cfg   *solveConfig
	local *inProcess
	pool  *pool
	n     int
	out   chan *item
}

func (h *hybrid) submit(ctx context.Context, it *item) error {
	if h.pool == nil && h.n < localFirst {
		h.n++
		if err := h.local.submit(ctx, it); err != nil {
			return err
		}
		select {
		case h.out <- <-h.local.out:
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	if h.pool == nil {
		p, err := newPool(h.cfg)
		if err != nil { // no workers: carry on in this process
			h.n = -1 << 62
			return h.submit(ctx, it)
		}
		h.pool = p
		go func() {
			for it := range p.results() {
				h.out <- it
			}
			close(h.out)
		}()
	}
	return h.pool.submit(ctx, it)
}

func (h *hybrid) results() <-chan *item { return h.out }

func (h *hybrid) close() {
	if h.pool != nil {
		h.pool.close()
		return
	}
	close(h.out)
}

// inProcess solves in the calling goroutine's process, one puzzle at a time.
type inProcess struct {
	eng     *engine.Engine
	timeout time.Duration
	out     chan *item
}

func newInProcess(cfg *solveConfig) (*inProcess, error) {
	eng, err := engine.New(cfg.engine)
	if err != nil {
		return nil, err
	}
	return &inProcess{eng: eng, timeout: cfg.timeout, out: make(chan *item, 64)}, nil
}

func (p *inProcess) submit(ctx context.Context, it *item) error {
	if it.puzzle != nil {
		solveCtx := ctx
		if p.timeout > 0 {
			var cancel context.CancelFunc
			solveCtx, cancel = context.WithTimeout(ctx, p.timeout)
			defer cancel()
		}
		it.res = p.eng.Solve(solveCtx, it.puzzle.Board)
		if ctx.Err() != nil && it.res.Status == engine.Timeout {
			return ctx.Err() // interrupted, not timed out: leave it unsolved
		}
	}
	select {
	case p.out <- it:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (p *inProcess) results() <-chan *item { return p.out }
func (p *inProcess) close()                { close(p.out) }
