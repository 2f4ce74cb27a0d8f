package app

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/satdoku/satdoku/batch"
	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/fpuzzles"
	"github.com/satdoku/satdoku/variant"
	"github.com/satdoku/satdoku/web"
	"github.com/urfave/cli/v2"
)

// Variant puzzles on the command line: f-puzzles inputs (a JSON file, or
// links and their compressed text, one a line), and classic inputs with
// global rules (--rules) and jigsaw regions (--regions).

// rulesFlag and regionsFlag are --rules and --regions, shared by solve,
// encode, decode and render.
func rulesFlag() cli.Flag {
	return &cli.StringFlag{Name: "rules", Usage: "global variant rules `SPEC` of classic inputs, comma-separated: " + variant.SpecNames}
}

func regionsFlag() cli.Flag {
	return &cli.StringFlag{Name: "regions", Usage: "jigsaw regions of classic inputs: a `FILE` of N lines of N region labels (e.g. 112223334)"}
}

// fpuzzlesPeek is how much of an input is looked at to tell f-puzzles
// input from text puzzles.
const fpuzzlesPeek = 64 << 10

// isFPuzzles reports whether the input is f-puzzles input: a file named
// *.json (a JSON array is read element by element, see fpInput), or one
// whose first line other
// than blanks and # comments is JSON ('{'), an f-puzzles or SudokuPad
// link, the compressed text after "?load=" (web.LooksLikeFPuzzles), or an
// Interactive Sudoku Solver string or link (fpuzzles.IsSigh). It
// reads no further than the end of that line, so that puzzles piped in
// one at a time are answered at once.
func isFPuzzles(name string, br *bufio.Reader) bool {
	if isJSONName(name) {
		return true
	}
	lines := 0
	first := peekLine(br, func(line []byte) bool {
		line = bytes.TrimSpace(line)
		if len(line) == 0 || line[0] == '#' {
			return false
		}
		// "[" over "[": an array of arrays printed one value a line (as
		// jq or json.dumps(indent=…) print a board), read as JSON;
		// rows on their lines ("[5, 3, 0, …],") stay a grid.
		lines++
		return lines == 2 || string(line) != "["
	})
	if lines == 2 && string(bytes.TrimSpace(first)) == "[" {
		return true
	}
	return looksLikeFPuzzlesLine(first)
}

// peekLine returns the first line of the input that want accepts, without
// its end, or what is left of the input (or of fpuzzlesPeek bytes) when
// none is, reading nothing from br.
func peekLine(br *bufio.Reader, want func(line []byte) bool) []byte {
	start := 0
	for i := 1; i <= fpuzzlesPeek; i++ {
		b, err := br.Peek(i)
		if err != nil { // the end of the input, or of the peek
			return b[start:]
		}
		if b[i-1] != '\n' {
			continue
		}
		if line := b[start : i-1]; want(line) {
			return line
		}
		start = i
	}
	b, _ := br.Peek(fpuzzlesPeek)
	return b[start:]
}

// isJSONName reports whether a file name ends in .json (in any case).
func isJSONName(name string) bool { return strings.EqualFold(filepath.Ext(name), ".json") }

// looksLikeFPuzzlesLine reports whether the first line of an input is
// f-puzzles input: the start of JSON, or one word that is a link or a
// payload. A line with spaces is a row of a text puzzle.
func looksLikeFPuzzlesLine(line []byte) bool {
	line = bytes.TrimSpace(line)
	if len(line) == 0 || line[0] == '#' {
		return false
	}
	if line[0] == '{' {
		return true
	}
	if fpuzzles.IsSigh(string(line)) { // ISS ignores spaces in its strings
		return true
	}
	return !bytes.ContainsAny(line, " \t") && web.LooksLikeFPuzzles(string(line))
}

// variantInput is an input of variant puzzles: f-puzzles (fpInput) or
// pencil-mark grids (marksInput). read returns the next puzzle: an
// *batch.InputError for one that cannot be read, io.EOF at the end, or
// another error for an input that cannot be read at all.
type variantInput interface {
	read() (*board.Puzzle, *variant.Puzzle, error)
}

// isMarksGrid reports whether the input is pencil-mark grids: its first
// line other than blanks, # comments and frame lines is a row of
// candidates (variant.IsMarksRow). Like isFPuzzles, it reads no further
// than the end of that line.
func isMarksGrid(br *bufio.Reader) bool {
	return variant.IsMarksRow(string(peekLine(br, func(line []byte) bool {
		line = bytes.TrimSpace(line)
		return len(line) > 0 && line[0] != '#' && bytes.ContainsAny(line, "0123456789")
	})))
}

// marksInput reads the pencil-mark grids of one input.
type marksInput struct {
	name string
	m    *variant.MarksReader
}

