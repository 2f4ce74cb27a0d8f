package variant_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/variant"
	"github.com/satdoku/satdoku/variant/varianttest"
)

// geometry is a board shape with regular or irregular regions.
type geometry struct {
	name      string
	shape     board.Shape
	irregular bool
}

var geometries = []geometry{
	{"4x4", board.Square(2), false},
	{"6x6", board.Shape{BoxRows: 2, BoxCols: 3}, false},
	{"8x8", board.Shape{BoxRows: 2, BoxCols: 4}, false},
	{"9x9", board.Classic, false},
	{"9x9 jigsaw", board.Classic, true},
	{"5x5 jigsaw", board.Shape{BoxRows: 1, BoxCols: 5}, true},
	{"7x7 jigsaw", board.Shape{BoxRows: 1, BoxCols: 7}, true},
	{"16x16", board.Square(4), false},
}

// randomPuzzle returns an empty puzzle of the geometry and a random grid
// that solves it.
func randomPuzzle(rng *rand.Rand, g geometry) (*variant.Puzzle, *board.Board) {
	p := variant.New(g.shape)
	grid := varianttest.Grid(rng, g.shape)
	if g.irregular {
		base := p.RegionLabels()
		if g.shape.BoxRows == 1 {
			base = varianttest.RowRegions(g.shape.Side())
		}
		p.Regions = varianttest.Regions(rng, grid, base, 4*g.shape.Side())
	}
	return p, grid
}

// ruleError asserts that err is a *RuleError for rule index i whose cells
// lie in the rule's scope.
func ruleError(t *testing.T, p *variant.Puzzle, err error, i int, what string) {
	t.Helper()
	var re *variant.RuleError
	if !errors.As(err, &re) || !errors.Is(err, variant.ErrRule) {
		t.Fatalf("%s: Check = %v, want a RuleError for rule %d (%s)", what, err, i, p.Rules[i].Describe(p.Side()))
	}
	if re.Index != i {
		t.Fatalf("%s: broken rule %d (%s), want %d (%s)", what, re.Index, re.Desc, i, p.Rules[i].Describe(p.Side()))
	}
	scope := p.Rules[i].Scope(p)
	if len(re.Cells) == 0 {
		t.Fatalf("%s: %v names no cells", what, err)
	}
	for _, c := range re.Cells {
		if !slices.Contains(scope, c) {
			t.Fatalf("%s: %v names %s, outside the rule's cells", what, err, board.CellName(p.Side(), c))
		}
	}
}

// TestCluesHold checks that clues read off a grid are kept by it, for
// every rule kind and geometry, and that a mutated clue is caught.
func TestCluesHold(t *testing.T) {
	t.Parallel()
	trials := 12
	if testing.Short() {
		trials = 4
	}
	for _, g := range geometries {
		for _, kind := range varianttest.Kinds {
			t.Run(g.name+"/"+kind, func(t *testing.T) {
				t.Parallel()
				rng := rand.New(rand.NewPCG(uint64(len(kind)), uint64(g.shape.Side())))
				made, mutated := 0, 0
				for trial := 0; trial < trials; trial++ {
					p, grid := randomPuzzle(rng, g)
					rules := varianttest.Clue(rng, p, grid, kind)
					if rules == nil {
						continue
					}
					made++
					p.Rules = rules
					if err := variant.Check(p, grid); err != nil {
						t.Fatalf("trial %d: grid\n%vbreaks a clue read off it: %v", trial, grid, err)
					}
					m := mutateClue(rng, p, grid, kind)
					if m == nil {
						continue
					}
					if m.Validate(p) != nil {
						continue // out of range on this board
					}
					mutated++
					p.Rules[0] = m
					ruleError(t, p, variant.Check(p, grid), 0, fmt.Sprintf("trial %d: mutated %s", trial, m.Describe(p.Side())))
				}
				t.Logf("made %d, mutated %d", made, mutated)
				if made == 0 && g.shape == board.Classic && !g.irregular {
					t.Fatalf("no %s clue made on %s", kind, g.name)
				}
				if made > 0 && mutated == 0 && g.shape == board.Classic {
					t.Fatalf("no %s clue mutated on %s", kind, g.name)
				}
			})
		}
	}
}

// other returns a random cell outside cells whose digit passes ok, or -1.
func other(rng *rand.Rand, grid *board.Board, cells []int, ok func(d int) bool) int {
	var cands []int
	for c, d := range grid.Cells {
		if !slices.Contains(cells, c) && ok(int(d)) {
			cands = append(cands, c)
		}
	}
	if len(cands) == 0 {
		return -1
	}
	return cands[rng.IntN(len(cands))]
}

func cellDigits(g *board.Board, cells []int) []int {
	out := make([]int, len(cells))
	for i, c := range cells {
		out[i] = int(g.Cells[c])
	}
	return out
}

