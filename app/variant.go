package app

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/satdoku/satdoku/batch"
	"github.com/satdoku/satdoku/board"
	inputpkg "github.com/satdoku/satdoku/input"
	"github.com/satdoku/satdoku/report"
	"github.com/satdoku/satdoku/variant"
	"github.com/urfave/cli/v2"
)

// Variant puzzles on the command line: the puzzles of any input, read by
// package input, and classic inputs with global rules (--rules) and jigsaw
// regions (--regions).

// rulesFlag and regionsFlag are --rules and --regions, shared by solve,
// encode, decode and render.
func rulesFlag() cli.Flag {
	return &cli.StringFlag{Name: "rules", Usage: "global variant rules `SPEC` of classic inputs, comma-separated: " + variant.SpecNames}
}

func regionsFlag() cli.Flag {
	return &cli.StringFlag{Name: "regions", Usage: "jigsaw regions of classic inputs: a `FILE` of N lines of N region labels (e.g. 112223334)"}
}

// readPuzzle reads the next puzzle of r, a puzzle that cannot be read
// being a *batch.InputError (or, in a text input, a *board.ParseError).
func readPuzzle(r *inputpkg.Reader) (*board.Puzzle, *variant.Puzzle, error) {
	p, v, err := r.Read()
	if err != nil && err != io.EOF {
		err = inputError(err)
	}
	return p, v, err
}

// inputError returns an *input.PuzzleError as a *batch.InputError, and any
// other error as it is. It is a function of its own so that its errors.As
// target, which escapes, is allocated only for an error, not once per
// puzzle read.
func inputError(err error) error {
	var pe *inputpkg.PuzzleError
	if errors.As(err, &pe) {
		return &batch.InputError{Err: pe.Err, Line: pe.Line}
	}
	return err
}

// ruleSet adds the --rules and --regions of the command line to classic
// puzzles, read once per board shape (batch.OncePerShape).
type ruleSet struct {
	spec        string
	regionsName string
	regions     []byte // the --regions file

	forShape batch.RulesFunc // read, once per shape
}

// newRuleSet reads --rules and --regions; it returns nil when neither is
// given. A spec that names an unknown rule is a usage error.
func newRuleSet(c *cli.Context) (*ruleSet, error) {
	spec, regions := c.String("rules"), c.String("regions")
	if spec == "" && regions == "" {
		return nil, nil
	}
	if _, err := variant.ParseRules(spec, board.Classic); err != nil && errors.Is(err, variant.ErrUnknownRule) {
		return nil, usagef("--rules: %v", err)
	}
	rs := &ruleSet{spec: spec, regionsName: regions}
	rs.forShape = batch.OncePerShape(rs.read)
	if regions != "" {
		f, err := os.Open(regions)
		if err != nil {
			return nil, exitf(ExitError, "--regions: %v", err)
		}
		defer f.Close()
		data, err := io.ReadAll(inputpkg.Decode(f, 4096)) // as any input: UTF-8 whatever its byte order mark
		if err != nil {
			return nil, exitf(ExitError, "--regions: %v", err)
		}
		rs.regions = data
	}
	return rs, nil
}

// read reads the rules and regions of puzzles of shape s.
func (rs *ruleSet) read(s board.Shape) (rules []variant.Rule, regions []int, err error) {
	if rules, err = variant.ParseRules(rs.spec, s); err != nil {
		return nil, nil, fmt.Errorf("--rules: %w", err)
	}
	if rs.regions != nil {
		if regions, err = variant.ReadRegions(bytes.NewReader(rs.regions), s.Side()); err != nil {
			return nil, nil, fmt.Errorf("--regions %s: %w", rs.regionsName, err)
		}
	}
	return rules, regions, nil
}

// apply returns p with the rules and regions: a variant puzzle whose
// givens are p's board.
func (rs *ruleSet) apply(p *board.Puzzle) (*variant.Puzzle, error) {
	rules, regions, err := rs.forShape(p.Board.Shape)
	if err != nil {
		return nil, err
	}
	return &variant.Puzzle{Givens: p.Board, Regions: regions, Rules: rules}, nil
}

// writeCandidates writes the true candidates of p as a grid of sets: a
// line per row, each cell's digits in p's symbols (run together when each
// digit is one symbol, else numbers separated by commas), the sets padded
// to one width.
func writeCandidates(w *bytes.Buffer, p *board.Puzzle, cs []uint64) {
	n := p.Board.Side()
	symbols := p.Format != board.Grid && board.CanWrite(board.Line, p.Board.Shape, p.Alphabet) == nil
	sets := make([]string, len(cs))
	width, open := 1, 0
	for i, set := range cs {
		ds := report.Digits(set)
		if len(ds) > 1 {
			open++
		}
		var sb strings.Builder
		for k, d := range ds {
			switch {
			case symbols:
				sb.WriteByte(p.Alphabet.Symbol(d))
			case n <= 9:
				sb.WriteByte(byte('0' + d))
			default:
				if k > 0 {
					sb.WriteByte(',')
				}
				fmt.Fprint(&sb, d)
			}
		}
		sets[i] = sb.String()
		width = max(width, len(sets[i]))
	}
	fmt.Fprintf(w, "# true candidates: %s with more than one\n", count(open, "cell"))
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			s := sets[r*n+c]
			if c < n-1 {
				s += strings.Repeat(" ", width-len(s)+1)
			}
			w.WriteString(s)
		}
		w.WriteByte('\n')
	}
}

// classicVariant returns a classic puzzle as a variant one with no rules.
func classicVariant(b *board.Board) *variant.Puzzle {
	v := variant.New(b.Shape)
	v.Givens = b
	return v
}
