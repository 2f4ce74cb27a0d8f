package app

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/satdoku/satdoku/batch"
	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/fpuzzles"
	"github.com/satdoku/satdoku/generate"
	inputpkg "github.com/satdoku/satdoku/input"
	"github.com/satdoku/satdoku/internal/lzstring"
	"github.com/satdoku/satdoku/render"
	"github.com/satdoku/satdoku/report"
	"github.com/satdoku/satdoku/variant"
	"github.com/urfave/cli/v2"
)

func generateCommand(s *streams) *cli.Command {
	return &cli.Command{
		Name:  "generate",
		Usage: "make puzzles with exactly one solution: classic (symmetric, minimal, jigsaw, global rules), killer, or givens that make a layout unique",
		Description: `Makes --count puzzles, each proven unique by the backtracker and the SAT
engine, and prints them as they are done, in order. The same --seed and
options give the same puzzles on every machine (and with any --workers).

Classic puzzles: a random full grid, then givens (or symmetric groups of
givens, --symmetry) taken away in random order while the puzzle stays
unique. The result is minimal: no given, or group, can go without a second
solution (--minimal=false with --givens stops at the upper bound instead).
--givens MIN..MAX draws again until a minimal puzzle is within the bounds.
--jigsaw makes random connected regions; --rules adds global rules as in
'satdoku solve --rules' (solve the puzzles with the same --rules).
--rating MIN..MAX (SE's ER), --level, --require and --exclude keep the
puzzles the logical solver rates so; --rate prints each rating beside its
puzzle (a # comment after a line puzzle).

Variants: --complete FILE|LINK reads an f-puzzles layout (rules, few or no
givens) and adds a minimal set of givens that makes it unique, preferring
cells the setter coloured (any f-puzzles cell colour or highlight marks a
cell as allowed), or says that no givens can (the layout has no solution:
the givens and rules at fault are named); it reports the rules that are
redundant (the puzzle stays unique without them). --killer makes a killer
sudoku: random cages over a random solution (or --solution FILE's), zero
givens when one of --layouts layouts is unique, else as few as it finds.

Examples:
   satdoku generate                                 # one minimal 9x9 puzzle
   satdoku generate --count 100 --symmetry rotate180 --seed 7 > set.txt
   satdoku generate --size 16 --symmetry full -o pretty
   satdoku generate --rating 4.0..6.0 --symmetry rotate180 --count 10
   satdoku generate --jigsaw --rules diagonals -o fpuzzles-url
   satdoku generate --complete layout.json -o fpuzzles-url
   satdoku generate --killer --seed 3 -o fpuzzles-url

` + exitCodesHelp,
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "count", Aliases: []string{"n"}, Value: 1, Usage: "make `N` puzzles"},
			&cli.StringFlag{Name: "seed", Usage: "random `SEED` (a number): the same seed and options give the same puzzles", DefaultText: "random, printed with --summary"},
			&cli.IntFlag{Name: "size", Value: 9, Usage: "board side `N` (4 to 32), boxes of the usual shape (2x3 for 6, 3x4 for 12)"},
			boxFlag(),
			&cli.StringFlag{Name: "symmetry", Value: "none", Usage: "`SYMMETRY` of the givens: " + generate.SymmetryNames},
			&cli.BoolFlag{Name: "minimal", Value: true, Usage: "minimal puzzles: no given (or symmetric group) can be removed; --minimal=false needs --givens and stops removing at its upper bound"},
			&cli.BoolFlag{Name: "prove-minimal", Usage: "prove each puzzle minimal a second time, by an engine other than the one that removed its givens (about twice the time)"},
			&cli.StringFlag{Name: "givens", Usage: "number of givens `MIN..MAX` (or N)"},
			&cli.BoolFlag{Name: "jigsaw", Usage: "random connected regions instead of boxes"},
			rulesFlag(),
			&cli.StringFlag{Name: "rating", Usage: "keep puzzles whose SE rating ER (the logical solver's) is within `MIN..MAX`, e.g. 4.0..6.0"},
			&cli.StringFlag{Name: "level", Usage: "keep puzzles of the HoDoKu `LEVELS` (comma-separated): easy, medium, hard, unfair, extreme"},
			&cli.StringFlag{Name: "require", Usage: "keep puzzles whose logical path uses every technique of `LIST` (comma-separated, e.g. 'X-Wing,XY-Wing')"},
			&cli.StringFlag{Name: "exclude", Usage: "keep puzzles whose logical path uses no technique of `LIST`"},
			&cli.BoolFlag{Name: "rate", Usage: "print each puzzle's rating (SE's ER, EP, ED and HoDoKu's level) beside it; implied by the filters above"},
			&cli.IntFlag{Name: "attempts", Value: 1000, Usage: "draw at most `N` grids for one puzzle before giving up on --givens"},
			&cli.StringFlag{Name: "complete", Usage: "add givens that make the f-puzzles layout in `FILE|LINK` unique"},
			&cli.BoolFlag{Name: "killer", Usage: "make killer sudokus (cages and sums)"},
			&cli.StringFlag{Name: "solution", Usage: "with --killer, the solution grid in `FILE` (any puzzle format)"},
			&cli.IntFlag{Name: "max-cage", Value: 5, Usage: "with --killer, cages of at most `K` cells"},
			&cli.IntFlag{Name: "layouts", Value: 10, Usage: "with --killer, try `N` cage layouts for one unique with no givens"},
			&cli.IntFlag{Name: "tries", Value: 8, Usage: "with --complete and --killer, `N` greedy runs, the fewest givens kept"},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "output `FORMAT`: line (default), grid, compact, pretty, json (JSON Lines with the solution), fpuzzles, fpuzzles-url (the default for jigsaw, --complete and --killer), svg, png"},
			&cli.StringFlag{Name: "out", Usage: "with -o svg or png, write one picture per puzzle into `DIR` (000001.svg, …)"},
			&cli.IntFlag{Name: "workers", Aliases: []string{"j"}, Value: runtime.NumCPU(), Usage: "make `N` puzzles at once (goroutines)"},
			&cli.BoolFlag{Name: "summary", Usage: "print the seed, the rate and the givens per puzzle on stderr"},
			&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "no progress line and no notes on stderr"},
			&cli.BoolFlag{Name: "ascii", Usage: "pretty output with ASCII borders"},
		},
		Action: func(c *cli.Context) error { return runGenerate(c, s) },
	}
}

