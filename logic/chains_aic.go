package logic

import (
	"fmt"
	"sort"
	"strings"
)

// This file finds alternating inference chains with grouped nodes, the
// chains of the named patterns (skyscraper, 2-string kite, turbot fish,
// empty rectangle, W-wing, X-chains, XY-chains and AICs). Sudoku
// Explainer's chains have no grouped nodes, so these are pattern
// techniques, for hints and for paths on any board: the SE-rated path
// takes its chains from ChainTechniques. A step rates as SE rates the
// chain of the same length: 6.6 for one digit (a forcing X-chain), 7.0
// with several, plus SE's length bonus for the k nodes and the two
// potentials of the eliminated candidate (complexity k+2).

// gnode is a node of a grouped chain: one candidate, or the candidates of
// one digit in the cells a box shares with a line (true when one is).
type gnode struct {
	digit int
	cells []int // sorted
}

// aicGraph holds the nodes of a position and their links.
type aicGraph struct {
	g      *Grid
	nodes  []gnode
	single map[Candidate]int // candidate → node index
	group  map[string]int    // digit and cells → node index
	weak   [][]int           // node → nodes it turns off when on
}

func groupKey(d int, cells []int) string { return fmt.Sprint(d, cells) }

func (a *aicGraph) add(d int, cells []int) int {
	k := groupKey(d, cells)
	if i, ok := a.group[k]; ok {
		return i
	}
	a.nodes = append(a.nodes, gnode{d, cells})
	i := len(a.nodes) - 1
	a.group[k] = i
	if len(cells) == 1 {
		a.single[Candidate{cells[0], d}] = i
	}
	return i
}

// sees reports whether two cells share a house.
func (a *aicGraph) sees(x, y int) bool {
	for _, h := range a.g.HousesOf[x] {
		for _, h2 := range a.g.HousesOf[y] {
			if h == h2 {
				return true
			}
		}
	}
	return false
}

func (a *aicGraph) seesAll(x int, cells []int) bool {
	for _, y := range cells {
		if x == y || !a.sees(x, y) {
			return false
		}
	}
	return true
}

func newAICGraph(g *Grid, grouped bool) *aicGraph {
	a := &aicGraph{g: g, single: map[Candidate]int{}, group: map[string]int{}}
	for c, cand := range g.Cand {
		if g.Value[c] != 0 {
			continue
		}
		for _, d := range cand.List() {
			a.add(d, []int{c})
		}
	}
	if grouped {
		for _, hb := range g.Houses {
			if hb.Kind != Box {
				continue
			}
			for _, hl := range g.Houses {
				if hl.Kind != Row && hl.Kind != Column {
					continue
				}
				common := intersect(hb.Cells, hl.Cells)
				if len(common) < 2 {
					continue
				}
				for d := 1; d <= g.N; d++ {
					var cells []int
					for _, c := range common {
						if g.Value[c] == 0 && g.Cand[c].Has(d) {
							cells = append(cells, c)
						}
					}
					if len(cells) >= 2 {
						a.add(d, cells)
					}
				}
			}
		}
	}
	a.weak = make([][]int, len(a.nodes))
	byDigit := make(map[int][]int)
	for i, n := range a.nodes {
		byDigit[n.digit] = append(byDigit[n.digit], i)
	}
	for i, n := range a.nodes {
		for _, j := range byDigit[n.digit] {
			if i == j || overlap(n.cells, a.nodes[j].cells) {
				continue
			}
			ok := true
			for _, c := range a.nodes[j].cells {
				if !a.seesAll(c, n.cells) {
					ok = false
					break
				}
			}
			if ok {
				a.weak[i] = append(a.weak[i], j)
			}
		}
		if len(n.cells) == 1 {
			c := n.cells[0]
			for _, d := range g.Cand[c].List() {
				if d != n.digit {
					a.weak[i] = append(a.weak[i], a.single[Candidate{c, d}])
				}
			}
		}
	}
	return a
}

func intersect(x, y []int) []int {
	var out []int
	for _, a := range x {
		for _, b := range y {
			if a == b {
				out = append(out, a)
			}
		}
	}
	sort.Ints(out)
	return out
}

func overlap(x, y []int) bool {
	for _, a := range x {
		for _, b := range y {
			if a == b {
				return true
			}
		}
	}
	return false
}

