package variant

import (
	"fmt"
	"slices"
	"strings"

	"github.com/satdoku/satdoku/board"
)

// distinct returns a violation if two cells of cells hold the same digit.
func distinct(g *board.Board, cells []int, what string) *Violation {
	first := map[uint8]int{}
	for _, c := range cells {
		d := g.Cells[c]
		if prev, ok := first[d]; ok {
			return violation([]int{prev, c}, "%s and %s are both %d %s", cellName(g.Side(), prev), cellName(g.Side(), c), d, what)
		}
		first[d] = c
	}
	return nil
}

// PositiveDiagonal ("diagonal+") is the anti-diagonal, from the bottom-left
// corner to the top-right one: its N cells hold different digits.
type PositiveDiagonal struct{}

// Name returns "diagonal+".
func (PositiveDiagonal) Name() string { return "diagonal+" }

// Describe returns "positive diagonal (bottom-left to top-right)".
func (PositiveDiagonal) Describe(int) string { return "positive diagonal (bottom-left to top-right)" }

// Scope returns the diagonal from r1cN (top right) down to rNc1.
func (PositiveDiagonal) Scope(p *Puzzle) []int {
	n := p.Side()
	out := make([]int, n)
	for r := range out {
		out[r] = r*n + n - 1 - r
	}
	return out
}

// Validate accepts any board.
func (PositiveDiagonal) Validate(*Puzzle) error { return nil }

// Check reports two equal digits on the diagonal.
func (d PositiveDiagonal) Check(p *Puzzle, g *board.Board) *Violation {
	return distinct(g, d.Scope(p), "on the positive diagonal")
}

// NegativeDiagonal ("diagonal-") is the main diagonal, from the top-left
// corner to the bottom-right one: its N cells hold different digits.
type NegativeDiagonal struct{}

// Name returns "diagonal-".
func (NegativeDiagonal) Name() string { return "diagonal-" }

// Describe returns "negative diagonal (top-left to bottom-right)".
func (NegativeDiagonal) Describe(int) string { return "negative diagonal (top-left to bottom-right)" }

// Scope returns the diagonal from r1c1 to rNcN.
func (NegativeDiagonal) Scope(p *Puzzle) []int {
	n := p.Side()
	out := make([]int, n)
	for r := range out {
		out[r] = r*n + r
	}
	return out
}

// Validate accepts any board.
func (NegativeDiagonal) Validate(*Puzzle) error { return nil }

// Check reports two equal digits on the diagonal.
func (d NegativeDiagonal) Check(p *Puzzle, g *board.Board) *Violation {
	return distinct(g, d.Scope(p), "on the negative diagonal")
}

// movePairs returns every unordered pair of cells {a, b} (a < b, in
// increasing order of a then b) of a board of side n that are one of the
// given moves apart.
func movePairs(n int, moves [][2]int) [][2]int {
	var out [][2]int
	for a := 0; a < n*n; a++ {
		r, c := a/n, a%n
		for _, m := range moves {
			r2, c2 := r+m[0], c+m[1]
			if r2 < 0 || r2 >= n || c2 < 0 || c2 >= n {
				continue
			}
			if b := r2*n + c2; b > a {
				out = append(out, [2]int{a, b})
			}
		}
	}
	slices.SortFunc(out, func(x, y [2]int) int {
		if x[0] != y[0] {
			return x[0] - y[0]
		}
		return x[1] - y[1]
	})
	return out
}

var (
	knightMoves = [][2]int{{-2, -1}, {-2, 1}, {-1, -2}, {-1, 2}, {1, -2}, {1, 2}, {2, -1}, {2, 1}}
	kingMoves   = [][2]int{{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}}
)

// checkPairs reports the first pair whose cells hold the same digit.
func checkPairs(g *board.Board, pairs [][2]int, what string) *Violation {
	n := g.Side()
	for _, p := range pairs {
		if g.Cells[p[0]] == g.Cells[p[1]] {
			return violation(p[:], "%s and %s are both %d %s", cellName(n, p[0]), cellName(n, p[1]), g.Cells[p[0]], what)
		}
	}
	return nil
}

// AntiKnight ("antiknight"): two cells a chess knight's move apart hold
// different digits.
type AntiKnight struct{}

// Name returns "antiknight".
func (AntiKnight) Name() string { return "antiknight" }

// Describe returns "anti-knight".
func (AntiKnight) Describe(int) string { return "anti-knight" }

// Scope returns every cell.
func (AntiKnight) Scope(p *Puzzle) []int { return allCells(p.Side()) }

// Pairs returns every pair of cells a knight's move apart, each once as
// {a, b} with a < b, sorted.
func (AntiKnight) Pairs(n int) [][2]int { return movePairs(n, knightMoves) }

