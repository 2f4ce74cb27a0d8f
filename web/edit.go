package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/satdoku/satdoku/fpuzzles"
	"github.com/satdoku/satdoku/input"
	"github.com/satdoku/satdoku/internal/lzstring"
	"github.com/satdoku/satdoku/variant"
)

// errEditRefused reports givens typed on the page that the puzzle's own
// format cannot carry without changing the puzzle; the page keeps the
// puzzle as it was.
var errEditRefused = errors.New("the edit is refused")

// editedFPuzzles writes an f-puzzles puzzle whose givens were replaced
// (Request.Givens) back in the form it came in, so that the page's text
// box keeps every rule: f-puzzles JSON stays JSON, and a link or its
// payload stays a link or payload, with only the grid's givens changed
// (every other key, cosmetic or not, is kept as it was). Other inputs
// that fpuzzles.Load reads (SudokuPad's own format, SudoCue's and the
// forum's killer strings, Interactive Sudoku Solver) become an f-puzzles
// link. The text written is read back and must give the same givens,
// rules and notes; if it does not, the edit is refused with an error
// wrapping errEditRefused, never made silently into another puzzle.
func (p *puzzle) editedFPuzzles(src string) (string, error) {
	text, err := p.rewriteFPuzzles(strings.TrimSpace(src))
	if err != nil {
		return "", fmt.Errorf("%w: %v", errEditRefused, err)
	}
	if err := p.sameAs(text); err != nil {
		return "", fmt.Errorf("%w: %v", errEditRefused, err)
	}
	return text, nil
}

// rewriteFPuzzles writes the puzzle's givens into src.
func (p *puzzle) rewriteFPuzzles(src string) (string, error) {
	if strings.HasPrefix(src, "{") {
		var doc map[string]json.RawMessage
		if json.Unmarshal([]byte(src), &doc) == nil {
			if _, ok := doc["size"]; ok && doc["grid"] != nil {
				return p.patchJSON(doc)
			}
		}
	} else if start, end, ok := payloadSpan(src); ok {
		payload := strings.ReplaceAll(src[start:end], " ", "+")
		for _, a := range []lzstring.Alphabet{lzstring.Base64, lzstring.URISafe} {
			js, err := lzstring.Decompress(payload, a, fpuzzles.MaxJSON)
			if err != nil || !strings.HasPrefix(strings.TrimSpace(js), "{") {
				continue
			}
			var doc map[string]json.RawMessage
			if json.Unmarshal([]byte(js), &doc) != nil || doc["grid"] == nil {
				continue
			}
			out, err := p.patchJSON(doc)
			if err != nil {
				return "", err
			}
			return src[:start] + lzstring.Compress(out, a) + src[end:], nil
		}
	}
	// A form with no f-puzzles JSON inside: write the puzzle as an
	// f-puzzles link, which carries every rule satdoku reads.
	link, err := fpuzzles.URL(p.vp, nil, fpuzzles.Options{})
	if err != nil {
		return "", fmt.Errorf("this puzzle cannot be written as an f-puzzles link to hold the new givens (%v); change its givens where it was made", err)
	}
	return link, nil
}

// payloadSpan returns where the lz-string payload of an f-puzzles link
// (after "load=", or SudokuPad's "fpuzzles"/"fpuz") or of a bare payload
// lies in s; it reports false for every other form.
func payloadSpan(s string) (start, end int, ok bool) {
	cut := func(from int) (int, int, bool) {
		to := len(s)
		if i := strings.IndexAny(s[from:], "&#"); i >= 0 {
			to = from + i
		}
		return from, to, to-from >= 20
	}
	if i := strings.Index(s, "load="); i >= 0 {
		return cut(i + len("load="))
	}
	if strings.Contains(strings.ToLower(s), "sudokupad") || strings.Contains(s, "://") {
		for _, prefix := range []string{"fpuzzles", "fpuz"} {
			if i := strings.Index(s, "/"+prefix); i >= 0 {
				return cut(i + 1 + len(prefix))
			}
		}
		return 0, 0, false
	}
	if strings.HasPrefix(s, "scl") || strings.HasPrefix(s, "ctc") || strings.ContainsAny(s, " \t\n") {
		return 0, 0, false
	}
	from := 0
	for _, prefix := range []string{"fpuzzles", "fpuz"} {
		if strings.HasPrefix(s, prefix) {
			from = len(prefix)
			break
		}
	}
	return cut(from)
}

