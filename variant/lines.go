package variant

import (
	"fmt"
	"strconv"

	"github.com/satdoku/satdoku/board"
)

// lineDesc describes a line by its ends: "r1c1 → r1c4", or one cell.
func lineDesc(n int, cells []int) string {
	switch len(cells) {
	case 0:
		return "(no cells)"
	case 1:
		return cellName(n, cells[0])
	}
	return cellName(n, cells[0]) + " → " + cellName(n, cells[len(cells)-1])
}

// checkLine requires at least min cells on a board of side n, all
// distinct, except that a loop may end on the cell it starts from.
func checkLine(n int, cells []int, min int, loop bool) error {
	body := cells
	if loop && len(cells) > 2 && cells[0] == cells[len(cells)-1] {
		body = cells[:len(cells)-1]
	}
	if err := checkCells(n, cells, min, false); err != nil {
		return err
	}
	return checkCells(n, body, min-1, true)
}

// Thermometer ("thermometer", or "slowthermometer" when Slow): the digits
// increase strictly along Cells from the bulb, Cells[0]; on a slow
// thermometer they never decrease (digits may repeat where other rules
// allow).
type Thermometer struct {
	Cells []int
	Slow  bool
}

// Name returns "thermometer" or "slowthermometer".
func (t Thermometer) Name() string {
	if t.Slow {
		return "slowthermometer"
	}
	return "thermometer"
}

// Describe returns "thermometer r1c1 → r1c4" (bulb first).
func (t Thermometer) Describe(n int) string {
	kind := "thermometer "
	if t.Slow {
		kind = "slow thermometer "
	}
	return kind + lineDesc(n, t.Cells)
}

// Scope returns the cells from the bulb.
func (t Thermometer) Scope(*Puzzle) []int { return t.Cells }

// Validate requires distinct cells on the board.
func (t Thermometer) Validate(p *Puzzle) error { return checkLine(p.Side(), t.Cells, 1, false) }

// Check reports the first step that does not rise (or falls, when slow).
func (t Thermometer) Check(_ *Puzzle, g *board.Board) *Violation {
	n := g.Side()
	for i := 1; i < len(t.Cells); i++ {
		a, b := t.Cells[i-1], t.Cells[i]
		da, db := digit(g, a), digit(g, b)
		if db < da || (db == da && !t.Slow) {
			return violation([]int{a, b}, "%s=%d follows %s=%d", cellName(n, b), db, cellName(n, a), da)
		}
	}
	return nil
}

// Arrow ("arrow"): the digits on the shaft Line sum to the number in the
// circle. A circle of one cell holds the sum itself; a circle of several
// cells (a pill) is read as a number in the order of Circle, which the
// f-puzzles reader puts in reading order (left to right, top to bottom):
// a pill 1 3 is 13. A digit above 9 (on boards larger than 9×9) adds its
// two decimal digits to the number, as in SudokuSolver: a pill 1 12 is 112.
// Each line of an f-puzzles arrow is its own Arrow.
type Arrow struct {
	Circle []int
	Line   []int
}

// Name returns "arrow".
func (Arrow) Name() string { return "arrow" }

// Describe returns "arrow r1c1 ← r1c2 r1c3" (circle, then the shaft from
// the circle outward).
func (a Arrow) Describe(n int) string {
	return fmt.Sprintf("arrow %s ← %s", cellList(n, a.Circle), cellList(n, a.Line))
}

// Scope returns the circle cells, then the shaft.
func (a Arrow) Scope(*Puzzle) []int { return append(append([]int(nil), a.Circle...), a.Line...) }

// CircleValue returns the number the circle's digits spell.
func CircleValue(digits []int) int {
	v := 0
	for _, d := range digits {
		v = v*pow10(d) + d
	}
	return v
}

// pow10 returns 10 to the number of decimal digits of d ≥ 1.
func pow10(d int) int {
	p := 10
	for d >= 10 {
		d /= 10
		p *= 10
	}
	return p
}

// Validate requires a circle of 1..4 cells and a shaft of at least one,
// all distinct.
func (a Arrow) Validate(p *Puzzle) error {
	n := p.Side()
	if len(a.Circle) == 0 || len(a.Circle) > 4 {
		return fmt.Errorf("%w: an arrow circle of %d cells", ErrInvalid, len(a.Circle))
	}
	if len(a.Line) == 0 {
		return fmt.Errorf("%w: an arrow from %s has no shaft", ErrInvalid, cellList(n, a.Circle))
	}
	return checkCells(n, a.Scope(p), 2, true)
}

