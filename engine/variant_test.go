package engine

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/fallback"
	"github.com/satdoku/satdoku/internal/race"
	"github.com/satdoku/satdoku/internal/variantcorpus"
	"github.com/satdoku/satdoku/variant"
	"github.com/satdoku/satdoku/variant/varianttest"
)

// describeVariant lists a puzzle's rules and givens for failure messages.
func describeVariant(p *variant.Puzzle) string {
	var sb strings.Builder
	for _, r := range p.Rules {
		fmt.Fprintf(&sb, "  %s\n", r.Describe(p.Side()))
	}
	if p.Regions != nil {
		fmt.Fprintf(&sb, "  regions %v\n", p.Regions)
	}
	fmt.Fprintf(&sb, "givens:\n%v", p.Givens)
	return sb.String()
}

// allSolutions returns every grid variant.Check accepts for p, by brute
// force (varianttest.Completions lists the completions of the givens and
// the checker judges each), and false if there were more than limit
// completions to judge.
func allSolutions(p *variant.Puzzle, limit int) ([]*board.Board, bool) {
	var out []*board.Board
	_, complete := varianttest.Completions(p, limit, func(g *board.Board) bool {
		if variant.Check(p, g) == nil {
			out = append(out, g.Clone())
		}
		return true
	})
	return out, complete
}

// checkVariantResult fails the test unless res counts min(len(want), 2)
// solutions, each checked and among want, and differs in its two grids.
func checkVariantResult(tb testing.TB, where string, p *variant.Puzzle, res Result, want []*board.Board) {
	tb.Helper()
	in := func(g *board.Board) bool {
		return slices.ContainsFunc(want, func(w *board.Board) bool { return w.Equal(g) })
	}
	switch {
	case len(want) == 0:
		if res.Status != NoSolution {
			tb.Fatalf("%s: %v (%v), want no solution\n%s", where, res.Status, res.Err, describeVariant(p))
		}
		return
	case res.Status != Solved:
		tb.Fatalf("%s: %v (%v), want solved (%d solutions)\n%s", where, res.Status, res.Err, len(want), describeVariant(p))
	case res.Count != min(len(want), 2):
		tb.Fatalf("%s: count %d, want %d\n%s", where, res.Count, min(len(want), 2), describeVariant(p))
	}
	for _, g := range []*board.Board{res.Solution, res.Second} {
		if g == nil {
			continue
		}
		if err := variant.Check(p, g); err != nil || !in(g) {
			tb.Fatalf("%s: a solution the checker rejects (%v):\n%v", where, err, g)
		}
	}
	if (res.Second != nil) != (len(want) > 1) || res.Second != nil && res.Second.Equal(res.Solution) {
		tb.Fatalf("%s: second solution %v with %d solutions", where, res.Second, len(want))
	}
}

// conflictCheckBudget bounds each backtracker run of checkVariantConflict:
// generous, so that on the small boards only a hang fails.
const conflictCheckBudget = 2 * time.Minute

// errInconclusive is checkVariantConflict's answer when the backtracker ran
// out of its budget.
const errInconclusive = "inconclusive: the backtracker ran out of time"

// checkVariantConflict verifies, with the backtracker only, that the
// givens at cells and the rules at rules admit no completion, and that
// without any one of them the rest do. It returns "" or what is wrong.
func checkVariantConflict(p *variant.Puzzle, cells, rules []int) string {
	return checkVariantConflictWithin(conflictCheckBudget, p, cells, rules)
}

