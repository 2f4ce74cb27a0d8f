package app

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/satdoku/satdoku/batch"
	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/engine"
	inputpkg "github.com/satdoku/satdoku/input"
	"github.com/satdoku/satdoku/internal/atomicfile"
	"github.com/satdoku/satdoku/render"
	"github.com/satdoku/satdoku/report"
	"github.com/satdoku/satdoku/variant"
	"github.com/urfave/cli/v2"
)

func renderCommand(s *streams) *cli.Command {
	return &cli.Command{
		Name:      "render",
		Usage:     "draw a puzzle, its solution or both as an SVG or PNG picture",
		ArgsUsage: "[FILE|-]",
		Description: `Reads one puzzle (the first of the file, or the one --index names) in any
supported format (an f-puzzles puzzle, JSON, link or payload, a killer
string of SudoCue or the snarfable format, or a pencil-mark grid included),
solves it unless only the puzzle is wanted, and draws it: givens in bold
black, solved digits in blue, thick borders between boxes and regions,
every variant rule as f-puzzles draws it (a pencil-mark grid's candidates
small, in dark red).
Variant puzzles (f-puzzles input, pencil-mark grids, or --rules and
--regions on a classic one) are solved with every rule. --candidates draws
the true candidates (the digits each cell holds in at least one solution) as
pencil marks instead of a solution.
SVG is the default; PNG is drawn from the same picture (-o pic.png or
--format png). A puzzle with no solution is drawn as it is, with --explain
marking the givens (and variant rules) that cannot all hold, and the exit
code is 3.

Examples:
   satdoku render puzzle.txt > puzzle.svg
   satdoku render --show puzzle -o puzzle.png puzzle.txt
   satdoku render --show-second -o two.svg open.txt   # two solutions side by side, differences marked
   satdoku render --explain bad.txt > why.svg
   satdoku render -o killer.svg killer.json                 # an f-puzzles file, solved
   satdoku render --candidates -o marks.svg open.json       # pencil marks
   satdoku render --rules diagonals --explain bad.txt > why.svg
   satdoku render --step 3 -o step3.svg puzzle.txt          # step 3 of 'solve --steps'

EXIT CODES:
   0    the picture was written
   1    a file could not be read, or a write failed
   2    usage error (bad flag or argument, or a PNG too large for them)
   3    the puzzle has no solution (it is drawn as it is)
   4    the puzzle is invalid, or the input holds none
   5    no solution found within --timeout (the puzzle is drawn unsolved)
   6    the engines disagree
` + brokenPipeHelp,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Value: "-", Usage: "write the picture to `FILE` (- for standard output)"},
			&cli.StringFlag{Name: "format", Usage: "picture `FORMAT`: svg or png (default: from the --output name, else svg)"},
			&cli.StringFlag{Name: "show", Value: "both", Usage: "`WHAT` to draw: both (the solution over the puzzle, givens distinct), puzzle, solution"},
			&cli.BoolFlag{Name: "explain", Usage: "for a puzzle with no solution, mark the clashing givens or a minimal set of givens with no completion"},
			&cli.BoolFlag{Name: "show-second", Usage: "for a puzzle with several solutions, draw two of them side by side and mark the cells where they differ"},
			&cli.BoolFlag{Name: "candidates", Usage: "draw the true candidates of each cell as pencil marks, instead of a solution (a cell with one left shows it as a solved digit)"},
			&cli.BoolFlag{Name: "candidate-counts", Usage: "with --candidates, colour each cell by its number of candidates (with a legend)"},
			rulesFlag(), regionsFlag(),
			&cli.IntFlag{Name: "step", Usage: "draw the position before step `K` (1-based) of the logical path, the step's cells, candidates and links marked", DefaultText: "none"},
			&cli.IntFlag{Name: "index", Value: 1, Usage: "draw the `K`th puzzle of the input (1-based)"},
			&cli.Float64Flag{Name: "cell-size", Value: render.DefaultCellSize, Usage: "`SIZE` of a cell's side in SVG units (PNG pixels at --scale 1)"},
			&cli.Float64Flag{Name: "scale", Value: 2, Usage: "PNG pixels per SVG unit: a `FACTOR` above 0, at most 16"},
			&cli.StringFlag{Name: "title", Usage: "the picture's title `TEXT` (SVG <title>)"},
			&cli.StringFlag{Name: "engine", Aliases: []string{"e"}, Value: "sat", Usage: "`ENGINE` that solves it: sat, backtrack or both"},
			&cli.DurationFlag{Name: "timeout", Usage: "give up solving after `DURATION` (the puzzle is drawn unsolved, exit code 5; with --step, the solve and the logical path together, and nothing is drawn)", DefaultText: "0, no limit"},
			alphabetFlag(), boxFlag(),
		},
		Action: func(c *cli.Context) error { return runRender(c, s) },
	}
}

