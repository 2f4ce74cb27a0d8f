package logic

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/satdoku/satdoku/variant"
)

// The ratings of the rule techniques, on the SE scale of the house
// techniques (docs/logic.md, "Variant rules: the named steps"): a rule's
// own steps between the singles and the subsets, cheap and local first (a
// placed digit seen through a rule, a dot, then lines, cages and sums,
// then clues that read a whole row), then the steps that combine a rule
// with houses (pointing, a house's digit) or several rules (two rules
// together, innies and outies).
var ruleTechniqueList = []ruleTechnique{
	{Technique{Name: "Odd/Even", Rating: 1.0}, parityStep, []string{"Odd", "Even"}},
	{Technique{Name: "Anti-Knight", Rating: 1.1}, pairSteps, []string{"AntiKnight"}},
	{Technique{Name: "Anti-King", Rating: 1.1}, pairSteps, []string{"AntiKing"}},
	{Technique{Name: "Extra Region", Rating: 1.1}, pairSteps, []string{"ExtraRegion"}},
	{Technique{Name: "Negative Constraint", Rating: 1.3}, pairSteps, []string{"Negative"}},
	{Technique{Name: "Kropki Dot", Rating: 1.6}, pairSteps, []string{"Difference", "Ratio"}},
	{Technique{Name: "XV", Rating: 1.6}, pairSteps, []string{"XV"}},
	{Technique{Name: "Minimum/Maximum", Rating: 1.6}, pairSteps, []string{"Minimum", "Maximum"}},
	{Technique{Name: "Indexer", Rating: 1.7}, indexerSteps, []string{"Indexer"}},
	{Technique{Name: "Palindrome", Rating: 1.7}, searchSteps, []string{"Palindrome"}},
	{Technique{Name: "Clone", Rating: 1.7}, searchSteps, []string{"Clone"}},
	{Technique{Name: "Quadruple", Rating: 1.8}, searchSteps, []string{"Quadruple"}},
	{Technique{Name: "Thermometer", Rating: 1.8}, searchSteps, []string{"Thermometer"}},
	{Technique{Name: "Whispers", Rating: 1.9}, searchSteps, []string{"Whispers"}},
	{Technique{Name: "Between Line", Rating: 1.9}, searchSteps, []string{"BetweenLine"}},
	{Technique{Name: "Entropic Line", Rating: 1.9}, searchSteps, []string{"EntropicLine"}},
	{Technique{Name: "Modular Line", Rating: 1.9}, searchSteps, []string{"ModularLine"}},
	{Technique{Name: "Nabner", Rating: 1.9}, searchSteps, []string{"Nabner"}},
	{Technique{Name: "Renban", Rating: 2.0}, searchSteps, []string{"Renban"}},
	{Technique{Name: "Killer Cage", Rating: 2.0}, searchSteps, []string{"Killer"}},
	{Technique{Name: "Arrow", Rating: 2.2}, searchSteps, []string{"Arrow"}},
	{Technique{Name: "Double Arrow", Rating: 2.3}, searchSteps, []string{"DoubleArrow"}},
	{Technique{Name: "Zipper Line", Rating: 2.3}, searchSteps, []string{"ZipperLine"}},
	{Technique{Name: "Little Killer", Rating: 2.4}, searchSteps, []string{"LittleKiller"}},
	{Technique{Name: "Digital Root Cage", Rating: 2.4}, searchSteps, []string{"DigitalRootCage"}},
	{Technique{Name: "Region Sum Line", Rating: 2.5}, searchSteps, []string{"RegionSumLine"}},
	{Technique{Name: "Rule Pointing", Rating: 2.7, Find: findRulePointing}, nil, nil},
	{Technique{Name: "Rule and House", Rating: 2.8, Find: findRuleInHouse}, nil, nil},
	{Technique{Name: "Sandwich", Rating: 2.9}, searchSteps, []string{"Sandwich"}},
	{Technique{Name: "X-Sum", Rating: 2.9}, searchSteps, []string{"XSum"}},
	{Technique{Name: "Skyscraper", Rating: 2.9}, searchSteps, []string{"Skyscraper"}},
	{Technique{Name: "Rules Together", Rating: 3.0, Find: findRulesTogether}, nil, nil},
	{Technique{Name: "Innies", Rating: 3.1, Find: findInnies}, nil, nil},
	{Technique{Name: "Outies", Rating: 3.3, Find: findOuties}, nil, nil},
	{Technique{Name: "Innie-Outie Difference", Rating: 3.5, Find: findInnieOutie}, nil, nil},
}

