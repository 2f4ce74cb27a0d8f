package app

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/satdoku/satdoku/batch"
	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/decode"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/internal/atomicfile"
	"github.com/satdoku/satdoku/variant"
	"github.com/urfave/cli/v2"
)

func encodeCommand(s *streams) *cli.Command {
	return &cli.Command{
		Name:      "encode",
		Usage:     "write the DIMACS CNF (or OPB) of a puzzle, variants included, for any SAT or pseudo-Boolean solver",
		ArgsUsage: "[FILE|-]",
		Description: `Writes the CNF of one puzzle to standard output: comment lines (tool,
puzzle, the variable numbering var(r,c,d) = r*N^2 + c*N + d with 0-based r, c
and 1-based d, the encoding), the exact "p cnf V C" header, then one clause
per line ending in 0. For a file of several puzzles, --out DIR writes one
NNNNNN.cnf per puzzle, numbered in input order.

Encodings (--encoding; clause counts for an empty 9x9, plus one unit clause
per given):
   minimal    cell at-least-one, unit at-most-one            8,829 clauses
   efficient  minimal plus cell at-most-one                 11,745 clauses
   extended   exactly-one everywhere (default)              11,988 clauses
   reduced    extended with the givens propagated away (numbering kept)

At-most-one encodings (--amo): how "at most one of these k literals is true"
(one digit per cell, each digit once per unit) becomes clauses. Every choice
has the same solutions; they differ in size and in solving speed.
   auto        pairwise up to 16x16, commander above (default)
   pairwise    a clause (-a -b) for every two literals: k(k-1)/2 clauses, no
               extra variables; propagates best, but grows as N^4
   sequential  Sinz's sequential counter: about 3k clauses, k-1 extra variables
   commander   Klieber and Kwon's commander encoding (groups of 3): about 3.3k
               clauses, k/2 extra variables
   product     Chen's 2-product encoding: about 2k clauses, 2*sqrt(k) extra
               variables
Extra variables are numbered after the N^3 of the board.

Variant puzzles (an f-puzzles file, link or payload, a killer string of
SudoCue or the snarfable format, a pencil-mark grid, or a classic puzzle with --rules or --regions)
are written with every rule as constraints over
the same numbering, their auxiliary variables after N^3 (comments say which
rule uses which); --encoding applies to classic puzzles only, --amo to both.
--format opb writes the pseudo-Boolean competition format instead (sums and
cardinality constraints as they are, comments as "*" lines); decode reads
the answers of both kinds of solver.

Examples:
   satdoku encode puzzle.txt > puzzle.cnf
   satdoku encode puzzle.txt | cadical -q | satdoku decode --puzzle puzzle.txt
   satdoku encode --out cnf/ --encoding reduced set.txt
   satdoku encode --amo commander big25.txt > big25.cnf
   satdoku encode killer.json > killer.cnf               # an f-puzzles file
   satdoku encode --format opb killer.json > killer.opb  # for a pseudo-Boolean solver
   satdoku encode --rules diagonals puzzle.txt > x.cnf

EXIT CODES:
   0    the CNF was written
   1    a file could not be read, or a write failed
   2    usage error (bad flag or argument; several puzzles without --out)
   4    a puzzle is invalid, or the input holds none
` + brokenPipeHelp,
		Flags: []cli.Flag{
			encodingFlag(""), amoFlag(""), boxFlag(), alphabetFlag(), rulesFlag(), regionsFlag(),
			&cli.StringFlag{Name: "format", Value: "dimacs", Usage: "`FORMAT` of the formula: dimacs (CNF, for any SAT solver) or opb (pseudo-Boolean, for MiniSat+, RoundingSat, ...)"},
			&cli.StringFlag{Name: "out", Usage: "write one .cnf (or .opb) per puzzle into `DIR` (needed for files with several puzzles)"},
		},
		Action: func(c *cli.Context) error { return runEncode(c, s) },
	}
}

