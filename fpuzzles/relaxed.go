package fpuzzles

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"unicode/utf8"
)

// SudokuPad's links carry JSON in a relaxed shape, which its "puzzle
// zipper" makes to save characters: keys without quotes, strings in single
// quotes (\' for a quote inside), an empty slot in an array for {} (so a
// row of nine blank cells is "[,,,,,,,,]"), t and f for true and false,
// #0 and #F for black and white, and colours as bare hex digits. strictJSON
// turns that text, or plain JSON, into plain JSON for encoding/json.

// maxNesting bounds the depth of arrays and objects strictJSON follows, so
// that a hostile payload cannot exhaust the stack.
const maxNesting = 64

var errRelaxed = errors.New("not SudokuPad's JSON")

// strictJSON returns text, SudokuPad's relaxed JSON or plain JSON, as plain
// JSON. Its error names the byte offset where the text stops making sense.
func strictJSON(text []byte) ([]byte, error) {
	cv := &relaxed{in: text, out: make([]byte, 0, len(text)+len(text)/4)}
	cv.space()
	if err := cv.value(0, false); err != nil {
		return nil, err
	}
	cv.space()
	if cv.pos != len(cv.in) {
		return nil, cv.errf("text after the end")
	}
	return cv.out, nil
}

type relaxed struct {
	in  []byte
	pos int
	out []byte
}

func (cv *relaxed) errf(format string, args ...any) error {
	return fmt.Errorf("%w: offset %d: %s", errRelaxed, cv.pos, fmt.Sprintf(format, args...))
}

func (cv *relaxed) space() {
	for cv.pos < len(cv.in) {
		switch cv.in[cv.pos] {
		case ' ', '\t', '\n', '\r':
			cv.pos++
		default:
			return
		}
	}
}

func (cv *relaxed) peek() byte {
	if cv.pos < len(cv.in) {
		return cv.in[cv.pos]
	}
	return 0
}

// value converts one value. inArray says that an empty slot (the next
// character ends the element) stands for {}.
func (cv *relaxed) value(depth int, inArray bool) error {
	if depth > maxNesting {
		return cv.errf("nested more than %d deep", maxNesting)
	}
	switch c := cv.peek(); c {
	case '{':
		return cv.object(depth)
	case '[':
		return cv.array(depth)
	case '"', '\'':
		return cv.str()
	case ',', ']':
		if inArray {
			cv.out = append(cv.out, "{}"...)
			return nil
		}
		return cv.errf("a value is missing")
	case 0:
		return cv.errf("the text ends where a value should be")
	}
	return cv.bare()
}

func (cv *relaxed) object(depth int) error {
	cv.pos++ // '{'
	cv.out = append(cv.out, '{')
	cv.space()
	if cv.peek() == '}' {
		cv.pos++
		cv.out = append(cv.out, '}')
		return nil
	}
	for {
		cv.space()
		switch c := cv.peek(); {
		case c == '"' || c == '\'':
			if err := cv.str(); err != nil {
				return err
			}
		case isWordByte(c):
			start := cv.pos
			for cv.pos < len(cv.in) && isWordByte(cv.in[cv.pos]) {
				cv.pos++
			}
			cv.out = appendString(cv.out, string(cv.in[start:cv.pos]))
		default:
			return cv.errf("a key is missing")
		}
		cv.space()
		if cv.peek() != ':' {
			return cv.errf("':' is missing after a key")
		}
		cv.pos++
		cv.out = append(cv.out, ':')
		cv.space()
		if err := cv.value(depth+1, false); err != nil {
			return err
		}
		if done, err := cv.after('}', "an object"); done || err != nil {
			return err
		}
	}
}

// after reads what follows a member of an object or an element of an
// array: a comma (done false) or the closer (done true).
func (cv *relaxed) after(closer byte, in string) (done bool, err error) {
	cv.space()
	switch c := cv.peek(); c {
	case ',', closer:
		cv.pos++
		cv.out = append(cv.out, c)
		return c == closer, nil
	}
	return false, cv.errf("',' or '%c' is missing in %s", closer, in)
}

func (cv *relaxed) array(depth int) error {
	cv.pos++ // '['
	cv.out = append(cv.out, '[')
	// The zipper drops each {} of an array, "[{}]" included, and drops no
	// empty array (it removes those first): "[]" is one empty slot too.
	for {
		cv.space()
		if err := cv.value(depth+1, true); err != nil {
			return err
		}
		if done, err := cv.after(']', "an array"); done || err != nil {
			return err
		}
	}
}

