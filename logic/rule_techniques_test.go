package logic

import (
	"context"
	"fmt"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/fallback"
	"github.com/satdoku/satdoku/internal/testpuzzles"
	"github.com/satdoku/satdoku/variant"
	"github.com/satdoku/satdoku/variant/varianttest"
)

// cellsOf returns the 0-based cells of "r1c1 r1c2" on a 9×9 board.
func cellsOf(t *testing.T, spec string) []int {
	t.Helper()
	var out []int
	for _, f := range strings.Fields(spec) {
		var r, c int
		if _, err := fmt.Sscanf(f, "r%dc%d", &r, &c); err != nil {
			t.Fatalf("cell %q: %v", f, err)
		}
		out = append(out, (r-1)*9+c-1)
	}
	return out
}

// marksOf reads "r1c1:56 r2c3:1" (a cell and the digits it keeps, or
// "=5" for a given) into givens and restrictions.
func positionOf(t *testing.T, g *Grid, spec string) {
	t.Helper()
	for _, f := range strings.Fields(spec) {
		cell, digits, ok := strings.Cut(f, ":")
		if !ok {
			t.Fatalf("position %q", f)
		}
		c := cellsOf(t, cell)[0]
		if d, given := strings.CutPrefix(digits, "="); given {
			g.Place(c, int(d[0]-'0'))
			continue
		}
		var s Digits
		for _, ch := range digits {
			s |= DigitSet(int(ch - '0'))
		}
		g.Restrict(c, s)
	}
}

// elimsOf writes eliminations as "r1c1-89 r1c2-19", cells in order.
func elimsOf(cs []Candidate) string {
	by := map[int]Digits{}
	for _, c := range cs {
		by[c.Cell] |= DigitSet(c.Digit)
	}
	cells := make([]int, 0, len(by))
	for c := range by {
		cells = append(cells, c)
	}
	sort.Ints(cells)
	parts := make([]string, len(cells))
	for i, c := range cells {
		parts[i] = CellName(9, c) + "-" + strings.ReplaceAll(digitList(by[c]), "/", "")
	}
	return strings.Join(parts, " ")
}

// ruleTechniqueNamed returns the rule technique called name.
func ruleTechniqueNamed(t *testing.T, name string) Technique {
	t.Helper()
	for _, tech := range RuleTechniques() {
		if tech.Name == name {
			return tech
		}
	}
	t.Fatalf("no rule technique %q", name)
	return Technique{}
}

// outside returns a clue above column col (1-based) pointing down, or
// pointing down-right when diag.
func above(col int, diag bool) variant.Outside {
	o := variant.Outside{Row: -1, Col: col - 1, DRow: 1}
	if diag {
		o.DCol = 1
	}
	return o
}

