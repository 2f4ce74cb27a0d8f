package engine

import (
	"context"
	"math/bits"
	"slices"
	"testing"
	"time"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/fallback"
	"github.com/satdoku/satdoku/internal/variantcorpus"
	"github.com/satdoku/satdoku/variant"
)

// TestPortfolioVerdicts: the portfolio's answers on puzzles of every
// verdict (unique, several solutions, no solution, clashing givens, 4×4
// to 16×16) are those of the backtracker's package functions, every grid
// verified, whichever side answers: the backtracker alone (a head start
// of an hour), the two started together (its SAT side in this process),
// and the default head start. The answer names the side that gave it.
func TestPortfolioVerdicts(t *testing.T) {
	t.Parallel()
	bg := context.Background()
	for _, head := range []time.Duration{time.Hour, -1, 0} {
		eng := newEngine(t, Options{Kind: Portfolio, Limit: 2, HeadStart: head})
		for _, k := range knownPuzzles(t, 8) {
			res := eng.Solve(bg, k.p)
			w := k.where + " head start " + head.String()
			switch {
			case k.count == 0:
				if res.Status != NoSolution {
					t.Errorf("%s: %v %v, want no solution", w, res.Status, res.Err)
				}
				continue
			case res.Status != Solved:
				t.Errorf("%s: %v %v", w, res.Status, res.Err)
				continue
			case res.Count != k.count:
				t.Errorf("%s: count %d, want %d", w, res.Count, k.count)
			case k.count == 1 && !res.Solution.Equal(k.sol):
				t.Errorf("%s: another grid than the backtracker's", w)
			}
			for _, g := range []*board.Board{res.Solution, res.Second} {
				if g != nil && board.Verify(k.p, g) != nil {
					t.Errorf("%s: a grid that fails verification", w)
				}
			}
			if res.Engine != "sat" && res.Engine != "backtrack" {
				t.Errorf("%s: answered by %q", w, res.Engine)
			}
			if head == time.Hour && res.Engine != "backtrack" {
				t.Errorf("%s: answered by %q before the SAT side joined", w, res.Engine)
			}
		}
	}
}

// TestPortfolioCandidates: the true candidates of the portfolio's
// backtracker side (a head start of an hour: it answers alone) are the
// SAT engine's (solver.Possible, an independent search) on the quick
// 9×9 puzzles of the corpus, on puzzles of the corpus with several
// solutions, and on classic puzzles; and with the two sides started
// together, whichever answers, on a sample of them.
func TestPortfolioCandidates(t *testing.T) {
	t.Parallel()
	bg := context.Background()
	sat := newEngine(t, Options{Kind: SAT})
	type named struct {
		name string
		p    *variant.Puzzle
	}
	var puzzles []named
	for _, c := range variantcorpus.Read(t) {
		if c.Puzzle.Side() <= 9 && !slowCorpus[c.File] {
			puzzles = append(puzzles, named{c.File, c.Puzzle})
		}
	}
	few, _ := fewSolutions(t, 4)
	for i, p := range few {
		puzzles = append(puzzles, named{"few solutions " + string(rune('a'+i)), p})
	}
	for i, pz := range readPuzzles(t, sergSample)[:4] {
		puzzles = append(puzzles, named{"serg " + string(rune('a'+i)), &variant.Puzzle{Givens: pz.Board}})
	}
	if testing.Short() {
		puzzles = puzzles[:len(puzzles)/3]
	}
	for _, head := range []time.Duration{time.Hour, -1} {
		eng := newEngine(t, Options{Kind: Portfolio, Candidates: true, HeadStart: head})
		for i, q := range puzzles {
			if head < 0 && i%4 != 0 {
				continue // the race itself: a sample is enough
			}
			want, err := sat.Candidates(bg, q.p)
			if err != nil {
				t.Fatalf("%s: sat: %v", q.name, err)
			}
			res := eng.SolvePuzzle(bg, q.p)
			if res.Status != Solved || variant.Check(q.p, res.Solution) != nil {
				t.Errorf("%s, head start %v: %v %v", q.name, head, res.Status, res.Err)
				continue
			}
			if head == time.Hour && res.Engine != "backtrack" {
				t.Errorf("%s: answered by %q before the SAT side joined", q.name, res.Engine)
			}
			if !slices.Equal(res.Candidates, want) {
				t.Errorf("%s, head start %v, by %s: candidates differ from the SAT engine's", q.name, head, res.Engine)
			}
		}
	}
}

