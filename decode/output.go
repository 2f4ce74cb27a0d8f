package decode

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/satdoku/satdoku/encode"
)

// Limits of ReadOutput. They bound its memory whatever the input.
const (
	// MaxInputSize is the largest output ReadOutput reads, in bytes: 64 MiB,
	// far above the ~200 KB of a 25×25 model with its auxiliaries.
	MaxInputSize = 64 << 20
	// MaxVar is the highest variable ReadOutput accepts: 2²² = 4,194,304,
	// above the 262,144 primary variables of the largest board (64×64) and
	// room for auxiliaries.
	MaxVar = 1 << 22
)

// maxToken is the longest word kept in memory; longer words are errors (no
// literal up to MaxVar or status word comes close).
const maxToken = 32

// Output is what a SAT solver answered.
type Output struct {
	// Status is the solver's verdict.
	Status encode.Status
	// Model holds, when Status is encode.Sat, the value of every DIMACS
	// variable: Model[v] for variable v, index 0 unused, length the highest
	// variable seen plus one. Variables the solver did not mention are
	// false. Model is nil for the other statuses.
	Model []bool
}

// Errors found by ReadOutput, the possible Err values of a *ParseError
// (wrapped with details); test with errors.Is.
var (
	// ErrSyntax reports a line that is none of the accepted kinds, or text
	// after a status word.
	ErrSyntax = errors.New("not SAT solver output")
	// ErrStatus reports an "s" line without SATISFIABLE, UNSATISFIABLE or
	// UNKNOWN.
	ErrStatus = errors.New("bad status")
	// ErrTwoStatus reports a second status ("s" line or status word).
	ErrTwoStatus = errors.New("second status")
	// ErrLiteral reports a word that is not a DIMACS literal.
	ErrLiteral = errors.New("bad literal")
	// ErrVarRange reports a variable above MaxVar.
	ErrVarRange = errors.New("variable out of range")
	// ErrConflict reports a variable given both as v and as −v.
	ErrConflict = errors.New("variable both true and false")
	// ErrAfterEnd reports a literal after the 0 that ends the model.
	ErrAfterEnd = errors.New("literal after the model's final 0")
	// ErrModelStatus reports a model next to an UNSATISFIABLE or UNKNOWN
	// status.
	ErrModelStatus = errors.New("model given with a status other than SATISFIABLE")
	// ErrNoModel reports a SATISFIABLE status without a model.
	ErrNoModel = errors.New("SATISFIABLE without a model")
	// ErrNoAnswer reports an input with neither a status nor a model, such
	// as an empty one.
	ErrNoAnswer = errors.New("no status and no model")
	// ErrTooLarge reports an input longer than MaxInputSize.
	ErrTooLarge = errors.New("output too large")
)

// ParseError reports a problem in a solver's output at a 1-based line and
// column (counted in bytes). Problems found at the end of the input, such as
// ErrNoAnswer, point just past its last byte. A read error of the
// underlying reader is also reported as a ParseError whose Err is that error.
type ParseError struct {
	Line, Col int
	Err       error
}

func (e *ParseError) Error() string {
	return fmt.Sprintf("line %d, column %d: %v", e.Line, e.Col, e.Err)
}

// Unwrap returns Err.
func (e *ParseError) Unwrap() error { return e.Err }

// ReadOutput reads a SAT solver's answer from r in any of the conventions
// described in the package comment: SAT-competition "s"/"v" lines, a
// MiniSat result file, or a bare model line. UNKNOWN, INDET and
// INDETERMINATE give Status encode.Unknown. It reads r to its end, and any
// error is a *ParseError; it never panics.
func ReadOutput(r io.Reader) (Output, error) {
	if r == nil {
		return Output{}, &ParseError{Line: 1, Col: 1, Err: fmt.Errorf("%w (a nil reader)", ErrNoAnswer)}
	}
	p := &outputReader{br: bufio.NewReaderSize(io.LimitReader(r, MaxInputSize+1), 64<<10), line: 1, col: 1}
	if err := p.read(); err != nil {
		return Output{}, err
	}
	return p.out, nil
}

type outputReader struct {
	br        *bufio.Reader
	line, col int   // position of the next byte
	size      int64 // bytes read so far
	eol       bool  // the current line has been read to its end
	eof       bool  // the input is exhausted
	readErr   error // non-EOF error of br, or ErrTooLarge

	tok     []byte // current word, at most maxToken bytes kept
	tokLen  int    // its length, or maxToken+1 if longer (then partly unread)
	tokLine int
	tokCol  int
	tokBuf  [maxToken]byte

	out       Output
	hasStatus bool
	modelSeen bool   // any literal, 0 included, was read
	modelPos  [2]int // line and column of the first literal
	ended     bool   // the terminating 0 was read
	vals      []int8 // vals[v]: 0 unseen, +1 true, −1 false
	top       int    // highest variable seen
}