// parseGivens reads --givens: "MIN..MAX", "MIN..", "..MAX" or "N".
func parseGivens(s string) (lo, hi int, err error) {
	if s == "" {
		return 0, 0, nil
	}
	a, b, isRange := strings.Cut(s, "..")
	if !isRange {
		b = a
	}
	if a != "" {
		if lo, err = strconv.Atoi(strings.TrimSpace(a)); err != nil || lo < 0 {
			return 0, 0, fmt.Errorf("--givens %q: want MIN..MAX, e.g. 22..26", s)
		}
	}
	if b != "" {
		if hi, err = strconv.Atoi(strings.TrimSpace(b)); err != nil || hi < 1 {
			return 0, 0, fmt.Errorf("--givens %q: want MIN..MAX, e.g. 22..26", s)
		}
	}
	if hi > 0 && lo > hi {
		return 0, 0, fmt.Errorf("--givens %q: the least is above the most", s)
	}
	return lo, hi, nil
}

// genShape reads --size and --box.
func genShape(c *cli.Context) (board.Shape, error) {
	if c.IsSet("box") {
		in, err := parseInput(c)
		if err != nil {
			return board.Shape{}, err
		}
		return in.shape, nil
	}
	n := c.Int("size")
	if n < 4 || n > 32 {
		return board.Shape{}, usagef("--size %d: want 4 to 32", n)
	}
	return board.UsualShape(n), nil
}