// strong returns the nodes that must be true when node i is false: the
// rest of the digit in a house holding all of i's cells when that rest is
// one node, and the other candidate of a bivalue cell.
func (a *aicGraph) strong(i int) []int {
	n := a.nodes[i]
	var out []int
	g := a.g
	for _, h := range g.Houses {
		if !containsAll(h.Cells, n.cells) {
			continue
		}
		var rest []int
		for _, c := range h.Cells {
			if g.Value[c] == 0 && g.Cand[c].Has(n.digit) && !contains(n.cells, c) {
				rest = append(rest, c)
			}
		}
		if len(rest) == 0 {
			continue
		}
		if j, ok := a.group[groupKey(n.digit, rest)]; ok {
			out = append(out, j)
		}
	}
	if len(n.cells) == 1 {
		c := n.cells[0]
		if g.Cand[c].Count() == 2 {
			out = append(out, a.single[Candidate{c, (g.Cand[c] &^ DigitSet(n.digit)).Single()}])
		}
	}
	return out
}

func contains(cells []int, c int) bool {
	for _, x := range cells {
		if x == c {
			return true
		}
	}
	return false
}

func containsAll(house, cells []int) bool {
	for _, c := range cells {
		if !contains(house, c) {
			return false
		}
	}
	return true
}

// aicMaxNodes bounds a chain's length.
const aicMaxNodes = 14

// aicStep is a chain found: its nodes (the first and last are the ends,
// joined to their neighbours by strong links) and what it removes.
type aicStep struct {
	nodes []int
	elim  []Candidate
}