// ruleCases are small 9×9 positions, one rule kind each (two for innies
// and outies), with every candidate the technique removes, worked out by
// hand: "r1c1-89" is r1c1 losing 8 and 9. A position lists givens
// ("r1c2:=5") and cells restricted to some digits ("r1c1:56"); other cells
// hold every digit a given does not rule out.
var ruleCases = []struct {
	name, technique string
	rules           func(t *testing.T) []variant.Rule
	position        string
	want            string
	text            string // a part of some step's text
}{
	{"odd", "Odd/Even", rs(variant.Odd{Cell: 0}), "", "r1c1-2468", "odd cell r1c1"},
	{"even", "Odd/Even", rs(variant.Even{Cell: 0}), "", "r1c1-13579", "even cell r1c1"},
	{"anti-knight", "Anti-Knight", rs(variant.AntiKnight{}), "r5c5:=5", "r3c4-5 r3c6-5 r4c3-5 r4c7-5 r6c3-5 r6c7-5 r7c4-5 r7c6-5", "r5c5 is 5"},
	{"anti-king", "Anti-King", rs(variant.AntiKing{}), "r3c3:=5", "r2c4-5 r4c2-5 r4c4-5", "r3c3 is 5"},
	{"small extra region", "Extra Region", rs(variant.ExtraRegion{Cells: []int{0, 40}}), "r1c1:=5", "r5c5-5", "r1c1 is 5"},
	{"nonconsecutive", "Negative Constraint", rs(variant.Negative{Kind: variant.NoDifference, Values: []int{1}, Pairs: variant.OrthogonalPairs(9)}),
		"r5c5:=5", "r4c5-46 r5c4-46 r5c6-46 r6c5-46", "r5c5 is 5"},
	{"negative XV", "Negative Constraint", rs(variant.Negative{Kind: variant.NoSum, Values: []int{5, 10}, Pairs: variant.OrthogonalPairs(9)}),
		"r5c5:=3", "r4c5-27 r5c4-27 r5c6-27 r6c5-27", "r5c5 is 3"},
	{"white dot", "Kropki Dot", rs(variant.Difference{A: 0, B: 1, Diff: 1}), "r1c2:=5", "r1c1-123789", "r1c2 is 5"},
	{"black dot", "Kropki Dot", rs(variant.Ratio{A: 0, B: 1, Ratio: 2}), "", "r1c1-579 r1c2-579", "black dot"},
	{"X", "XV", rs(variant.XV{A: 0, B: 1, Sum: 10}), "r1c2:=3", "r1c1-1245689", "r1c2 is 3"},
	{"V", "XV", rs(variant.XV{A: 0, B: 9, Sum: 5}), "", "r1c1-56789 r2c1-56789", "sum 5"},
	{"minimum", "Minimum/Maximum", rs(variant.Minimum{Cell: 0, Than: []int{1, 9}}), "", "r1c1-9 r1c2-1 r2c1-1", "minimum r1c1"},
	{"maximum", "Minimum/Maximum", rs(variant.Maximum{Cell: 0, Than: []int{1, 9}}), "r1c2:=7", "r1c1-123456 r2c1-9", "maximum r1c1"},
	{"column indexer", "Indexer", rs(variant.Indexer{Kind: variant.ColumnIndex, Cells: []int{0}}), "r1c3:23456789", "r1c1-3",
		"3 in r1c1 needs 1 in r1c3"},
	{"column indexer backwards", "Indexer", rs(variant.Indexer{Kind: variant.ColumnIndex, Cells: []int{0}}), "r1c1:12", "r1c3-1 r1c4-1 r1c5-1 r1c6-1 r1c7-1 r1c8-1 r1c9-1",
		"1 in r1c3 needs 3 in r1c1"},
	{"palindrome", "Palindrome", rs(variant.Palindrome{Cells: []int{0, 40, 80}}), "r1c1:23", "r9c9-1456789", "r9c9 is 2/3"},
	{"clone", "Clone", rs(variant.Clone{Cells: []int{0, 1}, Clones: []int{79, 80}}), "r1c1:45 r9c9:45", "r1c2-1236789 r9c8-1236789",
		"r1c2 is 4/5"},
	{"quadruple", "Quadruple", rs(variant.Quadruple{Cells: []int{0, 1, 9, 10}, Digits: []int{1, 2, 3, 4}}), "",
		"r1c1-56789 r1c2-56789 r2c1-56789 r2c2-56789", "r1c1 is 1-4"},
	{"quadruple with a repeat", "Quadruple", rs(variant.Quadruple{Cells: []int{0, 1, 9, 31}, Digits: []int{7, 7}}), "r1c2:=3 r2c1:=4",
		"r1c1-125689 r4c5-12345689", "r4c5 is 7"},
	{"thermometer", "Thermometer", rs(variant.Thermometer{Cells: []int{0, 1, 2}}), "", "r1c1-89 r1c2-19 r1c3-12", "r1c2 is 2-8"},
	{"slow thermometer", "Thermometer", rs(variant.Thermometer{Cells: []int{0, 12, 24}, Slow: true}), "r1c1:56",
		"r2c4-1234 r3c7-1234", "r2c4 is 5-9"},
	{"whispers", "Whispers", rs(variant.Whispers{Cells: []int{0, 1}, Difference: 5}), "", "r1c1-5 r1c2-5", "difference ≥ 5"},
	{"between line", "Between Line", rs(variant.BetweenLine{Cells: []int{0, 1, 2}}), "", "r1c2-19", "r1c2 is 2-8"},
	{"entropic line", "Entropic Line", rs(variant.EntropicLine{Cells: []int{0, 1, 2}}), "r1c1:=1", "r1c2-23 r1c3-23", "entropic line"},
	{"modular line", "Modular Line", rs(variant.ModularLine{Cells: []int{0, 1, 2}}), "r1c1:=1", "r1c2-47 r1c3-47", "modular line"},
	{"nabner", "Nabner", rs(variant.Nabner{Cells: []int{0, 10}}), "r1c1:=5", "r2c2-46", "nabner"},
	{"renban", "Renban", rs(variant.Renban{Cells: []int{0, 1, 2}}), "r1c1:=1", "r1c2-456789 r1c3-456789", "only {1,2,3} fits"},
	{"killer cage", "Killer Cage", rs(variant.Killer{Cells: []int{0, 1, 2}, Sum: 6}), "",
		"r1c1-456789 r1c2-456789 r1c3-456789", "killer cage 6 at r1c1 (3 cells): only {1,2,3} fits"},
	{"killer cage of one combination", "Killer Cage", rs(variant.Killer{Cells: []int{0, 1, 2}, Sum: 23}), "r1c1:67",
		"r1c1-7 r1c2-1234567 r1c3-1234567", "only {6,8,9} fits"},
	{"digital-root cage", "Digital Root Cage", rs(variant.DigitalRootCage{Cells: []int{0, 1}, Root: 3}), "", "r1c1-6 r1c2-6", "digital root 3"},
	{"arrow", "Arrow", rs(variant.Arrow{Circle: []int{0}, Line: []int{1, 2}}), "", "r1c1-12 r1c2-9 r1c3-9", "arrow r1c1"},
	{"arrow with a pill", "Arrow", rs(variant.Arrow{Circle: []int{0, 1}, Line: []int{9, 10, 18, 19, 27}}), "",
		"r1c1-456789", "r1c1 is 1-3"},
	{"double arrow", "Double Arrow", rs(variant.DoubleArrow{Cells: []int{0, 1, 2}}), "", "r1c1-9 r1c2-12 r1c3-9", "double arrow"},
	{"zipper line", "Zipper Line", rs(variant.ZipperLine{Cells: []int{0, 1, 2}}), "", "r1c1-9 r1c2-12 r1c3-9", "zipper line"},
	{"little killer", "Little Killer", rs(variant.LittleKiller{Clue: above(6, true), Sum: 10}), "", "r1c7-89 r2c8-89 r3c9-89", "little killer"},
	{"region sum line", "Region Sum Line", rs(variant.RegionSumLine{Cells: []int{2, 12}}), "r1c3:45", "r2c4-1236789", "r2c4 is 4/5"},
	{"sandwich", "Sandwich", rs(variant.Sandwich{Clue: variant.Outside{Row: 0, Col: -1, DCol: 1}, Sum: 0}), "r1c1:=1",
		"r1c2-2345678 r1c3-9 r1c4-9 r1c5-9 r1c6-9 r1c7-9 r1c8-9 r1c9-9", "r1c2 is 9"},
	{"sandwich of every middle digit", "Sandwich", rs(variant.Sandwich{Clue: variant.Outside{Row: 0, Col: 9, DCol: -1}, Sum: 35}), "",
		"r1c1-2345678 r1c2-19 r1c3-19 r1c4-19 r1c5-19 r1c6-19 r1c7-19 r1c8-19 r1c9-2345678", "r1c1 is 1/9"},
	{"killer cage with no sum", "Killer Cage", rs(variant.Killer{Cells: []int{0, 40}}), "r5c5:=4", "r1c1-4", "r5c5 is 4"},
	{"x-sum", "X-Sum", rs(variant.XSum{Clue: above(1, false), Sum: 15}), "", "r1c1-126789 r2c1-9 r3c1-9", "r1c1 is 3-5"},
	{"skyscraper", "Skyscraper", rs(variant.Skyscraper{Clue: above(1, false), Count: 3}), "", "r1c1-89 r2c1-9", "r1c1 is 1-7"},
	{"rule pointing", "Rule Pointing", rs(variant.Killer{Cells: []int{0, 1}, Sum: 17}), "",
		"r1c3-89 r1c4-89 r1c5-89 r1c6-89 r1c7-89 r1c8-89 r1c9-89 r2c1-89 r2c2-89 r2c3-89 r3c1-89 r3c2-89 r3c3-89",
		"must hold a 9, which can only go in r1c1 r1c2 (all in row 1 and box 1)"},
	{"renban in a row", "Rule and House", rs(variant.Renban{Cells: []int{0, 1, 2}}), "r1c4:12345678 r1c5:12345678 r1c6:12345678 r1c7:12345678 r1c8:12345678 r1c9:12345678",
		"r1c1-123456 r1c2-123456 r1c3-123456", "row 1's 9 goes in r1c1 r1c2 r1c3"},
	{"arrow and cage together", "Rules Together", rs(variant.Arrow{Circle: []int{0}, Line: []int{1, 2}}, variant.Killer{Cells: []int{1, 2}, Sum: 5}),
		"r1c1:34567 r1c2:1234 r1c3:1234", "r1c1-3467", "share r1c2 r1c3; together r1c1 is 5"},
	{"two cages in a row", "Rules Together", rs(variant.Killer{Cells: []int{0, 1}, Sum: 3}, variant.Killer{Cells: []int{2, 3}, Sum: 7}),
		"r1c1:12 r1c2:12 r1c3:123456 r1c4:123456", "r1c3-1256 r1c4-1256", "see each other; together r1c3 is 3/4"},
	{"pointing for a cage with no sum", "Rule Pointing", rs(variant.Killer{Cells: []int{0, 1, 2, 9, 10, 11, 18, 19, 27}}),
		"r1c1:12345678 r1c2:12345678 r1c3:12345678 r2c1:12345678 r2c2:12345678 r2c3:12345678 r3c1:12345678 r3c2:12345678",
		"r4c2-9 r4c3-9 r4c4-9 r4c5-9 r4c6-9 r4c7-9 r4c8-9 r4c9-9 r5c1-9 r5c2-9 r5c3-9 r6c1-9 r6c2-9 r6c3-9 r7c1-9 r8c1-9 r9c1-9",
		"must hold a 9, which can only go in r4c1"},
	{"two white dots in a row", "Rules Together", rs(variant.Difference{A: 0, B: 1, Diff: 1}, variant.Difference{A: 1, B: 2, Diff: 1}),
		"r1c1:123 r1c2:12 r1c3:123", "r1c1-2 r1c2-1 r1c3-2", "share r1c2; together r1c1 is 1/3, r1c2 is 2"},
	{"innies", "Innies", rs(variant.Killer{Cells: []int{0, 1, 2}, Sum: 6}, variant.Killer{Cells: []int{3, 4, 5}, Sum: 15},
		variant.Killer{Cells: []int{6, 7}, Sum: 17}), "", "r1c9-12345689", "the innies r1c9 sum to 45 − 38 = 7; r1c9 is 7"},
	{"innie-outie difference", "Innie-Outie Difference", rs(variant.Killer{Cells: []int{0, 1, 2}, Sum: 6}, variant.Killer{Cells: []int{3, 4, 5}, Sum: 24},
		variant.Killer{Cells: []int{6, 15}, Sum: 3}), "", "r1c8-123 r1c9-123 r2c7-6789",
		"the innies r1c8 r1c9 sum to the outies r2c7 + 12"},
	{"outies", "Outies", rs(variant.Killer{Cells: []int{0, 1, 2}, Sum: 6}, variant.Killer{Cells: []int{3, 4, 5}, Sum: 15},
		variant.Killer{Cells: []int{6, 7}, Sum: 17}, variant.Killer{Cells: []int{8, 17}, Sum: 16}), "", "r2c9-12345678",
		"the outies r2c9 sum to 54 − 45 = 9"},
}