// renderConfig is the parsed command line of render.
type renderConfig struct {
	output, format string
	show           render.Show
	explain        bool
	second         bool
	index          int
	opts           render.Options
	scale          float64
	title          string
	kind           engine.Kind
	input          input
	candidates     bool
	rules          *ruleSet
}

func parseRenderConfig(c *cli.Context) (*renderConfig, error) {
	cfg := &renderConfig{output: c.String("output"), explain: c.Bool("explain"), second: c.Bool("show-second"),
		index: c.Int("index"), scale: c.Float64("scale"), title: c.String("title")}
	var err error
	if cfg.show, err = render.ParseShow(c.String("show")); err != nil {
		return nil, usagef("--show: %v", err)
	}
	if err := checkPictureFile(cfg.output); err != nil {
		return nil, err
	}
	cfg.format = strings.ToLower(c.String("format"))
	if cfg.format == "" {
		cfg.format = "svg"
		if strings.EqualFold(filepath.Ext(cfg.output), ".png") {
			cfg.format = "png"
		}
	}
	if cfg.format != "svg" && cfg.format != "png" {
		return nil, usagef("--format %q: want svg or png", cfg.format)
	}
	if cfg.index < 1 {
		return nil, usagef("--index must be at least 1, not %d", cfg.index)
	}
	if cs := c.Float64("cell-size"); !(cs >= 4 && cs <= 1000) {
		return nil, usagef("--cell-size %v: want 4 to 1000", cs)
	}
	cfg.opts.CellSize = c.Float64("cell-size")
	if !(cfg.scale > 0 && cfg.scale <= 16) {
		return nil, usagef("--scale %v: want more than 0, at most 16", cfg.scale)
	}
	if cfg.kind, err = engine.ParseKind(c.String("engine")); err != nil || cfg.kind == engine.External {
		return nil, usagef("--engine %q: want sat, backtrack or both", c.String("engine"))
	}
	if c.Duration("timeout") < 0 {
		return nil, usagef("--timeout must not be negative")
	}
	if cfg.input, err = parseInput(c); err != nil {
		return nil, err
	}
	if cfg.rules, err = newRuleSet(c); err != nil {
		return nil, err
	}
	if cfg.candidates = c.Bool("candidates"); cfg.candidates && cfg.second {
		return nil, usagef("--candidates and --show-second draw different things: give one of them")
	}
	cfg.opts.Show = cfg.show
	if cfg.opts.CandidateCounts = c.Bool("candidate-counts"); cfg.opts.CandidateCounts && !cfg.candidates {
		return nil, usagef("--candidate-counts colours the cells of --candidates: give --candidates too")
	}
	return cfg, nil
}

