// Detection: which format, and which size, the puzzle at the front of the
// reader's queue is in, and where a grid's rows end.

package board

import "bytes"

// read detects the format of the next puzzle and reads it: it skips blank
// lines, comments and separators, takes a title line, reports a line of text
// or a line too long, and hands a line with spaces to readGrid and one
// without to readLine or readRows by its number of symbols.
func (r *Reader) read() (*Puzzle, error) {
	var l *rec
	for {
		l = r.peek(0)
		if l == nil {
			return nil, r.endErr()
		}
		if l.section != noSection {
			r.skipping = l.section == otherSection
			r.consume()
			continue
		}
		if r.skipping {
			r.consume()
			continue
		}
		if len(l.text) == 0 && !l.tooLong || isComment(l.text) || isSeparator(l.text) && !r.dashRowAtStart(l.text) {
			r.consume()
			continue
		}
		break
	}
	if isMarkup(l.text) && !l.tooLong {
		p, ok, err := r.readMarkup("")
		if ok || err != nil {
			return p, err
		}
		return r.read() // a tag with no puzzle
	}
	title := ""
	if text := isText(l.text); text && isTitle(l.text) {
		title = string(l.text)
		tl := l.num
		r.consume()
		for {
			l = r.peek(0)
			if l == nil || len(l.text) == 0 && !l.tooLong || isText(l.text) {
				return nil, r.errf(tl, tl, 0, ErrRowCount, "title %q is not followed by a puzzle", title)
			}
			if isComment(l.text) || isSeparator(l.text) && !r.dashRowAtStart(l.text) {
				r.consume()
				continue
			}
			break
		}
	} else if text {
		if r.isHeader(l.text) {
			r.consume()
			return r.read()
		}
		err := r.textErr(l)
		r.consume()
		return nil, err
	}
	if l.tooLong {
		num := l.num
		r.consume()
		return nil, r.errf(num, num, r.maxLen+1, ErrLineTooLong, "line is longer than %d bytes", r.maxLen)
	}
	if l.spaced() {
		return r.readGrid(title)
	}
	r.scan(l)
	k := l.k
	nl, isLine := r.lineSide(k)
	isCompact := r.compactSide(k)
	if isLine && isCompact && r.looksCompact(k, nl) {
		isLine = false
	}
	switch {
	case isLine:
		return r.readLine(nl, title)
	case isCompact:
		if n := isqrt(k); n*n == k && r.Shape == (Shape{}) && rectHint(n) != "" && !r.nextRowHas(k) {
			if _, sq := ShapeForSide(n); !sq {
				// Most likely a line puzzle with rectangular boxes.
				num := r.peek(0).num
				r.consume()
				return nil, r.errf(num, num, 0, ErrSize, "%d symbols make a %d×%d puzzle, whose box shape must be given%s", k, n, n, rectHint(n))
			}
		}
		return r.readRows(Compact, k, title)
	}
	// No size fits. A compact grid whose first row is wrong? (readRows
	// reports the line on its own if the rows below do not say so.)
	if m := r.nextRowLen(); m > 0 && r.compactSide(m) && m != k && abs(m-k) <= 2 {
		return r.readRows(Compact, m, title)
	}
	if p, ok := r.readRecord(title); ok {
		return p, nil
	}
	if r.isHeader(l.text) {
		r.consume()
		return r.read()
	}
	if err := r.recordFault(l); err != nil {
		r.consume()
		return nil, err
	}
	err := r.noFit(r.peek(0))
	r.consume()
	return nil, err
}

// dashRowAtStart reports whether a line of only '-' is a row of blanks rather
// than a separator, at the start of a puzzle.
func (r *Reader) dashRowAtStart(t []byte) bool {
	if !r.dash {
		return false
	}
	k := dashCount(t)
	if k <= 0 {
		return false
	}
	_, line := r.lineSide(k)
	return line || r.compactSide(k)
}

// looksCompact decides the ambiguous k-symbol line at the front of the queue
// (a line puzzle of side nl, or the first row of a k×k compact grid).
func (r *Reader) looksCompact(k, nl int) bool {
	rows, big, second := 0, 0, false
	for i := 0; rows < k && i < 2*k+2; i++ {
		x := r.peek(i)
		if x == nil || x.tooLong || len(x.text) == 0 || isText(x.text) || x.spaced() {
			break
		}
		if isComment(x.text) || isSeparator(x.text) && (!r.dash || dashCount(x.text) != k) {
			continue
		}
		if r.scan(x).k != k {
			break
		}
		rows++
		if int(x.max) > nl {
			big++
			second = second || rows == 2
		}
	}
	first := int(r.peek(0).max) > nl
	return rows == k && 2*big > k || first && second
}