// ruleTechnique is a rule technique: either its finder on one rule
// instance and the kinds of rule it reads, or (kinds nil) its own Find.
type ruleTechnique struct {
	Technique
	each  func(g *Grid, t Technique, idx int) []Step
	kinds []string // the registry's kinds the technique reads
}

func init() {
	for i := range ruleTechniqueList {
		if t := &ruleTechniqueList[i]; t.each != nil {
			t.Find = eachRule(t.Technique, t.kinds, t.each)
		}
	}
}

// ruleKindsAsHouses lists the kinds whose rules need no technique of
// their own, and why: FromPuzzle makes them houses or candidates, which
// the house techniques read.
var ruleKindsAsHouses = map[string]string{
	"PositiveDiagonal": "a house (Diagonal)",
	"NegativeDiagonal": "a house (Diagonal)",
	"DisjointGroups":   "houses (Disjoint), one per group",
	"PencilMarks":      "the cell's candidates",
	// An extra region of fewer cells is the Extra Region technique's.
	"ExtraRegion": "a house (Extra) when it has N cells",
}

// RuleTechniques returns the techniques of variant rules, ordered by
// rating (docs/logic.md has the table): one for each kind of rule (or
// family of kinds: the two kropki dots, odd and even, minimum and
// maximum) that is not a house, and the steps that combine: Rule Pointing
// (a digit a rule must hold, in cells that all see a cell outside it),
// Rule and House (a rule that must hold a house's digit), Rules Together
// (two rules searched as one), and Innies, Outies and the Innie-Outie
// Difference (the house-sum rule over killer cages). Their steps name the
// rule instances they use (Step.Rules); on a grid with no rules they find
// nothing. Merge them with DefaultTechniques by rating (MergeTechniques)
// to solve a variant, without Options.Unique: the uniqueness techniques
// reason on houses alone, which a variant's rules may break.
func RuleTechniques() []Technique {
	out := make([]Technique, len(ruleTechniqueList))
	for i, t := range ruleTechniqueList {
		out[i] = t.Technique
	}
	return out
}

// MergeTechniques returns the techniques of both lists ordered by rating,
// those of equal rating in the order given (a's first).
func MergeTechniques(a, b []Technique) []Technique {
	all := append(append([]Technique(nil), a...), b...)
	sort.SliceStable(all, func(i, j int) bool { return all[i].Rating < all[j].Rating })
	return all
}

// ruleTechniqueOf returns the rule technique that handles a rule, and
// false for a rule of no technique (a house, or a type that is not one of
// the registry's kinds).
func ruleTechniqueOf(rule variant.Rule) (Technique, bool) {
	k, ok := variant.KindOf(rule)
	if !ok {
		return Technique{}, false
	}
	for _, t := range ruleTechniqueList {
		if slices.Contains(t.kinds, k.Name) {
			return t.Technique, true
		}
	}
	return Technique{}, false
}

// eachRule makes the finder of technique t from its finder on one rule
// instance: it runs on each rule of the grid of one of kinds.
func eachRule(t Technique, kinds []string, each func(g *Grid, t Technique, idx int) []Step) func(g *Grid) []Step {
	return func(g *Grid) []Step {
		if g.Puzzle == nil {
			return nil
		}
		var steps []Step
		for _, idx := range g.Rules {
			if k, ok := variant.KindOf(g.Puzzle.Rules[idx]); ok && slices.Contains(kinds, k.Name) {
				steps = append(steps, each(g, t, idx)...)
			}
		}
		return steps
	}
}