// rs returns a maker of the rules given.
func rs(rules ...variant.Rule) func(t *testing.T) []variant.Rule {
	return func(*testing.T) []variant.Rule { return rules }
}

// TestRuleTechniques runs each rule technique on its small positions: it
// removes exactly the candidates worked out by hand, and its steps name
// the rules they use and say so in words.
func TestRuleTechniques(t *testing.T) {
	for _, tt := range ruleCases {
		t.Run(tt.name, func(t *testing.T) {
			p := variant.New(board.Classic)
			p.Rules = tt.rules(t)
			g, err := FromPuzzle(p)
			if err != nil {
				t.Fatal(err)
			}
			positionOf(t, g, tt.position)
			tech := ruleTechniqueNamed(t, tt.technique)
			steps := tech.Find(g)
			var elims []Candidate
			var texts []string
			for _, s := range steps {
				if s.Technique != tech.Name || s.Rating != tech.Rating {
					t.Errorf("step %q is %s %.1f, want %s %.1f", s.Text, s.Technique, s.Rating, tech.Name, tech.Rating)
				}
				if len(s.Rules) == 0 || len(s.Cells) == 0 {
					t.Errorf("step %q names no rule or no cell", s.Text)
				}
				for _, e := range s.Eliminations {
					if !g.Cand[e.Cell].Has(e.Digit) {
						t.Errorf("step %q removes %d from %s, not a candidate", s.Text, e.Digit, CellName(9, e.Cell))
					}
				}
				elims = append(elims, s.Eliminations...)
				texts = append(texts, s.Text)
			}
			want := strings.Join(slices.DeleteFunc(strings.Fields(tt.want), func(f string) bool { return strings.HasSuffix(f, "-") }), " ")
			if got := elimsOf(elims); got != want {
				t.Errorf("eliminations %q, want %q\nsteps:\n%s", got, want, strings.Join(texts, "\n"))
			}
			if !slices.ContainsFunc(texts, func(s string) bool { return strings.Contains(s, tt.text) }) {
				t.Errorf("no step says %q:\n%s", tt.text, strings.Join(texts, "\n"))
			}
		})
	}
}

