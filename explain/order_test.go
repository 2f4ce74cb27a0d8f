package explain_test

import (
	"strings"
	"testing"

	"github.com/satdoku/satdoku/explain"
	"github.com/satdoku/satdoku/input"
	"github.com/satdoku/satdoku/logic"
)

// TestCheaperSATStepBeforeChain follows the path of SudoCue's killer
// "Human-solvable zero #3" (testdata/variants/sudocue) to its first SAT
// step rated as only a large one is (on more than two instances): at
// that position the chains and forcing chains find steps too (before the
// SAT step competed with them by rating, a Nishio forcing chain rated 7.5
// was taken there), and the step taken is the SAT step, rated below every
// one of theirs.
func TestCheaperSATStepBeforeChain(t *testing.T) {
	var g *logic.Grid
	for _, cp := range killers(t, "sudocue/killers.txt", input.ReadSudoCue) {
		if strings.Contains(cp.name, "Human-solvable zero #3:") {
			var err error
			if g, err = logic.FromPuzzle(cp.puzzle); err != nil {
				t.Fatal(err)
			}
		}
	}
	if g == nil {
		t.Fatal("no Human-solvable zero #3 in sudocue/killers.txt")
	}
	ts, err := explain.Techniques(g, explain.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var chains []logic.Technique
	for _, tech := range logic.VariantTechniques(g) {
		if tech.Rating >= 6 {
			chains = append(chains, tech)
		}
	}
	small := explain.Rating(2, 6) // the most a SAT step on two instances rates
	for k := 1; ; k++ {
		st, ok := logic.Next(g, logic.Options{Techniques: ts})
		if !ok {
			t.Fatalf("step %d: no step, and no large SAT step before it", k)
		}
		if st.Technique == explain.Name && st.Rating > small {
			found := 0
			for _, tech := range chains {
				for _, cs := range tech.Find(g) {
					found++
					if cs.Rating <= st.Rating {
						t.Errorf("step %d: %s (%.1f) was taken; %s rates no more (%.1f)", k, st.Text, st.Rating, cs.Text, cs.Rating)
					}
				}
			}
			if found == 0 {
				t.Errorf("step %d: no chain applies where %s is taken: the position tests nothing", k, st.Text)
			}
			t.Logf("step %d: %s (%.1f), beside %d chain steps", k, st.Text, st.Rating, found)
			return
		}
		if st.Rating >= 6 {
			t.Fatalf("step %d: %s (%.1f) before any large SAT step", k, st.Text, st.Rating)
		}
		g.Apply(st)
	}
}
