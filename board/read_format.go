// The formats: reading the cells of line, grid and compact puzzles once
// detection has chosen the format and the size.

package board

import (
	"bytes"
	"errors"
)

// readLine reads the line puzzle of side n at the front of the queue.
func (r *Reader) readLine(n int, title string) (*Puzzle, error) {
	l := r.peek(0)
	defer r.consume()
	tab, alpha := r.tab, r.alpha
	if r.readsAsHex(n, l.text) {
		tab, alpha = Hex.table(), Hex
	} else if l.bad >= 0 || int(l.max) > n {
		if r.readsAsLetters(l.text, n) {
			tab, alpha = Letters.table(), Letters
		} else {
			for i, c := range l.text {
				if v := r.tab[c]; v == symBad || v != symSkip && int(v) > n {
					return nil, r.errf(l.num, l.num, column(l.text, i), ErrSymbol, "%s", r.symbolMsg(l.text, i, n))
				}
			}
		}
	}
	shape, _ := r.shapeFor(n)
	p, cells := r.newPuzzle(shape)
	i := 0
	for _, c := range l.text {
		if v := tab[c]; v != symSkip {
			cells[i] = v
			i++
		}
	}
	p.Line, p.Format, p.Title, p.Alphabet = l.num, Line, title, alpha
	return p, nil
}

// readsAsHex reports whether the text of a 16×16 puzzle (its rows, one
// after the other) is in hex (0-F) rather than the default alphabet
// (1-9A-G), when no alphabet was chosen: a '0' beside another blank ('.'
// or '-'), as no one writes blanks in the default alphabet but a hex
// puzzle writes its zeros, no 'G' (the default alphabet's 16), and only
// hex symbols and blanks. Read in the default alphabet, its 0 givens
// would be blanks, and another puzzle solved in silence.
func (r *Reader) readsAsHex(n int, rows ...[]byte) bool {
	if n != 16 || r.Alphabet != nil {
		return false
	}
	tab := Hex.table()
	zero, blank := false, false
	for _, t := range rows {
		for _, c := range t {
			switch v := tab[c]; {
			case v == symBad:
				return false
			case c == '0':
				zero = true
			case v == 0:
				blank = true
			}
		}
	}
	return zero && blank
}

// readsAsLetters reports whether t, symbols that the default alphabet
// cannot place on a board of side n, are the letters alphabet's (A = 1):
// letters up to the n-th and its blanks, and no digit 1-9, so that no
// other reading is possible. It is the reading only when no alphabet was
// chosen (Reader.Alphabet nil). SPOJ's and POJ's 16×16 puzzles are
// written so (A-P, '-' blank), and 9×9 puzzles in A-I.
func (r *Reader) readsAsLetters(t []byte, n int) bool {
	if r.Alphabet != nil || n > len(Letters.Symbols) {
		return false
	}
	tab := Letters.table()
	for _, c := range t {
		if v := tab[c]; v == symBad || v != symSkip && int(v) > n {
			return false
		}
	}
	return true
}

