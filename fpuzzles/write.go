package fpuzzles

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/internal/lzstring"
	"github.com/satdoku/satdoku/variant"
)

// Options control Marshal.
type Options struct {
	// FillGrid also writes the solution's digits into the grid (as
	// digits entered, not givens), so that f-puzzles and SudokuPad show
	// the solved grid when the file is opened. The "solution" array is
	// written either way.
	FillGrid bool
}

// LinkPrefix is the start of an f-puzzles link; the payload follows.
const LinkPrefix = "https://www.f-puzzles.com/?load="

// URL returns the f-puzzles link of a puzzle: LinkPrefix followed by the
// lz-string compression of Marshal's JSON.
func URL(p *variant.Puzzle, solution *board.Board, o Options) (string, error) {
	data, err := Marshal(p, solution, o)
	if err != nil {
		return "", err
	}
	return LinkPrefix + lzstring.CompressToBase64(string(data)), nil
}

// Marshal writes a puzzle as f-puzzles JSON, with the setter's solution
// when solution is not nil. The keys come in f-puzzles' order (size,
// title, author, ruleset, grid, then the constraints); each rule becomes
// one entry of its key, and a rule that f-puzzles cannot express (an XV
// sum other than 5 or 10, a nonconsecutive rule on other differences, a
// rule type of another package) is an error. Some details are recomputed
// when the file is read back: the pairs of a negative constraint (from the
// marks) and the cells a minimum or maximum is compared with (from the
// group of minima or maxima).
func Marshal(p *variant.Puzzle, solution *board.Board, o Options) ([]byte, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	n := p.Side()
	if solution != nil && (solution.Side() != n || len(solution.Cells) != n*n) {
		return nil, fmt.Errorf("fpuzzles: a %dx%d solution for a %dx%d puzzle", solution.Side(), solution.Side(), n, n)
	}
	w := &writer{n: n, lists: map[string][]any{}, flags: map[string]bool{}}
	for i, r := range p.Rules {
		if err := w.rule(r); err != nil {
			return nil, fmt.Errorf("fpuzzles: rule %d (%s): %w", i+1, r.Describe(n), err)
		}
	}
	if err := negativePairs(p); err != nil {
		return nil, err
	}
	for c, d := range p.Givens.Cells {
		// A reader ignores the marks of a given cell, as SudokuSolver does:
		// they can be left out only when they allow the given digit.
		if ds, ok := w.marks[c]; ok && d != 0 && !slices.Contains(ds, int(d)) {
			return nil, fmt.Errorf("fpuzzles: %s is given %d, which its given pencil marks rule out", w.name(c), d)
		}
	}
	for _, c := range p.Cosmetics {
		w.cosmetic(c)
	}

	var out orderedObject
	out.add("size", n)
	if p.Title != "" {
		out.add("title", p.Title)
	}
	if p.Author != "" {
		out.add("author", p.Author)
	}
	if p.RulesText != "" {
		out.add("ruleset", p.RulesText)
	}
	out.add("grid", w.grid(p, solution, o))
	for _, k := range globalKeys {
		if w.flags[k] {
			out.add(k, true)
		}
	}
	if len(w.negative) > 0 {
		out.add("negative", w.negative)
	}
	for _, k := range ruleKeys {
		if l := w.lists[k]; len(l) > 0 {
			out.add(k, l)
		}
	}
	for _, k := range sortedKeys(cosmeticKeys) {
		if l := w.lists[k]; len(l) > 0 {
			out.add(k, l)
		}
	}
	if solution != nil {
		ds := make([]int, n*n)
		for i, d := range solution.Cells {
			ds[i] = int(d)
		}
		out.add("solution", ds)
	}
	return out.marshal()
}

// orderedObject is a JSON object that keeps its keys in order.
type orderedObject struct {
	keys []string
	vals []any
}

func (o *orderedObject) add(k string, v any) { o.keys, o.vals = append(o.keys, k), append(o.vals, v) }

