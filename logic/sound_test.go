package logic

import (
	"os"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/fallback"
	"github.com/satdoku/satdoku/internal/testpuzzles"
)

// checkPathSound replays path from g and fails the test at the first step
// that removes a digit of solution or places a digit that differs from
// it, or that changes nothing.
func checkPathSound(t *testing.T, name string, g *Grid, solution []uint8, p Path) {
	t.Helper()
	g = g.Clone()
	for i, s := range p.Steps {
		if len(s.Placements)+len(s.Eliminations) == 0 {
			t.Fatalf("%s: step %d (%s) concludes nothing", name, i+1, s.Text)
		}
		for _, e := range s.Eliminations {
			if int(solution[e.Cell]) == e.Digit {
				t.Fatalf("%s: step %d removes the solution's %d from %s: %s", name, i+1, e.Digit, CellName(g.N, e.Cell), s.Text)
			}
		}
		for _, pl := range s.Placements {
			if int(solution[pl.Cell]) != pl.Digit {
				t.Fatalf("%s: step %d places %d in %s, the solution has %d: %s", name, i+1, pl.Digit, CellName(g.N, pl.Cell), solution[pl.Cell], s.Text)
			}
		}
		if !g.changes(s) {
			t.Fatalf("%s: step %d changes nothing: %s", name, i+1, s.Text)
		}
		g.Apply(s)
	}
	if p.Broken != "" {
		t.Fatalf("%s: a puzzle with a solution ends broken: %s", name, p.Broken)
	}
	if p.Solved {
		for c, v := range g.Value {
			if v != int(solution[c]) {
				t.Fatalf("%s: solved with %d in %s, the solution has %d", name, v, CellName(g.N, c), solution[c])
			}
		}
	}
}

// solveAll solves every board with opts, checks each path, and returns
// the paths.
func solveAll(t *testing.T, boards []*board.Board, opts Options) []Path {
	t.Helper()
	paths := make([]Path, len(boards))
	for i, b := range boards {
		sol, ok := fallback.Solve(b)
		if !ok {
			t.Fatalf("puzzle %d has no solution", i+1)
		}
		g, err := FromBoard(b)
		if err != nil {
			t.Fatal(err)
		}
		paths[i] = Solve(g, opts)
		checkPathSound(t, b.String(), g, sol.Cells, paths[i])
	}
	return paths
}

// sample returns every k-th board, at most max of them.
func sample(boards []*board.Board, max int) []*board.Board {
	if len(boards) <= max {
		return boards
	}
	k := len(boards) / max
	out := make([]*board.Board, 0, max)
	for i := 0; i < len(boards) && len(out) < max; i += k {
		out = append(out, boards[i])
	}
	return out
}

// TestSoundTop1465 checks every step of the paths of top1465 against the
// solutions: a sample of 400 by default (chains cost about 0.1 s of CPU a
// puzzle, and CI has 15 minutes on 2 cores for every test), 150 with
// -short, and all 1,465 with SATDOKU_LOGIC_ALL=1.
func TestSoundTop1465(t *testing.T) {
	boards := testpuzzles.Boards(t, testpuzzles.Shared(t, "puzzles3_magictour_top1465"))
	switch {
	case os.Getenv("SATDOKU_LOGIC_ALL") == "1":
	case testing.Short():
		boards = sample(boards, 150)
	default:
		boards = sample(boards, 400)
	}
	paths := solveAll(t, boards, Options{Unique: true})
	// Every puzzle of top1465 has a path without trial (issue 33); the
	// three that need nested chains are TestNestedTop1465's.
	for i, p := range paths {
		if !p.Solved {
			t.Errorf("%s: stuck after %d steps", boards[i], len(p.Steps))
		}
	}
	report(t, paths)
}

func TestSound17Clue(t *testing.T) {
	boards := testpuzzles.Boards(t, testpuzzles.Shared(t, "puzzles2_17_clue"))
	n := 2000
	if testing.Short() {
		n = 200
	}
	report(t, solveAll(t, sample(boards, n), Options{Unique: true}))
}

func TestSound11Plus(t *testing.T) {
	boards := testpuzzles.Boards(t, testpuzzles.Shared(t, "puzzles5_forum_hardest_1905_11+"))
	n := 300
	if testing.Short() {
		n = 50
	}
	// Up to Dynamic Forcing Chains (+): the deeper nesting levels cost
	// seconds of CPU a puzzle here (TestNestedLevels11Plus checks them).
	report(t, solveAll(t, sample(boards, n), Options{Unique: true, Techniques: techniquesUpTo(9.0)}))
}

// techniquesUpTo returns the default techniques of base rating up to max.
func techniquesUpTo(max float64) []Technique {
	var out []Technique
	for _, t := range DefaultTechniques() {
		if t.Rating <= max {
			out = append(out, t)
		}
	}
	return out
}

// report logs the share of solved paths and the ER histogram, for the
// record (go test -v).
func report(t *testing.T, paths []Path) {
	solved := 0
	hist := map[float64]int{}
	for _, p := range paths {
		r := Rate(p)
		if p.Solved {
			solved++
		}
		hist[r.ER]++
	}
	t.Logf("%d puzzles, %d solved (%.1f%%), the rest stuck; ER histogram %v", len(paths), solved, 100*float64(solved)/float64(len(paths)), hist)
}

// TestSoundTrial solves hard puzzles with trial allowed: the path ends
// solved, each Bifurcation step sound.
func TestSoundTrial(t *testing.T) {
	boards := sample(testpuzzles.Boards(t, testpuzzles.Shared(t, "puzzles5_forum_hardest_1905_11+")), 10)
	// Up to Dynamic Forcing Chains (+), which leave every 11+ puzzle
	// stuck: the deeper levels would solve them without trial.
	for i, p := range solveAll(t, boards, Options{Unique: true, AllowTrial: true, Techniques: techniquesUpTo(9.0)}) {
		if !p.Solved {
			t.Fatalf("puzzle %d not solved with trial", i+1)
		}
		if r := Rate(p); r.ER != TrialRating || r.Hardest != "Bifurcation" {
			t.Fatalf("puzzle %d rates %.1f (%s), want %.1f (Bifurcation)", i+1, r.ER, r.Hardest, TrialRating)
		}
	}
}