func runEncode(c *cli.Context, s *streams) error {
	if c.NArg() > 1 {
		return usagef("encode takes one input, got %d (use --out DIR for many puzzles in one file)", c.NArg())
	}
	opts, err := encodeOptions(c)
	if err != nil {
		return err
	}
	in, err := parseInput(c)
	if err != nil {
		return err
	}
	rules, err := newRuleSet(c)
	if err != nil {
		return err
	}
	format := strings.ToLower(c.String("format"))
	if format != "dimacs" && format != "opb" {
		return usagef("--format %q: want dimacs or opb", c.String("format"))
	}
	ext := map[string]string{"dimacs": "cnf", "opb": "opb"}[format]
	dir := c.String("out")
	if dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return exitf(ExitError, "%v", err)
		}
	}
	src := newInputs(s, c.Args().Slice(), in, &progress{})
	src.rules = rules
	src.notes = s.stderr
	name := displayName(c.Args().First())
	if c.NArg() == 0 {
		name = "stdin"
	}
	// pending is held until we know whether a second puzzle follows.
	var pending *board.Puzzle
	var pendingVariant *variant.Puzzle
	var pendingFrom string
	written, invalid := 0, 0
	// emit writes the formula of p (or v), read from the input from.
	emit := func(p *board.Puzzle, v *variant.Puzzle, from string) error {
		var f *encode.Formula
		var err error
		if v != nil {
			f, err = encode.Variant(v)
			if err == nil && c.IsSet("amo") {
				f.AMO = opts.AMO
			}
		} else {
			f, err = encode.Encode(p.Board, opts)
		}
		if err != nil {
			return exitf(ExitInvalid, "%s line %d: %v", from, p.Line, err)
		}
		f.Comments = append([]string{"satdoku " + version() + ", " + from + " line " + fmt.Sprint(p.Line)}, f.Comments...)
		written++
		write := f.WriteDIMACS
		if format == "opb" {
			write = f.WriteOPB
		}
		if dir == "" {
			w := bufio.NewWriter(s.stdout)
			if err := write(w); err != nil {
				return exitf(ExitError, "writing %s: %v", format, err)
			}
			if err := w.Flush(); err != nil {
				return exitf(ExitError, "writing %s: %v", format, err)
			}
			return nil
		}
		path := filepath.Join(dir, fmt.Sprintf("%06d.%s", written, ext))
		if err := atomicfile.Write(path, 0o644, write); err != nil {
			return exitf(ExitError, "%v", err) // it names the file
		}
		return nil
	}
	for {
		p, v, err := src.ReadVariant()
		if err == io.EOF {
			break
		}
		if err != nil && batch.Unreadable(err) {
			fmt.Fprintf(s.stderr, "satdoku: %v\n", err)
			invalid++
			if dir != "" {
				written++ // keep file numbers aligned with puzzle numbers
			}
			continue
		}
		if err != nil {
			return exitf(ExitError, "reading %s: %v", name, err)
		}
		from := displayName(src.Name())
		if dir != "" {
			if err := emit(p, v, from); err != nil {
				return err
			}
			continue
		}
		if pending != nil {
			return usagef("%s holds several puzzles: use --out DIR to write one file each", name)
		}
		pending, pendingVariant, pendingFrom = p, v, from
	}
	src.reportUpTo(-1, s.stderr)
	if src.failures() > 0 {
		return silentExit(ExitError)
	}
	if pending != nil {
		if err := emit(pending, pendingVariant, pendingFrom); err != nil {
			return err
		}
	}
	switch {
	case invalid > 0:
		return silentExit(ExitInvalid)
	case written == 0:
		return exitf(ExitInvalid, "no puzzle in %s", name)
	}
	return nil
}

func decodeCommand(s *streams) *cli.Command {
	return &cli.Command{
		Name:      "decode",
		Usage:     "read a SAT solver's answer for a puzzle and print the grid",
		ArgsUsage: "--puzzle FILE [ANSWER|-]",
		Description: `Reads the output of any SAT solver run on 'satdoku encode' (SAT-competition
"s"/"v" lines, MiniSat's result file, or a bare model line; variables above
N^3 are ignored), or of a pseudo-Boolean solver run on 'satdoku encode
--format opb' ("v x1 -x2 ..."), and prints the puzzle's solution in the
puzzle's format. For a variant puzzle (--puzzle an f-puzzles file or link,
or a classic puzzle with the --rules and --regions it was encoded with) the
grid is checked against every rule.
UNSATISFIABLE prints "no solution" (exit 3); UNKNOWN/INDET prints
"undecided" (exit 5); a model that is not a valid solution of the puzzle is
an error naming the cell (exit 6), never a wrong grid.

Examples:
   satdoku encode p.txt | cadical -q | satdoku decode --puzzle p.txt
   satdoku encode p.txt > p.cnf; minisat p.cnf result.txt; satdoku decode --puzzle p.txt result.txt
   satdoku encode --format opb k.json > k.opb; minisat+ k.opb | satdoku decode --puzzle k.json
   satdoku encode --out cnf/ set.txt; cadical -q cnf/000007.cnf | satdoku decode --puzzle set.txt --index 7

EXIT CODES:
   0    the solution was printed
   1    a file could not be read, or a write failed
   2    usage error (bad flag or argument)
   3    the solver found no solution (UNSATISFIABLE): "no solution" is printed
   4    the puzzle or the solver's answer cannot be read
   5    the solver gave up (UNKNOWN, INDET): "undecided" is printed
   6    the model is not a solution of the puzzle (the error names the cell)
` + brokenPipeHelp,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "puzzle", Aliases: []string{"p"}, Required: true, Usage: "the puzzle `FILE` that was encoded (an f-puzzles file or link too)"},
			&cli.IntFlag{Name: "index", Usage: "decode for the `K`th puzzle of the --puzzle file (1-based; needed when it holds several)", DefaultText: "its only puzzle"},
			rulesFlag(), regionsFlag(),
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "output `FORMAT`: grid, compact, line or pretty; default: the puzzle's format"},
			boxFlag(), alphabetFlag(),
		},
		Action: func(c *cli.Context) error { return runDecode(c, s) },
	}
}

