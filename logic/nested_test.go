package logic

import (
	"os"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/internal/testpuzzles"
)

// logicAll reports whether the long corpus runs are asked for.
func logicAll() bool { return os.Getenv("SATDOKU_LOGIC_ALL") == "1" }

// The three top1465 puzzles (lines 2, 3 and 77 of
// puzzles3_magictour_top1465) that every technique up to dynamic forcing
// chains leaves stuck, with Sudoku Explainer's ER for each (SukakuExplainer
// serate, SE 1.2.1 techniques, bench/serate.sh): each needs Dynamic
// Forcing Chains (+) on its way, the third also for its hardest step.
var nestedTop1465 = []struct {
	puzzle string
	er     float64
}{
	{"7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........", 9.5},
	{"7.8...3.....6.1...5.........4.....263...8.......1...9..9.2....4....7.5...........", 9.6},
	{"7.....4...2..7..8...3..8..9...5..3...6..2..9...1..7..6...3..9...3..4..6...9..1..5", 9.8},
}

// TestNestedTop1465 solves the three with the default techniques: every
// step sound, the path solved without trial, ER as SE's, and every step
// of a nesting level explained by sub-steps for the rules inside it.
func TestNestedTop1465(t *testing.T) {
	for _, tt := range nestedTop1465 {
		t.Run(tt.puzzle[:12], func(t *testing.T) {
			g, solution := puzzleGrid(t, tt.puzzle)
			p := Solve(g, Options{Unique: true})
			sol := make([]uint8, len(solution))
			for i, d := range solution {
				sol[i] = uint8(d)
			}
			checkPathSound(t, tt.puzzle, g, sol, p)
			if !p.Solved {
				t.Fatalf("stuck after %d steps", len(p.Steps))
			}
			if r := Rate(p); r.ER != tt.er {
				t.Errorf("ER %.1f (%s), SE's is %.1f", r.ER, r.Hardest, tt.er)
			}
			nested := 0
			for _, s := range p.Steps {
				if !strings.Contains(s.Technique, "(+") {
					continue
				}
				nested++
				rules := 0
				for _, sub := range s.Sub {
					if strings.HasPrefix(sub.Text, "Inside the chain, ") {
						rules++
					}
				}
				if rules == 0 {
					t.Errorf("%s: no sub-step explains the rules inside the chain", s.Text)
				}
			}
			if nested == 0 {
				t.Error("no step of a nesting level: the puzzle no longer needs one")
			}
		})
	}
}

// seBeforePlus is the position (SE's 729 pencil marks) of the first puzzle
// above where SE's path takes its first Dynamic Forcing Chains (+) step:
// "9.3 Region Forcing Chains: 4 in row ==> r5c6.7 off". Dynamic forcing
// chains find nothing there.
const seBeforePlus = "......7..12...6..........8....45...9...456..9...456..9..3......1..456...12..5.......4....9..3..6.....34.6..9.2.........3456...1...........4.67.....45.78.....5.78.....5....123..6...1234.6.........78...34.6.........78..2...6..91..4.6...12......91......89...4.....1...5.7.9..3.5.7.9....5...9..3.5.7.91.....78..2............6.....3......12...67..12...6..9...4..7.9.......8..2.4.67.91..4..7..1..45.7..1...5.7...2...6.8.....5.78..2..567..1.........2.456....2.4.67.....4..78.........9..3......12.....8.........91.3.5.7.......6...12..5.....23.5..8.12....7..1.3...78....4.....12.4.6.8.123..6.8.1234.6.....34...89......7...234...89....5....1.3..6.8.12.....8912.4.6.8...3.5.78.1234567....345..8912.4....9.2345..89.2...67.91.3..678.12....789"

