package encode

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Lit is a DIMACS literal: +v for variable v true, −v for v false. 0 is not a literal.
type Lit int32

// Var returns the literal's variable.
func (l Lit) Var() int {
	if l < 0 {
		return int(-l)
	}
	return int(l)
}

// Not returns the negated literal.
func (l Lit) Not() Lit { return -l }

// Pos reports whether the literal is positive.
func (l Lit) Pos() bool { return l > 0 }

// Index returns a dense index of the literal, for tables of both
// polarities: 2v for +v, 2v+1 for −v.
func (l Lit) Index() int {
	if l < 0 {
		return 2*int(-l) + 1
	}
	return 2 * int(l)
}

// Clause is a disjunction of literals: at least one is true. The empty
// clause is false.
type Clause []Lit

// Cmp is how a cardinality constraint or a sum compares with its bound.
type Cmp int8

// The comparisons.
const (
	AtLeast Cmp = iota // ≥ K
	AtMost             // ≤ K
	Equal              // = K
)

var cmpNames = [...]string{AtLeast: ">=", AtMost: "<=", Equal: "="}

// String returns ">=", "<=" or "=".
func (c Cmp) String() string {
	if c >= 0 && int(c) < len(cmpNames) {
		return cmpNames[c]
	}
	return "Cmp(" + strconv.Itoa(int(c)) + ")"
}

// holds reports whether x compares with k as c says.
func (c Cmp) holds(x, k int) bool {
	switch c {
	case AtLeast:
		return x >= k
	case AtMost:
		return x <= k
	}
	return x == k
}

// Card is a cardinality constraint: the number of true literals among
// Lits (a literal listed twice counts twice) compares with K as Cmp says.
// Exactly-one groups are Card{Lits, Equal, 1}, at-most-one groups
// Card{Lits, AtMost, 1}; WriteDIMACS writes the at-most-one part of both
// with the formula's AMO encoding.
type Card struct {
	Lits []Lit
	Cmp  Cmp
	K    int
}

// Term is one weighted literal of a Sum: Weight if Lit is true, else 0.
type Term struct {
	Weight int
	Lit    Lit
}

// Sum is a weighted linear pseudo-Boolean constraint: the sum of the
// weights of the terms whose literal is true compares with K as Cmp says.
// Weights may be negative. A killer cage is a Sum over the digit
// variables of its cells (see DigitSum).
type Sum struct {
	Terms []Term
	Cmp   Cmp
	K     int
}

// MaxWeight bounds the weights and bounds of a Sum and the K of a Card:
// each must lie within ±MaxWeight, and so must the sum of a Sum's
// absolute weights, so that no arithmetic on them overflows (gophersat
// keeps bounds in 30 bits).
const MaxWeight = 1<<29 - 1

// ErrFormula reports a malformed formula: a literal 0 or beyond NumVars,
// or a weight or bound beyond MaxWeight. Package solver's ErrFormula is
// the same value.
var ErrFormula = errors.New("malformed formula")

// Formula is a conjunction of constraints over the variables 1..NumVars:
// clauses, cardinality constraints (among them the exactly-one and
// at-most-one groups of Sudoku) and weighted sums. The structure stays
// data: package solver hands the cardinality constraints and sums to
// gophersat as they are, WriteDIMACS expands them into clauses and
// WriteOPB writes them as pseudo-Boolean constraints.
//
// The Add methods copy the literals they are given. To build a formula
// over a board, set NumVars and Primary to n³ (NumVars(n)) and number
// auxiliary variables after them with NewVar.
type Formula struct {
	// NumVars is the highest variable the formula may use; the first
	// Primary are the public numbering, any beyond are auxiliaries.
	NumVars int
	// Primary is n³, the count of variables of the public numbering (0 for
	// a formula that is not about a board).
	Primary int
	Clauses []Clause
	Cards   []Card
	Sums    []Sum
	// AMO is the encoding WriteDIMACS uses for at-most-one groups;
	// AMODefault means DefaultAMO of the board's side (Pairwise when
	// Primary is not a cube).
	AMO AMO
	// Comments are written before the header by WriteDIMACS ("c " lines)
	// and WriteOPB ("* " lines).
	Comments []string
}

