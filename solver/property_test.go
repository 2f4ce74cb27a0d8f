package solver_test

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/solver"
)

// randomFormula returns a small formula over nv variables with every kind
// of constraint: clauses (with repeated and complementary literals, now
// and then empty or unit), exactly-one and at-most-one groups,
// cardinality constraints with every comparison and bounds from trivial to
// impossible, and sums with weights of both signs (zero included), some
// over an exactly-one group as a Sudoku digit sum is.
func randomFormula(rng *rand.Rand, nv int) *encode.Formula {
	f := &encode.Formula{NumVars: nv}
	if rng.IntN(2) == 0 {
		f.Primary = nv
	}
	lit := func() encode.Lit {
		l := encode.Lit(1 + rng.IntN(nv))
		if rng.IntN(2) == 0 {
			l = -l
		}
		return l
	}
	lits := func(max int) []encode.Lit {
		out := make([]encode.Lit, rng.IntN(max+1))
		for i := range out {
			out[i] = lit()
		}
		return out
	}
	distinct := func(k int) []encode.Lit {
		perm := rng.Perm(nv)
		out := make([]encode.Lit, min(k, nv))
		for i := range out {
			out[i] = encode.Lit(perm[i] + 1)
		}
		return out
	}
	cmp := func() encode.Cmp { return encode.Cmp(rng.IntN(3)) }
	for n := 1 + rng.IntN(7); n > 0; n-- {
		switch rng.IntN(8) {
		case 0:
			f.Add(lits(4)...)
		case 1:
			f.Add(lit())
		case 2:
			f.AddExactlyOne(distinct(2 + rng.IntN(4))...)
		case 3:
			if rng.IntN(3) == 0 {
				f.AddAtMostOne(lits(5)...)
			} else {
				f.AddAtMostOne(distinct(2 + rng.IntN(4))...)
			}
		case 4, 5:
			ls := lits(5)
			f.AddCard(cmp(), rng.IntN(len(ls)+3)-1, ls...)
		case 6:
			ts := make([]encode.Term, 1+rng.IntN(5))
			total := 0
			for i := range ts {
				ts[i] = encode.Term{Weight: rng.IntN(9) - 4, Lit: lit()}
				total += max(ts[i].Weight, -ts[i].Weight)
			}
			f.AddSum(ts, cmp(), rng.IntN(total+3)-total/2)
		case 7:
			// A digit sum: an exactly-one group and weights on its members.
			g := distinct(2 + rng.IntN(3))
			f.AddExactlyOne(g...)
			var ts []encode.Term
			for _, l := range g {
				ts = append(ts, encode.Term{Weight: rng.IntN(7) - 2, Lit: l})
			}
			if rng.IntN(2) == 0 { // and another variable
				ts = append(ts, encode.Term{Weight: 1 + rng.IntN(3), Lit: lit()})
			}
			f.AddSum(ts, cmp(), rng.IntN(6)-1)
		}
	}
	return f
}

// assignment returns the model of the bits of x: model[v] is bit v−1.
func assignment(nv int, x uint) []bool {
	m := make([]bool, nv+1)
	for v := 1; v <= nv; v++ {
		m[v] = x>>(v-1)&1 == 1
	}
	return m
}

// fixedBy returns the values (+1, −1) that fix every variable as model does.
func fixedBy(model []bool) []int8 {
	val := make([]int8, len(model))
	for v := 1; v < len(model); v++ {
		val[v] = -1
		if model[v] {
			val[v] = 1
		}
	}
	return val
}

// withUnits returns f with a unit clause for each fixed variable.
func withUnits(f *encode.Formula, fixed []int8) *encode.Formula {
	h := *f
	h.Clauses = append([]encode.Clause(nil), f.Clauses...)
	for v, x := range fixed {
		if x != 0 {
			h.Clauses = append(h.Clauses, encode.Clause{encode.Lit(int(x) * v)})
		}
	}
	return &h
}

// extends reports whether the clauses of g have a model that agrees with
// fixed (+1 true, −1 false, 0 free, per variable), by a plain search over
// the others (the free ones and the auxiliaries of an expansion: few, on
// tiny formulas).
func extends(g *encode.Formula, fixed []int8) bool {
	val := make([]int8, g.NumVars+1)
	copy(val, fixed)
	var search func() bool
	search = func() bool {
		// Unit propagation, then branch on the first free variable of the
		// first clause not yet satisfied.
		saved := append([]int8(nil), val...)
		for changed := true; changed; {
			changed = false
			for _, cl := range g.Clauses {
				free, sat := encode.Lit(0), false
				nfree := 0
				for _, l := range cl {
					x := val[l.Var()]
					if x == 0 {
						free, nfree = l, nfree+1
					} else if (x > 0) == (l > 0) {
						sat = true
						break
					}
				}
				switch {
				case sat:
				case nfree == 0:
					copy(val, saved)
					return false
				case nfree == 1:
					val[free.Var()] = 1
					if free < 0 {
						val[free.Var()] = -1
					}
					changed = true
				}
			}
		}
		for _, cl := range g.Clauses {
			for _, l := range cl {
				if val[l.Var()] == 0 {
					for _, x := range []int8{1, -1} {
						val[l.Var()] = x
						if search() {
							return true
						}
						val[l.Var()] = 0
					}
					copy(val, saved)
					return false
				}
			}
		}
		return true
	}
	return search()
}

