package fpuzzles

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/variant"
)

// SudokuPad's own format ("scl" or "ctc" before the payload of a link) is
// a drawing: givens, regions and cages (SudokuPad's killer cages) are
// what it means by itself; every other rule is drawn with lines, arrows
// and shapes whose meaning only the rules text gives. So satdoku reads the
// givens, the regions and the cages, and refuses a puzzle that draws
// anything else, or whose rules text names a rule that the drawing cannot
// carry (anti-knight, say): solving without it would give a wrong answer.
// The setter's solution, when the puzzle carries one, must be a solution
// of what was read.

// sudokuPadKeys maps SudokuPad's short keys (its "puzzle zipper") to the
// long ones.
var sudokuPadKeys = map[string]string{
	"c": "color", "ca": "cages", "ct": "center", "c1": "borderColor", "c2": "backgroundColor",
	"ce": "cells", "cs": "cellSize", "a": "arrows", "o": "overlays", "u": "underlays",
	"w": "width", "h": "height", "v": "value", "vd": "videos", "l": "lines", "r": "rounded",
	"re": "regions", "fs": "fontSize", "th": "thickness", "hl": "headLength", "wp": "wayPoints",
	"t": "title", "te": "text", "d": "duration",
}

// sudokuPadDrawings are the keys whose entries draw rules that only the
// rules text explains.
var sudokuPadDrawings = []string{"lines", "arrows", "overlays", "underlays"}

// sudokuPadOther are the other top-level keys: metadata and settings.
var sudokuPadOther = map[string]bool{
	"id": true, "metadata": true, "cellSize": true, "title": true, "author": true,
	"rules": true, "solution": true, "settings": true, "videos": true, "duration": true,
	"source": true, "msgcorrect": true,
}

