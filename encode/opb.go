package encode

import (
	"bufio"
	"io"
	"strconv"
)

// WriteOPB writes the formula in the OPB format of the pseudo-Boolean
// competitions: the exact header "* #variable= V #constraint= C" on the
// first line, the comments as "* " lines, then one constraint per line,
// such as
//
//	+1 x1 +1 x2 +1 x3 = 1 ;
//	-1 x4 -1 x5 >= -1 ;
//	+3 x7 +5 x9 >= 4 ;
//
// Cardinality constraints and sums are written as they are, with no
// auxiliary variable (V is NumVars, or 1 when NumVars is 0, since a
// constraint may need x1); clauses are sums of at least 1.
// Terms are over positive variables only: a negated literal ¬x is written
// as −x with its weight moved into the bound, terms over one variable are
// merged, and "≤ k" becomes "≥ −k" by negating both sides, so that every
// constraint is "≥" or "=". The cardinality constraints come first, then
// the sums, then the clauses, as in WriteDIMACS. A "≥" constraint that every assignment meets
// is left out; one with no term left that none can meet (such as the
// empty clause) is written as the contradictory pair "+1 x1 >= 1 ;" and
// "-1 x1 >= 0 ;". A formula that fails Validate is not written: its
// error is returned.
func (f *Formula) WriteOPB(w io.Writer) error {
	if err := f.Validate(); err != nil {
		return err
	}
	o := opbWriter{coef: make([]int, f.NumVars+1), in: make([]bool, f.NumVars+1)}
	o.constraints(f) // counts
	vars := max(f.NumVars, 1)
	bw := bufio.NewWriterSize(w, 64<<10)
	bw.WriteString("* #variable= ")
	bw.WriteString(strconv.Itoa(vars))
	bw.WriteString(" #constraint= ")
	bw.WriteString(strconv.Itoa(o.count))
	bw.WriteByte('\n')
	for _, c := range f.Comments {
		bw.WriteString("* ")
		bw.WriteString(c)
		bw.WriteByte('\n')
	}
	o.w = bw
	o.count = 0
	o.constraints(f)
	return bw.Flush()
}

// opbWriter normalises constraints into OPB lines, counting them, and
// writes them when w is set.
type opbWriter struct {
	w     *bufio.Writer
	count int
	// While a constraint is built: its coefficient per variable, the
	// variables that have one (in first-seen order; in marks them) and the
	// constant part. All zero between constraints.
	coef     []int
	in       []bool
	vars     []int
	constant int
	buf      []byte
}

// constraints writes (or counts) every constraint of f.
func (o *opbWriter) constraints(f *Formula) {
	for _, c := range f.Cards {
		for _, l := range c.Lits {
			o.term(1, l)
		}
		o.line(c.Cmp, c.K)
	}
	for _, s := range f.Sums {
		for _, t := range s.Terms {
			o.term(t.Weight, t.Lit)
		}
		o.line(s.Cmp, s.K)
	}
	for _, cl := range f.Clauses {
		for _, l := range cl {
			o.term(1, l)
		}
		o.line(AtLeast, 1)
	}
}

// term adds w·l to the constraint being built.
func (o *opbWriter) term(w int, l Lit) {
	v := l.Var()
	if v == 0 || v >= len(o.coef) {
		return // malformed: outside NumVars (Validate reports it)
	}
	if !o.in[v] {
		o.in[v] = true
		o.vars = append(o.vars, v)
	}
	if l > 0 {
		o.coef[v] += w
	} else {
		o.constant += w // w·¬x = w − w·x
		o.coef[v] -= w
	}
}

// line ends the constraint "Σ terms cmp k" and writes it.
func (o *opbWriter) line(cmp Cmp, k int) {
	rhs := k - o.constant
	o.constant = 0
	sign := 1
	op := ">="
	switch cmp {
	case AtMost:
		sign, rhs = -1, -rhs
	case Equal:
		op = "="
	}
	terms, least := 0, 0 // least: the smallest the left side can be
	for _, v := range o.vars {
		if c := sign * o.coef[v]; c != 0 {
			terms++
			least += min(c, 0)
		}
	}
	switch {
	case op == ">=" && least >= rhs, terms == 0 && op == "=" && rhs == 0:
		// met by every assignment: left out
	case terms == 0:
		o.count += 2
		if o.w != nil {
			o.w.WriteString("+1 x1 >= 1 ;\n-1 x1 >= 0 ;\n")
		}
	default:
		o.count++
		if o.w != nil {
			b := o.buf[:0]
			for _, v := range o.vars {
				if c := sign * o.coef[v]; c != 0 {
					if c > 0 {
						b = append(b, '+')
					}
					b = strconv.AppendInt(b, int64(c), 10)
					b = append(b, " x"...)
					b = strconv.AppendInt(b, int64(v), 10)
					b = append(b, ' ')
				}
			}
			b = append(b, op...)
			b = append(b, ' ')
			b = strconv.AppendInt(b, int64(rhs), 10)
			b = append(b, " ;\n"...)
			o.w.Write(b)
			o.buf = b
		}
	}
	for _, v := range o.vars {
		o.coef[v], o.in[v] = 0, false
	}
	o.vars = o.vars[:0]
}
