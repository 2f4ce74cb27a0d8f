package explain_test

import (
	"fmt"
	"os"
	"testing"

	"github.com/satdoku/satdoku/explain"
	"github.com/satdoku/satdoku/logic"
)

// pathReport is what one puzzle's path shows (the Complete must-show).
type pathReport struct {
	steps, named, sat, largest int
	solved                     bool
	stats                      explain.Stats
}

func (r pathReport) String() string {
	return fmt.Sprintf("%d steps, %d named, %d SAT, largest SAT step %d instances, solved %v, shrunk %d, fallback %d, MUS %d",
		r.steps, r.named, r.sat, r.largest, r.solved, r.stats.Shrunk, r.stats.Fallback, r.stats.MUS)
}

// checkPath solves cp logically with explain.Techniques and checks every
// step: by SAT from what it names (a second, independent Explainer),
// against the known solution, and each SAT step for minimality.
func checkPath(t *testing.T, cp corpusPuzzle) pathReport {
	t.Helper()
	g, err := logic.FromPuzzle(cp.puzzle)
	if err != nil {
		t.Fatalf("%s: %v", cp.name, err)
	}
	ts, x, err := explain.TechniquesOf(g, explain.Options{})
	if err != nil {
		t.Fatalf("%s: %v", cp.name, err)
	}
	checker, err := explain.New(g, explain.Options{})
	if err != nil {
		t.Fatal(err)
	}
	path := logic.Solve(g, logic.Options{Techniques: ts})
	rep := pathReport{steps: len(path.Steps), solved: path.Solved, stats: x.Stats}
	pos := g.Clone()
	for i, s := range path.Steps {
		if err := checker.Check(pos, s); err != nil {
			t.Errorf("%s: step %d: %v", cp.name, i+1, err)
		}
		if sol := cp.solution; sol != nil {
			for _, e := range s.Eliminations {
				if int(sol.Cells[e.Cell]) == e.Digit {
					t.Errorf("%s: step %d removes the solution's digit: %s", cp.name, i+1, s.Text)
				}
			}
			for _, p := range s.Placements {
				if int(sol.Cells[p.Cell]) != p.Digit {
					t.Errorf("%s: step %d places a wrong digit: %s", cp.name, i+1, s.Text)
				}
			}
		}
		if s.Technique == explain.Name {
			rep.sat++
			rep.largest = max(rep.largest, len(s.Houses)+len(s.Rules))
			if err := checker.Minimal(pos, s); err != nil {
				t.Errorf("%s: step %d not minimal: %v", cp.name, i+1, err)
			}
		} else {
			rep.named++
		}
		pos.Apply(s)
	}
	if path.Broken != "" {
		t.Errorf("%s: broken path: %s", cp.name, path.Broken)
	}
	return rep
}

func TestPathsQuick(t *testing.T) {
	all := allPuzzles(t)
	for _, cp := range all {
		if os.Getenv("ONE") != "" && cp.name != os.Getenv("ONE") {
			continue
		}
		rep := checkPath(t, cp)
		t.Logf("%s: %v", cp.name, rep)
	}
}