// searchSteps returns the step of a rule instance decided by search:
// every candidate of its cells that no assignment keeping the rule (with
// the cells that share a house apart) gives its cell goes.
func searchSteps(g *Grid, tech Technique, idx int) []Step {
	rule := g.Puzzle.Rules[idx]
	p := problemOf(g, rule)
	if p == nil {
		if arcsOf(g, rule) != nil {
			return pairSteps(g, tech, idx) // a cage with no sum
		}
		return nil
	}
	var sup []Digits
	if sw, ok := rule.(variant.Sandwich); ok {
		sup = sandwichSupports(g, sw, p.dom)
	} else {
		sup, _ = p.supports()
	}
	if sup == nil {
		return nil
	}
	elims, places, keeps := supportChanges(g, p.cells, p.dom, sup)
	if len(elims) == 0 {
		return nil
	}
	text := fmt.Sprintf("%s: %s", tech.Name, ruleName(g, rule))
	if combos := cageCombinations(p, rule); combos != "" {
		text += ": " + combos
	}
	text += "; " + strings.Join(keeps, ", ") + " (" + elimList(g.N, elims) + ")"
	return []Step{{
		Technique:    tech.Name,
		Rating:       tech.Rating,
		Placements:   places,
		Eliminations: elims,
		Cells:        append([]int(nil), p.cells...),
		Houses:       sharedHouses(g, p.cells),
		Candidates:   candidatesOf(g, p.cells),
		Rules:        []int{idx},
		Text:         text,
	}}
}

// supportChanges returns what a rule's supports change: the candidates
// of open cells that no assignment gives them, the cells left with one
// digit (placements), and each changed cell's digits in words ("r1c2 is
// 2-6").
func supportChanges(g *Grid, cells []int, dom, sup []Digits) (elims, places []Candidate, keeps []string) {
	for i, c := range cells {
		gone := dom[i] &^ sup[i]
		if gone == 0 || g.Value[c] != 0 {
			continue
		}
		for _, d := range gone.List() {
			elims = append(elims, Candidate{c, d})
		}
		if d := sup[i].Single(); d != 0 {
			places = append(places, Candidate{c, d})
			keeps = append(keeps, fmt.Sprintf("%s is %d", CellName(g.N, c), d))
		} else if sup[i] != 0 {
			keeps = append(keeps, fmt.Sprintf("%s is %s", CellName(g.N, c), digitRange(sup[i])))
		}
	}
	return elims, places, keeps
}

// sharedHouses returns the houses holding two or more of cells: where the
// search kept digits apart.
func sharedHouses(g *Grid, cells []int) []int {
	count := map[int]int{}
	var out []int
	for _, c := range cells {
		for _, h := range g.HousesOf[c] {
			if count[h]++; count[h] == 2 {
				out = append(out, h)
			}
		}
	}
	sort.Ints(out)
	return out
}

// elimList writes eliminations by cell: "r1c1≠4-9, r1c2≠4/6".
func elimList(n int, elims []Candidate) string {
	var parts []string
	for i := 0; i < len(elims); {
		j := i
		var ds Digits
		for ; j < len(elims) && elims[j].Cell == elims[i].Cell; j++ {
			ds |= DigitSet(elims[j].Digit)
		}
		parts = append(parts, CellName(n, elims[i].Cell)+"≠"+digitRange(ds))
		i = j
	}
	return strings.Join(parts, ", ")
}

// ruleName names a rule instance as a solver does: a killer cage by its
// sum, first cell and size ("killer cage 12 at r1c1 (3 cells)"), other
// rules as their Describe says.
func ruleName(g *Grid, rule variant.Rule) string {
	if k, ok := rule.(variant.Killer); ok && k.Sum > 0 {
		return fmt.Sprintf("killer cage %d at %s (%d cells)", k.Sum, CellName(g.N, k.Cells[0]), len(k.Cells))
	}
	return rule.Describe(g.N)
}

