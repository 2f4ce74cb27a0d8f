package app

import (
	"bufio"
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

	"github.com/mattn/go-shellwords"
	"github.com/satdoku/satdoku/batch"
	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/engine"
	"github.com/satdoku/satdoku/fpuzzles"
	inputpkg "github.com/satdoku/satdoku/input"
	"github.com/urfave/cli/v2"
	"golang.org/x/term"
)

// Flags shared by several commands: made anew for each App, since
// urfave/cli records in a flag whether it was set.
func boxFlag() cli.Flag {
	return &cli.StringFlag{Name: "box", Usage: "box shape `RxC` (R rows by C columns) for rectangular boxes, e.g. 2x3 for 6x6; square sizes are inferred"}
}

func alphabetFlag() cli.Flag {
	return &cli.StringFlag{Name: "alphabet", Usage: "`ALPHABET` of the line and compact formats: default (1-9 then A-Z; a puzzle of letters and blanks only that it cannot read is read in letters), hex (0-F for 16x16), letters (A=1)", Value: "default"}
}

// encodingFlag and amoFlag are --encoding and --amo; see, if not empty,
// says where they are explained.
func encodingFlag(see string) cli.Flag {
	return &cli.StringFlag{Name: "encoding", Usage: "CNF `ENCODING`: minimal, efficient, extended or reduced" + see, Value: "extended"}
}

func amoFlag(see string) cli.Flag {
	return &cli.StringFlag{Name: "amo", Usage: "at-most-one encoding `AMO`: auto (pairwise up to 16x16, commander above), pairwise, sequential, commander or product" + see, Value: "auto"}
}

// seeEncode points from solve's help to encode's, which explains the
// encodings.
const seeEncode = " (explained in 'satdoku help encode --long')"

func solveFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "engine", Aliases: []string{"e"}, Value: engine.Portfolio.String(), Usage: "solving `ENGINE`: portfolio (sat and backtrack raced, the first verified answer wins), sat (gophersat), backtrack (native), both (compared), external (--sat-cmd)"},
		&cli.StringFlag{Name: "sat-cmd", Usage: "external DIMACS solver `COMMAND` for --engine external, split into words as a shell would (quotes and backslashes, no expansion), e.g. 'kissat -q' or 'minisat {in} {out}'"},
		encodingFlag(seeEncode), amoFlag(seeEncode),
		&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "output `FORMAT`: grid, compact, line, json (JSON Lines), pretty, fpuzzles (f-puzzles JSON with the solution, one a line), fpuzzles-url (its link), or a picture: svg, png (one per puzzle: see --out); default: the input's format"},
		&cli.IntFlag{Name: "offset", Usage: "number puzzles and lines as if `N` lines, a puzzle each, came before the input: for one part of a file of one puzzle per line split among processes or hosts (e.g. by GNU parallel: see docs/engines.md)", DefaultText: "none"},
		&cli.StringFlag{Name: "out", Usage: "with -o svg or png, write one picture per puzzle into `DIR`, numbered in input order (000001.svg, …), and list them on stdout; needed for several puzzles"},
		alphabetFlag(), boxFlag(),
		&cli.IntFlag{Name: "count", Usage: "count the solutions, stopping at `K` (at least 1)", DefaultText: "no count, the first solution only"},
		&cli.BoolFlag{Name: "unique", Usage: "check uniqueness (count to 2): the verdict is unique or multiple"},
		&cli.BoolFlag{Name: "show-second", Usage: "for a puzzle with several solutions, print a second one and the cells where they differ"},
		&cli.BoolFlag{Name: "explain", Usage: "for a puzzle with no solution, say why: clashing givens or a minimal set of givens (and variant rules) with no completion"},
		&cli.BoolFlag{Name: "candidates", Usage: "print the true candidates of each cell (the digits it holds in at least one solution) instead of the solution"},
		rulesFlag(), regionsFlag(),
		&cli.BoolFlag{Name: "steps", Usage: "print the logical path after each solution, one numbered step a line, its sub-steps indented under it (with -o json: \"steps\")"},
		&cli.BoolFlag{Name: "rate", Usage: "print each puzzle's difficulty instead of its solution: SE's ER/EP/ED, HoDoKu's score and level, the hardest step (with -o json: \"rating\")"},
		&cli.BoolFlag{Name: "allow-trial", Usage: "with --steps or --rate, go on by trial (bifurcation, ER 20.0) where no technique applies"},
		&cli.BoolFlag{Name: "no-uniqueness", Usage: "with --steps or --rate, never use the techniques that assume one solution (unique rectangles, BUG)"},
		&cli.BoolFlag{Name: "summary", Usage: "print a summary of the batch on stderr"},
		&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "no progress bar and no notes on stderr (errors are still printed)"},
		&cli.IntFlag{Name: "workers", Aliases: []string{"j"}, Value: runtime.NumCPU(), Usage: fmt.Sprintf("solve `N` puzzles at once, in worker processes for SAT (1: all in this process; at most %d, 4 per CPU)", batch.MaxWorkers())},
		&cli.DurationFlag{Name: "timeout", Usage: "give up on a puzzle after `DURATION` (e.g. 2s, 500ms, 1m), reported as timeout", DefaultText: "0, no limit"},
		&cli.BoolFlag{Name: "ascii", Usage: "pretty output with ASCII borders instead of box-drawing characters"},
		&cli.StringFlag{Name: "color", Value: "auto", Usage: "`WHEN` to colour the givens in pretty output: auto (on a terminal, unless NO_COLOR is set), always, never"},
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
as in Project Euler 96 or .sdk files, box separators | - + ignored; in
SadMan's .sdk the [Puzzle] section, its [State] and other sections skipped) and line
(N*N symbols on one line, . or 0 blank; or one field of a CSV or rated line,
such as Kaggle's 'puzzle,solution' under a header line, which is skipped;
or an attribute or text of a line of XML, as OpenSudoku's <game data="..."/>,
other tags skipped).
Boards written as arrays read as their numbers (LeetCode's [["5","3",...]],
in a *.json file too); a *.json file holding an array of puzzles (objects
such as {"puzzle": "0700...", "solution": ...}, line puzzles, links) is
read element by element. A # at the start of a line, or after a space, starts
a comment. Inputs may be gzip-compressed, UTF-16 or start with a byte order
mark; a zip archive given by name is read file by file.
A file that cannot be opened or read is reported and the others are still
solved (exit 1). An argument that names no file but is a puzzle written out
(a line puzzle, an f-puzzles or SudokuPad link, a killer string, an
Interactive Sudoku Solver string or link) is solved as that puzzle, named
"argument N" in messages.

