package fpuzzles

import (
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/internal/lzstring"
)

// maxPayloadOutput bounds the decompressed JSON of a payload, in UTF-16
// code units (MaxJSON bytes of ASCII).
const maxPayloadOutput = MaxJSON

// ReadURL reads a puzzle from a link: f-puzzles' "?load=<payload>"
// (https://www.f-puzzles.com/?load=N4Ig...), or SudokuPad's
// "fpuzzles<payload>" or "fpuz<payload>" in the path or in "?puzzleid="
// (https://sudokupad.app/fpuzzlesN4Ig...). Percent-escapes are decoded; a
// '+' stays a '+'.
//
// SudokuPad's own format ("scl" or "ctc" before the payload, in the path or
// in "?puzzleid=") is read too, but only for what that format carries as
// rules: givens, regions and cages (killer cages). A puzzle that draws
// other rules (lines, arrows, shapes), or whose rules text names a rule
// the format cannot carry (anti-knight, diagonals, ...), is refused with
// an *UnsupportedError saying so, and the setter's solution, when the
// puzzle has one, must solve what was read.
//
// The link of another site is read when its address holds a classic puzzle
// written on one line, as a query value or a path segment: SudokuWiki's
// "sudoku.htm?bd=0030206…", say (see classicLink).
func ReadURL(link string) (*Result, error) {
	link = strings.TrimSpace(link)
	host := linkHost(link)
	if host != "" && !strings.Contains(host, "f-puzzles") && !strings.Contains(host, "sudokupad") && !strings.Contains(host, "crackingthecryptic") {
		if res, ok := classicLink(link); ok {
			return res, nil
		}
		if shorteners[strings.TrimPrefix(host, "www.")] {
			return nil, formatErr("", "%s links are shortened: the puzzle is where the link leads, and satdoku does not go online; open it and give satdoku the long link it leads to", host)
		}
		return nil, formatErr("", "the link (%s) is no f-puzzles or SudokuPad link, and its address holds no puzzle on one line", host)
	}
	if strings.Contains(host, "f-puzzles") && !strings.Contains(link, "load=") && strings.Contains(link, "id=") {
		return nil, formatErr("", "an f-puzzles short link (?id=): the puzzle is on the f-puzzles server, not in the link; open it and give satdoku the long link (?load=…) or the JSON")
	}
	payload, err := urlPayload(link)
	if err != nil {
		return nil, err
	}
	if IsSudokuPadID(payload) {
		return ReadSudokuPadID(payload)
	}
	return ReadPayload(payload)
}

// shorteners are link shorteners, which setters use for the long links of
// f-puzzles.
var shorteners = map[string]bool{"tinyurl.com": true, "bit.ly": true, "tiny.cc": true, "is.gd": true, "t.co": true, "goo.gl": true, "rb.gy": true, "shorturl.at": true, "cutt.ly": true, "ow.ly": true}

// linkHost returns the host of a link, lower-cased ("www.f-puzzles.com"),
// or "" if it has none ("fpuzzlesN4Ig…", "?load=…").
func linkHost(link string) string {
	rest := link
	if i := strings.Index(rest, "://"); i >= 0 {
		rest = rest[i+3:]
	} else if !strings.HasPrefix(strings.ToLower(rest), "www.") {
		return ""
	}
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		rest = rest[:i]
	}
	return strings.ToLower(rest)
}

// classicLink reads the classic puzzle that a link of another site holds
// on one line: the first query value or path segment that board.Parse
// reads as one puzzle of 9×9 or more (SudokuWiki's "?bd=0030206…", a
// site's "/play/4...3....."). The puzzle has no rules.
func classicLink(link string) (*Result, bool) {
	rest := link
	if i := strings.Index(rest, "://"); i >= 0 {
		rest = rest[i+3:]
	}
	for _, part := range strings.FieldsFunc(rest, func(r rune) bool { return strings.ContainsRune("/?&#=;", r) }) {
		v, err := url.QueryUnescape(part)
		if err != nil || len(v) < 81 || strings.ContainsAny(v, " \t") { // 9×9 and up: a shorter value is more likely an id
			continue
		}
		b, err := board.Parse(v)
		if err != nil {
			continue
		}
		return ClassicResult(b), true
	}
	return nil, false
}

// IsSudokuPadID reports whether id is SudokuPad's own format: "scl" or
// "ctc" and a payload. It is how package input recognises the format.
func IsSudokuPadID(id string) bool {
	return len(id) > 3+16 && (strings.HasPrefix(id, "scl") || strings.HasPrefix(id, "ctc"))
}

// ReadSudokuPadID reads "scl<payload>" or "ctc<payload>": SudokuPad's
// JSON compressed as f-puzzles' is, or written out.
func ReadSudokuPadID(id string) (*Result, error) {
	p := strings.ReplaceAll(strings.TrimSpace(id[3:]), " ", "+")
	if strings.HasPrefix(p, "{") {
		return ReadSudokuPad(p)
	}
	text, err := decompress(p)
	if err != nil {
		return nil, &FormatError{Source: "SudokuPad", Err: fmt.Errorf("the payload does not decompress: %w", err)}
	}
	return ReadSudokuPad(text)
}

