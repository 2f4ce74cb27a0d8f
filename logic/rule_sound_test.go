package logic

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/internal/variantcorpus"
)

// variantTechniques is what a variant path uses: the default techniques
// and the rule techniques, by rating.
func variantTechniques() []Technique { return MergeTechniques(DefaultTechniques(), RuleTechniques()) }

// TestRuleStepsSoundOnCorpus solves every puzzle of the variant corpus
// with the default and rule techniques and checks every step against the
// manifest's solution: no step removes a digit of the solution or places
// a wrong one. It logs, per puzzle, how far the named steps get (solved
// or stuck, the cells left) and the steps by technique; go test -v shows
// them.
func TestRuleStepsSoundOnCorpus(t *testing.T) {
	corpus := variantcorpus.Read(t)
	opts := Options{Techniques: variantTechniques()}
	solved, ruleSteps := 0, 0
	total := map[string]int{}
	for _, pz := range corpus {
		g, err := FromPuzzle(pz.Puzzle)
		if err != nil {
			t.Fatalf("%s: %v", pz.File, err)
		}
		path := Solve(g, opts)
		checkPathSound(t, pz.File, g, pz.Solution.Cells, path)
		by := map[string]int{}
		for _, s := range path.Steps {
			by[s.Technique]++
			total[s.Technique]++
			if len(s.Rules) > 0 {
				ruleSteps++
			}
		}
		left := 0
		for _, v := range path.Grid.Value {
			if v == 0 {
				left++
			}
		}
		state := "solved"
		if path.Solved {
			solved++
		} else {
			state = fmt.Sprintf("stuck, %d cells open", left)
		}
		t.Logf("%-40s %dx%d %s; %d steps: %s", pz.File, g.N, g.N, state, len(path.Steps), techniqueCounts(by))
	}
	t.Logf("%d of %d corpus puzzles solved by named steps alone; %d steps used a rule; all steps: %s", solved, len(corpus), ruleSteps, techniqueCounts(total))
}

// techniqueCounts writes counts by technique, most used first.
func techniqueCounts(by map[string]int) string {
	names := make([]string, 0, len(by))
	for n := range by {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool {
		if by[names[i]] != by[names[j]] {
			return by[names[i]] > by[names[j]]
		}
		return names[i] < names[j]
	})
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = fmt.Sprintf("%s %d", n, by[n])
	}
	return strings.Join(parts, ", ")
}
