package engine

import (
	"context"
	"encoding/binary"
	"maps"
	"sort"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/solver"
	"github.com/satdoku/satdoku/variant"
)

// explain returns the cells of a minimal set of the puzzle's givens that
// admits no completion: the rules (the extended encoding of an empty board)
// plus those givens are unsatisfiable, and dropping any one of them makes
// them satisfiable.
func explain(ctx context.Context, p *board.Board) (cells []int, err error) {
	n := p.Side()
	rules, err := encode.Encode(board.New(p.Shape), encode.Options{Encoding: encode.Extended})
	if err != nil {
		return nil, err
	}
	var givens []encode.Lit
	for i, d := range p.Cells {
		if d != 0 {
			givens = append(givens, encode.Lit(encode.CellVar(n, i, int(d))))
		}
	}
	core, err := solver.MinimalConflict(ctx, rules, givens)
	if err != nil {
		return nil, err
	}
	for _, l := range core {
		cells = append(cells, (l.Var()-1)/n)
	}
	sort.Ints(cells)
	return cells, nil
}

// explainVariant returns a minimal set of p's givens (their cells) and
// rules (indexes into p.Rules) that admits no completion: the classic
// constraints of p's empty board (rows, columns, regions) plus those
// givens and rules have no model, and without any one of them they have
// one. Each given is a group of one unit clause and each rule the
// constraints encode.Variant writes for it alone, handed to
// solver.MinimalGroups (selectors, assumptions, deletion).
func explainVariant(ctx context.Context, p *variant.Puzzle) (cells, rules []int, err error) {
	n := p.Side()
	empty := &variant.Puzzle{Givens: board.New(p.Givens.Shape), Regions: p.Regions}
	base, err := encode.Variant(empty)
	if err != nil {
		return nil, nil, err
	}
	inBase := make(map[string]int)
	var key []byte
	for i := range base.NumConstraints() {
		key = constraintKey(key[:0], base, i)
		inBase[string(key)]++
	}
	var groups []*encode.Formula
	var owner []int // per group: the given's cell, or −1−i for rule i
	for cell, d := range p.Givens.Cells {
		if d != 0 {
			g := &encode.Formula{NumVars: base.NumVars, Primary: base.Primary}
			g.Add(encode.Lit(encode.CellVar(n, cell, int(d))))
			groups = append(groups, g)
			owner = append(owner, cell)
		}
	}
	for i, r := range p.Rules {
		one := *empty
		one.Rules = []variant.Rule{r}
		f, err := encode.Variant(&one)
		if err != nil {
			return nil, nil, err
		}
		groups = append(groups, ruleOnly(f, inBase))
		owner = append(owner, -1-i)
	}
	core, err := solver.MinimalGroups(ctx, base, groups)
	if err != nil {
		return nil, nil, err
	}
	for _, g := range core {
		if o := owner[g]; o >= 0 {
			cells = append(cells, o)
		} else {
			rules = append(rules, -1-o)
		}
	}
	return cells, rules, nil
}

// ruleOnly returns the constraints of the one-rule formula f that the
// formula of the empty board (counted in inBase by constraintKey) does not
// have: the rule's own. Comparing constraints, not positions, keeps this
// independent of the order in which encode.Variant writes them; a
// constraint of the base that the rule's formula repeats is left to the
// base, which holds anyway.
func ruleOnly(f *encode.Formula, inBase map[string]int) *encode.Formula {
	left := maps.Clone(inBase)
	g := &encode.Formula{NumVars: f.NumVars, Primary: f.Primary}
	var key []byte
	for i := range f.NumConstraints() {
		key = constraintKey(key[:0], f, i)
		if left[string(key)] > 0 {
			left[string(key)]--
			continue
		}
		switch nc := len(f.Clauses); {
		case i < nc:
			g.Clauses = append(g.Clauses, f.Clauses[i])
		case i < nc+len(f.Cards):
			g.Cards = append(g.Cards, f.Cards[i-nc])
		default:
			g.Sums = append(g.Sums, f.Sums[i-nc-len(f.Cards)])
		}
	}
	return g
}

// constraintKey appends to dst a key of constraint i of f in
// Formula.Broken's numbering: its kind, comparison, bound and literals.
func constraintKey(dst []byte, f *encode.Formula, i int) []byte {
	put := func(x int) { dst = binary.AppendVarint(dst, int64(x)) }
	switch nc := len(f.Clauses); {
	case i < nc:
		put(0)
		for _, l := range f.Clauses[i] {
			put(int(l))
		}
	case i < nc+len(f.Cards):
		c := f.Cards[i-nc]
		put(1)
		put(int(c.Cmp))
		put(c.K)
		for _, l := range c.Lits {
			put(int(l))
		}
	default:
		s := f.Sums[i-nc-len(f.Cards)]
		put(2)
		put(int(s.Cmp))
		put(s.K)
		for _, t := range s.Terms {
			put(t.Weight)
			put(int(t.Lit))
		}
	}
	return dst
}