// next returns the next byte, or false at the end of the input or on error.
func (p *outputReader) next() (byte, bool) {
	if p.eof {
		return 0, false
	}
	b, err := p.br.ReadByte()
	if err != nil {
		p.eof = true
		if err != io.EOF {
			p.readErr = err
		}
		return 0, false
	}
	p.size++
	if p.size > MaxInputSize {
		p.eof = true
		p.readErr = fmt.Errorf("%w: more than %d bytes", ErrTooLarge, MaxInputSize)
		return 0, false
	}
	if b == '\n' {
		p.line++
		p.col = 1
	} else {
		p.col++
	}
	return b, true
}

func isSpace(b byte) bool {
	return b == ' ' || b == '\t' || b == '\r' || b == '\v' || b == '\f'
}

// word reads the next word of the current line into p.tok and reports
// whether there was one; false means the line (or the input) has ended.
func (p *outputReader) word() bool {
	if p.eol {
		return false
	}
	for {
		line, col := p.line, p.col
		b, ok := p.next()
		if !ok || b == '\n' {
			p.eol = true
			return false
		}
		if isSpace(b) {
			continue
		}
		p.tokLine, p.tokCol = line, col
		p.tok = append(p.tokBuf[:0], b)
		p.tokLen = 1
		for {
			b, ok := p.next()
			if !ok || b == '\n' {
				p.eol = true
				return true
			}
			if isSpace(b) {
				return true
			}
			p.tokLen++
			if p.tokLen > maxToken {
				return true // overlong: an error, unless a comment, whose line skipLine skips
			}
			p.tok = append(p.tok, b)
		}
	}
}

// skipLine reads to the end of the current line, a buffer at a time.
func (p *outputReader) skipLine() {
	for !p.eol && !p.eof {
		chunk, err := p.br.ReadSlice('\n')
		p.size += int64(len(chunk))
		if p.size > MaxInputSize {
			p.col += len(chunk) - int(p.size-MaxInputSize) // at the first byte too many
			p.eof, p.eol = true, true
			p.readErr = fmt.Errorf("%w: more than %d bytes", ErrTooLarge, MaxInputSize)
			return
		}
		switch {
		case err == nil: // chunk ends in '\n'
			p.line++
			p.col = 1
			p.eol = true
		case err == bufio.ErrBufferFull:
			p.col += len(chunk)
		default:
			p.col += len(chunk)
			p.eof, p.eol = true, true
			if err != io.EOF {
				p.readErr = err
			}
		}
	}
	p.eol = true
}

// quoted returns the current word quoted, shortened when it was too long.
func (p *outputReader) quoted() string {
	q := strconv.Quote(string(p.tok))
	if p.tokLen > len(p.tok) {
		q += "…"
	}
	return q
}

func (p *outputReader) errAt(line, col int, err error) error {
	return &ParseError{Line: line, Col: col, Err: err}
}

func (p *outputReader) errTok(format string, args ...any) error {
	return p.errAt(p.tokLine, p.tokCol, fmt.Errorf(format, args...))
}

// Status words of an "s" line (the SAT competition's).
var sLineWords = map[string]encode.Status{
	"SATISFIABLE":   encode.Sat,
	"UNSATISFIABLE": encode.Unsat,
	"UNKNOWN":       encode.Unknown,
}

// Status words alone on a line: MiniSat's, and the SAT competition's.
var statusWords = map[string]encode.Status{
	"SATISFIABLE":   encode.Sat,
	"UNSATISFIABLE": encode.Unsat,
	"UNKNOWN":       encode.Unknown,
	"SAT":           encode.Sat,
	"UNSAT":         encode.Unsat,
	"INDET":         encode.Unknown,
	"INDETERMINATE": encode.Unknown,
}