// nextRow returns the pending line after the first that would be a row of a
// compact grid (comments and separators skipped), or nil.
func (r *Reader) nextRow() *rec {
	for i := 1; i < 8; i++ {
		x := r.peek(i)
		if x == nil || x.tooLong || len(x.text) == 0 || isText(x.text) || x.spaced() {
			return nil
		}
		if isComment(x.text) || isSeparator(x.text) && dashCount(x.text) < 0 {
			continue
		}
		return r.scan(x)
	}
	return nil
}

func (r *Reader) nextRowHas(k int) bool {
	x := r.nextRow()
	return x != nil && x.k == k
}

func (r *Reader) nextRowLen() int {
	if x := r.nextRow(); x != nil {
		return x.k
	}
	return 0
}

// isSeparatorIn reports whether t is a box separator inside a puzzle of
// format f and side n (not a row of blanks).
func (r *Reader) isSeparatorIn(f Format, n int, t []byte) bool {
	if !isSeparator(t) {
		return false
	}
	return f == Grid || !r.dash || dashCount(t) != n
}

// rowLike reports whether the pending line i, row number row (0-based) of a
// grid (f Grid) or compact grid (f Compact) of side n, is one of its rows,
// right or wrong: a line with about n cells (n ± 2) and of the grid's kind.
// Any other line (blank, a title, too long, a line puzzle, a row of another
// size or format) ends the grid and is not consumed by it. A grid row
// written without spaces counts only as the grid's last row or when a row
// with spaces follows it (else it starts a compact grid). rowLike may move
// the buffer: peek again after it.
func (r *Reader) rowLike(f Format, n, i, row int) bool {
	l := r.peek(i)
	if l == nil || len(l.text) == 0 || l.tooLong || isText(l.text) {
		return false
	}
	near := func(k int) bool { return abs(k-n) <= 2 }
	space := l.spaced()
	if f == Grid {
		if space {
			return near(len(r.tokens(l)))
		}
		if !near(r.scan(l).k) {
			return false
		}
		ok := row == n-1
		for j := i + 1; !ok && j < i+8; j++ {
			x := r.peek(j)
			if x == nil || len(x.text) == 0 || x.tooLong || isText(x.text) {
				break
			}
			if isComment(x.text) || isSeparator(x.text) {
				continue
			}
			ok = x.spaced() && near(len(r.tokens(x)))
			break
		}
		return ok
	}
	k := r.scan(l).k
	if !space {
		return near(k)
	}
	// A compact row with stray spaces, unlike a grid row (one symbol a token).
	spaces := bytes.Count(l.text, []byte{' '}) + bytes.Count(l.text, []byte{'\t'})
	return near(k-spaces) && 2*len(r.tokens(l)) <= k-spaces
}

// rowRun counts the rows (as rowLike decides) that follow the first line
// pending, up to limit, skipping comments and box separators; it also
// returns the line of the first of them. It looks at no more than 2·limit+8
// lines.
func (r *Reader) rowRun(f Format, n, limit int) (rows, first int) {
	for i := 1; rows < limit && i <= 2*limit+8; i++ {
		x := r.peek(i)
		if x == nil {
			break
		}
		if len(x.text) > 0 && (isComment(x.text) || r.isSeparatorIn(f, n, x.text)) {
			continue
		}
		if !r.rowLike(f, n, i, rows+1) {
			break
		}
		if rows == 0 {
			first = r.peek(i).num
		}
		rows++
	}
	return rows, first
}

// extraRows counts the rows (as rowLike decides) that follow a whole grid
// or compact grid of side n directly, at the front of the queue, and returns
// their number and the line of the first, or 0 when there are none or when
// they hold a whole grid of their own (n rows or more, the next puzzle).
// Where a compact row could also be a line puzzle (16 symbols: a 16×16 row
// or a 4×4 line), only rows that cannot be one count.
func (r *Reader) extraRows(f Format, n int) (rows, first int) {
	nl, lineToo := r.lineSide(n)
	lineToo = lineToo && f == Compact
	for i := 0; rows < n && i <= 2*n+8; i++ {
		x := r.peek(i)
		if x == nil {
			break
		}
		if len(x.text) > 0 && (isComment(x.text) || r.isSeparatorIn(f, n, x.text)) {
			continue
		}
		if !r.rowLike(f, n, i, n) {
			break
		}
		if x = r.peek(i); lineToo && r.scan(x).bad < 0 && int(x.max) <= nl {
			break
		}
		if rows == 0 {
			first = x.num
		}
		rows++
	}
	if rows >= n {
		return 0, 0
	}
	return rows, first
}

