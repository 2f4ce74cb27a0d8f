package explain_test

import (
	"context"
	"errors"
	"testing"

	"github.com/satdoku/satdoku/explain"
	"github.com/satdoku/satdoku/logic"
)

// TestContext checks Options.Context: an Explainer whose context has
// ended finds no SAT step where one without a context finds one, and the
// path of its techniques ends with the context's error, not stuck.
func TestContext(t *testing.T) {
	t.Parallel()
	var g *logic.Grid
	for _, cp := range allPuzzles(t) {
		if cp.name == "dclamage/killer-blister.json" {
			var err error
			if g, err = logic.FromPuzzle(cp.puzzle); err != nil {
				t.Fatal(err)
			}
		}
	}
	if g == nil {
		t.Fatal("dclamage/killer-blister.json is not in the corpus")
	}
	x, err := explain.New(g, explain.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(x.FindLarge(g)) == 0 {
		t.Fatal("no SAT step at the start of Killer Blister")
	}
	ended, cancel := context.WithCancel(context.Background())
	cancel()
	x, err = explain.New(g, explain.Options{Context: ended})
	if err != nil {
		t.Fatal(err)
	}
	if s := x.FindLarge(g); len(s) != 0 {
		t.Errorf("an ended context: a SAT step %q", s[0].Text)
	}
	ts, _, err := explain.TechniquesOf(g, explain.Options{Context: ended})
	if err != nil {
		t.Fatal(err)
	}
	p, err := logic.SolveContext(ended, g, logic.Options{Techniques: ts})
	if !errors.Is(err, context.Canceled) || p.Stuck || len(p.Steps) != 0 {
		t.Errorf("the path with an ended context: %v, stuck %v, %d steps", err, p.Stuck, len(p.Steps))
	}
}
