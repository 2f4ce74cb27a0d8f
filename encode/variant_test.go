package encode_test

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/decode"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/internal/race"
	"github.com/satdoku/satdoku/solver"
	"github.com/satdoku/satdoku/variant"
	"github.com/satdoku/satdoku/variant/varianttest"
)

// vgeometry is a board shape with regular or irregular regions.
type vgeometry struct {
	name      string
	shape     board.Shape
	irregular bool
	// limit bounds the classic completions enumerated for the truth.
	limit int
}

var vgeometries = []vgeometry{
	{"4x4", board.Square(2), false, 1000},
	{"6x6", board.Shape{BoxRows: 2, BoxCols: 3}, false, 30000},
	{"6x6jigsaw", board.Shape{BoxRows: 2, BoxCols: 3}, true, 30000},
}

// seed returns a stable seed for a test case name.
func seed(name string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(name))
	return h.Sum64()
}

// truth returns the grids (as strings) of every solution of p by the
// independent route: varianttest.Completions enumerates the classic
// completions of the givens (keeping the inequality rules it knows), each
// rule's own Check rejects those that break it, and variant.Check must
// accept the rest. complete is false if more than limit completions had
// to be seen.
func truth(p *variant.Puzzle, limit int) (sols map[string]bool, complete bool) {
	sols = map[string]bool{}
	_, complete = varianttest.Completions(p, limit, func(g *board.Board) bool {
		for _, r := range p.Rules {
			if r.Check(p, g) != nil {
				return true
			}
		}
		if err := variant.Check(p, g); err != nil {
			panic(fmt.Sprintf("a completion that keeps every rule fails variant.Check: %v", err))
		}
		sols[gridKey(g)] = true
		return true
	})
	return sols, complete
}