// patchJSON writes the puzzle's givens into the grid of an f-puzzles
// document and returns the document. A cell with a given gets its value
// and "given": true; a blank cell loses a given it had (a digit a solver
// entered, not given, stays). The setter's solution is dropped when a
// new given disagrees with it, as the file would then be refused.
func (p *puzzle) patchJSON(doc map[string]json.RawMessage) (string, error) {
	b := p.board()
	n := b.Side()
	var grid [][]map[string]json.RawMessage
	if err := json.Unmarshal(doc["grid"], &grid); err != nil || len(grid) != n {
		return "", fmt.Errorf("the f-puzzles grid is not %dx%d", n, n)
	}
	given := func(cell map[string]json.RawMessage) bool {
		var g bool
		return json.Unmarshal(cell["given"], &g) == nil && g
	}
	for r, row := range grid {
		if len(row) != n {
			return "", fmt.Errorf("the f-puzzles grid's row %d has %d cells, not %d", r+1, len(row), n)
		}
		for c, cell := range row {
			if cell == nil {
				cell = map[string]json.RawMessage{}
				row[c] = cell
			}
			switch d := b.Cells[r*n+c]; {
			case d != 0:
				cell["value"] = json.RawMessage(fmt.Sprint(d))
				cell["given"] = json.RawMessage("true")
			case given(cell):
				delete(cell, "value")
				delete(cell, "given")
			}
		}
	}
	g, err := json.Marshal(grid)
	if err != nil {
		return "", err
	}
	doc["grid"] = g
	if raw, ok := doc["solution"]; ok {
		var sol []json.RawMessage
		if json.Unmarshal(raw, &sol) != nil || len(sol) != n*n {
			delete(doc, "solution")
		} else {
			for i, d := range b.Cells {
				if d != 0 && strings.Trim(string(sol[i]), `"`) != fmt.Sprint(d) {
					delete(doc, "solution")
					break
				}
			}
		}
	}
	out, err := json.Marshal(doc)
	if err != nil {
		return "", err
	}
	return string(out), nil
}

// sameAs reads text back and checks that it is this puzzle: the same
// givens, rules and notes.
func (p *puzzle) sameAs(text string) error {
	res, err := input.Load(text)
	if err != nil {
		return fmt.Errorf("the puzzle written with the new givens does not read back (%v)", err)
	}
	b, got := p.board(), res.Puzzle.Givens
	if got.Shape != b.Shape || !slices.Equal(got.Cells, b.Cells) {
		return errors.New("the puzzle written with the new givens reads back with other givens")
	}
	n := b.Side()
	var want, have []string
	for _, r := range p.vp.Rules {
		want = append(want, r.Describe(n))
	}
	for _, r := range res.Puzzle.Rules {
		have = append(have, r.Describe(n))
	}
	if !slices.Equal(want, have) || !slices.Equal(p.vp.Regions, res.Puzzle.Regions) {
		return errors.New("the puzzle written with the new givens reads back with other rules")
	}
	var ignored []string
	for _, ig := range res.Ignored {
		ignored = append(ignored, plainNote(ig))
	}
	if !slices.Equal(p.ignored, ignored) {
		return fmt.Errorf("the puzzle's format cannot keep what it draws (%s) with new givens", strings.Join(p.ignored, "; "))
	}
	return nil
}

// editedMarks writes a pencil-mark grid whose givens were replaced
// (Request.Givens) back as a pencil-mark grid: a given cell holds its
// digit, every other cell its marks as pasted (all digits for a cell
// whose given was cleared). A given outside its cell's marks is refused:
// the marks are the puzzle's rules, and writing the given alone would
// drop them. The text written is read back and must give the same
// givens and marks.
func (p *puzzle) editedMarks(orig *variant.Puzzle) (string, error) {
	b := p.board()
	n := b.Side()
	marks := make([][]int, n*n) // the pasted marks of each cell
	for _, r := range orig.Rules {
		if m, ok := r.(variant.PencilMarks); ok {
			marks[m.Cell] = m.Digits
		}
	}
	want := make([][]int, n*n) // what each cell holds after the edit
	var sb strings.Builder
	for i, d := range b.Cells {
		switch {
		case d != 0:
			if marks[i] != nil && !slices.Contains(marks[i], int(d)) {
				return "", fmt.Errorf("%w: %s may hold only %s (its pencil marks), not %d", errEditRefused, b.CellName(i), joinInts(marks[i]), d)
			}
			want[i] = []int{int(d)}
		case marks[i] != nil:
			want[i] = marks[i]
		default:
			for v := 1; v <= n; v++ {
				want[i] = append(want[i], v)
			}
		}
		sb.WriteString(joinDigits(want[i]))
		if i%n == n-1 {
			sb.WriteByte('\n')
		} else {
			sb.WriteByte(' ')
		}
	}
	text := sb.String()
	m := input.NewMarksReader(strings.NewReader(text))
	m.Shape = b.Shape
	back, _, err := m.Read()
	if err != nil {
		return "", fmt.Errorf("%w: the pencil-mark grid with the new givens does not read back (%v)", errEditRefused, err)
	}
	got := make([][]int, n*n)
	for i, d := range back.Givens.Cells {
		if d != 0 {
			got[i] = []int{int(d)}
		}
	}
	for _, r := range back.Rules {
		if pm, ok := r.(variant.PencilMarks); ok {
			got[pm.Cell] = pm.Digits
		}
	}
	for i := range want {
		if got[i] == nil { // a cell with every digit carries no rule
			for v := 1; v <= n; v++ {
				got[i] = append(got[i], v)
			}
		}
		if !slices.Equal(got[i], want[i]) {
			return "", fmt.Errorf("%w: the pencil-mark grid with the new givens reads back with other marks at %s", errEditRefused, b.CellName(i))
		}
	}
	return text, nil
}

func joinDigits(ds []int) string {
	var sb strings.Builder
	for _, d := range ds {
		sb.WriteString(strconv.Itoa(d))
	}
	return sb.String()
}

func joinInts(ds []int) string {
	parts := make([]string, len(ds))
	for i, d := range ds {
		parts[i] = strconv.Itoa(d)
	}
	return strings.Join(parts, " or ")
}