func (p *outputReader) read() error {
	for !p.eof {
		p.eol = false
		if !p.word() {
			continue // blank line
		}
		first := p.tok[0]
		word := string(p.tok)
		var err error
		switch {
		case first == 'c':
			p.skipLine()
		case word == "s":
			err = p.statusLine()
		case word == "v":
			err = p.literals(false)
		case first == '-' || first >= '0' && first <= '9':
			err = p.literals(true)
		default:
			if st, ok := statusWords[word]; ok && p.tokLen == len(p.tok) {
				err = p.setStatus(st)
				if err == nil && p.word() {
					err = p.errTok("%w: %s after the status word", ErrSyntax, p.quoted())
				}
			} else {
				err = p.errTok("%w: unexpected %s at the start of a line", ErrSyntax, p.quoted())
			}
		}
		if err != nil {
			if p.readErr != nil { // the word was cut short by the read error
				return p.errAt(p.line, p.col, p.readErr)
			}
			return err
		}
	}
	if p.readErr != nil {
		return p.errAt(p.line, p.col, p.readErr)
	}
	switch {
	case !p.hasStatus && !p.modelSeen:
		return p.errAt(p.line, p.col, ErrNoAnswer)
	case !p.hasStatus:
		p.out.Status = encode.Sat
	case p.out.Status == encode.Sat && !p.modelSeen:
		return p.errAt(p.line, p.col, ErrNoModel)
	}
	if p.out.Status == encode.Sat {
		p.out.Model = make([]bool, p.top+1)
		for v := 1; v <= p.top; v++ {
			p.out.Model[v] = p.vals[v] > 0
		}
	}
	p.vals = nil
	return nil
}

// statusLine reads the rest of an "s" line.
func (p *outputReader) statusLine() error {
	sLine, sCol := p.tokLine, p.tokCol
	if !p.word() {
		return p.errAt(sLine, sCol, fmt.Errorf("%w: \"s\" without a status word", ErrStatus))
	}
	st, ok := sLineWords[string(p.tok)]
	if !ok || p.tokLen != len(p.tok) {
		return p.errTok("%w: %s (want SATISFIABLE, UNSATISFIABLE or UNKNOWN)", ErrStatus, p.quoted())
	}
	if err := p.setStatus(st); err != nil {
		return err
	}
	if p.word() {
		return p.errTok("%w: %s after the status word", ErrSyntax, p.quoted())
	}
	return nil
}

// setStatus records the status of the word just read.
func (p *outputReader) setStatus(st encode.Status) error {
	if p.hasStatus {
		return p.errTok("%w: %s", ErrTwoStatus, p.quoted())
	}
	if st != encode.Sat && p.modelSeen {
		return p.errTok("%w: %s after a model (line %d)", ErrModelStatus, p.quoted(), p.modelPos[0])
	}
	p.hasStatus = true
	p.out.Status = st
	return nil
}

// literals reads literals to the end of the line; current says the word
// just read is the first of them.
func (p *outputReader) literals(current bool) error {
	for current || p.word() {
		current = false
		if err := p.literal(); err != nil {
			return err
		}
	}
	return nil
}

// literal records the literal in p.tok.
func (p *outputReader) literal() error {
	tok := p.tok
	neg := tok[0] == '-'
	if neg {
		tok = tok[1:]
	}
	named := len(tok) > 1 && tok[0] == 'x' // pseudo-Boolean output: x12, -x12
	if named {
		tok = tok[1:]
	}
	if len(tok) == 0 || p.tokLen > len(p.tok) {
		return p.errTok("%w: %s", ErrLiteral, p.quoted())
	}
	v := 0
	for _, b := range tok {
		if b < '0' || b > '9' {
			return p.errTok("%w: %s", ErrLiteral, p.quoted())
		}
		if v <= MaxVar {
			v = v*10 + int(b-'0')
		}
	}
	if v > MaxVar {
		return p.errTok("%w: %s is above %d", ErrVarRange, p.quoted(), MaxVar)
	}
	if v == 0 && (neg || named) {
		return p.errTok("%w: %s", ErrLiteral, p.quoted())
	}
	if p.hasStatus && p.out.Status != encode.Sat {
		return p.errTok("%w: the status is %v", ErrModelStatus, p.out.Status)
	}
	if p.ended {
		return p.errTok("%w: %s", ErrAfterEnd, p.quoted())
	}
	if !p.modelSeen {
		p.modelSeen = true
		p.modelPos = [2]int{p.tokLine, p.tokCol}
	}
	if v == 0 {
		p.ended = true
		return nil
	}
	sign := int8(1)
	if neg {
		sign = -1
	}
	if v >= len(p.vals) {
		n := max(v+1, 2*len(p.vals), 1024)
		p.vals = append(p.vals, make([]int8, min(n, MaxVar+1)-len(p.vals))...)
	}
	switch p.vals[v] {
	case 0:
		p.vals[v] = sign
	case -sign:
		return p.errTok("%w: %d and %d", ErrConflict, v, -v)
	}
	p.top = max(p.top, v)
	return nil
}