// CNF is the formula type's former name, kept for existing callers.
type CNF = Formula

// Add appends the clause of the given literals.
func (f *Formula) Add(lits ...Lit) { f.Clauses = append(f.Clauses, append(Clause(nil), lits...)) }

// NewVar returns a fresh variable, NumVars+1, as a positive literal, and
// makes NumVars count it.
func (f *Formula) NewVar() Lit {
	f.NumVars++
	return Lit(f.NumVars)
}

// AddExactlyOne says exactly one of lits is true.
func (f *Formula) AddExactlyOne(lits ...Lit) { f.AddCard(Equal, 1, lits...) }

// AddAtMostOne says at most one of lits is true.
func (f *Formula) AddAtMostOne(lits ...Lit) { f.AddCard(AtMost, 1, lits...) }

// AddAtLeast says at least k of lits are true.
func (f *Formula) AddAtLeast(k int, lits ...Lit) { f.AddCard(AtLeast, k, lits...) }

// AddAtMost says at most k of lits are true.
func (f *Formula) AddAtMost(k int, lits ...Lit) { f.AddCard(AtMost, k, lits...) }

// AddExactly says exactly k of lits are true.
func (f *Formula) AddExactly(k int, lits ...Lit) { f.AddCard(Equal, k, lits...) }

// AddCard appends the cardinality constraint "the number of true lits
// cmp k".
func (f *Formula) AddCard(cmp Cmp, k int, lits ...Lit) {
	f.Cards = append(f.Cards, Card{Lits: append([]Lit(nil), lits...), Cmp: cmp, K: k})
}

// AddSum appends the constraint "Σ weight·[lit true] cmp k" over terms.
func (f *Formula) AddSum(terms []Term, cmp Cmp, k int) {
	f.Sums = append(f.Sums, Sum{Terms: append([]Term(nil), terms...), Cmp: cmp, K: k})
}

// DigitSum returns the terms of weight times the sum of the digits of
// cells on a board of side n: for each cell and digit d the term
// (weight·d, CellVar(n, cell, d)). With the exactly-one constraint of each
// cell, Σ of these terms is weight times the sum of the cells' digits: a
// killer cage with sum s is f.AddSum(DigitSum(n, 1, cage...), Equal, s),
// an arrow is the circle's DigitSum(n, 1, …) followed by the line's
// DigitSum(n, −1, …), Equal 0.
func DigitSum(n, weight int, cells ...int) []Term {
	terms := make([]Term, 0, n*len(cells))
	for _, c := range cells {
		for d := 1; d <= n; d++ {
			terms = append(terms, Term{Weight: weight * d, Lit: Lit(CellVar(n, c, d))})
		}
	}
	return terms
}