// TestPortfolioExplains: with Explain, a puzzle with no solution gets the
// SAT side's explanation whichever side proves it first.
func TestPortfolioExplains(t *testing.T) {
	t.Parallel()
	eng := newEngine(t, Options{Kind: Portfolio, Explain: true, HeadStart: -1})
	for _, pz := range readPuzzles(t, noSolutionFile)[:3] {
		res := eng.Solve(context.Background(), pz.Board)
		if res.Status != NoSolution || (len(res.Clashes) == 0 && len(res.Conflict) == 0) {
			t.Errorf("line %d: %v, %d clashes, conflict %v, %v", pz.Line, res.Status, len(res.Clashes), res.Conflict, res.Err)
		}
	}
}

// TestPortfolioContext: a portfolio whose context has ended, or ends
// while its backtracker counts the solutions of a blank 16×16 with
// anti-knight and non-consecutive rules up to a million, answers a
// timeout. (The SAT side is left out here, where it would run in this
// process: package batch's tests race the two, the SAT side in a worker
// process.)
func TestPortfolioContext(t *testing.T) {
	t.Parallel()
	eng := newEngine(t, Options{Kind: Portfolio, Limit: 1_000_000, HeadStart: time.Hour})
	ended, cancel := context.WithCancel(context.Background())
	cancel()
	if res := eng.Solve(ended, mustParse(t, "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")); res.Status != Timeout {
		t.Errorf("ended context: %v %v", res.Status, res.Err)
	}
	s := board.Square(4)
	rules, err := variant.ParseRules("antiknight,nonconsecutive", s)
	if err != nil {
		t.Fatal(err)
	}
	vp := variant.New(s)
	vp.Rules = rules
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	if res := eng.SolvePuzzle(ctx, vp); res.Status != Timeout {
		t.Errorf("blank 16×16: %v %v, want a timeout", res.Status, res.Err)
	}
}

// TestPortfolioPencilMarks: a 9×9 pencil-mark sudoku (no rule but given
// marks) is the backtracker's alone, as a classic board is, even with the
// SAT side set to start at once; its counts are the SAT engine's, its
// grids verified; one with no solution is explained with Explain
// (TestPortfolioPencilMarkCandidates: with Candidates).
func TestPortfolioPencilMarks(t *testing.T) {
	t.Parallel()
	bg := context.Background()
	sat := newEngine(t, Options{Kind: SAT, Limit: 2})
	eng := newEngine(t, Options{Kind: Portfolio, Limit: 2, HeadStart: -1, Explain: true})
	tried := 0
	for _, k := range knownPuzzles(t, 4) {
		if k.count != 1 || k.p.Shape != board.Classic {
			continue
		}
		// Each blank cell marked with its digit and the next one.
		p := &variant.Puzzle{Givens: k.p.Clone()}
		for c, d := range k.sol.Cells {
			if k.p.Cells[c] == 0 {
				p.Rules = append(p.Rules, variant.PencilMarks{Cell: c, Digits: []int{min(int(d), int(d)%9+1), max(int(d), int(d)%9+1)}})
			}
		}
		want := sat.SolvePuzzle(bg, p)
		res := eng.SolvePuzzle(bg, p)
		tried++
		if res.Status != Solved || res.Count != want.Count || res.Engine != "backtrack" {
			t.Errorf("%s with marks: %v, %d solutions by %q; the SAT engine %v, %d", k.where, res.Status, res.Count, res.Engine, want.Status, want.Count)
			continue
		}
		for _, g := range []*board.Board{res.Solution, res.Second} {
			if g != nil && variant.Check(p, g) != nil {
				t.Errorf("%s with marks: a grid that fails the check", k.where)
			}
		}
	}
	if tried == 0 {
		t.Fatal("no puzzle tried")
	}
	// r1c1 and r1c2 both marked 5 only: no solution, and the two marks
	// are the explanation.
	p := &variant.Puzzle{Givens: board.New(board.Classic), Rules: []variant.Rule{
		variant.PencilMarks{Cell: 0, Digits: []int{5}}, variant.PencilMarks{Cell: 1, Digits: []int{5}}}}
	res := eng.SolvePuzzle(bg, p)
	if res.Status != NoSolution || res.Engine != "backtrack" || len(res.Conflict)+len(res.ConflictRules) == 0 {
		t.Errorf("two cells marked 5 in a row: %v by %q, conflict %v, rules %v, %v", res.Status, res.Engine, res.Conflict, res.ConflictRules, res.Err)
	}
}

