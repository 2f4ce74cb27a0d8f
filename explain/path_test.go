package explain_test

import (
	"fmt"
	"os"
	"testing"

	"github.com/satdoku/satdoku/explain"
	"github.com/satdoku/satdoku/internal/variantcorpus"
	"github.com/satdoku/satdoku/logic"
)

// pathReport is what one puzzle's path shows (the Complete must-show).
type pathReport struct {
	steps, named, sat, largest int
	cheaper                    int // SAT steps where SAT found a cheaper set
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
	for _, s := range path.Steps {
		if s.Technique == "Bifurcation" {
			t.Errorf("%s: a trial step", cp.name)
		}
	}
	pos := g.Clone()
	pairsChecked := false
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
			if err := x.Minimal(pos, s); err != nil {
				t.Errorf("%s: step %d not minimal: %v", cp.name, i+1, err)
			}
			// No cheaper step existed: no single instance (for a step of
			// two or more) forbids a candidate, nor, at the first step of
			// three or more, any pair (SAT on each candidate: slow).
			k := len(s.Houses) + len(s.Rules)
			if k >= 3 {
				if pairsChecked {
					k = 2
				}
				pairsChecked = true
			}
			if sol := cp.solution; sol != nil && k >= 2 {
				digits := make([]int, len(sol.Cells))
				for c, d := range sol.Cells {
					digits[c] = int(d)
				}
				if set, ok := checker.CheaperSet(pos, digits, k); ok {
					rep.cheaper++
					t.Errorf("%s: step %d (%s) was taken; %s alone forbids a candidate", cp.name, i+1, s.Text, set)
				}
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

// sample names the puzzles TestPaths checks by default, a few of the
// variant corpus with cages, lines and dots; SATDOKU_EXPLAIN_ALL=1 checks
// them all and the killer collections (SudoCue's and the snarfable
// ones, among the hardest killers known: minutes each), and
// SATDOKU_EXPLAIN_ONE one puzzle by name.
var sample = map[string]bool{
	"dclamage/300-subs.json":               true, // thermometers, kropki dots
	"dclamage/killer-blister.json":         true, // killer, little killer
	"dclamage/6x6-extreme-killer.json":     true,
	"constructed/slowthermometer-9x9.json": true,
	"sigh/xv-sudoku.json":                  true,
	"dclamage/tangled-arrows.json":         true, // SAT steps of two and more instances
}

// TestPaths is the Sound, Complete and Minimal must-show: every step of
// each puzzle's path is checked by SAT from what it names and against
// the known solution, each SAT step is subset-minimal, and every unique
// puzzle is solved without trial. It logs the per-puzzle report.
func TestPaths(t *testing.T) {
	all := os.Getenv("SATDOKU_EXPLAIN_ALL") != ""
	puzzles := allPuzzles(t)
	if one := os.Getenv("SATDOKU_EXPLAIN_ONE"); one != "" {
		all, sample = false, map[string]bool{one: true}
	}
	shrunk, checked := 0, 0
	for _, cp := range puzzles {
		if !all && !sample[cp.name] {
			continue
		}
		rep := checkPath(t, cp)
		checked++
		shrunk += rep.stats.Shrunk
		if !rep.solved && variantcorpus.NotUnique[cp.name] == "" {
			t.Errorf("%s: not solved without trial: %v", cp.name, rep)
		}
		t.Logf("%s: %v", cp.name, rep)
	}
	if !all && checked < len(sample) {
		t.Errorf("checked %d puzzles, the sample names %d", checked, len(sample))
	}
	// Sets of one and two instances are decided exactly, cheapest first:
	// a step is never shrunk, a cheaper one never existed.
	if shrunk > 0 {
		t.Errorf("%d puzzles; %d SAT steps where a cheaper set existed than the one taken", checked, shrunk)
	}
	t.Logf("%d puzzles; SAT steps where a cheaper set existed than the one taken: %d", checked, shrunk)
}