// TestRuleTechniquesQuietWithoutRules checks that on a classic grid, from
// a puzzle with no rules or from a plain board, the rule techniques find
// nothing.
func TestRuleTechniquesQuietWithoutRules(t *testing.T) {
	g, err := FromPuzzle(variant.New(board.Classic))
	if err != nil {
		t.Fatal(err)
	}
	positionOf(t, g, "r1c1:=5 r5c5:=3")
	b, err := board.Parse("5...............................................................................3")
	if err != nil {
		t.Fatal(err)
	}
	h, err := FromBoard(b) // no puzzle at all
	if err != nil {
		t.Fatal(err)
	}
	for _, tech := range RuleTechniques() {
		for _, grid := range []*Grid{g, h} {
			if steps := tech.Find(grid); len(steps) != 0 {
				t.Errorf("%s finds %q with no rules", tech.Name, steps[0].Text)
			}
		}
	}
}

// TestRuleTechniquesOrdered checks that RuleTechniques is ordered by
// rating and that merging keeps SE's house techniques at their ratings.
func TestRuleTechniquesOrdered(t *testing.T) {
	ts := RuleTechniques()
	for i := 1; i < len(ts); i++ {
		if ts[i].Rating < ts[i-1].Rating {
			t.Errorf("%s (%.1f) after %s (%.1f)", ts[i].Name, ts[i].Rating, ts[i-1].Name, ts[i-1].Rating)
		}
	}
	merged := MergeTechniques(DefaultTechniques(), ts)
	if len(merged) != len(DefaultTechniques())+len(ts) {
		t.Fatalf("merged %d techniques, want %d", len(merged), len(DefaultTechniques())+len(ts))
	}
	for i := 1; i < len(merged); i++ {
		if merged[i].Rating < merged[i-1].Rating {
			t.Fatalf("merged list not by rating at %s", merged[i].Name)
		}
	}
	if merged[0].Name != "Full House" {
		t.Errorf("first technique %s, want Full House (SE's order first at equal rating)", merged[0].Name)
	}
}

