package workerproto

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os/exec"
	"slices"
	"strconv"
	"time"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/decode"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/engine"
	"github.com/satdoku/satdoku/fallback"
	"github.com/satdoku/satdoku/propagate"
	"github.com/satdoku/satdoku/solver"
	"github.com/satdoku/satdoku/variant"
)

// Version is the protocol's version: the one place it is written. A
// change to any line's layout, to Config, or to the sentinel tables'
// order (an error's codes are indexes into Sentinels) raises it; parent
// and worker are the same executable, so the version guards against a
// stray program more than against an old one.
const Version = 4

// Protocol names the protocol and its version, "satdoku-worker/4": the
// first field of the config and ready lines, and the value of the
// environment variable that makes a process a worker (package batch).
var Protocol = "satdoku-worker/" + strconv.Itoa(Version)

var (
	configPrefix = Protocol + "\tconfig\t"
	// Ready is the line a worker writes once it can solve.
	Ready = Protocol + "\tready\n"
)

// Config is what a worker needs to know before its first request.
type Config struct {
	// Engine configures the worker's engine.
	Engine engine.Options
	// Timeout, if positive, is the time allowed for each puzzle: a worker
	// solves within that deadline and reports a later answer as a timeout.
	Timeout time.Duration
	// FlushEach makes the worker send each answer at once, so that the
	// parent can time every puzzle; otherwise it sends its answers when no
	// further request is waiting.
	FlushEach bool
}

// AppendConfig appends the config line for c to dst.
func AppendConfig(dst []byte, c Config) ([]byte, error) {
	js, err := json.Marshal(c)
	if err != nil {
		return dst, err
	}
	dst = append(dst, configPrefix...)
	return append(append(dst, js...), '\n'), nil
}

// ParseConfig reads a config line.
func ParseConfig(line []byte) (Config, error) {
	var c Config
	rest, ok := bytes.CutPrefix(bytes.TrimRight(line, "\n"), []byte(configPrefix))
	if !ok {
		return c, fmt.Errorf("not a %s config line", Protocol)
	}
	err := json.Unmarshal(rest, &c)
	return c, err
}

// AppendRequest appends the request to solve b as puzzle seq to dst.
func AppendRequest(dst []byte, seq int, b *board.Board) []byte {
	return append(appendBoard(dst, seq, b), '\n')
}

// appendBoard appends the first four fields of a request: SEQ, BOXROWS,
// BOXCOLS and CELLS, each followed by a tab.
func appendBoard(dst []byte, seq int, b *board.Board) []byte {
	dst = strconv.AppendInt(dst, int64(seq), 10)
	dst = append(dst, '\t')
	dst = strconv.AppendInt(dst, int64(b.Shape.BoxRows), 10)
	dst = append(dst, '\t')
	dst = strconv.AppendInt(dst, int64(b.Shape.BoxCols), 10)
	dst = append(dst, '\t')
	dst = appendCells(dst, b)
	return append(dst, '\t')
}

// AppendVariantRequest appends the request to solve the variant puzzle p
// as puzzle seq to dst: its givens, then its regions and rules as JSON
// (see appendVariant). It fails for a rule of a type the protocol does not
// carry (one that is not in variant.Kinds, which no engine knows either).
func AppendVariantRequest(dst []byte, seq int, p *variant.Puzzle) ([]byte, error) {
	if p == nil || p.Givens == nil {
		return nil, fmt.Errorf("%w: no puzzle", board.ErrShape)
	}
	dst, err := appendVariant(appendBoard(dst, seq, p.Givens), p)
	if err != nil {
		return nil, err
	}
	return append(dst, '\n'), nil
}

// ParseRequest reads a request line: a classic board (p nil), or a
// variant puzzle (p not nil, its Givens the board). The board it returns
// has a valid shape and digits in range; its givens may still clash, and
// a variant puzzle is not validated (the engine does that).
func ParseRequest(line []byte) (seq int, b *board.Board, p *variant.Puzzle, err error) {
	f := fields{rest: bytes.TrimSuffix(line, []byte{'\n'}), sep: '\t'}
	seq, err1 := f.int()
	br, err2 := f.int()
	bc, err3 := f.int()
	cells := f.next()
	rules := f.next()
	if err := errors.Join(err1, err2, err3, f.end()); err != nil {
		return 0, nil, nil, err
	}
	s, err := board.NewShape(br, bc)
	if err != nil {
		return 0, nil, nil, err
	}
	b, err = parseCells(s, cells)
	if b == nil && err == nil {
		err = errors.New("no board")
	}
	if err != nil {
		return 0, nil, nil, err
	}
	if len(rules) > 0 {
		if p, err = parseVariant(b, rules); err != nil {
			return 0, nil, nil, err
		}
	}
	return seq, b, p, nil
}