// readGrid reads the grid puzzle whose first row is at the front of the queue.
func (r *Reader) readGrid(title string) (*Puzzle, error) {
	l := r.peek(0)
	start := l.num
	m := len(r.tokens(l))
	if n, ok := r.lineSide(m); ok && (l.nested || r.Shape == (Shape{}) && !r.nextGridRowHas(m)) {
		// [[row],[row],…] on one line, or 16 numbers alone on their line:
		// a 4×4 board, not the first row of a 16×16 grid.
		return r.readSpacedLine(n, title)
	}
	if r.longToken(l) {
		// No cell: a record of fields separated by spaces or tabs, such as
		// a rated list's "puzzle 11.9 setter x", however many fields.
		if p, ok := r.readRecord(title); ok {
			return p, nil
		}
		if err := r.recordFault(l); err != nil {
			r.consume()
			return nil, err
		}
	}
	if _, ok := r.shapeFor(m); ok {
		return r.readRows(Grid, m, title)
	}
	if shape, ok := r.boxesDrawn(m); ok {
		// A rectangular-box grid whose borders show its boxes, as -o
		// pretty draws a 6×6: read it with that shape.
		r.Shape = shape
		p, err := r.readRows(Grid, m, title)
		r.Shape = Shape{}
		return p, err
	}
	// The first row may be the wrong one: trust the next row if it fits.
	for i := 1; i < 8; i++ {
		x := r.peek(i)
		if x == nil || len(x.text) == 0 || x.tooLong || isText(x.text) {
			break
		}
		if isComment(x.text) || isSeparator(x.text) {
			continue
		}
		if m2 := len(r.tokens(x)); m2 != m {
			if _, ok := r.shapeFor(m2); ok && x.spaced() {
				return r.readRows(Grid, m2, title)
			}
		}
		break
	}
	if n, ok := r.lineSide(m); ok && m > MaxSide {
		return r.readSpacedLine(n, title)
	}
	if p, ok := r.readRecord(title); ok {
		return p, nil
	}
	err := r.gridSizeErr(start, m)
	// Skip the rest of this puzzle, however large: the rows below with as
	// many numbers, up to m rows in all.
	r.consume()
	for rows := 1; rows < m; {
		l := r.peek(0)
		if l == nil || len(l.text) == 0 || l.tooLong || isText(l.text) {
			break
		}
		if isComment(l.text) || isSeparator(l.text) {
			r.consume()
			continue
		}
		if !l.spaced() || len(r.tokens(l)) != m {
			break
		}
		r.consume()
		rows++
	}
	return nil, err
}

// readRows reads a grid or compact puzzle of side n whose first row is at the
// front of the queue. It takes the rows that follow (see rowLike), up to n
// rows in all, and stops before any other line, so a truncated grid never
// swallows the puzzle after it; after an error in a row it still consumes the
// puzzle's rows, so that the next puzzle reads well.
//
// The first line is reported on its own, and the lines after it left to be
// read as what they are, when it is no row of the grid below it: when no row
// follows it, or when it is wrong (wrong length or a bad symbol) and the run
// of rows after it is better explained without it. A run of R rows after a
// first row of the right length but with an error holds whole grids when R
// is n or 2n; after a first row of the wrong length, a run of n−1 or 2n−1
// rows makes it the first row of a grid, any other run makes it a stray line.
func (r *Reader) readRows(f Format, n int, title string) (*Puzzle, error) {
	shape, _ := r.shapeFor(n)
	size := n * n
	if cap(r.scratch) < size {
		r.scratch = make([]uint8, size)
	}
	cells := r.scratch[:size]
	compact := compactReading{r: r, n: n, cells: cells, tab: r.tab, alpha: r.alpha}
	if f == Compact && r.readsAsHex(n, r.compactRowsAhead(n)...) {
		compact.tab, compact.alpha = Hex.table(), Hex
	}
	first := r.peek(0)
	start := first.num
	var firstLen int
	var perr *ParseError
	if f == Grid {
		toks := r.tokens(first)
		firstLen = len(toks)
		perr = r.gridRow(start, first, toks, n, cells[:n])
	} else {
		firstLen = r.scan(first).k
		perr = compact.row(start, first, 0)
	}
	limit := 1
	if perr != nil {
		limit = 2*n + 1
	}
	run, next := r.rowRun(f, n, limit)
	first = r.peek(0) // peeking ahead may have moved the buffer
	lone := false
	switch {
	case run == 0:
		lone = true
	case perr == nil:
	case firstLen == n:
		lone = run == n || run == 2*n
	default:
		lone = run != n-1 && run != 2*n-1
	}
	if lone {
		err := r.loneErr(f, shape, first, perr, firstLen, run, next)
		r.consume()
		return nil, err
	}
	last := start
	r.consume()
	for row := 1; row < n; {
		l := r.peek(0)
		if l != nil && len(l.text) > 0 && (isComment(l.text) || r.isSeparatorIn(f, n, l.text)) {
			r.consume()
			continue
		}
		if l == nil || !r.rowLike(f, n, 0, row) {
			if perr == nil {
				at := last + 1
				if l = r.peek(0); l != nil {
					at = l.num
				}
				perr = r.rowCountErr(f, shape, start, at, row)
			}
			break
		}
		l = r.peek(0)
		if perr == nil {
			if f == Grid {
				perr = r.gridRow(start, l, r.tokens(l), n, cells[row*n:(row+1)*n])
			} else {
				perr = compact.row(start, l, row)
			}
		}
		last = l.num
		r.consume()
		row++
	}
	if extra, at := r.extraRows(f, n); extra > 0 {
		// Rows beyond the n-th, fewer than a whole grid: one grid with too
		// many rows, of which nothing is read. They go with it, so they are
		// not reported again.
		if perr == nil {
			perr = r.errf(start, at, 0, ErrRowCount, "the %s starting on line %d has %d rows, but a %s %s has %d", what(f), start, n+extra, dims(shape), what(f), n)
		}
		for extra > 0 {
			if l := r.peek(0); len(l.text) > 0 && !isComment(l.text) && !r.isSeparatorIn(f, n, l.text) {
				extra--
				last = l.num
			}
			r.consume()
		}
	}
	r.prevEnd, r.prevN, r.prevFormat = last, n, f
	if perr != nil {
		return nil, perr
	}
	p, dst := r.newPuzzle(shape)
	copy(dst, cells)
	p.Line, p.Format, p.Title, p.Alphabet = start, f, title, compact.alpha
	return p, nil
}

