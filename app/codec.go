package app

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/decode"
	"github.com/satdoku/satdoku/encode"
	"github.com/urfave/cli/v2"
)

func encodeCommand(s *streams) *cli.Command {
	return &cli.Command{
		Name:      "encode",
		Usage:     "write the DIMACS CNF of a puzzle, for any SAT solver",
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

Examples:
   satdoku encode puzzle.txt > puzzle.cnf
   satdoku encode puzzle.txt | cadical -q | satdoku decode --puzzle puzzle.txt
   satdoku encode --out cnf/ --encoding reduced set.txt
   satdoku encode --amo commander big25.txt > big25.cnf

EXIT CODES:
   0    the CNF was written
   1    a file could not be read, or a write failed
   2    usage error (bad flag or argument; several puzzles without --out)
   4    a puzzle is invalid, or the input holds none
` + brokenPipeHelp,
		Flags: []cli.Flag{
			encodingFlag(""), amoFlag(""), boxFlag(), alphabetFlag(),
			&cli.StringFlag{Name: "out", Usage: "write one .cnf per puzzle into `DIR` (needed for files with several puzzles)"},
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
	dir := c.String("out")
	if dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return exitf(ExitError, "%v", err)
		}
	}
	return s.forEachInput(c.Args().Slice(), "a puzzle", func(name string, r io.Reader) error {
		rd := in.reader(r, name)
		var pending *board.Puzzle // held until we know whether a second puzzle follows
		written, invalid := 0, 0
		emit := func(p *board.Puzzle) error {
			f, err := encode.Encode(p.Board, opts)
			if err != nil {
				return exitf(ExitInvalid, "line %d: %v", p.Line, err)
			}
			f.Comments = append([]string{"satdoku " + version() + ", " + displayName(name) + " line " + fmt.Sprint(p.Line)}, f.Comments...)
			written++
			if dir == "" {
				w := bufio.NewWriter(s.stdout)
				if err := f.WriteDIMACS(w); err != nil {
					return exitf(ExitError, "writing CNF: %v", err)
				}
				if err := w.Flush(); err != nil {
					return exitf(ExitError, "writing CNF: %v", err)
				}
				return nil
			}
			path := filepath.Join(dir, fmt.Sprintf("%06d.cnf", written))
			out, err := os.Create(path)
			if err != nil {
				return exitf(ExitError, "%v", err)
			}
			err = f.WriteDIMACS(out)
			if cerr := out.Close(); err == nil {
				err = cerr
			}
			if err != nil {
				return exitf(ExitError, "writing %s: %v", path, err)
			}
			return nil
		}
		for {
			p, err := rd.Read()
			if err == io.EOF {
				break
			}
			var pe *board.ParseError
			if errors.As(err, &pe) {
				fmt.Fprintf(s.stderr, "satdoku: %v\n", err)
				invalid++
				if dir != "" {
					written++ // keep file numbers aligned with puzzle numbers
				}
				continue
			}
			if err != nil {
				return exitf(ExitError, "reading %s: %v", displayName(name), err)
			}
			if dir != "" {
				if err := emit(p); err != nil {
					return err
				}
				continue
			}
			if pending != nil {
				return usagef("%s holds several puzzles: use --out DIR to write one CNF file each", displayName(name))
			}
			pending = p
		}
		if pending != nil {
			if err := emit(pending); err != nil {
				return err
			}
		}
		switch {
		case invalid > 0:
			return silentExit(ExitInvalid)
		case written == 0:
			return exitf(ExitInvalid, "no puzzle in %s", displayName(name))
		}
		return nil
	})
}

func decodeCommand(s *streams) *cli.Command {
	return &cli.Command{
		Name:      "decode",
		Usage:     "read a SAT solver's answer for a puzzle and print the grid",
		ArgsUsage: "--puzzle FILE [ANSWER|-]",
		Description: `Reads the output of any SAT solver run on 'satdoku encode' (SAT-competition
"s"/"v" lines, MiniSat's result file, or a bare model line; variables above
N^3 are ignored) and prints the puzzle's solution in the puzzle's format.
UNSATISFIABLE prints "no solution" (exit 3); UNKNOWN/INDET prints
"undecided" (exit 5); a model that is not a valid solution of the puzzle is
an error naming the cell (exit 6), never a wrong grid.

Examples:
   satdoku encode p.txt | cadical -q | satdoku decode --puzzle p.txt
   satdoku encode p.txt > p.cnf; minisat p.cnf result.txt; satdoku decode --puzzle p.txt result.txt

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
			&cli.StringFlag{Name: "puzzle", Aliases: []string{"p"}, Required: true, Usage: "the puzzle `FILE` that was encoded"},
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
	pf, err := os.Open(c.String("puzzle"))
	if err != nil {
		return exitf(ExitError, "%v", err)
	}
	defer pf.Close()
	rd := in.reader(pf, c.String("puzzle"))
	p, err := rd.Read()
	switch {
	case err == io.EOF:
		return exitf(ExitInvalid, "no puzzle in %s", c.String("puzzle"))
	case err != nil:
		return exitf(ExitInvalid, "%v", err)
	}
	if _, err := rd.Read(); err != io.EOF {
		return usagef("%s holds more than one puzzle: decode needs the one that was encoded", c.String("puzzle"))
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
	grid, status, err := decode.Result(p.Board, out)
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
	if err := wr.Write(grid, p.Board); err != nil {
		return exitf(ExitError, "writing output: %v", err)
	}
	if err := w.Flush(); err != nil {
		return exitf(ExitError, "writing output: %v", err)
	}
	return nil
}
