package fallback

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/board"
)

// parseLine reads a line-format puzzle with board.Parse.
func parseLine(t testing.TB, line string) *board.Board {
	t.Helper()
	b, err := board.Parse(line)
	if err != nil {
		t.Fatalf("bad puzzle line %q: %v", line, err)
	}
	return b
}

// formatLine writes b as one line of symbols.
func formatLine(b *board.Board) string {
	const sym = ".123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	var sb strings.Builder
	for _, d := range b.Cells {
		if int(d) < len(sym) {
			sb.WriteByte(sym[d])
		} else {
			sb.WriteByte('?')
		}
	}
	return sb.String()
}

// solvedGrid returns a shuffled valid full grid of the shape: the standard
// pattern (C·(r mod R) + ⌊r/R⌋ + c) mod N, with digits relabelled and
// rows/columns permuted within bands/stacks and bands/stacks permuted.
func solvedGrid(shape board.Shape, rng *rand.Rand) *board.Board {
	R, C := shape.BoxRows, shape.BoxCols
	n := R * C
	perm := func(k int) []int { return rng.Perm(k) }
	digits := perm(n)
	// rows: C bands of R rows; columns: R stacks of C columns
	rows := make([]int, 0, n)
	for _, band := range perm(C) {
		for _, i := range perm(R) {
			rows = append(rows, band*R+i)
		}
	}
	cols := make([]int, 0, n)
	for _, stack := range perm(R) {
		for _, j := range perm(C) {
			cols = append(cols, stack*C+j)
		}
	}
	b := board.New(shape)
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			rr, cc := rows[r], cols[c]
			v := (C*(rr%R) + rr/R + cc) % n
			b.Set(r, c, digits[v]+1)
		}
	}
	return b
}

// properPuzzle removes givens from a shuffled full grid in random order
// while the puzzle keeps a unique solution, stopping once maxBlanks cells
// are blank (0: no cap). It returns the puzzle and its solution.
func properPuzzle(t testing.TB, shape board.Shape, seed int64, maxBlanks int) (puzzle, solution *board.Board) {
	t.Helper()
	rng := rand.New(rand.NewSource(seed))
	solution = solvedGrid(shape, rng)
	if !solution.Solved() {
		t.Fatalf("generator made an invalid grid for %v:\n%v", shape, solution)
	}
	puzzle = solution.Clone()
	blanks := 0
	for _, i := range rng.Perm(len(puzzle.Cells)) {
		if maxBlanks > 0 && blanks >= maxBlanks {
			break
		}
		d := puzzle.Cells[i]
		puzzle.Cells[i] = 0
		if Count(puzzle, 2) != 1 {
			puzzle.Cells[i] = d
			continue
		}
		blanks++
	}
	return puzzle, solution
}

// noSolution changes one given of a proper puzzle so that no rule is
// broken directly but no completion exists. When no single change of the
// puzzle works (common for minimal puzzles) and solution is not nil, it
// first adds givens back from the solution, one at a time. It reports
// false if no such change was found.
func noSolution(puzzle, solution *board.Board, rng *rand.Rand) (*board.Board, bool) {
	if bad, ok := changeOneGiven(puzzle, rng); ok || solution == nil {
		return bad, ok
	}
	p := puzzle.Clone()
	for _, i := range rng.Perm(len(p.Cells)) {
		if p.Cells[i] != 0 {
			continue
		}
		p.Cells[i] = solution.Cells[i]
		if bad, ok := changeOneGiven(p, rng); ok {
			return bad, ok
		}
	}
	return nil, false
}

func changeOneGiven(puzzle *board.Board, rng *rand.Rand) (*board.Board, bool) {
	n := puzzle.Side()
	for _, i := range rng.Perm(len(puzzle.Cells)) {
		if puzzle.Cells[i] == 0 {
			continue
		}
		for _, d := range rng.Perm(n) {
			p := puzzle.Clone()
			p.Cells[i] = uint8(d + 1)
			if p.Cells[i] == puzzle.Cells[i] || p.Check() != nil {
				continue
			}
			if Count(p, 1) == 0 {
				return p, true
			}
		}
	}
	return nil, false
}

// bruteCount counts the completions of b (up to limit) by plain
// backtracking over cells in order, checking rules directly. It shares no
// code with the solver and is only usable on small boards.
func bruteCount(b *board.Board, limit int) int {
	if b.Check() != nil {
		return 0
	}
	g := b.Shape.Geometry()
	cells := append([]uint8(nil), b.Cells...)
	n := b.Side()
	count := 0
	var rec func(i int) bool
	rec = func(i int) bool {
		for i < len(cells) && cells[i] != 0 {
			i++
		}
		if i == len(cells) {
			count++
			return count >= limit
		}
	digits:
		for d := 1; d <= n; d++ {
			for _, p := range g.Peers[i] {
				if int(cells[p]) == d {
					continue digits
				}
			}
			cells[i] = uint8(d)
			if rec(i + 1) {
				return true
			}
		}
		cells[i] = 0
		return false
	}
	rec(0)
	return count
}
