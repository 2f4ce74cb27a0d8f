package fallback_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/fallback"
	"github.com/satdoku/satdoku/input"
	"github.com/satdoku/satdoku/internal/race"
	"github.com/satdoku/satdoku/variant"
	"github.com/satdoku/satdoku/variant/varianttest"
)

// zeroLittleKiller is "Zero solution: Little Killer" of Interactive Sudoku
// Solver's collection (data/collections.js, e373f98): eight diagonals of
// 49 on an empty 9×9 board, which no grid fills.
func zeroLittleKiller() *variant.Puzzle {
	p := variant.New(board.Square(3))
	for _, o := range []variant.Outside{
		{Row: -1, Col: 9, DRow: 1, DCol: -1}, // r1c9 down-left
		{Row: -1, Col: 8, DRow: 1, DCol: -1}, // r1c8
		{Row: 0, Col: 9, DRow: 1, DCol: -1},  // r2c9 (ISS: up-right from r9c2)
		{Row: 1, Col: 9, DRow: 1, DCol: -1},  // r3c9 (from r9c3)
		{Row: -1, Col: -1, DRow: 1, DCol: 1}, // r1c1 down-right
		{Row: 0, Col: -1, DRow: 1, DCol: 1},  // r2c1
		{Row: 1, Col: -1, DRow: 1, DCol: 1},  // r3c1
		{Row: -1, Col: 1, DRow: 1, DCol: 1},  // r1c3 (from r7c9)
	} {
		p.Rules = append(p.Rules, variant.LittleKiller{Clue: o, Sum: 49})
	}
	return p
}

// TestZeroLittleKillerRefuted checks that the backtracker proves "Zero
// solution: Little Killer" has no solution within a bound of search
// nodes: the sums of the lines less the regions they mostly cover
// (lineOuties) refute it; without them no search of a minute did.
func TestZeroLittleKillerRefuted(t *testing.T) {
	t.Parallel()
	s := fallback.NewSolver()
	s.NodeLimit = 200_000
	res, err := s.SolveVariant(context.Background(), zeroLittleKiller(), 1)
	if err != nil || res.Count != 0 {
		t.Fatalf("got %d solutions, %v; want none proved within %d nodes", res.Count, err, s.NodeLimit)
	}
	t.Logf("refuted with %d guesses", res.Guesses)
}

// snipes14 is LITTLE_KILLER_SNIPES #14 of Interactive Sudoku Solver's
// collections (data/collections.js): seven little killers of 48 on an
// empty 9×9 board, with one solution.
const snipes14 = ".LittleKiller~48~R1C1.LittleKiller~48~R8C9.LittleKiller~48~R7C9" +
	".LittleKiller~48~R1C9.LittleKiller~48~R9C2.LittleKiller~48~R9C3.LittleKiller~48~R9C4"

// tarek31 is TAREK_ALL #31 of Interactive Sudoku Solver's collections
// (data/collections.js): a killer sudoku in the snarfable short form,
// with one solution.
const tarek31 = "C<5<ED<H<^R<<^K<<^C^N<^J<^8^^^^P^^N^I<<>^<>^<B^O<^F<Q9^G^^F^^^^E^<<^>>^I^<D<^8<>^"

// TestDerivedSumsSearchBounded checks that the backtracker proves each
// puzzle unique within a bound of search nodes that it exceeds without
// the derived sums' change its case names.
func TestDerivedSumsSearchBounded(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, puzzle string
		nodes        int64
	}{
		// 18,300 guesses with the derived line sums weighing on their
		// cells as much as a rule; about 1,100 with lineSumWeight
		// (Interactive Sudoku Solver: about 1,060 nodes).
		{"LITTLE_KILLER_SNIPES #14", snipes14, 4_000},
		// 2,316 guesses without the one-cell outies of houseCages; about
		// 600 with them (Interactive Sudoku Solver: about 740 nodes).
		{"TAREK_ALL #31", tarek31, 1_000},
	} {
		res, err := input.Load(tc.puzzle)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		s := fallback.NewSolver()
		s.NodeLimit = tc.nodes
		got, err := s.SolveVariant(context.Background(), res.Puzzle, 2)
		if err != nil || got.Count != 1 {
			t.Fatalf("%s: got %d solutions, %v; want 1 proved within %d nodes", tc.name, got.Count, err, s.NodeLimit)
		}
		if err := variant.Check(res.Puzzle, got.Solutions[0]); err != nil {
			t.Errorf("%s: solution %s: %v", tc.name, got.Solutions[0], err)
		}
		t.Logf("%s: unique with %d guesses", tc.name, got.Guesses)
	}
}