Variant puzzles: an input that is f-puzzles JSON (a *.json file, or text
starting with '{'), or f-puzzles or SudokuPad links or their compressed
'?load=' text, one a line, is read as f-puzzles puzzles with every rule they
carry, and so are killer sudokus in SudoCue's one-line format (3x3:d:k:...)
and in the forum's snarfable one (81 characters, each a cage sum 0-9 A-Z a-j
or an arrow toward it, such as < > ^ v: S<J<<O<<KJ^<<^...), one a line,
and so are puzzles of Interactive Sudoku Solver, its constraint strings
(.Cage~10~R1C1~R1C2.AntiKing...) or links (sigh.github.io/...?q=...), one a
line, a constraint it has that f-puzzles lacks being an invalid puzzle;
classic and f-puzzles files mix freely as separate arguments. SudokuPad's own
links (sudokupad.app/scl...) give their givens, regions and killer cages; one
that draws other rules (lines, arrows, shapes) is refused, as they are only
explained by its rules text. A link of another site whose address holds a
classic puzzle on one line (SudokuWiki's sudoku.htm?bd=...) is that puzzle.
Pencil-mark grids (N rows of N sets of candidates, as HoDoKu, SudokuWiki
and Simple Sudoku print them, frames skipped) are solved with each cell
holding one of its candidates.
Content that only draws (lines, text, shapes, the solver's own pencil marks) is noted on
stderr and not solved with; a constraint satdoku does not know is an invalid
puzzle naming it (exit 4), never dropped. --rules adds global rules and
--regions jigsaw regions to every classic puzzle. Every engine, --count,
--unique, --show-second and --explain (the minimal givens and rules that
admit no completion) work on variants. --candidates prints the true
candidates: for each cell, the digits it holds in at least one solution,
found by SAT after the solve, whatever the engine (one set a cell, in the
puzzle's symbols: digits run together when each is one symbol, else
separated by commas); --timeout bounds the solve and the candidates
together, and the logical path of --steps and --rate again (a path cut
short is reported as "no logical path", exit 5, after the steps found
before it with --steps). A puzzle with no solution prints "no solution" as ever.

Examples:
   satdoku solve puzzle.txt                 # the classic 9x9 exchange
   satdoku solve -o json --unique set.txt   # JSON Lines with a uniqueness verdict
   satdoku solve archive.zip                # a Kaggle download: the CSV inside, header skipped
   satdoku solve --engine both set.txt      # cross-check SAT against the backtracker
   satdoku solve --box 2x3 six.txt          # 6x6 with 2x3 boxes
   satdoku solve -o pretty giant16.txt      # 16x16: a line of 256 symbols 1-9A-G ('.' blank)
   satdoku solve spoj16.txt                 # 16x16 in A-P, '-' blank: read as letters (A=1)
   satdoku solve --explain bad.txt          # why a puzzle has no solution
   satdoku solve --engine external --sat-cmd 'cadical -q' puzzle.txt
   satdoku solve --unique killer.json       # an f-puzzles file: is it unique?
   satdoku solve --candidates link.txt      # true candidates of an f-puzzles link
   satdoku solve --rules diagonals,antiknight puzzle.txt
   satdoku solve --regions jigsaw.txt puzzle.txt
   satdoku solve -o fpuzzles killer.json    # the f-puzzles JSON with the solution
   satdoku solve --rate top1465.txt         # one rating line a puzzle, in input order
   satdoku solve --steps easy.txt           # the logical path, a numbered step a line

` + exitCodesHelp,
		Flags:  solveFlags(),
		Action: func(c *cli.Context) error { return runSolve(c, s) },
	}
}

// outputFormat is how results are printed: one of board's formats (Pretty
// included) or JSON Lines; the zero value follows each puzzle's input
// format.
type outputFormat struct {
	board   board.Format // FormatUnknown: each puzzle's own
	json    bool
	picture string // "svg" or "png": a picture of each puzzle and its solution
	// fpuzzles is "fpuzzles" (the f-puzzles JSON with the solution) or
	// "fpuzzles-url" (its link).
	fpuzzles string
}

// String names the format as --output does; "" for the zero value.
func (f outputFormat) String() string {
	switch {
	case f.json:
		return "json"
	case f.picture != "":
		return f.picture
	case f.fpuzzles != "":
		return f.fpuzzles
	case f.board == board.FormatUnknown:
		return ""
	}
	return f.board.String()
}

// textFormat returns the board format that p is written in.
func (f outputFormat) textFormat(p *board.Puzzle) board.Format {
	if f.board == board.FormatUnknown {
		return p.Format
	}
	return f.board
}

// check reports, before p is solved, whether the format can write its
// boards in p's alphabet so that they read back. JSON and pictures hold
// every board.
func (f outputFormat) check(p *board.Puzzle) error {
	if f.fpuzzles != "" && p.Board.Side() > fpuzzles.MaxSize {
		return fmt.Errorf("%w: f-puzzles holds boards up to %dx%[2]d", board.ErrCannotWrite, fpuzzles.MaxSize)
	}
	if f.json || f.picture != "" || f.fpuzzles != "" {
		return nil
	}
	return board.CanWrite(f.textFormat(p), p.Board.Shape, p.Alphabet)
}

// parseOutput reads --output; json and pictures are accepted only where
// allowJSON (solve's --output).
func parseOutput(name string, allowJSON bool) (outputFormat, error) {
	switch name {
	case "":
		return outputFormat{}, nil
	case "json":
		if allowJSON {
			return outputFormat{json: true}, nil
		}
	case "svg", "png":
		if allowJSON {
			return outputFormat{picture: name}, nil
		}
	case "fpuzzles", "fpuzzles-url":
		if allowJSON {
			return outputFormat{fpuzzles: name}, nil
		}
	default:
		if f, err := board.ParseFormat(name); err == nil {
			return outputFormat{board: f}, nil
		}
	}
	names := outputNames(allowJSON)
	return outputFormat{}, usagef("--output %q: want %s", name, orList(names))
}

// formatRefused is the error that ends a run at a puzzle that the output
// format cannot write, before it is solved.
type formatRefused struct {
	where string // "p.txt: puzzle 3 (line 7)"
	out   outputFormat
	err   error
	can   []string // the formats that can write it
}

func (e *formatRefused) Error() string {
	why := strings.TrimPrefix(e.err.Error(), board.ErrCannotWrite.Error()+": ")
	msg := fmt.Sprintf("%s: -o %s cannot write it: %s", e.where, e.out, why)
	if i := strings.Index(msg, ": use the"); i >= 0 {
		msg = msg[:i] // board's advice; the list below is this command's
	}
	return fmt.Sprintf("%s; use -o %s (nothing from this puzzle on was solved)", msg, orList(e.can))
}

func (e *formatRefused) Unwrap() error { return e.err }

// refuse returns the formatRefused error for p, which out cannot write.
func refuse(where string, out outputFormat, err error, p *board.Puzzle, allowJSON bool) error {
	var can []string
	for _, name := range outputNames(allowJSON) {
		if f, _ := parseOutput(name, allowJSON); f.check(p) == nil && f.picture == "" && f.fpuzzles == "" {
			can = append(can, name)
		}
	}
	return &formatRefused{where: where, out: out, err: err, can: can}
}

// orList joins words as "a, b or c".
func orList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// outputNames lists the output formats of solve (all) or of decode.
func outputNames(solve bool) []string {
	names := []string{"grid", "compact", "line", "pretty"}
	if solve {
		names = append(names, "json", "fpuzzles", "fpuzzles-url", "svg", "png")
	}
	return names
}

// solveConfig is the parsed command line of solve.
type solveConfig struct {
	batch      batch.Options
	output     outputFormat
	input      input
	summary    bool
	quiet      bool
	showSecond bool
	unique     bool
	candidates bool        // --candidates
	rules      *ruleSet    // --rules and --regions; nil: none
	ascii      bool        // pretty output with ASCII borders
	color      bool        // pretty output with the givens coloured
	outDir     string      // --out: the directory of the pictures
	offset     int         // --offset: added to every puzzle number and line number
	notes      []string    // said on stderr before solving
	logic      logicConfig // --steps, --rate and their options
}

func parseSolveConfig(c *cli.Context, s *streams) (*solveConfig, error) {
	cfg := &solveConfig{
		summary: c.Bool("summary"), quiet: c.Bool("quiet"), showSecond: c.Bool("show-second"),
		unique: c.Bool("unique"), candidates: c.Bool("candidates"),
	}
	o := &cfg.batch
	o.Workers, o.Timeout, o.Worker = c.Int("workers"), c.Duration("timeout"), s.worker
	kind, err := engine.ParseKind(c.String("engine"))
	if err != nil {
		return nil, usagef("--engine: %v", err)
	}
	o.Engine.Kind = kind
	o.Engine.Candidates = cfg.candidates
	if c.IsSet("sat-cmd") {
		if o.Engine.SatCmd, err = splitCommand(c.String("sat-cmd")); err != nil {
			return nil, usagef("--sat-cmd: %v", err)
		}
		if !c.IsSet("engine") {
			o.Engine.Kind = engine.External
		}
	}
	if o.Engine.Kind == engine.External {
		if len(o.Engine.SatCmd) == 0 {
			return nil, usagef("--engine external needs --sat-cmd, e.g. --sat-cmd 'cadical -q'")
		}
		if err := engine.CheckSolver(o.Engine.SatCmd); err != nil {
			return nil, usagef("--sat-cmd: %v", err)
		}
	}
	if o.Engine.Encoding, err = encodeOptions(c); err != nil {
		return nil, err
	}
	switch k := c.Int("count"); {
	case c.IsSet("count") && k < 1:
		return nil, usagef("--count must be at least 1, not %d", k)
	case cfg.unique && c.IsSet("count"):
		return nil, usagef("--unique is --count 2: give one of them")
	case cfg.unique:
		o.Engine.Limit = 2
	default:
		o.Engine.Limit = k
	}
	if cfg.showSecond && o.Engine.Limit < 2 {
		o.Engine.Limit = 2
	}
	o.Engine.Explain = c.Bool("explain")
	if cfg.output, err = parseOutput(c.String("output"), true); err != nil {
		return nil, err
	}
	if cfg.input, err = parseInput(c); err != nil {
		return nil, err
	}
	if cfg.rules, err = newRuleSet(c); err != nil {
		return nil, err
	}
	cfg.outDir = c.String("out")
	if cfg.offset = c.Int("offset"); cfg.offset < 0 {
		return nil, usagef("--offset must not be negative, not %d", cfg.offset)
	}
	switch {
	case cfg.outDir != "" && cfg.output.picture == "":
		return nil, usagef("--out DIR is for pictures (-o svg or -o png): other formats go to standard output")
	case cfg.output.picture == "png" && cfg.outDir == "" && isTerminal(s.stdout):
		return nil, usagef("not writing a PNG image to a terminal: use --out DIR or a redirection")
	}
	switch max := batch.MaxWorkers(); {
	case o.Workers < 1:
		return nil, usagef("--workers must be at least 1, not %d", o.Workers)
	case o.Workers > max:
		cfg.notes = append(cfg.notes, fmt.Sprintf("--workers %d is more than this machine can use: %d (4 per CPU) it is", o.Workers, max))
		o.Workers = max
	}
	if o.Timeout < 0 {
		return nil, usagef("--timeout must not be negative")
	}
	cfg.logic = logicConfig{steps: c.Bool("steps"), rate: c.Bool("rate"), trial: c.Bool("allow-trial"), noUnique: c.Bool("no-uniqueness"), timeout: o.Timeout}
	if lc := cfg.logic; lc.steps || lc.rate {
		if cfg.output.picture != "" || cfg.output.fpuzzles != "" || cfg.candidates {
			return nil, usagef("--steps and --rate print text or JSON: not with -o %s or --candidates", cfg.output)
		}
		// Count first, so that a puzzle proved unique is solved with the
		// uniqueness techniques, as Sudoku Explainer rates it.
		if !c.IsSet("count") && !cfg.unique {
			o.Engine.Limit = 2
		}
	} else if lc.trial || lc.noUnique {
		return nil, usagef("--allow-trial and --no-uniqueness go with --steps or --rate")
	}
	cfg.ascii = c.Bool("ascii")
	switch col := c.String("color"); col {
	case "always":
		cfg.color = true
	case "never":
	case "auto":
		cfg.color = os.Getenv("NO_COLOR") == "" && isTerminal(s.stdout)
	default:
		return nil, usagef("--color %q: want auto, always or never", col)
	}
	return cfg, nil
}

// splitCommand splits --sat-cmd into words as a POSIX shell would: single
// and double quotes and backslash escapes, no expansion of variables,
// globs or commands.
func splitCommand(s string) ([]string, error) {
	args, err := shellwords.Parse(s)
	if err != nil { // the one error without expansion
		return nil, fmt.Errorf("unclosed quote or trailing backslash in %q", s)
	}
	if len(args) == 0 || args[0] == "" {
		return nil, errors.New("no command given")
	}
	return args, nil
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

// open returns the reader of an input in any format (input.NewReader),
// with --box and --alphabet, writing its notes to notes.
func (in input) open(br *bufio.Reader, name string, notes io.Writer) *inputpkg.Reader {
	return inputpkg.NewReader(br, displayName(name), inputpkg.Options{Shape: in.shape, Alphabet: in.alphabet, Notes: notes})
}

// isTerminal reports whether w (a reader or a writer) is a terminal.
func isTerminal(w any) bool {
	if u, ok := w.(interface{ Unwrap() io.Writer }); ok {
		w = u.Unwrap()
	}
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

func runSolve(c *cli.Context, s *streams) error {
	cfg, err := parseSolveConfig(c, s)
	if err != nil {
		return err
	}
	s.quiet = cfg.quiet
	for _, n := range cfg.notes {
		if !cfg.quiet {
			fmt.Fprintf(s.stderr, "satdoku: %s\n", n)
		}
	}
	batch.TuneGC()
	ctx, stop := context.WithCancelCause(c.Context)
	defer stop(nil)
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGINT, syscall.SIGTERM)
	defer signal.Stop(sigs)
	go func() {
		select {
		case sig := <-sigs:
			stop(&interruptError{sig})
		case <-ctx.Done():
		}
	}()

	stderr := &lockedWriter{w: s.stderr}
	out := newResultWriter(s.stdout, stderr, cfg)
	out.ctx = ctx
	defer out.close()
	progress := newProgress(s.stderr, cfg.quiet)
	src := newInputs(s, c.Args().Slice(), cfg.input, progress)
	src.offset = cfg.offset
	src.rules = cfg.rules
	if !cfg.quiet {
		src.notes = src.noteWriter()
	}
	if cfg.outDir != "" {
		if err := os.MkdirAll(cfg.outDir, 0o755); err != nil {
			return exitf(ExitError, "%v", err)
		}
	}
	// Puzzles of one shape and alphabet all pass or all fail the output
	// check: it runs once for each new pair, not once per puzzle.
	var writable struct {
		shape    board.Shape
		alphabet board.Alphabet
		format   board.Format
		ok       bool
	}
	src.check = func(p *board.Puzzle, index int, name string) error {
		// Named only on error: formatting it for every puzzle cost 7% of
		// the CLI's CPU on easy puzzles.
		at := func() string { return where(&batch.Result{Index: index + cfg.offset, Name: name, Puzzle: p}) }
		if w := &writable; !w.ok || w.shape != p.Board.Shape || w.format != p.Format || w.alphabet != p.Alphabet {
			if err := cfg.output.check(p); err != nil {
				return refuse(at(), cfg.output, err, p, true)
			}
			w.shape, w.alphabet, w.format, w.ok = p.Board.Shape, p.Alphabet, p.Format, true
		}
		if cfg.output.picture != "" && cfg.outDir == "" && index > 1 {
			return fmt.Errorf("%s: -o %s writes one picture to standard output, and the input holds several puzzles: use --out DIR for a file each (nothing was written)", at(), cfg.output.picture)
		}
		return nil
	}
	start := time.Now()
	write := func(r *batch.Result) error {
		if err := out.write(r); err != nil {
			return exitf(ExitError, "writing output: %v", err)
		}
		return nil
	}
	var pipe *logicPipe
	if cfg.logic.steps || cfg.logic.rate {
		pipe = newLogicPipe(out, cfg.batch.Workers, write)
		write = pipe.submit
	}
	runErr := batch.Solve(ctx, src, cfg.batch, func(r *batch.Result) error {
		src.reportUpTo(r.Index, stderr)
		r.Index += cfg.offset // its number in the whole input
		progress.done()
		return write(r)
	})
	if pipe != nil {
		if err := pipe.close(); err != nil && runErr == nil {
			runErr = err
		}
	}
	progress.finish()
	flushErr := out.flush()
	elapsed := time.Since(start)

	var ie *interruptError
	if errors.As(context.Cause(ctx), &ie) {
		fmt.Fprintf(stderr, "satdoku: stopped by %s: %s done, the rest were not solved\n", ie.name(), count(out.tally.read, "puzzle"))
		return silentExit(ie.code())
	}
	var ee *exitError
	switch {
	case errors.As(runErr, &ee):
		return runErr
	case errors.Is(runErr, batch.ErrNoWorkers):
		return exitf(ExitError, "%v", runErr)
	case runErr != nil:
		return exitf(ExitError, "%v", runErr)
	case flushErr != nil:
		return exitf(ExitError, "writing output: %v", flushErr)
	}
	src.reportUpTo(-1, stderr)
	if err := src.refusal(); err != nil {
		return usagef("%v", err)
	}
	if err := out.release(); err != nil {
		return exitf(ExitError, "writing output: %v", err)
	}
	for _, name := range src.emptyInputs() {
		fmt.Fprintf(stderr, "satdoku: no puzzle in %s\n", name)
	}
	if cfg.summary || cfg.output.json {
		out.summary(stderr, elapsed, cfg.summary)
	}
	if src.failures() > 0 {
		return silentExit(ExitError)
	}
	if out.tally.read == 0 {
		return silentExit(ExitInvalid)
	}
	code := out.tally.exitCode()
	if len(src.emptyInputs()) > 0 {
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

func (e *interruptError) Error() string { return "stopped by " + e.name() }

// name names the signal as people know it: SIGINT (Ctrl-C) or SIGTERM.
func (e *interruptError) name() string {
	if e.sig == syscall.SIGTERM {
		return "SIGTERM"
	}
	return "SIGINT (Ctrl-C)"
}

func (e *interruptError) code() int {
	if e.sig == syscall.SIGTERM {
		return 128 + int(syscall.SIGTERM)
	}
	return ExitInterrupt
}
