package fpuzzles

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/variant"
)

// entry is one element of a constraint list; each key uses some fields.
type entry struct {
	Cell       *string           `json:"cell"`
	Cells      []string          `json:"cells"`
	Lines      [][]string        `json:"lines"`
	Value      json.RawMessage   `json:"value"`
	Values     []json.RawMessage `json:"values"`
	Direction  string            `json:"direction"`
	CloneCells []string          `json:"cloneCells"`
}

func (rd *reader) add(r variant.Rule) { rd.p.Rules = append(rd.p.Rules, r) }

func (rd *reader) readGlobals() error {
	for _, key := range globalKeys {
		raw, ok := rd.doc[key]
		if !ok || string(raw) == "null" {
			continue
		}
		var on bool
		if err := json.Unmarshal(raw, &on); err != nil {
			return formatErr(key, "%s is not true or false", raw)
		}
		if !on || key == "nonconsecutive" { // nonconsecutive waits for the dots
			continue
		}
		switch key {
		case "diagonal+":
			rd.add(variant.PositiveDiagonal{})
		case "diagonal-":
			rd.add(variant.NegativeDiagonal{})
		case "antiknight":
			rd.add(variant.AntiKnight{})
		case "antiking":
			rd.add(variant.AntiKing{})
		case "disjointgroups":
			rd.add(variant.DisjointGroups{})
		}
	}
	return nil
}

// lineKinds makes the rule of each key whose entries are lines: the keys
// of variant.Kinds with a Line constructor.
var lineKinds = func() map[string]func(cells []int) variant.Rule {
	m := map[string]func(cells []int) variant.Rule{}
	for _, k := range variant.Kinds() {
		for _, key := range k.Keys {
			if key.Line != nil {
				m[key.Name] = key.Line
			}
		}
	}
	return m
}()

// readApart are the f-puzzles keys of variant.Kinds that are not lists of
// rules: besides the global flags (globalKeys), the negative constraints
// (read with the marks of the pair rules) and the given pencil marks (a
// field of a grid cell).
var readApart = []string{"negative", "givenPencilMarks"}

// listKeys returns the keys of variant.Kinds whose values are lists of
// rules, each once, in the registry's order: every key but globalKeys and
// readApart.
func listKeys() []string {
	var out []string
	for _, k := range variant.Kinds() {
		for _, key := range k.Keys {
			if !slices.Contains(globalKeys, key.Name) && !slices.Contains(readApart, key.Name) && !slices.Contains(out, key.Name) {
				out = append(out, key.Name)
			}
		}
	}
	return out
}

// readRules reads the list under a rule key.
func (rd *reader) readRules(key string, raw json.RawMessage) error {
	var list []json.RawMessage
	if err := json.Unmarshal(raw, &list); err != nil {
		return formatErr(key, "not a list")
	}
	rd.extrema = nil
	for i, item := range list {
		path := fmt.Sprintf("%s[%d]", key, i)
		var e entry
		if err := json.Unmarshal(item, &e); err != nil {
			return formatErr(path, "%v", err)
		}
		before := len(rd.p.Rules)
		if err := rd.readEntry(key, path, &e); err != nil {
			return err
		}
		// Each rule must be valid where it was read, so the error names it.
		for _, r := range rd.p.Rules[before:] {
			if err := r.Validate(rd.p); err != nil {
				return &FormatError{Path: path, Err: err}
			}
		}
	}
	switch key {
	case "minimum":
		rd.p.Rules = append(rd.p.Rules, variant.Minima(rd.n, rd.extrema)...)
	case "maximum":
		rd.p.Rules = append(rd.p.Rules, variant.Maxima(rd.n, rd.extrema)...)
	}
	return nil
}