// checkVariantConflictWithin is checkVariantConflict with each backtracker
// run bounded by budget.
func checkVariantConflictWithin(budget time.Duration, p *variant.Puzzle, cells, rules []int) string {
	sub := func(skipCell, skipRule int) *variant.Puzzle {
		q := &variant.Puzzle{Givens: board.New(p.Givens.Shape), Regions: p.Regions}
		for _, c := range cells {
			if c != skipCell {
				q.Givens.Cells[c] = p.Givens.Cells[c]
			}
		}
		for _, r := range rules {
			if r != skipRule {
				q.Rules = append(q.Rules, p.Rules[r])
			}
		}
		return q
	}
	count := func(q *variant.Puzzle) int {
		ctx, cancel := context.WithTimeout(bg, budget)
		defer cancel()
		r, err := fallback.NewSolver().SolveVariant(ctx, q, 1)
		if err != nil {
			return -1
		}
		return r.Count
	}
	if len(cells)+len(rules) == 0 {
		return "empty conflict"
	}
	if !slices.IsSorted(cells) || !slices.IsSorted(rules) {
		return "conflict not in increasing order"
	}
	for _, c := range cells {
		if p.Givens.Cells[c] == 0 {
			return fmt.Sprintf("conflict cell %s is blank in the puzzle", p.Givens.CellName(c))
		}
	}
	switch count(sub(-1, -1)) {
	case -1:
		return errInconclusive
	case 0:
	default:
		return "the conflict has a completion"
	}
	names := ConflictNames(p, cells, rules)
	for i, c := range cells {
		switch count(sub(c, -1)) {
		case -1:
			return errInconclusive
		case 0:
			return "not minimal: without " + names[i] + " the rest still has no completion"
		}
	}
	for i, r := range rules {
		switch count(sub(-1, r)) {
		case -1:
			return errInconclusive
		case 0:
			return "not minimal: without " + names[len(cells)+i] + " the rest still has no completion"
		}
	}
	return ""
}

// variantSizes are the boards of the property tests: the shape, the range
// of givens copied from the grid and how many completions the brute force
// may judge.
var variantSizes = []struct {
	shape                board.Shape
	minGivens, maxGivens int
	completions          int
}{
	{board.Square(2), 0, 6, 300},
	{board.Shape{BoxRows: 2, BoxCols: 3}, 10, 18, 20000},
}

// TestVariantEnginesAgree is the property test of every rule kind (and
// every global rule) on random 4×4 and 6×6 puzzles: clues read off a
// random grid (now and then off another, so that puzzles with no
// solution, one and several all occur), givens copied from it. Against
// the brute force's exact set of solutions it checks, counting to 2, the
// SAT engine, the backtracker and both compared, the external solver on
// some, the true candidates (the union of the solutions' digits), and on
// puzzles with no solution the explanation's minimality (by the
// backtracker).
func TestVariantEnginesAgree(t *testing.T) {
	t.Parallel()
	race.SkipSequential(t)
	trials := 20
	if testing.Short() {
		trials = 6
	}
	ext := externalSolver()
	kinds := append(slices.Clone(varianttest.Kinds), varianttest.Globals...)
	for ki, kind := range kinds {
		t.Run(kind, func(t *testing.T) {
			t.Parallel()
			sat := newEngine(t, Options{Kind: SAT, Limit: 2, Explain: true})
			bt := newEngine(t, Options{Kind: Backtrack, Limit: 2})
			both := newEngine(t, Options{Kind: Both, Limit: 2})
			withCands := newEngine(t, Options{Kind: Backtrack, Candidates: true})
			var external *Engine
			if ext != nil {
				external = newEngine(t, Options{Kind: External, Limit: 2, SatCmd: ext})
			}
			global := slices.Contains(varianttest.Globals, kind)
			var tally [3]int
			for si, size := range variantSizes {
				rng := rand.New(rand.NewPCG(uint64(ki), uint64(si)))
				for trial := range trials {
					p := variant.New(size.shape)
					var grid *board.Board
					if global {
						p.Rules = []variant.Rule{varianttest.Global(kind, size.shape.Side())}
						if grid = varianttest.Fill(rng, p, 200000); grid == nil {
							grid = varianttest.Grid(rng, size.shape) // the rule then likely has no solution
						}
					} else {
						grid = varianttest.Grid(rng, size.shape)
						other := varianttest.Grid(rng, size.shape)
						for range 1 + rng.IntN(3) {
							from := grid
							if rng.IntN(4) == 0 {
								from = other
							}
							p.Rules = append(p.Rules, varianttest.Clue(rng, p, from, kind)...)
						}
						if len(p.Rules) == 0 {
							continue
						}
					}
					k := size.minGivens + rng.IntN(size.maxGivens-size.minGivens+1)
					if trial%3 == 0 && strings.HasPrefix(kind, "nonconsecutive") {
						k = rng.IntN(3) // the rule reads every pair of neighbours: few givens, or it is always unique
					}
					for _, c := range rng.Perm(len(grid.Cells))[:k] {
						p.Givens.Cells[c] = grid.Cells[c]
					}
					if global && trial%3 == 1 {
						// A given changed: the grid keeps the rule, so
						// puzzles with no solution need another digit.
						c := rng.IntN(len(grid.Cells))
						p.Givens.Cells[c] = uint8(1 + rng.IntN(size.shape.Side()))
					}
					want, complete := allSolutions(p, size.completions)
					if !complete {
						continue
					}
					tally[min(len(want), 2)]++
					where := fmt.Sprintf("%s %v trial %d", kind, size.shape, trial)
					checkVariantResult(t, where+" sat", p, sat.SolvePuzzle(bg, p), want)
					checkVariantResult(t, where+" backtrack", p, bt.SolvePuzzle(bg, p), want)
					res := both.SolvePuzzle(bg, p)
					checkVariantResult(t, where+" both", p, res, want)
					if external != nil && trial%4 == 0 {
						checkVariantResult(t, where+" external", p, external.SolvePuzzle(bg, p), want)
					}
					checkCandidates(t, where, sat, p, want)
					checkSolvedCandidates(t, where, withCands.SolvePuzzle(bg, p), want)
					if len(want) == 0 {
						res := sat.SolvePuzzle(bg, p)
						if !res.Confirmed {
							t.Errorf("%s: no solution not confirmed", where)
						}
						if len(res.Clashes) == 0 {
							if res.Err != nil {
								t.Fatalf("%s: explaining: %v", where, res.Err)
							}
							if why := checkVariantConflict(p, res.Conflict, res.ConflictRules); why != "" {
								t.Fatalf("%s: explanation %q: %s\n%s", where, ConflictNames(p, res.Conflict, res.ConflictRules), why, describeVariant(p))
							}
						}
					}
				}
			}
			t.Logf("%s: %d with no solution, %d unique, %d with several", kind, tally[0], tally[1], tally[2])
			if !testing.Short() && (tally[0] == 0 || tally[1] == 0 || tally[2] == 0) {
				t.Errorf("%s: not every outcome occurred", kind)
			}
		})
	}
}