// Check reports a shaft whose sum differs from the circle's number.
func (a Arrow) Check(p *Puzzle, g *board.Board) *Violation {
	ds := make([]int, len(a.Circle))
	for i, c := range a.Circle {
		ds[i] = digit(g, c)
	}
	want, sum := CircleValue(ds), 0
	for _, c := range a.Line {
		sum += digit(g, c)
	}
	if sum != want {
		return violation(a.Scope(p), "the shaft sums to %d, the circle holds %d", sum, want)
	}
	return nil
}

// DoubleArrow ("doublearrow"): the digits in the two end cells (the
// circles, Cells[0] and the last cell) sum to the sum of the digits between
// them.
type DoubleArrow struct{ Cells []int }

// Name returns "doublearrow".
func (DoubleArrow) Name() string { return "doublearrow" }

// Describe returns "double arrow r1c1 → r1c5".
func (d DoubleArrow) Describe(n int) string { return "double arrow " + lineDesc(n, d.Cells) }

// Scope returns the line from one end to the other.
func (d DoubleArrow) Scope(*Puzzle) []int { return d.Cells }

// Ends returns the two circle cells.
func (d DoubleArrow) Ends() [2]int { return [2]int{d.Cells[0], d.Cells[len(d.Cells)-1]} }

// Middle returns the cells between the circles.
func (d DoubleArrow) Middle() []int { return d.Cells[1 : len(d.Cells)-1] }

// Validate requires at least three distinct cells.
func (d DoubleArrow) Validate(p *Puzzle) error { return checkLine(p.Side(), d.Cells, 3, false) }

// Check reports unequal sums.
func (d DoubleArrow) Check(_ *Puzzle, g *board.Board) *Violation {
	e := d.Ends()
	ends, mid := digit(g, e[0])+digit(g, e[1]), 0
	for _, c := range d.Middle() {
		mid += digit(g, c)
	}
	if ends != mid {
		return violation(d.Cells, "the ends sum to %d, the middle to %d", ends, mid)
	}
	return nil
}

// Palindrome ("palindrome"): the line reads the same from either end:
// Cells[i] and Cells[len−1−i] hold the same digit.
type Palindrome struct{ Cells []int }

// Name returns "palindrome".
func (Palindrome) Name() string { return "palindrome" }

// Describe returns "palindrome r1c1 → r5c5".
func (p Palindrome) Describe(n int) string { return "palindrome " + lineDesc(n, p.Cells) }

// Scope returns the line.
func (p Palindrome) Scope(*Puzzle) []int { return p.Cells }

// Pairs returns the pairs of cells that must match, outermost first.
func (p Palindrome) Pairs() [][2]int {
	var out [][2]int
	for i, j := 0, len(p.Cells)-1; i < j; i, j = i+1, j-1 {
		out = append(out, [2]int{p.Cells[i], p.Cells[j]})
	}
	return out
}

// Validate requires distinct cells on the board.
func (p Palindrome) Validate(pz *Puzzle) error { return checkLine(pz.Side(), p.Cells, 1, false) }

// Check reports the outermost pair that differs.
func (p Palindrome) Check(_ *Puzzle, g *board.Board) *Violation {
	n := g.Side()
	for _, pr := range p.Pairs() {
		if g.Cells[pr[0]] != g.Cells[pr[1]] {
			return violation(pr[:], "%s=%d and %s=%d differ", cellName(n, pr[0]), g.Cells[pr[0]], cellName(n, pr[1]), g.Cells[pr[1]])
		}
	}
	return nil
}

// Renban ("renban"): the line holds distinct digits that form a run of
// consecutive values, in any order.
type Renban struct{ Cells []int }

// Name returns "renban".
func (Renban) Name() string { return "renban" }

// Describe returns "renban r1c1 → r1c4".
func (r Renban) Describe(n int) string { return "renban " + lineDesc(n, r.Cells) }

// Scope returns the line.
func (r Renban) Scope(*Puzzle) []int { return r.Cells }

// Validate requires 1..N distinct cells.
func (r Renban) Validate(p *Puzzle) error {
	if len(r.Cells) > p.Side() {
		return fmt.Errorf("%w: a renban of %d cells on a %dx%d board", ErrInvalid, len(r.Cells), p.Side(), p.Side())
	}
	return checkLine(p.Side(), r.Cells, 1, false)
}

