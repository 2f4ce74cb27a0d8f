package board

import (
	"fmt"
	"strings"
)

// Format is the text layout of a puzzle.
type Format int

// The formats, detected for each puzzle by Reader.Read.
const (
	// FormatUnknown is the zero Format.
	FormatUnknown Format = iota
	// Grid is N lines of N whitespace-separated numbers, 0 or . for a blank.
	Grid
	// Compact is N lines of N symbols with no separators, as in Project Euler 96.
	Compact
	// Line is N² symbols on one line.
	Line
)

// String returns "grid", "compact", "line" or "unknown".
func (f Format) String() string {
	switch f {
	case Grid:
		return "grid"
	case Compact:
		return "compact"
	case Line:
		return "line"
	}
	return "unknown"
}

// ParseFormat returns the format named s ("grid", "compact" or "line").
func ParseFormat(s string) (Format, error) {
	for _, f := range []Format{Grid, Compact, Line} {
		if strings.EqualFold(s, f.String()) {
			return f, nil
		}
	}
	return FormatUnknown, fmt.Errorf("unknown format %q (want grid, compact or line)", s)
}