// checkCandidates compares the true candidates of p with the digits of
// its solutions.
func checkCandidates(tb testing.TB, where string, e *Engine, p *variant.Puzzle, want []*board.Board) {
	tb.Helper()
	got, err := e.Candidates(bg, p)
	if err != nil {
		tb.Fatalf("%s: candidates: %v", where, err)
	}
	if len(want) == 0 {
		if got != nil {
			tb.Fatalf("%s: candidates %v for a puzzle with no solution", where, got)
		}
		return
	}
	sets := make([]uint64, len(p.Givens.Cells))
	for _, g := range want {
		for i, d := range g.Cells {
			sets[i] |= 1 << (d - 1)
		}
	}
	if !slices.Equal(got, sets) {
		tb.Fatalf("%s: candidates %v, the %d solutions give %v\n%s", where, got, len(want), sets, describeVariant(p))
	}
}

// checkSolvedCandidates checks the true candidates a solve with
// Options.Candidates found (res) against the digits of p's solutions:
// none for a puzzle with no solution.
func checkSolvedCandidates(tb testing.TB, where string, res Result, want []*board.Board) {
	tb.Helper()
	if len(want) == 0 {
		if res.Status != NoSolution || res.Candidates != nil {
			tb.Fatalf("%s: %v with candidates %v for a puzzle with no solution (%v)", where, res.Status, res.Candidates, res.Err)
		}
		return
	}
	sets := make([]uint64, len(want[0].Cells))
	for _, g := range want {
		for i, d := range g.Cells {
			sets[i] |= 1 << (d - 1)
		}
	}
	if res.Status != Solved || !slices.Equal(res.Candidates, sets) {
		tb.Fatalf("%s: %v (%v) with candidates %v, the %d solutions give %v", where, res.Status, res.Err, res.Candidates, len(want), sets)
	}
}