func isComment(t []byte) bool { return len(t) > 0 && t[0] == '#' }

func hasSpace(t []byte) bool { return bytes.IndexByte(t, ' ') >= 0 || bytes.IndexByte(t, '\t') >= 0 }

// spaced reports whether the line has spaces or tabs between its cells
// (hasSpace), found once and kept, or is a grid row with commas
// (isCommaRow).
func (l *rec) spaced() bool {
	if l.comma {
		return true
	}
	if l.space == 0 {
		l.space = 1 + uint8(boolInt(hasSpace(l.text)))
	}
	return l.space == 2
}

// isText reports whether t starts with a word of two or more ASCII letters
// followed by a space or tab, as "Grid 01" and "Hard puzzle" do: a line of
// words, which no puzzle row is.
func isText(t []byte) bool {
	i := 0
	for i < len(t) && isLetter(t[i]) {
		i++
	}
	return i >= 2 && i < len(t) && (t[i] == ' ' || t[i] == '\t')
}

// isTitle reports whether t is a title line, the one kind there is: "Grid"
// (in any case), spaces or tabs, and a number, as Project Euler 96 heads its
// puzzles ("Grid 01"). Any other line of text is an error (see isText).
func isTitle(t []byte) bool {
	const word = "grid"
	if len(t) < len(word)+2 || !bytes.EqualFold(t[:len(word)], []byte(word)) {
		return false
	}
	i := len(word)
	for i < len(t) && (t[i] == ' ' || t[i] == '\t') {
		i++
	}
	if i == len(word) || i == len(t) {
		return false
	}
	for ; i < len(t); i++ {
		if t[i] < '0' || t[i] > '9' {
			return false
		}
	}
	return true
}

// isSeparator reports whether t holds only box-drawing characters: '-', '+',
// '|', '*', '=', Unicode box drawing, and spaces.
func isSeparator(t []byte) bool {
	if len(t) == 0 {
		return false
	}
	for i := 0; i < len(t); i++ {
		switch t[i] {
		case '-', '+', '|', '*', '=', ' ', '\t':
		default:
			if boxRune(t[i:]) == 0 {
				return false
			}
			i += 2
		}
	}
	return true
}

// boxRune returns 3 if t starts with a Unicode box-drawing character
// (U+2500 to U+257F, such as '─', '│' and '┼', which WritePretty draws), else 0.
func boxRune(t []byte) int {
	if len(t) >= 3 && t[0] == 0xE2 && (t[1] == 0x94 || t[1] == 0x95) && t[2]&0xC0 == 0x80 {
		return 3
	}
	return 0
}

// dashCount returns the number of '-' in t if t holds only '-' and '|', else -1.
func dashCount(t []byte) int {
	n := 0
	for _, c := range t {
		switch c {
		case '-':
			n++
		case '|':
		default:
			return -1
		}
	}
	return n
}

// scan counts the line's symbols and finds its largest digit and first bad character.
func (r *Reader) scan(l *rec) *rec {
	if l.scanned {
		return l
	}
	l.scanned, l.bad = true, -1
	tab := r.tab
	k, max := len(l.text), uint8(0)
	for i, c := range l.text {
		v := tab[c]
		if v < symSkip {
			if v > max {
				max = v
			}
			continue
		}
		if v == symSkip {
			k-- // '|' is not a cell
			continue
		}
		if l.bad < 0 {
			l.bad = i
		}
		if c&0xC0 == 0x80 && i > 0 && l.text[i-1] >= 0x80 {
			k-- // UTF-8 continuation byte: not a new character
		}
	}
	l.k, l.max = k, max
	return l
}

// shapeFor returns the shape of a board of side n for this reader.
func (r *Reader) shapeFor(n int) (Shape, bool) {
	if r.Shape != (Shape{}) {
		return r.Shape, n == r.Shape.Side()
	}
	return ShapeForSide(n)
}

// lineSide returns the side n of a line puzzle of k = n² symbols.
func (r *Reader) lineSide(k int) (int, bool) {
	n := isqrt(k)
	if n*n != k {
		return 0, false
	}
	_, ok := r.shapeFor(n)
	return n, ok
}

func (r *Reader) compactSide(k int) bool { _, ok := r.shapeFor(k); return ok }

func isqrt(k int) int {
	if k <= 0 {
		return 0
	}
	n := 1
	for (n+1)*(n+1) <= k {
		n++
	}
	return n
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
