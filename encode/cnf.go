package encode

import (
	"bufio"
	"io"
	"strconv"
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

// Clause is a disjunction of literals.
type Clause []Lit

// CNF is a conjunction of clauses over variables 1..NumVars.
type CNF struct {
	// NumVars is the highest variable the formula may use; the first n³ are
	// the public numbering, any beyond are auxiliaries.
	NumVars int
	// Primary is n³, the count of variables of the public numbering.
	Primary int
	Clauses []Clause
	// Comments are written as "c " lines before the header by WriteDIMACS.
	Comments []string
}

// Add appends a clause built from the given literals.
func (f *CNF) Add(lits ...Lit) { f.Clauses = append(f.Clauses, Clause(lits)) }

// WriteDIMACS writes the formula in DIMACS CNF: the comments, the exact
// header "p cnf V C", then one clause per line ending in " 0".
func (f *CNF) WriteDIMACS(w io.Writer) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	for _, c := range f.Comments {
		bw.WriteString("c ")
		bw.WriteString(c)
		bw.WriteByte('\n')
	}
	bw.WriteString("p cnf ")
	bw.WriteString(strconv.Itoa(f.NumVars))
	bw.WriteByte(' ')
	bw.WriteString(strconv.Itoa(len(f.Clauses)))
	bw.WriteByte('\n')
	buf := make([]byte, 0, 16)
	for _, cl := range f.Clauses {
		for _, l := range cl {
			buf = strconv.AppendInt(buf[:0], int64(l), 10)
			buf = append(buf, ' ')
			bw.Write(buf)
		}
		bw.WriteString("0\n")
	}
	return bw.Flush()
}