// compactRowsAhead returns the texts of the next n lines that are not
// comments or separators, or fewer where the puzzle ends sooner (a blank
// line, text, the end of the input).
func (r *Reader) compactRowsAhead(n int) [][]byte {
	var rows [][]byte
	for i := 0; len(rows) < n && i < 2*n+2; i++ {
		l := r.peek(i)
		if l == nil || len(l.text) == 0 || l.tooLong || isText(l.text) {
			break
		}
		if isComment(l.text) || r.isSeparatorIn(Compact, n, l.text) {
			continue
		}
		rows = append(rows, l.text)
	}
	return rows
}

// compactReading reads the rows of one compact puzzle into cells with the
// reader's alphabet, or with the letters alphabet from the first row that
// the reader's alphabet cannot place if the rows read so far and that one
// read as letters (see readsAsLetters): the rows above it then hold only
// blanks and symbols that both alphabets have (A-G on a 16×16 board),
// which it reads again.
type compactReading struct {
	r     *Reader
	n     int
	cells []uint8
	tab   *symTable
	alpha Alphabet
}

// row parses the row-th row of the puzzle, line l.
func (c *compactReading) row(start int, l *rec, row int) *ParseError {
	n := c.n
	perr := c.r.compactRow(start, l, n, c.cells[row*n:(row+1)*n], c.tab)
	if perr == nil || !errors.Is(perr, ErrSymbol) || c.alpha.Name == Letters.Name || !c.r.readsAsLetters(l.text, n) {
		return perr
	}
	above := c.cells[:row*n]
	const shift = 9 // the default alphabet's 'A' is 10, the letters' 1
	for _, v := range above {
		if v != 0 && v <= shift {
			return perr // a digit 1-9: not letters
		}
	}
	for i, v := range above {
		if v != 0 {
			above[i] = v - shift
		}
	}
	c.tab, c.alpha = Letters.table(), Letters
	return c.r.compactRow(start, l, n, c.cells[row*n:(row+1)*n], c.tab)
}