// opbConstraint is one line of an OPB file: Σ coef·x op rhs.
type opbConstraint struct {
	coefs, vars []int
	eq          bool
	rhs         int
}

// readOPB is a strict reader of what WriteOPB writes: the header first
// with exact counts, "* " comments, then one constraint per line, terms
// "+c xv" or "-c xv" over variables 1..V, ">=" or "=", an integer and " ;".
func readOPB(data []byte) (vars int, cs []opbConstraint, err error) {
	sc := bufio.NewScanner(bytes.NewReader(data))
	if !sc.Scan() {
		return 0, nil, fmt.Errorf("empty")
	}
	var want int
	if _, err := fmt.Sscanf(sc.Text(), "* #variable= %d #constraint= %d", &vars, &want); err != nil || sc.Text() != fmt.Sprintf("* #variable= %d #constraint= %d", vars, want) {
		return 0, nil, fmt.Errorf("header %q", sc.Text())
	}
	for line := 2; sc.Scan(); line++ {
		text := sc.Text()
		if strings.HasPrefix(text, "* ") {
			if len(cs) > 0 {
				return 0, nil, fmt.Errorf("line %d: comment after a constraint", line)
			}
			continue
		}
		f := strings.Fields(text)
		if len(f) < 5 || f[len(f)-1] != ";" || len(f)%2 != 1 || strings.Join(f, " ") != text {
			return 0, nil, fmt.Errorf("line %d: %q", line, text)
		}
		var c opbConstraint
		switch f[len(f)-3] {
		case "=":
			c.eq = true
		case ">=":
		default:
			return 0, nil, fmt.Errorf("line %d: operator %q", line, f[len(f)-3])
		}
		if c.rhs, err = strconv.Atoi(f[len(f)-2]); err != nil {
			return 0, nil, fmt.Errorf("line %d: %v", line, err)
		}
		for i := 0; i < len(f)-3; i += 2 {
			if f[i][0] != '+' && f[i][0] != '-' || f[i+1][0] != 'x' {
				return 0, nil, fmt.Errorf("line %d: term %q %q", line, f[i], f[i+1])
			}
			co, err1 := strconv.Atoi(f[i])
			v, err2 := strconv.Atoi(f[i+1][1:])
			if err1 != nil || err2 != nil || co == 0 || v < 1 || v > vars {
				return 0, nil, fmt.Errorf("line %d: term %q %q", line, f[i], f[i+1])
			}
			c.coefs, c.vars = append(c.coefs, co), append(c.vars, v)
		}
		cs = append(cs, c)
	}
	if len(cs) != want {
		return 0, nil, fmt.Errorf("header says %d constraints, file has %d", want, len(cs))
	}
	return vars, cs, sc.Err()
}

func (c opbConstraint) holds(model []bool) bool {
	x := 0
	for i, v := range c.vars {
		if v < len(model) && model[v] {
			x += c.coefs[i]
		}
	}
	if c.eq {
		return x == c.rhs
	}
	return x >= c.rhs
}