// TestDynamicForcingChainsPlusSE takes SE's step at seBeforePlus: each
// place of 4 in row 6 removes 7 from r5c6, with a hidden pair in box 5
// inside two of the branches (the chain's grid, where 2 and 6 are left
// two places), rated 9.0 plus SE's length bonus, 9.3.
func TestDynamicForcingChainsPlusSE(t *testing.T) {
	g := pencilGrid(t, seBeforePlus)
	if steps := ChainTechniques()[3].Find(g); len(steps) != 0 {
		t.Fatalf("dynamic forcing chains find %s", steps[0].Text)
	}
	plus := NestedChainTechniques()[0]
	if plus.Name != DynamicForcingChainsPlus || plus.Rating != 9.0 {
		t.Fatalf("level 1 is %s %.1f", plus.Name, plus.Rating)
	}
	steps := plus.Find(g)
	if len(steps) != 1 {
		t.Fatalf("%d steps", len(steps))
	}
	s := steps[0]
	want := []Candidate{{4*9 + 5, 7}}
	if s.Rating != 9.3 || s.Technique != "Dynamic Region Forcing Chains (+)" || len(s.Eliminations) != 1 || s.Eliminations[0] != want[0] {
		t.Fatalf("got %.1f %s", s.Rating, s.Text)
	}
	var branches, rules []string
	for _, sub := range s.Sub {
		if strings.HasPrefix(sub.Text, "Inside the chain, ") {
			rules = append(rules, sub.Text)
		} else {
			branches = append(branches, sub.Text)
		}
	}
	if len(branches) != 3 {
		t.Errorf("%d branches for the 3 places of 4 in row 6: %q", len(branches), branches)
	}
	found := false
	for _, r := range rules {
		found = found || strings.HasPrefix(r, "Inside the chain, Hidden Pair: 2,6 in box 5")
	}
	if !found {
		t.Errorf("no hidden pair of 2,6 in box 5 among the rules: %q", rules)
	}
}

// TestNestedRuleParents checks the parents of the rules applied inside a
// chain: each names eliminations the chain made, which the rule needs.
func TestNestedRuleParents(t *testing.T) {
	g := pencilGrid(t, seBeforePlus)
	c := newNestedChainer(g, chainMode{multiple: true, dynamic: true, level: 1}, nil)
	hs := c.multipleHints()
	if len(hs) == 0 {
		t.Fatal("no hint")
	}
	checked := 0
	for _, h := range hs {
		for _, t0 := range h.targets {
			c.walk(t0, func(p *pot) {
				if p.rule == nil {
					return
				}
				checked++
				if p.on || len(p.parents) == 0 {
					t.Fatalf("advanced potential %s on %v with %d parents", c.potName(p), p.on, len(p.parents))
				}
				for _, q := range p.parents {
					if q.on || !c.orig[q.cell].Has(q.digit) {
						t.Fatalf("%s relies on %s, not an elimination of a candidate", c.potName(p), c.potName(q))
					}
				}
			})
		}
	}
	if checked == 0 {
		t.Fatal("no hint uses a rule inside its chain")
	}
}

// TestNestedBudget runs a search out of budget: it finds nothing, however
// much it had found before.
func TestNestedBudget(t *testing.T) {
	g := pencilGrid(t, seBeforePlus)
	c := newNestedChainer(g, chainMode{multiple: true, dynamic: true, level: 1}, &budget{left: 1000})
	c.multipleHints()
	if !c.nest.exhausted() {
		t.Fatal("a search of a thousand potentials did not run out")
	}
}

// TestNestedLevels11Plus solves 11+ puzzles, which need the deeper levels
// (forcing chains and multiple forcing chains inside dynamic ones), and
// checks every step against the solution: the first puzzle of the set by
// default (some seconds of CPU), none with -short, a sample of 10 with
// SATDOKU_LOGIC_ALL=1.
func TestNestedLevels11Plus(t *testing.T) {
	if testing.Short() {
		t.Skip("seconds of CPU a puzzle")
	}
	boards := testpuzzles.Boards(t, testpuzzles.Shared(t, "puzzles5_forum_hardest_1905_11+"))
	if !logicAll() {
		boards = boards[:1]
	} else {
		boards = sample(boards, 10)
	}
	deep := 0
	for _, p := range solveAll(t, boards, Options{Unique: true}) {
		for _, s := range p.Steps {
			if strings.Contains(s.Technique, "(+ ") {
				deep++
			}
		}
	}
	if deep == 0 {
		t.Error("no step of nesting level 2 or more")
	}
}

// TestNestedSuffix checks SE's names of the nesting levels.
func TestNestedSuffix(t *testing.T) {
	tests := []struct {
		level int
		want  string
	}{
		{0, ""}, {1, " (+)"}, {2, " (+ Forcing Chains)"}, {3, " (+ Multiple Forcing Chains)"},
		{4, " (+ Dynamic Forcing Chains)"}, {5, " (+ Dynamic Forcing Chains (+ Forcing Chains))"},
	}
	for _, tt := range tests {
		if got := nestedSuffix(tt.level); got != tt.want {
			t.Errorf("nestedSuffix(%d) = %q, want %q", tt.level, got, tt.want)
		}
	}
}
