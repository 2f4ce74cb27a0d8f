package input

import (
	"bufio"
	"bytes"
	"path/filepath"
	"strings"

	"github.com/satdoku/satdoku/fpuzzles"
)

// Format is an input format, as Detect tells it.
type Format int

// The formats, in the order Detect asks them (see the package doc).
const (
	Text        Format = iota // text puzzles: grids, line puzzles, records, markup (board.Reader)
	JSONArray                 // a JSON array of puzzles, or of the rows of one board
	JSON                      // a JSON object: f-puzzles, SudokuPad, or one holding a board
	Sigh                      // an Interactive Sudoku Solver constraint string or link
	SudoCue                   // a SudoCue killer string, "3x3:d:k:…"
	SnarfKiller               // a snarfable killer string, "S<J<<O<<…"
	SudokuPadID               // SudokuPad's own payload, "scl…" or "ctc…"
	Link                      // a link: f-puzzles, SudokuPad, or another site's with a puzzle in it
	Payload                   // the compressed text after "?load=" of an f-puzzles link
	Marks                     // pencil-mark grids (MarksReader)
)

var formatNames = [...]string{
	Text: "text", JSONArray: "JSON array", JSON: "JSON", Sigh: "Interactive Sudoku Solver",
	SudoCue: "SudoCue killer", SnarfKiller: "snarfable killer", SudokuPadID: "SudokuPad payload",
	Link: "link", Payload: "f-puzzles payload", Marks: "pencil marks",
}

// String returns the format's name ("text", "JSON", "link", …).
func (f Format) String() string {
	if f < 0 || int(f) >= len(formatNames) {
		return "unknown"
	}
	return formatNames[f]
}

// Variant reports whether puzzles of the format are read as variant
// puzzles (every format but Text).
func (f Format) Variant() bool { return f != Text }

// sample is what detection looks at: the input's name and its first lines
// other than blanks and # comments.
type sample struct {
	name string
	// first is the first line other than blanks and # comments, trimmed;
	// second the one after it.
	first, second string
	// rows are the lines that hold a digit, as they are (frame lines of a
	// pencil-mark grid hold none): the first, and after it, while they
	// read as rows of single candidates (a solved row of a pencil-mark
	// grid, or of a classic grid), the next ones up to a side's worth.
	rows []string
}

// moreRows reports whether detection must see another line holding a
// digit: it has none yet, or only rows of single candidates, fewer than
// their side (a pencil-mark grid whose first rows are solved is told
// apart by a later row; a line puzzle or a JSON line never waits).
func (s *sample) moreRows() bool {
	if len(s.rows) == 0 {
		return true
	}
	n, wide, ok := marksShape(s.rows[0])
	last := s.rows[len(s.rows)-1]
	m, lastWide, lastOK := marksShape(last)
	return ok && !wide && lastOK && !lastWide && m == n && len(s.rows) < n
}

// marksRows reports whether the rows are those of a pencil-mark grid: rows
// of one side's candidates, the last with a cell of two or more.
func (s *sample) marksRows() bool {
	if len(s.rows) == 0 {
		return false
	}
	n, _, _ := marksShape(s.rows[0])
	m, wide, ok := marksShape(s.rows[len(s.rows)-1])
	return ok && wide && m == n
}

// detector is one row of the detection table: a format and how it is
// recognised.
type detector struct {
	format Format
	match  func(s *sample) bool
}

// detectors is THE table of detection rules, asked in order; the first
// that matches picks the format, and Text is the rest. The package doc
// says the same in words: keep the two together.
var detectors = []detector{
	{JSONArray, func(s *sample) bool {
		return strings.HasPrefix(s.first, "[") && (isJSONName(s.name) || s.first == "[" && s.second == "[")
	}},
	{JSON, func(s *sample) bool { return strings.HasPrefix(s.first, "{") }},
	{Sigh, func(s *sample) bool { return fpuzzles.IsSigh(s.first) }}, // before Link: ISS's links are its
	{SudoCue, func(s *sample) bool { return IsSudoCue(s.first) }},
	{SnarfKiller, func(s *sample) bool { return IsSnarfKiller(s.first) }},
	{SudokuPadID, func(s *sample) bool { return oneWord(s.first) && fpuzzles.IsSudokuPadID(s.first) }},
	{Link, func(s *sample) bool { return isLink(firstWord(s.first)) }}, // a form decoder may have made its '+' spaces
	{Payload, func(s *sample) bool { return oneWord(s.first) && isPayload(s.first) }},
	{JSON, func(s *sample) bool { return isJSONName(s.name) }}, // a *.json file in no other form: f-puzzles says what is wrong
	{Marks, (*sample).marksRows},
}