// Validate reports the first malformed constraint of f (ErrFormula): a
// literal 0 or beyond ±NumVars, or a weight, bound or sum of weights
// beyond MaxWeight.
func (f *Formula) Validate() error {
	if f == nil {
		return fmt.Errorf("%w: nil formula", ErrFormula)
	}
	if f.NumVars < 0 || f.Primary < 0 {
		return fmt.Errorf("%w: NumVars %d, Primary %d", ErrFormula, f.NumVars, f.Primary)
	}
	bad := func(l Lit) bool { return l == 0 || l.Var() > f.NumVars }
	for i, cl := range f.Clauses {
		for _, l := range cl {
			if bad(l) {
				return fmt.Errorf("%w: literal %d in clause %d (NumVars %d)", ErrFormula, l, i+1, f.NumVars)
			}
		}
	}
	for i, c := range f.Cards {
		if c.Cmp < AtLeast || c.Cmp > Equal || c.K < -MaxWeight || c.K > MaxWeight || len(c.Lits) > MaxWeight {
			return fmt.Errorf("%w: cardinality constraint %d: %v %d", ErrFormula, i+1, c.Cmp, c.K)
		}
		for _, l := range c.Lits {
			if bad(l) {
				return fmt.Errorf("%w: literal %d in cardinality constraint %d (NumVars %d)", ErrFormula, l, i+1, f.NumVars)
			}
		}
	}
	for i, s := range f.Sums {
		if s.Cmp < AtLeast || s.Cmp > Equal || s.K < -MaxWeight || s.K > MaxWeight {
			return fmt.Errorf("%w: sum %d: %v %d", ErrFormula, i+1, s.Cmp, s.K)
		}
		total := 0
		for _, t := range s.Terms {
			if bad(t.Lit) {
				return fmt.Errorf("%w: literal %d in sum %d (NumVars %d)", ErrFormula, t.Lit, i+1, f.NumVars)
			}
			if t.Weight < -MaxWeight || t.Weight > MaxWeight {
				return fmt.Errorf("%w: weight %d in sum %d", ErrFormula, t.Weight, i+1)
			}
			if total += abs(t.Weight); total > MaxWeight {
				return fmt.Errorf("%w: the weights of sum %d add up beyond %d", ErrFormula, i+1, MaxWeight)
			}
		}
	}
	return nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// value returns the value of literal l under model (model[v] for
// variable v; a variable beyond the model is false).
func value(model []bool, l Lit) bool {
	v := l.Var()
	return (v < len(model) && model[v]) == (l > 0)
}

// Holds reports whether model (model[v] is variable v; index 0 unused;
// variables beyond it false) satisfies the clause.
func (cl Clause) Holds(model []bool) bool {
	for _, l := range cl {
		if value(model, l) {
			return true
		}
	}
	return false
}

// Holds reports whether model satisfies the cardinality constraint.
func (c Card) Holds(model []bool) bool {
	n := 0
	for _, l := range c.Lits {
		if value(model, l) {
			n++
		}
	}
	return c.Cmp.holds(n, c.K)
}

// Holds reports whether model satisfies the sum.
func (s Sum) Holds(model []bool) bool {
	x := 0
	for _, t := range s.Terms {
		if value(model, t.Lit) {
			x += t.Weight
		}
	}
	return s.Cmp.holds(x, s.K)
}

// Broken returns the index of the first constraint of f that model
// breaks, counting the clauses, then the cardinality constraints, then
// the sums, or −1 if model satisfies them all.
func (f *Formula) Broken(model []bool) int {
	for i, cl := range f.Clauses {
		if !cl.Holds(model) {
			return i
		}
	}
	for i, c := range f.Cards {
		if !c.Holds(model) {
			return len(f.Clauses) + i
		}
	}
	for i, s := range f.Sums {
		if !s.Holds(model) {
			return len(f.Clauses) + len(f.Cards) + i
		}
	}
	return -1
}

// Describe returns constraint i in Broken's numbering as text, such as
// "clause 3 (1 -2)" or "sum 1 (+1 x1 +2 x2 = 2)".
func (f *Formula) Describe(i int) string {
	var b strings.Builder
	switch {
	case i < 0:
	case i < len(f.Clauses):
		fmt.Fprintf(&b, "clause %d (", i+1)
		for j, l := range f.Clauses[i] {
			if j > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(strconv.Itoa(int(l)))
		}
		b.WriteByte(')')
		return b.String()
	case i < len(f.Clauses)+len(f.Cards):
		c := f.Cards[i-len(f.Clauses)]
		fmt.Fprintf(&b, "cardinality constraint %d (%v %d of", i-len(f.Clauses)+1, c.Cmp, c.K)
		for _, l := range c.Lits {
			fmt.Fprintf(&b, " %d", l)
		}
		b.WriteByte(')')
		return b.String()
	case i < len(f.Clauses)+len(f.Cards)+len(f.Sums):
		j := i - len(f.Clauses) - len(f.Cards)
		s := f.Sums[j]
		fmt.Fprintf(&b, "sum %d (", j+1)
		for _, t := range s.Terms {
			fmt.Fprintf(&b, "%+d·%d ", t.Weight, t.Lit)
		}
		fmt.Fprintf(&b, "%v %d)", s.Cmp, s.K)
		return b.String()
	}
	return "constraint " + strconv.Itoa(i+1) + " (none such)"
}

// NumConstraints returns the number of constraints of f in Broken's
// numbering.
func (f *Formula) NumConstraints() int { return len(f.Clauses) + len(f.Cards) + len(f.Sums) }
