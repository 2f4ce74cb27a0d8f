package explain

import (
	"slices"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/variant"

	"github.com/satdoku/satdoku/internal/variantcorpus"
	"github.com/satdoku/satdoku/logic"
)

// firstMUSStep follows the path of the corpus puzzle file to its first
// SAT step found by MUS, and returns the position before it, the
// Explainer and the step.
func firstMUSStep(t *testing.T, file string) (*logic.Grid, *Explainer, logic.Step) {
	t.Helper()
	corpus := variantcorpus.Read(t)
	i := slices.IndexFunc(corpus, func(cp variantcorpus.Puzzle) bool { return cp.File == file })
	if i < 0 {
		t.Fatalf("%s not found", file)
	}
	g, err := logic.FromPuzzle(corpus[i].Puzzle)
	if err != nil {
		t.Fatal(err)
	}
	ts, x, err := TechniquesOf(g, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for range 400 {
		before := x.Stats.MUS
		s, ok := logic.Next(g, logic.Options{Techniques: ts})
		if !ok {
			break
		}
		if x.Stats.MUS > before && s.Technique == Name {
			return g, x, s
		}
		g.Apply(s)
	}
	t.Fatalf("%s: no MUS step on the path", file)
	return nil, nil, logic.Step{}
}

// TestNativeMUS follows the paths of corpus puzzles with MUS steps to
// their first, and checks that step by satRefutes (gophersat alone): its
// instances forbid its candidate and no set with one instance fewer does.
// Each such step is searched among the instances the backtracker needed
// to refute its candidate (nativeStep), so the check also shows that a
// MUS found so is a MUS of every instance. On 159 the backtracker
// decides most of the deletion trials; Jumbled Joy's step holds parts of
// split rules (zipper lines), whose trials gophersat decides. On both,
// solutions the narrowing found decide some trials without a search.
func TestNativeMUS(t *testing.T) {
	tests := []struct {
		file   string
		native bool // most trials decided natively
	}{
		{"dclamage/159.json", true},
		{"dclamage/jumbled-joy.json", false},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			g, x, s := firstMUSStep(t, tc.file)
			if x.Stats.Narrowed == 0 {
				t.Errorf("the MUS step was not narrowed by the backtracker first")
			}
			if x.Stats.Reused == 0 {
				t.Errorf("no MUS trial was decided by a solution the narrowing found")
			}
			set := x.sets[s.Text]
			c := s.Eliminations[0]
			checkMUS(t, g, x, set, c)
			t.Logf("%s: %d instances; %d trials, %d decided natively, %d by a solution of the narrowing; %d searches narrowing", s.Text, len(set), x.Stats.Trials, x.Stats.Native, x.Stats.Reused, x.Stats.Scans)
			if tc.native && (x.Stats.Trials == 0 || 2*x.Stats.Native < x.Stats.Trials) {
				t.Errorf("%d of %d trials decided natively: want most", x.Stats.Native, x.Stats.Trials)
			}
		})
	}
}

// checkMUS checks by satRefutes (gophersat alone) that the instances of
// set forbid c at position g and that no set with one fewer does.
func checkMUS(t *testing.T, g *logic.Grid, x *Explainer, set []int, c logic.Candidate) {
	t.Helper()
	if ok, err := x.satRefutes(g, set, []logic.Candidate{c}, nil); err != nil || !ok {
		t.Fatalf("%v does not forbid %v (%v)", set, c, err)
	}
	for i := range set {
		less := slices.Delete(slices.Clone(set), i, i+1)
		if ok, err := x.satRefutes(g, less, []logic.Candidate{c}, nil); err != nil || ok {
			t.Fatalf("not minimal: %v forbids %v too (%v)", less, c, err)
		}
	}
}

// TestNativeStepSkipsGivenUp checks nativeStep at the position of 159's
// first MUS step: a target whose narrowed MUS was given up at an earlier
// position is passed over for another, and with every target so, the
// first is still taken as the last resort. Each step is a MUS.
func TestNativeStepSkipsGivenUp(t *testing.T) {
	g, x, _ := firstMUSStep(t, "dclamage/159.json")
	sol := x.solutionOf(g)
	var targets []logic.Candidate
	for c, m := range g.Cand {
		for d := 1; d <= g.N; d++ {
			if m.Has(d) && d != sol[c] {
				targets = append(targets, logic.Candidate{Cell: c, Digit: d})
			}
		}
	}
	f := x.nativeStep(g, targets)
	if f == nil {
		t.Fatal("no step")
	}
	first := f.targets[0]
	x.gaveUpOn[first] = true
	f = x.nativeStep(g, targets)
	if f == nil || f.targets[0] == first {
		t.Fatalf("with %v given up: %+v, want a step on another target", first, f)
	}
	checkMUS(t, g, x, f.set, f.targets[0])
	for _, c := range targets {
		x.gaveUpOn[c] = true
	}
	if f = x.nativeStep(g, targets); f == nil {
		t.Fatal("with every target given up: no step")
	}
	checkMUS(t, g, x, f.set, f.targets[0])
}