// TestEveryKindHasAStep walks the registry: every kind of rule is either
// a house or candidates of FromPuzzle (ruleKindsAsHouses, and then not left
// in Grid.Rules), or has a rule technique whose finder removes a candidate
// of a cell of the kind's sample when the rest of the sample's cells hold
// a solution's digits.
func TestEveryKindHasAStep(t *testing.T) {
	unhandled := func(kinds []variant.Kind) []string {
		var out []string
		for _, k := range kinds {
			if why := kindStep(k); why != "" {
				out = append(out, k.Name+": "+why)
			}
		}
		return out
	}
	if err := varianttest.Completeness("the rule techniques", unhandled); err != nil {
		t.Error(err)
	}
}

// kindStep returns "" when kind k is handled (see TestEveryKindHasAStep),
// else why not.
func kindStep(k variant.Kind) string {
	p := varianttest.KindPuzzle(k)
	g, err := FromPuzzle(p)
	if err != nil {
		return err.Error()
	}
	if _, ok := ruleKindsAsHouses[k.Name]; ok && len(g.Rules) == 0 {
		return ""
	}
	if len(g.Rules) != 1 {
		return "not a house, and not one rule of the grid"
	}
	// A sample with no solution (a palindrome of three cells in a row)
	// must lose candidates on the empty grid.
	empty := true
	tech, ok := ruleTechniqueOf(p.Rules[0])
	if !ok {
		return "no rule technique"
	}
	res, err := (&fallback.Solver{NodeLimit: 1 << 20}).SolveVariant(context.Background(), p, 1)
	if err != nil {
		return err.Error()
	}
	if res.Count == 0 {
		for _, s := range tech.Find(g) {
			empty = empty && len(s.Eliminations) == 0
		}
		if empty {
			return fmt.Sprintf("%s removes no candidate of its sample, which has no solution", tech.Name)
		}
		return ""
	}
	sol := res.Solutions[0]
	scope := p.Rules[0].Scope(p)
	for _, target := range scope {
		h := g.Clone()
		for _, c := range scope {
			if c != target {
				h.Cand[c], h.Value[c] = DigitSet(int(sol.Cells[c])), int(sol.Cells[c])
			}
		}
		for _, s := range tech.Find(h) {
			for _, e := range s.Eliminations {
				if e.Cell == target && int(sol.Cells[target]) != e.Digit {
					return ""
				}
			}
		}
	}
	return fmt.Sprintf("%s removes no candidate of its sample", tech.Name)
}

