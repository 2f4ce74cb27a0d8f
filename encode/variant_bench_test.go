package encode_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/solver"
	"github.com/satdoku/satdoku/variant"
	"github.com/satdoku/satdoku/variant/varianttest"
)

// A built puzzle is a 9×9 variant puzzle made for the benchmarks, with its
// unique solution.
type built struct {
	name     string
	p        *variant.Puzzle
	solution *board.Board
}

// buildPuzzle makes a 9×9 puzzle with clues clues of the given kinds read
// off a random grid, then its givens: every cell given, then each removed
// in random order unless the puzzle would lose its uniqueness (a
// locally minimal set of givens; none when the rules alone decide the
// grid). Uniqueness is decided with Variant and package solver. It returns
// nil if no grid keeps a global kind within the search budget.
func buildPuzzle(rng *rand.Rand, name string, kinds []string, clues int) *built {
	return buildPuzzleWith(rng, name, kinds, clues, func(p *variant.Puzzle) *encode.Formula {
		f, err := encode.Variant(p)
		if err != nil {
			panic(err)
		}
		return f
	})
}

// buildPuzzleWith is buildPuzzle deciding uniqueness on the formula that
// formula returns.
func buildPuzzleWith(rng *rand.Rand, name string, kinds []string, clues int, formula func(*variant.Puzzle) *encode.Formula) *built {
	s := board.Classic
	p := variant.New(s)
	var grid *board.Board
	for _, k := range kinds {
		if slices.Contains(varianttest.Globals, k) {
			p.Rules = append(p.Rules, varianttest.Global(k, 9))
		}
	}
	if len(p.Rules) > 0 {
		grid = varianttest.Fill(rng, p, 400000)
	} else {
		grid = varianttest.Grid(rng, s)
	}
	if grid == nil {
		return nil
	}
	var local []string
	for _, k := range kinds {
		if !slices.Contains(varianttest.Globals, k) {
			local = append(local, k)
		}
	}
	for i := 0; i < clues && len(local) > 0; i++ {
		if rs := varianttest.Clue(rng, p, grid, local[rng.IntN(len(local))]); rs != nil {
			p.Rules = append(p.Rules, rs...)
		}
	}
	p.Givens = grid.Clone()
	unique := func() bool {
		models, _, err := solver.Count(context.Background(), formula(p), 2)
		if err != nil {
			panic(err)
		}
		return len(models) == 1
	}
	for _, c := range rng.Perm(81) {
		d := p.Givens.Cells[c]
		p.Givens.Cells[c] = 0
		if !unique() {
			p.Givens.Cells[c] = d
		}
	}
	return &built{name: name, p: p, solution: grid}
}

var (
	benchOnce    sync.Once
	benchPuzzles []*built
)

// benchSet returns the benchmark puzzles: for every rule kind two puzzles
// with eight clues of it, two killer puzzles of cages only, and mixes of
// kinds. They are built once per process, from fixed seeds.
func benchSet() []*built {
	benchOnce.Do(func() {
		rng := rand.New(rand.NewPCG(2024, 9))
		add := func(name string, kinds []string, clues int) {
			if b := buildPuzzle(rng, name, kinds, clues); b != nil {
				benchPuzzles = append(benchPuzzles, b)
			}
		}
		for _, k := range varianttest.Kinds {
			for i := 0; i < 2; i++ {
				add(fmt.Sprintf("%s-%d", k, i+1), []string{k}, 8)
			}
		}
		for _, k := range varianttest.Globals {
			add(k, []string{k, "killercage"}, 4)
		}
		for i := 0; i < 2; i++ {
			add(fmt.Sprintf("killer-only-%d", i+1), []string{"killercage"}, 40)
		}
		for i := 0; i < 4; i++ {
			add(fmt.Sprintf("mix-%d", i+1), []string{"thermometer", "arrow", "killercage", "difference", "whispers", "xsum", "sandwichsum", "littlekillersum"}, 10)
		}
	})
	return benchPuzzles
}