// Validate accepts any board.
func (AntiKnight) Validate(*Puzzle) error { return nil }

// Check reports the first pair a knight's move apart with equal digits.
func (k AntiKnight) Check(_ *Puzzle, g *board.Board) *Violation {
	return checkPairs(g, k.Pairs(g.Side()), "a knight's move apart")
}

// AntiKing ("antiking"): two cells a chess king's move apart (touching,
// diagonally included) hold different digits. Only the diagonal touches
// add anything to the classic rules.
type AntiKing struct{}

// Name returns "antiking".
func (AntiKing) Name() string { return "antiking" }

// Describe returns "anti-king".
func (AntiKing) Describe(int) string { return "anti-king" }

// Scope returns every cell.
func (AntiKing) Scope(p *Puzzle) []int { return allCells(p.Side()) }

// Pairs returns every pair of cells a king's move apart, each once as
// {a, b} with a < b, sorted.
func (AntiKing) Pairs(n int) [][2]int { return movePairs(n, kingMoves) }

// Validate accepts any board.
func (AntiKing) Validate(*Puzzle) error { return nil }

// Check reports the first pair a king's move apart with equal digits.
func (k AntiKing) Check(_ *Puzzle, g *board.Board) *Violation {
	return checkPairs(g, k.Pairs(g.Side()), "a king's move apart")
}

// DisjointGroups ("disjointgroups"): the cells in the same position of
// their regions hold different digits. A cell's position is its index in
// its region's cells in reading order (Puzzle.RegionCells), so with boxes
// group k is the k-th cell of every box, and the rule carries over to
// irregular regions as f-puzzles and SudokuSolver define it. Cells in no
// region belong to no group.
type DisjointGroups struct{}

// Name returns "disjointgroups".
func (DisjointGroups) Name() string { return "disjointgroups" }

// Describe returns "disjoint groups".
func (DisjointGroups) Describe(int) string { return "disjoint groups" }

// Scope returns every cell.
func (DisjointGroups) Scope(p *Puzzle) []int { return allCells(p.Side()) }

// Groups returns the N groups of p: group k holds the k-th cell of each
// region, in region order.
func (DisjointGroups) Groups(p *Puzzle) [][]int {
	n := p.Side()
	groups := make([][]int, n)
	for _, reg := range p.RegionCells() {
		for k, c := range reg {
			groups[k] = append(groups[k], c)
		}
	}
	return groups
}

// Validate accepts any board.
func (DisjointGroups) Validate(*Puzzle) error { return nil }

// Check reports two equal digits in one group.
func (d DisjointGroups) Check(p *Puzzle, g *board.Board) *Violation {
	for k, grp := range d.Groups(p) {
		if v := distinct(g, grp, fmt.Sprintf("in disjoint group %d", k+1)); v != nil {
			return v
		}
	}
	return nil
}

// ExtraRegion ("extraregion"): the cells hold different digits (all of
// 1..N when there are N of them). Windoku's four windows are extra regions.
type ExtraRegion struct {
	Cells []int
}

// Name returns "extraregion".
func (ExtraRegion) Name() string { return "extraregion" }

// Describe returns "extra region r2c2 r2c3 ...".
func (e ExtraRegion) Describe(n int) string { return "extra region " + cellList(n, e.Cells) }

// Scope returns the region's cells.
func (e ExtraRegion) Scope(*Puzzle) []int { return e.Cells }

// Validate requires 1..N distinct cells on the board.
func (e ExtraRegion) Validate(p *Puzzle) error {
	n := p.Side()
	if len(e.Cells) > n {
		return fmt.Errorf("%w: %d cells cannot hold different digits 1..%d", ErrInvalid, len(e.Cells), n)
	}
	return checkCells(n, e.Cells, 1, true)
}

// Check reports two equal digits in the region.
func (e ExtraRegion) Check(_ *Puzzle, g *board.Board) *Violation {
	return distinct(g, e.Cells, "in the extra region")
}

// NegativeKind says which property a Negative rule forbids.
type NegativeKind int

const (
	// NoDifference forbids a difference in Values between neighbours:
	// f-puzzles' "nonconsecutive" is NoDifference with Values [1].
	NoDifference NegativeKind = iota
	// NoRatio forbids a ratio in Values (one digit Values[i] times the
	// other): f-puzzles' negative "ratio", Values [2] unless the black dots
	// carry other ratios.
	NoRatio
	// NoSum forbids a sum in Values: f-puzzles' negative "xv", Values
	// [5 10].
	NoSum
)

