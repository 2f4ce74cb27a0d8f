package engine

import (
	"fmt"
	"os/exec"
	"sync"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/fallback"
	"github.com/satdoku/satdoku/internal/race"
)

// knownPuzzle is a puzzle with its verdict: the number of solutions (0,
// 1, or 2 for "two or more") and, for a unique one, the solution.
type knownPuzzle struct {
	where string
	p     *board.Board
	count int
	sol   *board.Board
	clash bool // the givens clash directly
}

// knownPuzzles returns puzzles of every verdict and a few sizes, their
// verdicts computed by the backtracker's package functions.
func knownPuzzles(tb testing.TB, perFile int) []knownPuzzle {
	tb.Helper()
	var out []knownPuzzle
	add := func(where string, p *board.Board) {
		k := knownPuzzle{where: where, p: p, count: fallback.Count(p, 2), clash: p.Check() != nil}
		if k.count == 1 {
			k.sol, _ = fallback.Solve(p)
		}
		out = append(out, k)
	}
	for _, file := range []string{top1465Sample, hardest1106, sergSample, noSolutionFile} {
		for i, pz := range readPuzzles(tb, file) {
			if i == perFile {
				break
			}
			add(fmt.Sprintf("%s:%d", file, pz.Line), pz.Board)
		}
	}
	add("clash", mustParse(tb, "55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"))
	add("empty 4x4", board.New(shp(2, 2)))
	p6, _ := genPuzzle(tb, shp(2, 3), 5)
	add("generated 6x6", p6)
	return out
}

// externalSolver returns the command line of a real SAT solver on PATH
// (CaDiCaL or MiniSat), or nil.
func externalSolver() []string {
	if _, err := exec.LookPath("cadical"); err == nil {
		return []string{"cadical", "-q"}
	}
	if _, err := exec.LookPath("minisat"); err == nil {
		return []string{"minisat", "-verb=0", InPlaceholder, OutPlaceholder}
	}
	return nil
}

// TestConcurrentUse shares one Engine between 8 goroutines, for every
// engine kind (External when a real solver is installed) and every limit
// (first solution, counting to 2, explaining), each goroutine solving
// the same puzzles of every verdict in its own order. Every answer must
// be the puzzle's known verdict, with verified grids: the Engine holds no
// per-call state that goroutines could share. Run it with -race.
func TestConcurrentUse(t *testing.T) {
	t.Parallel()
	perFile := 4
	if race.Enabled || testing.Short() {
		perFile = 2
	}
	puzzles := knownPuzzles(t, perFile)
	kinds := []Options{{Kind: SAT}, {Kind: Backtrack}, {Kind: Both}}
	if argv := externalSolver(); argv != nil {
		kinds = append(kinds, Options{Kind: External, SatCmd: argv})
	} else {
		t.Log("no external solver installed (apt-get install cadical): External left out")
	}
	const goroutines = 8
	for _, base := range kinds {
		for _, limit := range []string{"first", "count", "explain"} {
			o := base
			switch limit {
			case "count":
				o.Limit = 2
			case "explain":
				o.Explain = true
			}
			t.Run(o.Kind.String()+"/"+limit, func(t *testing.T) {
				t.Parallel()
				e := newEngine(t, o)
				rounds := len(puzzles)
				if o.Kind == External {
					rounds = 6 // a process per solve: enough to overlap
				}
				var wg sync.WaitGroup
				for g := 0; g < goroutines; g++ {
					wg.Add(1)
					go func() {
						defer wg.Done()
						for i := 0; i < rounds; i++ {
							k := puzzles[(i+g*3)%len(puzzles)]
							if msg := checkKnown(k, o, e.Solve(bg, k.p)); msg != "" {
								t.Errorf("goroutine %d, %s: %s", g, k.where, msg)
							}
						}
					}()
				}
				wg.Wait()
			})
		}
	}
}

// checkKnown compares a result with a puzzle's verdict; it returns "" or
// what is wrong.
func checkKnown(k knownPuzzle, o Options, res Result) string {
	if k.count == 0 {
		switch {
		case res.Status != NoSolution || res.Solution != nil:
			return fmt.Sprintf("status %v (%v), want no_solution", res.Status, res.Err)
		case res.Confirmed != (k.clash || o.Kind != Backtrack):
			return fmt.Sprintf("Confirmed %v", res.Confirmed)
		case o.Explain && k.clash && len(res.Clashes) == 0:
			return "no clashes explained"
		case o.Explain && !k.clash:
			if res.Err != nil {
				return "explaining: " + res.Err.Error()
			}
			if msg := checkMinimal(k.p, res.Conflict); msg != "" {
				return "explanation: " + msg
			}
		}
		return ""
	}
	if res.Status != Solved {
		return fmt.Sprintf("status %v (%v), want solved", res.Status, res.Err)
	}
	if err := board.Verify(k.p, res.Solution); err != nil {
		return "solution fails Verify: " + err.Error()
	}
	if k.sol != nil && !res.Solution.Equal(k.sol) {
		return "not the puzzle's one solution"
	}
	if res.Fallback != "" {
		return "fell back: " + res.Fallback
	}
	if o.Limit < 2 {
		if res.Count != 0 || res.Second != nil {
			return fmt.Sprintf("Count %d without counting", res.Count)
		}
		return ""
	}
	if res.Count != k.count {
		return fmt.Sprintf("Count %d, want %d", res.Count, k.count)
	}
	if k.count >= 2 {
		if res.Second == nil || board.Verify(k.p, res.Second) != nil || res.Second.Equal(res.Solution) {
			return "no valid second solution"
		}
	}
	return ""
}