func runGenerate(c *cli.Context, s *streams) error {
	if c.NArg() > 0 {
		return usagef("generate takes no arguments (did you mean --complete %s?)", c.Args().First())
	}
	seed, err := genSeed(c)
	if err != nil {
		return err
	}
	out, err := parseOutput(c.String("output"), true)
	if err != nil {
		return err
	}
	ctx, stop := signalContext(c.Context)
	defer stop()
	batch.TuneGC()
	w := &genWriter{w: newLazyWriter(s.stdout), out: out, ascii: c.Bool("ascii"), outDir: c.String("out")}
	if out.picture != "" && w.outDir == "" && c.Int("count") > 1 {
		return usagef("-o %s writes one picture to standard output: use --out DIR for several puzzles", out.picture)
	}
	if w.outDir != "" && out.picture == "" {
		return usagef("--out is for pictures: give -o svg or -o png")
	}
	if w.outDir != "" {
		if err := os.MkdirAll(w.outDir, 0o755); err != nil {
			return exitf(ExitError, "%v", err)
		}
	}
	switch {
	case c.IsSet("complete") || c.Bool("killer"):
		err = runCompletion(ctx, c, s, w, seed)
	default:
		err = runClassicGenerate(ctx, c, s, w, seed)
	}
	defer w.w.stop()
	if ferr := w.w.Flush(); err == nil && ferr != nil {
		err = exitf(ExitError, "writing output: %v", ferr)
	}
	if ctx.Err() != nil && err != nil {
		return exitf(ExitInterrupt, "stopped: %v", err)
	}
	return err
}

// signalContext is ctx, ended by SIGINT or SIGTERM.
func signalContext(ctx context.Context) (context.Context, func()) {
	return signal.NotifyContext(ctx, syscall.SIGINT, syscall.SIGTERM)
}

// genSeed reads --seed, or draws one.
func genSeed(c *cli.Context) (uint64, error) {
	if c.IsSet("seed") {
		v, err := strconv.ParseUint(c.String("seed"), 10, 64)
		if err != nil {
			return 0, usagef("--seed %q: want a number from 0 to 18446744073709551615", c.String("seed"))
		}
		return v, nil
	}
	// math/rand/v2's source is seeded by the runtime; crypto/rand would
	// link the FIPS module, whose start-up every command would pay.
	return rand.Uint64(), nil
}

func runClassicGenerate(ctx context.Context, c *cli.Context, s *streams, w *genWriter, seed uint64) error {
	shape, err := genShape(c)
	if err != nil {
		return err
	}
	o := generate.Options{Shape: shape, Jigsaw: c.Bool("jigsaw"), NotMinimal: !c.Bool("minimal"), Attempts: c.Int("attempts"), ProveMinimal: c.Bool("prove-minimal")}
	if o.Symmetry, err = generate.ParseSymmetry(c.String("symmetry")); err != nil {
		return usagef("--symmetry: %v", err)
	}
	if o.MinGivens, o.MaxGivens, err = parseGivens(c.String("givens")); err != nil {
		return usagef("%v", err)
	}
	if o.NotMinimal && o.MaxGivens == 0 {
		return usagef("--minimal=false needs --givens with an upper bound: where else to stop?")
	}
	if spec := c.String("rules"); spec != "" {
		if o.Rules, err = variant.ParseRules(spec, shape); err != nil {
			return usagef("--rules: %v", err)
		}
	}
	if o.Rater, err = genRater(c); err != nil {
		return err
	}
	total := c.Int("count")
	if total < 1 {
		return usagef("--count must be at least 1, not %d", total)
	}
	workers := c.Int("workers")
	if workers < 1 {
		return usagef("--workers must be at least 1, not %d", workers)
	}
	if w.out == (outputFormat{}) {
		w.out.board = board.Line
		if o.Jigsaw {
			w.out = outputFormat{fpuzzles: "fpuzzles-url"}
		}
	}
	if o.Jigsaw && w.out.board != board.FormatUnknown && w.out.board != board.Pretty {
		return usagef("-o %s cannot hold jigsaw regions: use -o fpuzzles-url, fpuzzles, json, pretty, svg or png", w.out)
	}
	if w.out.fpuzzles != "" && shape.Side() > fpuzzles.MaxSize {
		return usagef("-o %s holds boards up to %dx%[2]d", w.out, fpuzzles.MaxSize)
	}
	if w.out.board != board.FormatUnknown {
		if err := board.CanWrite(w.out.board, shape, board.Default); err != nil {
			return usagef("-o %s: %v", w.out, err)
		}
	}
	g, err := generate.New(o, seed)
	if err != nil {
		return usagef("%v", err)
	}
	w.seed = seed
	prog := newCountProgress(s.stderr, c.Bool("quiet"), total)
	start := time.Now()
	hist := map[int]int{}
	err = g.Stream(ctx, 1, total, workers, func(p *generate.Puzzle) error {
		hist[p.Givens]++
		prog.done()
		if err := w.puzzle(p.Index, p.Puzzle, p.Solution, genInfo{givens: p.Givens, symmetry: p.Symmetry.String(), rating: p.Rating}); err != nil {
			return exitf(ExitError, "writing output: %v", err)
		}
		return nil
	})
	prog.finish()
	var ee *exitError
	switch {
	case errors.As(err, &ee):
		return err
	case errors.Is(err, generate.ErrGivens), errors.Is(err, generate.ErrRejected):
		return exitf(ExitNoSolution, "%v", err)
	case err != nil && ctx.Err() == nil:
		return exitf(ExitFailed, "%v", err)
	case err != nil:
		return err
	}
	if c.Bool("summary") {
		elapsed := time.Since(start)
		fmt.Fprintf(s.stderr, "satdoku: seed %d: %s in %v (%.0f puzzles/s); givens:", seed, count(total, "puzzle"), elapsed.Round(time.Millisecond), float64(total)/elapsed.Seconds())
		for k := 0; k <= shape.Cells(); k++ {
			if hist[k] > 0 {
				fmt.Fprintf(s.stderr, " %d×%d", hist[k], k)
			}
		}
		fmt.Fprintln(s.stderr)
	}
	return nil
}

