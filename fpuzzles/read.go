package fpuzzles

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/variant"
)

// MaxJSON is the largest f-puzzles JSON Read accepts, in bytes; a large
// real puzzle is a few hundred kilobytes.
const MaxJSON = 8 << 20

// MaxSize is the largest side f-puzzles offers.
const MaxSize = 16

// Result is a puzzle read from f-puzzles.
type Result struct {
	// Puzzle is the puzzle: givens, regions, rules and cosmetics.
	Puzzle *variant.Puzzle
	// Solution is the setter's solution when the file carries a complete
	// one (a "solution" array, or every grid cell filled), else nil. A
	// "solution" array must solve the puzzle as read (the file is refused
	// otherwise); digits entered in the grid, which may be a solver's
	// attempt, are not checked: variant.Check(Puzzle, Solution) does that.
	Solution *board.Board
	// Entered holds, per cell (r·N + c), a digit entered in the grid but
	// not given (a "value" without "given": a solver's progress), and 0
	// elsewhere; nil when no cell holds one. Such digits are not solved
	// with; a hint checks them against the solution.
	Entered []int
	// Marks holds, per cell without a digit, the digits a solver has
	// marked as its candidates: the cell's "candidates" list (as kaji
	// exports it), else its "centerPencilMarks", else its
	// "cornerPencilMarks"; nil for a cell without marks, and Marks is nil
	// when no cell has any. Like Entered, marks are a solver's position,
	// not rules ("givenPencilMarks" are rules): a hint starts from them.
	Marks [][]int
	// Ignored lists what was read but not turned into rules, for the user
	// to see: drawings, solver notes, settings.
	Ignored []Ignored
}

// Ignored is one kind of content a file carries that satdoku does not
// solve with.
type Ignored struct {
	Key   string // the f-puzzles key, or "grid.<field>" for a cell field
	Count int    // how many entries (or cells)
	Why   string // "drawing only", "solver notes", "setting", ...
}

// String returns "line (12): drawing only".
func (ig Ignored) String() string { return fmt.Sprintf("%s (%d): %s", ig.Key, ig.Count, ig.Why) }

// Errors of the reader; test with errors.Is.
var (
	// ErrFormat reports input that is not a valid f-puzzles puzzle; the
	// error is a *FormatError saying where.
	ErrFormat = errors.New("not a valid f-puzzles puzzle")
	// ErrUnsupported reports a constraint satdoku does not implement; the
	// error is an *UnsupportedError naming it.
	ErrUnsupported = errors.New("unsupported f-puzzles constraint")
)

// FormatError reports a mistake in an f-puzzles file at Path, a JSON path
// such as "killercage[3].cells[1]" (empty for the document as a whole).
type FormatError struct {
	// Source is "SudokuPad" for SudokuPad's own format; "" is f-puzzles.
	Source string
	Path   string
	Err    error
}

// Error returns "f-puzzles: <path>: <reason>" (or "SudokuPad: …").
func (e *FormatError) Error() string {
	src := sourceName(e.Source)
	if e.Path == "" {
		return src + ": " + e.Err.Error()
	}
	return src + ": " + e.Path + ": " + e.Err.Error()
}

func sourceName(s string) string {
	if s == "" {
		return "f-puzzles"
	}
	return s
}

// Unwrap returns the underlying error.
func (e *FormatError) Unwrap() error { return e.Err }

// Is makes errors.Is(err, ErrFormat) true.
func (e *FormatError) Is(target error) bool { return target == ErrFormat }

// UnsupportedError reports a constraint key (or cell field, or negative
// constraint) that satdoku does not implement.
type UnsupportedError struct {
	// Source is "SudokuPad" for SudokuPad's own format; "" is f-puzzles.
	Source string
	Key    string
	// Why, if not empty, says why the puzzle is refused, in place of the
	// usual sentence.
	Why string
}

// Error names the key and why it is refused.
func (e *UnsupportedError) Error() string {
	if e.Why != "" {
		return sourceName(e.Source) + ": " + e.Why
	}
	return fmt.Sprintf("%s: constraint %q is not supported by satdoku; solving without it would give wrong answers", sourceName(e.Source), e.Key)
}

// Is makes errors.Is(err, ErrUnsupported) true.
func (e *UnsupportedError) Is(target error) bool { return target == ErrUnsupported }

func formatErr(path, format string, args ...any) error {
	return &FormatError{Path: path, Err: fmt.Errorf(format, args...)}
}

// Shape returns the box shape f-puzzles gives a board of side n: boxes of
// h×(n/h) cells, h the largest divisor of n not above √n (3×3 on 9×9, 2×3
// on 6×6, 3×4 on 12×12, 1×5 — rows — on 5×5): board.UsualShape.
func Shape(n int) board.Shape { return board.UsualShape(n) }

