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

// TestSolvedScale checks the growth of the native trials' budget: it
// grows fourfold, up to maxTrialScale, only after a trial the native
// search gave up on that took gophersat more conflicts than the budget
// given up (in nodes, conflictNodes a conflict).
func TestSolvedScale(t *testing.T) {
	tests := []struct {
		name            string
		scale, gaveUp   int64
		conflicts, want int64
	}{
		{"no give-up", 1, 0, 1_000_000, 1},
		{"gophersat quick", 1, 20_000, 20_000 / conflictNodes, 1},
		{"gophersat slow", 1, 20_000, 20_000/conflictNodes + 1, 4},
		{"unset scale", 0, 20_000, 1_000_000, 4},
		{"again", 4, 800_000, 1_000_000, 16},
		{"at most", maxTrialScale, 3_200_000, 100_000_000, maxTrialScale},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			x := &Explainer{fbScale: tc.scale, fbGaveUp: tc.gaveUp}
			x.solved(tc.conflicts)
			if got := max(x.fbScale, 1); got != tc.want {
				t.Errorf("scale %d, want %d", got, tc.want)
			}
			if x.fbGaveUp != 0 {
				t.Errorf("the give-up is still recorded: %d", x.fbGaveUp)
			}
		})
	}
}