// str converts a string in double quotes (kept as it is, after a check)
// or in single quotes, where \' is a quote.
func (cv *relaxed) str() error {
	q := cv.in[cv.pos]
	start := cv.pos
	cv.pos++
	var buf []byte
	for {
		if cv.pos >= len(cv.in) {
			cv.pos = start
			return cv.errf("a string does not end")
		}
		c := cv.in[cv.pos]
		switch {
		case c == q:
			cv.pos++
			cv.out = appendString(cv.out, string(buf))
			return nil
		case c == '\\':
			if cv.pos+1 >= len(cv.in) {
				cv.pos = start
				return cv.errf("a string does not end")
			}
			e := cv.in[cv.pos+1]
			cv.pos += 2
			switch e {
			case 'n':
				buf = append(buf, '\n')
			case 't':
				buf = append(buf, '\t')
			case 'r':
				buf = append(buf, '\r')
			case 'b':
				buf = append(buf, '\b')
			case 'f':
				buf = append(buf, '\f')
			case 'u':
				if cv.pos+4 > len(cv.in) {
					return cv.errf("a \\u escape is cut short")
				}
				v, err := strconv.ParseUint(string(cv.in[cv.pos:cv.pos+4]), 16, 16)
				if err != nil {
					return cv.errf("a bad \\u escape")
				}
				cv.pos += 4
				buf = utf8.AppendRune(buf, rune(v))
			default: // \' \" \\ \/ and any other character stand for themselves
				buf = append(buf, e)
			}
		default:
			buf = append(buf, c)
			cv.pos++
		}
	}
}

// bare converts a value written without quotes: a number, true, false,
// null, t, f, a colour (#0, #F, #rrggbb, or the bare digits of one), or any
// other word, kept as a string.
func (cv *relaxed) bare() error {
	start := cv.pos
	for cv.pos < len(cv.in) {
		c := cv.in[cv.pos]
		if c == ',' || c == ']' || c == '}' || c == ':' || c == ' ' || c == '\t' || c == '\n' || c == '\r' {
			break
		}
		cv.pos++
	}
	w := cv.in[start:cv.pos]
	if len(w) == 0 {
		return cv.errf("unexpected %q", cv.peek())
	}
	switch string(w) {
	case "t", "true":
		cv.out = append(cv.out, "true"...)
		return nil
	case "f", "false":
		cv.out = append(cv.out, "false"...)
		return nil
	case "null":
		cv.out = append(cv.out, "null"...)
		return nil
	case "#0":
		cv.out = append(cv.out, `"#000000"`...)
		return nil
	case "#F":
		cv.out = append(cv.out, `"#FFFFFF"`...)
		return nil
	}
	if len(w) == 6 && isHex(w) {
		// The zipper writes a colour's six digits bare, and its unzipper
		// reads any six hex digits as a colour.
		cv.out = appendString(cv.out, "#"+string(w))
		return nil
	}
	if isNumber(w) {
		cv.out = append(cv.out, w...)
		return nil
	}
	cv.out = appendString(cv.out, string(w))
	return nil
}

// appendString appends s to out as a JSON string (strconv's quoting is Go's,
// whose escapes JSON lacks).
func appendString(out []byte, s string) []byte {
	b, _ := json.Marshal(s)
	return append(out, b...)
}

func isWordByte(c byte) bool {
	return c == '_' || c == '$' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

func isHex(w []byte) bool {
	for _, c := range w {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return true
}

// isNumber reports whether w is a number in JSON's syntax.
func isNumber(w []byte) bool {
	if len(w) == 0 {
		return false
	}
	i := 0
	if w[i] == '-' {
		i++
	}
	digits := func() int {
		s := i
		for i < len(w) && '0' <= w[i] && w[i] <= '9' {
			i++
		}
		return i - s
	}
	if k := digits(); k == 0 || k > 1 && w[i-k] == '0' {
		return false
	}
	if i < len(w) && w[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	}
	if i < len(w) && (w[i] == 'e' || w[i] == 'E') {
		i++
		if i < len(w) && (w[i] == '+' || w[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(w)
}