// Read reads a puzzle from its f-puzzles JSON, which may be at most MaxJSON
// bytes.
func Read(r io.Reader) (*Result, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxJSON+1))
	if err != nil {
		return nil, err
	}
	return Decode(data)
}

// Decode reads a puzzle from f-puzzles JSON held in memory. A UTF-8 byte
// order mark before it, as some Windows editors write, is skipped.
func Decode(data []byte) (*Result, error) {
	if len(data) > MaxJSON {
		return nil, formatErr("", "more than %d bytes", MaxJSON)
	}
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	var doc map[string]json.RawMessage
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, jsonErr(data, err)
	}
	if doc == nil {
		return nil, formatErr("", "the document is not a JSON object")
	}
	rd := &reader{doc: doc}
	if err := rd.read(); err != nil {
		return nil, err
	}
	return rd.res, nil
}

// jsonErr turns a JSON syntax or type error into a FormatError with the
// line and column of its offset.
func jsonErr(data []byte, err error) error {
	var off int64 = -1
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		off = se.Offset
	case errors.As(err, &te):
		off = te.Offset
	}
	if off < 0 || off > int64(len(data)) {
		return &FormatError{Err: err}
	}
	line := 1 + bytes.Count(data[:off], []byte("\n"))
	col := max(1, int(off)-bytes.LastIndexByte(data[:off], '\n')-1)
	return &FormatError{Err: fmt.Errorf("line %d, column %d: %w", line, col, err)}
}

// keys the reader knows, by role.
var (
	metaKeys = map[string]string{
		"size": "", "grid": "", "title": "", "author": "", "ruleset": "", "solution": "",
		"highlightConflicts": "setting", "disabledlogic": "setting (solver logic)",
		"truecandidatesoptions": "setting (solver)", "metadata": "setting",
		// The names of the constraint kinds in use ("Killer Cage"), as the
		// editor lists them; each kind's data is under its own key.
		"activeConstraints": "setting (the editor's list of constraint kinds)",
	}
	globalKeys   = []string{"diagonal+", "diagonal-", "antiknight", "antiking", "disjointgroups", "nonconsecutive"}
	cosmeticKeys = map[string]bool{"line": true, "text": true, "circle": true, "rectangle": true, "cage": true, "fogofwar": true, "foglight": true}
	// ruleKeys are the keys of lists of rules, in the order their rules
	// are added to the puzzle (see listKeys).
	ruleKeys = listKeys()
	// cellFields are the fields of a grid cell.
	cellFields = map[string]string{
		"value": "", "given": "", "region": "", "parity": "",
		"givenPencilMarks":  "",
		"centerPencilMarks": "solver notes", "cornerPencilMarks": "solver notes", "candidates": "solver notes",
		"c": "colour", "cArray": "colour", "highlight": "colour",
	}
)

type reader struct {
	doc   map[string]json.RawMessage
	n     int
	shape board.Shape
	p     *variant.Puzzle
	res   *Result
	// marks of the pair rules, for the negative constraints.
	kropki, xvPairs [][2]int
	ratioValues     []int
	ignored         map[string]*Ignored
	entered         []int // every grid value, given or not
	extrema         []int // the cells of the minimum or maximum list being read
}

// textRules pair the words of a rules text with the global rules they
// name, which a file carries as keys of their own: a text that names one
// the file lacks (the setter forgot to tick it, or the rule is in words
// alone) is reported, as the puzzle is solved without it. Words that
// other rules' texts use too ("diagonal" of little killers, "consecutive"
// of kropki dots) are left out. The patterns are compiled on first use.
var textRules = sync.OnceValue(func() []textRule {
	return []textRule{
		{regexp.MustCompile(`(?i)\bknights?\b`), "antiknight", "anti-knight"},
		{regexp.MustCompile(`(?i)\bkings?\b`), "antiking", "anti-king"},
		{regexp.MustCompile(`(?i)\b(non|anti)[- ]?consecutive\b`), "nonconsecutive", "non-consecutive"},
		{regexp.MustCompile(`(?i)\bdisjoint\b`), "disjointgroups", "disjoint groups"},
		{regexp.MustCompile(`(?i)\b(windoku|hyper[- ]?sudoku)\b`), "extraregion", "extra region"},
		{regexp.MustCompile(`(?i)\bentropic\b`), "entropicline", "entropic line"},
	}
})

// textRule is a global rule and the words of a rules text that name it.
type textRule struct {
	words *regexp.Regexp
	name  string // the rule's Name
	rule  string // in words
}

