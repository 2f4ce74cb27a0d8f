package input

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/fpuzzles"
	"github.com/satdoku/satdoku/variant"
)

// Load reads one puzzle of a variant format (every format but Text and
// Marks, which NewReader reads): the format is the one Detect finds (see
// the package doc), and the reader of that format reads it. Text in
// another format is taken for an f-puzzles payload, whose error says that
// it does not decompress (the web server's "format": "fpuzzles").
// Surrounding spaces, and blank lines and # comments before the puzzle,
// are ignored.
//
// The errors are those of the format's reader: a *fpuzzles.FormatError or
// *fpuzzles.UnsupportedError for f-puzzles, SudokuPad and Interactive
// Sudoku Solver input, a *variant.ParseError wrapping ErrSudoCue or
// ErrSnarfKiller for a killer string, the error of
// variant.Puzzle.Validate for a killer that reads but is not well formed.
func Load(text string) (*fpuzzles.Result, error) {
	t := strings.TrimSpace(skipComments(text))
	switch Detect(t) {
	case JSON:
		return loadJSON(t)
	case JSONArray:
		return loadArray(t)
	case Sigh:
		return fpuzzles.ReadSigh(t)
	case SudoCue:
		return result(ReadSudoCue(t))
	case SnarfKiller:
		return result(ReadSnarfKiller(t))
	case SudokuPadID:
		return fpuzzles.ReadSudokuPadID(t)
	case Link:
		return fpuzzles.ReadURL(t)
	}
	return fpuzzles.ReadPayload(t)
}

// skipComments returns text from its first line other than blanks and #
// comments on (the line Detect looks at first).
func skipComments(text string) string {
	rest := text
	for rest != "" {
		line, after, _ := strings.Cut(rest, "\n")
		if t := strings.TrimSpace(line); t != "" && t[0] != '#' {
			return rest
		}
		rest = after
	}
	return rest
}

// result makes a puzzle of a killer reader a Result.
func result(p *variant.Puzzle, err error) (*fpuzzles.Result, error) {
	if err != nil {
		return nil, err
	}
	return &fpuzzles.Result{Puzzle: p}, nil
}

// loadJSON reads a JSON object: SudokuPad's, one that holds a board, or
// f-puzzles' (whose reader also reports JSON that does not parse).
func loadJSON(t string) (*fpuzzles.Result, error) {
	switch {
	case fpuzzles.IsSudokuPadJSON(t):
		return fpuzzles.ReadSudokuPad(t)
	case fpuzzles.IsJSONBoard(t):
		return fpuzzles.ReadJSONBoard(t)
	}
	return fpuzzles.Decode([]byte(t))
}

// loadArray reads a JSON array that holds one puzzle: the rows of a
// board, or one element.
func loadArray(t string) (*fpuzzles.Result, error) {
	ar := fpuzzles.NewArrayReader(strings.NewReader(t), LoadValue)
	res, _, err := ar.Next()
	if err == io.EOF {
		return nil, &fpuzzles.FormatError{Err: errors.New("the JSON array is empty")}
	}
	if err != nil {
		return nil, err
	}
	if _, line, err := ar.Next(); err != io.EOF {
		if err != nil {
			return nil, err
		}
		return nil, &fpuzzles.FormatError{Err: fmt.Errorf("the JSON array holds more than one puzzle (another starts on line %d)", line)}
	}
	return res, nil
}

// LoadValue reads the puzzle that one JSON value holds, as an element of
// a JSON array (fpuzzles.ArrayReader): an object (as Load reads it), a
// string (a line puzzle, or whatever Load reads: a link, a payload, a
// killer string, an Interactive Sudoku Solver string) or an array of rows.
func LoadValue(raw json.RawMessage) (*fpuzzles.Result, error) {
	t := bytes.TrimSpace(raw)
	if len(t) == 0 {
		return nil, &fpuzzles.FormatError{Err: errors.New("no value")}
	}
	switch t[0] {
	case '{':
		return loadJSON(string(t))
	case '"':
		var s string
		if err := json.Unmarshal(t, &s); err != nil {
			return nil, &fpuzzles.FormatError{Err: err}
		}
		if f := Detect(s); f != Text && f != Marks {
			return Load(s)
		}
		b, err := board.Parse(s)
		if err != nil {
			return nil, err // a classic puzzle with a mistake: say where
		}
		return fpuzzles.ClassicResult(b), nil
	case '[':
		if res, err := fpuzzles.ReadJSONBoard(string(t)); err == nil {
			return res, nil
		}
	}
	return nil, &fpuzzles.FormatError{Err: fmt.Errorf("%.40s is no puzzle", strings.TrimSpace(string(t)))}
}