// AppendResponse appends the response for puzzle seq to dst.
func AppendResponse(dst []byte, seq int, r *engine.Result) []byte {
	dst = strconv.AppendInt(dst, int64(seq), 10)
	dst = append(dst, '\t')
	dst = strconv.AppendInt(dst, int64(r.Status), 10)
	dst = append(dst, '\t')
	dst = strconv.AppendInt(dst, int64(r.Count), 10)
	dst = append(dst, '\t')
	dst = strconv.AppendQuote(dst, r.Engine)
	dst = append(dst, '\t')
	dst = append(dst, '0'+boolByte(r.Settled)|boolByte(r.Confirmed)<<1)
	dst = append(dst, '\t')
	dst = strconv.AppendInt(dst, int64(r.Stage), 10)
	dst = append(dst, '\t')
	dst = strconv.AppendInt(dst, int64(r.Elapsed), 10)
	dst = append(dst, '\t')
	dst = appendCells(dst, r.Solution)
	dst = append(dst, '\t')
	dst = appendCells(dst, r.Second)
	dst = append(dst, '\t')
	for i, c := range r.Conflict {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = strconv.AppendInt(dst, int64(c), 10)
	}
	dst = append(dst, '\t')
	for i, c := range r.ConflictRules {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = strconv.AppendInt(dst, int64(c), 10)
	}
	dst = append(dst, '\t')
	for i, c := range r.Clashes {
		if i > 0 {
			dst = append(dst, ';')
		}
		dst = strconv.AppendInt(dst, int64(c.CellA), 10)
		dst = append(dst, ',')
		dst = strconv.AppendInt(dst, int64(c.CellB), 10)
		dst = append(dst, ',')
		dst = strconv.AppendInt(dst, int64(c.Digit), 10)
		dst = append(dst, ',')
		dst = strconv.AppendQuote(dst, c.Unit)
	}
	dst = append(dst, '\t')
	dst = strconv.AppendQuote(dst, r.Fallback)
	dst = append(dst, '\t')
	for i, set := range r.Candidates {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = strconv.AppendUint(dst, set, 16)
	}
	dst = append(dst, '\t')
	dst = appendError(dst, r.Err)
	return append(dst, '\n')
}

// ParseResponse reads a response to a request for a puzzle of shape s
// with the given number of variant rules (0 for a classic board).
func ParseResponse(line []byte, s board.Shape, rules int) (seq int, r engine.Result, err error) {
	if !s.Valid() {
		return 0, r, fmt.Errorf("%w: shape %v", board.ErrShape, s)
	}
	f := fields{rest: bytes.TrimRight(line, "\n"), sep: '\t'}
	seq, err = f.int()
	if err != nil {
		return 0, r, err
	}
	status, err1 := f.int()
	count, err2 := f.int()
	eng, err3 := f.quoted()
	flags, err4 := f.int()
	stage, err5 := f.int()
	nanos, err6 := f.int()
	if err := errors.Join(err1, err2, err3, err4, err5, err6); err != nil {
		return seq, r, err
	}
	if flags < 0 || flags > 3 || stage < 0 || stage > 255 || nanos < 0 {
		return seq, r, errors.New("field out of range")
	}
	r.Status, r.Count, r.Engine = engine.Status(status), count, eng
	r.Settled, r.Confirmed = flags&1 != 0, flags&2 != 0
	r.Stage, r.Elapsed = encode.Stage(stage), time.Duration(nanos)
	if r.Solution, err = parseCells(s, f.next()); err != nil {
		return seq, r, err
	}
	if r.Second, err = parseCells(s, f.next()); err != nil {
		return seq, r, err
	}
	if r.Conflict, err = parseInts(f.next(), s.Cells()); err != nil {
		return seq, r, err
	}
	if r.ConflictRules, err = parseInts(f.next(), rules); err != nil {
		return seq, r, err
	}
	if r.Clashes, err = parseClashes(f.next(), s); err != nil {
		return seq, r, err
	}
	if r.Fallback, err = f.quoted(); err != nil {
		return seq, r, err
	}
	if r.Candidates, err = parseSets(f.next(), s); err != nil {
		return seq, r, err
	}
	if r.Err, err = parseError(f.next()); err != nil {
		return seq, r, err
	}
	return seq, r, f.end()
}