// globalRuleWords matches the words of a rules text that name a rule
// SudokuPad's format does not carry (it draws no anti-knight moves, and
// no snake or other genre's grid), or that change what its cages mean
// (digits that may repeat in a cage, cages of one same sum).
var globalRuleWords = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(anti[- ]?[a-z]+|knights?|kings?|(non-?)?consecutive|diagonals?|disjoint( groups?)?|windoku|hyper(-?sudoku)?|extra regions?|entropic|magic squares?|(may|can) repeat|same (sum|total)|snakes?|shikaku|star battle|masyu|fillomino|nurikabe|yin[- ]?yang)\b`)
})

// ReadSudokuPad reads a puzzle in SudokuPad's own JSON, relaxed or plain.
func ReadSudokuPad(text string) (*Result, error) {
	if len(text) > MaxJSON {
		return nil, padErr("", "more than %d bytes", MaxJSON)
	}
	data := []byte(strings.TrimPrefix(text, "\ufeff"))
	if !json.Valid(data) { // plain JSON stays as it is: its [] is no [{}]
		var err error
		if data, err = strictJSON(data); err != nil {
			return nil, &FormatError{Source: "SudokuPad", Err: err}
		}
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil || raw == nil {
		return nil, padErr("", "the puzzle is not a JSON object")
	}
	doc := longKeys(raw)
	meta := map[string]json.RawMessage{}
	if m, ok := doc["metadata"]; ok && !empty(m) {
		var mm map[string]json.RawMessage
		if err := json.Unmarshal(m, &mm); err != nil {
			return nil, padErr("metadata", "not an object")
		}
		meta = longKeys(mm)
	}
	// Older puzzles keep the metadata at the top, or in cages without
	// cells whose value is "title: …".
	for _, k := range []string{"title", "author", "rules", "solution"} {
		if v, ok := doc[k]; ok && !empty(v) {
			if _, dup := meta[k]; !dup {
				meta[k] = v
			}
		}
	}
	var unknown []string
	for k, v := range doc {
		if !sudokuPadOther[k] && !empty(v) && k != "cells" && k != "regions" && k != "cages" && !isDrawing(k) {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		return nil, &UnsupportedError{Source: "SudokuPad", Key: unknown[0]}
	}
	var drawn []string
	for _, k := range sudokuPadDrawings {
		if v, ok := doc[k]; ok && !empty(v) {
			var list []json.RawMessage
			if err := json.Unmarshal(v, &list); err != nil {
				return nil, padErr(k, "not a list")
			}
			list = slices.DeleteFunc(list, empty) // an empty object draws nothing
			if len(list) > 0 {
				drawn = append(drawn, fmt.Sprintf("%d %s", len(list), strings.TrimSuffix(k, "s")+plural(len(list))))
			}
		}
	}
	if len(drawn) > 0 {
		return nil, &UnsupportedError{Source: "SudokuPad", Key: strings.Join(drawn, ", "),
			Why: "the puzzle draws " + strings.Join(drawn, ", ") + ", whose rules only its rules text gives; from SudokuPad's own format satdoku reads givens, regions and killer cages alone: give it the puzzle's f-puzzles link or file instead"}
	}

	var rows [][]json.RawMessage
	if err := json.Unmarshal(doc["cells"], &rows); err != nil || len(rows) == 0 {
		return nil, padErr("cells", "missing, or not a list of rows of cells")
	}
	n := len(rows)
	if n < 4 || n > MaxSize {
		return nil, padErr("cells", "%d rows: satdoku reads SudokuPad puzzles of 4 to %d rows", n, MaxSize)
	}
	rd := &reader{n: n, shape: Shape(n)}
	rd.p = variant.New(rd.shape)
	rd.res = &Result{Puzzle: rd.p}
	for _, k := range []struct {
		key string
		dst *string
	}{{"title", &rd.p.Title}, {"author", &rd.p.Author}, {"rules", &rd.p.RulesText}} {
		if v, ok := meta[k.key]; ok && !empty(v) {
			if err := json.Unmarshal(v, k.dst); err != nil {
				return nil, padErr("metadata."+k.key, "not a string")
			}
		}
	}
	notes := 0
	for r, row := range rows {
		if len(row) != n {
			return nil, padErr(fmt.Sprintf("cells[%d]", r), "%d cells in a grid of %d rows: satdoku reads square grids", len(row), n)
		}
		for c, cellRaw := range row {
			path := fmt.Sprintf("cells[%d][%d]", r, c)
			var cell map[string]json.RawMessage
			if err := json.Unmarshal(cellRaw, &cell); err != nil {
				return nil, padErr(path, "not an object")
			}
			cell = longKeys(cell)
			for k, v := range cell {
				if k != "value" && !empty(v) {
					notes++
				}
			}
			d, has, err := intValue(cell["value"])
			if err != nil || has && (d < 0 || d > n) {
				return nil, padErr(path+".value", "%s is not a digit 1..%d", cell["value"], n)
			}
			rd.p.Givens.Cells[r*n+c] = uint8(d)
		}
	}
	rd.ignore("cells", notes, "cell marks and colours")
	if err := rd.padRegions(doc["regions"]); err != nil {
		return nil, err
	}
	if err := rd.padCages(doc["cages"], meta); err != nil {
		return nil, err
	}
	if err := rd.padSolution(meta["solution"]); err != nil {
		return nil, err
	}
	if words := ruleWords(rd.p.RulesText); len(words) > 0 {
		return nil, &UnsupportedError{Source: "SudokuPad", Key: words[0],
			Why: fmt.Sprintf("the rules text names %q, a rule that SudokuPad's own format does not carry (it is in the text alone); give satdoku the puzzle's f-puzzles link or file, or a classic grid with --rules", words[0])}
	}
	if err := rd.p.Validate(); err != nil {
		return nil, &FormatError{Source: "SudokuPad", Err: err}
	}
	if sol := rd.res.Solution; sol != nil {
		if err := variant.Check(rd.p, sol); err != nil {
			return nil, padErr("metadata.solution", "the setter's solution breaks the puzzle as read (%v): the rules text must hold rules the format does not carry", err)
		}
	}
	for _, k := range sortedKeys(rd.ignored) {
		rd.res.Ignored = append(rd.res.Ignored, *rd.ignored[k])
	}
	return rd.res, nil
}

func isDrawing(k string) bool {
	for _, d := range sudokuPadDrawings {
		if k == d {
			return true
		}
	}
	return false
}

// ruleWords returns the words of text that globalRuleWords matches.
func ruleWords(text string) []string {
	return globalRuleWords().FindAllString(text, -1)
}

// longKeys returns m with SudokuPad's short keys spelled out.
func longKeys(m map[string]json.RawMessage) map[string]json.RawMessage {
	out := make(map[string]json.RawMessage, len(m))
	for k, v := range m {
		if long, ok := sudokuPadKeys[k]; ok {
			k = long
		}
		out[k] = v
	}
	return out
}

func padErr(path, format string, args ...any) error {
	return &FormatError{Source: "SudokuPad", Path: path, Err: fmt.Errorf(format, args...)}
}

// padCell reads a cell written as [row, column], 0-based.
func (rd *reader) padCell(path string, raw json.RawMessage) (int, error) {
	var rc []json.RawMessage
	if err := json.Unmarshal(raw, &rc); err != nil || len(rc) != 2 {
		return 0, padErr(path, "%s is not a cell [row, column]", raw)
	}
	r, okR, errR := intValue(rc[0])
	c, okC, errC := intValue(rc[1])
	if errR != nil || errC != nil || !okR || !okC || r < 0 || r >= rd.n || c < 0 || c >= rd.n {
		return 0, padErr(path, "%s is not a cell of the %dx%d grid", raw, rd.n, rd.n)
	}
	return r*rd.n + c, nil
}

func (rd *reader) padCells(path string, raw json.RawMessage) ([]int, error) {
	var list []json.RawMessage
	if err := json.Unmarshal(raw, &list); err != nil {
		return nil, padErr(path, "not a list of cells")
	}
	cells := make([]int, 0, len(list))
	for i, c := range list {
		cell, err := rd.padCell(fmt.Sprintf("%s[%d]", path, i), c)
		if err != nil {
			return nil, err
		}
		cells = append(cells, cell)
	}
	return cells, nil
}

// padRegions reads the regions: lists of cells. A grid without regions
// has none (SudokuPad draws no boxes, and only rows and columns count).
func (rd *reader) padRegions(raw json.RawMessage) error {
	n := rd.n
	labels := make([]int, n*n)
	for i := range labels {
		labels[i] = -1
	}
	var regions []json.RawMessage
	if !empty(raw) {
		if err := json.Unmarshal(raw, &regions); err != nil {
			return padErr("regions", "not a list of regions")
		}
	}
	if len(regions) > n {
		return padErr("regions", "%d regions in a %dx%d grid", len(regions), n, n)
	}
	for i, reg := range regions {
		path := fmt.Sprintf("regions[%d]", i)
		cells, err := rd.padCells(path, reg)
		if err != nil {
			return err
		}
		for _, c := range cells {
			if labels[c] >= 0 {
				return padErr(path, "%s is in region %d too", board.CellName(n, c), labels[c]+1)
			}
			labels[c] = i
		}
	}
	if err := variant.ValidateRegions(n, labels); err != nil {
		return &FormatError{Source: "SudokuPad", Path: "regions", Err: err}
	}
	rd.p.Regions = labels
	return nil
}

// padCages reads the cages: with cells, a killer cage (its value the sum,
// if any); without, metadata such as "title: …".
func (rd *reader) padCages(raw json.RawMessage, meta map[string]json.RawMessage) error {
	if empty(raw) {
		return nil
	}
	var cages []json.RawMessage
	if err := json.Unmarshal(raw, &cages); err != nil {
		return padErr("cages", "not a list of cages")
	}
	for i, cageRaw := range cages {
		path := fmt.Sprintf("cages[%d]", i)
		var cage map[string]json.RawMessage
		if err := json.Unmarshal(cageRaw, &cage); err != nil {
			return padErr(path, "not an object")
		}
		cage = longKeys(cage)
		value := ""
		if v := cage["value"]; !empty(v) {
			if d, ok, err := intValue(v); err == nil && ok {
				value = fmt.Sprint(d)
			} else if json.Unmarshal(v, &value) != nil {
				return padErr(path+".value", "%s is not a number or text", v)
			}
		}
		value = strings.TrimSpace(value)
		if empty(cage["cells"]) {
			// Metadata: "title: Parity Fish", "rules: …".
			if k, v, ok := strings.Cut(value, ":"); ok {
				k = strings.ToLower(strings.TrimSpace(k))
				if _, dup := meta[k]; !dup {
					b, _ := json.Marshal(strings.TrimSpace(v))
					meta[k] = b
					switch k {
					case "title":
						rd.p.Title = strings.TrimSpace(v)
					case "author":
						rd.p.Author = strings.TrimSpace(v)
					case "rules":
						rd.p.RulesText = strings.TrimSpace(v)
					}
				}
			}
			continue
		}
		cells, err := rd.padCells(path+".cells", cage["cells"])
		if err != nil {
			return err
		}
		sum := 0
		if value != "" {
			d, ok, err := intValue(json.RawMessage(value))
			if err != nil || !ok || d < 1 {
				return &UnsupportedError{Source: "SudokuPad", Key: path + ".value",
					Why: fmt.Sprintf("%s: the cage's text %q is no sum: its rule is in the rules text alone", path, value)}
			}
			sum = d
		}
		rd.p.Rules = append(rd.p.Rules, variant.Killer{Cells: cells, Sum: sum})
	}
	return nil
}

// padSolution reads the setter's solution: N² digits, '.' or '?' for a
// cell not given (then the solution is incomplete and not kept).
func (rd *reader) padSolution(raw json.RawMessage) error {
	if empty(raw) {
		return nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return padErr("metadata.solution", "not a string of digits")
	}
	n := rd.n
	sol := board.New(rd.shape)
	fields := strings.Split(s, "")
	if n > 9 {
		fields = strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' })
	}
	if len(fields) != n*n {
		return padErr("metadata.solution", "%d digits for %d cells", len(fields), n*n)
	}
	for i, f := range fields {
		d, ok, err := intValue(json.RawMessage(f))
		if err != nil || !ok || d < 1 || d > n {
			if f == "." || f == "?" || f == "0" {
				return nil
			}
			return padErr("metadata.solution", "%q is not a digit 1..%d", f, n)
		}
		sol.Cells[i] = uint8(d)
	}
	rd.res.Solution = sol
	return nil
}

// IsSudokuPadJSON reports whether a JSON object, in text, is SudokuPad's
// (package input asks it, to tell it from f-puzzles JSON):
// it has "cells", or "ce", and no f-puzzles "grid"; or, when it does not
// parse, it is no plain JSON and has SudokuPad's keys of cells.
func IsSudokuPadJSON(text string) bool {
	data, err := strictJSON([]byte(text))
	if err != nil {
		return !json.Valid([]byte(text)) && (strings.Contains(text, "ce:[") || strings.Contains(text, "cells:["))
	}
	var doc map[string]json.RawMessage
	if json.Unmarshal(data, &doc) != nil {
		return false
	}
	_, grid := doc["grid"]
	_, cells := doc["cells"]
	_, ce := doc["ce"]
	return !grid && (cells || ce)
}

// plural returns "s" unless n is 1.
func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
