package variant

import (
	"fmt"

	"github.com/satdoku/satdoku/board"
)

// checkPair requires two orthogonally adjacent cells.
func checkPair(n, a, b int) error {
	if err := checkCells(n, []int{a, b}, 2, true); err != nil {
		return err
	}
	if !orthogonal(n, a, b) {
		return fmt.Errorf("%w: %s and %s are not orthogonal neighbours", ErrInvalid, cellName(n, a), cellName(n, b))
	}
	return nil
}

// Difference ("difference", a white kropki dot): the digits of two
// orthogonal neighbours A and B differ by exactly Diff (1 unless the dot
// carries another value).
type Difference struct {
	A, B int
	Diff int
}

// Name returns "difference".
func (Difference) Name() string { return "difference" }

// Describe returns "white dot r1c1-r1c2 (difference 1)".
func (d Difference) Describe(n int) string {
	return fmt.Sprintf("white dot %s (difference %d)", pairDesc(n, d.A, d.B), d.Diff)
}

// Scope returns the two cells.
func (d Difference) Scope(*Puzzle) []int { return []int{d.A, d.B} }

// Validate requires orthogonal neighbours and a difference in 1..N−1.
func (d Difference) Validate(p *Puzzle) error {
	if d.Diff < 1 || d.Diff >= p.Side() {
		return fmt.Errorf("%w: difference %d, must be 1..%d", ErrInvalid, d.Diff, p.Side()-1)
	}
	return checkPair(p.Side(), d.A, d.B)
}

// Check reports digits that do not differ by Diff.
func (d Difference) Check(_ *Puzzle, g *board.Board) *Violation {
	a, b := digit(g, d.A), digit(g, d.B)
	if abs(a-b) != d.Diff {
		return violation([]int{d.A, d.B}, "%d and %d differ by %d", a, b, abs(a-b))
	}
	return nil
}

// Ratio ("ratio", a black kropki dot): one digit of the two orthogonal
// neighbours A and B is Ratio times the other (2 unless the dot carries
// another value).
type Ratio struct {
	A, B  int
	Ratio int
}

// Name returns "ratio".
func (Ratio) Name() string { return "ratio" }

// Describe returns "black dot r1c1-r1c2 (ratio 2:1)".
func (r Ratio) Describe(n int) string {
	return fmt.Sprintf("black dot %s (ratio %d:1)", pairDesc(n, r.A, r.B), r.Ratio)
}

// Scope returns the two cells.
func (r Ratio) Scope(*Puzzle) []int { return []int{r.A, r.B} }

// Validate requires orthogonal neighbours and a ratio in 2..N.
func (r Ratio) Validate(p *Puzzle) error {
	if r.Ratio < 2 || r.Ratio > p.Side() {
		return fmt.Errorf("%w: ratio %d, must be 2..%d", ErrInvalid, r.Ratio, p.Side())
	}
	return checkPair(p.Side(), r.A, r.B)
}

// Check reports digits not in the ratio.
func (r Ratio) Check(_ *Puzzle, g *board.Board) *Violation {
	a, b := digit(g, r.A), digit(g, r.B)
	if a != b*r.Ratio && b != a*r.Ratio {
		return violation([]int{r.A, r.B}, "%d and %d are not in ratio %d:1", a, b, r.Ratio)
	}
	return nil
}

// XV ("xv"): the digits of two orthogonal neighbours sum to Sum: 10 for an
// X, 5 for a V.
type XV struct {
	A, B int
	Sum  int
}

// Name returns "xv".
func (XV) Name() string { return "xv" }

// Describe returns "X r1c1-r1c2 (sum 10)" or "V ... (sum 5)".
func (x XV) Describe(n int) string {
	letter := "XV"
	switch x.Sum {
	case 10:
		letter = "X"
	case 5:
		letter = "V"
	}
	return fmt.Sprintf("%s %s (sum %d)", letter, pairDesc(n, x.A, x.B), x.Sum)
}

// Scope returns the two cells.
func (x XV) Scope(*Puzzle) []int { return []int{x.A, x.B} }

// Validate requires orthogonal neighbours and a sum in 3..2N−1.
func (x XV) Validate(p *Puzzle) error {
	if x.Sum < 3 || x.Sum > 2*p.Side()-1 {
		return fmt.Errorf("%w: XV sum %d", ErrInvalid, x.Sum)
	}
	return checkPair(p.Side(), x.A, x.B)
}

// Check reports a wrong sum.
func (x XV) Check(_ *Puzzle, g *board.Board) *Violation {
	a, b := digit(g, x.A), digit(g, x.B)
	if a+b != x.Sum {
		return violation([]int{x.A, x.B}, "%d + %d = %d", a, b, a+b)
	}
	return nil
}
