package encode

import (
	"fmt"
	"strconv"
	"strings"
)

// AMO selects how an at-most-one constraint over k literals becomes
// clauses. Every choice admits, for an assignment of the k literals, an
// extension to its auxiliary variables exactly when at most one literal is
// true. Auxiliary variables are numbered after the formula's current
// NumVars, so in an encoded board they follow the n³ primary variables.
type AMO int

// The at-most-one encodings. The zero value, AMODefault, means
// DefaultAMO(n) for the board's side n.
const (
	AMODefault AMO = iota
	// Pairwise writes ¬a ∨ ¬b for every pair: k(k−1)/2 binary clauses and
	// no auxiliary variables. It propagates best but grows as N⁴ over a
	// board: 752,500 clauses for an empty 25×25 in Extended.
	Pairwise
	// Sequential is Sinz's sequential counter: k−1 auxiliaries s1..s(k−1),
	// s_i meaning "one of x1..xi is true", and 3k−4 clauses.
	Sequential
	// Commander is Klieber & Kwon's commander encoding with groups of 3:
	// pairwise inside each group, one commander per group equivalent to
	// the group's disjunction, and the same encoding recursively over the
	// commanders (pairwise once at most 4 remain). About 3.3k clauses and
	// k/2 auxiliaries.
	Commander
	// Product is Chen's 2-product encoding: the literals are laid out on a
	// p×q grid (p = ⌈√k⌉), each literal implies its row and column
	// variables, and at most one row and one column are chosen,
	// recursively. About 2k + 4√k clauses and 2√k auxiliaries.
	Product
)

var amoNames = [...]string{AMODefault: "default", Pairwise: "pairwise", Sequential: "sequential", Commander: "commander", Product: "product"}

// AMOs lists the concrete at-most-one encodings, in a stable order.
var AMOs = []AMO{Pairwise, Sequential, Commander, Product}

// String returns the name ParseAMO accepts: "default", "pairwise",
// "sequential", "commander" or "product".
func (a AMO) String() string {
	if a >= 0 && int(a) < len(amoNames) {
		return amoNames[a]
	}
	return "AMO(" + strconv.Itoa(int(a)) + ")"
}

// ParseAMO returns the at-most-one encoding with the given name
// (case-insensitive; "" and "default" give AMODefault).
func ParseAMO(s string) (AMO, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" {
		return AMODefault, nil
	}
	for a, name := range amoNames {
		if s == name {
			return AMO(a), nil
		}
	}
	return 0, fmt.Errorf("%w: at-most-one %q (want pairwise, sequential, commander or product)", ErrOption, s)
}

// DefaultAMO returns the at-most-one encoding used for a board of side n
// when Options.AMO is AMODefault: Pairwise up to 16×16, where binary
// clauses are both few enough and fastest to propagate, and Commander
// above: it keeps an empty 25×25 to 202,500 clauses (Pairwise: 752,500)
// and solved half-filled 25×25 boards with gophersat fastest on average
// (Sequential and Product each had a slow case several times longer).
func DefaultAMO(n int) AMO {
	if n <= 16 {
		return Pairwise
	}
	return Commander
}

func (a AMO) describe() string {
	switch a {
	case Pairwise:
		return "pairwise: (-a -b) for every two literals of a group; no auxiliary variables"
	case Sequential:
		return "sequential counter (Sinz): for x1..xk, auxiliaries s1..s(k-1) with (-xi si), (-s(i-1) si), (-xi -s(i-1))"
	case Commander:
		return "commander (Klieber-Kwon), groups of 3: pairwise in a group, commander c <-> (x1 v x2 v x3), recursive over the commanders"
	case Product:
		return "product (Chen): literals on a p x q grid, xi -> row(i) and xi -> col(i), at most one row and one column, recursively"
	}
	return a.String()
}

// AtMostOne appends clauses saying at most one of lits is true, with the
// given encoding (AMODefault means Pairwise). Auxiliary variables are
// numbered from f.NumVars+1 and f.NumVars grows to cover them. Groups of
// at most 3 literals are always written pairwise: no auxiliary encoding is
// smaller there. AddAtMostOne keeps the group as data instead, for
// package solver to hand to gophersat as it is.
func (f *Formula) AtMostOne(a AMO, lits ...Lit) {
	e := newExpander(a, f.NumVars+1, func(cl Clause) { f.Clauses = append(f.Clauses, append(Clause(nil), cl...)) })
	e.atMostOne(lits)
	f.NumVars = e.next - 1
}

func (e *expander) atMostOne(lits []Lit) {
	if len(lits) <= 3 {
		e.pairwise(lits)
		return
	}
	switch e.amo {
	case Sequential:
		e.sequential(lits)
	case Commander:
		e.commander(lits)
	case Product:
		e.product(lits)
	default:
		e.pairwise(lits)
	}
}

func (e *expander) pairwise(lits []Lit) {
	for i, a := range lits {
		for _, b := range lits[i+1:] {
			e.add2(-a, -b)
		}
	}
}

// sequential is Sinz's sequential counter, 3k−4 clauses for k ≥ 2.
func (e *expander) sequential(lits []Lit) {
	k := len(lits)
	if k < 2 {
		return
	}
	prev := e.aux() // s1
	e.add2(-lits[0], prev)
	for i := 1; i < k-1; i++ {
		s := e.aux()
		e.add2(-lits[i], s)
		e.add2(-prev, s)
		e.add2(-lits[i], -prev)
		prev = s
	}
	e.add2(-lits[k-1], -prev)
}

// commander is the commander encoding with groups of 3, pairwise once at
// most 4 literals remain.
func (e *expander) commander(lits []Lit) {
	if len(lits) <= 4 {
		e.pairwise(lits)
		return
	}
	e.commanderGroups(lits)
}

// commanderGroups is one level of the commander encoding.
func (e *expander) commanderGroups(lits []Lit) {
	const g = 3
	cmds := make([]Lit, 0, (len(lits)+g-1)/g)
	for i := 0; i < len(lits); i += g {
		group := lits[i:min(i+g, len(lits))]
		if len(group) == 1 {
			cmds = append(cmds, group[0])
			continue
		}
		e.pairwise(group)
		c := e.aux()
		alo := make([]Lit, 0, len(group)+1)
		alo = append(alo, -c)
		for _, x := range group {
			e.add2(-x, c)
			alo = append(alo, x)
		}
		e.addN(alo)
		cmds = append(cmds, c)
	}
	e.commander(cmds)
}

// product is Chen's 2-product encoding, pairwise at most 4 literals.
func (e *expander) product(lits []Lit) {
	if len(lits) <= 4 {
		e.pairwise(lits)
		return
	}
	e.productGrid(lits)
}

// productGrid is one level of the product encoding.
func (e *expander) productGrid(lits []Lit) {
	k := len(lits)
	if k < 2 {
		return
	}
	p := 1
	for p*p < k {
		p++
	}
	q := (k + p - 1) / p
	rows := make([]Lit, p)
	cols := make([]Lit, q)
	for i := range rows {
		rows[i] = e.aux()
	}
	for j := range cols {
		cols[j] = e.aux()
	}
	for i, x := range lits {
		e.add2(-x, rows[i/q])
		e.add2(-x, cols[i%q])
	}
	e.product(rows)
	e.product(cols)
}