// Detect returns the format of text, a whole input: the first row of
// the detection table (see the package doc) that its first lines match.
func Detect(text string) Format {
	return detect(sampleOf("", []byte(text)))
}

// detect asks the table.
func detect(s *sample) Format {
	for _, d := range detectors {
		if d.match(s) {
			return d.format
		}
	}
	return Text
}

// sampleOf reads the lines detection looks at from the start of an input
// (all of it, or as much as a reader's buffer holds).
func sampleOf(name string, data []byte) *sample {
	s := &sample{name: name}
	lines := 0
	for len(data) > 0 && (lines < 2 || s.moreRows()) {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		t := bytes.TrimSpace(line)
		if len(t) == 0 || t[0] == '#' {
			continue
		}
		switch lines {
		case 0:
			s.first = string(t)
		case 1:
			s.second = string(t)
		}
		lines++
		if bytes.ContainsAny(t, "0123456789") && s.moreRows() {
			s.rows = append(s.rows, string(line))
		}
	}
	return s
}

// peekSize is how much of an input is looked at to tell its format.
const peekSize = 64 << 10

// detectReader returns the format of the input br reads, named name,
// reading nothing from it: it peeks no further than the lines it needs
// (so that puzzles piped in one at a time are answered at once), and at
// most peekSize bytes.
func detectReader(name string, br *bufio.Reader) Format {
	var b []byte
	for i := 1; i <= peekSize; i++ {
		var err error
		if b, err = br.Peek(i); err != nil {
			break // the end of the input, or of the peek
		}
		if b[i-1] != '\n' {
			continue
		}
		// Enough is seen once the rows pencil marks need are (see
		// moreRows) and the first line is no "[" alone (JSONArray needs
		// the next).
		if s := sampleOf(name, b); !s.moreRows() && (s.first != "[" || s.second != "") {
			return detect(s)
		}
	}
	return detect(sampleOf(name, b))
}

// isJSONName reports whether a file name ends in .json (in any case).
func isJSONName(name string) bool { return strings.EqualFold(filepath.Ext(name), ".json") }

// firstWord returns t up to its first space or tab.
func firstWord(t string) string {
	if i := strings.IndexAny(t, " \t"); i >= 0 {
		return t[:i]
	}
	return t
}

// oneWord reports whether t has no spaces or tabs.
func oneWord(t string) bool { return !strings.ContainsAny(t, " \t") }

// isLink reports whether t is a link: an address ("://", "www.") or one
// that names f-puzzles or SudokuPad.
func isLink(t string) bool {
	lower := strings.ToLower(t)
	return strings.Contains(t, "://") || strings.HasPrefix(lower, "www.") || strings.Contains(lower, "f-puzzles.com") || strings.Contains(lower, "sudokupad")
}

// isPayload reports whether t is the compressed text of an f-puzzles link:
// it has "load=" or starts with SudokuPad's "fpuzzles", or it is 40
// characters or more of lz-string's base64 (A-Z a-z 0-9 + / =), its URI
// form (+ - $) or either escaped (%2B), with lz-string's usual start
// "N4Ig" or a character no text format has (+ / = $). A path such as
// /data/x.js is not one.
func isPayload(t string) bool {
	if strings.Contains(t, "load=") || strings.HasPrefix(t, "fpuzzles") {
		return true
	}
	if len(t) < 40 {
		return false
	}
	payload := !strings.ContainsFunc(t, func(c rune) bool {
		return !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.ContainsRune("+/=$-%", c))
	})
	return payload && (strings.HasPrefix(t, "N4Ig") || strings.ContainsAny(t, "+/=$"))
}
