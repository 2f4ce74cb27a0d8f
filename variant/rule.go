package variant

import (
	"errors"
	"fmt"
	"strings"

	"github.com/satdoku/satdoku/board"
)

// Rule is one constraint of a variant puzzle beyond the classic rows,
// columns and regions. A rule is data: its cells (0-based indexes r·N + c,
// as in package board) and its parameters, held in exported fields that the
// encoder and the backtracker read directly (with a type switch). The
// methods serve everyone else: naming, explanations, drawing and the
// independent checker.
//
// Every rule type has value receivers, so the rules of a Puzzle are plain
// values (variant.Killer, not *variant.Killer) and a type switch matches the
// value type. The set is closed, as go/ast closes its node kinds: an
// unexported method seals the interface, and Kinds lists every rule type.
type Rule interface {
	// Name returns the rule's f-puzzles key: "killercage",
	// "thermometer", "diagonal+", ...
	Name() string
	// Describe returns the rule as a person reads it on a board of side n,
	// with 1-based cell names: "killer cage r1c1 r1c2 r2c1 sums to 10".
	Describe(n int) string
	// Scope returns the cells the rule constrains on p (its scope, in
	// constraint-programming terms), in the rule's own order (a line from
	// its start, a cage as given), for drawing and highlighting. A global
	// rule returns every cell it touches (the N cells of a diagonal, all N²
	// for anti-knight); an indexer returns its cells and the rows, columns
	// or regions they index. Every cell a Violation names is in the scope.
	// The result may share memory with the rule: do not modify it.
	Scope(p *Puzzle) []int
	// Validate reports whether the rule is well formed on p: cells on the
	// board, parameters in range, cells distinct where the rule needs it.
	Validate(p *Puzzle) error
	// Check reports how a full grid breaks the rule, or nil if it does
	// not. grid must be a full grid of p's side with digits 1..N and the
	// rule must be valid on p (Validate); Check never panics on such input
	// and shares no code with any solver.
	Check(p *Puzzle, grid *board.Board) *Violation

	// isRule seals the interface: the rules are the types of this
	// package, listed once by Kinds.
	isRule()
}

// Violation says how a grid breaks one rule: the cells at fault and the
// reason in words ("the cells sum to 12").
type Violation struct {
	Cells  []int
	Reason string
}

// violation builds a Violation with a formatted reason.
func violation(cells []int, format string, args ...any) *Violation {
	return &Violation{Cells: cells, Reason: fmt.Sprintf(format, args...)}
}

// Errors reported by Check and Validate; test with errors.Is. Check also
// returns the errors of package board for a grid that is not a valid
// classic completion (board.ErrShape, board.ErrDigit, board.ErrBlank,
// board.ErrGiven and *board.ClashError, whose Unit may be "region 4").
var (
	// ErrRule reports a grid that breaks a variant rule; the error is a
	// *RuleError.
	ErrRule = errors.New("rule broken")
	// ErrInvalid reports a puzzle that is not well formed: a rule with a
	// cell off the board, regions of the wrong size, and so on.
	ErrInvalid = errors.New("invalid puzzle")
)

// RuleError reports the first rule a grid breaks. It matches ErrRule with
// errors.Is.
type RuleError struct {
	Index     int    // index of the rule in Puzzle.Rules
	Rule      Rule   // the rule
	Desc      string // the rule as a person reads it (Rule.Describe)
	Violation        // the cells at fault and why
	N         int    // side of the board, for naming cells
}

// Error returns the rule as a person reads it, the reason and the cells.
func (e *RuleError) Error() string {
	return fmt.Sprintf("%s: %s (%s)", e.Desc, e.Reason, cellList(e.N, e.Cells))
}

// Is makes errors.Is(err, ErrRule) true.
func (e *RuleError) Is(target error) bool { return target == ErrRule }

// cellName names cell i of a board of side n, 1-based: "r3c7".
func cellName(n, i int) string { return board.CellName(n, i) }

// cellList names cells separated by spaces: "r1c1 r1c2 r2c1".
func cellList(n int, cells []int) string {
	var sb strings.Builder
	for k, c := range cells {
		if k > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(cellName(n, c))
	}
	return sb.String()
}

// cellsAndDigits names cells with their digits: "r1c1=5 r1c2=3".
func cellsAndDigits(g *board.Board, cells []int) string {
	n := g.Side()
	var sb strings.Builder
	for k, c := range cells {
		if k > 0 {
			sb.WriteByte(' ')
		}
		fmt.Fprintf(&sb, "%s=%d", cellName(n, c), g.Cells[c])
	}
	return sb.String()
}

// digit returns the digit of cell c of a grid.
func digit(g *board.Board, c int) int { return int(g.Cells[c]) }

// checkCells reports the first cell of cells that is off a board of side
// n, or a cell listed twice when distinct is set, and an empty list when
// min > 0.
func checkCells(n int, cells []int, min int, distinct bool) error {
	if len(cells) < min {
		return fmt.Errorf("%w: %d cells, at least %d needed", ErrInvalid, len(cells), min)
	}
	seen := map[int]bool{}
	for _, c := range cells {
		if c < 0 || c >= n*n {
			return fmt.Errorf("%w: cell index %d is off the %dx%d board", ErrInvalid, c, n, n)
		}
		if distinct && seen[c] {
			return fmt.Errorf("%w: %s is listed twice", ErrInvalid, cellName(n, c))
		}
		seen[c] = true
	}
	return nil
}