func runRender(c *cli.Context, s *streams) error {
	cfg, err := parseRenderConfig(c)
	if err != nil {
		return err
	}
	if c.NArg() > 1 {
		return usagef("render draws one puzzle: give one file (and --index to choose a puzzle in it)")
	}
	name := c.Args().First()
	if name == "" {
		name = "-"
	}
	if cfg.format == "png" && cfg.output == "-" && isTerminal(s.stdout) {
		return usagef("not writing a PNG image to a terminal: use -o FILE or a redirection")
	}
	pic := &render.Picture{Title: cfg.title}
	err = s.forEachInput([]string{name}, "a puzzle", func(name string, r io.Reader) error {
		br := bufio.NewReaderSize(r, 64<<10) // r is one already (forEachInput)
		// Told apart as solve tells its inputs apart.
		rd := cfg.input.open(br, name, s.stderr)
		p, v, err := readNth(rd, name, cfg.index)
		if err != nil {
			return err
		}
		if v != nil {
			if cfg.rules != nil {
				fmt.Fprintf(s.stderr, "satdoku: %s: note: --rules and --regions are for classic puzzles, not f-puzzles puzzles or pencil-mark grids\n", displayName(name))
			}
			pic.Variant, pic.Puzzle = v, v.Givens
			cfg.opts.Alphabet = nil // both are written with numbers
			return nil
		}
		pic.Puzzle = p.Board
		if cfg.rules != nil {
			if pic.Variant, err = cfg.rules.apply(p); err != nil {
				return exitf(ExitInvalid, "%s: %v", displayName(name), err)
			}
		}
		if cfg.opts.Alphabet = &p.Alphabet; p.Format == board.Grid {
			cfg.opts.Alphabet = nil // a grid of numbers is drawn with numbers
		}
		return nil
	})
	if err != nil {
		return err
	}
	outcome := error(nil)
	if k := c.Int("step"); c.IsSet("step") {
		if cfg.candidates || cfg.second || cfg.explain {
			return usagef("--step draws the logical path's candidates: not with --candidates, --show-second or --explain")
		}
		if err := drawStep(c, s, pic, k); err != nil {
			return err
		}
	} else if cfg.show != render.PuzzleOnly || cfg.explain || cfg.second || cfg.candidates {
		outcome = solveForPicture(c.Context, cfg, pic, c.Duration("timeout"), s.worker)
	}
	if (outcome != nil || pic.Candidates != nil) && cfg.show == render.SolutionOnly {
		cfg.opts.Show = render.Both // nothing to show but the puzzle
	}
	var buf bytes.Buffer
	if err := writePicture(&buf, pic, cfg.format, cfg.opts, cfg.scale); err != nil {
		if errors.Is(err, render.ErrTooLarge) {
			return usagef("%v", err) // the flags asked for it
		}
		return exitf(ExitError, "%v", err)
	}
	if cfg.output == "-" {
		if _, err := s.stdout.Write(buf.Bytes()); err != nil {
			return exitf(ExitError, "writing the picture: %v", err)
		}
	} else if err := atomicfile.WriteFile(cfg.output, buf.Bytes(), 0o644); err != nil {
		return exitf(ExitError, "%v", err)
	}
	return outcome
}

// readNth returns the kth puzzle (1-based) of the input, and its variant
// form (nil for a classic puzzle). A puzzle before it that cannot be read
// is skipped; the input's own error is not.
func readNth(rd *inputpkg.Reader, name string, k int) (*board.Puzzle, *variant.Puzzle, error) {
	for i := 1; ; i++ {
		p, v, err := readPuzzle(rd)
		var ie *batch.InputError
		switch {
		case err == io.EOF && i == 1:
			return nil, nil, exitf(ExitInvalid, "%s: no puzzle found", displayName(name))
		case err == io.EOF:
			return nil, nil, exitf(ExitInvalid, "%s holds %s, so there is no puzzle %d", displayName(name), count(i-1, "puzzle"), k)
		case i == k && errors.As(err, &ie):
			return nil, nil, exitf(ExitInvalid, "%v", ie.Err)
		case i == k && err != nil && !rd.Format.Variant():
			return nil, nil, exitf(ExitInvalid, "%v", err)
		case err != nil && !batch.Unreadable(err):
			return nil, nil, exitf(ExitError, "%s: %v", displayName(name), err)
		case i == k:
			return p, v, nil
		}
	}
}

