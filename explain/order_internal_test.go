package explain

import (
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/logic"
)

// TestCheapestFirst checks the order of the chains and the SAT step on
// any set of instances: the step taken is the cheapest by rating of those
// they find, a chain technique runs only where the SAT step rates above
// its base rating, and the SAT step searches each position once.
func TestCheapestFirst(t *testing.T) {
	const none = 0.0 // the technique finds nothing
	tests := []struct {
		name     string
		sat      float64   // the SAT step's rating, or none
		chains   []float64 // the rating of each chain technique's step, or none
		want     string
		wantRuns []int // how many times each chain technique ran
	}{
		{"a cheap SAT step before every chain", 5.0, []float64{6.6, 7.5}, "sat", []int{0, 0}},
		{"a chain cheaper than the SAT step", 8.6, []float64{6.6, 7.5}, "chain 0", []int{1, 0}},
		{"the SAT step cheaper than the first chain's step", 6.8, []float64{7.1, 7.5}, "sat", []int{1, 0}},
		{"the SAT step below the second chain", 7.2, []float64{none, 7.5}, "sat", []int{1, 0}},
		{"a tie goes to the SAT step", 7.1, []float64{7.1, 7.5}, "sat", []int{1, 0}},
		{"the second chain", 9.0, []float64{none, 7.6}, "chain 1", []int{1, 1}},
		{"no chain: the SAT step", 9.4, []float64{none, none}, "sat", []int{1, 1}},
		{"no SAT step, a chain", none, []float64{none, 7.7}, "chain 1", []int{1, 1}},
		{"nothing at all", none, []float64{none, none}, "", []int{1, 1}},
	}
	bases := []float64{6.5, 7.5}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			satRuns := 0
			runs := make([]int, len(tt.chains))
			step := func(name string, r float64) []logic.Step {
				if r == none {
					return nil
				}
				// A costlier step first: the technique's cheapest counts.
				return []logic.Step{{Technique: name, Rating: r + 0.5}, {Technique: name, Rating: r}}
			}
			var chains []logic.Technique
			for i, r := range tt.chains {
				name := "chain " + string(rune('0'+i))
				chains = append(chains, logic.Technique{Name: name, Rating: bases[i], Find: func(*logic.Grid) []logic.Step {
					runs[i]++
					return step(name, r)
				}})
			}
			sat := logic.Technique{Name: "sat", Rating: 3.5, Find: func(*logic.Grid) []logic.Step {
				satRuns++
				if tt.sat == none {
					return nil
				}
				return []logic.Step{{Technique: "sat", Rating: tt.sat}}
			}}
			ts := cheapestFirst(chains, sat)
			if len(ts) != len(chains)+1 || ts[0].Name != "chain 0" || ts[0].Rating != 6.5 || ts[len(ts)-1].Name != "sat" {
				t.Fatalf("the techniques: %+v", ts)
			}
			g, err := logic.FromBoard(board.New(board.Classic))
			if err != nil {
				t.Fatal(err)
			}
			got, ok := logic.Next(g, logic.Options{Techniques: ts})
			switch {
			case tt.want == "" && ok:
				t.Errorf("took %s %.1f, want nothing", got.Technique, got.Rating)
			case tt.want != "" && (!ok || got.Technique != tt.want):
				t.Errorf("took %q (%v), want %s", got.Technique, ok, tt.want)
			}
			for i, n := range runs {
				if n != tt.wantRuns[i] {
					t.Errorf("chain %d ran %d times, want %d", i, n, tt.wantRuns[i])
				}
			}
			if satRuns != 1 {
				t.Errorf("the SAT step searched the position %d times, want 1", satRuns)
			}
			// Another position: searched again.
			g.Eliminate(0, 1)
			logic.Next(g, logic.Options{Techniques: ts})
			if satRuns != 2 {
				t.Errorf("after a change, the SAT step searched %d times in all, want 2", satRuns)
			}
		})
	}
}