// textOnlyRules reports the global rules the rules text names and the
// file does not carry (see textRules).
func (rd *reader) textOnlyRules() {
	if rd.p.RulesText == "" {
		return
	}
	has := map[string]bool{}
	for _, r := range rd.p.Rules {
		has[r.Name()] = true
	}
	for _, tr := range textRules() {
		if w := tr.words.FindString(rd.p.RulesText); w != "" && !has[tr.name] {
			rd.ignore("ruleset", 1, fmt.Sprintf("the rules text names %q, but the file has no %s rule", w, tr.rule))
		}
	}
}

func (rd *reader) ignore(key string, count int, why string) {
	if count == 0 {
		return
	}
	if rd.ignored == nil {
		rd.ignored = map[string]*Ignored{}
	}
	if ig, ok := rd.ignored[key]; ok {
		ig.Count += count
		return
	}
	rd.ignored[key] = &Ignored{Key: key, Count: count, Why: why}
}

// empty reports whether a raw JSON value says nothing: absent, null,
// false, "", [] or {}.
func empty(raw json.RawMessage) bool {
	switch strings.TrimSpace(string(raw)) {
	case "", "null", "false", `""`, "[]", "{}":
		return true
	}
	return false
}

func (rd *reader) read() error {
	if err := rd.readSize(); err != nil {
		return err
	}
	rd.p = variant.New(rd.shape)
	rd.res = &Result{Puzzle: rd.p}
	for _, k := range []struct {
		key string
		dst *string
	}{{"title", &rd.p.Title}, {"author", &rd.p.Author}, {"ruleset", &rd.p.RulesText}} {
		if raw, ok := rd.doc[k.key]; ok && !empty(raw) {
			if err := json.Unmarshal(raw, k.dst); err != nil {
				return formatErr(k.key, "not a string")
			}
		}
	}
	// Unknown keys first: a file with a rule satdoku lacks is refused
	// before anything else is said about it.
	known := map[string]bool{}
	for k := range metaKeys {
		known[k] = true
	}
	for _, k := range globalKeys {
		known[k] = true
	}
	for _, k := range ruleKeys {
		known[k] = true
	}
	for k := range cosmeticKeys {
		known[k] = true
	}
	known["negative"] = true
	var unknown []string
	for k, raw := range rd.doc {
		if !known[k] && !empty(raw) {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		return &UnsupportedError{Key: unknown[0]}
	}
	if err := rd.readGrid(); err != nil {
		return err
	}
	if err := rd.readGlobals(); err != nil {
		return err
	}
	for _, key := range ruleKeys {
		if raw, ok := rd.doc[key]; ok && !empty(raw) {
			if err := rd.readRules(key, raw); err != nil {
				return err
			}
		}
	}
	if err := rd.readNegatives(); err != nil {
		return err
	}
	for _, key := range sortedKeys(cosmeticKeys) {
		if raw, ok := rd.doc[key]; ok && !empty(raw) {
			if err := rd.readCosmetics(key, raw); err != nil {
				return err
			}
		}
	}
	for k, why := range metaKeys {
		if raw, ok := rd.doc[k]; ok && why != "" && !empty(raw) {
			rd.ignore(k, 1, why)
		}
	}
	rd.textOnlyRules()
	if err := rd.readSolution(); err != nil {
		return err
	}
	if err := rd.p.Validate(); err != nil {
		return &FormatError{Err: err}
	}
	if _, ok := rd.doc["solution"]; ok && rd.res.Solution != nil {
		// The setter's solution (not digits entered in the grid, which
		// may be a solver's attempt) must solve the puzzle as read: if it
		// does not, a rule is drawn only or in the rules text alone, and
		// solving without it would give a wrong answer.
		if err := variant.Check(rd.p, rd.res.Solution); err != nil {
			return formatErr("solution", "the setter's solution breaks the puzzle as read (%v): a rule the file only draws (lines, circles, cages without a rule) or names only in its rules text is not solved with; if the file holds every rule, its solution is wrong: remove it to solve the puzzle", err)
		}
	}
	for _, k := range sortedKeys(rd.ignored) {
		rd.res.Ignored = append(rd.res.Ignored, *rd.ignored[k])
	}
	return nil
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func (rd *reader) readSize() error {
	raw, ok := rd.doc["size"]
	if !ok {
		return formatErr("size", "missing")
	}
	n, ok := wholeNumber(raw)
	if !ok {
		return formatErr("size", "%s is not a whole number", raw)
	}
	if n < board.MinSide || n > MaxSize { // a 1x1 board is no puzzle
		return formatErr("size", "%d is outside %d..%d", n, board.MinSide, MaxSize)
	}
	rd.n, rd.shape = n, Shape(n)
	if !rd.shape.Valid() {
		return formatErr("size", "%d makes no board", n)
	}
	return nil
}

// wholeNumber reads a JSON number as JSON defines it: 9, 9.0, 9e0 and
// 0.9e1 are all 9. A number with a fraction, one beyond ±2⁵³ (where a JSON
// reader's float64 is no longer exact), or a value that is no number is not
// ok.
func wholeNumber(raw json.RawMessage) (int, bool) {
	var f float64
	if err := json.Unmarshal(raw, &f); err != nil || f != math.Trunc(f) || math.Abs(f) > 1<<53 {
		return 0, false
	}
	return int(f), true
}

// intValue reads a number written as a JSON number or string; absent,
// null and "" give ok false.
func intValue(raw json.RawMessage) (v int, ok bool, err error) {
	if empty(raw) {
		return 0, false, nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		n, ok := wholeNumber(raw)
		if !ok {
			return 0, false, fmt.Errorf("%s is not a whole number", raw)
		}
		return n, true, nil
	}
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, false, nil
	}
	v, err = strconv.Atoi(s)
	if err != nil {
		return 0, false, fmt.Errorf("%q is not a whole number", s)
	}
	return v, true, nil
}

// parseCell reads "R3C7" (case-insensitive) into a 0-based row and column,
// which may be one off the grid when outside is set.
func (rd *reader) parseCell(path, s string, outside bool) (int, int, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	ci := strings.IndexByte(t, 'C')
	if len(t) < 4 || t[0] != 'R' || ci < 2 {
		return 0, 0, formatErr(path, "%q is not a cell name like R1C1", s)
	}
	r, err1 := strconv.Atoi(t[1:ci])
	c, err2 := strconv.Atoi(t[ci+1:])
	if err1 != nil || err2 != nil || r < 0 || c < 0 || r > 99 || c > 99 {
		return 0, 0, formatErr(path, "%q is not a cell name like R1C1", s)
	}
	lo, hi := 1, rd.n
	if outside {
		lo, hi = 0, rd.n+1
	}
	if r < lo || r > hi || c < lo || c > hi {
		where := "off"
		if outside {
			where = "too far from"
		}
		return 0, 0, formatErr(path, "%s is %s the %dx%d grid", s, where, rd.n, rd.n)
	}
	return r - 1, c - 1, nil
}

// cellIndex reads a cell name inside the grid.
func (rd *reader) cellIndex(path, s string) (int, error) {
	r, c, err := rd.parseCell(path, s, false)
	return r*rd.n + c, err
}

func (rd *reader) cellList(path string, names []string) ([]int, error) {
	out := make([]int, len(names))
	for i, s := range names {
		c, err := rd.cellIndex(fmt.Sprintf("%s[%d]", path, i), s)
		if err != nil {
			return nil, err
		}
		out[i] = c
	}
	return out, nil
}

type gridCell struct {
	Value  json.RawMessage `json:"value"`
	Given  json.RawMessage `json:"given"`
	Region json.RawMessage `json:"region"`
	Parity json.RawMessage `json:"parity"`
	GPM    json.RawMessage `json:"givenPencilMarks"`
	// A solver's marks, in the order Result.Marks takes them.
	Candidates json.RawMessage `json:"candidates"`
	Center     json.RawMessage `json:"centerPencilMarks"`
	Corner     json.RawMessage `json:"cornerPencilMarks"`
}

// readMarks reads a cell's givenPencilMarks: a list of digits 1..n,
// returned increasing, each once.
func readMarks(raw json.RawMessage, n int) ([]int, error) {
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		return nil, fmt.Errorf("not a list of digits")
	}
	var marks []int
	for _, it := range items {
		d, ok, err := intValue(it)
		if err != nil {
			return nil, err
		}
		if !ok || d < 1 || d > n {
			return nil, fmt.Errorf("%s is outside 1..%d", it, n)
		}
		marks = append(marks, d)
	}
	slices.Sort(marks)
	return slices.Compact(marks), nil
}

