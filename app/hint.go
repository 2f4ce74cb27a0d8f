package app

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/satdoku/satdoku/batch"
	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/engine"
	inputpkg "github.com/satdoku/satdoku/input"
	"github.com/satdoku/satdoku/logic"
	"github.com/satdoku/satdoku/report"
	"github.com/satdoku/satdoku/variant"
	"github.com/urfave/cli/v2"
)

func hintCommand(s *streams) *cli.Command {
	return &cli.Command{
		Name:      "hint",
		Usage:     "say the next logical step of a partly solved puzzle, or which entered digit is wrong",
		ArgsUsage: "[FILE|-]",
		Description: `Reads one position (the first puzzle of the input): a classic puzzle, a
pencil-mark grid (its marks are the candidates), or an f-puzzles file or
link whose cells hold digits a person entered (a "value" that is not
"given"). It solves the puzzle to know its solution; when an entered digit
differs from it, it says which (no step can follow from a wrong digit).
Otherwise it prints the next step a person would take, in words (with
-o json, as data). The uniqueness techniques are used only when the puzzle
has one solution. Every rule satdoku reads has steps of its own, and where
none applies, the SAT step names the smallest set of rules that forbids a
candidate. --timeout bounds the solve and the search for the step
together (exit 5 when it runs out).

Examples:
   satdoku hint position.txt            # the next step
   satdoku hint progress.json           # an f-puzzles file: checks the entered digits first
   satdoku hint -o json marks.txt       # a pencil-mark grid, the step as data

EXIT CODES:
   0    a hint was printed (a wrong digit, a step, or that the grid is solved or stuck)
   1    the input could not be read
   2    usage error
   3    the puzzle has no solution
   4    the input holds no puzzle, or an invalid one
   5    --timeout ran out before a hint (the puzzle unsolved, or no step found yet)
`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "output `FORMAT`: text (default) or json"},
			&cli.BoolFlag{Name: "allow-trial", Usage: "when no technique applies, go on by trial (bifurcation)"},
			&cli.BoolFlag{Name: "no-uniqueness", Usage: "never use the techniques that assume one solution (unique rectangles, BUG)"},
			&cli.DurationFlag{Name: "timeout", Usage: "give up after `DURATION` (e.g. 5s): the solve and the search for the step together", DefaultText: "0, no limit"},
			alphabetFlag(), boxFlag(),
		},
		Action: func(c *cli.Context) error { return runHint(c, s) },
	}
}

// position is what hint reads: a puzzle, its variant form (nil for a
// classic one) and the digits a person entered (nil for none).
type position struct {
	board   *board.Board
	variant *variant.Puzzle
	entered []int
	// marks holds, per cell, the candidates a person marked (center or
	// corner pencil marks, kaji's candidates), or nil.
	marks [][]int
}

// readPosition reads the first puzzle of an input: through input.Load for
// a variant format, which keeps the entered digits, else as solve reads it.
func readPosition(text, name string, in input, notes io.Writer) (*position, error) {
	if f := inputpkg.Detect(text); f.Variant() && f != inputpkg.Marks && f != inputpkg.JSONArray {
		res, err := inputpkg.Load(text)
		if err != nil {
			return nil, exitf(ExitInvalid, "%s: %v", displayName(name), err)
		}
		return &position{board: res.Puzzle.Givens, variant: res.Puzzle, entered: res.Entered, marks: res.Marks}, nil
	}
	rd := in.open(bufio.NewReader(strings.NewReader(text)), name, notes)
	p, v, err := readNth(rd, name, 1)
	if err != nil {
		return nil, err
	}
	if v != nil {
		return &position{board: v.Givens, variant: v}, nil
	}
	return &position{board: p.Board}, nil
}

// jsonHint is hint's answer as JSON.
type jsonHint struct {
	Mistakes []report.Candidate `json:"mistakes,omitempty"`
	// MarkMistakes are the cells whose marks leave out the solution's
	// digit, with that digit.
	MarkMistakes []report.Candidate `json:"markMistakes,omitempty"`
	Step         *report.Step       `json:"step,omitempty"`
	Solved       bool               `json:"solved"`
	Stuck        bool               `json:"stuck"`
	Note         string             `json:"note,omitempty"`
}