func runCompletion(ctx context.Context, c *cli.Context, s *streams, w *genWriter, seed uint64) error {
	if w.out == (outputFormat{}) {
		w.out = outputFormat{fpuzzles: "fpuzzles-url"}
	}
	if w.out.board != board.FormatUnknown && w.out.board != board.Pretty {
		return usagef("-o %s cannot hold the rules: use -o fpuzzles-url, fpuzzles, json, pretty, svg or png", w.out)
	}
	w.seed = seed
	var res *generate.Completion
	var err error
	if c.IsSet("complete") {
		if c.Bool("killer") {
			return usagef("give --complete or --killer, not both")
		}
		var p *variant.Puzzle
		var allowed []bool
		if p, allowed, err = readLayout(c.String("complete")); err != nil {
			return exitf(ExitInvalid, "--complete: %v", err)
		}
		res, err = generate.Complete(ctx, p, generate.CompleteOptions{Allowed: allowed, Seed: seed, Tries: c.Int("tries")})
	} else {
		o := generate.KillerOptions{MaxCage: c.Int("max-cage"), Layouts: c.Int("layouts"), Seed: seed, Tries: c.Int("tries")}
		if o.Shape, err = genShape(c); err != nil {
			return err
		}
		if name := c.String("solution"); name != "" {
			if o.Solution, err = readSolution(name, o.Shape); err != nil {
				return exitf(ExitInvalid, "--solution: %v", err)
			}
		}
		res, err = generate.Killer(ctx, o)
	}
	switch {
	case errors.Is(err, generate.ErrNoCompletion):
		return exitf(ExitNoSolution, "%v", err)
	case errors.Is(err, generate.ErrOptions):
		return usagef("%v", err)
	case err != nil && ctx.Err() == nil:
		return exitf(ExitFailed, "%v", err)
	case err != nil:
		return err
	}
	if !c.Bool("quiet") {
		reportCompletion(s.stderr, res)
	}
	info := genInfo{givens: res.Puzzle.Givens.Givens(), added: engineNames(res.Puzzle.Givens, res.Added)}
	for _, i := range res.Redundant {
		info.redundant = append(info.redundant, res.Puzzle.Rules[i].Describe(res.Puzzle.Side()))
	}
	if err := w.puzzle(1, res.Puzzle, res.Solution, info); err != nil {
		return exitf(ExitError, "writing output: %v", err)
	}
	return nil
}