func gridKey(g *board.Board) string {
	var b strings.Builder
	for _, d := range g.Cells {
		b.WriteByte("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[d])
	}
	return b.String()
}

// decodeGrid decodes a model with package decode. decode.Board checks the
// classic rules of the board's boxes; with irregular regions the model is
// decoded on a board of 1×N "boxes" (rows), which checks the rows and
// columns only, and variant.Check judges the regions.
func decodeGrid(p *variant.Puzzle, model []bool) (*board.Board, error) {
	givens := p.Givens
	if p.Regions != nil {
		givens = &board.Board{Shape: board.Shape{BoxRows: 1, BoxCols: p.Side()}, Cells: p.Givens.Cells}
	}
	g, err := decode.Board(givens, model)
	if err != nil {
		return nil, err
	}
	g.Shape = p.Givens.Shape
	return g, nil
}

// withGivens returns a copy of p whose givens are grid's digits in the
// first k cells of order.
func withGivens(p *variant.Puzzle, grid *board.Board, order []int, k int) *variant.Puzzle {
	q := *p
	q.Givens = board.New(p.Givens.Shape)
	for _, c := range order[:k] {
		q.Givens.Cells[c] = grid.Cells[c]
	}
	q.Rules = slices.Clone(p.Rules)
	return &q
}

// satModels enumerates up to limit models of f through package solver
// and returns their grids, each decoded and checked against p.
func satModels(t *testing.T, p *variant.Puzzle, f *encode.Formula, limit int) map[string]bool {
	t.Helper()
	models, _, err := solver.Count(context.Background(), f, limit)
	if err != nil {
		t.Fatalf("solver.Count: %v", err)
	}
	out := map[string]bool{}
	for _, m := range models {
		g, err := decodeGrid(p, m)
		if err != nil {
			t.Fatalf("a model does not decode: %v", err)
		}
		if err := variant.Check(p, g); err != nil {
			t.Fatalf("a model's grid fails the checker: %v\n%s", err, g)
		}
		out[gridKey(g)] = true
	}
	return out
}

// compare asserts that the models found (at most limit) are the truth:
// equal sets when the truth has fewer than limit grids, else limit
// distinct grids of the truth.
func compare(t *testing.T, what string, p *variant.Puzzle, got, want map[string]bool, limit int) {
	t.Helper()
	for g := range got {
		if !want[g] {
			t.Fatalf("%s: a model is no solution by the checker: %s\n%s", what, g, describe(p))
		}
	}
	if len(want) < limit && len(got) != len(want) {
		var missing []string
		for g := range want {
			if !got[g] {
				missing = append(missing, g)
			}
		}
		sort.Strings(missing)
		t.Fatalf("%s: %d models, %d solutions by the checker; missing %v\n%s", what, len(got), len(want), missing, describe(p))
	}
	if len(want) >= limit && len(got) != limit {
		t.Fatalf("%s: %d models, want %d (the checker finds %d or more)", what, len(got), limit, len(want))
	}
}

// describe writes a puzzle for a failure message.
func describe(p *variant.Puzzle) string {
	var b strings.Builder
	fmt.Fprintf(&b, "givens %s", gridKey(p.Givens))
	if p.Regions != nil {
		fmt.Fprintf(&b, "\nregions %v", p.Regions)
	}
	for _, r := range p.Rules {
		fmt.Fprintf(&b, "\n  %s: %#v", r.Describe(p.Side()), r)
	}
	return b.String()
}

// A vcase is one puzzle of the property test and what it is meant to
// show.
type vcase struct {
	what string
	p    *variant.Puzzle
	sols map[string]bool
}

// makeCases builds, for one kind and geometry, puzzles with one
// solution, several, none (a given that contradicts the unique
// solution), and one with a clue of the kind taken from another grid
// (any number: the rules may contradict each other or the givens). It
// returns nil if no grid or clue of the kind was found.
func makeCases(rng *rand.Rand, g vgeometry, kind string) []vcase {
	n := g.shape.Side()
	p := variant.New(g.shape)
	global := slices.Contains(varianttest.Globals, kind)
	var grid *board.Board
	if global {
		p.Rules = []variant.Rule{varianttest.Global(kind, n)}
	}
	if g.irregular {
		base := varianttest.Grid(rng, g.shape)
		p.Regions = varianttest.Regions(rng, base, p.RegionLabels(), 3*n)
		if !global {
			grid = base
		}
	}
	if grid == nil {
		if global || g.irregular {
			grid = varianttest.Fill(rng, p, 200000)
		} else {
			grid = varianttest.Grid(rng, g.shape)
		}
	}
	if grid == nil {
		return nil
	}
	if !global {
		clues := 1 + rng.IntN(3)
		for i := 0; i < clues; i++ {
			rs := varianttest.Clue(rng, p, grid, kind)
			if rs == nil {
				continue
			}
			p.Rules = append(p.Rules, rs...)
		}
		if len(p.Rules) == 0 {
			return nil
		}
	}
	order := rng.Perm(n * n)
	// The fewest givens (in this order) that leave one solution.
	lo, hi := 0, n*n
	for lo < hi {
		mid := (lo + hi) / 2
		s, complete := truth(withGivens(p, grid, order, mid), g.limit)
		if complete && len(s) == 1 {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	var cases []vcase
	unique := withGivens(p, grid, order, lo)
	s, _ := truth(unique, g.limit)
	cases = append(cases, vcase{"unique", unique, s})
	for _, k := range []int{lo - 1, lo - 3, lo - 6} {
		if k < 0 {
			continue
		}
		q := withGivens(p, grid, order, k)
		if s, complete := truth(q, g.limit); complete {
			cases = append(cases, vcase{fmt.Sprintf("%d givens", k), q, s})
		}
	}
	if lo < n*n {
		// A wrong digit in a blank cell: no solution.
		q := withGivens(p, grid, order, lo)
		c := order[lo]
		q.Givens.Cells[c] = uint8(int(grid.Cells[c])%n + 1)
		if s, complete := truth(q, g.limit); complete {
			cases = append(cases, vcase{"wrong given", q, s})
		}
	}
	if !global {
		other := varianttest.Grid(rng, g.shape)
		if rs := varianttest.Clue(rng, p, other, kind); rs != nil {
			q := withGivens(p, grid, order, max(lo-2, 0))
			q.Rules = append(q.Rules, rs...)
			if q.Validate() == nil {
				if s, complete := truth(q, g.limit); complete {
					cases = append(cases, vcase{"foreign clue", q, s})
				}
			}
		}
	}
	return cases
}

// TestVariantSolutions is the property test of the encoder: for every
// rule kind, on random 4×4, 6×6 and 6×6 jigsaw boards, the grids of the
// formula's models (enumerated through package solver with blocking
// clauses, decoded by package decode) are exactly the grids the checker
// accepts among all classic completions — for puzzles with one solution,
// several and none. Each kind must have met all three.
func TestVariantSolutions(t *testing.T) {
	t.Parallel()
	race.SkipSequential(t)
	kinds := append(slices.Clone(varianttest.Kinds), varianttest.Globals...)
	trials := 4
	if testing.Short() {
		trials = 2
	}
	const limit = 40
	for _, kind := range kinds {
		t.Run(kind, func(t *testing.T) {
			t.Parallel()
			seen := map[string]int{}
			for _, g := range vgeometries {
				for trial := 0; trial < trials; trial++ {
					name := fmt.Sprintf("%s/%s/%d", kind, g.name, trial)
					rng := rand.New(rand.NewPCG(seed(name), 7))
					for _, c := range makeCases(rng, g, kind) {
						f, err := encode.Variant(c.p)
						if err != nil {
							t.Fatalf("%s %s: Variant: %v", name, c.what, err)
						}
						got := satModels(t, c.p, f, limit)
						compare(t, name+" "+c.what, c.p, got, c.sols, limit)
						switch {
						case len(c.sols) == 0:
							seen["none"]++
						case len(c.sols) == 1:
							seen["one"]++
						default:
							seen["several"]++
						}
					}
				}
			}
			for _, k := range []string{"none", "one", "several"} {
				if seen[k] == 0 {
					t.Errorf("no puzzle with %s solution(s) was made for %s: %v", k, kind, seen)
				}
			}
		})
	}
}

// TestVariantErrors checks the errors: a malformed puzzle, an invalid
// rule and an unknown rule type are errors naming what is wrong; clashing
// givens and contradictory rules are unsatisfiable formulas.
func TestVariantErrors(t *testing.T) {
	t.Parallel()
	p := variant.New(board.Square(2))
	unknown := *p
	unknown.Rules = []variant.Rule{variant.Odd{Cell: 0}, stranger{}}
	pointer := *p
	pointer.Rules = []variant.Rule{&variant.Killer{Cells: []int{0, 1}, Sum: 3}}
	invalid := *p
	invalid.Rules = []variant.Rule{variant.Killer{Cells: []int{0, 99}, Sum: 3}}
	badRegions := *p
	badRegions.Regions = []int{0, 0, 0}
	for _, tc := range []struct {
		name string
		p    *variant.Puzzle
		err  error
		text string
	}{
		{"nil", nil, variant.ErrInvalid, "no board"},
		{"unknown rule", &unknown, encode.ErrUnknownRule, "rule 2 (stranger)"},
		{"pointer rule", &pointer, encode.ErrUnknownRule, "*variant.Killer"},
		{"invalid rule", &invalid, variant.ErrInvalid, "rule 1 (killercage)"},
		{"bad regions", &badRegions, variant.ErrInvalid, "region labels"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := encode.Variant(tc.p)
			if !errors.Is(err, tc.err) || !strings.Contains(err.Error(), tc.text) {
				t.Fatalf("Variant = %v, want %v naming %q", err, tc.err, tc.text)
			}
		})
	}
	clash := variant.New(board.Square(2))
	clash.Givens.Cells[0], clash.Givens.Cells[1] = 1, 1
	contradiction := variant.New(board.Square(2))
	contradiction.Rules = []variant.Rule{variant.Killer{Cells: []int{0, 1}, Sum: 2}} // 1+1 is not distinct
	odd := variant.New(board.Square(2))
	odd.Rules = []variant.Rule{variant.Thermometer{Cells: []int{0, 1, 2, 3, 7}}} // five rising digits of 1..4
	for name, q := range map[string]*variant.Puzzle{"clashing givens": clash, "killer 1+1": contradiction, "long thermometer": odd} {
		f, err := encode.Variant(q)
		if err != nil {
			t.Fatalf("%s: Variant: %v", name, err)
		}
		res, err := solver.Solve(context.Background(), f)
		if err != nil || res.Status != encode.Unsat {
			t.Fatalf("%s: %v, %v; want UNSATISFIABLE", name, res.Status, err)
		}
	}
}

// stranger is a rule the encoder does not know. It embeds a rule
// only for the unexported method that seals variant.Rule; its own methods
// hide the rule's, and a type switch does not take it for one.
type stranger struct{ variant.Odd }

func (stranger) Name() string                                           { return "stranger" }
func (stranger) Describe(int) string                                    { return "stranger" }
func (stranger) Scope(*variant.Puzzle) []int                            { return nil }
func (stranger) Validate(*variant.Puzzle) error                         { return nil }
func (stranger) Check(*variant.Puzzle, *board.Board) *variant.Violation { return nil }

// TestVariantDiagonalInnies checks the sums that parallel diagonals imply
// together (the little killers and the X rule's diagonals, less the
// regions they cover): on X puzzles with many little killers, read off a
// grid or one of them off by one, the models are exactly the solutions
// the checker finds, with several, one and no solution.
func TestVariantDiagonalInnies(t *testing.T) {
	t.Parallel()
	race.SkipSequential(t)
	const limit = 40
	seen := map[string]int{}
	for _, g := range vgeometries {
		for trial := 0; trial < 3; trial++ {
			name := fmt.Sprintf("%s/%d", g.name, trial)
			rng := rand.New(rand.NewPCG(seed("innies/"+name), 7))
			n := g.shape.Side()
			p := variant.New(g.shape)
			p.Rules = []variant.Rule{variant.PositiveDiagonal{}, variant.NegativeDiagonal{}}
			if g.irregular {
				p.Regions = varianttest.Regions(rng, varianttest.Grid(rng, g.shape), p.RegionLabels(), 3*n)
			}
			grid := varianttest.Fill(rng, p, 200000)
			if grid == nil {
				continue
			}
			// Little killers from the top and bottom edges, both ways, each
			// kept with probability 5/6, 1/2 or 1/3 by trial: many make
			// regions covered whole (the innies), few leave several
			// solutions.
			keep := []int{5, 3, 2}[trial]
			for col := -1; col <= n; col++ {
				for _, o := range []variant.Outside{{Row: -1, Col: col, DRow: 1, DCol: 1}, {Row: -1, Col: col, DRow: 1, DCol: -1}, {Row: n, Col: col, DRow: -1, DCol: 1}, {Row: n, Col: col, DRow: -1, DCol: -1}} {
					cells := o.Cells(n)
					if len(cells) < 2 || rng.IntN(6) >= keep {
						continue
					}
					s := 0
					for _, c := range cells {
						s += int(grid.Cells[c])
					}
					lk := variant.LittleKiller{Clue: o, Sum: s}
					if lk.Validate(p) == nil {
						p.Rules = append(p.Rules, lk)
					}
				}
			}
			order := rng.Perm(n * n)
			for _, k := range []int{0, n * n / 4, n * n / 3, n * n / 2} {
				for _, off := range []int{0, 1} {
					q := withGivens(p, grid, order, k)
					if off != 0 {
						i := 2 + rng.IntN(len(q.Rules)-2)
						lk := q.Rules[i].(variant.LittleKiller)
						lk.Sum += 1 - 2*rng.IntN(2)
						q.Rules[i] = lk
					}
					sols, complete := truth(q, g.limit)
					if !complete {
						continue
					}
					f, err := encode.Variant(q)
					if err != nil {
						t.Fatalf("%s: Variant: %v", name, err)
					}
					what := fmt.Sprintf("%s, %d givens, off by %d", name, k, off)
					compare(t, what, q, satModels(t, q, f, limit), sols, limit)
					seen[fmt.Sprint(min(len(sols), 2))]++
				}
			}
		}
	}
	for _, k := range []string{"0", "1", "2"} {
		if seen[k] == 0 {
			t.Errorf("no puzzle with %s solution(s) (2: several): %v", k, seen)
		}
	}
}

// TestVariantCageInnies checks the implied cages of the rule of 45
// (cageInnies) on killer sudokus whose cages cover most of the board: the
// models are exactly the grids the checker accepts, on 4×4 and 6×6 boards
// with boxes and jigsaw regions, some cage sums off by one, and puzzles
// with no solution, one and several all occur.
func TestVariantCageInnies(t *testing.T) {
	t.Parallel()
	race.SkipSequential(t)
	const limit = 40
	trials := 30
	if testing.Short() {
		trials = 8
	}
	seen := map[string]int{}
	for _, g := range vgeometries {
		rng := rand.New(rand.NewPCG(seed("cage innies/"+g.name), 45))
		n := g.shape.Side()
		for trial := range trials {
			grid := varianttest.Grid(rng, g.shape)
			p := variant.New(g.shape)
			if g.irregular {
				p.Regions = varianttest.Regions(rng, grid, p.RegionLabels(), 4*n)
			}
			p.Rules = varianttest.KillerTiling(rng, grid, 0.6+0.4*rng.Float64())
			q := withGivens(p, grid, rng.Perm(n*n), rng.IntN(n+1))
			sols, complete := truth(q, g.limit)
			if !complete {
				continue
			}
			f, err := encode.Variant(q)
			if err != nil {
				t.Fatalf("%s/%d: Variant: %v", g.name, trial, err)
			}
			compare(t, fmt.Sprintf("%s/%d", g.name, trial), q, satModels(t, q, f, limit), sols, limit)
			seen[fmt.Sprint(min(len(sols), 2))]++
		}
	}
	for _, k := range []string{"0", "1", "2"} {
		if seen[k] == 0 {
			t.Errorf("no puzzle with %s solution(s) (2: several): %v", k, seen)
		}
	}
}