// gridRow parses the numbers of one grid row into cells.
func (r *Reader) gridRow(start int, l *rec, toks [][2]int, n int, cells []uint8) *ParseError {
	t := l.text
	if len(toks) == 1 {
		return r.errf(start, l.num, 0, ErrRowLength, "the row has 1 number, but a grid row has %d numbers separated by spaces", n)
	}
	for j, tok := range toks {
		if j == n {
			return r.errf(start, l.num, column(t, tok[0]), ErrRowLength, "the row has %d numbers, but a %d×%d grid row has %d", len(toks), n, n, n)
		}
		s := t[tok[0]:tok[1]]
		v, ok := -1, len(s) <= 3
		if len(s) == 1 && s[0] == '.' {
			v = 0
		} else if ok {
			v = 0
			for _, c := range s {
				if c < '0' || c > '9' {
					ok = false
					break
				}
				v = 10*v + int(c-'0')
			}
		}
		if !ok || v > n {
			shown := quoteToken(s)
			if len(s) > 20 {
				shown = quoteAt(t, tok[0]) + " (start of a long token)"
			}
			return r.errf(start, l.num, column(t, tok[0]), ErrSymbol, "%s is not allowed here: a %d×%d grid uses the numbers 1-%d, with 0 or . for a blank", shown, n, n, n)
		}
		cells[j] = uint8(v)
	}
	if len(toks) < n {
		return r.errf(start, l.num, column(t, len(t)), ErrRowLength, "the row has %d numbers, but a %d×%d grid row has %d", len(toks), n, n, n)
	}
	return nil
}

// compactRow parses the symbols of one compact row into cells, with the
// symbol table tab.
func (r *Reader) compactRow(start int, l *rec, n int, cells []uint8, tab *symTable) *ParseError {
	t := l.text
	j := 0
	for i := 0; i < len(t); i++ {
		c := t[i]
		v := tab[c]
		if v == symSkip {
			continue
		}
		if c == ' ' || c == '\t' {
			return r.errf(start, l.num, column(t, i), ErrSymbol, "' ' is not allowed here: a compact grid row has %d symbols with no spaces between them", n)
		}
		if j == n {
			return r.errf(start, l.num, column(t, i), ErrRowLength, "the row has more than %d symbols, but a %d×%d compact row has %d", n, n, n, n)
		}
		if v == symBad || int(v) > n {
			return r.errf(start, l.num, column(t, i), ErrSymbol, "%s", r.symbolMsg(t, i, n))
		}
		cells[j] = v
		j++
	}
	if j < n {
		return r.errf(start, l.num, column(t, len(t)), ErrRowLength, "the row has %d symbols, but a %d×%d compact row has %d", j, n, n, n)
	}
	return nil
}

// tokens returns the grid tokens of l (see gridTokens), split once: a line
// of at most MaxSide+2 tokens (a grid row, right or nearly) keeps them; for
// a longer one they are valid until the next call.
func (r *Reader) tokens(l *rec) [][2]int {
	if l.tokenized {
		return l.toks
	}
	if l.comma {
		l.toks = commaTokens(l.text, l.toks[:0])
		// A separator after the last cell ("5,3,0,…,0,") makes one field
		// too many, unless the fields fit as they are: then the last cell
		// is a blank ("5,3,,…,,").
		if k := len(l.toks); k > 1 && l.toks[k-1][0] == len(l.text) {
			_, all := r.shapeFor(k)
			_, allLine := r.lineSide(k)
			_, less := r.shapeFor(k - 1)
			_, lessLine := r.lineSide(k - 1)
			if !all && !allLine && (less || lessLine) {
				l.toks = l.toks[:k-1]
			}
		}
		l.tokenized = true
		return l.toks
	}
	l.toks = gridTokens(l.text, l.toks[:0])
	for _, tok := range l.toks {
		// A number has one to three digits; a longer token, or one that
		// starts with ESC, may hold colour escapes, which go.
		if tok[1]-tok[0] > 2 || l.text[tok[0]] == 0x1b {
			if bytes.IndexByte(l.text, 0x1b) >= 0 {
				l.text, l.scanned = trimSpace(stripColor(l.text)), false
				l.toks = gridTokens(l.text, l.toks[:0])
			}
			break
		}
	}
	if len(l.toks) > MaxSide+2 {
		// Too many to keep with the line (the ring would hold up to 4N+10
		// such buffers): the reader keeps the one buffer of this size.
		r.toks, l.toks = l.toks, nil
		return r.toks
	}
	l.tokenized = true
	return l.toks
}

