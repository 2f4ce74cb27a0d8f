package logic

import (
	"fmt"
	"strings"
)

func init() {
	extraTechniques = append(extraTechniques, ChainTechniques()...)
}

// The names of the chain techniques, as Sudoku Explainer lists its
// chaining rules (easiest first).
const (
	ForcingChainsAndCycles = "Forcing Chains & Cycles"
	NishioForcingChains    = "Nishio Forcing Chains"
	MultipleForcingChains  = "Multiple Forcing Chains"
	DynamicForcingChains   = "Dynamic Forcing Chains"
)

// ChainTechniques returns the chain techniques in Sudoku Explainer's order
// and with its base ratings: forcing chains and cycles (X-chains, turbot
// fish, skyscrapers, 2-string kites, XY-chains and AICs, X- and
// XY-cycles: 6.5–7.0), Nishio forcing chains (7.5), multiple forcing
// chains (cell and region forcing chains: 8.0) and dynamic forcing chains
// (contradictions, double implications, dynamic cell and region forcing
// chains: 8.5). A step rates its base plus SE's length bonus. Each Find
// returns the one step SE would take: the lowest rated, then the
// shortest.
func ChainTechniques() []Technique {
	return []Technique{
		{Name: ForcingChainsAndCycles, Rating: 6.5, Find: func(g *Grid) []Step {
			c := newChainer(g, chainMode{})
			return c.first(c.loopHints())
		}},
		{Name: NishioForcingChains, Rating: 7.5, Find: func(g *Grid) []Step {
			c := newChainer(g, chainMode{dynamic: true, nishio: true})
			return c.first(c.multipleHints())
		}},
		{Name: MultipleForcingChains, Rating: 8.0, Find: func(g *Grid) []Step {
			c := newChainer(g, chainMode{multiple: true})
			return c.first(c.multipleHints())
		}},
		{Name: DynamicForcingChains, Rating: 8.5, Find: func(g *Grid) []Step {
			c := newChainer(g, chainMode{multiple: true, dynamic: true})
			return c.first(c.multipleHints())
		}},
	}
}

// PatternTechniques returns the chain patterns found with grouped nodes
// and almost locked sets, which Sudoku Explainer's chains lack: grouped
// X-chains and AICs (named as their patterns: skyscraper, 2-string kite,
// turbot fish, empty rectangle, W-wing, X-chain, XY-chain, AIC) and
// ALS-XZ. They serve hints and paths on any board; a path rated on the SE
// scale takes its chains from ChainTechniques instead, since SE would
// find other steps. A step rates as SE's chain of the same length.
func PatternTechniques() []Technique {
	return []Technique{
		{Name: "Grouped AIC", Rating: 6.6, Find: findAICs},
		{Name: "ALS-XZ", Rating: 7.0, Find: findALSXZ},
	}
}

// first returns the step of the first hint of a sorted list, if any.
func (c *chainer) first(hs []*seHint) []Step {
	if len(hs) == 0 {
		return nil
	}
	return []Step{c.step(hs[0])}
}

// candName writes a candidate as "r3c2=4" (on) or "r3c2≠4" (off).
func (c *chainer) potName(p *pot) string {
	op := "≠"
	if p.on {
		op = "="
	}
	return fmt.Sprintf("%s%s%d", CellName(c.n, p.cell), op, p.digit)
}