// TestNarrowedMUSGivesUp checks narrowedMUS at the position of 159's
// first MUS step, among that step's instances, with the backtracker's
// trials capped at one node: asked to rely on the backtracker alone, it
// gives the MUS up (its trials that have a model need a search);
// otherwise gophersat decides those trials and the MUS is the step's.
func TestNarrowedMUSGivesUp(t *testing.T) {
	g, x, s := firstMUSStep(t, "dclamage/159.json")
	set, c := x.sets[s.Text], s.Eliminations[0]
	x.trialCap = 1
	if f := x.narrowedMUS(g, option{set: set, t: c}, true); f != nil {
		t.Errorf("with one node a trial, the backtracker alone found %v", f.set)
	}
	if x.ctx.Err() != nil {
		t.Fatalf("the Explainer's context ended: %v", x.ctx.Err())
	}
	f := x.narrowedMUS(g, option{set: set, t: c}, false)
	if f == nil || !slices.Equal(f.set, set) {
		t.Fatalf("with gophersat: %v, want %v", f, set)
	}
}

// TestShrinkKept checks nativeStep's shrink at the position of 159's first
// MUS step: the units it finds refute the step's candidate; asked again,
// it takes them after one search; and units kept that do not refute it
// (here none) are shrunk afresh, to the same.
func TestShrinkKept(t *testing.T) {
	g, x, s := firstMUSStep(t, "dclamage/159.json")
	c := s.Eliminations[0]
	units := x.units()
	all := make([]int, len(units))
	for u := range all {
		all[u] = u
	}
	const limit = 20000
	delete(x.shrunk, c) // the path's own, within fewer nodes
	set, _ := x.shrink(g, c, units, all, limit)
	if refuted, _, _, err := x.nativeRefutes(g, c, units, set, limit); err != nil || !refuted {
		t.Fatalf("the units shrunk, %v, do not refute %v (%v)", set, c, err)
	}
	if len(set) >= len(all) {
		t.Errorf("shrunk to %d units of %d", len(set), len(all))
	}
	scans := x.Stats.Scans
	again, _ := x.shrink(g, c, units, all, limit)
	if !slices.Equal(again, set) || x.Stats.Scans != scans+1 {
		t.Errorf("asked again: %v in %d searches, want %v in one", again, x.Stats.Scans-scans, set)
	}
	x.shrunk[c] = shrunkUnits{}
	scans = x.Stats.Scans
	fresh, _ := x.shrink(g, c, units, all, limit)
	if !slices.Equal(fresh, set) || x.Stats.Scans <= scans+1 {
		t.Errorf("with no units kept: %v in %d searches, want %v shrunk afresh", fresh, x.Stats.Scans-scans, set)
	}
}

// TestEquivalent checks equivalent on an empty 9×9 board with a killer
// cage of two cells totalling 3 (r1c1, r1c2: 1 and 2 in some order):
// r1c1=1 and r1c2=2 are one deduction, r1c1=1 and r1c2=1 or r2c1=2 are
// not, whichever is named first.
func TestEquivalent(t *testing.T) {
	p := &variant.Puzzle{Givens: board.New(board.Classic), Rules: []variant.Rule{variant.Killer{Cells: []int{0, 1}, Sum: 3}}}
	g, err := logic.FromPuzzle(p)
	if err != nil {
		t.Fatal(err)
	}
	x, err := New(g, Options{})
	if err != nil {
		t.Fatal(err)
	}
	cand := func(cell, digit int) logic.Candidate { return logic.Candidate{Cell: cell, Digit: digit} }
	tests := []struct {
		a, b logic.Candidate
		want bool
	}{
		{cand(0, 1), cand(1, 2), true},
		{cand(1, 1), cand(0, 2), true},
		{cand(0, 1), cand(1, 1), false},
		{cand(0, 1), cand(9, 2), false},
		{cand(0, 1), cand(0, 1), true},
	}
	for _, tc := range tests {
		for _, order := range [][2]logic.Candidate{{tc.a, tc.b}, {tc.b, tc.a}} {
			if got := x.equivalent(g, order[0], order[1]); got != tc.want {
				t.Errorf("equivalent(%v, %v) = %v, want %v", order[0], order[1], got, tc.want)
			}
		}
	}
}