// stripColor removes the ANSI colour escapes (ESC [ digits and ';' m) from
// t, in place, such as those WritePretty writes with Color.
func stripColor(t []byte) []byte {
	w := 0
	for i := 0; i < len(t); i++ {
		if t[i] == 0x1b && i+1 < len(t) && t[i+1] == '[' {
			j := i + 2
			for j < len(t) && (t[j] >= '0' && t[j] <= '9' || t[j] == ';') {
				j++
			}
			if j < len(t) && t[j] == 'm' {
				i = j
				continue
			}
		}
		t[w] = t[i]
		w++
	}
	return t[:w]
}

// gridTokens splits a grid row into its tokens, which spaces, tabs and box
// borders ('|' or a Unicode box-drawing character) separate, so that a
// border written against a cell ("|5 3 .|. 7 .|") is no part of it; it
// returns the byte offsets of the tokens' starts and ends in dst.
func gridTokens(t []byte, dst [][2]int) [][2]int {
	dst = dst[:0]
	sep := func(i int) int { // the length of the separator at t[i], or 0
		switch {
		case t[i] == ' ' || t[i] == '\t' || t[i] == '|':
			return 1
		default:
			return boxRune(t[i:])
		}
	}
	for i := 0; i < len(t); {
		for i < len(t) {
			k := sep(i)
			if k == 0 {
				break
			}
			i += k
		}
		j := i
		for j < len(t) && sep(j) == 0 {
			j++
		}
		if j > i {
			dst = append(dst, [2]int{i, j})
		}
		i = j
	}
	return dst
}

// commaTokens splits a row of isCommaRow into its fields, trimmed of
// spaces; an empty field is an empty token (a blank).
func commaTokens(t []byte, dst [][2]int) [][2]int {
	dst = dst[:0]
	i := 0
	for {
		j := i
		for j < len(t) && t[j] != ',' && t[j] != ';' {
			j++
		}
		a, b := i, j
		for a < b && (t[a] == ' ' || t[a] == '\t') {
			a++
		}
		for b > a && (t[b-1] == ' ' || t[b-1] == '\t') {
			b--
		}
		dst = append(dst, [2]int{a, b})
		if j == len(t) {
			return dst
		}
		i = j + 1
	}
}

// newPuzzle allocates a puzzle with its board; small boards take their cells
// from a shared slab, so a puzzle costs about one allocation.
func (r *Reader) newPuzzle(s Shape) (*Puzzle, []uint8) {
	type box struct {
		p Puzzle
		b Board
	}
	x := new(box)
	size := s.Cells()
	var cells []uint8
	if size > 1024 {
		cells = make([]uint8, size)
	} else {
		if len(r.slab) < size {
			r.slab = make([]uint8, 16<<10)
		}
		cells, r.slab = r.slab[:size:size], r.slab[size:]
	}
	x.b = Board{Shape: s, Cells: cells}
	x.p = Puzzle{Board: &x.b, Alphabet: r.alpha}
	return &x.p, cells
}

// Records: a line of fields separated by commas, semicolons, tabs or
// spaces, one of which is a line puzzle, as public puzzle lists write
// them: CSV files ("puzzle,solution", "id,puzzle,solution,clues,rating",
// fields quoted or not, under a header line of column names) and rated
// lists ("puzzle 11.9", "hash puzzle 1.2"). The field that is a whole line
// puzzle is the puzzle (see recordField); the other fields are not read.
// A record is tried only on a line that no other format reads, so it
// costs the usual formats nothing.