// parseSets reads the candidate sets of a board of shape s: none, or one
// digit set a cell in hexadecimal, separated by commas.
func parseSets(field []byte, s board.Shape) ([]uint64, error) {
	if len(field) == 0 {
		return nil, nil
	}
	n := s.Side()
	sets := make([]uint64, 0, s.Cells())
	for part := range bytes.SplitSeq(field, []byte{','}) {
		set, err := strconv.ParseUint(string(part), 16, 64)
		if err != nil || (n < 64 && set>>n != 0) {
			return nil, fmt.Errorf("candidate set %q", part)
		}
		sets = append(sets, set)
	}
	if len(sets) != s.Cells() {
		return nil, fmt.Errorf("%d candidate sets for %d cells", len(sets), s.Cells())
	}
	return sets, nil
}

func boolByte(b bool) byte {
	if b {
		return 1
	}
	return 0
}

func appendCells(dst []byte, b *board.Board) []byte {
	if b == nil {
		return append(dst, '-')
	}
	for _, d := range b.Cells {
		dst = append(dst, '0'+d)
	}
	return dst
}

// parseCells reads a board of shape s, or nil for "-".
func parseCells(s board.Shape, field []byte) (*board.Board, error) {
	if len(field) == 1 && field[0] == '-' {
		return nil, nil
	}
	if len(field) != s.Cells() {
		return nil, fmt.Errorf("%w: %d cells for %v", board.ErrShape, len(field), s)
	}
	b := board.New(s)
	n := s.Side()
	for i, ch := range field {
		if ch < '0' || int(ch-'0') > n {
			return nil, fmt.Errorf("%w: cell byte %q", board.ErrDigit, ch)
		}
		b.Cells[i] = ch - '0'
	}
	return b, nil
}

// parseInts reads comma-separated integers in 0..limit-1.
func parseInts(field []byte, limit int) ([]int, error) {
	if len(field) == 0 {
		return nil, nil
	}
	f := fields{rest: field, sep: ','}
	var out []int
	for !f.done {
		v, err := f.int()
		if err != nil {
			return nil, err
		}
		if v < 0 || v >= limit {
			return nil, fmt.Errorf("index %d out of range", v)
		}
		out = append(out, v)
	}
	return out, nil
}

func parseClashes(field []byte, s board.Shape) ([]*board.ClashError, error) {
	var out []*board.ClashError
	for len(field) > 0 {
		f := fields{rest: field, sep: ','}
		a, err1 := f.int()
		b, err2 := f.int()
		d, err3 := f.int()
		if err := errors.Join(err1, err2, err3); err != nil {
			return nil, err
		}
		if a < 0 || b < 0 || a >= s.Cells() || b >= s.Cells() || d < 1 || d > s.Side() {
			return nil, errors.New("clash out of range")
		}
		q, err := strconv.QuotedPrefix(string(f.rest))
		if err != nil {
			return nil, fmt.Errorf("clash unit: %w", err)
		}
		unit, _ := strconv.Unquote(q)
		out = append(out, &board.ClashError{Shape: s, CellA: a, CellB: b, Digit: d, Unit: unit})
		field = f.rest[len(q):]
		if len(field) > 0 {
			if field[0] != ';' || len(field) == 1 {
				return nil, errors.New("bad clash separator")
			}
			field = field[1:]
		}
	}
	return out, nil
}

// fields splits a line on sep without allocating.
type fields struct {
	rest []byte
	sep  byte
	done bool
	err  error
}

// next returns the next field; after the last one it marks f done, and a
// call past the end records an error.
func (f *fields) next() []byte {
	if f.done {
		f.err = errors.New("too few fields")
		return nil
	}
	i := bytes.IndexByte(f.rest, f.sep)
	if i < 0 {
		field := f.rest
		f.rest, f.done = nil, true
		return field
	}
	field := f.rest[:i]
	f.rest = f.rest[i+1:]
	return field
}