func runHint(c *cli.Context, s *streams) error {
	if c.NArg() > 1 {
		return usagef("hint reads one position: give one file")
	}
	asJSON := false
	switch o := c.String("output"); o {
	case "", "text":
	case "json":
		asJSON = true
	default:
		return usagef("--output %q: want text or json", o)
	}
	in, err := parseInput(c)
	if err != nil {
		return err
	}
	batch.TuneGCShort()
	lc := logicConfig{trial: c.Bool("allow-trial"), noUnique: c.Bool("no-uniqueness"), timeout: c.Duration("timeout")}
	if lc.timeout < 0 {
		return usagef("--timeout must not be negative")
	}
	ctx := c.Context
	if lc.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, lc.timeout)
		defer cancel()
	}
	var pos *position
	err = s.forEachInput(c.Args().Slice(), "a puzzle", func(name string, r io.Reader) error {
		data, err := io.ReadAll(r)
		if err != nil {
			return exitf(ExitError, "%s: %v", displayName(name), err)
		}
		pos, err = readPosition(string(data), name, in, s.stderr)
		return err
	})
	if err != nil {
		return err
	}
	g, err := logicGrid(pos.board, pos.variant)
	if err != nil {
		return exitf(ExitInvalid, "%v", err)
	}
	res, err := solveOne(ctx, s, pos)
	if err != nil {
		return err
	}
	h := jsonHint{}
	unique := res.Count == 1
	if !unique {
		h.Note = "the puzzle has more than one solution: entered digits are not checked, and no uniqueness technique is used"
	}
	h.Mistakes = enterDigits(g, pos.entered, res.Solution, unique)
	h.MarkMistakes = markCandidates(g, pos.marks, res.Solution, unique)
	if len(h.Mistakes) == 0 && len(h.MarkMistakes) == 0 {
		if g.Solved() {
			h.Solved = true
		} else if opts, err := lc.options(ctx, g, unique, res.Solution); err != nil {
			return exitf(ExitInvalid, "%v", err)
		} else if st, ok := logic.Next(g, opts); ok {
			js := report.NewStep(g, st)
			h.Step = &js
		} else if ctx.Err() != nil {
			return exitf(ExitTimeout, "no step found within --timeout %v", lc.timeout)
		} else {
			h.Stuck = true
		}
	}
	var out strings.Builder
	if asJSON {
		data, err := json.Marshal(h)
		if err != nil {
			return exitf(ExitError, "%v", err)
		}
		out.Write(data)
		out.WriteByte('\n')
	} else {
		if h.Note != "" {
			fmt.Fprintf(s.stderr, "satdoku: note: %s\n", h.Note)
		}
		for _, m := range h.Mistakes {
			fmt.Fprintf(&out, "%s = %d is wrong: the solution has another digit there\n", m.Name, m.Digit)
		}
		for _, m := range h.MarkMistakes {
			fmt.Fprintf(&out, "%s: the marks leave out %d, the solution's digit there\n", m.Name, m.Digit)
		}
		switch {
		case h.Step != nil:
			out.WriteString(h.Step.Text + "\n")
		case h.Solved:
			out.WriteString("solved: every cell is filled\n")
		case h.Stuck:
			fmt.Fprintf(&out, "stuck: no technique applies, %s left (--allow-trial goes on by trial)\n", count(candidatesLeft(g), "candidate"))
		}
	}
	if _, err := io.WriteString(s.stdout, out.String()); err != nil {
		return exitf(ExitError, "writing output: %v", err)
	}
	return nil
}

// solveOne solves the position's puzzle (its givens and rules, not the
// entered digits), counting to two, with the portfolio as solve does by
// default (the backtracker answers most puzzles before the SAT side is
// needed); an outcome other than solved is the exit error.
func solveOne(ctx context.Context, s *streams, pos *position) (engine.Result, error) {
	o := batch.Options{Engine: engine.Options{Kind: engine.Portfolio, Limit: 2}, Workers: 1, Worker: s.worker}
	if d, ok := ctx.Deadline(); ok {
		o.Timeout = max(time.Until(d), time.Millisecond)
	}
	var res engine.Result
	src := &onePuzzle{p: &board.Puzzle{Board: pos.board, Line: 1}, v: pos.variant}
	if err := batch.Solve(ctx, src, o, func(r *batch.Result) error { res = r.Result; return nil }); err != nil {
		return res, exitf(ExitError, "%v", err)
	}
	switch res.Status {
	case engine.Solved:
		return res, nil
	case engine.NoSolution:
		return res, exitf(ExitNoSolution, "the puzzle has no solution, so there is no hint")
	case engine.Invalid:
		return res, exitf(ExitInvalid, "%v", res.Err)
	case engine.Timeout:
		return res, exitf(ExitTimeout, "the puzzle was not solved in time: %v", res.Err)
	}
	return res, exitf(ExitFailed, "solving: %v", res.Err)
}

// enterDigits enters the digits a person entered into g and returns those
// that differ from the solution (when it is the only one), in cell order:
// the wrong ones that Enter accepted (logic.Grid.Mistakes) and the ones it
// refused because they clash with a peer.
func enterDigits(g *logic.Grid, entered []int, sol *board.Board, unique bool) []report.Candidate {
	var refused []logic.Candidate
	for i, d := range entered {
		if d != 0 && g.Enter(i, d) != nil {
			refused = append(refused, logic.Candidate{Cell: i, Digit: d})
		}
	}
	if !unique {
		return nil
	}
	wrong := g.Mistakes(sol.Cells)
	for _, c := range refused {
		if int(sol.Cells[c.Cell]) != c.Digit {
			wrong = append(wrong, c)
		}
	}
	slices.SortFunc(wrong, func(a, b logic.Candidate) int { return a.Cell - b.Cell })
	return report.Candidates(g.N, wrong)
}

// markCandidates keeps, in each unsolved cell of g with marks, only the
// marked digits (a person's candidates), and returns the cells whose
// marks leave out the solution's digit (when it is the only solution),
// with that digit, in cell order.
func markCandidates(g *logic.Grid, marks [][]int, sol *board.Board, unique bool) []report.Candidate {
	var wrong []logic.Candidate
	for c, m := range marks {
		if m == nil || c >= len(g.Cand) || g.Value[c] != 0 {
			continue
		}
		set := logic.DigitSet(m...)
		if unique && !set.Has(int(sol.Cells[c])) {
			wrong = append(wrong, logic.Candidate{Cell: c, Digit: int(sol.Cells[c])})
			continue
		}
		g.Restrict(c, set)
	}
	return report.Candidates(g.N, wrong)
}