func (o *orderedObject) marshal() ([]byte, error) {
	var buf bytes.Buffer
	buf.WriteByte('{')
	for i, k := range o.keys {
		if i > 0 {
			buf.WriteByte(',')
		}
		kb, _ := json.Marshal(k)
		buf.Write(kb)
		buf.WriteByte(':')
		vb, err := json.Marshal(o.vals[i])
		if err != nil {
			return nil, err
		}
		buf.Write(vb)
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}

// MarshalJSON writes the object in key order, so that objects nest.
func (o orderedObject) MarshalJSON() ([]byte, error) { return o.marshal() }

type writer struct {
	n        int
	lists    map[string][]any
	flags    map[string]bool
	negative []string
	marks    map[int][]int // given pencil marks by cell
}

// pencilMarks records the marks of a cell for the grid: f-puzzles has one
// list a cell, so two rules on a cell become the digits they share.
func (w *writer) pencilMarks(r variant.PencilMarks) error {
	if w.marks == nil {
		w.marks = map[int][]int{}
	}
	ds := r.Digits
	if old, ok := w.marks[r.Cell]; ok {
		ds = nil
		for _, d := range old {
			if slices.Contains(r.Digits, d) {
				ds = append(ds, d)
			}
		}
		if len(ds) == 0 {
			return fmt.Errorf("%s has two sets of given pencil marks with no digit in common", w.name(r.Cell))
		}
	}
	w.marks[r.Cell] = ds
	return nil
}

func (w *writer) name(c int) string { return fmt.Sprintf("R%dC%d", c/w.n+1, c%w.n+1) }

func (w *writer) names(cells []int) []string {
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = w.name(c)
	}
	return out
}

func posName(p variant.Pos) string { return fmt.Sprintf("R%dC%d", p.Row+1, p.Col+1) }

func (w *writer) put(key string, v any) { w.lists[key] = append(w.lists[key], v) }

func (w *writer) line(key string, cells []int, extra ...any) {
	var e orderedObject
	e.add("lines", [][]string{w.names(cells)})
	for i := 0; i+1 < len(extra); i += 2 {
		e.add(extra[i].(string), extra[i+1])
	}
	w.put(key, e)
}

func (w *writer) cellsEntry(key string, cells []int, value string) {
	var e orderedObject
	e.add("cells", w.names(cells))
	if value != "" {
		e.add("value", value)
	}
	w.put(key, e)
}

func (w *writer) oneCell(key string, c int) {
	var e orderedObject
	e.add("cell", w.name(c))
	w.put(key, e)
}

func (w *writer) outside(key string, o variant.Outside, value int) {
	var e orderedObject
	e.add("cell", o.FName())
	e.add("value", strconv.Itoa(value))
	w.put(key, e)
}