// orthogonal reports whether cells a and b of a board of side n share a side.
func orthogonal(n, a, b int) bool {
	ra, ca, rb, cb := a/n, a%n, b/n, b%n
	return (ra == rb && abs(ca-cb) == 1) || (ca == cb && abs(ra-rb) == 1)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// allCells returns 0..n²-1.
func allCells(n int) []int {
	out := make([]int, n*n)
	for i := range out {
		out[i] = i
	}
	return out
}

// Outside is the position of a clue written outside the grid, and the
// direction in which the cells it speaks of run. Row and Col are 0-based
// and at least one of them is off the board (−1 or N): Row −1 is the line
// above the grid, Col N the column to its right, (−1, −1) the corner above
// and left. DRow and DCol (each −1, 0 or +1) give the step from the clue
// into the grid: (1, 0) down a column from a clue above it, (1, 1) down and
// right for a little killer.
//
// f-puzzles writes these positions 1-based, so that "R0C3" is above column
// 3 and "R10C3" below it on a 9×9 board.
type Outside struct {
	Row, Col   int
	DRow, DCol int
}

// EdgeClue returns the position of a clue beside row or column line of a
// board of side n, pointing into the grid: above (Row −1, pointing down),
// below (Row n, up), left (Col −1, right) or right (Col n, left) of it. It
// returns false if (row, col) is not beside an edge (a corner or a cell).
func EdgeClue(n, row, col int) (Outside, bool) {
	inRow, inCol := row >= 0 && row < n, col >= 0 && col < n
	switch {
	case row == -1 && inCol:
		return Outside{row, col, 1, 0}, true
	case row == n && inCol:
		return Outside{row, col, -1, 0}, true
	case col == -1 && inRow:
		return Outside{row, col, 0, 1}, true
	case col == n && inRow:
		return Outside{row, col, 0, -1}, true
	}
	return Outside{}, false
}

// Cells returns the cells from the clue inward, in order: the whole row or
// column for an edge clue, the diagonal for a little killer.
func (o Outside) Cells(n int) []int {
	var out []int
	r, c := o.Row+o.DRow, o.Col+o.DCol
	for r >= 0 && r < n && c >= 0 && c < n && (o.DRow != 0 || o.DCol != 0) {
		out = append(out, r*n+c)
		r, c = r+o.DRow, c+o.DCol
	}
	return out
}

// validate reports whether the clue is off the board, next to it, steps
// into it, and (when edge is set) points straight along a row or column.
func (o Outside) validate(n int, edge bool) error {
	in := func(x int) bool { return x >= 0 && x < n }
	if o.Row < -1 || o.Row > n || o.Col < -1 || o.Col > n || (in(o.Row) && in(o.Col)) {
		return fmt.Errorf("%w: clue position %s is not just outside the %dx%d grid", ErrInvalid, o.FName(), n, n)
	}
	if abs(o.DRow) > 1 || abs(o.DCol) > 1 {
		return fmt.Errorf("%w: clue direction (%d, %d)", ErrInvalid, o.DRow, o.DCol)
	}
	if edge {
		if want, ok := EdgeClue(n, o.Row, o.Col); !ok || want != o {
			return fmt.Errorf("%w: clue %s must sit beside a row or column and point along it", ErrInvalid, o.FName())
		}
	} else if o.DRow == 0 || o.DCol == 0 {
		return fmt.Errorf("%w: clue %s must point along a diagonal", ErrInvalid, o.FName())
	}
	if len(o.Cells(n)) == 0 {
		return fmt.Errorf("%w: clue %s points away from the grid", ErrInvalid, o.FName())
	}
	return nil
}

// FName returns the position as f-puzzles writes it, 1-based: "R0C3".
func (o Outside) FName() string { return fmt.Sprintf("R%dC%d", o.Row+1, o.Col+1) }

// Describe says where the clue is, for a board of side n, by the side of
// the grid it sits on: "above column 3", "left of row 5", or for a
// diagonal "above column 3, pointing down-right" ("at the top-left
// corner, pointing down-right" for a corner).
func (o Outside) Describe(n int) string {
	var at string
	switch {
	case o.Row < 0 && o.Col < 0:
		at = "at the top-left corner"
	case o.Row < 0 && o.Col >= n:
		at = "at the top-right corner"
	case o.Row >= n && o.Col < 0:
		at = "at the bottom-left corner"
	case o.Row >= n && o.Col >= n:
		at = "at the bottom-right corner"
	case o.Row < 0:
		at = fmt.Sprintf("above column %d", o.Col+1)
	case o.Row >= n:
		at = fmt.Sprintf("below column %d", o.Col+1)
	case o.Col < 0:
		at = fmt.Sprintf("left of row %d", o.Row+1)
	case o.Col >= n:
		at = fmt.Sprintf("right of row %d", o.Row+1)
	default:
		at = "at " + cellName(n, o.Row*n+o.Col)
	}
	if o.DRow == 0 || o.DCol == 0 {
		return at
	}
	vert, horiz := "down", "right"
	if o.DRow < 0 {
		vert = "up"
	}
	if o.DCol < 0 {
		horiz = "left"
	}
	return fmt.Sprintf("%s, pointing %s-%s", at, vert, horiz)
}