func (in *marksInput) read() (*board.Puzzle, *variant.Puzzle, error) {
	v, line, err := in.m.Read()
	var pe *variant.ParseError
	switch {
	case err == io.EOF:
		return nil, nil, io.EOF
	case errors.As(err, &pe):
		if line == 0 {
			line = pe.Line
		}
		return nil, nil, &batch.InputError{Err: fmt.Errorf("%s: %w", displayName(in.name), err), Line: line}
	case err != nil:
		return nil, nil, err
	}
	return &board.Puzzle{Board: v.Givens, Line: line, Format: board.Grid, Alphabet: board.Default}, v, nil
}

// fpInput reads the puzzles of one f-puzzles input: a JSON document, or
// links or payloads one a line (blank lines and # comments skipped), read
// a line at a time so that a file of many links streams.
type fpInput struct {
	name  string
	r     *bufio.Reader
	notes io.Writer // where the ignored content is noted; nil: nowhere
	line  int       // lines read
	done  bool      // a JSON document was read: it is the whole input
	// arr reads a *.json input that is a JSON array, element by element.
	arr *fpuzzles.ArrayReader
}

// read returns the next puzzle: an *batch.InputError for one that cannot
// be read, io.EOF at the end, or another error for an input that cannot be
// read at all.
func (f *fpInput) read() (*board.Puzzle, *variant.Puzzle, error) {
	if f.arr != nil {
		return f.element()
	}
	var text string
	for text == "" {
		if f.done {
			return nil, nil, io.EOF
		}
		if f.arrayAhead() {
			// A JSON array, however long its line: its elements are the
			// puzzles, each bounded by fpuzzles.MaxJSON, read as they
			// come.
			f.line++
			f.arr = fpuzzles.NewArrayReader(f.r)
			f.arr.FirstLine = f.line
			return f.element()
		}
		l, err := f.readLine()
		if err != nil && err != io.EOF {
			return nil, nil, err
		}
		if err == io.EOF && l == "" {
			return nil, nil, io.EOF
		}
		f.line++
		switch t := strings.TrimSpace(l); {
		case t == "" || t[0] == '#':
		case t[0] == '[' && (isJSONName(f.name) || t == "["):
			// A JSON array: its elements are the puzzles.
			f.arr = fpuzzles.NewArrayReader(io.MultiReader(strings.NewReader(l+"\n"), f.r))
			f.arr.FirstLine = f.line
			return f.element()
		case t[0] == '{' && json.Valid([]byte(t)):
			// A whole JSON document on its line: one puzzle of JSON Lines,
			// as -o fpuzzles writes a batch (or the whole input, if
			// nothing follows).
			text = t
			if _, perr := f.r.Peek(1); perr == io.EOF {
				f.done = true
			}
		case t[0] == '{':
			// The JSON document: the rest of the input.
			rest, rerr := io.ReadAll(io.LimitReader(f.r, int64(fpuzzles.MaxJSON+1-len(l))))
			if rerr != nil {
				return nil, nil, rerr
			}
			if len(l)+len(rest) > fpuzzles.MaxJSON {
				return nil, nil, fmt.Errorf("line %d: more than %d MiB of f-puzzles JSON", f.line, fpuzzles.MaxJSON>>20)
			}
			text, f.done = l+"\n"+string(rest), true
		default:
			text = t
		}
		if err == io.EOF {
			f.done = true
		}
	}
	at := fmt.Sprintf("%s: line %d", displayName(f.name), f.line)
	if f.line == 1 && f.done {
		at = displayName(f.name) // the whole input
	}
	res, err := fpuzzles.Load(text)
	if err != nil {
		return nil, nil, &batch.InputError{Err: fmt.Errorf("%s: %w", at, err), Line: f.line}
	}
	return f.puzzle(res, at, f.line)
}

// puzzle returns what was read at line (named at in notes), noting what
// it only draws.
func (f *fpInput) puzzle(res *fpuzzles.Result, at string, line int) (*board.Puzzle, *variant.Puzzle, error) {
	if f.notes != nil && len(res.Ignored) > 0 {
		fmt.Fprintf(f.notes, "satdoku: %s: note: not solved with: %s\n", at, ignoredList(res.Ignored))
	}
	v := res.Puzzle
	return &board.Puzzle{Board: v.Givens, Line: line, Format: board.Grid, Alphabet: board.Default}, v, nil
}