func (rd *reader) readEntry(key, path string, e *entry) error {
	n := rd.n
	value := func() (int, bool, error) {
		v, ok, err := intValue(e.Value)
		if err != nil {
			return 0, false, formatErr(path+".value", "%v", err)
		}
		return v, ok, nil
	}
	cells := func() ([]int, error) { return rd.cellList(path+".cells", e.Cells) }
	one := func() (int, error) {
		if e.Cell == nil {
			return 0, formatErr(path+".cell", "missing")
		}
		return rd.cellIndex(path+".cell", *e.Cell)
	}
	lines := func() ([][]int, error) {
		var out [][]int
		for j, l := range e.Lines {
			c, err := rd.cellList(fmt.Sprintf("%s.lines[%d]", path, j), l)
			if err != nil {
				return nil, err
			}
			out = append(out, c)
		}
		return out, nil
	}
	if mk, ok := lineKinds[key]; ok {
		ls, err := lines()
		if err != nil {
			return err
		}
		for _, l := range ls {
			rd.add(mk(l))
		}
		return nil
	}
	switch key {
	case "whispers":
		ls, err := lines()
		if err != nil {
			return err
		}
		diff, ok, err := value()
		if err != nil {
			return err
		}
		if !ok {
			diff = variant.DefaultWhisperDifference(n)
		}
		for _, l := range ls {
			rd.add(variant.Whispers{Cells: l, Difference: diff})
		}
	case "arrow":
		circle, err := cells()
		if err != nil {
			return err
		}
		ls, err := lines()
		if err != nil {
			return err
		}
		// A pill reads left to right, top to bottom.
		slices.Sort(circle)
		if len(ls) == 0 {
			rd.ignore("arrow", 1, "arrow circle with no shaft (drawing only)")
			return nil
		}
		for j, l := range ls {
			if len(l) == 0 || !slices.Contains(circle, l[0]) {
				return formatErr(fmt.Sprintf("%s.lines[%d]", path, j), "the arrow does not start in its circle")
			}
			k := 0
			for k < len(l) && slices.Contains(circle, l[k]) {
				k++
			}
			rd.add(variant.Arrow{Circle: circle, Line: l[k:]})
		}
	case "killercage":
		c, err := cells()
		if err != nil {
			return err
		}
		sum, _, err := value()
		if err != nil {
			return err
		}
		rd.add(variant.Killer{Cells: c, Sum: sum})
	case "extraregion":
		c, err := cells()
		if err != nil {
			return err
		}
		rd.add(variant.ExtraRegion{Cells: c})
	case "odd", "even":
		c, err := one()
		if err != nil {
			return err
		}
		rd.add(map[string]variant.Rule{"odd": variant.Odd{Cell: c}, "even": variant.Even{Cell: c}}[key])
	case "minimum", "maximum":
		// Collected, then compared only with unmarked neighbours.
		c, err := one()
		if err != nil {
			return err
		}
		rd.extrema = append(rd.extrema, c)
	case "rowindexer", "columnindexer", "boxindexer":
		c, err := cells()
		if err != nil {
			return err
		}
		kind := map[string]variant.IndexKind{"rowindexer": variant.RowIndex, "columnindexer": variant.ColumnIndex, "boxindexer": variant.BoxIndex}[key]
		rd.add(variant.Indexer{Kind: kind, Cells: c})
	case "difference", "ratio", "xv":
		c, err := cells()
		if err != nil {
			return err
		}
		if len(c) != 2 {
			return formatErr(path+".cells", "%d cells, a mark joins 2", len(c))
		}
		pair := [2]int{c[0], c[1]}
		switch key {
		case "difference", "ratio":
			v, ok, err := value()
			if err != nil {
				return err
			}
			rd.kropki = append(rd.kropki, pair)
			if key == "difference" {
				if !ok {
					v = 1
				}
				rd.add(variant.Difference{A: c[0], B: c[1], Diff: v})
			} else {
				if !ok {
					v = 2
				}
				if !slices.Contains(rd.ratioValues, v) {
					rd.ratioValues = append(rd.ratioValues, v)
				}
				rd.add(variant.Ratio{A: c[0], B: c[1], Ratio: v})
			}
		case "xv":
			var letter string
			_ = json.Unmarshal(e.Value, &letter)
			var sum int
			switch strings.ToUpper(strings.TrimSpace(letter)) {
			case "X":
				sum = 10
			case "V":
				sum = 5
			case "":
				rd.ignore("xv", 1, "XV mark with no letter (drawing only)")
				return nil
			default:
				return formatErr(path+".value", "%s is not X or V", e.Value)
			}
			rd.xvPairs = append(rd.xvPairs, pair)
			rd.add(variant.XV{A: c[0], B: c[1], Sum: sum})
		}
	case "quadruple":
		c, err := cells()
		if err != nil {
			return err
		}
		var ds []int
		for j, raw := range e.Values {
			d, ok, err := intValue(raw)
			if err != nil || !ok {
				return formatErr(fmt.Sprintf("%s.values[%d]", path, j), "%s is not a digit", raw)
			}
			ds = append(ds, d)
		}
		if len(ds) == 0 {
			rd.ignore("quadruple", 1, "quadruple with no digits (drawing only)")
			return nil
		}
		rd.add(variant.Quadruple{Cells: c, Digits: ds})
	case "clone":
		c, err := cells()
		if err != nil {
			return err
		}
		cl, err := rd.cellList(path+".cloneCells", e.CloneCells)
		if err != nil {
			return err
		}
		if len(c) != len(cl) {
			return formatErr(path, "%d cells but %d clone cells", len(c), len(cl))
		}
		var a, b []int
		for j := range c {
			if c[j] != cl[j] { // a cell cloned onto itself says nothing
				a, b = append(a, c[j]), append(b, cl[j])
			}
		}
		if len(a) > 0 {
			rd.add(variant.Clone{Cells: a, Clones: b})
		}
	case "littlekillersum":
		return rd.readLittleKiller(path, e, value)
	case "sandwichsum", "xsum", "skyscraper":
		if e.Cell == nil {
			return formatErr(path+".cell", "missing")
		}
		r, c, err := rd.parseCell(path+".cell", *e.Cell, true)
		if err != nil {
			return err
		}
		o, ok := variant.EdgeClue(n, r, c)
		if !ok {
			return formatErr(path+".cell", "%s is not beside a row or column of the grid", *e.Cell)
		}
		v, has, err := value()
		if err != nil {
			return err
		}
		if !has {
			rd.ignore(key, 1, "clue with no number (drawing only)")
			return nil
		}
		switch key {
		case "sandwichsum":
			rd.add(variant.Sandwich{Clue: o, Sum: v})
		case "xsum":
			rd.add(variant.XSum{Clue: o, Sum: v})
		default:
			rd.add(variant.Skyscraper{Clue: o, Count: v})
		}
	}
	return nil
}

