package explain

import (
	"slices"
	"testing"

	"github.com/satdoku/satdoku/internal/variantcorpus"
	"github.com/satdoku/satdoku/logic"
)

// TestNativeMUS follows the path of a corpus puzzle with a MUS step
// (Jumbled Joy: one, among 30 SAT steps) to its first MUS step, whose
// deletion trials the native backtracker decides, and checks that step
// by satRefutes (gophersat alone): its instances forbid its candidate
// and no set with one instance fewer does; and that the backtracker
// decided most of the trials.
func TestNativeMUS(t *testing.T) {
	for _, cp := range variantcorpus.Read(t) {
		if cp.File != "dclamage/jumbled-joy.json" {
			continue
		}
		g, err := logic.FromPuzzle(cp.Puzzle)
		if err != nil {
			t.Fatal(err)
		}
		ts, x, err := TechniquesOf(g, Options{})
		if err != nil {
			t.Fatal(err)
		}
		for step := 0; step < 400; step++ {
			before := x.Stats.MUS
			s, ok := logic.Next(g, logic.Options{Techniques: ts})
			if !ok {
				break
			}
			if x.Stats.MUS > before && s.Technique == Name {
				set := x.sets[s.Text]
				tc := s.Eliminations[0]
				if ok, err := x.satRefutes(g, set, []logic.Candidate{tc}, nil); err != nil || !ok {
					t.Fatalf("%s: %v does not forbid %v (%v)", s.Text, set, tc, err)
				}
				for i := range set {
					less := slices.Delete(slices.Clone(set), i, i+1)
					if ok, err := x.satRefutes(g, less, []logic.Candidate{tc}, nil); err != nil || ok {
						t.Fatalf("%s: not minimal: %v forbids %v too (%v)", s.Text, less, tc, err)
					}
				}
				t.Logf("%s: %d instances; %d trials, %d decided natively", s.Text, len(set), x.Stats.Trials, x.Stats.Native)
				if x.Stats.Trials == 0 || 2*x.Stats.Native < x.Stats.Trials {
					t.Errorf("%d of %d trials decided natively: want most", x.Stats.Native, x.Stats.Trials)
				}
				return
			}
			g.Apply(s)
		}
		t.Fatalf("%s: no MUS step on the path", cp.File)
	}
	t.Fatal("dclamage/jumbled-joy.json not found")
}