// solveOne encodes and solves a puzzle through package solver and checks
// the answer; limit 1 solves, 2 proves uniqueness.
func solveOne(tb testing.TB, sv *solver.Solver, bp *built, limit int, build func(*variant.Puzzle) (*encode.Formula, error)) {
	f, err := build(bp.p)
	if err != nil {
		tb.Fatal(err)
	}
	models, _, err := sv.Count(context.Background(), f, limit)
	if err != nil {
		tb.Fatal(err)
	}
	if len(models) != 1 {
		tb.Fatalf("%s: %d models, want 1", bp.name, len(models))
	}
	g, err := decodeGrid(bp.p, models[0])
	if err != nil || !g.Equal(bp.solution) {
		tb.Fatalf("%s: the model is not the solution (%v)", bp.name, err)
	}
}

// BenchmarkVariant9x9 solves every benchmark puzzle once per iteration
// (encode, solve through package solver, decode, compare with the
// solution) and reports the median and the slowest puzzle's time in
// milliseconds. Sub-benchmarks: "solve" finds the solution, "unique"
// also proves there is no other; the encodings compared are the default
// (Variant), no killer combination variables, sums of two or three cells
// as Sums, and the whole formula expanded to clauses (Clausal) before
// gophersat.
// benchEncodings are the encodings the benchmarks compare: the default
// (Variant), no killer combination variables, sums of two or three cells
// as Sums, and the whole formula expanded to clauses (Clausal) before
// gophersat.
var benchEncodings = []struct {
	name  string
	build func(*variant.Puzzle) (*encode.Formula, error)
}{
	{"default", encode.Variant},
	{"nocombos", func(p *variant.Puzzle) (*encode.Formula, error) { return encode.VariantWith(p, 0, true) }},
	{"pbsums", func(p *variant.Puzzle) (*encode.Formula, error) { return encode.VariantWith(p, 32, false) }},
	{"clausal", func(p *variant.Puzzle) (*encode.Formula, error) {
		f, err := encode.Variant(p)
		if err != nil {
			return nil, err
		}
		return f.Clausal(), nil
	}},
}

// BenchmarkVariant9x9 solves every constructed benchmark puzzle once per
// iteration (encode, solve through package solver, decode, compare with
// the solution) and reports the median and the slowest puzzle's time in
// milliseconds. Sub-benchmarks: "solve" finds the solution, "unique"
// also proves there is no other, each with every benchEncodings entry.
func BenchmarkVariant9x9(b *testing.B) {
	set := benchSet()
	for _, mode := range []struct {
		name  string
		limit int
	}{{"solve", 1}, {"unique", 2}} {
		for _, enc := range benchEncodings {
			b.Run(mode.name+"/"+enc.name, func(b *testing.B) {
				var sv solver.Solver
				times := make([][]time.Duration, len(set))
				b.ReportAllocs()
				for b.Loop() {
					for i, bp := range set {
						start := time.Now()
						solveOne(b, &sv, bp, mode.limit, enc.build)
						times[i] = append(times[i], time.Since(start))
					}
				}
				reportTimes(b, times, func(i int) string { return set[i].name })
			})
		}
	}
}

// TestBenchPuzzles checks the benchmark puzzles: each has one solution,
// the grid it was made from, which the checker accepts. It also prints
// (with -v) the size of each formula and the puzzles by time.
func TestBenchPuzzles(t *testing.T) {
	if testing.Short() {
		t.Skip("builds 9x9 puzzles (about a minute); run without -short")
	}
	set := benchSet()
	if len(set) < 2*len(varianttest.Kinds) {
		t.Fatalf("only %d benchmark puzzles built", len(set))
	}
	var sv solver.Solver
	type timing struct {
		name string
		d    time.Duration
	}
	var ts []timing
	for _, bp := range set {
		if err := variant.Check(bp.p, bp.solution); err != nil {
			t.Fatalf("%s: %v", bp.name, err)
		}
		start := time.Now()
		solveOne(t, &sv, bp, 2, encode.Variant)
		ts = append(ts, timing{bp.name, time.Since(start)})
	}
	sort.Slice(ts, func(i, j int) bool { return ts[i].d > ts[j].d })
	for _, x := range ts[:min(10, len(ts))] {
		t.Logf("%-24s %v", x.name, x.d)
	}
}