func (w *writer) rule(r variant.Rule) error {
	itoa := strconv.Itoa
	switch r := r.(type) {
	case variant.PositiveDiagonal:
		w.flags["diagonal+"] = true
	case variant.NegativeDiagonal:
		w.flags["diagonal-"] = true
	case variant.AntiKnight:
		w.flags["antiknight"] = true
	case variant.AntiKing:
		w.flags["antiking"] = true
	case variant.DisjointGroups:
		w.flags["disjointgroups"] = true
	case variant.Negative:
		switch r.Kind {
		case variant.NoDifference:
			if !slices.Equal(r.Values, []int{1}) {
				return fmt.Errorf("f-puzzles has no negative constraint for differences %v", r.Values)
			}
			w.flags["nonconsecutive"] = true
		case variant.NoRatio:
			w.negative = append(w.negative, "ratio")
		case variant.NoSum:
			if !slices.Equal(r.Values, []int{5, 10}) {
				return fmt.Errorf("f-puzzles has no negative constraint for sums %v", r.Values)
			}
			w.negative = append(w.negative, "xv")
		}
	case variant.ExtraRegion:
		w.cellsEntry("extraregion", r.Cells, "")
	case variant.Odd:
		w.oneCell("odd", r.Cell)
	case variant.Even:
		w.oneCell("even", r.Cell)
	case variant.PencilMarks:
		return w.pencilMarks(r)
	case variant.Minimum:
		w.oneCell("minimum", r.Cell)
	case variant.Maximum:
		w.oneCell("maximum", r.Cell)
	case variant.Thermometer:
		w.line(r.Name(), r.Cells)
	case variant.Arrow:
		// The line starts in the circle cell nearest the shaft.
		start, best := r.Circle[0], 1<<30
		for _, c := range r.Circle {
			if d := iabs(c/w.n-r.Line[0]/w.n) + iabs(c%w.n-r.Line[0]%w.n); d < best {
				start, best = c, d
			}
		}
		var e orderedObject
		e.add("lines", [][]string{w.names(append([]int{start}, r.Line...))})
		e.add("cells", w.names(r.Circle))
		w.put("arrow", e)
	case variant.DoubleArrow:
		w.line("doublearrow", r.Cells)
	case variant.Palindrome:
		w.line("palindrome", r.Cells)
	case variant.Renban:
		w.line("renban", r.Cells)
	case variant.Whispers:
		w.line("whispers", r.Cells, "value", itoa(r.Difference))
	case variant.BetweenLine:
		w.line("betweenline", r.Cells)
	case variant.RegionSumLine:
		w.line("regionsumline", r.Cells)
	case variant.EntropicLine:
		w.line("entropicline", r.Cells)
	case variant.ModularLine:
		w.line("modularline", r.Cells)
	case variant.ZipperLine:
		w.line("zipperline", r.Cells)
	case variant.Nabner:
		w.line("nabner", r.Cells)
	case variant.Killer:
		v := ""
		if r.Sum != 0 {
			v = itoa(r.Sum)
		}
		w.cellsEntry("killercage", r.Cells, v)
	case variant.DigitalRootCage:
		// A drawn cage with its colours, as f-puzzles writes one.
		var e orderedObject
		e.add("cells", w.names(r.Cells))
		e.add("value", "DR"+itoa(r.Root))
		e.add("outlineC", "#000000")
		e.add("fontC", "#000000")
		w.put("cage", e)
	case variant.LittleKiller:
		dir := map[[2]int]string{{-1, 1}: "UR", {-1, -1}: "UL", {1, 1}: "DR", {1, -1}: "DL"}[[2]int{r.Clue.DRow, r.Clue.DCol}]
		var e orderedObject
		e.add("cell", r.Clue.FName())
		e.add("cells", w.names(r.Clue.Cells(w.n)))
		e.add("direction", dir)
		e.add("value", itoa(r.Sum))
		w.put("littlekillersum", e)
	case variant.Difference:
		v := ""
		if r.Diff != 1 {
			v = itoa(r.Diff)
		}
		w.cellsEntry("difference", []int{r.A, r.B}, v)
	case variant.Ratio:
		v := ""
		if r.Ratio != 2 {
			v = itoa(r.Ratio)
		}
		w.cellsEntry("ratio", []int{r.A, r.B}, v)
	case variant.XV:
		letter := map[int]string{10: "X", 5: "V"}[r.Sum]
		if letter == "" {
			return fmt.Errorf("f-puzzles marks only sums 5 (V) and 10 (X), not %d", r.Sum)
		}
		w.cellsEntry("xv", []int{r.A, r.B}, letter)
	case variant.Quadruple:
		var e orderedObject
		e.add("cells", w.names(r.Cells))
		e.add("values", r.Digits)
		w.put("quadruple", e)
	case variant.Clone:
		var e orderedObject
		e.add("cells", w.names(r.Cells))
		e.add("cloneCells", w.names(r.Clones))
		w.put("clone", e)
	case variant.Sandwich:
		w.outside("sandwichsum", r.Clue, r.Sum)
	case variant.XSum:
		w.outside("xsum", r.Clue, r.Sum)
	case variant.Skyscraper:
		w.outside("skyscraper", r.Clue, r.Count)
	case variant.Indexer:
		w.cellsEntry(r.Name(), r.Cells, "")
	default:
		return fmt.Errorf("f-puzzles has no constraint for %T", r)
	}
	return nil
}