// Check reports a repeated digit or a gap in the run.
func (r Renban) Check(_ *Puzzle, g *board.Board) *Violation {
	if v := distinct(g, r.Cells, "on the renban"); v != nil {
		return v
	}
	lo, hi := g.Side()+1, 0
	for _, c := range r.Cells {
		lo, hi = min(lo, digit(g, c)), max(hi, digit(g, c))
	}
	if hi-lo != len(r.Cells)-1 {
		return violation(r.Cells, "the digits %s span %d..%d, not a run of %d", cellsAndDigits(g, r.Cells), lo, hi, len(r.Cells))
	}
	return nil
}

// DefaultWhisperDifference returns the difference of German whispers on a
// board of side n, ⌈n/2⌉: 5 on 9×9, 2 on 4×4, 3 on 6×6, 4 on 8×8, 8 on
// 16×16 (f-puzzles' and SudokuSolver's rule). Dutch whispers are one less.
func DefaultWhisperDifference(n int) int { return (n + 1) / 2 }

// Whispers ("whispers"): digits next to each other along the line differ
// by at least Difference. The f-puzzles reader sets Difference from the
// line's "value", or DefaultWhisperDifference when it has none (German
// whispers); Dutch whispers carry ⌈N/2⌉−1. A line may close into a loop by
// ending on its first cell.
type Whispers struct {
	Cells      []int
	Difference int
}

// Name returns "whispers".
func (Whispers) Name() string { return "whispers" }

// Describe returns "whispers r1c1 → r1c4 (difference ≥ 5)".
func (w Whispers) Describe(n int) string {
	return fmt.Sprintf("whispers %s (difference ≥ %d)", lineDesc(n, w.Cells), w.Difference)
}

// Scope returns the line.
func (w Whispers) Scope(*Puzzle) []int { return w.Cells }

// Validate requires distinct cells and a difference in 1..N−1.
func (w Whispers) Validate(p *Puzzle) error {
	if w.Difference < 1 || w.Difference >= p.Side() {
		return fmt.Errorf("%w: whispers difference %d, must be 1..%d", ErrInvalid, w.Difference, p.Side()-1)
	}
	return checkLine(p.Side(), w.Cells, 1, true)
}

// Check reports the first neighbours too close together.
func (w Whispers) Check(_ *Puzzle, g *board.Board) *Violation {
	n := g.Side()
	for i := 1; i < len(w.Cells); i++ {
		a, b := w.Cells[i-1], w.Cells[i]
		if abs(digit(g, a)-digit(g, b)) < w.Difference {
			return violation([]int{a, b}, "%s=%d and %s=%d differ by less than %d", cellName(n, a), digit(g, a), cellName(n, b), digit(g, b), w.Difference)
		}
	}
	return nil
}

// BetweenLine ("betweenline"): the digits on the line lie strictly between
// the digits in its two end circles (Cells[0] and the last cell).
type BetweenLine struct{ Cells []int }

// Name returns "betweenline".
func (BetweenLine) Name() string { return "betweenline" }

// Describe returns "between line r1c1 → r1c5".
func (b BetweenLine) Describe(n int) string { return "between line " + lineDesc(n, b.Cells) }

// Scope returns the line from one end to the other.
func (b BetweenLine) Scope(*Puzzle) []int { return b.Cells }

// Validate requires at least two distinct cells.
func (b BetweenLine) Validate(p *Puzzle) error { return checkLine(p.Side(), b.Cells, 2, false) }

// Check reports an inner digit not strictly between the ends.
func (b BetweenLine) Check(_ *Puzzle, g *board.Board) *Violation {
	n := g.Side()
	e0, e1 := b.Cells[0], b.Cells[len(b.Cells)-1]
	lo, hi := min(digit(g, e0), digit(g, e1)), max(digit(g, e0), digit(g, e1))
	for _, c := range b.Cells[1 : len(b.Cells)-1] {
		if d := digit(g, c); d <= lo || d >= hi {
			return violation([]int{e0, c, e1}, "%s=%d is not between %s=%d and %s=%d", cellName(n, c), d, cellName(n, e0), digit(g, e0), cellName(n, e1), digit(g, e1))
		}
	}
	return nil
}

// RegionSumLine ("regionsumline"): the line is cut into segments where it
// passes from one region into another (a line that re-enters a region
// starts a new segment); every segment has the same sum. Cells in no region
// are skipped. Regions are the puzzle's regions (boxes or irregular), not
// extra regions.
type RegionSumLine struct{ Cells []int }

// Name returns "regionsumline".
func (RegionSumLine) Name() string { return "regionsumline" }