// path returns the first-parent path from the root down to p.
func path(p *pot) []*pot {
	var out []*pot
	for ; p != nil; p = firstParent(p) {
		out = append(out, p)
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

func firstParent(p *pot) *pot {
	if len(p.parents) == 0 {
		return nil
	}
	return p.parents[0]
}

// aic writes the inner nodes of a linear chain in Eureka notation: strong
// links (off→on) as "=", weak ones (on→off) as "-". With one digit the
// nodes are cells ("r1c2=r1c7-r5c7=r5c2"), else candidates ("4r1c2=...").
func (c *chainer) aic(nodes []*pot, oneDigit bool) string {
	var b strings.Builder
	for i, p := range nodes {
		if i > 0 {
			if p.on {
				b.WriteString("=")
			} else {
				b.WriteString("-")
			}
		}
		if !oneDigit {
			fmt.Fprintf(&b, "%d", p.digit)
		}
		b.WriteString(CellName(c.n, p.cell))
	}
	return b.String()
}

// conclusion writes what a step concludes: "r3c2≠4", "r5c5=7".
func (c *chainer) conclusion(h *seHint) string {
	if h.place != nil {
		return fmt.Sprintf("%s=%d", CellName(c.n, h.place.Cell), h.place.Digit)
	}
	parts := make([]string, len(h.elim))
	for i, e := range h.elim {
		parts[i] = fmt.Sprintf("%s≠%d", CellName(c.n, e.Cell), e.Digit)
	}
	return strings.Join(parts, ", ")
}

// name returns the step's technique name, SE's hint name with the common
// names of the short single-digit chains.
func (c *chainer) name(h *seHint) string {
	prefix := ""
	if h.mode.dynamic && !h.mode.nishio {
		prefix = "Dynamic "
	}
	switch h.kind {
	case kindCycle:
		switch {
		case h.x && h.y:
			return "Bidirectional Cycle"
		case h.y:
			return "Y-Cycle"
		default:
			return "X-Cycle"
		}
	case kindChain:
		nodes := path(h.targets[0])
		if !h.y {
			if h.complexity == 6 {
				return c.turbotName(nodes)
			}
			return "X-Chain"
		}
		if c.isWWing(nodes) {
			return "W-Wing"
		}
		if c.isXYChain(nodes) {
			return "XY-Chain"
		}
		return "AIC"
	case kindBinary:
		switch {
		case h.mode.nishio:
			return "Nishio Forcing Chain"
		case h.absurd:
			return prefix + "Contradiction Forcing Chain"
		default:
			return prefix + "Double Forcing Chain"
		}
	case kindCell:
		return prefix + "Cell Forcing Chains"
	default:
		return prefix + "Region Forcing Chains"
	}
}

// isWWing reports whether a forcing chain (the source on, then six
// potentials, then the source off) is a W-wing: two bivalue cells of the
// same pair joined by a strong link on one digit of the pair.
func (c *chainer) isWWing(nodes []*pot) bool {
	if len(nodes) != 8 {
		return false
	}
	a, b := nodes[1].cell, nodes[5].cell
	return nodes[2].on && nodes[2].house < 0 && nodes[4].on && nodes[4].house >= 0 &&
		nodes[6].on && nodes[6].house < 0 && nodes[2].cell == a && nodes[6].cell == b &&
		c.orig[a] == c.orig[b] && c.orig[a].Count() == 2
}

// isXYChain reports whether every strong link of a chain is a bivalue
// cell and every weak link joins cells on one digit: an XY-chain.
func (c *chainer) isXYChain(nodes []*pot) bool {
	for _, p := range nodes[1:] {
		if p.on && p.house >= 0 {
			return false
		}
		if !p.on && p.house < 0 && p != nodes[len(nodes)-1] && p.cell != nodes[0].cell {
			return false
		}
	}
	return true
}

// turbotName names an X-chain of two strong links joined by a weak one
// (the source on, off, on, off, on, source off): a skyscraper when both
// strong links lie in parallel lines, a 2-string kite when one is a row
// and the other a column, else a turbot fish.
func (c *chainer) turbotName(nodes []*pot) string {
	if len(nodes) != 6 {
		return "X-Chain"
	}
	k1 := c.g.Houses[nodes[2].house].Kind
	k2 := c.g.Houses[nodes[4].house].Kind
	switch {
	case (k1 == Row || k1 == Column) && k1 == k2:
		return "Skyscraper"
	case (k1 == Row && k2 == Column) || (k1 == Column && k2 == Row):
		return "2-String Kite"
	}
	return "Turbot Fish"
}

// step turns a hint into a Step: conclusions, words, links, cells and
// sub-steps (one per branch of a forcing chain).
func (c *chainer) step(h *seHint) Step {
	name := c.name(h)
	s := Step{Technique: name, Rating: float64(h.tenths) / 10}
	if h.place != nil {
		s.Placements = []Candidate{*h.place}
	} else {
		s.Eliminations = append([]Candidate(nil), h.elim...)
	}
	seen := make(map[int]bool)
	seenCand := make(map[Candidate]bool)
	for _, t := range h.targets {
		c.collect(t, &s, seen, seenCand)
	}
	concl := c.conclusion(h)
	switch h.kind {
	case kindCycle:
		nodes := path(h.targets[0])
		s.Text = fmt.Sprintf("%s: %s ⇒ %s", name, c.loopText(nodes), concl)
	case kindChain:
		nodes := path(h.targets[0])
		inner := nodes[1 : len(nodes)-1]
		if !h.y {
			s.Text = fmt.Sprintf("%s on %d: %s ⇒ %s", name, nodes[0].digit, c.aic(inner, true), concl)
		} else {
			s.Text = fmt.Sprintf("%s: %s ⇒ %s", name, c.aic(inner, false), concl)
		}
	case kindBinary:
		src := c.potName(h.source)
		if h.absurd {
			s.Text = fmt.Sprintf("%s: if %s, then both %s and %s ⇒ %s", name, src,
				c.potName(h.targets[0]), c.potName(h.targets[1]), concl)
		} else {
			s.Text = fmt.Sprintf("%s: %s and its negation both imply %s ⇒ %s", name, src,
				c.potName(h.targets[0]), concl)
		}
	case kindCell:
		s.Cells = append([]int{h.cell}, s.Cells...)
		s.Text = fmt.Sprintf("%s: each candidate of %s (%s) implies %s ⇒ %s", name,
			CellName(c.n, h.cell), digitsText(c.orig[h.cell]), c.potName(h.targets[0]), concl)
	case kindRegion:
		s.Houses = []int{h.house}
		s.Text = fmt.Sprintf("%s: each place of %d in %s implies %s ⇒ %s", name, h.digit,
			c.g.Houses[h.house].Name(), c.potName(h.targets[0]), concl)
	}
	if h.kind == kindBinary || h.kind == kindCell || h.kind == kindRegion {
		for _, t := range h.targets {
			nodes := path(t)
			parts := make([]string, len(nodes))
			for i, p := range nodes {
				parts[i] = c.potName(p)
			}
			sub := Step{Technique: name, Rating: s.Rating, Text: strings.Join(parts, " → ")}
			c.collect(t, &sub, make(map[int]bool), make(map[Candidate]bool))
			s.Sub = append(s.Sub, sub)
		}
	}
	return s
}

func digitsText(d Digits) string {
	parts := make([]string, 0, d.Count())
	for _, v := range d.List() {
		parts = append(parts, fmt.Sprint(v))
	}
	return strings.Join(parts, ",")
}

// loopText writes a cycle in Eureka notation, its start repeated at its end.
func (c *chainer) loopText(nodes []*pot) string {
	oneDigit := true
	for _, p := range nodes {
		if p.digit != nodes[0].digit {
			oneDigit = false
		}
	}
	return c.aic(nodes, oneDigit)
}

// collect adds the links of t's implication graph (each parent to its
// child; a strong link where an off potential implies an on one) and the
// candidates and cells it uses.
func (c *chainer) collect(t *pot, s *Step, seen map[int]bool, seenCand map[Candidate]bool) {
	var links []Link
	todo := []*pot{t}
	for len(todo) > 0 {
		p := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		k := c.keyOf(p)
		if seen[k] {
			continue
		}
		seen[k] = true
		cd := Candidate{p.cell, p.digit}
		if !seenCand[cd] {
			seenCand[cd] = true
			s.Candidates = append(s.Candidates, cd)
			s.Cells = appendCell(s.Cells, p.cell)
		}
		for _, q := range p.parents {
			if p.rule != nil {
				// A rule inside the chain (nested.go), not a link: its
				// sub-step explains it.
				todo = append(todo, q)
				continue
			}
			links = append(links, Link{
				From:   Node{Digit: q.digit, Cells: []int{q.cell}},
				To:     Node{Digit: p.digit, Cells: []int{p.cell}},
				Strong: !q.on && p.on,
			})
			todo = append(todo, q)
		}
	}
	// Links were gathered from the conclusion back; a chain reads forward.
	for i := len(links) - 1; i >= 0; i-- {
		s.Links = append(s.Links, links[i])
	}
}

func appendCell(cells []int, cell int) []int {
	for _, x := range cells {
		if x == cell {
			return cells
		}
	}
	return append(cells, cell)
}