// TestVariantMixed puts several rule kinds on one board, with irregular
// regions on half the boards (5×5 jigsaws among them), and checks every
// engine against the brute force as TestVariantEnginesAgree does.
func TestVariantMixed(t *testing.T) {
	t.Parallel()
	trials := 90
	if testing.Short() {
		trials = 24
	}
	shapes := []struct {
		shape  board.Shape
		givens int
	}{
		{board.Square(2), 2},
		{board.Shape{BoxRows: 1, BoxCols: 5}, 5},
		{board.Shape{BoxRows: 2, BoxCols: 3}, 12},
	}
	rng := rand.New(rand.NewPCG(41, 42))
	sat := newEngine(t, Options{Kind: SAT, Limit: 2, Explain: true})
	bt := newEngine(t, Options{Kind: Backtrack, Limit: 2})
	both := newEngine(t, Options{Kind: Both, Limit: 2})
	var tally [3]int
	for trial := range trials {
		sh := shapes[trial%len(shapes)]
		p := varianttest.Mixed(rng, sh.shape, trial%2 == 0, sh.givens)
		if p.Validate() != nil {
			continue
		}
		want, complete := allSolutions(p, 20000)
		if !complete {
			continue
		}
		tally[min(len(want), 2)]++
		where := fmt.Sprintf("mixed trial %d", trial)
		checkVariantResult(t, where+" sat", p, sat.SolvePuzzle(bg, p), want)
		checkVariantResult(t, where+" backtrack", p, bt.SolvePuzzle(bg, p), want)
		checkVariantResult(t, where+" both", p, both.SolvePuzzle(bg, p), want)
		checkCandidates(t, where, sat, p, want)
	}
	t.Logf("mixed: %d with no solution, %d unique, %d with several", tally[0], tally[1], tally[2])
}

// TestSolvePuzzleClassic: a puzzle with no rules and the boxes as regions
// (given as labels or not) takes the classic path and agrees with Solve;
// the same puzzle with other regions does not.
func TestSolvePuzzleClassic(t *testing.T) {
	t.Parallel()
	b := readPuzzles(t, top1465Sample)[0].Board
	e := newEngine(t, Options{Limit: 2})
	want := e.Solve(bg, b)
	p := &variant.Puzzle{Givens: b}
	labels := slices.Clone(p.RegionLabels())
	for i := range labels {
		labels[i] = 8 - labels[i] // the boxes, labelled in another order
	}
	for _, q := range []*variant.Puzzle{p, {Givens: b, Regions: labels}} {
		if !classic(q) {
			t.Fatalf("regions %v: not classic", q.Regions)
		}
		got := e.SolvePuzzle(bg, q)
		if got.Status != Solved || got.Count != 1 || !got.Solution.Equal(want.Solution) || got.Stage != want.Stage {
			t.Fatalf("classic variant: %+v, Solve gives %+v", got, want)
		}
	}
	labels[0], labels[80] = labels[80], labels[0]
	if classic(&variant.Puzzle{Givens: b, Regions: labels}) {
		t.Fatal("other regions taken for the boxes")
	}
	if classic(&variant.Puzzle{Givens: b, Rules: []variant.Rule{variant.AntiKnight{}}}) {
		t.Fatal("a puzzle with a rule taken for a classic one")
	}
}