// digitRange writes a set as "2-6" when it is a run, else as "2/5/7".
func digitRange(s Digits) string {
	l := s.List()
	if len(l) > 2 && l[len(l)-1]-l[0] == len(l)-1 {
		return fmt.Sprintf("%d-%d", l[0], l[len(l)-1])
	}
	return digitList(s)
}

// maxCombosListed bounds the combinations a cage's step lists by name.
const maxCombosListed = 8

// cageCombinations returns "only {1,2,9}, {1,3,8} fit" for a cage (a
// killer cage with a sum, a digital-root cage, a renban): the sets of
// digits its cells can hold now, or "" for another rule or a cage with
// too many to list.
func cageCombinations(p *ruleProblem, rule variant.Rule) string {
	sets := cageSets(p, rule)
	if len(sets) == 0 || len(sets) > maxCombosListed {
		return ""
	}
	parts := make([]string, len(sets))
	for i, s := range sets {
		parts[i] = "{" + strings.ReplaceAll(digitList(s), "/", ",") + "}"
	}
	if len(sets) == 1 {
		return "only " + parts[0] + " fits"
	}
	return "only " + strings.Join(parts, ", ") + " fit"
}

// cageSets returns the sets of digits a cage's cells can hold now (each a
// set of as many digits as cells, which the rule allows and some
// assignment of the candidates realises), or nil for another rule, a
// search that ran out of budget or more than maxCombosListed sets.
func cageSets(p *ruleProblem, rule variant.Rule) []Digits {
	var fits func(s Digits) bool
	switch r := rule.(type) {
	case variant.Killer:
		if r.Sum == 0 {
			return nil
		}
		fits = func(s Digits) bool { return digitSum(s) == r.Sum }
	case variant.DigitalRootCage:
		fits = func(s Digits) bool { return (digitSum(s)-1)%9+1 == r.Root }
	case variant.Renban:
		fits = func(s Digits) bool { return highest(s)-lowest(s) == s.Count()-1 }
	default:
		return nil
	}
	var union Digits
	for _, s := range p.dom {
		union |= s
	}
	k := len(p.cells)
	var out []Digits
	dom := make([]Digits, k)
	v := make([]int, k)
	ok := true
	var walk func(rest Digits, set Digits)
	walk = func(rest Digits, set Digits) {
		if !ok {
			return
		}
		if set.Count() == k {
			if !fits(set) {
				return
			}
			for i := range dom {
				dom[i] = p.dom[i] & set
			}
			if p.search(dom, v) {
				if out = append(out, set); len(out) > maxCombosListed {
					ok = false
				}
			} else if p.exhausted {
				ok = false
			}
			return
		}
		if rest.Count() < k-set.Count() {
			return
		}
		d := lowest(rest)
		walk(rest&^DigitSet(d), set|DigitSet(d))
		walk(rest&^DigitSet(d), set)
	}
	walk(union, 0)
	if !ok {
		return nil
	}
	return out
}

// digitSum returns the sum of a set's digits.
func digitSum(s Digits) int {
	sum := 0
	for _, d := range s.List() {
		sum += d
	}
	return sum
}

// VariantTechniques returns the named techniques for the positions of g:
// DefaultTechniques without the nested forcing chains, with, when g has
// rules other than houses, RuleTechniques merged by rating. The nested
// chains cost seconds on a position they find nothing in, as most of an
// open variant grid is; a variant path goes on with a step that knows the
// rules (package explain's SAT step) instead.
func VariantTechniques(g *Grid) []Technique {
	nested := map[string]bool{}
	for _, t := range NestedChainTechniques() {
		nested[t.Name] = true
	}
	var out []Technique
	for _, t := range DefaultTechniques() {
		if !nested[t.Name] {
			out = append(out, t)
		}
	}
	if len(g.Rules) > 0 {
		out = MergeTechniques(out, RuleTechniques())
	}
	return out
}
