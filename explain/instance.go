package explain

import (
	"fmt"
	"slices"

	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/logic"
)

// Instance is one house or one rule of a grid, as a step names it.
type Instance struct {
	// House is the index of the house in Grid.Houses, or −1; Rule is the
	// index of the rule in Grid.Puzzle.Rules, or −1. Exactly one is set.
	House, Rule int
	// Name is the instance in words: "column 5", "killer cage r4c4 r4c5
	// sums to 15".
	Name string
	// Cells are the cells the instance constrains, in increasing order.
	Cells []int
	// Weight is the instance's kind weight in the cost (see the package
	// documentation).
	Weight int
}

// clauses is a set of clauses stored flat: clause i is
// lits[start[i]:start[i+1]], and owner[i] the instance it belongs to, or
// −1−cell for the exactly-one of a cell.
type clauses struct {
	lits  []encode.Lit
	start []int32
	owner []int32
}

func (cs *clauses) add(owner int, lits ...encode.Lit) {
	if len(cs.start) == 0 {
		cs.start = append(cs.start, 0)
	}
	cs.lits = append(cs.lits, lits...)
	cs.start = append(cs.start, int32(len(cs.lits)))
	cs.owner = append(cs.owner, int32(owner))
}

func (cs *clauses) len() int { return len(cs.owner) }

func (cs *clauses) clause(i int32) []encode.Lit { return cs.lits[cs.start[i]:cs.start[i+1]] }

// build returns the instances of g and their clauses over one numbering:
// the primary variables of encode.CellVar, then each rule's auxiliary
// variables in turn. It also returns the number of variables.
func build(g *logic.Grid) ([]Instance, *clauses, [][]int32, int, error) {
	n := g.N
	x := func(cell, d int) encode.Lit { return encode.Lit(encode.CellVar(n, cell, d)) }
	// The clauses of the cells' and houses' exactly-ones, sized at once
	// (the rules' are appended after them).
	pairs := n * (n - 1) / 2
	units := n*n + len(g.Houses)*n
	cs := &clauses{
		lits:  make([]encode.Lit, 0, units*(n+2*pairs)),
		start: make([]int32, 0, units*(1+pairs)+1),
		owner: make([]int32, 0, units*(1+pairs)),
	}
	// The clauses of each cell's exactly-one come first.
	byInst := make([][]int32, 0, len(g.Houses)+len(g.Rules))
	lits := make([]encode.Lit, n)
	for c := 0; c < n*n; c++ {
		for d := 1; d <= n; d++ {
			lits[d-1] = x(c, d)
		}
		cs.add(-1-c, lits...)
		for a := 1; a <= n; a++ {
			for b := a + 1; b <= n; b++ {
				cs.add(-1-c, -x(c, a), -x(c, b))
			}
		}
	}
	insts := make([]Instance, 0, len(g.Houses)+len(g.Rules))
	for hi, h := range g.Houses {
		i := len(insts)
		insts = append(insts, Instance{House: hi, Rule: -1, Name: h.Name(), Cells: slices.Sorted(slices.Values(h.Cells)), Weight: 1})
		own := make([]int32, 0, len(h.Cells)*(1+len(h.Cells)*(len(h.Cells)-1)/2))
		for d := 1; d <= n; d++ {
			for k, c := range h.Cells {
				lits[k] = x(c, d)
			}
			own = append(own, int32(cs.len()))
			cs.add(i, lits...)
			for a := 0; a < n; a++ {
				for b := a + 1; b < n; b++ {
					own = append(own, int32(cs.len()))
					cs.add(i, -x(h.Cells[a], d), -x(h.Cells[b], d))
				}
			}
		}
		byInst = append(byInst, own)
	}
	numVars := encode.NumVars(n)
	n3 := encode.NumVars(n)
	for _, ri := range g.Rules {
		r := g.Puzzle.Rules[ri]
		f, err := encode.RuleFormula(g.Puzzle, r)
		if err != nil {
			return nil, nil, nil, 0, fmt.Errorf("explain: rule %d: %w", ri+1, err)
		}
		f = f.Clausal()
		for _, piece := range split(f, n, r.Scope(g.Puzzle)) {
			i := len(insts)
			cells := map[int]bool{}
			shift := encode.Lit(numVars - n3)
			var own []int32
			for _, cl := range piece {
				out := make([]encode.Lit, len(cl))
				for k, l := range cl {
					switch v := l.Var(); {
					case v <= n3:
						cells[(v-1)/n] = true
						out[k] = l
					case l > 0:
						out[k] = l + shift
					default:
						out[k] = l - shift
					}
				}
				own = append(own, int32(cs.len()))
				cs.add(i, out...)
			}
			scope := make([]int, 0, len(cells))
			for c := range cells {
				scope = append(scope, c)
			}
			slices.Sort(scope)
			w := 2
			switch {
			case len(scope) <= 2:
				w = 1
			case len(scope) > n:
				w = 3
			}
			name := r.Describe(n)
			if len(piece) < len(f.Clauses) {
				name = fmt.Sprintf("%s (its part on %s)", r.Name(), cellNames(n, scope))
			}
			insts = append(insts, Instance{House: -1, Rule: ri, Name: name, Cells: scope, Weight: w})
			byInst = append(byInst, own)
		}
		numVars += f.NumVars - n3
	}
	return insts, cs, byInst, numVars, nil
}

// split returns the clauses of a rule's formula f as the instances a
// step names. A rule over more than N cells (anti-knight, anti-king,
// non-consecutive, the negative constraint of dots) whose clauses use no
// auxiliary variable is a set of relations between few cells: it is split
// by the cells each clause touches, one instance per set of cells, so
// that a step names the relations it uses, not the whole rule. Any other
// rule is one instance.
func split(f *encode.Formula, n int, scope []int) [][]encode.Clause {
	if len(scope) <= n || f.NumVars > encode.NumVars(n) {
		return [][]encode.Clause{f.Clauses}
	}
	index := map[string]int{}
	var out [][]encode.Clause
	for _, cl := range f.Clauses {
		var cells []int
		for _, l := range cl {
			cells = append(cells, (l.Var()-1)/n)
		}
		slices.Sort(cells)
		cells = slices.Compact(cells)
		key := fmt.Sprint(cells)
		i, ok := index[key]
		if !ok {
			i = len(out)
			index[key] = i
			out = append(out, nil)
		}
		out[i] = append(out[i], cl)
	}
	return out
}

// cellNames writes cells as "r1c1, r2c3".
func cellNames(n int, cells []int) string {
	var sb []byte
	for i, c := range cells {
		if i > 0 {
			sb = append(sb, ", "...)
		}
		sb = append(sb, logic.CellName(n, c)...)
	}
	return string(sb)
}