// genRater reads --rating, --level, --require, --exclude and --rate: the
// logical solver's rater, or nil when none is given.
func genRater(c *cli.Context) (generate.Rater, error) {
	if !c.Bool("rate") && !c.IsSet("rating") && !c.IsSet("level") && !c.IsSet("require") && !c.IsSet("exclude") {
		return nil, nil
	}
	r := &generate.LogicRater{}
	if spec := c.String("rating"); spec != "" {
		lo, hi, ok := strings.Cut(spec, "..")
		var err1, err2 error
		if lo = strings.TrimSpace(lo); lo != "" {
			r.MinER, err1 = strconv.ParseFloat(lo, 64)
		}
		if !ok {
			hi = lo
		}
		if hi = strings.TrimSpace(hi); hi != "" {
			r.MaxER, err2 = strconv.ParseFloat(hi, 64)
		}
		if err1 != nil || err2 != nil || r.MinER < 0 || r.MaxER < 0 || r.MaxER > 0 && r.MinER > r.MaxER {
			return nil, usagef("--rating %q: want MIN..MAX on the SE scale, e.g. 4.0..6.0", spec)
		}
	}
	for _, l := range splitList(c.String("level")) {
		switch strings.ToLower(l) {
		case "easy", "medium", "hard", "unfair", "extreme":
			r.Levels = append(r.Levels, l)
		default:
			return nil, usagef("--level %q: want easy, medium, hard, unfair or extreme", l)
		}
	}
	known := generate.TechniqueNames()
	for _, flag := range []string{"require", "exclude"} {
		for _, t := range splitList(c.String(flag)) {
			found := false
			for _, k := range known {
				found = found || strings.EqualFold(k, t)
			}
			if !found {
				return nil, usagef("--%s: unknown technique %q: want one of %s", flag, t, strings.Join(known, ", "))
			}
			if flag == "require" {
				r.Require = append(r.Require, t)
			} else {
				r.Exclude = append(r.Exclude, t)
			}
		}
	}
	return r, nil
}

// splitList splits a comma-separated flag value, dropping empty items.
func splitList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// engineNames names cells with their digits: "r1c5=7".
func engineNames(b *board.Board, cells []int) []string {
	var out []string
	for _, x := range cells {
		out = append(out, fmt.Sprintf("%s=%d", b.CellName(x), b.Cells[x]))
	}
	return out
}

// reportCompletion says on stderr what Complete or Killer did.
func reportCompletion(w io.Writer, res *generate.Completion) {
	p := res.Puzzle
	switch len(res.Added) {
	case 0:
		fmt.Fprintf(w, "satdoku: the layout is unique with %s (none added)\n", count(p.Givens.Givens(), "given"))
	default:
		fmt.Fprintf(w, "satdoku: %s added, a minimal set: %s\n", count(len(res.Added), "given"), strings.Join(engineNames(p.Givens, res.Added), " "))
	}
	if res.OutsideAllowed {
		fmt.Fprintln(w, "satdoku: some givens are outside the cells marked allowed: no allowed cell tells the solutions apart")
	}
	n := len(p.Rules)
	switch r := len(res.Redundant); {
	case n == 0:
	case r == 0:
		fmt.Fprintf(w, "satdoku: every rule does work: without any one of the %d the puzzle has a second solution\n", n)
	default:
		verb := "are"
		if r == 1 {
			verb = "is"
		}
		fmt.Fprintf(w, "satdoku: %d of the %d rules %s redundant alone (the puzzle stays unique without it):\n", r, n, verb)
		for _, i := range res.Redundant {
			fmt.Fprintf(w, "   %s\n", p.Rules[i].Describe(p.Side()))
		}
	}
}

