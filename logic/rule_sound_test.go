package logic

import (
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/input"
	"github.com/satdoku/satdoku/internal/testpuzzles"
	"github.com/satdoku/satdoku/internal/variantcorpus"
	"github.com/satdoku/satdoku/variant"
)

// variantTechniques is what a variant path uses: the default techniques
// and the rule techniques, by rating.
func variantTechniques() []Technique { return VariantTechniques(&Grid{Rules: []int{0}}) }

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
			state = fmt.Sprintf("stuck, %d cells open, candidates %d → %d", left, candidateCount(g), candidateCount(path.Grid))
		}
		t.Logf("%-40s %dx%d %s; %d steps: %s", pz.File, g.N, g.N, state, len(path.Steps), techniqueCounts(by))
	}
	t.Logf("%d of %d corpus puzzles solved by named steps alone; %d steps used a rule; all steps: %s", solved, len(corpus), ruleSteps, techniqueCounts(total))
}

// candidateCount returns the candidates of a grid's open cells.
func candidateCount(g *Grid) int {
	n := 0
	for c, s := range g.Cand {
		if g.Value[c] == 0 {
			n += s.Count()
		}
	}
	return n
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

// killerCollection reads a file of one-line killers (snarf or SudoCue
// format, read by parse) with each solution in a "# solution: " comment
// before its puzzle; a puzzle given no solution is left out.
func killerCollection(t *testing.T, rel string, parse func(string) (*variant.Puzzle, error)) (names []string, puzzles []*variant.Puzzle, solutions []string) {
	t.Helper()
	data, err := os.ReadFile(testpuzzles.Path(rel))
	if err != nil {
		t.Fatal(err)
	}
	name, sol := "", ""
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(line, "# solution: "):
			sol = strings.Fields(strings.TrimPrefix(line, "# solution: "))[0]
		case strings.HasPrefix(line, "#"):
			if strings.Contains(line, "http") {
				name = strings.TrimSpace(strings.SplitN(strings.TrimPrefix(line, "#"), ":", 2)[0])
			}
		case line == "":
		default:
			if len(sol) != 81 {
				sol = ""
				continue
			}
			p, err := parse(line)
			if err != nil {
				t.Fatalf("%s %s: %v", rel, name, err)
			}
			names, puzzles, solutions = append(names, name), append(puzzles, p), append(solutions, sol)
			sol = ""
		}
	}
	return names, puzzles, solutions
}

// TestRuleStepsSoundOnKillers checks every step of the paths of the
// killer collections in testdata (sigh's ISS collections in snarf and
// SudoCue formats) against their solutions, and logs how far the named
// steps get on each.
func TestRuleStepsSoundOnKillers(t *testing.T) {
	if testing.Short() {
		t.Skip("the killer collections take a minute of chains")
	}
	opts := Options{Techniques: variantTechniques()}
	for _, set := range []struct {
		file  string
		parse func(string) (*variant.Puzzle, error)
	}{
		{"testdata/variants/snarf/killers.txt", input.ReadSnarfKiller},
		{"testdata/variants/sudocue/killers.txt", input.ReadSudoCue},
	} {
		names, puzzles, solutions := killerCollection(t, set.file, set.parse)
		if len(puzzles) == 0 {
			t.Fatalf("%s: no puzzles with solutions", set.file)
		}
		solved := 0
		total := map[string]int{}
		for i, p := range puzzles {
			g, err := FromPuzzle(p)
			if err != nil {
				t.Fatalf("%s: %v", names[i], err)
			}
			sol := make([]uint8, 81)
			for c, ch := range solutions[i] {
				sol[c] = uint8(ch - '0')
			}
			path := Solve(g, opts)
			checkPathSound(t, names[i], g, sol, path)
			by := map[string]int{}
			for _, s := range path.Steps {
				by[s.Technique]++
				total[s.Technique]++
			}
			open := 0
			for _, v := range path.Grid.Value {
				if v == 0 {
					open++
				}
			}
			if path.Solved {
				solved++
			}
			t.Logf("%s: solved %v, %d cells open, %d steps: %s", names[i], path.Solved, open, len(path.Steps), techniqueCounts(by))
		}
		t.Logf("%s: %d of %d solved by named steps; steps: %s", set.file, solved, len(puzzles), techniqueCounts(total))
	}
}