// hasSums reports whether p has a killer cage with a sum or a little
// killer, the rules derived sums come from.
func hasSums(p *variant.Puzzle) bool {
	for _, r := range p.Rules {
		switch r := r.(type) {
		case variant.Killer:
			if r.Sum > 0 {
				return true
			}
		case variant.LittleKiller:
			return true
		}
	}
	return false
}

// solutionSet returns the solutions of p (up to limit) and whether the
// search finished within its nodes.
func solutionSet(t *testing.T, s *fallback.Solver, p *variant.Puzzle, limit int) (map[string]bool, bool) {
	t.Helper()
	got := map[string]bool{}
	_, err := s.EachVariant(context.Background(), p, limit, func(g *board.Board) bool {
		if err := variant.Check(p, g); err != nil {
			t.Fatalf("solution\n%vfails the checker: %v", g, err)
		}
		got[string(g.Cells)] = true
		return true
	})
	if errors.Is(err, fallback.ErrNodeLimit) {
		return got, false
	}
	if err != nil {
		t.Fatal(err)
	}
	return got, true
}

// TestDerivedSumsKeepSolutions checks that the derived sums never remove
// a solution: the corpus puzzles with cages or little killers, and random
// 6×6 killers and little killers (with a wrong clue now and then), give
// the same solutions with and without them: the same count up to three,
// and the same grids when there are fewer. It also checks
// that they were there to test: derived sums on many of the puzzles.
// derivedPair returns two solvers, with the derived sums and without,
// each bounded to 200,000 nodes.
func derivedPair() (with, without *fallback.Solver) {
	with, without = fallback.NewSolver(), fallback.NewSolver()
	fallback.WithoutDerived(without)
	with.NodeLimit, without.NodeLimit = 200_000, 200_000
	return with, without
}

// sameSolutions fails t unless with and without find the same solutions
// of p, up to 3 (of more, only as many: another order finds others); it
// reports false when either search gave up.
func sameSolutions(t *testing.T, with, without *fallback.Solver, name string, p *variant.Puzzle) bool {
	t.Helper()
	const limit = 3
	a, okA := solutionSet(t, with, p, limit)
	b, okB := solutionSet(t, without, p, limit)
	if !okA || !okB {
		return false
	}
	if len(a) != len(b) {
		t.Fatalf("%s: %d solutions with the derived sums, %d without\nrules %+v\ngivens\n%v", name, len(a), len(b), p.Rules, p.Givens)
	}
	if len(a) < limit {
		for g := range b {
			if !a[g] {
				t.Fatalf("%s: the derived sums lose solution %v\nrules %+v\ngivens\n%v", name, []byte(g), p.Rules, p.Givens)
			}
		}
	}
	return true
}