// TestSolvePuzzleInvalid: malformed puzzles are Invalid with the checker's
// errors, clashing givens are a confirmed no-solution (with the clashes
// when explaining, named by region), and a rule type no engine knows is
// Invalid, never a crash or a wrong answer.
func TestSolvePuzzleInvalid(t *testing.T) {
	t.Parallel()
	s := board.Square(2)
	clash := variant.New(s)
	clash.Givens.Cells[0], clash.Givens.Cells[1] = 1, 1
	clash.Rules = []variant.Rule{variant.AntiKing{}}
	irregular := variant.New(s)
	irregular.Regions = []int{0, 0, 1, 1, 0, 0, 1, 1, 2, 3, 2, 3, 2, 3, 2, 3}
	irregular.Givens.Cells[8], irregular.Givens.Cells[14] = 2, 2 // r3c1, r4c3: region 3
	badRule := variant.New(s)
	badRule.Rules = []variant.Rule{variant.Killer{Cells: []int{0, 99}, Sum: 3}}
	strange := variant.New(s)
	strange.Rules = []variant.Rule{strangeRule{}}
	for _, k := range append(slices.Clone(kinds), External) {
		e := newEngine(t, Options{Kind: k, Explain: true, SatCmd: []string{"false"}})
		if res := e.SolvePuzzle(bg, nil); res.Status != Invalid {
			t.Errorf("%v nil: %v", k, res.Status)
		}
		if res := e.SolvePuzzle(bg, badRule); res.Status != Invalid || !errors.Is(res.Err, variant.ErrInvalid) {
			t.Errorf("%v bad rule: %v %v", k, res.Status, res.Err)
		}
		res := e.SolvePuzzle(bg, clash)
		if res.Status != NoSolution || !res.Confirmed || len(res.Clashes) != 1 || res.Clashes[0].Unit != "row 1" {
			t.Errorf("%v clash: %+v", k, res)
		}
		res = e.SolvePuzzle(bg, irregular)
		if res.Status != NoSolution || len(res.Clashes) != 1 || res.Clashes[0].Unit != "region 3" {
			t.Errorf("%v irregular clash: %+v %v", k, res, res.Clashes)
		}
		if k == External {
			continue
		}
		if res := e.SolvePuzzle(bg, strange); res.Status != Invalid || res.Err == nil {
			t.Errorf("%v unknown rule: %v %v", k, res.Status, res.Err)
		}
	}
	if _, err := newEngine(t, Options{}).Candidates(bg, badRule); !errors.Is(err, variant.ErrInvalid) {
		t.Errorf("candidates of a bad puzzle: %v", err)
	}
	if got, err := newEngine(t, Options{}).Candidates(bg, clash); got != nil || err != nil {
		t.Errorf("candidates of clashing givens: %v %v", got, err)
	}
}

// strangeRule is a rule type of another package: no engine knows it. It embeds a rule
// only for the unexported method that seals variant.Rule; its own methods
// hide the rule's, and a type switch does not take it for one.
type strangeRule struct{ variant.Odd }

func (strangeRule) Name() string                                           { return "strange" }
func (strangeRule) Describe(int) string                                    { return "a strange rule" }
func (strangeRule) Scope(*variant.Puzzle) []int                            { return nil }
func (strangeRule) Validate(*variant.Puzzle) error                         { return nil }
func (strangeRule) Check(*variant.Puzzle, *board.Board) *variant.Violation { return nil }

// TestVariantNarrowing checks how the SAT engine's formula is narrowed:
// a corpus puzzle that propagation and probing decide says so in its
// Stage (and is settled without search), one they leave open is decided
// by gophersat's search, and Both's SAT engine is never narrowed; every
// answer is the manifest's solution, proven unique.
func TestVariantNarrowing(t *testing.T) {
	t.Parallel()
	byFile := map[string]*variant.Puzzle{}
	want := map[string]*board.Board{}
	for _, c := range variantcorpus.Read(t) {
		byFile[c.File], want[c.File] = c.Puzzle, c.Solution
	}
	tests := []struct {
		file    string
		kind    Kind
		stage   encode.Stage
		settled bool
	}{
		{"sigh/x-sum-little-killer.json", SAT, encode.StageProbing, true},
		{"sigh/bicycle-race.json", SAT, encode.StageSearch, false},
		{"sigh/x-sum-little-killer.json", Both, encode.StageSearch, false},
	}
	for _, tc := range tests {
		p := byFile[tc.file]
		if p == nil {
			t.Fatalf("%s: not in the corpus", tc.file)
		}
		res := newEngine(t, Options{Kind: tc.kind, Limit: 2}).SolvePuzzle(bg, p)
		if res.Status != Solved || res.Count != 1 || !res.Solution.Equal(want[tc.file]) {
			t.Fatalf("%s %v: %v, %d solutions (%v)", tc.file, tc.kind, res.Status, res.Count, res.Err)
		}
		if res.Stage != tc.stage || res.Settled != tc.settled {
			t.Errorf("%s %v: stage %v, settled %v; want %v, %v", tc.file, tc.kind, res.Stage, res.Settled, tc.stage, tc.settled)
		}
	}
}