// eachField calls fn with the byte range [a, b) of each field of t, inside
// its quotes if it is quoted, until fn returns false; it returns the
// number of fields.
func eachField(t []byte, fn func(a, b int) bool) int {
	sep := isFieldSep
	if isMarkup(t) {
		sep = isMarkupSep
	}
	fields := 0
	for i := 0; i < len(t); {
		j := i
		for j < len(t) && !sep(t[j]) {
			j++
		}
		if j > i {
			fields++
			a, b := i, j
			if b-a >= 2 && t[a] == '"' && t[b-1] == '"' {
				a, b = a+1, b-1
			}
			if !fn(a, b) {
				return fields
			}
		}
		i = j + 1
	}
	return fields
}

func isFieldSep(c byte) bool { return c == ',' || c == ';' || c == '\t' || c == ' ' }

// isMarkup reports whether t is a line of XML or HTML, such as OpenSudoku's
// <game data="0700…"/>: its fields are its names, attribute values and
// texts (isMarkupSep).
func isMarkup(t []byte) bool { return len(t) > 1 && t[0] == '<' && t[len(t)-1] == '>' }

func isMarkupSep(c byte) bool {
	return isFieldSep(c) || c == '<' || c == '>' || c == '=' || c == '"' || c == '\'' || c == '/'
}

// readMarkup reads a line of markup (isMarkup) at the front of the queue:
// the puzzle one of its fields is, or nothing (a tag such as <name>Easy</name>:
// the line is skipped, and ok is false). A field that looks like a puzzle
// (sixteen symbols or more) but fits no size is an error, not skipped.
func (r *Reader) readMarkup(title string) (p *Puzzle, ok bool, err error) {
	l := r.peek(0)
	// Two puzzles with blanks on one line (several <game> elements) would
	// lose all but one: the line is refused instead. A full grid beside a
	// puzzle is its solution.
	puzzles, second := 0, 0
	eachField(l.text, func(a, b int) bool {
		if side, line := r.lineSide(b - a); line && r.allSymbols(l.text[a:b], side) && r.hasBlank(l.text[a:b]) {
			if puzzles++; puzzles == 2 {
				second = a
			}
		}
		return true
	})
	if puzzles > 1 {
		err := r.errf(l.num, l.num, column(l.text, second), ErrExtra, "the line holds %d puzzles: satdoku reads one puzzle a line of markup (put each element on a line of its own)", puzzles)
		r.consume()
		return nil, false, err
	}
	if p, ok := r.readRecord(title); ok {
		return p, true, nil
	}
	var bad *ParseError
	eachField(l.text, func(a, b int) bool {
		if b-a >= 16 && r.allSymbols(l.text[a:b], 64) {
			bad = r.errf(l.num, l.num, column(l.text, b), ErrRowLength, "%d symbols make no puzzle on one line: a puzzle on one line has 16, 81, 256 or 625 symbols (N² for an N×N board)", b-a)
			return false
		}
		return true
	})
	r.consume()
	if bad != nil {
		return nil, false, bad
	}
	return nil, false, nil
}

// recordField returns the byte range [start, end) of the field of t that
// is a line puzzle (n² symbols and blanks, no box separators) of the
// largest side n, the first of them (the puzzle comes before its
// solution), or ok false when t has no second field or no such field.
// (The largest: a short field such as an id of sixteen digits may read as
// a 4×4 puzzle beside a 9×9 one.)
func (r *Reader) recordField(t []byte) (start, end, n int, ok bool) {
	fields := eachField(t, func(a, b int) bool {
		if side, line := r.lineSide(b - a); line && side > n && r.allSymbols(t[a:b], side) {
			start, end, n, ok = a, b, side, true
		}
		return true
	})
	return start, end, n, ok && fields >= 2
}

