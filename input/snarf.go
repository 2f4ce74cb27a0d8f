package input

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/variant"
)

// ErrSnarfKiller reports a killer string in the snarfable cage format
// (ReadSnarfKiller) that cannot be read.
var ErrSnarfKiller = errors.New("bad snarfable killer string")

// snarfArrows maps each arrow of the snarfable format to the row and
// column step to the cell it points to.
var snarfArrows = map[byte][2]int{
	'<': {0, -1}, '>': {0, 1}, '^': {-1, 0}, 'v': {1, 0},
	'`': {-1, -1}, '\'': {-1, 1}, ',': {1, -1}, '.': {1, 1},
}

// snarfSum returns the cage sum a head character stands for: '0'–'9' are
// 0–9, 'A'–'Z' 10–35, 'a'–'j' 36–45; ok is false for any other byte.
func snarfSum(c byte) (sum int, ok bool) {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0'), true
	case c >= 'A' && c <= 'Z':
		return int(c-'A') + 10, true
	case c >= 'a' && c <= 'j':
		return int(c-'a') + 36, true
	}
	return 0, false
}

// isSnarfChar reports whether c is a cage head or an arrow.
func isSnarfChar(c byte) bool {
	_, head := snarfSum(c)
	_, arrow := snarfArrows[c]
	return head || arrow
}

// IsSnarfKiller reports whether text looks like a killer string for
// ReadSnarfKiller: 81 characters (surrounding spaces aside), each a cage
// head or an arrow, at least one of them an orthogonal arrow ('<', '>',
// '^' or 'v'). A line puzzle of digits and '.' never is one, for it has no
// such arrow; nor is a line that starts with '<' and ends with '>', which
// is markup to board's reader (and no cage string: r1c1 cannot point left).
func IsSnarfKiller(text string) bool {
	t := strings.TrimSpace(text)
	if len(t) != 81 || !strings.ContainsAny(t, "<>^v") || t[0] == '<' && t[len(t)-1] == '>' {
		return false
	}
	for i := range len(t) {
		if !isSnarfChar(t[i]) {
			return false
		}
	}
	return true
}

// ReadSnarfKiller reads a 9×9 killer sudoku in the "snarfable" cage
// format of the enjoysudoku.com forum thread "Understandable snarfable
// killer cages" (forum.enjoysudoku.com/understandable-snarfable-killer-cages-t6119.html),
// in which that forum's killer collections are shared and which
// Interactive Sudoku Solver (github.com/sigh/Interactive-Sudoku-Solver)
// reads. The string has one character a cell, 81 in row order:
//
//	S<J<<O<<KJ^<<^<^>^^<N<<<J^Q^S^O>>^^^>^W^<<^>^^O^<<^T^J^^^>>>^>^>^ML<S<<^^>^<^<<^<
//
// A cell is the head of its cage, whose character is the cage's sum ('0'–'9'
// for 0–9, 'A'–'Z' for 10–35, 'a'–'j' for 36–45), or an arrow to the
// neighbouring cell on the way to its cage's head: < left, > right, ^ up,
// v down, ` up-left, an apostrophe up-right, a comma down-left, a full
// stop down-right. A cage (Killer) is a head and every cell whose arrows lead
// to it; a head of '0' is a cage with no sum (its digits only differ), and
// a '0' that no arrow leads to is a cell in no cage. The format has no
// givens. Surrounding spaces are ignored.
//
// A string that cannot be read is a *ParseError whose Col is the 1-based
// column of the character at fault, wrapping ErrSnarfKiller: a character
// that is neither a head nor an arrow, an arrow that points off the
// board, arrows that go round in a loop (the column of the loop's first
// cell in row order), or a length other than 81 (the column of the 82nd
// character, or the one after the last). A puzzle that reads but is not
// well formed (a cage of ten cells) is the error of Puzzle.Validate.
func ReadSnarfKiller(text string) (*variant.Puzzle, error) {
	const n = 9
	t := strings.TrimSpace(text)
	lead := len(text) - len(strings.TrimLeftFunc(text, unicode.IsSpace))
	fail := func(i int, format string, args ...any) error {
		return &variant.ParseError{Col: lead + i + 1, Err: fmt.Errorf("%w: "+format, append([]any{ErrSnarfKiller}, args...)...)}
	}
	for i := range len(t) {
		if !isSnarfChar(t[i]) {
			r, _ := utf8.DecodeRuneInString(t[i:])
			return nil, fail(i, "%q is neither a cage sum (0-9, A-Z, a-j) nor an arrow (< > ^ v ` ' , .)", r)
		}
	}
	if len(t) != n*n {
		return nil, fail(min(len(t), n*n), "%d characters, not %d (one a cell)", len(t), n*n)
	}
	// next[c] is the cell c's arrow points to, or c itself for a head.
	var next [n * n]int
	for c := range n * n {
		step, ok := snarfArrows[t[c]]
		if !ok {
			next[c] = c
			continue
		}
		r, col := c/n+step[0], c%n+step[1]
		if r < 0 || r >= n || col < 0 || col >= n {
			return nil, fail(c, "the arrow %q at %s points off the board", rune(t[c]), cellName(n, c))
		}
		next[c] = r*n + col
	}
	// head[c] is the head c's arrows lead to, -1 while not known. A walk
	// marks the cells on its way with -2-start, so meeting its own mark
	// is a loop.
	var head [n * n]int
	for c := range head {
		head[c] = -1
	}
	for start := range n * n {
		c := start
		for head[c] == -1 && next[c] != c {
			head[c] = -2 - start
			c = next[c]
		}
		h := c // a head, or a cell whose head is known or marked
		switch {
		case head[c] >= 0:
			h = head[c]
		case head[c] == -2-start:
			loop := []int{c}
			for d := next[c]; d != c; d = next[d] {
				loop = append(loop, d)
			}
			slices.Sort(loop)
			return nil, fail(loop[0], "the arrows of %s go round in a loop with no cage sum", cellList(n, loop))
		}
		for c := start; head[c] < 0; c = next[c] {
			head[c] = h
		}
	}
	cells := map[int][]int{} // by head, each in row order
	var heads []int          // in the order of their cages' first cells
	for c, h := range head {
		if cells[h] == nil {
			heads = append(heads, h)
		}
		cells[h] = append(cells[h], c)
	}
	var rules []variant.Rule
	for _, h := range heads {
		sum, _ := snarfSum(t[h])
		if sum == 0 && len(cells[h]) == 1 {
			continue // a lone '0': in no cage
		}
		rules = append(rules, variant.Killer{Cells: cells[h], Sum: sum})
	}
	p := &variant.Puzzle{Givens: board.New(board.Classic), Rules: rules}
	if err := p.Validate(); err != nil {
		return nil, err
	}
	return p, nil
}

// cellName names cell i of a board of side n: "r1c1".
func cellName(n, i int) string { return board.CellName(n, i) }

// cellList names cells separated by spaces: "r1c1 r1c2 r2c1".
func cellList(n int, cells []int) string {
	names := make([]string, len(cells))
	for k, c := range cells {
		names[k] = cellName(n, c)
	}
	return strings.Join(names, " ")
}