// littleKillerDirs maps f-puzzles' directions to steps.
var littleKillerDirs = map[string][2]int{"UR": {-1, 1}, "UL": {-1, -1}, "DR": {1, 1}, "DL": {1, -1}}

func (rd *reader) readLittleKiller(path string, e *entry, value func() (int, bool, error)) error {
	n := rd.n
	if e.Cell == nil {
		return formatErr(path+".cell", "missing")
	}
	r, c, err := rd.parseCell(path+".cell", *e.Cell, true)
	if err != nil {
		return err
	}
	dir, ok := littleKillerDirs[strings.ToUpper(e.Direction)]
	if !ok {
		return formatErr(path+".direction", "%q is not UL, UR, DL or DR", e.Direction)
	}
	o := variant.Outside{Row: r, Col: c, DRow: dir[0], DCol: dir[1]}
	if r >= 0 && r < n && c >= 0 && c < n {
		return formatErr(path+".cell", "%s is inside the grid; a little killer clue sits outside it", *e.Cell)
	}
	cells := o.Cells(n)
	if len(cells) == 0 {
		return formatErr(path+".direction", "%s from %s points away from the grid", e.Direction, *e.Cell)
	}
	// f-puzzles also lists the cells; they must be the diagonal.
	if len(e.Cells) > 0 {
		listed, err := rd.cellList(path+".cells", e.Cells)
		if err != nil {
			return err
		}
		if !slices.Equal(listed, cells) {
			return formatErr(path+".cells", "the cells listed are not the diagonal from %s going %s", *e.Cell, e.Direction)
		}
	}
	sum, has, err := value()
	if err != nil {
		return err
	}
	if !has {
		rd.ignore("littlekillersum", 1, "little killer arrow with no sum (drawing only)")
		return nil
	}
	rd.add(variant.LittleKiller{Clue: o, Sum: sum})
	return nil
}

// readNegatives adds nonconsecutive and the "negative" list once every
// mark is known: a marked pair is exempt.
func (rd *reader) readNegatives() error {
	n := rd.n
	if raw, ok := rd.doc["nonconsecutive"]; ok {
		var on bool
		if json.Unmarshal(raw, &on) == nil && on {
			rd.add(variant.Negative{Kind: variant.NoDifference, Values: []int{1}, Pairs: variant.UnmarkedPairs(n, rd.kropki)})
		}
	}
	raw, ok := rd.doc["negative"]
	if !ok || empty(raw) {
		return nil
	}
	var list []string
	if err := json.Unmarshal(raw, &list); err != nil {
		return formatErr("negative", "not a list of names")
	}
	seen := map[string]bool{}
	for _, name := range list {
		if seen[name] {
			continue
		}
		seen[name] = true
		switch name {
		case "ratio":
			vals := slices.Clone(rd.ratioValues)
			if len(vals) == 0 {
				vals = []int{2}
			}
			slices.Sort(vals)
			rd.add(variant.Negative{Kind: variant.NoRatio, Values: vals, Pairs: variant.UnmarkedPairs(n, rd.kropki)})
		case "xv":
			rd.add(variant.Negative{Kind: variant.NoSum, Values: []int{5, 10}, Pairs: variant.UnmarkedPairs(n, rd.xvPairs)})
		case "":
		default:
			return &UnsupportedError{Key: "negative " + name}
		}
	}
	return nil
}

// readCosmetics keeps the entries of a drawing key.
// digitalRoot is the value SudokuSolver gives a cosmetic cage to make it a
// digital-root cage (its pattern, unanchored), variant.DigitalRootCage.
var digitalRoot = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`DR(\d+)`) })