// recordFault returns the error of a record whose puzzle field is broken:
// a field that is a line puzzle of side n gone wrong (see nearPuzzle), or
// one as long as the field recordField would take but not all symbols,
// before that field, or anywhere when it takes none. Without it, the solution field of "puzzle,solution" would be
// solved in place of a puzzle one symbol short, in silence. It returns
// nil when t is no record (one field) or has no such field.
func (r *Reader) recordFault(l *rec) *ParseError {
	t := l.text
	if eachField(t, func(int, int) bool { return true }) < 2 {
		return nil
	}
	start, _, side, ok := r.recordField(t)
	var fault *ParseError
	field := 0
	eachField(t, func(a, b int) bool {
		field++
		if ok && a >= start {
			return false
		}
		n, near := r.nearPuzzle(t[a:b])
		if ok && b-a == side*side {
			// As long as the puzzle that follows: this one, in symbols
			// of its own ('_' or '*' for blanks, say).
			n, near = side, true
		}
		if !near {
			return true
		}
		want, k := n*n, b-a
		shape, _ := r.shapeFor(n)
		for i := a; i < b; i++ {
			if v := r.tab[t[i]]; v >= symSkip || int(v) > n {
				fault = r.errf(l.num, l.num, column(t, i), ErrSymbol, "%s is not a Sudoku symbol, in field %d, this record's puzzle (the %s alphabet has %s)", quoteAt(t, i), field, r.alpha.Name, r.alpha.describe(n))
				return false
			}
		}
		switch {
		case k < want:
			fault = r.errf(l.num, l.num, column(t, b), ErrRowLength, "field %d, this record's puzzle, has %d symbols, %d fewer than the %d of a %s puzzle on one line", field, k, want-k, want, dims(shape))
		default:
			fault = r.errf(l.num, l.num, column(t, a+want), ErrRowLength, "field %d, this record's puzzle, has %d symbols, %d more than the %d of a %s puzzle on one line", field, k, k-want, want, dims(shape))
		}
		return false
	})
	return fault
}

// nearPuzzle reports whether field s is a line puzzle gone wrong, and of
// which side: within three bytes of n² long (but not a line puzzle as it
// is), at most three of its bytes no symbol or blank of side n, and at
// least one a blank (an id or a number of n² digits is no puzzle).
func (r *Reader) nearPuzzle(s []byte) (int, bool) {
	k := len(s)
	if k < 13 {
		return 0, false
	}
	for _, n := range r.acceptedSides() {
		if abs(k-n*n) > 3 {
			continue
		}
		foreign, blank := 0, false
		for _, c := range s {
			switch v := r.tab[c]; {
			case v >= symSkip || int(v) > n:
				foreign++
			case v == 0:
				blank = true
			}
		}
		if foreign <= 3 && blank && (k != n*n || foreign > 0) {
			return n, true
		}
	}
	return 0, false
}

// hasBlank reports whether t holds a blank.
func (r *Reader) hasBlank(t []byte) bool {
	for _, c := range t {
		if r.tab[c] == 0 {
			return true
		}
	}
	return false
}

// allSymbols reports whether every byte of t is a symbol of a board of
// side n or a blank.
func (r *Reader) allSymbols(t []byte, n int) bool {
	for _, c := range t {
		if v := r.tab[c]; v >= symSkip || int(v) > n {
			return false
		}
	}
	return true
}

// longToken reports whether a token of l is too long to be a cell.
func (r *Reader) longToken(l *rec) bool {
	for _, tok := range r.tokens(l) {
		if tok[1]-tok[0] > 3 {
			return true
		}
	}
	return false
}