// readSolverMarks reads the marks of cell i of an empty grid cell into
// Result.Marks: its first non-empty list of "candidates",
// "centerPencilMarks" and "cornerPencilMarks".
func (rd *reader) readSolverMarks(path string, i int, cell gridCell) error {
	for _, f := range []struct {
		key string
		raw json.RawMessage
	}{{"candidates", cell.Candidates}, {"centerPencilMarks", cell.Center}, {"cornerPencilMarks", cell.Corner}} {
		if empty(f.raw) {
			continue
		}
		marks, err := readMarks(f.raw, rd.n)
		if err != nil {
			return formatErr(path+"."+f.key, "%v", err)
		}
		if len(marks) == 0 {
			continue
		}
		if rd.res.Marks == nil {
			rd.res.Marks = make([][]int, rd.n*rd.n)
		}
		rd.res.Marks[i] = marks
		return nil
	}
	return nil
}

func (rd *reader) readGrid() error {
	raw, ok := rd.doc["grid"]
	if !ok {
		return formatErr("grid", "missing")
	}
	var rows [][]json.RawMessage
	if err := json.Unmarshal(raw, &rows); err != nil {
		return formatErr("grid", "not a list of rows of cells")
	}
	n := rd.n
	if len(rows) != n {
		return formatErr("grid", "%d rows for size %d", len(rows), n)
	}
	labels := make([]int, n*n)
	haveRegions := false
	entered, givenMarked, notes := 0, 0, map[string]int{}
	values := make([]int, n*n)
	for r, row := range rows {
		if len(row) != n {
			return formatErr(fmt.Sprintf("grid[%d]", r), "%d cells for size %d", len(row), n)
		}
		for c, cellRaw := range row {
			path := fmt.Sprintf("grid[%d][%d]", r, c)
			i := r*n + c
			var fields map[string]json.RawMessage
			if err := json.Unmarshal(cellRaw, &fields); err != nil {
				return formatErr(path, "not a JSON object")
			}
			for k, v := range fields {
				why, known := cellFields[k]
				if !known && !empty(v) {
					return &UnsupportedError{Key: "grid." + k}
				}
				if why != "" && !empty(v) {
					notes[k]++
				}
			}
			var cell gridCell
			if err := json.Unmarshal(cellRaw, &cell); err != nil {
				return formatErr(path, "%v", err)
			}
			d, has, err := intValue(cell.Value)
			if err != nil {
				return formatErr(path+".value", "%v", err)
			}
			if has && (d < 0 || d > n) {
				return formatErr(path+".value", "%d is outside 1..%d", d, n)
			}
			given := false
			if !empty(cell.Given) {
				if err := json.Unmarshal(cell.Given, &given); err != nil {
					return formatErr(path+".given", "not true or false")
				}
			}
			values[i] = d
			if given && d > 0 {
				rd.p.Givens.Cells[i] = uint8(d)
			} else if d > 0 {
				entered++
				if rd.res.Entered == nil {
					rd.res.Entered = make([]int, n*n)
				}
				rd.res.Entered[i] = d
			}
			labels[i] = rd.shape.Box(r, c)
			if len(cell.Region) > 0 {
				haveRegions = true
				if string(cell.Region) == "null" {
					labels[i] = -1
				} else {
					l, _, err := intValue(cell.Region)
					if err != nil || l < 0 || l >= n {
						return formatErr(path+".region", "%s is not a region 0..%d", cell.Region, n-1)
					}
					labels[i] = l
				}
			}
			if !empty(cell.Parity) {
				var par string
				_ = json.Unmarshal(cell.Parity, &par)
				switch strings.ToLower(par) {
				case "odd":
					rd.p.Rules = append(rd.p.Rules, variant.Odd{Cell: i})
				case "even":
					rd.p.Rules = append(rd.p.Rules, variant.Even{Cell: i})
				default:
					return formatErr(path+".parity", "%s is not \"Odd\" or \"Even\"", cell.Parity)
				}
			}
			if d == 0 {
				if err := rd.readSolverMarks(path, i, cell); err != nil {
					return err
				}
			}
			if !empty(cell.GPM) {
				marks, err := readMarks(cell.GPM, n)
				if err != nil {
					return formatErr(path+".givenPencilMarks", "%v", err)
				}
				if given && d > 0 {
					givenMarked++ // the digit is given: SudokuSolver ignores the marks too
				} else {
					rd.p.Rules = append(rd.p.Rules, variant.PencilMarks{Cell: i, Digits: marks})
				}
			}
		}
	}
	if haveRegions || rd.shape.BoxRows == 1 {
		if err := variant.ValidateRegions(n, labels); err != nil {
			return &FormatError{Path: "grid", Err: err}
		}
		rd.p.Regions = labels
	}
	rd.entered = values
	if entered > 0 {
		rd.ignore("grid.value", entered, "digits entered, not given")
	}
	if givenMarked > 0 {
		rd.ignore("grid.givenPencilMarks", givenMarked, "pencil marks of a cell with a given digit")
	}
	for k, cnt := range notes {
		rd.ignore("grid."+k, cnt, cellFields[k])
	}
	return nil
}
