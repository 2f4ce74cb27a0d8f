package input

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/variant"
)

// ErrSudoCue reports a killer string (ReadSudoCue) that cannot be read.
var ErrSudoCue = errors.New("bad SudoCue killer string")

// sudoCueMaxCode is the largest cell code: a sum of at most 45 (1+…+9)
// times 256, plus a cage number below 256.
const sudoCueMaxCode = 45*256 + 255

// IsSudoCue reports whether text looks like a killer string for
// ReadSudoCue: it starts with "3x3:" (surrounding spaces aside).
func IsSudoCue(text string) bool {
	return strings.HasPrefix(strings.TrimSpace(text), "3x3:")
}

// ReadSudoCue reads a 9×9 killer sudoku in the one-line format of
// SudoCue, which JSudoku and other killer tools also read and write:
//
//	3x3:d:k:3841:7705:7705:…:4375:
//
// "3x3" is the boxes, the second field is the flags ("" or "d", the two
// diagonals of Sudoku X), "k" says killer, and 81 cell codes follow in
// row order, each ended by ':' (the last one may not be). A cell code
// is sum·256 + cage number: the cells that share a cage number form one
// killer cage (Killer) with that sum, and a code whose sum is 0 puts its
// cell in no cage. The format has no givens. Surrounding spaces are
// ignored.
//
// A string that is not of this form, a flag or a kind this reader does
// not know (a rule it would otherwise drop), or one cage number with two
// sums is a *ParseError whose Col is the 1-based position of the field
// at fault, wrapping ErrSudoCue; a puzzle that reads but is not well
// formed (a cage of ten cells, a sum no cage can reach) is the error of
// Puzzle.Validate.
func ReadSudoCue(text string) (*variant.Puzzle, error) {
	t := strings.TrimSpace(text)
	lead := len(text) - len(strings.TrimLeft(text, " \t\r\n"))
	fields := strings.Split(t, ":")
	col := make([]int, len(fields)) // each field's 1-based column in text
	at := lead + 1
	for i, f := range fields {
		col[i] = at
		at += len(f) + 1
	}
	// fail names field i, or the end of the text for i past the last.
	fail := func(i int, format string, args ...any) error {
		c := lead + len(t) + 1
		if i < len(col) {
			c = col[i]
		}
		return &variant.ParseError{Col: c, Err: fmt.Errorf("%w: "+format, append([]any{ErrSudoCue}, args...)...)}
	}
	const n = 9
	switch {
	case fields[0] != "3x3":
		return nil, fail(0, "it starts %q, not \"3x3:\" (9×9 with 3×3 boxes, the only size this reader knows)", fields[0])
	case len(fields) < 3:
		return nil, fail(len(fields), "it ends before the kind of puzzle (\"3x3:d:k:\" or \"3x3::k:\")")
	case fields[2] != "k":
		return nil, fail(2, "the kind of puzzle is %q; this reader knows only \"k\" (killer)", fields[2])
	}
	var rules []variant.Rule
	switch fields[1] {
	case "":
	case "d":
		rules = append(rules, variant.PositiveDiagonal{}, variant.NegativeDiagonal{})
	default:
		return nil, fail(1, "unknown flags %q (this reader knows \"d\", the diagonals)", fields[1])
	}
	codes := fields[3:]
	if len(codes) > 0 && codes[len(codes)-1] == "" {
		codes = codes[:len(codes)-1] // the last code's ':'
	}
	if len(codes) != n*n {
		return nil, fail(min(3+n*n, 3+len(codes)), "%d cell codes, not %d", len(codes), n*n)
	}
	type cage struct {
		sum   int
		cells []int
	}
	var cages []*cage
	byNumber := map[int]*cage{}
	for cell, s := range codes {
		code, err := strconv.Atoi(s)
		if err != nil || code < 0 || code > sudoCueMaxCode || s[0] == '+' || s[0] == '-' {
			return nil, fail(3+cell, "cell code %q of %s is not a number 0..%d (sum·256 + cage)", s, cellName(n, cell), sudoCueMaxCode)
		}
		sum, number := code/256, code%256
		if sum == 0 {
			continue // in no cage
		}
		k := byNumber[number]
		switch {
		case k == nil:
			k = &cage{sum: sum}
			byNumber[number] = k
			cages = append(cages, k)
		case k.sum != sum:
			return nil, fail(3+cell, "cage %d sums to %d at %s but to %d before", number, sum, cellName(n, cell), k.sum)
		}
		k.cells = append(k.cells, cell)
	}
	for _, k := range cages {
		rules = append(rules, variant.Killer{Cells: k.cells, Sum: k.sum})
	}
	p := &variant.Puzzle{Givens: board.New(board.Classic), Rules: rules}
	if err := p.Validate(); err != nil {
		return nil, err
	}
	return p, nil
}