// Negative is a negative constraint: no pair in Pairs has the forbidden
// property. The pairs are the orthogonally adjacent cells that carry no
// mark of the related kinds, computed when the puzzle is read (see
// UnmarkedPairs): for nonconsecutive and negative ratio the pairs with no
// kropki dot of either colour (a black dot exempts a pair from
// nonconsecutive and a white one from negative ratio, as in SudokuSolver),
// for negative XV the pairs with no X or V.
type Negative struct {
	Kind   NegativeKind
	Values []int
	Pairs  [][2]int
}

// Name returns "nonconsecutive" for NoDifference and "negative" otherwise
// (the f-puzzles key whose list holds "ratio" or "xv").
func (ng Negative) Name() string {
	if ng.Kind == NoDifference {
		return "nonconsecutive"
	}
	return "negative"
}

// Describe returns, for instance, "nonconsecutive: no unmarked orthogonal
// neighbours differ by 1".
func (ng Negative) Describe(int) string {
	vals := make([]string, len(ng.Values))
	for i, v := range ng.Values {
		vals[i] = fmt.Sprint(v)
	}
	list := strings.Join(vals, " or ")
	switch ng.Kind {
	case NoDifference:
		return "nonconsecutive: no unmarked orthogonal neighbours differ by " + list
	case NoRatio:
		return "negative ratio: no unmarked orthogonal neighbours in ratio " + list + ":1"
	default:
		return "negative XV: no unmarked orthogonal neighbours sum to " + list
	}
}

// Scope returns the cells of every pair, each once, in increasing order.
func (ng Negative) Scope(*Puzzle) []int {
	var out []int
	for _, p := range ng.Pairs {
		out = append(out, p[0], p[1])
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// Has reports whether digits a and b have a forbidden property.
func (ng Negative) Has(a, b int) bool {
	for _, v := range ng.Values {
		switch ng.Kind {
		case NoDifference:
			if abs(a-b) == v {
				return true
			}
		case NoRatio:
			if a == b*v || b == a*v {
				return true
			}
		default:
			if a+b == v {
				return true
			}
		}
	}
	return false
}

// Validate requires a known kind, at least one positive value and
// orthogonally adjacent pairs.
func (ng Negative) Validate(p *Puzzle) error {
	n := p.Side()
	if ng.Kind < NoDifference || ng.Kind > NoSum {
		return fmt.Errorf("%w: negative kind %d", ErrInvalid, ng.Kind)
	}
	if len(ng.Values) == 0 {
		return fmt.Errorf("%w: no forbidden value", ErrInvalid)
	}
	for _, v := range ng.Values {
		if v < 1 {
			return fmt.Errorf("%w: forbidden value %d", ErrInvalid, v)
		}
	}
	for _, pr := range ng.Pairs {
		if err := checkCells(n, pr[:], 2, true); err != nil {
			return err
		}
		if !orthogonal(n, pr[0], pr[1]) {
			return fmt.Errorf("%w: %s and %s are not orthogonal neighbours", ErrInvalid, cellName(n, pr[0]), cellName(n, pr[1]))
		}
	}
	return nil
}

// Check reports the first pair with a forbidden property.
func (ng Negative) Check(_ *Puzzle, g *board.Board) *Violation {
	n := g.Side()
	for _, p := range ng.Pairs {
		a, b := digit(g, p[0]), digit(g, p[1])
		if ng.Has(a, b) {
			return violation(p[:], "%s=%d and %s=%d are unmarked but %s", cellName(n, p[0]), a, cellName(n, p[1]), b, ng.property(a, b))
		}
	}
	return nil
}

func (ng Negative) property(a, b int) string {
	switch ng.Kind {
	case NoDifference:
		return fmt.Sprintf("differ by %d", abs(a-b))
	case NoRatio:
		return fmt.Sprintf("in ratio %d:1", max(a, b)/min(a, b))
	default:
		return fmt.Sprintf("sum to %d", a+b)
	}
}

// OrthogonalPairs returns every pair of orthogonally adjacent cells of a
// board of side n, each once as {a, b} with a < b, sorted.
func OrthogonalPairs(n int) [][2]int {
	return movePairs(n, [][2]int{{0, 1}, {1, 0}})
}

// UnmarkedPairs returns the orthogonal pairs of a board of side n that are
// not in marked (in either order), sorted: the pairs a Negative rule covers.
func UnmarkedPairs(n int, marked [][2]int) [][2]int {
	skip := map[[2]int]bool{}
	for _, m := range marked {
		a, b := min(m[0], m[1]), max(m[0], m[1])
		skip[[2]int{a, b}] = true
	}
	var out [][2]int
	for _, p := range OrthogonalPairs(n) {
		if !skip[p] {
			out = append(out, p)
		}
	}
	return out
}
