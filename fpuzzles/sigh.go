package fpuzzles

import (
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/variant"
)

// Interactive Sudoku Solver (github.com/sigh/Interactive-Sudoku-Solver)
// writes a puzzle as a string of items, ".Type~arg~arg…", and carries that
// string in its links' "q" parameter. Each supported item becomes the
// variant rule that the f-puzzles reader makes of the f-puzzles rule of the
// same meaning (testdata/variants/tools/sigh2fpuzzles.mjs has the same
// table), so a puzzle means the same whichever way it arrives.

// SighSource is the Source of the errors of ReadSigh.
const SighSource = "Interactive Sudoku Solver"

// MaxSigh is the longest text ReadSigh accepts, in bytes.
const MaxSigh = 1 << 20

// sighTypes are the constraint types of Interactive Sudoku Solver's parser
// (SudokuConstraint in js/sudoku_constraint.js at commit e373f98), those
// satdoku reads and those it refuses: IsSigh knows a string by its first
// type, and an unknown type is named as ISS's own parser names it.
var sighTypes = map[string]bool{
	"Container": true, "Or": true, "And": true, "Replicate": true, "End": true, "Jigsaw": true,
	"Thermo": true, "Whisper": true, "Renban": true, "Modular": true, "Entropic": true,
	"RegionSumLine": true, "Between": true, "Lockout": true, "Palindrome": true, "Zipper": true,
	"SumLine": true, "Regex": true, "NFA": true, "NoBoxes": true, "ChaosConstruction": true,
	"ChaosArrow": true, "ChaosCount": true, "RegionSize": true, "RegionSameValues": true,
	"StrictKropki": true, "StrictXV": true, "Shape": true, "Windoku": true, "DisjointSets": true,
	"AntiKnight": true, "Doppelganger": true, "AntiKing": true, "AntiTaxicab": true,
	"AntiConsecutive": true, "GlobalEntropy": true, "GlobalMod": true, "FullRankTies": true,
	"DutchFlatmates": true, "Diagonal": true, "WhiteDot": true, "BlackDot": true,
	"GreaterThan": true, "X": true, "ValueIndexing": true, "V": true, "Arrow": true,
	"DoubleArrow": true, "PillArrow": true, "Cage": true, "RellikCage": true,
	"EqualityCage": true, "Sum": true, "LittleKiller": true, "XSum": true, "Sandwich": true,
	"Lunchbox": true, "Skyscraper": true, "HiddenSkyscraper": true, "NumberedRoom": true,
	"FullRank": true, "AllDifferent": true, "ContainAtLeast": true, "ContainExact": true,
	"LookAndSay": true, "ConnectedValues": true, "SameValues": true, "EqualSum": true,
	"Quad": true, "Binary": true, "BinaryX": true, "Pair": true, "PairX": true,
	"Indexing": true, "CountingCircles": true, "CountDistinct": true, "Given": true,
	"SearchPriority": true, "Var": true,
}

// sighWhitespace is what ISS removes from a string before reading it.
var sighWhitespace = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\s+`) })

// sighComment is a comment line, which ISS's text box drops.
var sighComment = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?m)^#.*$`) })