// readLayout reads an f-puzzles layout from a file or a link, with the
// cells the setter marked allowed (any colour or highlight on a cell),
// nil when none is marked.
func readLayout(arg string) (*variant.Puzzle, []bool, error) {
	text := arg
	if data, err := os.ReadFile(arg); err == nil {
		text = string(data)
	} else if !strings.Contains(arg, "://") && !strings.HasPrefix(strings.TrimSpace(arg), "{") && !strings.Contains(arg, "load=") {
		return nil, nil, err
	}
	res, err := inputpkg.Load(strings.TrimSpace(text))
	if err != nil {
		return nil, nil, err
	}
	return res.Puzzle, allowedCells(strings.TrimSpace(text), res.Puzzle.Side()), nil
}

// allowedCells returns the cells of an f-puzzles document (JSON, or a link
// with ?load=) that carry a colour ("c", "cArray") or a highlight, the
// setter's mark for "a given may go here"; nil when there are none or the
// document cannot be read as f-puzzles JSON.
func allowedCells(text string, n int) []bool {
	doc := text
	if !strings.HasPrefix(doc, "{") {
		i := strings.Index(doc, "load=")
		if i < 0 {
			return nil
		}
		payload := doc[i+len("load="):]
		if j := strings.IndexAny(payload, "&#"); j >= 0 {
			payload = payload[:j]
		}
		if u, err := url.QueryUnescape(payload); err == nil {
			payload = u
		}
		var err error
		if doc, err = lzstring.DecompressFromBase64(strings.ReplaceAll(payload, " ", "+")); err != nil {
			return nil
		}
	}
	var fp struct {
		Grid [][]map[string]json.RawMessage `json:"grid"`
	}
	if json.Unmarshal([]byte(doc), &fp) != nil || len(fp.Grid) != n {
		return nil
	}
	allowed := make([]bool, n*n)
	any := false
	for r, row := range fp.Grid {
		for c, cell := range row {
			if c >= n {
				break
			}
			for _, key := range []string{"c", "cArray", "highlight"} {
				v, ok := cell[key]
				if ok && !isEmptyJSON(v) {
					allowed[r*n+c], any = true, true
				}
			}
		}
	}
	if !any {
		return nil
	}
	return allowed
}

func isEmptyJSON(v json.RawMessage) bool {
	s := strings.TrimSpace(string(v))
	return s == "" || s == "null" || s == `""` || s == "[]" || s == "false"
}

// readSolution reads a solved grid of shape s from a file.
func readSolution(name string, s board.Shape) (*board.Board, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rd := board.NewReader(inputpkg.Decode(f, 64<<10))
	rd.Name, rd.Shape = name, s
	p, err := rd.Read()
	if err != nil {
		return nil, err
	}
	if !p.Board.Solved() {
		return nil, fmt.Errorf("%s: the grid is not a full, valid solution", name)
	}
	return p.Board, nil
}

// genInfo is what is said of a puzzle beside it.
type genInfo struct {
	givens    int
	symmetry  string
	rating    string
	added     []string
	redundant []string
}

// genWriter writes generated puzzles in an output format of solve's.
type genWriter struct {
	mu     sync.Mutex
	w      *lazyWriter // flushed a moment after each puzzle, as solve's output
	out    outputFormat
	ascii  bool
	outDir string
	seed   uint64
	buf    bytes.Buffer
	n      int
}