func urlPayload(link string) (string, error) {
	cut := func(s string) string {
		if i := strings.IndexAny(s, "&#"); i >= 0 {
			return s[:i]
		}
		return s
	}
	if i := strings.Index(link, "load="); i >= 0 {
		return unescape(cut(link[i+len("load="):]))
	}
	// SudokuPad: the puzzle id is the last path segment or ?puzzleid=.
	id := ""
	if i := strings.Index(link, "puzzleid="); i >= 0 {
		id = cut(link[i+len("puzzleid="):])
	} else {
		rest := link
		if i := strings.Index(rest, "://"); i >= 0 {
			rest = rest[i+3:]
		}
		rest = cut(rest)
		if i := strings.IndexByte(rest, '?'); i >= 0 {
			rest = rest[:i]
		}
		// Keep everything after the host: the payload itself may hold '/'.
		if i := strings.IndexByte(rest, '/'); i >= 0 {
			id = rest[i+1:]
		}
		// sudokupad.app/sudoku/fpuzzles... and similar paths.
		// The payload's own characters may spell "fpuz" or "/scl": the
		// first prefix found is the format.
		if !IsSudokuPadID(id) && !strings.HasPrefix(id, "fpuz") {
			at := len(id)
			for _, prefix := range []string{"fpuz", "/scl", "/ctc"} {
				if i := strings.Index(id, prefix); i >= 0 && i < at {
					at = i
				}
			}
			if at < len(id) {
				id = strings.TrimPrefix(id[at:], "/")
			} else if i := strings.LastIndexByte(id, '/'); i >= 0 {
				id = id[i+1:] // app.crackingthecryptic.com/sudoku/<short id>
			}
		}
	}
	id, err := unescape(id)
	if err != nil {
		return "", err
	}
	switch {
	case strings.HasPrefix(id, "fpuzzles"):
		id = strings.TrimPrefix(id[len("fpuzzles"):], "/")
	case strings.HasPrefix(id, "fpuz"):
		id = strings.TrimPrefix(id[len("fpuz"):], "/")
	case IsSudokuPadID(id):
		return id, nil
	case id == "":
		return "", formatErr("", "the link has no f-puzzles puzzle (no \"?load=\" and no SudokuPad \"fpuzzles\", \"scl\" or \"ctc\" id)")
	case len(id) >= 20:
		return "", formatErr("", "the link's puzzle %.20q is in no format satdoku reads (f-puzzles' \"fpuzzles\", SudokuPad's \"scl\" or \"ctc\")", id)
	}
	if len(id) < 20 {
		return "", formatErr("", "%q is a short SudokuPad id: the puzzle is on the SudokuPad server, not in the link", id)
	}
	return id, nil
}

func unescape(s string) (string, error) {
	u, err := url.PathUnescape(s)
	if err != nil {
		return "", formatErr("", "bad escape in the link: %v", err)
	}
	return u, nil
}

// ReadPayload reads a puzzle from the compressed text that follows
// "?load=" in an f-puzzles link (lz-string's compressToBase64 of the JSON;
// a leading "?load=", "load=", "fpuzzles" or "fpuz" is skipped). Spaces are
// read as '+', which a form decoder may have replaced. If the text does not
// decompress, it is tried in lz-string's URI-safe alphabet, and with each
// single '/' doubled (some link shorteners collapse "//", as SudokuPad
// notes).
func ReadPayload(payload string) (*Result, error) {
	p := strings.TrimSpace(payload)
	for _, prefix := range []string{"?load=", "load=", "fpuzzles", "fpuz"} {
		p = strings.TrimPrefix(p, prefix)
	}
	p = strings.ReplaceAll(p, " ", "+")
	if p == "" {
		return nil, formatErr("", "empty payload")
	}
	text, err := decompress(p)
	if err != nil {
		return nil, &FormatError{Err: fmt.Errorf("the payload does not decompress: %w", err)}
	}
	return Decode([]byte(text))
}

// decompress tries the payload as base64, as URI-safe, then with one '/'
// doubled; it accepts an output that looks like a JSON object.
func decompress(p string) (string, error) {
	looksJSON := func(s string) bool { return strings.HasPrefix(strings.TrimSpace(s), "{") }
	text, err := lzstring.Decompress(p, lzstring.Base64, maxPayloadOutput)
	if err == nil && looksJSON(text) {
		return text, nil
	}
	first := err
	if first == nil {
		first = errors.New("the result is not JSON")
	}
	if errors.Is(first, lzstring.ErrTooLarge) {
		return "", first
	}
	if t, err := lzstring.Decompress(p, lzstring.URISafe, maxPayloadOutput); err == nil && looksJSON(t) {
		return t, nil
	}
	const maxTries = 64
	tries := 0
	for i := 0; i < len(p) && tries < maxTries; i++ {
		if p[i] != '/' || (i+1 < len(p) && p[i+1] == '/') || (i > 0 && p[i-1] == '/') {
			continue
		}
		tries++
		q := p[:i] + "/" + p[i:]
		if t, err := lzstring.Decompress(q, lzstring.Base64, maxPayloadOutput); err == nil && looksJSON(t) {
			return t, nil
		}
	}
	return "", first
}