// Describe returns "region sum line r1c1 → r4c4".
func (r RegionSumLine) Describe(n int) string { return "region sum line " + lineDesc(n, r.Cells) }

// Scope returns the line.
func (r RegionSumLine) Scope(*Puzzle) []int { return r.Cells }

// Segments returns the line's segments on p, in order along the line.
func (r RegionSumLine) Segments(p *Puzzle) [][]int {
	labels := p.RegionLabels()
	var out [][]int
	last := -2
	for _, c := range r.Cells {
		l := labels[c]
		if l < 0 {
			continue
		}
		if l != last {
			out = append(out, nil)
			last = l
		}
		out[len(out)-1] = append(out[len(out)-1], c)
	}
	return out
}

// Validate requires distinct cells on the board.
func (r RegionSumLine) Validate(p *Puzzle) error { return checkLine(p.Side(), r.Cells, 1, false) }

// Check reports the first segment whose sum differs from the first's.
func (r RegionSumLine) Check(p *Puzzle, g *board.Board) *Violation {
	segs := r.Segments(p)
	sum := func(cells []int) int {
		s := 0
		for _, c := range cells {
			s += digit(g, c)
		}
		return s
	}
	for _, seg := range segs[min(1, len(segs)):] {
		if a, b := sum(segs[0]), sum(seg); a != b {
			return violation(append(append([]int(nil), segs[0]...), seg...), "segment %s sums to %d, segment %s to %d", cellList(g.Side(), segs[0]), a, cellList(g.Side(), seg), b)
		}
	}
	return nil
}

// checkTriples reports the first two cells at most two apart along the
// line whose digits fall in the same group.
func checkTriples(g *board.Board, cells []int, group func(d int) int, what string) *Violation {
	n := g.Side()
	for i := range cells {
		for j := i + 1; j < len(cells) && j <= i+2; j++ {
			a, b := cells[i], cells[j]
			if a != b && group(digit(g, a)) == group(digit(g, b)) {
				return violation([]int{a, b}, "%s=%d and %s=%d are both %s", cellName(n, a), digit(g, a), cellName(n, b), digit(g, b), what)
			}
		}
	}
	return nil
}

// EntropicGroups returns the low, middle and high digits of a board of side
// n, as entropic lines use them: three runs of consecutive digits of sizes
// as equal as possible, the middle one the odd one out when 3 does not
// divide n (SudokuSolver's rule): 1-3 4-6 7-9 on 9×9, 1-2 3-4 5-6 on 6×6,
// 1 2-3 4 on 4×4, 1-3 4-5 6-8 on 8×8, 1-5 6-11 12-16 on 16×16.
func EntropicGroups(n int) [3][2]int {
	small, large := n/3, (n+2)/3
	sizes := [3]int{large, small, large}
	if n%3 == 1 {
		sizes = [3]int{small, large, small}
	}
	var out [3][2]int
	lo := 1
	for i, s := range sizes {
		out[i] = [2]int{lo, lo + s - 1}
		lo += s
	}
	return out
}

// EntropicGroup returns the group (0 low, 1 middle, 2 high) of digit d on
// a board of side n.
func EntropicGroup(n, d int) int {
	for i, r := range EntropicGroups(n) {
		if d <= r[1] {
			return i
		}
	}
	return 2
}

// EntropicLine ("entropicline"): every run of three cells along the line
// holds a low, a middle and a high digit (EntropicGroups); a line of two
// cells holds digits of two different groups. Equivalently, cells one or
// two apart along the line are in different groups. A line may close into
// a loop by ending on its first cell.
type EntropicLine struct{ Cells []int }

// Name returns "entropicline".
func (EntropicLine) Name() string { return "entropicline" }

// Describe returns "entropic line r1c1 → r1c4".
func (e EntropicLine) Describe(n int) string { return "entropic line " + lineDesc(n, e.Cells) }

// Scope returns the line.
func (e EntropicLine) Scope(*Puzzle) []int { return e.Cells }

// Validate requires distinct cells on the board.
func (e EntropicLine) Validate(p *Puzzle) error { return checkLine(p.Side(), e.Cells, 1, true) }

// Check reports two cells one or two apart in the same group.
func (e EntropicLine) Check(_ *Puzzle, g *board.Board) *Violation {
	n := g.Side()
	return checkTriples(g, e.Cells, func(d int) int { return EntropicGroup(n, d) }, "in the same entropic group")
}