func iabs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// cosmetic writes a drawing back under its key.
func (w *writer) cosmetic(c variant.Cosmetic) {
	if c.Kind == "fogofwar" || c.Kind == "foglight" {
		for _, p := range c.Cells {
			w.put(c.Kind, posName(p))
		}
		return
	}
	var e orderedObject
	if len(c.Lines) > 0 {
		var lines [][]string
		for _, l := range c.Lines {
			var names []string
			for _, p := range l {
				names = append(names, posName(p))
			}
			lines = append(lines, names)
		}
		e.add("lines", lines)
	}
	if len(c.Cells) > 0 {
		var names []string
		for _, p := range c.Cells {
			names = append(names, posName(p))
		}
		e.add("cells", names)
	}
	if c.Text != "" {
		e.add("value", c.Text)
	}
	for _, k := range sortedKeys(c.Style) {
		e.add(k, styleValue(c.Style[k]))
	}
	w.put(c.Kind, e)
}

// styleValue turns a style attribute back into JSON: numbers and booleans
// as such, anything else as a string.
func styleValue(s string) any {
	if s == "true" || s == "false" {
		return s == "true"
	}
	if json.Valid([]byte(s)) && s != "" && (s[0] == '-' || (s[0] >= '0' && s[0] <= '9')) {
		return json.RawMessage(s)
	}
	return s
}

// grid writes the cells: givens, regions, and the solution when asked.
func (w *writer) grid(p *variant.Puzzle, solution *board.Board, o Options) [][]orderedObject {
	n := w.n
	rows := make([][]orderedObject, n)
	for r := range rows {
		rows[r] = make([]orderedObject, n)
		for c := range rows[r] {
			i := r*n + c
			cell := &rows[r][c]
			if d := p.Givens.Cells[i]; d != 0 {
				cell.add("value", int(d))
				cell.add("given", true)
			} else {
				if o.FillGrid && solution != nil && solution.Cells[i] != 0 {
					cell.add("value", int(solution.Cells[i]))
				}
				if ds, ok := w.marks[i]; ok {
					cell.add("givenPencilMarks", ds)
				}
			}
			if p.Regions != nil {
				if l := p.Regions[i]; l >= 0 {
					cell.add("region", l)
				} else {
					cell.add("region", nil)
				}
			}
		}
	}
	return rows
}

// negativePairs reports a negative rule whose pairs are not those a
// reader gives it back: f-puzzles' negative constraints spare every
// marked pair (dots for nonconsecutive and ratio, X and V for xv), and
// say no more.
func negativePairs(p *variant.Puzzle) error {
	n := p.Side()
	var dots, xv [][2]int
	for _, r := range p.Rules {
		switch r := r.(type) {
		case variant.Difference:
			dots = append(dots, [2]int{r.A, r.B})
		case variant.Ratio:
			dots = append(dots, [2]int{r.A, r.B})
		case variant.XV:
			xv = append(xv, [2]int{r.A, r.B})
		}
	}
	for i, r := range p.Rules {
		ng, ok := r.(variant.Negative)
		if !ok {
			continue
		}
		marks := dots
		if ng.Kind == variant.NoSum {
			marks = xv
		}
		got := make([][2]int, len(ng.Pairs))
		for j, pr := range ng.Pairs {
			got[j] = [2]int{min(pr[0], pr[1]), max(pr[0], pr[1])}
		}
		slices.SortFunc(got, func(a, b [2]int) int { return cmpPair(a, b) })
		if !slices.Equal(got, variant.UnmarkedPairs(n, marks)) {
			return fmt.Errorf("fpuzzles: rule %d (%s): f-puzzles' negative constraints cover exactly the pairs without a mark, and this one covers others", i+1, r.Describe(n))
		}
	}
	return nil
}

func cmpPair(a, b [2]int) int {
	if a[0] != b[0] {
		return a[0] - b[0]
	}
	return a[1] - b[1]
}
