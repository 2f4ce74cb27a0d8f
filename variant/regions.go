package variant

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxRegionLine bounds the length of a line of a region grid.
const maxRegionLine = 1 << 16

// ReadRegions reads the regions of a jigsaw puzzle of side n from a grid of
// region labels: n lines of n labels each, either n characters with no
// spaces ("112223334") or n labels separated by spaces or tabs ("1 1 2 ...",
// which allows labels of several characters such as "10"). Any label works
// (digits, letters, symbols); regions are numbered in the order their
// labels first appear, reading row by row. Blank lines and lines starting
// with '#' before, between and after the grid are skipped.
//
// There must be exactly n distinct labels with n cells each. A region need
// not be connected: f-puzzles allows scattered regions, and the rules only
// need each region to hold every digit once. Errors are *ParseError values
// wrapping ErrRegions (or the reader's error), naming the line and column.
func ReadRegions(r io.Reader, n int) ([]int, error) {
	if n < 1 {
		return nil, fmt.Errorf("%w: side %d", ErrRegions, n)
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), maxRegionLine)
	labels := make([]int, 0, n*n)
	index := map[string]int{} // label → region
	count := []int{}
	firstAt := [][2]int{} // region → line, column of its first cell
	line, rows := 0, 0
	for sc.Scan() {
		line++
		text := strings.TrimRight(sc.Text(), " \t\r")
		trimmed := strings.TrimLeft(text, " \t")
		if trimmed == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		if rows == n {
			return nil, &ParseError{line, 1, fmt.Errorf("%w: more than %d rows", ErrRegions, n)}
		}
		rows++
		toks := regionTokens(text)
		if len(toks) != n {
			col := utf8.RuneCountInString(text) + 1
			if len(toks) > n {
				col = toks[n].col
			}
			return nil, &ParseError{line, col, fmt.Errorf("%w: %d labels in row %d, want %d", ErrRegions, len(toks), rows, n)}
		}
		for _, t := range toks {
			reg, ok := index[t.label]
			if !ok {
				if len(count) == n {
					return nil, &ParseError{line, t.col, fmt.Errorf("%w: label %q makes region %d of %d", ErrRegions, t.label, n+1, n)}
				}
				reg = len(count)
				index[t.label] = reg
				count = append(count, 0)
				firstAt = append(firstAt, [2]int{line, t.col})
			}
			count[reg]++
			if count[reg] > n {
				return nil, &ParseError{line, t.col, fmt.Errorf("%w: region %q has more than %d cells", ErrRegions, t.label, n)}
			}
			labels = append(labels, reg)
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, &ParseError{line + 1, 1, fmt.Errorf("%w: line longer than %d bytes", ErrRegions, maxRegionLine)}
		}
		return nil, &ParseError{line, 1, err}
	}
	if rows < n {
		return nil, &ParseError{line + 1, 1, fmt.Errorf("%w: %d rows, want %d", ErrRegions, rows, n)}
	}
	for reg, k := range count {
		if k != n {
			label := ""
			for l, r := range index {
				if r == reg {
					label = l
				}
			}
			return nil, &ParseError{firstAt[reg][0], firstAt[reg][1], fmt.Errorf("%w: region %q has %d cells, want %d", ErrRegions, label, k, n)}
		}
	}
	if len(count) < n {
		return nil, &ParseError{line, 1, fmt.Errorf("%w: %d regions, want %d", ErrRegions, len(count), n)}
	}
	return labels, nil
}

type regionToken struct {
	label string
	col   int // 1-based, in runes
}

// regionTokens splits a row: by spaces if it has any inside, else into
// single characters.
func regionTokens(text string) []regionToken {
	var out []regionToken
	trimmed := strings.TrimLeft(text, " \t")
	lead := utf8.RuneCountInString(text) - utf8.RuneCountInString(trimmed)
	if !strings.ContainsAny(trimmed, " \t") {
		col := lead + 1
		for _, r := range trimmed {
			out = append(out, regionToken{string(r), col})
			col++
		}
		return out
	}
	col, start := 0, -1
	var cur []rune
	for _, r := range text {
		col++
		if unicode.IsSpace(r) {
			if start >= 0 {
				out = append(out, regionToken{string(cur), start})
				start, cur = -1, cur[:0]
			}
			continue
		}
		if start < 0 {
			start = col
		}
		cur = append(cur, r)
	}
	if start >= 0 {
		out = append(out, regionToken{string(cur), start})
	}
	return out
}