// ModularLine ("modularline"): every run of three cells along the line
// holds digits with three different remainders modulo 3; a line of two
// cells holds digits with different remainders. The groups are the
// remainders on every board size: {3,6,9}, {1,4,7}, {2,5,8} on 9×9, and
// {3}, {1,4}, {2} on 4×4. A line may close into a loop by ending on its
// first cell.
type ModularLine struct{ Cells []int }

// Name returns "modularline".
func (ModularLine) Name() string { return "modularline" }

// Describe returns "modular line r1c1 → r1c4".
func (m ModularLine) Describe(n int) string { return "modular line " + lineDesc(n, m.Cells) }

// Scope returns the line.
func (m ModularLine) Scope(*Puzzle) []int { return m.Cells }

// Validate requires distinct cells on the board.
func (m ModularLine) Validate(p *Puzzle) error { return checkLine(p.Side(), m.Cells, 1, true) }

// Check reports two cells one or two apart with the same remainder.
func (m ModularLine) Check(_ *Puzzle, g *board.Board) *Violation {
	return checkTriples(g, m.Cells, func(d int) int { return d % 3 }, "the same modulo 3")
}

// ZipperLine ("zipperline"): digits the same distance from the middle of
// the line sum to the same total; on a line of odd length the middle cell
// holds that total.
type ZipperLine struct{ Cells []int }

// Name returns "zipperline".
func (ZipperLine) Name() string { return "zipperline" }

// Describe returns "zipper line r1c1 → r1c5".
func (z ZipperLine) Describe(n int) string { return "zipper line " + lineDesc(n, z.Cells) }

// Scope returns the line.
func (z ZipperLine) Scope(*Puzzle) []int { return z.Cells }

// Pairs returns the pairs of cells equidistant from the middle, outermost
// first.
func (z ZipperLine) Pairs() [][2]int { return Palindrome(z).Pairs() }

// Centre returns the middle cell of a line of odd length.
func (z ZipperLine) Centre() (int, bool) {
	if len(z.Cells)%2 == 1 {
		return z.Cells[len(z.Cells)/2], true
	}
	return 0, false
}

// Validate requires distinct cells on the board.
func (z ZipperLine) Validate(p *Puzzle) error { return checkLine(p.Side(), z.Cells, 1, false) }

// Check reports the first pair (or the centre) off the common total.
func (z ZipperLine) Check(_ *Puzzle, g *board.Board) *Violation {
	n := g.Side()
	pairs := z.Pairs()
	if len(pairs) == 0 {
		return nil
	}
	total := digit(g, pairs[0][0]) + digit(g, pairs[0][1])
	what := fmt.Sprintf("%s + %s", cellName(n, pairs[0][0]), cellName(n, pairs[0][1]))
	if c, ok := z.Centre(); ok {
		total, what = digit(g, c), cellName(n, c)+" (the centre)"
	}
	for _, pr := range pairs {
		if s := digit(g, pr[0]) + digit(g, pr[1]); s != total {
			return violation(pr[:], "%s + %s = %d, but %s = %d", cellName(n, pr[0]), cellName(n, pr[1]), s, what, total)
		}
	}
	return nil
}

// Nabner ("nabner"): no two digits on the line are equal or consecutive,
// wherever they are on it.
type Nabner struct{ Cells []int }

// Name returns "nabner".
func (Nabner) Name() string { return "nabner" }

// Describe returns "nabner r1c1 → r1c3".
func (b Nabner) Describe(n int) string { return "nabner " + lineDesc(n, b.Cells) }

// Scope returns the line.
func (b Nabner) Scope(*Puzzle) []int { return b.Cells }

// Validate requires 1..N distinct cells.
func (b Nabner) Validate(p *Puzzle) error {
	if len(b.Cells) > p.Side() {
		return fmt.Errorf("%w: a nabner line of %d cells on a %dx%d board", ErrInvalid, len(b.Cells), p.Side(), p.Side())
	}
	return checkLine(p.Side(), b.Cells, 1, false)
}

// Check reports the first two digits equal or consecutive.
func (b Nabner) Check(_ *Puzzle, g *board.Board) *Violation {
	n := g.Side()
	for i, a := range b.Cells {
		for _, c := range b.Cells[i+1:] {
			if abs(digit(g, a)-digit(g, c)) <= 1 {
				return violation([]int{a, c}, "%s=%d and %s=%d are equal or consecutive", cellName(n, a), digit(g, a), cellName(n, c), digit(g, c))
			}
		}
	}
	return nil
}

// itoa is strconv.Itoa, short.
func itoa(i int) string { return strconv.Itoa(i) }