func TestDerivedSumsKeepSolutions(t *testing.T) {
	t.Parallel()
	race.SkipSequential(t)
	with, without := derivedPair()
	compared, derived := 0, 0
	check := func(name string, p *variant.Puzzle) {
		if !sameSolutions(t, with, without, name, p) {
			return
		}
		compared++
		if n := fallback.DerivedSums(p); n > 0 {
			derived++
		}
	}
	for i, p := range fallback.CorpusPuzzles(t) {
		if hasSums(p) {
			check(fmt.Sprintf("corpus puzzle %d", i+1), p)
		}
	}
	shape := board.Shape{BoxRows: 2, BoxCols: 3}
	n := shape.Side()
	rng := rand.New(rand.NewPCG(38, 6))
	trials := 150
	if testing.Short() {
		trials = 40
	}
	for i := range trials {
		grid := varianttest.Grid(rng, shape)
		p := variant.New(shape)
		if rng.IntN(2) == 0 {
			p.Rules = varianttest.KillerTiling(rng, grid, 0.3+0.7*rng.Float64())
		}
		for _, downLeft := range []bool{false, true} {
			if rng.IntN(2) == 0 {
				continue
			}
			for _, o := range diagonalClues(n, downLeft) {
				if rng.IntN(10) < 3 {
					continue
				}
				sum := 0
				for _, c := range o.Cells(n) {
					sum += int(grid.Cells[c])
				}
				p.Rules = append(p.Rules, variant.LittleKiller{Clue: o, Sum: sum})
			}
		}
		if last := len(p.Rules) - 1; last >= 0 && rng.IntN(4) == 0 {
			if lk, ok := p.Rules[last].(variant.LittleKiller); ok && lk.Sum > len(lk.Clue.Cells(n)) {
				lk.Sum-- // a wrong clue: often no solution
				p.Rules[last] = lk
			}
		}
		givens(rng, p, grid, rng.IntN(8))
		check(fmt.Sprintf("random puzzle %d", i+1), p)
	}
	t.Logf("%d puzzles compared, %d with derived sums", compared, derived)
	if compared < 50 || derived < compared/3 {
		t.Errorf("%d puzzles compared, %d with derived sums; want 50 or more, a third with", compared, derived)
	}
}

// TestLongSumsKeepSolutions solves random 6×6 puzzles whose pill arrows
// have shafts over whole rows and boxes (which the builder takes out of
// the sum as their totals, sumProp.dropHouses) with and without that, for
// the same solutions.
func TestLongSumsKeepSolutions(t *testing.T) {
	t.Parallel()
	race.SkipSequential(t)
	with, without := derivedPair()
	shape := board.Shape{BoxRows: 2, BoxCols: 3}
	n := shape.Side()
	geo := shape.Geometry()
	rng := rand.New(rand.NewPCG(38, 7))
	compared, dropped := 0, 0
	for i := range 120 {
		grid := varianttest.Grid(rng, shape)
		p := variant.New(shape)
		// A shaft: one or two whole units (rows or boxes), then more cells
		// until a two-digit pill elsewhere on the grid can spell its sum.
		in := map[int]bool{}
		var shaft []int
		for range 1 + rng.IntN(2) {
			for _, c := range geo.Units[rng.IntN(len(geo.Units))] {
				if !in[c] {
					in[c] = true
					shaft = append(shaft, c)
				}
			}
		}
		total := 0
		for _, c := range shaft {
			total += int(grid.Cells[c])
		}
		var circle []int
		for _, c := range rng.Perm(n * n) {
			if in[c] {
				continue
			}
			if circle = pill(grid, in, total); circle != nil || len(shaft) > 3*n {
				break
			}
			in[c] = true
			shaft = append(shaft, c)
			total += int(grid.Cells[c])
		}
		if circle == nil {
			continue
		}
		p.Rules = append(p.Rules, variant.Arrow{Circle: circle, Line: shaft})
		if rng.IntN(3) == 0 && total%10 < n {
			// A wrong circle: often no solution.
			p.Rules[0] = variant.Arrow{Circle: circle, Line: shaft[:len(shaft)-1]}
		}
		givens(rng, p, grid, rng.IntN(10))
		if !sameSolutions(t, with, without, fmt.Sprintf("random puzzle %d", i+1), p) {
			continue
		}
		compared++
		if len(shaft) > n {
			dropped++
		}
	}
	t.Logf("%d puzzles compared, %d with a shaft over whole units", compared, dropped)
	if compared < 40 || dropped < compared/2 {
		t.Errorf("%d puzzles compared, %d with a long shaft; want 40 or more, half with", compared, dropped)
	}
}

// pill returns two cells off the shaft (in) whose digits in grid spell
// total, or nil.
func pill(grid *board.Board, in map[int]bool, total int) []int {
	tens, ones := total/10, total%10
	if tens < 1 || ones < 1 {
		return nil
	}
	a, b := -1, -1
	for c, d := range grid.Cells {
		switch {
		case in[c]:
		case a < 0 && int(d) == tens:
			a = c
		case b < 0 && int(d) == ones && c != a:
			b = c
		}
	}
	if a < 0 || b < 0 {
		return nil
	}
	return []int{a, b}
}