// TestRandomFormulas is the property test of the formula's three
// consumers. For random small formulas with every kind of constraint, and
// every assignment of their variables, five answers must agree: the
// formula's own evaluation (the brute-force truth), gophersat on the
// formula with the assignment added as unit clauses (native cardinality
// and pseudo-Boolean constraints, with this package's top-level
// propagation deciding many of them before gophersat), the DIMACS
// expansion (Clausal) extended to its auxiliaries by a plain search, and
// the OPB text read back. gophersat's own verdicts on the whole formula,
// native and on the expansion's plain clauses, must match the brute force
// too. (gophersat's OPB parser is no judge: it panics on "-1 x1 -1 x2 >=
// -1 ;", an at-most-one, because its bound is not positive.)
func TestRandomFormulas(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(11, 12))
	ctx := context.Background()
	var sv solver.Solver
	trials := 3000
	if testing.Short() {
		trials = 600
	}
	kinds := map[string]int{}
	for trial := 0; trial < trials; trial++ {
		nv := 2 + rng.IntN(6)
		f := randomFormula(rng, nv)
		where := func() string {
			var b strings.Builder
			f.WriteOPB(&b)
			return fmt.Sprintf("trial %d: formula %+v\n%s", trial, *f, b.String())
		}
		g := f.Clausal()
		var opb bytes.Buffer
		if err := f.WriteOPB(&opb); err != nil {
			t.Fatal(err)
		}
		_, cs, err := readOPB(opb.Bytes())
		if err != nil {
			t.Fatalf("%s: reading the OPB: %v", where(), err)
		}
		models := 0
		for x := uint(0); x < 1<<nv; x++ {
			m := assignment(nv, x)
			want := f.Broken(m) < 0
			if want {
				models++
			}
			// gophersat with the assignment as unit clauses.
			res, err := sv.Solve(ctx, withUnits(f, fixedBy(m)))
			if err != nil {
				t.Fatalf("%s: assignment %b: %v", where(), x, err)
			}
			if got := res.Status == encode.Sat; got != want {
				t.Fatalf("%s: assignment %b: gophersat says %v, the formula %v", where(), x, res.Status, want)
			}
			if got := extends(g, fixedBy(m)); got != want {
				t.Fatalf("%s: assignment %b: the DIMACS expansion admits it: %v, the formula: %v\n%v", where(), x, got, want, g.Clauses)
			}
			got := true
			for _, c := range cs {
				got = got && c.holds(m)
			}
			if got != want {
				t.Fatalf("%s: assignment %b: the OPB holds: %v, the formula: %v", where(), x, got, want)
			}
		}
		// Partial assignments: some variables fixed, the rest for gophersat
		// (native) and for the search over the expansion to decide.
		for p := 0; p < 12; p++ {
			fixed := make([]int8, nv+1)
			for v := 1; v <= nv; v++ {
				fixed[v] = int8(rng.IntN(3) - 1)
			}
			want := false
			for x := uint(0); x < 1<<nv && !want; x++ {
				m := assignment(nv, x)
				agree := true
				for v := 1; v <= nv; v++ {
					agree = agree && (fixed[v] == 0 || (fixed[v] > 0) == m[v])
				}
				want = agree && f.Broken(m) < 0
			}
			res, err := sv.Solve(ctx, withUnits(f, fixed))
			if err != nil {
				t.Fatalf("%s: partial %v: %v", where(), fixed, err)
			}
			if got := res.Status == encode.Sat; got != want {
				t.Fatalf("%s: partial %v: gophersat says %v, the formula %v", where(), fixed, res.Status, want)
			}
			if res.Decisions > 0 {
				kinds["partial, searched by gophersat"]++
			}
			if got := extends(g, fixed); got != want {
				t.Fatalf("%s: partial %v: the expansion says %v, the formula %v", where(), fixed, got, want)
			}
		}
		wantSat := models > 0
		if wantSat {
			kinds["sat"]++
		} else {
			kinds["unsat"]++
		}
		res, err := sv.Solve(ctx, f)
		if err != nil || (res.Status == encode.Sat) != wantSat {
			t.Fatalf("%s: gophersat: %v %v, want satisfiable %v", where(), res.Status, err, wantSat)
		}
		if res.Decisions > 0 {
			kinds["searched by gophersat"]++
		}
		if res.Status == encode.Sat && f.Broken(res.Model) >= 0 {
			t.Fatalf("%s: gophersat's model breaks the formula", where())
		}
		res, err = sv.Solve(ctx, g)
		if err != nil || (res.Status == encode.Sat) != wantSat {
			t.Fatalf("%s: gophersat on the expansion: %v %v, want satisfiable %v", where(), res.Status, err, wantSat)
		}
		// Count enumerates distinct valid models.
		ms, _, err := sv.Count(ctx, f, 1<<nv)
		if err != nil {
			t.Fatalf("%s: Count: %v", where(), err)
		}
		if len(ms) > models || wantSat && len(ms) == 0 {
			t.Fatalf("%s: Count found %d models of %d", where(), len(ms), models)
		}
		for _, m := range ms {
			if f.Broken(m) >= 0 {
				t.Fatalf("%s: Count returned a model that breaks the formula", where())
			}
		}
		// The DIMACS text is the expansion, with an exact header.
		var dimacs bytes.Buffer
		if err := f.WriteDIMACS(&dimacs); err != nil {
			t.Fatal(err)
		}
		if head := fmt.Sprintf("p cnf %d %d\n", g.NumVars, len(g.Clauses)); !strings.HasPrefix(dimacs.String(), head) {
			t.Fatalf("%s: DIMACS header %q, want %q", where(), strings.SplitN(dimacs.String(), "\n", 2)[0], head)
		}
	}
	t.Logf("%d formulas: %v", trials, kinds)
}