// puzzle writes puzzle index with its solution.
func (g *genWriter) puzzle(index int, p *variant.Puzzle, sol *board.Board, info genInfo) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.buf.Reset()
	b := p.Givens
	switch {
	case g.out.json:
		j := genJSON{Index: index, Seed: g.seed, Size: b.Side(), Puzzle: report.Board(b, board.Default), Solution: report.Board(sol, board.Default),
			Givens: info.givens, Symmetry: info.symmetry, Rating: info.rating, Regions: p.Regions, Added: info.added, Redundant: info.redundant}
		for _, r := range p.Rules {
			j.Rules = append(j.Rules, r.Describe(b.Side()))
		}
		data, err := json.Marshal(j)
		if err != nil {
			return err
		}
		g.buf.Write(data)
		g.buf.WriteByte('\n')
	case g.out.fpuzzles == "fpuzzles-url":
		link, err := fpuzzles.URL(p, sol, fpuzzles.Options{})
		if err != nil {
			return err
		}
		g.buf.WriteString(link + "\n")
	case g.out.fpuzzles != "":
		data, err := fpuzzles.Marshal(p, sol, fpuzzles.Options{})
		if err != nil {
			return err
		}
		if err := json.Compact(&g.buf, data); err != nil {
			return err
		}
		g.buf.WriteByte('\n')
	case g.out.picture != "":
		pic := &render.Picture{Puzzle: b, Variant: p, Regions: p.Regions}
		var img bytes.Buffer
		if err := writePicture(&img, pic, g.out.picture, render.Options{}, pictureScale); err != nil {
			return err
		}
		if g.outDir == "" {
			g.buf.Write(img.Bytes())
			break
		}
		path := filepath.Join(g.outDir, fmt.Sprintf("%06d.%s", index, g.out.picture))
		if err := writeFileAtomic(path, img.Bytes()); err != nil {
			return err
		}
		fmt.Fprintf(&g.buf, "%s %d givens\n", path, info.givens)
	default:
		if g.out.board != board.Line && g.n > 0 {
			g.buf.WriteByte('\n')
		}
		if info.rating != "" && g.out.board != board.Line {
			fmt.Fprintf(&g.buf, "# %s\n", info.rating)
		}
		bw := board.NewWriter(&g.buf, g.out.board)
		bw.ASCII, bw.Regions = g.ascii, p.Regions
		if err := bw.Write(b, b); err != nil {
			return err
		}
		if info.rating != "" && g.out.board == board.Line {
			// A comment after the puzzle, which the readers skip.
			line := bytes.TrimSuffix(g.buf.Bytes(), []byte("\n"))
			g.buf.Truncate(len(line))
			fmt.Fprintf(&g.buf, " # %s\n", info.rating)
		}
	}
	g.n++
	_, err := g.w.Write(g.buf.Bytes())
	return err
}

// writeFileAtomic writes data to path through a temporary file renamed
// into place, so that a failed write leaves no partial file.
func writeFileAtomic(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), ".satdoku-*")
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		os.Remove(f.Name())
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(f.Name())
		return err
	}
	return os.Rename(f.Name(), path)
}

// genJSON is one generated puzzle in JSON Lines.
type genJSON struct {
	Index     int      `json:"index"`
	Seed      uint64   `json:"seed"`
	Size      int      `json:"size"`
	Puzzle    any      `json:"puzzle"`
	Solution  any      `json:"solution"`
	Givens    int      `json:"givens"`
	Symmetry  string   `json:"symmetry,omitempty"`
	Rating    string   `json:"rating,omitempty"`
	Regions   []int    `json:"regions,omitempty"`
	Rules     []string `json:"rules,omitempty"`
	Added     []string `json:"added,omitempty"`
	Redundant []string `json:"redundant,omitempty"`
}

// countProgress draws "generated 12/100, 35/s, 3s left" on a terminal's
// stderr, as progress does for solve's files.
type countProgress struct {
	p     *progress
	total int
}

func newCountProgress(stderr io.Writer, quiet bool, total int) *countProgress {
	return &countProgress{p: newProgress(stderr, quiet), total: total}
}

func (c *countProgress) done() {
	p := c.p
	n := p.done_.Add(1)
	if !p.enabled {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	now := time.Now()
	if now.Sub(p.last) < 200*time.Millisecond {
		return
	}
	p.last = now
	rate := float64(n) / now.Sub(p.begun).Seconds()
	line := fmt.Sprintf("generated %d/%d, %.1f/s", n, c.total, rate)
	if left := c.total - int(n); left > 0 && rate > 0 {
		line += fmt.Sprintf(", %v left", time.Duration(float64(left)/rate*float64(time.Second)).Round(time.Second))
	}
	fmt.Fprintf(p.stderr, "\r\x1b[K%s", line)
	p.shown = true
}

func (c *countProgress) finish() { c.p.finish() }