func (f *fields) int() (int, error) {
	field := f.next()
	if f.err != nil {
		return 0, f.err
	}
	v, err := strconv.ParseInt(string(field), 10, 0)
	return int(v), err
}

func (f *fields) quoted() (string, error) {
	field := f.next()
	if f.err != nil {
		return "", f.err
	}
	if len(field) == 2 && field[0] == '"' && field[1] == '"' {
		return "", nil
	}
	if s, ok := common[string(field)]; ok {
		return s, nil
	}
	return strconv.Unquote(string(field))
}

// common are the quoted strings most responses hold, kept so as not to
// allocate them again for each response.
var common = map[string]string{`"sat"`: "sat", `"backtrack"`: "backtrack", `"both"`: "both", `"external"`: "external"}

// end reports an error if fields are missing or left over.
func (f *fields) end() error {
	if f.err != nil {
		return f.err
	}
	if !f.done {
		return errors.New("too many fields")
	}
	return nil
}

// Sentinels are the errors that keep their identity across the protocol:
// an error wrapping any of them still satisfies errors.Is for it in the
// parent. A sentinel's code is its index plus one. They are the tables
// each package exports (its Sentinels function), in the order of
// sentinelTables, then the standard library's that an engine passes on;
// a value two packages share (solver.ErrFormula is encode.ErrFormula) is
// listed once.
var Sentinels = assemble(sentinelTables)

// sentinelTables are the packages whose errors may reach an engine.Result:
// the engine and every package of this module it imports (the tests
// check the list against the import graph and each table against its
// package's source), and the standard library.
var sentinelTables = []sentinelTable{
	{"board", board.Sentinels},
	{"variant", variant.Sentinels},
	{"propagate", propagate.Sentinels},
	{"encode", encode.Sentinels},
	{"decode", decode.Sentinels},
	{"fallback", fallback.Sentinels},
	{"solver", solver.Sentinels},
	{"engine", engine.Sentinels},
	{"", func() []error {
		return []error{context.Canceled, context.DeadlineExceeded, exec.ErrNotFound, fs.ErrNotExist, fs.ErrPermission}
	}},
}

// sentinelTable is one package's sentinels: its path in this module ("" for
// the standard library's) and its Sentinels function.
type sentinelTable struct {
	pkg       string
	sentinels func() []error
}

// assemble lists the sentinels of the tables in order, each value once.
func assemble(tables []sentinelTable) []error {
	var out []error
	for _, t := range tables {
		for _, s := range t.sentinels() {
			if !slices.Contains(out, s) {
				out = append(out, s)
			}
		}
	}
	return out
}

// RemoteError is an error that crossed the protocol: its message, and the
// sentinels it wrapped, which errors.Is finds through Unwrap.
type RemoteError struct {
	Msg       string
	Sentinels []error
}

func (e *RemoteError) Error() string { return e.Msg }

// Unwrap returns the sentinels the original error wrapped.
func (e *RemoteError) Unwrap() []error { return e.Sentinels }

func appendError(dst []byte, err error) []byte {
	if err == nil {
		return dst
	}
	first := true
	for i, s := range Sentinels {
		if errors.Is(err, s) {
			if !first {
				dst = append(dst, ',')
			}
			dst = strconv.AppendInt(dst, int64(i+1), 10)
			first = false
		}
	}
	dst = append(dst, ':')
	return strconv.AppendQuote(dst, err.Error())
}

func parseError(field []byte) (error, error) {
	if len(field) == 0 {
		return nil, nil
	}
	codes, text, ok := bytes.Cut(field, []byte{':'})
	if !ok {
		return nil, errors.New("error without a colon")
	}
	msg, err := strconv.Unquote(string(text))
	if err != nil {
		return nil, fmt.Errorf("error text: %w", err)
	}
	re := &RemoteError{Msg: msg}
	nums, err := parseInts(codes, len(Sentinels)+1)
	if err != nil {
		return nil, fmt.Errorf("error codes: %w", err)
	}
	for i, c := range nums {
		if c == 0 || i > 0 && c <= nums[i-1] {
			return nil, errors.New("error codes not increasing from 1")
		}
		re.Sentinels = append(re.Sentinels, Sentinels[c-1])
	}
	return re, nil
}