func runDecode(c *cli.Context, s *streams) error {
	if c.NArg() > 1 {
		return usagef("decode takes one answer file, got %d", c.NArg())
	}
	in, err := parseInput(c)
	if err != nil {
		return err
	}
	rules, err := newRuleSet(c)
	if err != nil {
		return err
	}
	if _, err := os.Stat(c.String("puzzle")); err != nil {
		return exitf(ExitError, "%v", err)
	}
	// The puzzle is read as solve reads it: f-puzzles input is told apart
	// by its content, and --rules and --regions make a classic one a variant.
	src := newInputs(s, []string{c.String("puzzle")}, in, &progress{})
	src.rules = rules
	index := c.Int("index")
	if index < 0 {
		return usagef("--index must be at least 1, not %d", index)
	}
	var p *board.Puzzle
	var v *variant.Puzzle
	read := 0 // puzzles read before the one wanted
	for ; ; read++ {
		p, v, err = src.ReadVariant()
		if read+1 == max(index, 1) || err == io.EOF {
			break
		}
	}
	src.reportUpTo(-1, s.stderr)
	name := displayName(c.String("puzzle"))
	switch {
	case src.failures() > 0:
		return silentExit(ExitError)
	case err == io.EOF && index > 1:
		return exitf(ExitInvalid, "%s holds %s, so there is no puzzle %d", name, count(read, "puzzle"), index)
	case err == io.EOF:
		return exitf(ExitInvalid, "no puzzle in %s", name)
	case err != nil:
		return exitf(ExitInvalid, "%v", err)
	}
	if index == 0 {
		if _, _, err := src.ReadVariant(); err != io.EOF {
			return usagef("%s holds more than one puzzle: name the one that was encoded with --index K (encode --out writes puzzle K to K's file, 000001.cnf for 1)", name)
		}
	}
	format, err := parseOutput(c.String("output"), false)
	if err != nil {
		return err
	}
	if err := format.check(p); err != nil {
		return usagef("%v", refuse(displayName(c.String("puzzle")), format, err, p, false))
	}
	var out decode.Output
	err = s.forEachInput(c.Args().Slice(), "a SAT solver's answer", func(name string, r io.Reader) error {
		var rerr error
		if out, rerr = decode.ReadOutput(r); rerr != nil {
			return exitf(ExitInvalid, "%s: %v", displayName(name), rerr)
		}
		return nil
	})
	if err != nil {
		return err
	}
	var grid *board.Board
	var status encode.Status
	if v != nil {
		grid, status, err = decode.VariantResult(v, out)
	} else {
		grid, status, err = decode.Result(p.Board, out)
	}
	w := bufio.NewWriter(s.stdout)
	defer w.Flush()
	switch {
	case status == encode.Unsat:
		w.WriteString("no solution\n")
		return silentExit(ExitNoSolution)
	case errors.Is(err, decode.ErrUndecided):
		w.WriteString("undecided\n")
		return exitf(ExitTimeout, "%v", err)
	case err != nil:
		return exitf(ExitFailed, "%v", err)
	}
	wr := board.NewWriter(w, format.textFormat(p))
	wr.Alphabet = &p.Alphabet
	if v != nil {
		wr.Regions = v.Regions // pretty borders follow irregular regions
	}
	if err := wr.Write(grid, p.Board); err != nil {
		return exitf(ExitError, "writing output: %v", err)
	}
	if err := w.Flush(); err != nil {
		return exitf(ExitError, "writing output: %v", err)
	}
	return nil
}
