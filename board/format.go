package board

import (
	"errors"
	"fmt"
	"strings"
)

// Format is the text layout of a puzzle.
type Format int

// The formats. Reader.Read detects Grid, Compact and Line for each puzzle;
// Pretty is written for people and reads back as Grid.
const (
	// FormatUnknown is the zero Format.
	FormatUnknown Format = iota
	// Grid is N lines of N whitespace-separated numbers, 0 or . for a blank.
	Grid
	// Compact is N lines of N symbols with no separators, as in Project Euler 96.
	Compact
	// Line is N² symbols on one line.
	Line
	// Pretty is a grid of numbers with box borders (see WritePretty).
	Pretty
)

// formatNames are the names of Grid … Pretty.
var formatNames = [...]string{"grid", "compact", "line", "pretty"}

// FormatNames lists the names ParseFormat accepts, in the order of the
// Format values (a copy: changing it changes nothing else).
var FormatNames = append([]string(nil), formatNames[:]...)

// String returns "grid", "compact", "line", "pretty" or "unknown".
func (f Format) String() string {
	if f >= Grid && f <= Pretty {
		return formatNames[f-Grid]
	}
	return "unknown"
}

// ParseFormat returns the format named s ("grid", "compact", "line" or
// "pretty", in any case).
func ParseFormat(s string) (Format, error) {
	for i, name := range formatNames {
		if strings.EqualFold(s, name) {
			return Grid + Format(i), nil
		}
	}
	return FormatUnknown, fmt.Errorf("unknown format %q (want %s)", s, joinWords(formatNames[:], "or"))
}

// ErrCannotWrite reports a board that a format cannot represent: a board
// larger than its alphabet, or an alphabet that would not read back.
var ErrCannotWrite = errors.New("cannot be written in this format")

// CanWrite reports whether boards of shape s can be written in format f,
// with alphabet a for the Compact and Line formats, so that Reader reads
// them back as they were: it returns nil, or an error wrapping
// ErrCannotWrite (or ErrShape for an invalid shape) that says why and what
// to use instead. Grid and Pretty write numbers and represent every valid
// shape; Compact and Line need one symbol per digit, so the Default
// alphabet (35 symbols) writes boards up to 35×35, such as 25×25, and Hex
// and Letters up to 16×16 and 26×26. Call CanWrite before solving, so that
// no board is solved only to be refused when it is written.
func CanWrite(f Format, s Shape, a Alphabet) error {
	if !s.Valid() {
		return s.invalid()
	}
	switch f {
	case Grid, Pretty:
		return nil
	case Compact, Line:
		return a.writes(s, f)
	}
	return fmt.Errorf("%w: unknown format %d", ErrCannotWrite, int(f))
}