// sighSections splits the text box's sections: a blank line ends one.
var sighSections = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\n\s*\n`) })

// IsSigh reports whether text is a puzzle of Interactive Sudoku Solver: a
// link to its page (a path ending in "Interactive-Sudoku-Solver", with or
// without "/" or "index.html"), or a constraint string whose first item
// has one of ISS's constraint types (".Cage~…", ".AntiKing") or is a list
// of givens (".~R1C1_5") — its first item that is not empty, as ISS
// writes an empty one for a puzzle without givens ("..Cage~…") — or one
// of ISS's short forms of a jigsaw or of pencil marks (sighShort).
// Nothing else starts so: a classic puzzle on one line has no '~' and no
// ISS type after its first '.'. Comment lines (#) and blanks before the
// string are skipped.
func IsSigh(text string) bool {
	t := strings.TrimSpace(sighComment().ReplaceAllString(text, ""))
	if isSighLink(t) {
		return true
	}
	if _, ok := sighShort(t); ok {
		return true
	}
	if !strings.HasPrefix(t, ".") {
		return false
	}
	// ISS writes an empty item first when a puzzle has no givens
	// ("..Cage~14~…"); a line puzzle may start so too ("..3.2…"), so the
	// first item that is not empty decides.
	first := strings.TrimLeft(t, ".")
	if i := strings.IndexAny(first, ".\n\r\t "); i >= 0 {
		first = first[:i]
	}
	typ, _, tilde := strings.Cut(first, "~")
	if typ == "" {
		return tilde
	}
	// One letter could start a line puzzle of letters (".X.V…"): X and V
	// always have cells after them.
	return sighTypes[typ] && (len(typ) > 1 || tilde)
}

// sighShort reads ISS's short forms that satdoku's own formats do not
// cover, as the items they stand for: a jigsaw (sighJigsaw) or a grid of
// pencil marks (sighMarks). It reports false for any other text.
func sighShort(t string) ([]string, bool) {
	if items, ok := sighJigsaw(t); ok {
		return items, true
	}
	return sighMarks(t)
}

// sighMarks reads ISS's short form of pencil marks: N characters per
// cell, N×N×N in all (whitespace anywhere), the digits still possible in
// the cell and '.' for the rest ("12.4....." is 1, 2 or 4), for N from 5
// to 9: ISS's 4×4 form, 64 characters, is also an 8×8 puzzle on one line,
// which it is taken for. It reports false for any other text.
func sighMarks(t string) ([]string, bool) {
	t = sighWhitespace().ReplaceAllString(t, "")
	n := 0
	for n*n*n < len(t) {
		n++
	}
	if n < 5 || n > 9 || n*n*n != len(t) || strings.Trim(t, ".0123456789") != "" {
		return nil, false
	}
	cells := make([][]int, n*n)
	for c := range cells {
		marks := t[c*n : (c+1)*n]
		if !strings.Contains(marks, ".") {
			continue // every digit possible: no mark to keep
		}
		cells[c] = []int{}
		for _, ch := range marks {
			if ch != '.' {
				cells[c] = append(cells[c], int(ch-'0'))
			}
		}
	}
	return sighGivens([]string{fmt.Sprintf("Shape~%dx%d", n, n)}, n, cells), true
}

// sighGivens appends to items the item of givens that cells says: for
// each cell in reading order, nil for none, or the values it may hold (an
// empty list is the value 0, an error that names the cell).
func sighGivens(items []string, n int, cells [][]int) []string {
	var given strings.Builder
	for c, vs := range cells {
		if vs == nil {
			continue
		}
		fmt.Fprintf(&given, "~R%sC%s", sighIndex(c/n), sighIndex(c%n))
		if len(vs) == 0 {
			given.WriteString("_0")
		}
		for _, v := range vs {
			fmt.Fprintf(&given, "_%d", v)
		}
	}
	if given.Len() > 0 {
		items = append(items, given.String())
	}
	return items
}

// sighJigsaw reads ISS's short form of a jigsaw puzzle — the givens of
// the N×N cells, then their layout, N symbols each N times (whitespace
// anywhere), as in ISS's jigsaw examples — as the items it stands for:
// the shape, the layout, no boxes and the givens. A given is a digit, or
// above 9×9 a letter (A=1, as ISS writes values there); the blanks are
// '0' or one other symbol. It reports false for any other text.
func sighJigsaw(t string) ([]string, bool) {
	t = sighWhitespace().ReplaceAllString(t, "")
	n := 0
	for n*n*2 < len(t) {
		n++
	}
	if n < board.MinSide || n > MaxSize || 2*n*n != len(t) {
		return nil, false
	}
	givens, layout := t[:n*n], t[n*n:]
	count := map[rune]int{}
	for _, r := range layout {
		count[r]++
	}
	if len(count) != n {
		return nil, false
	}
	for _, k := range count {
		if k != n {
			return nil, false
		}
	}
	cells := make([][]int, n*n)
	var blank byte
	for i := 0; i < n*n; i++ {
		ch, v := givens[i], 0
		switch {
		case n <= 9 && ch >= '1' && ch <= '9':
			v = int(ch - '0')
		case n > 9 && ch >= 'A' && ch <= 'Z':
			v = int(ch-'A') + 1
		case n > 9 && ch >= 'a' && ch <= 'z':
			v = int(ch-'a') + 1
		}
		if v == 0 || v > n {
			if ch != '0' && blank != 0 && ch != blank {
				return nil, false // two kinds of blank: not a puzzle
			}
			if ch != '0' {
				blank = ch
			}
			continue
		}
		cells[i] = []int{v}
	}
	return sighGivens([]string{fmt.Sprintf("Shape~%dx%d", n, n), "Jigsaw~" + layout, "NoBoxes"}, n, cells), true
}

// sighIndex writes a 0-based row or column as ISS does, 1-based: 1–9, then
// a–g.
func sighIndex(i int) string {
	if i < 9 {
		return strconv.Itoa(i + 1)
	}
	return string(rune('a' + i - 9))
}

// isSighLink reports whether t is a link to ISS's page.
func isSighLink(t string) bool {
	lower := strings.ToLower(t)
	if !strings.Contains(lower, "://") && !strings.HasPrefix(lower, "sigh.github.io") {
		return false
	}
	path := lower
	if i := strings.IndexAny(path, "?#"); i >= 0 {
		path = path[:i]
	}
	path = strings.TrimSuffix(strings.TrimSuffix(path, "index.html"), "/")
	return strings.HasSuffix(path, "/interactive-sudoku-solver")
}

// ReadSigh reads a puzzle of Interactive Sudoku Solver ("ISS",
// github.com/sigh/Interactive-Sudoku-Solver): its constraint string, or a
// link to its page that carries the string in "?q=" (percent-escapes are
// decoded, and '+' is a space, as the page reads them).
//
// The string is a sequence of items ".Type~arg~arg…"; whitespace is
// removed first, and, as ISS's text box does, lines starting with '#' are
// dropped and sections apart by a blank line are read as one puzzle.
// ISS's short form of a jigsaw, the N×N givens followed by the layout of
// the regions (N symbols N times each; "3.......7…" then "000000021…"),
// is read too, as the puzzle with the layout's regions and no boxes, and
// so is its short form of pencil marks (N characters a cell, the digits
// possible and '.'; 5×5 to 9×9).
// Cells are "R<row>C<col>", 1-based, one character each (1–9, then a–g
// for 10–16, in either case: "R1Cb" is row 1, column 11). An item with no
// type lists givens: "R6C4_1" gives 1, "R6C4_1_2" says the cell holds 1 or
// 2 (variant.PencilMarks); givens of one cell meet. ".Shape~6x6" sets the
// side (4 to 16, square, the values 1..N: other shapes are refused); the
// default is 9×9, with ISS's boxes (3×3, 2×3 on 6×6; none on 5×5, 7×7, …).
//
// The types read, and what each is:
//
//	Thermo, Renban, Between, Palindrome, Zipper, DoubleArrow, RegionSumLine, Entropic (9×9):
//	                    the line of cells, as variant's rule of that name
//	Modular~3~cells     a modular line (ISS's other moduli are refused)
//	Whisper~[diff]~cells  whispers, difference 5 unless given
//	Arrow~circle~shaft  an arrow
//	PillArrow~2|3~pill~shaft  an arrow whose circle is a pill of 2 or 3
//	                    cells read in reading order (above 9×9 its cells
//	                    after the first hold 1..9, as in ISS)
//	Cage~[sum]~cells    a killer cage; no sum, or 0, is no sum
//	LittleKiller~sum~cell  the diagonal that ISS names by its first cell
//	Sandwich~sum~R3|C3  a sandwich clue left of the row or above the column
//	XSum|Skyscraper~R3|C3~[from left/top]~[from right/bottom]
//	Quad~topleft~digits  a quadruple on the 2×2 square
//	Indexing~C|R~cells  column or row indexers
//	WhiteDot, BlackDot, X, V~cells  the mark on every orthogonally adjacent pair of the cells
//	Diagonal~1|-1       the positive (╱) or negative (╲) diagonal
//	AntiKnight, AntiKing, DisjointSets, Windoku, AntiConsecutive (every
//	                    adjacent pair, dotted or not), StrictKropki,
//	                    StrictXV: the global rules
//	Jigsaw~layout       irregular regions, one character per cell; ISS keeps
//	                    the boxes too (they become extra regions) unless
//	NoBoxes             is given, which drops the boxes
//	SearchPriority      a hint to ISS's search: ignored (Result.Ignored)
//
// Every other type ("Lunchbox", "Or", …) is an *UnsupportedError naming
// it: a rule dropped would give wrong answers. A mistake (a bad cell, a
// wrong count of arguments, a sum that is no number) is a *FormatError
// whose Path names the item, by its 1-based position and its text:
// `item 3 (.Cage~x~R1C1~R1C2)`. Both have Source SighSource.
func ReadSigh(text string) (*Result, error) {
	if len(text) > MaxSigh {
		return nil, sighErr("", "more than %d bytes", MaxSigh)
	}
	t := strings.TrimSpace(strings.TrimPrefix(text, "\ufeff"))
	if isSighLink(t) {
		q, err := sighQuery(t)
		if err != nil {
			return nil, err
		}
		t = q
	}
	t = sighComment().ReplaceAllString(t, "")
	items, short := sighShort(t)
	if !short {
		for i, part := range sighSections().Split(t, -1) {
			part = sighWhitespace().ReplaceAllString(part, "")
			if part == "" {
				continue
			}
			if part[0] != '.' {
				return nil, sighErr("", "section %d (%s) does not start with '.': satdoku reads ISS's constraint strings, \".Type~arg~…\"", i+1, clip(part))
			}
			items = append(items, strings.Split(part[1:], ".")...)
		}
	}
	rd := &sighReader{items: items}
	if err := rd.read(); err != nil {
		return nil, err
	}
	return rd.res, nil
}

// sighQuery returns the "q" parameter of an ISS link.
func sighQuery(link string) (string, error) {
	raw := link
	if i := strings.IndexByte(raw, '#'); i >= 0 {
		raw = raw[:i]
	}
	_, query, ok := strings.Cut(raw, "?")
	if !ok {
		return "", sighErr("", "the link has no puzzle (no \"?q=\")")
	}
	vals, err := url.ParseQuery(query)
	if err != nil {
		return "", sighErr("", "bad escape in the link: %v", err)
	}
	if !vals.Has("q") {
		return "", sighErr("", "the link has no puzzle (no \"?q=\")")
	}
	if q := vals.Get("q"); q != "" {
		return q, nil
	}
	return ".", nil // ISS's empty puzzle
}

func sighErr(path, format string, args ...any) error {
	return &FormatError{Source: SighSource, Path: path, Err: fmt.Errorf(format, args...)}
}

// clip shortens s for a message, cutting between runes.
func clip(s string) string {
	if len(s) <= 48 {
		return s
	}
	cut := 45
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// sighReader builds the puzzle from the items.
type sighReader struct {
	items []string
	n     int
	p     *variant.Puzzle
	res   *Result

	path string // the item being read, for errors: "item 3 (.Cage~…)"
	at   int    // its 1-based position
	text string // and its text

	allowed map[int][]int  // cells' digits from givens and pills, increasing
	keyed   map[string]int // the rule index of an outside clue or quad, by ISS's key: the last wins
	globals map[string]bool
	diag    [2]bool // positive, negative
	pieces  [][]int // jigsaw pieces
	kropki  [][2]int
	xv      [][2]int
	ignored int // SearchPriority items
}

func (rd *sighReader) fail(format string, args ...any) error {
	return sighErr(rd.path, format, args...)
}

func (rd *sighReader) read() error {
	if err := rd.readShape(); err != nil {
		return err
	}
	n := rd.n
	rd.p = variant.New(Shape(n))
	rd.res = &Result{Puzzle: rd.p}
	rd.allowed, rd.keyed, rd.globals = map[int][]int{}, map[string]int{}, map[string]bool{}
	for i, item := range rd.items {
		rd.at, rd.text = i+1, item
		rd.path = fmt.Sprintf("item %d (.%s)", i+1, clip(item))
		typ, args, _ := strings.Cut(item, "~")
		var parts []string
		if strings.Contains(item, "~") {
			parts = strings.Split(args, "~")
		}
		if typ == "Given" {
			typ = ""
		}
		if !sighTypes[typ] && typ != "" {
			return &UnsupportedError{Source: SighSource, Key: typ,
				Why: fmt.Sprintf("unknown constraint type %q (item %d: .%s)", typ, rd.at, clip(rd.text))}
		}
		before := len(rd.p.Rules)
		if err := rd.item(typ, parts); err != nil {
			return err
		}
		// Each rule must be valid where it was read, so the error names it.
		for _, r := range rd.p.Rules[before:] {
			if err := r.Validate(rd.p); err != nil {
				return rd.fail("%v", err)
			}
		}
	}
	rd.path = ""
	if err := rd.finish(); err != nil {
		return err
	}
	if err := rd.p.Validate(); err != nil {
		return &FormatError{Source: SighSource, Err: err}
	}
	if rd.ignored > 0 {
		rd.res.Ignored = append(rd.res.Ignored, Ignored{Key: "SearchPriority", Count: rd.ignored, Why: "a hint to ISS's search (no rule)"})
	}
	return nil
}

// readShape finds the side: the first Shape item's; a later one must agree.
func (rd *sighReader) readShape() error {
	rd.n = 0
	for i, item := range rd.items {
		typ, args, _ := strings.Cut(item, "~")
		if typ != "Shape" {
			continue
		}
		rd.path = fmt.Sprintf("item %d (.%s)", i+1, clip(item))
		n, err := rd.shape(args)
		if err != nil {
			return err
		}
		if rd.n != 0 && n != rd.n {
			return rd.fail("a %dx%d grid after a %dx%d one: ISS allows one shape", n, n, rd.n, rd.n)
		}
		rd.n = n
	}
	if rd.n == 0 {
		rd.n = 9
	}
	return nil
}

// shape reads "6x6", "9x9~9", "9x9~1-9" or "9x9~9~Sudoku": square, values
// 1..N, ISS's Sudoku grid.
func (rd *sighReader) shape(spec string) (int, error) {
	parts := strings.Split(spec, "~")
	var r, c int
	if _, err := fmt.Sscanf(parts[0], "%dx%d", &r, &c); err != nil || parts[0] != fmt.Sprintf("%dx%d", r, c) || len(parts) > 3 {
		return 0, rd.fail("%q is not a shape like 6x6", spec)
	}
	if r != c {
		return 0, &UnsupportedError{Source: SighSource, Key: "Shape",
			Why: fmt.Sprintf("%s: a %dx%d grid: satdoku solves square grids", rd.path, r, c)}
	}
	if r < board.MinSide || r > MaxSize {
		return 0, &UnsupportedError{Source: SighSource, Key: "Shape",
			Why: fmt.Sprintf("%s: a %dx%d grid: satdoku solves %dx%d to %dx%d", rd.path, r, r, board.MinSide, board.MinSide, MaxSize, MaxSize)}
	}
	if len(parts) > 1 && parts[1] != "" && parts[1] != strconv.Itoa(r) && parts[1] != "1-"+strconv.Itoa(r) {
		return 0, &UnsupportedError{Source: SighSource, Key: "Shape",
			Why: fmt.Sprintf("%s: the values %s: satdoku solves grids of the values 1 to %d", rd.path, parts[1], r)}
	}
	if len(parts) > 2 && parts[2] != "Sudoku" {
		return 0, &UnsupportedError{Source: SighSource, Key: "Shape",
			Why: fmt.Sprintf("%s: grid type %q: satdoku solves Sudoku grids", rd.path, parts[2])}
	}
	return r, nil
}

// cellChar maps the characters of ISS's cell ids to 0-based rows and
// columns: base 17 digits, 1–9 then a–g.
func cellChar(ch byte) int {
	switch {
	case ch >= '1' && ch <= '9':
		return int(ch - '1')
	case ch >= 'a' && ch <= 'g':
		return int(ch-'a') + 9
	case ch >= 'A' && ch <= 'G':
		return int(ch-'A') + 9
	}
	return -1
}

// cell reads a cell id, "R3C7" or "r1cb".
func (rd *sighReader) cell(id string) (int, error) {
	if len(id) == 4 && (id[0] == 'R' || id[0] == 'r') && (id[2] == 'C' || id[2] == 'c') {
		r, c := cellChar(id[1]), cellChar(id[3])
		if r >= 0 && c >= 0 {
			if r >= rd.n || c >= rd.n {
				return 0, rd.fail("cell %s is off the %dx%d grid", id, rd.n, rd.n)
			}
			return r*rd.n + c, nil
		}
	}
	return 0, rd.fail("%q is not a cell id (R<row>C<col>, one character each: 1-9, then a-g for 10-16)", id)
}

func (rd *sighReader) cells(ids []string, least int, what string) ([]int, error) {
	if len(ids) < least {
		return nil, rd.fail("%d cells: %s needs %d or more", len(ids), what, least)
	}
	out := make([]int, len(ids))
	for i, id := range ids {
		c, err := rd.cell(id)
		if err != nil {
			return nil, err
		}
		out[i] = c
	}
	return out, nil
}

// number reads a whole number written in decimal.
func (rd *sighReader) number(s, what string) (int, error) {
	v, err := strconv.Atoi(s)
	if err != nil || len(s) > 6 {
		return 0, rd.fail("%s %q is not a whole number", what, s)
	}
	return v, nil
}

func (rd *sighReader) add(r variant.Rule) { rd.p.Rules = append(rd.p.Rules, r) }

// addKeyed adds a rule that ISS merges by key: a later one replaces the
// earlier one, in its place.
func (rd *sighReader) addKeyed(key string, r variant.Rule) {
	if i, ok := rd.keyed[key]; ok {
		rd.p.Rules[i] = r
		return
	}
	rd.keyed[key] = len(rd.p.Rules)
	rd.add(r)
}

func (rd *sighReader) noArgs(typ string, args []string) error {
	if len(args) > 0 {
		return rd.fail("%s takes no arguments", typ)
	}
	return nil
}

// sighKinds are, for each kind of rule (variant.Kinds, by name), the
// Interactive Sudoku Solver types read as it: none where ISS has no such
// constraint. With line set, each type's arguments are one line of cells
// that makes the rule of the kind's first f-puzzles line key (sighLines);
// the other types have a case of their own in item. A test walks the
// registry, so a new kind is decided here, with its types or none.
var sighKinds = map[string]struct {
	types []string
	line  bool
}{
	"PositiveDiagonal": {types: []string{"Diagonal"}}, "NegativeDiagonal": {types: []string{"Diagonal"}},
	"AntiKnight": {types: []string{"AntiKnight"}}, "AntiKing": {types: []string{"AntiKing"}},
	"DisjointGroups": {types: []string{"DisjointSets"}}, "ExtraRegion": {types: []string{"Windoku"}},
	"Odd": {}, "Even": {}, "Minimum": {}, "Maximum": {},
	"Thermometer": {[]string{"Thermo"}, true}, "Arrow": {types: []string{"Arrow", "PillArrow"}},
	"DoubleArrow": {[]string{"DoubleArrow"}, true}, "Palindrome": {[]string{"Palindrome"}, true},
	"Renban": {[]string{"Renban"}, true}, "Whispers": {types: []string{"Whisper"}},
	"BetweenLine": {[]string{"Between"}, true}, "RegionSumLine": {[]string{"RegionSumLine"}, true},
	"EntropicLine": {[]string{"Entropic"}, true}, "ModularLine": {types: []string{"Modular"}},
	"ZipperLine": {[]string{"Zipper"}, true}, "Nabner": {},
	"Killer": {types: []string{"Cage"}}, "LittleKiller": {types: []string{"LittleKiller"}},
	"Difference": {types: []string{"WhiteDot"}}, "Ratio": {types: []string{"BlackDot"}}, "XV": {types: []string{"X", "V"}},
	"Negative":  {types: []string{"AntiConsecutive", "StrictKropki", "StrictXV"}},
	"Quadruple": {types: []string{"Quad"}}, "Clone": {}, "Sandwich": {types: []string{"Sandwich"}},
	"XSum": {types: []string{"XSum"}}, "Skyscraper": {types: []string{"Skyscraper"}},
	"Indexer":         {types: []string{"Indexing"}},
	"PencilMarks":     {types: []string{"Given"}}, // several values given to a cell are its pencil marks
	"DigitalRootCage": {},
}

// sighLines makes the rule of each ISS type whose arguments are a line of
// cells (see sighKinds).
var sighLines = func() map[string]func(cells []int) variant.Rule {
	m := map[string]func(cells []int) variant.Rule{}
	for _, k := range variant.Kinds() {
		sk := sighKinds[k.Name]
		if !sk.line {
			continue
		}
		i := slices.IndexFunc(k.Keys, func(key variant.Key) bool { return key.Line != nil })
		for _, typ := range sk.types {
			m[typ] = k.Keys[i].Line
		}
	}
	return m
}()

// item reads one item.
func (rd *sighReader) item(typ string, args []string) error {
	n := rd.n
	if mk, ok := sighLines[typ]; ok {
		if typ == "Entropic" && n != 9 {
			return &UnsupportedError{Source: SighSource, Key: typ,
				Why: fmt.Sprintf("%s: an entropic line needs the values 1-9 (ISS refuses it on a %dx%d grid)", rd.path, n, n)}
		}
		least := 1
		if typ == "DoubleArrow" {
			least = 3
		}
		cells, err := rd.cells(args, least, typ)
		if err != nil {
			return err
		}
		rd.add(mk(cells))
		return nil
	}
	switch typ {
	case "":
		return rd.givens(args)
	case "Shape":
		return nil // read first, by readShape
	case "SearchPriority":
		rd.ignored++
	case "Modular":
		if len(args) < 2 {
			return rd.fail("%d arguments: Modular takes a modulus and cells", len(args))
		}
		if args[0] != "3" {
			return &UnsupportedError{Source: SighSource, Key: typ,
				Why: fmt.Sprintf("%s: a modular line of modulus %s: satdoku's modular lines are modulo 3", rd.path, args[0])}
		}
		cells, err := rd.cells(args[1:], 1, typ)
		if err != nil {
			return err
		}
		rd.add(variant.ModularLine{Cells: cells})
	case "Whisper":
		diff := 5 // ISS's default, German whispers, on every size
		if len(args) > 0 {
			if v, err := strconv.ParseFloat(args[0], 64); err == nil {
				if v != float64(int(v)) {
					return rd.fail("difference %q is not a whole number", args[0])
				}
				diff, args = int(v), args[1:]
			}
		}
		cells, err := rd.cells(args, 1, typ)
		if err != nil {
			return err
		}
		// ISS compares neighbours along the line only, so a line that
		// comes back to a cell is cut there into lines that do not.
		start := 0
		for i := 1; i < len(cells); i++ {
			if slices.Contains(cells[start:i], cells[i]) && !(start == 0 && i == len(cells)-1 && cells[i] == cells[0]) {
				rd.add(variant.Whispers{Cells: cells[start:i], Difference: diff})
				start = i - 1
			}
		}
		rd.add(variant.Whispers{Cells: cells[start:], Difference: diff})
	case "Arrow":
		cells, err := rd.cells(args, 2, "an arrow (a circle and its shaft)")
		if err != nil {
			return err
		}
		rd.add(variant.Arrow{Circle: cells[:1], Line: cells[1:]})
	case "PillArrow":
		return rd.pillArrow(args)
	case "Cage":
		if len(args) < 1 {
			return rd.fail("no arguments: Cage takes a sum (maybe empty) and cells")
		}
		sum := 0
		if args[0] != "" {
			v, err := rd.number(args[0], "sum")
			if err != nil {
				return err
			}
			sum = v
		}
		cells, err := rd.cells(args[1:], 1, "a cage")
		if err != nil {
			return err
		}
		rd.add(variant.Killer{Cells: cells, Sum: sum})
	case "LittleKiller":
		return rd.littleKiller(args)
	case "Sandwich":
		if len(args) != 2 {
			return rd.fail("%d arguments: Sandwich takes a sum and a row or column (R3, C3)", len(args))
		}
		sum, err := rd.number(args[0], "sum")
		if err != nil {
			return err
		}
		row, i, err := rd.line(args[1])
		if err != nil {
			return err
		}
		o, _ := rd.edge(row, i, true)
		rd.addKeyed("Sandwich "+args[1], variant.Sandwich{Clue: o, Sum: sum})
	case "XSum", "Skyscraper":
		if len(args) < 1 || len(args) > 3 {
			return rd.fail("%d arguments: %s takes a row or column (R3, C3) and its clues from either end", len(args), typ)
		}
		row, i, err := rd.line(args[0])
		if err != nil {
			return err
		}
		for k, v := range args[1:] {
			if v == "" {
				continue
			}
			val, err := rd.number(v, "clue")
			if err != nil {
				return err
			}
			if val == 0 {
				return rd.fail("a clue of 0: ISS refuses it")
			}
			o, _ := rd.edge(row, i, k == 0)
			key := fmt.Sprintf("%s %s %d", typ, args[0], k)
			if typ == "XSum" {
				rd.addKeyed(key, variant.XSum{Clue: o, Sum: val})
			} else {
				rd.addKeyed(key, variant.Skyscraper{Clue: o, Count: val})
			}
		}
	case "Quad":
		if len(args) < 1 {
			return rd.fail("no arguments: Quad takes its top-left cell and digits")
		}
		c, err := rd.cell(args[0])
		if err != nil {
			return err
		}
		if c/n == n-1 || c%n == n-1 {
			return rd.fail("no 2x2 square has its top-left cell at %s", args[0])
		}
		var ds []int
		for _, v := range args[1:] {
			d, err := rd.number(v, "digit")
			if err != nil {
				return err
			}
			ds = append(ds, d)
		}
		if len(ds) == 0 {
			return rd.fail("a quad with no digit")
		}
		rd.addKeyed("Quad "+args[0], variant.Quadruple{Cells: []int{c, c + 1, c + n, c + n + 1}, Digits: ds})
	case "Indexing":
		if len(args) < 2 || (args[0] != "C" && args[0] != "R") {
			return rd.fail("Indexing takes C (column) or R (row) and cells")
		}
		cells, err := rd.cells(args[1:], 1, typ)
		if err != nil {
			return err
		}
		kind := variant.ColumnIndex
		if args[0] == "R" {
			kind = variant.RowIndex
		}
		rd.add(variant.Indexer{Kind: kind, Cells: cells})
	case "WhiteDot", "BlackDot", "X", "V":
		cells, err := rd.cells(args, 2, typ)
		if err != nil {
			return err
		}
		pairs := adjacentPairs(n, cells)
		if len(pairs) == 0 {
			return rd.fail("no two of the cells are orthogonal neighbours")
		}
		for _, pr := range pairs {
			switch typ {
			case "WhiteDot":
				rd.add(variant.Difference{A: pr[0], B: pr[1], Diff: 1})
				rd.kropki = append(rd.kropki, pr)
			case "BlackDot":
				rd.add(variant.Ratio{A: pr[0], B: pr[1], Ratio: 2})
				rd.kropki = append(rd.kropki, pr)
			case "X":
				rd.add(variant.XV{A: pr[0], B: pr[1], Sum: 10})
				rd.xv = append(rd.xv, pr)
			case "V":
				rd.add(variant.XV{A: pr[0], B: pr[1], Sum: 5})
				rd.xv = append(rd.xv, pr)
			}
		}
	case "Diagonal":
		if len(args) != 1 || (args[0] != "1" && args[0] != "-1") {
			return rd.fail("Diagonal takes 1 (╱) or -1 (╲)")
		}
		rd.diag[map[string]int{"1": 0, "-1": 1}[args[0]]] = true
	case "AntiKnight", "AntiKing", "DisjointSets", "Windoku", "AntiConsecutive", "StrictKropki", "StrictXV", "NoBoxes":
		if err := rd.noArgs(typ, args); err != nil {
			return err
		}
		rd.globals[typ] = true
	case "Jigsaw":
		return rd.jigsaw(args)
	default:
		return &UnsupportedError{Source: SighSource, Key: typ,
			Why: fmt.Sprintf("constraint %q is not supported by satdoku (item %d: .%s); solving without it would give wrong answers", typ, rd.at, clip(rd.text))}
	}
	return nil
}

// givens reads "R1C1_5" (a given) and "R1C1_1_2" (the cell holds 1 or 2).
func (rd *sighReader) givens(args []string) error {
	for _, g := range args {
		id, vals, _ := strings.Cut(g, "_")
		c, err := rd.cell(id)
		if err != nil {
			return err
		}
		var ds []int
		for _, v := range strings.Split(vals, "_") {
			d, err := strconv.Atoi(v)
			if err != nil || d < 1 || d > rd.n || strconv.Itoa(d) != v {
				return rd.fail("%q: %q is not a value 1..%d", g, v, rd.n)
			}
			ds = append(ds, d)
		}
		slices.Sort(ds)
		rd.allow(c, slices.Compact(ds))
	}
	return nil
}

// allow keeps only ds in cell c: ISS's givens of one cell meet.
func (rd *sighReader) allow(c int, ds []int) {
	if old, ok := rd.allowed[c]; ok {
		ds = slices.DeleteFunc(slices.Clone(old), func(d int) bool { return !slices.Contains(ds, d) })
	}
	rd.allowed[c] = ds
}

// line reads "R3" or "C12": a row (true) or column, 0-based.
func (rd *sighReader) line(id string) (bool, int, error) {
	if len(id) >= 2 && (id[0] == 'R' || id[0] == 'C') {
		if i, err := strconv.Atoi(id[1:]); err == nil && i >= 1 && i <= rd.n && strconv.Itoa(i) == id[1:] {
			return id[0] == 'R', i - 1, nil
		}
	}
	return false, 0, rd.fail("%q is not a row or column of the %dx%d grid (R1, C%d)", id, rd.n, rd.n, rd.n)
}

// edge returns the clue beside row or column i: left or above when first,
// else right or below.
func (rd *sighReader) edge(row bool, i int, first bool) (variant.Outside, bool) {
	n := rd.n
	switch {
	case row && first:
		return variant.EdgeClue(n, i, -1)
	case row:
		return variant.EdgeClue(n, i, n)
	case first:
		return variant.EdgeClue(n, -1, i)
	}
	return variant.EdgeClue(n, n, i)
}

// adjacentPairs returns the orthogonally adjacent pairs among cells, each
// once, as ISS marks them.
func adjacentPairs(n int, cells []int) [][2]int {
	var out [][2]int
	for i, a := range cells {
		for _, b := range cells[i+1:] {
			d := abs(a/n-b/n) + abs(a%n-b%n)
			if d == 1 && !slices.Contains(out, [2]int{a, b}) && !slices.Contains(out, [2]int{b, a}) {
				out = append(out, [2]int{a, b})
			}
		}
	}
	return out
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// pillArrow reads "PillArrow~2~pill~pill~shaft…".
func (rd *sighReader) pillArrow(args []string) error {
	n := rd.n
	if len(args) < 1 || (args[0] != "2" && args[0] != "3") {
		return rd.fail("PillArrow takes the pill's size, 2 or 3, then its cells")
	}
	size := int(args[0][0] - '0')
	cells, err := rd.cells(args[1:], size+1, "a pill arrow (its pill and a shaft)")
	if err != nil {
		return err
	}
	pill := slices.Clone(cells[:size])
	slices.Sort(pill)
	for i := 1; i < size; i++ {
		a, b := pill[i-1], pill[i]
		right := a%n < n-1 && b == a+1
		down := b == a+n
		diag := a%n < n-1 && b == a+n+1
		if !right && !down && !diag {
			return rd.fail("the pill's cells are not adjacent in reading order")
		}
	}
	rd.add(variant.Arrow{Circle: pill, Line: cells[size:]})
	if n > 9 {
		// ISS reads the pill's cells after the first as decimal digits.
		for _, c := range pill[1:] {
			rd.allow(c, []int{1, 2, 3, 4, 5, 6, 7, 8, 9})
		}
	}
	return nil
}

// littleKiller reads "LittleKiller~sum~cell": the diagonal is the one ISS
// lists under its first cell.
func (rd *sighReader) littleKiller(args []string) error {
	if len(args) != 2 {
		return rd.fail("%d arguments: LittleKiller takes a sum and the first cell of its diagonal", len(args))
	}
	sum, err := rd.number(args[0], "sum")
	if err != nil {
		return err
	}
	c, err := rd.cell(args[1])
	if err != nil {
		return err
	}
	step, ok := littleKillerDiagonals(rd.n)[c]
	if !ok {
		return rd.fail("no little killer diagonal starts at %s", args[1])
	}
	o := variant.Outside{Row: c/rd.n - step[0], Col: c%rd.n - step[1], DRow: step[0], DCol: step[1]}
	rd.addKeyed("LittleKiller "+args[1], variant.LittleKiller{Clue: o, Sum: sum})
	return nil
}

// littleKillerDiagonals returns ISS's little killer diagonals of a board
// of side n: the first cell of each, and its step. ISS lists them from the
// left side down, the right side up, the top and the bottom, and keeps the
// first of two that hold the same cells.
func littleKillerDiagonals(n int) map[int][2]int {
	out := map[int][2]int{}
	seen := map[string]bool{}
	add := func(r, c, dr, dc int) {
		var cells []int
		for rr, cc := r, c; rr >= 0 && cc >= 0 && rr < n && cc < n; rr, cc = rr+dr, cc+dc {
			cells = append(cells, rr*n+cc)
		}
		if len(cells) <= 1 {
			return
		}
		slices.Sort(cells)
		key := fmt.Sprint(cells)
		if seen[key] {
			return
		}
		seen[key] = true
		out[r*n+c] = [2]int{dr, dc}
	}
	for r := 0; r < n-1; r++ {
		add(r, 0, 1, 1)
	}
	for r := 1; r < n-1; r++ {
		add(r, n-1, -1, -1)
	}
	for c := 1; c < n; c++ {
		add(0, c, 1, -1)
	}
	for c := 1; c < n-1; c++ {
		add(n-1, c, -1, 1)
	}
	return out
}

// jigsaw reads "Jigsaw~layout" (or ISS's older "Jigsaw~shape~layout"): a
// character per cell, the cells of one character a region.
func (rd *sighReader) jigsaw(args []string) error {
	n := rd.n
	if len(args) < 1 || len(args) > 2 {
		return rd.fail("%d arguments: Jigsaw takes a layout", len(args))
	}
	layout := args[len(args)-1]
	if len(layout) != n*n {
		return rd.fail("a layout of %d characters for %d cells", len(layout), n*n)
	}
	var order []byte
	byChar := map[byte][]int{}
	for i := 0; i < len(layout); i++ {
		ch := layout[i]
		if _, ok := byChar[ch]; !ok {
			order = append(order, ch)
		}
		byChar[ch] = append(byChar[ch], i)
	}
	if len(order) == 1 {
		return nil // one region of every cell: ISS adds nothing
	}
	for _, ch := range order {
		piece := byChar[ch]
		if len(piece) != n {
			return rd.fail("region %q has %d cells: a region has %d", ch, len(piece), n)
		}
		if !slices.ContainsFunc(rd.pieces, func(p []int) bool { return slices.Equal(p, piece) }) {
			rd.pieces = append(rd.pieces, piece)
		}
	}
	return nil
}

// boxDims returns ISS's boxes of a side: h×w, h the largest divisor of n
// from 2 to √n; 0, 0 when there is none (5, 7, 11, 13: no boxes).
func boxDims(n int) (int, int) {
	for h := isqrt(n); h >= 2; h-- {
		if n%h == 0 {
			return h, n / h
		}
	}
	return 0, 0
}

func isqrt(n int) int {
	r := 0
	for (r+1)*(r+1) <= n {
		r++
	}
	return r
}

// finish sets the givens, the regions and the global rules, which need
// every item read.
func (rd *sighReader) finish() error {
	n := rd.n
	for _, c := range sortedCells(rd.allowed) {
		ds := rd.allowed[c]
		switch len(ds) {
		case 0:
			return sighErr("", "cell %s has no value left: its givens have none in common", sighCell(n, c))
		case 1:
			rd.p.Givens.Cells[c] = uint8(ds[0])
		default:
			rd.add(variant.PencilMarks{Cell: c, Digits: ds})
		}
	}
	bh, bw := boxDims(n)
	boxes := bh > 0 && !rd.globals["NoBoxes"]
	if boxes {
		// The boxes stay the regions; ISS's jigsaw pieces are more.
		for _, piece := range rd.pieces {
			rd.add(variant.ExtraRegion{Cells: piece})
		}
	} else {
		labels := make([]int, n*n)
		for i := range labels {
			labels[i] = -1
		}
		for l, piece := range rd.pieces {
			if l >= n {
				return sighErr("", "more than %d jigsaw regions", n)
			}
			for _, c := range piece {
				if labels[c] >= 0 {
					return sighErr("", "cell %s is in two jigsaw regions", sighCell(n, c))
				}
				labels[c] = l
			}
		}
		if err := variant.ValidateRegions(n, labels); err != nil {
			return &FormatError{Source: SighSource, Path: "Jigsaw", Err: err}
		}
		rd.p.Regions = labels
	}
	if rd.diag[0] {
		rd.add(variant.PositiveDiagonal{})
	}
	if rd.diag[1] {
		rd.add(variant.NegativeDiagonal{})
	}
	if rd.globals["AntiKnight"] {
		rd.add(variant.AntiKnight{})
	}
	if rd.globals["AntiKing"] {
		rd.add(variant.AntiKing{})
	}
	if rd.globals["DisjointSets"] && bh > 0 {
		if boxes {
			rd.add(variant.DisjointGroups{})
		} else {
			// ISS's sets are the positions in the boxes of the shape,
			// with or without those boxes as regions.
			for k := 0; k < n; k++ {
				var set []int
				for b := 0; b < n; b++ {
					r := b/(n/bw)*bh + k/bw
					c := b%(n/bw)*bw + k%bw
					set = append(set, r*n+c)
				}
				slices.Sort(set)
				rd.add(variant.ExtraRegion{Cells: set})
			}
		}
	}
	if rd.globals["Windoku"] && bh > 0 {
		// Windows of a box's size, one cell in from the edges and one
		// cell apart, as many as fit.
		for c0 := 1; c0+bw < n; c0 += bw + 1 {
			for r0 := 1; r0+bh < n; r0 += bh + 1 {
				var win []int
				for r := r0; r < r0+bh; r++ {
					for c := c0; c < c0+bw; c++ {
						win = append(win, r*n+c)
					}
				}
				rd.add(variant.ExtraRegion{Cells: win})
			}
		}
	}
	if rd.globals["AntiConsecutive"] {
		// Every adjacent pair, dotted or not: f-puzzles' nonconsecutive
		// spares dotted pairs, ISS's does not.
		rd.add(variant.Negative{Kind: variant.NoDifference, Values: []int{1}, Pairs: variant.OrthogonalPairs(n)})
	}
	if rd.globals["StrictKropki"] {
		if !rd.globals["AntiConsecutive"] { // which covers every pair already
			rd.add(variant.Negative{Kind: variant.NoDifference, Values: []int{1}, Pairs: variant.UnmarkedPairs(n, rd.kropki)})
		}
		rd.add(variant.Negative{Kind: variant.NoRatio, Values: []int{2}, Pairs: variant.UnmarkedPairs(n, rd.kropki)})
	}
	if rd.globals["StrictXV"] {
		rd.add(variant.Negative{Kind: variant.NoSum, Values: []int{5, 10}, Pairs: variant.UnmarkedPairs(n, rd.xv)})
	}
	return nil
}

// sighCell names a cell as ISS does: "R1C1", "R1Cb".
func sighCell(n, c int) string {
	ch := func(i int) string { return strconv.FormatInt(int64(i+1), 17) }
	return "R" + ch(c/n) + "C" + ch(c%n)
}

func sortedCells(m map[int][]int) []int {
	out := make([]int, 0, len(m))
	for c := range m {
		out = append(out, c)
	}
	slices.Sort(out)
	return out
}