// find searches, from every node, the chains that start and end with a
// strong link, shortest first, and returns one step per distinct set of
// eliminations.
func (a *aicGraph) find() []aicStep {
	type state struct {
		node   int
		on     bool
		parent int // index into states, -1 for the start
		depth  int
	}
	var out []aicStep
	best := map[string]int{}
	for s := range a.nodes {
		states := []state{{node: s, on: false, parent: -1, depth: 1}}
		// A state is reached at most twice, both times at its first depth:
		// the second path may name the pattern better (a kite where the
		// first found a turbot fish).
		type seen struct{ depth, times int }
		visited := map[[2]int]seen{{s, 0}: {1, 2}}
		onPath := func(i, node int) bool {
			for ; i >= 0; i = states[i].parent {
				if overlap(a.nodes[states[i].node].cells, a.nodes[node].cells) && a.nodes[states[i].node].digit == a.nodes[node].digit {
					return true
				}
			}
			return false
		}
		for i := 0; i < len(states); i++ {
			st := states[i]
			if st.depth >= aicMaxNodes {
				continue
			}
			var next []int
			if st.on {
				next = a.weak[st.node]
			} else {
				next = a.strong(st.node)
			}
			for _, v := range next {
				key := [2]int{v, 0}
				if !st.on {
					key[1] = 1
				}
				if vs, ok := visited[key]; ok && (vs.times >= 2 || vs.depth != st.depth+1) || onPath(i, v) {
					continue
				}
				vs := visited[key]
				visited[key] = seen{st.depth + 1, vs.times + 1}
				states = append(states, state{node: v, on: !st.on, parent: i, depth: st.depth + 1})
				if st.on || st.depth+1 < 4 {
					continue
				}
				// v is on: either the start or v is true.
				elim := a.eliminations(s, v)
				if len(elim) == 0 {
					continue
				}
				var nodes []int
				for j := len(states) - 1; j >= 0; j = states[j].parent {
					nodes = append(nodes, states[j].node)
				}
				for l, r := 0, len(nodes)-1; l < r; l, r = l+1, r-1 {
					nodes[l], nodes[r] = nodes[r], nodes[l]
				}
				// Keep the simplest chain for each set of eliminations:
				// the shortest, then the one with fewest grouped nodes.
				k := fmt.Sprint(elim)
				if at, ok := best[k]; !ok {
					best[k] = len(out)
					out = append(out, aicStep{nodes, elim})
				} else if a.simpler(nodes, out[at].nodes) {
					out[at] = aicStep{nodes, elim}
				}
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return len(out[i].nodes) < len(out[j].nodes) })
	return out
}

// simpler reports whether chain x is shorter than y, or as long with
// fewer grouped nodes.
func (a *aicGraph) simpler(x, y []int) bool {
	if len(x) != len(y) {
		return len(x) < len(y)
	}
	groups := func(ns []int) int {
		k := 0
		for _, i := range ns {
			if len(a.nodes[i].cells) > 1 {
				k++
			}
		}
		return k
	}
	if gx, gy := groups(x), groups(y); gx != gy {
		return gx < gy
	}
	// Then the better known pattern: a skyscraper or a kite reads more
	// easily than an empty rectangle, which reads more easily than a
	// turbot fish (HoDoKu names the chain by its best-known pattern).
	if rx, ry := patternRank(a.name(x)), patternRank(a.name(y)); rx != ry {
		return rx < ry
	}
	// Then the one with fewer strong links that only a box holds.
	boxLinks := func(ns []int) int {
		k := 0
		for i := 0; i+1 < len(ns); i += 2 {
			if kind, same := a.linkKind(ns, i); same && kind == Box {
				k++
			}
		}
		return k
	}
	return boxLinks(x) < boxLinks(y)
}

// patternRank orders the names of chains of equal length and grouping:
// the best-known single-digit patterns first.
func patternRank(name string) int {
	switch name {
	case "Skyscraper", "2-String Kite":
		return 0
	case "Empty Rectangle":
		return 1
	case "Turbot Fish":
		return 2
	case "Grouped Turbot Fish":
		return 3
	}
	return 4
}

// linkKind returns the kind of the first house (rows, then columns, then
// boxes) holding both nodes of the link between nodes[k] and nodes[k+1],
// and whether they are of one digit (else the link is in a cell).
func (a *aicGraph) linkKind(nodes []int, k int) (HouseKind, bool) {
	x, y := a.nodes[nodes[k]], a.nodes[nodes[k+1]]
	if x.digit != y.digit {
		return 0, false
	}
	all := append(append([]int(nil), x.cells...), y.cells...)
	for _, kind := range [...]HouseKind{Row, Column, Box} {
		for _, h := range a.g.Houses {
			if h.Kind == kind && containsAll(h.Cells, all) {
				return kind, true
			}
		}
	}
	return Extra, true
}

// eliminations returns what "s or v is true" removes: the digit from the
// cells that see every cell of both (one digit), or, for two candidates of
// different digits, the cell's other candidates (one cell) or each digit
// from the other's cell (two cells that see each other).
func (a *aicGraph) eliminations(s, v int) []Candidate {
	ns, nv := a.nodes[s], a.nodes[v]
	g := a.g
	var out []Candidate
	if ns.digit == nv.digit {
		for c := range g.Cand {
			if g.Value[c] != 0 || !g.Cand[c].Has(ns.digit) || contains(ns.cells, c) || contains(nv.cells, c) {
				continue
			}
			if a.seesAll(c, ns.cells) && a.seesAll(c, nv.cells) {
				out = append(out, Candidate{c, ns.digit})
			}
		}
		return out
	}
	if len(ns.cells) != 1 || len(nv.cells) != 1 {
		return nil
	}
	cs, cv := ns.cells[0], nv.cells[0]
	if cs == cv {
		for _, d := range g.Cand[cs].List() {
			if d != ns.digit && d != nv.digit {
				out = append(out, Candidate{cs, d})
			}
		}
		return out
	}
	if a.sees(cs, cv) {
		if g.Cand[cs].Has(nv.digit) {
			out = append(out, Candidate{cs, nv.digit})
		}
		if g.Cand[cv].Has(ns.digit) {
			out = append(out, Candidate{cv, ns.digit})
		}
	}
	return out
}

// name gives a chain its pattern's name.
func (a *aicGraph) name(nodes []int) string {
	oneDigit := true
	grouped := false
	for _, i := range nodes {
		if a.nodes[i].digit != a.nodes[nodes[0]].digit {
			oneDigit = false
		}
		if len(a.nodes[i].cells) > 1 {
			grouped = true
		}
	}
	linkKind := func(k int) (HouseKind, bool) { return a.linkKind(nodes, k) }
	if oneDigit && len(nodes) == 4 {
		k1, _ := linkKind(0)
		k2, _ := linkKind(2)
		switch {
		case grouped && (k1 == Box || k2 == Box):
			return "Empty Rectangle"
		case grouped:
			return "Grouped Turbot Fish"
		case (k1 == Row || k1 == Column) && k1 == k2:
			return "Skyscraper"
		case (k1 == Row && k2 == Column) || (k1 == Column && k2 == Row):
			return "2-String Kite"
		default:
			return "Turbot Fish"
		}
	}
	if oneDigit {
		if grouped {
			return "Grouped X-Chain"
		}
		return "X-Chain"
	}
	// W-wing: bivalue xy, strong link on y, bivalue xy.
	if len(nodes) == 6 {
		n := a.nodes
		c0, c5 := n[nodes[0]].cells, n[nodes[5]].cells
		_, s1 := linkKind(0)
		_, s3 := linkKind(2)
		_, s5 := linkKind(4)
		if !s1 && s3 && !s5 && len(c0) == 1 && len(c5) == 1 &&
			a.g.Cand[c0[0]] == a.g.Cand[c5[0]] && a.g.Cand[c0[0]].Count() == 2 {
			return "W-Wing"
		}
	}
	xy := true
	for k := 0; k+1 < len(nodes); k += 2 {
		if _, same := linkKind(k); same {
			xy = false
		}
	}
	switch {
	case xy:
		return "XY-Chain"
	case grouped:
		return "Grouped AIC"
	default:
		return "AIC"
	}
}

// text writes a chain in Eureka notation.
func (a *aicGraph) text(nodes []int) string {
	oneDigit := true
	for _, i := range nodes {
		if a.nodes[i].digit != a.nodes[nodes[0]].digit {
			oneDigit = false
		}
	}
	var b strings.Builder
	for k, i := range nodes {
		if k > 0 {
			if k%2 == 1 {
				b.WriteString("=")
			} else {
				b.WriteString("-")
			}
		}
		n := a.nodes[i]
		if !oneDigit {
			fmt.Fprint(&b, n.digit)
		}
		b.WriteString(cellsName(a.g.N, n.cells))
	}
	return b.String()
}

// cellsName writes cells compactly: "r3c2", "r3c45" (one row), "r12c4".
func cellsName(n int, cells []int) string {
	if len(cells) == 1 {
		return CellName(n, cells[0])
	}
	row, col := cells[0]/n, cells[0]%n
	sameRow, sameCol := true, true
	for _, c := range cells {
		sameRow = sameRow && c/n == row
		sameCol = sameCol && c%n == col
	}
	var b strings.Builder
	switch {
	case sameRow:
		fmt.Fprintf(&b, "r%dc", row+1)
		for _, c := range cells {
			fmt.Fprint(&b, c%n+1)
		}
	case sameCol:
		b.WriteString("r")
		for _, c := range cells {
			fmt.Fprint(&b, c/n+1)
		}
		fmt.Fprintf(&b, "c%d", col+1)
	default:
		parts := make([]string, len(cells))
		for i, c := range cells {
			parts[i] = CellName(n, c)
		}
		return "(" + strings.Join(parts, ",") + ")"
	}
	return b.String()
}

// step turns a chain into a Step rated as SE's chain of the same length.
func (a *aicGraph) step(f aicStep) Step {
	name := a.name(f.nodes)
	oneDigit := true
	for _, i := range f.nodes {
		if a.nodes[i].digit != a.nodes[f.nodes[0]].digit {
			oneDigit = false
		}
	}
	tenths := tenthsXYChain
	if oneDigit {
		tenths = tenthsXChain
	}
	tenths += lengthBonus(len(f.nodes) + 2)
	s := Step{Technique: name, Rating: float64(tenths) / 10, Eliminations: f.elim}
	for k, i := range f.nodes {
		n := a.nodes[i]
		for _, c := range n.cells {
			s.Cells = appendCell(s.Cells, c)
			s.Candidates = append(s.Candidates, Candidate{c, n.digit})
		}
		if k > 0 {
			p := a.nodes[f.nodes[k-1]]
			s.Links = append(s.Links, Link{
				From:   Node{Digit: p.digit, Cells: p.cells},
				To:     Node{Digit: n.digit, Cells: n.cells},
				Strong: k%2 == 1,
			})
		}
	}
	parts := make([]string, len(f.elim))
	for i, e := range f.elim {
		parts[i] = fmt.Sprintf("%s≠%d", CellName(a.g.N, e.Cell), e.Digit)
	}
	prefix := name
	if oneDigit {
		prefix = fmt.Sprintf("%s on %d", name, a.nodes[f.nodes[0]].digit)
	}
	s.Text = fmt.Sprintf("%s: %s ⇒ %s", prefix, a.text(f.nodes), strings.Join(parts, ", "))
	return s
}

// findAICs returns the grouped chains of a position as steps, shortest
// first.
func findAICs(g *Grid) []Step {
	a := newAICGraph(g, true)
	var out []Step
	for _, f := range a.find() {
		out = append(out, a.step(f))
	}
	return out
}