func (rd *reader) readCosmetics(key string, raw json.RawMessage) error {
	var list []json.RawMessage
	if err := json.Unmarshal(raw, &list); err != nil {
		return formatErr(key, "not a list")
	}
	count := 0
	for i, item := range list {
		path := fmt.Sprintf("%s[%d]", key, i)
		cos := variant.Cosmetic{Kind: key}
		// Fog of war lists cells by name.
		var name string
		if json.Unmarshal(item, &name) == nil {
			r, c, err := rd.parseCell(path, name, true)
			if err != nil {
				return err
			}
			cos.Cells = []variant.Pos{{Row: r, Col: c}}
			rd.p.Cosmetics = append(rd.p.Cosmetics, cos)
			count++
			continue
		}
		var fields map[string]json.RawMessage
		if err := json.Unmarshal(item, &fields); err != nil {
			return formatErr(path, "not an object")
		}
		var e entry
		if err := json.Unmarshal(item, &e); err != nil {
			return formatErr(path, "%v", err)
		}
		for j, s := range e.Cells {
			r, c, err := rd.parseCell(fmt.Sprintf("%s.cells[%d]", path, j), s, true)
			if err != nil {
				return err
			}
			cos.Cells = append(cos.Cells, variant.Pos{Row: r, Col: c})
		}
		for j, l := range e.Lines {
			var line []variant.Pos
			for k, s := range l {
				r, c, err := rd.parseCell(fmt.Sprintf("%s.lines[%d][%d]", path, j, k), s, true)
				if err != nil {
					return err
				}
				line = append(line, variant.Pos{Row: r, Col: c})
			}
			cos.Lines = append(cos.Lines, line)
		}
		if !empty(e.Value) {
			var s string
			if json.Unmarshal(e.Value, &s) != nil {
				s = strings.TrimSpace(string(e.Value))
			}
			cos.Text = s
			if m := digitalRoot().FindStringSubmatch(s); key == "cage" && m != nil && len(e.Cells) > 0 && len(e.Cells) <= rd.n {
				// SudokuSolver reads such a cage as a rule: distinct digits
				// whose sum has that digital root.
				root, err := strconv.Atoi(m[1])
				if err != nil || root < 1 || root > 9 {
					return formatErr(path+".value", "%q: a digital root is 1 to 9", s)
				}
				cells, err := rd.cellList(path+".cells", e.Cells)
				if err != nil {
					return err
				}
				rd.add(variant.DigitalRootCage{Cells: cells, Root: root})
				continue
			}
		}
		for k, v := range fields {
			if k == "cells" || k == "lines" || k == "value" {
				continue
			}
			if cos.Style == nil {
				cos.Style = map[string]string{}
			}
			var s string
			if json.Unmarshal(v, &s) != nil {
				s = string(v)
			}
			cos.Style[k] = s
		}
		rd.p.Cosmetics = append(rd.p.Cosmetics, cos)
		count++
	}
	why := "drawing only"
	if key == "fogofwar" || key == "foglight" {
		why = "fog of war (presentation only)"
	}
	rd.ignore(key, count, why)
	return nil
}

// readSolution reads the "solution" array, or a grid whose every cell has
// a digit.
func (rd *reader) readSolution() error {
	n := rd.n
	sol := board.New(rd.shape)
	if raw, ok := rd.doc["solution"]; ok && !empty(raw) {
		var list []json.RawMessage
		if err := json.Unmarshal(raw, &list); err != nil {
			var s string
			if json.Unmarshal(raw, &s) != nil {
				return formatErr("solution", "not a list of digits")
			}
			for _, ch := range strings.Split(s, "") {
				list = append(list, json.RawMessage(strconvQuote(ch)))
			}
		}
		if len(list) != n*n {
			return formatErr("solution", "%d digits for %d cells", len(list), n*n)
		}
		complete := true
		for i, raw := range list {
			d, ok, err := intValue(raw)
			if err != nil || d < 0 || d > n {
				if strings.Trim(string(raw), `"`) == "." || strings.Trim(string(raw), `"`) == "?" {
					complete = false
					continue
				}
				return formatErr(fmt.Sprintf("solution[%d]", i), "%s is not a digit 1..%d", raw, n)
			}
			if !ok || d == 0 {
				complete = false
			}
			sol.Cells[i] = uint8(d)
		}
		if complete {
			rd.res.Solution = sol
		}
		return nil
	}
	for i, d := range rd.entered {
		if d == 0 {
			return nil
		}
		sol.Cells[i] = uint8(d)
	}
	if rd.entered != nil {
		rd.res.Solution = sol
	}
	return nil
}

func strconvQuote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
