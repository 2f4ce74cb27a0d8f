package variant

import (
	"fmt"

	"github.com/satdoku/satdoku/board"
)

// Killer ("killercage"): the cage's digits are all different and, when Sum
// is not 0, add up to Sum. A cage with no sum (Sum 0) only forbids repeats.
type Killer struct {
	Cells []int
	Sum   int
}

// Name returns "killercage".
func (Killer) Name() string { return "killercage" }

// Describe returns "killer cage r1c1 r1c2 r2c1 sums to 10", or "killer
// cage r1c1 r1c2 (no repeats)" for a cage with no sum.
func (k Killer) Describe(n int) string {
	if k.Sum == 0 {
		return "killer cage " + cellList(n, k.Cells) + " (no repeats)"
	}
	return fmt.Sprintf("killer cage %s sums to %d", cellList(n, k.Cells), k.Sum)
}

// Scope returns the cage's cells.
func (k Killer) Scope(*Puzzle) []int { return k.Cells }

// Validate requires 1..N distinct cells and a sum from 0 (none) to
// 1+…+N, the most any cage holds. A sum in that range that this cage's
// different digits cannot reach (two cells summing to 45) is no error
// here: the puzzle reads, and it has no solution, which is what the
// engines report.
func (k Killer) Validate(p *Puzzle) error {
	n := p.Side()
	if len(k.Cells) > n {
		return fmt.Errorf("%w: a cage of %d cells cannot hold different digits 1..%d", ErrInvalid, len(k.Cells), n)
	}
	if err := checkCells(n, k.Cells, 1, true); err != nil {
		return err
	}
	if k.Sum < 0 || k.Sum > n*(n+1)/2 {
		return fmt.Errorf("%w: cage sum %d", ErrInvalid, k.Sum)
	}
	return nil
}

// Check reports a repeated digit or a wrong sum.
func (k Killer) Check(_ *Puzzle, g *board.Board) *Violation {
	if v := distinct(g, k.Cells, "in the cage"); v != nil {
		return v
	}
	if k.Sum == 0 {
		return nil
	}
	sum := 0
	for _, c := range k.Cells {
		sum += digit(g, c)
	}
	if sum != k.Sum {
		return violation(k.Cells, "the cells sum to %d", sum)
	}
	return nil
}

// DigitalRootCage (in f-puzzles, a "cage" whose value holds "DR<n>", as
// SudokuSolver reads it): the cage's digits are all different and their
// sum has digital root Root (1..9), that is Root, Root+9, Root+18, ...
type DigitalRootCage struct {
	Cells []int
	Root  int
}

// MaxRootSets bounds the sets of digits a DigitalRootCage could hold
// (C(N, cells)), which the engines list: C(16, 8) = 12870 is the most on
// boards up to 16×16.
const MaxRootSets = 1 << 16

// binomial returns C(n, k), or MaxRootSets+1 once it is larger.
func binomial(n, k int) int {
	c := 1
	for i := 1; i <= k; i++ {
		c = c * (n - k + i) / i
		if c > MaxRootSets {
			return MaxRootSets + 1
		}
	}
	return c
}

// Name returns "digitalroot".
func (DigitalRootCage) Name() string { return "digitalroot" }

// Describe returns "digital-root cage r1c1 r1c2 (digital root 5)".
func (k DigitalRootCage) Describe(n int) string {
	return fmt.Sprintf("digital-root cage %s (digital root %d)", cellList(n, k.Cells), k.Root)
}

// Scope returns the cage's cells.
func (k DigitalRootCage) Scope(*Puzzle) []int { return k.Cells }

// Validate requires 1..N distinct cells, a root from 1 to 9, and at most
// MaxRootSets sets of digits the cage could hold (every cage up to 16×16).
func (k DigitalRootCage) Validate(p *Puzzle) error {
	n := p.Side()
	if len(k.Cells) > n {
		return fmt.Errorf("%w: a cage of %d cells cannot hold different digits 1..%d", ErrInvalid, len(k.Cells), n)
	}
	if sets := binomial(n, len(k.Cells)); sets > MaxRootSets {
		return fmt.Errorf("%w: a digital-root cage of %d cells on a %dx%d board could hold %d sets of digits; satdoku lists them, and takes at most %d", ErrInvalid, len(k.Cells), n, n, sets, MaxRootSets)
	}
	if err := checkCells(n, k.Cells, 1, true); err != nil {
		return err
	}
	if k.Root < 1 || k.Root > 9 {
		return fmt.Errorf("%w: digital root %d is not 1..9", ErrInvalid, k.Root)
	}
	return nil
}

// Check reports a repeated digit or a sum of another digital root.
func (k DigitalRootCage) Check(_ *Puzzle, g *board.Board) *Violation {
	if v := distinct(g, k.Cells, "in the cage"); v != nil {
		return v
	}
	sum := 0
	for _, c := range k.Cells {
		sum += digit(g, c)
	}
	if (sum-1)%9+1 != k.Root {
		return violation(k.Cells, "the cells sum to %d, whose digital root is %d", sum, (sum-1)%9+1)
	}
	return nil
}

// LittleKiller ("littlekillersum"): the digits on the diagonal that the
// clue outside the grid points along sum to Sum; they may repeat. The cells
// are Clue.Cells(N), from the clue inward.
type LittleKiller struct {
	Clue Outside
	Sum  int
}

// Name returns "littlekillersum".
func (LittleKiller) Name() string { return "littlekillersum" }

// Describe returns "little killer above column 3, pointing down-right,
// sums to 15".
func (l LittleKiller) Describe(n int) string {
	return fmt.Sprintf("little killer %s, sums to %d", l.Clue.Describe(n), l.Sum)
}

// Scope returns the diagonal from the clue inward.
func (l LittleKiller) Scope(p *Puzzle) []int { return l.Clue.Cells(p.Side()) }

// Validate requires a diagonal clue just outside the grid and a positive sum.
func (l LittleKiller) Validate(p *Puzzle) error {
	if err := l.Clue.validate(p.Side(), false); err != nil {
		return err
	}
	if l.Sum < 1 {
		return fmt.Errorf("%w: little killer sum %d", ErrInvalid, l.Sum)
	}
	return nil
}

// Check reports a wrong sum.
func (l LittleKiller) Check(_ *Puzzle, g *board.Board) *Violation {
	cells := l.Clue.Cells(g.Side())
	sum := 0
	for _, c := range cells {
		sum += digit(g, c)
	}
	if sum != l.Sum {
		return violation(cells, "the diagonal sums to %d", sum)
	}
	return nil
}