// TestRuleRatingsDocumented checks that docs/logic.md's table of the rule
// techniques lists each with its rating and each kind with its technique.
func TestRuleRatingsDocumented(t *testing.T) {
	data, err := os.ReadFile(testpuzzles.Path("docs/logic.md"))
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	for _, rt := range ruleTechniqueList {
		row := fmt.Sprintf("| %s | %.1f |", rt.Name, rt.Rating)
		if !strings.Contains(doc, row) {
			t.Errorf("docs/logic.md has no row %q", row)
		}
		for _, k := range rt.kinds {
			if !strings.Contains(doc, k) {
				t.Errorf("docs/logic.md does not name kind %s", k)
			}
		}
	}
	for k := range ruleKindsAsHouses {
		if !strings.Contains(doc, k) {
			t.Errorf("docs/logic.md does not name kind %s", k)
		}
	}
}

// TestRulesTogetherNeedsBoth checks that the table's joint position is
// one where neither rule alone removes anything: the arrow's circle is 5
// only because the cage on its shaft sums to 5.
func TestRulesTogetherNeedsBoth(t *testing.T) {
	p := variant.New(board.Classic)
	p.Rules = []variant.Rule{variant.Arrow{Circle: []int{0}, Line: []int{1, 2}}, variant.Killer{Cells: []int{1, 2}, Sum: 5}}
	g, err := FromPuzzle(p)
	if err != nil {
		t.Fatal(err)
	}
	positionOf(t, g, "r1c1:34567 r1c2:1234 r1c3:1234")
	for _, name := range []string{"Arrow", "Killer Cage", "Rule Pointing", "Rule and House"} {
		if steps := ruleTechniqueNamed(t, name).Find(g); len(steps) > 0 {
			t.Errorf("%s alone finds %q", name, steps[0].Text)
		}
	}
	if steps := ruleTechniqueNamed(t, "Rules Together").Find(g); len(steps) != 1 || !slices.Equal(steps[0].Rules, []int{0, 1}) {
		t.Errorf("Rules Together finds %v, want one step on rules 0 and 1", steps)
	}
}