func iabs(x int) int { return max(x, -x) }

// mutateClue returns a changed copy of p.Rules[0] that grid must break, by
// construction, or nil when the kind has no safe mutation for this clue.
func mutateClue(rng *rand.Rand, p *variant.Puzzle, grid *board.Board, kind string) variant.Rule {
	n := p.Side()
	d := func(c int) int { return int(grid.Cells[c]) }
	appendOther := func(cells []int, ok func(int) bool) []int {
		x := other(rng, grid, cells, ok)
		if x < 0 {
			return nil
		}
		return append(slices.Clone(cells), x)
	}
	switch r := p.Rules[0].(type) {
	case variant.Odd:
		return variant.Even(r)
	case variant.Even:
		return variant.Odd(r)
	case variant.DigitalRootCage:
		// The next root: the cells' sum keeps its own.
		return variant.DigitalRootCage{Cells: r.Cells, Root: r.Root%9 + 1}
	case variant.PencilMarks:
		// Every other digit.
		var ds []int
		for x := 1; x <= n; x++ {
			if x != d(r.Cell) {
				ds = append(ds, x)
			}
		}
		return variant.PencilMarks{Cell: r.Cell, Digits: ds}
	case variant.Minimum:
		return variant.Maximum(r)
	case variant.Maximum:
		return variant.Minimum(r)
	case variant.Thermometer:
		// Reversed, a rising line falls (first < last on slow ones).
		rev := slices.Clone(r.Cells)
		slices.Reverse(rev)
		return variant.Thermometer{Cells: rev, Slow: r.Slow}
	case variant.Arrow:
		line := appendOther(append(slices.Clone(r.Circle), r.Line...), func(int) bool { return true })
		if line == nil {
			return nil
		}
		return variant.Arrow{Circle: r.Circle, Line: append(slices.Clone(r.Line), line[len(line)-1])}
	case variant.DoubleArrow:
		ext := appendOther(r.Cells, func(int) bool { return true })
		if ext == nil {
			return nil
		}
		x := ext[len(ext)-1]
		cells := slices.Insert(slices.Clone(r.Cells), 1, x) // a heavier middle
		return variant.DoubleArrow{Cells: cells}
	case variant.Palindrome:
		last := d(r.Cells[len(r.Cells)-1])
		ext := appendOther(r.Cells, func(v int) bool { return v != last })
		if ext == nil {
			return nil
		}
		return variant.Palindrome{Cells: append([]int{ext[len(ext)-1]}, r.Cells...)}
	case variant.Renban:
		if len(r.Cells) == n {
			return nil
		}
		first := d(r.Cells[0])
		ext := appendOther(r.Cells, func(v int) bool { return v == first })
		if ext == nil {
			return nil
		}
		return variant.Renban{Cells: ext}
	case variant.Whispers:
		least := n
		for i := 1; i < len(r.Cells); i++ {
			least = min(least, iabs(d(r.Cells[i])-d(r.Cells[i-1])))
		}
		if least+1 > n-1 {
			return nil
		}
		return variant.Whispers{Cells: r.Cells, Difference: least + 1}
	case variant.BetweenLine:
		end := d(r.Cells[0])
		ext := appendOther(r.Cells, func(v int) bool { return v == end })
		if ext == nil {
			return nil
		}
		return variant.BetweenLine{Cells: slices.Insert(slices.Clone(r.Cells), 1, ext[len(ext)-1])}
	case variant.RegionSumLine:
		labels := p.RegionLabels()
		last := r.Cells[len(r.Cells)-1]
		x := other(rng, grid, r.Cells, func(int) bool { return true })
		for tries := 0; tries < 200 && (x < 0 || labels[x] != labels[last]); tries++ {
			x = other(rng, grid, r.Cells, func(int) bool { return true })
		}
		if x < 0 || labels[x] != labels[last] {
			return nil
		}
		return variant.RegionSumLine{Cells: append(slices.Clone(r.Cells), x)}
	case variant.EntropicLine:
		g := variant.EntropicGroup(n, d(r.Cells[len(r.Cells)-1]))
		ext := appendOther(r.Cells, func(v int) bool { return variant.EntropicGroup(n, v) == g })
		if ext == nil {
			return nil
		}
		return variant.EntropicLine{Cells: ext}
	case variant.ModularLine:
		g := d(r.Cells[len(r.Cells)-1]) % 3
		ext := appendOther(r.Cells, func(v int) bool { return v%3 == g })
		if ext == nil {
			return nil
		}
		return variant.ModularLine{Cells: ext}
	case variant.ZipperLine:
		want := d(r.Cells[0]) + d(r.Cells[len(r.Cells)-1])
		if c, ok := r.Centre(); ok {
			want = d(c)
		}
		x := other(rng, grid, r.Cells, func(int) bool { return true })
		y := other(rng, grid, append(slices.Clone(r.Cells), x), func(v int) bool { return d(x)+v != want })
		if x < 0 || y < 0 {
			return nil
		}
		return variant.ZipperLine{Cells: append(append([]int{x}, r.Cells...), y)}
	case variant.Nabner:
		if len(r.Cells) == n {
			return nil
		}
		first := d(r.Cells[0])
		ext := appendOther(r.Cells, func(v int) bool { return iabs(v-first) <= 1 })
		if ext == nil {
			return nil
		}
		return variant.Nabner{Cells: ext}
	case variant.Killer:
		if r.Sum > 0 && r.Sum < n*(n+1)/2 {
			return variant.Killer{Cells: r.Cells, Sum: r.Sum + 1}
		}
		if len(r.Cells) == n {
			return nil
		}
		first := d(r.Cells[0])
		ext := appendOther(r.Cells, func(v int) bool { return v == first })
		if ext == nil {
			return nil
		}
		return variant.Killer{Cells: ext}
	case variant.ExtraRegion:
		first := d(r.Cells[0])
		ext := appendOther(r.Cells, func(v int) bool { return v == first })
		if ext == nil {
			return nil
		}
		if len(ext) > n {
			ext = append(ext[:n-1], ext[n])
		}
		return variant.ExtraRegion{Cells: ext}
	case variant.LittleKiller:
		return variant.LittleKiller{Clue: r.Clue, Sum: r.Sum + 1}
	case variant.Difference:
		diff := r.Diff + 1
		if diff > n-1 {
			diff = r.Diff - 1
		}
		if diff < 1 {
			return nil
		}
		return variant.Difference{A: r.A, B: r.B, Diff: diff}
	case variant.Ratio:
		if r.Ratio+1 > n {
			return nil
		}
		return variant.Ratio{A: r.A, B: r.B, Ratio: r.Ratio + 1}
	case variant.XV:
		return variant.XV{A: r.A, B: r.B, Sum: 15 - r.Sum}
	case variant.Negative:
		// Drop one mark: its pair becomes unmarked and has the property.
		if len(p.Rules) < 2 {
			return nil
		}
		k := 1 + rng.IntN(len(p.Rules)-1)
		var marked [][2]int
		for i, m := range p.Rules[1:] {
			if i+1 != k {
				s := m.Scope(p)
				marked = append(marked, [2]int{s[0], s[1]})
			}
		}
		p.Rules = slices.Delete(p.Rules, k, k+1)
		return variant.Negative{Kind: r.Kind, Values: r.Values, Pairs: variant.UnmarkedPairs(n, marked)}
	case variant.Quadruple:
		have := cellDigits(grid, r.Cells)
		missing := -1
		for v := 1; v <= n; v++ {
			if !slices.Contains(have, v) {
				missing = v
			}
		}
		if missing < 0 {
			return nil
		}
		ds := slices.Clone(r.Digits)
		if len(ds) < len(r.Cells) {
			ds = append(ds, missing)
		} else {
			ds[0] = missing
		}
		return variant.Quadruple{Cells: r.Cells, Digits: ds}
	case variant.Clone:
		x := other(rng, grid, append(slices.Clone(r.Cells), r.Clones...), func(v int) bool { return v != d(r.Cells[0]) })
		if x < 0 {
			return nil
		}
		clones := slices.Clone(r.Clones)
		clones[0] = x
		return variant.Clone{Cells: r.Cells, Clones: clones}
	case variant.Sandwich:
		s := r.Sum + 1
		if s > n*(n+1)/2-1-n {
			s = r.Sum - 1
		}
		if s < 0 {
			return nil
		}
		return variant.Sandwich{Clue: r.Clue, Sum: s}
	case variant.XSum:
		s := r.Sum + 1
		if s > n*(n+1)/2 {
			s = r.Sum - 1
		}
		return variant.XSum{Clue: r.Clue, Sum: s}
	case variant.Skyscraper:
		k := r.Count + 1
		if k > n {
			k = r.Count - 1
		}
		return variant.Skyscraper{Clue: r.Clue, Count: k}
	case variant.Indexer:
		for tries := 0; tries < 500; tries++ {
			c := rng.IntN(n * n)
			if slices.Contains(r.Cells, c) || (r.Kind == variant.BoxIndex && p.RegionLabels()[c] < 0) {
				continue
			}
			if t, want := r.Target(p, c, d(c)); d(t) != want {
				return variant.Indexer{Kind: r.Kind, Cells: append(slices.Clone(r.Cells), c)}
			}
		}
		return nil
	}
	panic("no mutation for " + kind)
}