// element returns the puzzle of the array's next element.
func (f *fpInput) element() (*board.Puzzle, *variant.Puzzle, error) {
	res, line, err := f.arr.Next()
	var ee *fpuzzles.ElementError
	switch {
	case err == io.EOF:
		return nil, nil, io.EOF
	case errors.As(err, &ee):
		return nil, nil, &batch.InputError{Err: fmt.Errorf("%s: %w", displayName(f.name), ee), Line: ee.Line}
	case err != nil:
		// Broken JSON: nothing after it can be read. It is this input's
		// error, and the next input is still read.
		f.arr, f.done = nil, true
		return nil, nil, &batch.InputError{Err: fmt.Errorf("%s: %w", displayName(f.name), err)}
	}
	return f.puzzle(res, fmt.Sprintf("%s: line %d", displayName(f.name), line), line)
}

// arrayAhead reports whether the next line starts a JSON array that holds
// puzzles: in a *.json input any '[', elsewhere '[' followed by a string
// or an object ('["…' or '[{'), which no text puzzle starts with. It reads
// nothing, and peeks no further than the white space after the '['.
func (f *fpInput) arrayAhead() bool {
	const most = 256 // of white space before and after the '['
	opened := false
	for i := 1; i <= most; i++ {
		b, err := f.r.Peek(i)
		if err != nil {
			return false
		}
		switch c := b[i-1]; {
		case c == ' ' || c == '\t' || c == '\r' || (opened && c == '\n'):
		case !opened && c == '[':
			if isJSONName(f.name) {
				return true
			}
			opened = true
		default:
			return opened && (c == '"' || c == '{')
		}
	}
	return false
}

// readLine returns the next line without its end, at most
// fpuzzles.MaxJSON bytes long, or io.EOF (with the last line, if it has no
// end).
func (f *fpInput) readLine() (string, error) {
	var sb strings.Builder
	for {
		chunk, err := f.r.ReadSlice('\n')
		if sb.Len()+len(chunk) > fpuzzles.MaxJSON {
			return "", fmt.Errorf("line %d: longer than %d MiB", f.line+1, fpuzzles.MaxJSON>>20)
		}
		sb.Write(chunk)
		switch err {
		case bufio.ErrBufferFull:
			continue
		case nil:
			return strings.TrimSuffix(sb.String(), "\n"), nil
		}
		return sb.String(), err
	}
}

// ignoredList says what an f-puzzles file holds that is not solved with.
func ignoredList(ig []fpuzzles.Ignored) string {
	words := make([]string, len(ig))
	for i, x := range ig {
		words[i] = x.String()
	}
	return strings.Join(words, "; ")
}

// ruleSet adds the --rules and --regions of the command line to classic
// puzzles, read once per board shape.
type ruleSet struct {
	spec        string
	regionsName string
	regions     []byte // the --regions file

	mu      sync.Mutex
	byShape map[board.Shape]shapeRules
}

type shapeRules struct {
	rules   []variant.Rule
	regions []int
	err     error
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
	rs := &ruleSet{spec: spec, regionsName: regions, byShape: map[board.Shape]shapeRules{}}
	if regions != "" {
		f, err := os.Open(regions)
		if err != nil {
			return nil, exitf(ExitError, "--regions: %v", err)
		}
		defer f.Close()
		data, err := io.ReadAll(textInput(f, 4096)) // as any input: UTF-8 whatever its byte order mark
		if err != nil {
			return nil, exitf(ExitError, "--regions: %v", err)
		}
		rs.regions = data
	}
	return rs, nil
}

// forShape returns the rules and regions of puzzles of shape s.
func (rs *ruleSet) forShape(s board.Shape) shapeRules {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	if sr, ok := rs.byShape[s]; ok {
		return sr
	}
	var sr shapeRules
	if sr.rules, sr.err = variant.ParseRules(rs.spec, s); sr.err != nil {
		sr.err = fmt.Errorf("--rules: %w", sr.err)
	} else if rs.regions != nil {
		if sr.regions, sr.err = variant.ReadRegions(bytes.NewReader(rs.regions), s.Side()); sr.err != nil {
			sr.err = fmt.Errorf("--regions %s: %w", rs.regionsName, sr.err)
		}
	}
	rs.byShape[s] = sr
	return sr
}

// apply returns p with the rules and regions: a variant puzzle whose
// givens are p's board.
func (rs *ruleSet) apply(p *board.Puzzle) (*variant.Puzzle, error) {
	sr := rs.forShape(p.Board.Shape)
	if sr.err != nil {
		return nil, sr.err
	}
	return &variant.Puzzle{Givens: p.Board, Regions: sr.regions, Rules: sr.rules}, nil
}

// candidateDigits returns the digits of a candidate set, in order.
func candidateDigits(set uint64) []int {
	var ds []int
	for d := 1; set != 0; d++ {
		if set&1 != 0 {
			ds = append(ds, d)
		}
		set >>= 1
	}
	return ds
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
		ds := candidateDigits(set)
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