// boxesDrawn returns the box shape that the borders of a grid of side m
// at the front of the queue draw, when no shape was chosen: its first row
// split by '|' or '│' into groups of c < m cells each make boxes of
// m/c rows by c columns, if a separator line, where one runs across the
// grid, comes after m/c rows.
func (r *Reader) boxesDrawn(m int) (Shape, bool) {
	if r.Shape != (Shape{}) || m < MinSide || m > MaxSide {
		return Shape{}, false
	}
	t := r.peek(0).text
	var groups []int
	cells, inCell := 0, false
	for i := 0; i < len(t); i++ {
		w := boxRune(t[i:])
		switch {
		case t[i] == '|' || w > 0:
			if cells > 0 {
				groups = append(groups, cells)
			}
			cells, inCell = 0, false
			i += max(w-1, 0)
		case t[i] == ' ' || t[i] == '\t':
			inCell = false
		case !inCell:
			cells, inCell = cells+1, true
		}
	}
	if cells > 0 {
		groups = append(groups, cells)
	}
	c := 0
	if len(groups) > 1 {
		c = groups[0]
	}
	for _, g := range groups {
		if g != c {
			return Shape{}, false
		}
	}
	if c == 0 || c*len(groups) != m {
		return Shape{}, false
	}
	// The rows down to the first separator line, if the grid has one
	// inside, must be a box's.
	shape := Shape{BoxRows: m / c, BoxCols: c}
	rows := 0
	for i := 0; rows < m; i++ {
		l := r.peek(i)
		if l == nil || len(l.text) == 0 || l.tooLong || isText(l.text) {
			break
		}
		if isSeparator(l.text) {
			if rows != shape.BoxRows {
				return Shape{}, false
			}
			break
		}
		if !isComment(l.text) {
			rows++
		}
	}
	return shape, shape.Valid()
}

// readRecord reads the record at the front of the queue, if it is one and
// its puzzle field is sound (see recordFault).
func (r *Reader) readRecord(title string) (*Puzzle, bool) {
	l := r.peek(0)
	start, end, n, ok := r.recordField(l.text)
	if !ok || r.recordFault(l) != nil {
		return nil, false
	}
	shape, _ := r.shapeFor(n)
	p, cells := r.newPuzzle(shape)
	for i, c := range l.text[start:end] {
		cells[i] = r.tab[c]
	}
	p.Line, p.Format, p.Title = l.num, Line, title
	r.consume()
	return p, true
}

// isHeader reports whether t is a header line of column names over
// records, such as "quizzes,solutions": two fields or more, each a word
// of letters, digits and '_' that starts with a letter (quoted or not),
// and the next line a record.
func (r *Reader) isHeader(t []byte) bool {
	words := true
	fields := eachField(t, func(a, b int) bool {
		words = a < b
		for k := a; k < b && words; k++ {
			c := t[k]
			words = isLetter(c) || k > a && (c == '_' || '0' <= c && c <= '9')
		}
		return words
	})
	if !words || fields < 2 {
		return false
	}
	next := r.peek(1)
	if next == nil || next.tooLong {
		return false
	}
	_, _, _, ok := r.recordField(next.text)
	return ok || r.recordFault(next) != nil // a broken first record still has a header
}

// nextGridRowHas reports whether the next line that is not a comment or a
// separator is a grid row of m numbers.
func (r *Reader) nextGridRowHas(m int) bool {
	for i := 1; i < 8; i++ {
		x := r.peek(i)
		if x == nil || x.tooLong || len(x.text) == 0 || isText(x.text) {
			return false
		}
		if isComment(x.text) || isSeparator(x.text) {
			continue
		}
		return x.spaced() && len(r.tokens(x)) == m
	}
	return false
}

// readSpacedLine reads the line at the front of the queue, which holds the
// n² cells of a board as numbers separated by spaces (as an array of rows
// on one line is, once unbracket has run), row after row: a line puzzle.
func (r *Reader) readSpacedLine(n int, title string) (*Puzzle, error) {
	l := r.peek(0)
	defer r.consume()
	toks := r.tokens(l)
	shape, _ := r.shapeFor(n)
	p, cells := r.newPuzzle(shape)
	for row := 0; row < n; row++ {
		if err := r.gridRow(l.num, l, toks[row*n:(row+1)*n], n, cells[row*n:(row+1)*n]); err != nil {
			return nil, err
		}
	}
	p.Line, p.Format, p.Title = l.num, Line, title
	return p, nil
}