// solveForPicture solves the puzzle of pic and fills in its solution and
// highlights (or its true candidates). It returns the exit error of an
// outcome other than solved. It solves as a batch of one puzzle does, so
// that a timeout stops a SAT solve as it does in solve: by running it in a
// worker process, the only way to stop gophersat.
func solveForPicture(ctx context.Context, cfg *renderConfig, pic *render.Picture, timeout time.Duration, worker func() (*exec.Cmd, error)) error {
	limit := 0
	if cfg.second {
		limit = 2
	}
	o := batch.Options{
		Engine:  engine.Options{Kind: cfg.kind, Limit: limit, Explain: cfg.explain, Candidates: cfg.candidates},
		Workers: 1,
		Timeout: timeout,
		Worker:  worker,
	}
	var res engine.Result
	src := &onePuzzle{p: &board.Puzzle{Board: pic.Puzzle, Line: 1}, v: pic.Variant}
	err := batch.Solve(ctx, src, o, func(r *batch.Result) error {
		res = r.Result
		return nil
	})
	if err != nil {
		return exitf(ExitError, "%v", err)
	}
	report.Mark(pic, res)
	switch {
	case res.Status == engine.Solved:
		return nil
	case res.Status == engine.Timeout && res.Solution != nil:
		// Solved, but the candidates (Options.Candidates) ran out of time.
		pic.Solution = res.Solution
		return exitf(ExitTimeout, "the true candidates were not found in time; the picture shows the solution")
	}
	switch res.Status {
	case engine.NoSolution:
		if len(res.Clashes)+len(res.Conflict)+len(res.ConflictRules) > 0 {
			what := "givens"
			if len(res.ConflictRules) > 0 {
				what = "givens and rules"
			}
			return exitf(ExitNoSolution, "no solution; the picture marks the %s that cannot all hold", what)
		}
		return exitf(ExitNoSolution, "no solution; the picture shows the puzzle (--explain marks the givens that cannot all hold)")
	case engine.Timeout:
		if cfg.candidates {
			return exitf(ExitTimeout, "the true candidates were not found in time; the picture shows the puzzle")
		}
		return exitf(ExitTimeout, "no solution found in time; the picture shows the puzzle")
	case engine.Invalid:
		return exitf(ExitInvalid, "%v", res.Err)
	}
	if errors.Is(res.Err, engine.ErrDisagree) {
		return exitf(ExitFailed, "%v", res.Err)
	}
	return exitf(ExitFailed, "solving: %v", res.Err)
}

// writePicture draws the picture and writes it as "svg" or "png" (at scale
// pixels per unit).
func writePicture(w io.Writer, pic *render.Picture, format string, o render.Options, scale float64) error {
	sc, err := render.Draw(pic, o)
	if err != nil {
		return fmt.Errorf("drawing: %w", err)
	}
	if format == "png" {
		if err := sc.WritePNG(w, scale); err != nil {
			return fmt.Errorf("drawing the PNG: %w (try a smaller --scale or --cell-size)", err)
		}
		return nil
	}
	if err := sc.WriteSVG(w); err != nil {
		return fmt.Errorf("writing the picture: %w", err)
	}
	return nil
}

// onePuzzle is a batch source of one puzzle, with its variant form (nil
// for a classic one).
type onePuzzle struct {
	p    *board.Puzzle
	v    *variant.Puzzle
	done bool
}

func (o *onePuzzle) Read() (*board.Puzzle, error) {
	p, _, err := o.ReadVariant()
	return p, err
}

func (o *onePuzzle) ReadVariant() (*board.Puzzle, *variant.Puzzle, error) {
	if o.done {
		return nil, nil, io.EOF
	}
	o.done = true
	return o.p, o.v, nil
}

// outputFormats are the names of every output format of every command
// (solve's -o takes them).
var outputFormats = []string{"grid", "compact", "line", "pretty", "json", "fpuzzles", "fpuzzles-url", "svg", "png"}

// checkPictureFile refuses a render --output that names a format rather
// than a file: in solve and decode -o is the format, in render the file,
// so "render -o png" would otherwise write an SVG picture into a file
// named png. A name with an extension or a directory is a file.
func checkPictureFile(name string) error {
	if strings.ContainsAny(name, "./\\") {
		return nil
	}
	for _, f := range outputFormats {
		if strings.EqualFold(name, f) {
			format, ext := "--format svg or --format png", "svg"
			if f == "svg" || f == "png" {
				format, ext = "--format "+f, f
			}
			return usagef("render: -o %s: in render -o names the picture's file, not its format: write %s for standard output, or -o FILE.%s for a file (./%s for a file named %s)", name, format, ext, name, name)
		}
	}
	return nil
}