// TestPortfolioPencilMarkCandidates: the true candidates of a 9×9
// pencil-mark sudoku are the backtracker's alone, even with the SAT side
// set to start at once, and equal the SAT engine's: classic puzzles whose
// blank cells are marked with their digit and the next (one solution or
// two), and their solutions with no givens, every cell marked with its
// digit and the next, every third with the one after too (many solutions:
// one search by the 9×9 path); and marks that leave no solution.
func TestPortfolioPencilMarkCandidates(t *testing.T) {
	t.Parallel()
	bg := context.Background()
	sat := newEngine(t, Options{Kind: SAT})
	eng := newEngine(t, Options{Kind: Portfolio, Candidates: true, HeadStart: -1})
	counts := map[int]int{}
	for _, k := range knownPuzzles(t, 4) {
		if k.count != 1 || k.p.Shape != board.Classic {
			continue
		}
		for _, wide := range []bool{false, true} {
			p := &variant.Puzzle{Givens: k.p.Clone()}
			if wide {
				p.Givens = board.New(board.Classic)
			}
			for c, d := range k.sol.Cells {
				if p.Givens.Cells[c] != 0 {
					continue
				}
				digits := []int{int(d), int(d)%9 + 1}
				if wide && c%3 == 0 {
					digits = append(digits, (int(d)+1)%9+1)
				}
				slices.Sort(digits)
				digits = slices.Compact(digits)
				p.Rules = append(p.Rules, variant.PencilMarks{Cell: c, Digits: digits})
			}
			want, err := sat.Candidates(bg, p)
			if err != nil {
				t.Fatalf("%s with marks: sat: %v", k.where, err)
			}
			res := eng.SolvePuzzle(bg, p)
			if res.Status != Solved || res.Engine != "backtrack" || variant.Check(p, res.Solution) != nil {
				t.Errorf("%s with marks (wide %v): %v by %q, %v", k.where, wide, res.Status, res.Engine, res.Err)
				continue
			}
			if !slices.Equal(res.Candidates, want) {
				t.Errorf("%s with marks (wide %v): candidates differ from the SAT engine's", k.where, wide)
			}
			n := 0
			for _, m := range want {
				n += bits.OnesCount64(m)
			}
			counts[min(n-81, 3)]++ // 0: one solution; 3: candidates beyond those of two
		}
	}
	if counts[0] == 0 || counts[3] == 0 {
		t.Errorf("extra candidates over the puzzles %v: a case is not tested", counts)
	}
	t.Logf("extra candidates (3: three or more) over the puzzles: %v", counts)
	p := &variant.Puzzle{Givens: board.New(board.Classic), Rules: []variant.Rule{
		variant.PencilMarks{Cell: 0, Digits: []int{5}}, variant.PencilMarks{Cell: 1, Digits: []int{5}}}}
	if res := eng.SolvePuzzle(bg, p); res.Status != NoSolution || res.Engine != "backtrack" {
		t.Errorf("two cells marked 5 in a row: %v by %q, %v", res.Status, res.Engine, res.Err)
	}
}

// TestBacktrackCandidatesBudget: the backtracker's true candidates beyond
// two solutions equal the SAT engine's whether its one search ends
// or stops after a few nodes and probes go on from what it has seen:
// corpus puzzles with every second given removed (many solutions), the
// windoku among them, where the search wanders (14 s without a bound, 33
// ms with 100 nodes).
func TestBacktrackCandidatesBudget(t *testing.T) {
	t.Parallel()
	bg := context.Background()
	sat := newEngine(t, Options{Kind: SAT})
	tried, stopped := 0, 0
	for _, c := range variantcorpus.Read(t) {
		if c.Puzzle.Side() > 9 || slowCorpus[c.File] || slowProbes[c.File] || tried >= 12 && c.File != "sigh/windoku.json" {
			continue
		}
		p := *variantcorpus.Thinned(c.Puzzle, 1)
		bt := fallback.NewSolver()
		bt.NodeLimit = 200_000
		r, err := bt.SolveVariant(bg, &p, 2)
		if err != nil || r.Count < 2 {
			continue
		}
		bt.NodeLimit = 0
		want, err := sat.Candidates(bg, &p)
		if err != nil {
			t.Fatalf("%s half: sat: %v", c.File, err)
		}
		tried++
		res := Result{Solution: r.Solutions[0], Second: r.Solutions[1]}
		for _, budget := range []int64{1, 100, candidatesBudget} {
			got, err := backtrackCandidates(bg, bt, &p, res, budget)
			if err != nil || !slices.Equal(got, want) {
				t.Errorf("%s half, budget %d: %v, candidates equal to the SAT engine's: %v", c.File, budget, err, slices.Equal(got, want))
			}
		}
		seen := union(res.Solution, res.Second)
		if done, err := searchCandidates(bg, bt, &p, seen, 100); err == nil && !done {
			stopped++
		}
	}
	if tried < 5 || stopped == 0 {
		t.Errorf("%d puzzles tried, %d of them past 100 nodes: a case is not tested", tried, stopped)
	}
	t.Logf("%d puzzles, %d past 100 nodes", tried, stopped)
}

// slowProbes names the corpus puzzles whose halves the probes of
// backtrackCandidates take over half a second on.
var slowProbes = map[string]bool{
	"sigh/region-sum-lines-hard.json":  true,
	"dclamage/entropic-lines-101.json": true,
	"sigh/anti-knight-anti-king.json":  true,
}
