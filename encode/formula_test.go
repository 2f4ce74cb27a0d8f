package encode_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/encode"
)

func TestFormulaBuilders(t *testing.T) {
	t.Parallel()
	f := &encode.Formula{NumVars: 4}
	lits := []encode.Lit{1, -2, 3}
	f.Add(lits...)
	f.AddExactlyOne(lits...)
	f.AddAtMostOne(lits...)
	f.AddAtLeast(2, lits...)
	f.AddAtMost(2, lits...)
	f.AddExactly(2, lits...)
	f.AddSum([]encode.Term{{Weight: 2, Lit: 1}, {Weight: -3, Lit: 4}}, encode.AtMost, 1)
	lits[0] = 4 // the formula keeps its own copy
	if f.Clauses[0][0] != 1 || f.Cards[0].Lits[0] != 1 {
		t.Error("the builders keep the caller's slice")
	}
	want := []encode.Card{
		{Lits: []encode.Lit{1, -2, 3}, Cmp: encode.Equal, K: 1},
		{Lits: []encode.Lit{1, -2, 3}, Cmp: encode.AtMost, K: 1},
		{Lits: []encode.Lit{1, -2, 3}, Cmp: encode.AtLeast, K: 2},
		{Lits: []encode.Lit{1, -2, 3}, Cmp: encode.AtMost, K: 2},
		{Lits: []encode.Lit{1, -2, 3}, Cmp: encode.Equal, K: 2},
	}
	if fmt.Sprint(f.Cards) != fmt.Sprint(want) {
		t.Errorf("Cards = %v, want %v", f.Cards, want)
	}
	if v := f.NewVar(); v != 5 || f.NumVars != 5 {
		t.Errorf("NewVar = %d, NumVars %d; want 5, 5", v, f.NumVars)
	}
	if err := f.Validate(); err != nil {
		t.Errorf("Validate: %v", err)
	}
	if f.NumConstraints() != 7 {
		t.Errorf("NumConstraints = %d", f.NumConstraints())
	}
	// model: 1 true, 2 true, 3 false, 4 false. The clause (1 ∨ ¬2 ∨ 3)
	// holds; one true literal of three: exactly-one holds, at least 2 not.
	model := []bool{false, true, true, false, false}
	if i := f.Broken(model); i != 3 {
		t.Errorf("Broken = %d (%s), want 3: at least 2", i, f.Describe(i))
	}
	if d := f.Describe(3); d != "cardinality constraint 3 (>= 2 of 1 -2 3)" {
		t.Errorf("Describe(3) = %q", d)
	}
	if d := f.Describe(6); !strings.HasPrefix(d, "sum 1 (+2·1 -3·4 <= 1)") {
		t.Errorf("Describe(6) = %q", d)
	}
}

func TestValidate(t *testing.T) {
	t.Parallel()
	bad := []*encode.Formula{
		nil,
		{NumVars: -1},
		{NumVars: 2, Clauses: []encode.Clause{{1, 0}}},
		{NumVars: 2, Clauses: []encode.Clause{{3}}},
		{NumVars: 2, Cards: []encode.Card{{Lits: []encode.Lit{1, -3}, Cmp: encode.AtMost, K: 1}}},
		{NumVars: 2, Cards: []encode.Card{{Lits: []encode.Lit{1}, Cmp: encode.Cmp(7), K: 1}}},
		{NumVars: 2, Sums: []encode.Sum{{Terms: []encode.Term{{Weight: 1, Lit: 0}}}}},
		{NumVars: 2, Sums: []encode.Sum{{Terms: []encode.Term{{Weight: encode.MaxWeight + 1, Lit: 1}}}}},
		{NumVars: 2, Sums: []encode.Sum{{Terms: []encode.Term{{Weight: encode.MaxWeight, Lit: 1}, {Weight: -1, Lit: 2}}}}},
		{NumVars: 2, Sums: []encode.Sum{{Terms: []encode.Term{{Weight: 1, Lit: 1}}, K: -encode.MaxWeight - 1}}},
	}
	for _, f := range bad {
		if err := f.Validate(); !errors.Is(err, encode.ErrFormula) {
			t.Errorf("Validate(%+v) = %v, want ErrFormula", f, err)
		}
		// The writers refuse what Validate refuses, writing nothing: a
		// header that miscounts, or a literal dropped, misleads a solver.
		for name, write := range map[string]func(io.Writer) error{"WriteDIMACS": f.WriteDIMACS, "WriteOPB": f.WriteOPB} {
			var b bytes.Buffer
			if err := write(&b); !errors.Is(err, encode.ErrFormula) || b.Len() > 0 {
				t.Errorf("%s(%+v) = %v with %d bytes written, want ErrFormula and none", name, f, err, b.Len())
			}
		}
	}
}

func TestDigitSum(t *testing.T) {
	t.Parallel()
	ts := encode.DigitSum(4, -2, 0, 5)
	if len(ts) != 8 {
		t.Fatalf("%d terms", len(ts))
	}
	for i, tm := range ts {
		cell := []int{0, 5}[i/4]
		d := i%4 + 1
		if tm.Lit != encode.Lit(encode.CellVar(4, cell, d)) || tm.Weight != -2*d {
			t.Errorf("term %d = %+v", i, tm)
		}
	}
}

// TestSumExpansionGroups checks that a digit sum is counted cell by cell:
// the cells' exactly-one groups gather each cell's nine terms, so a killer
// cage of three cells needs three rows of counter variables, not 27.
func TestSumExpansionGroups(t *testing.T) {
	t.Parallel()
	f, err := encode.Encode(board.New(board.Classic), encode.Options{})
	if err != nil {
		t.Fatal(err)
	}
	v0, c0 := f.ClausalSize()
	f.AddSum(encode.DigitSum(9, 1, 0, 1, 9), encode.Equal, 15)
	v1, c1 := f.ClausalSize()
	// Rows of at most 16 variables (sums 1..15, and 16 for "more").
	if aux := v1 - v0; aux > 3*16 || aux == 0 {
		t.Errorf("%d auxiliary variables for a 3-cell cage, want at most 48", aux)
	}
	t.Logf("3-cell cage = 15: %d auxiliary variables, %d clauses", v1-v0, c1-c0)
	// An arrow: a circle equal to the sum of two cells (negative weights
	// on the circle, raised within its exactly-one group).
	f.AddSum(append(encode.DigitSum(9, 1, 20, 21), encode.DigitSum(9, -1, 30)...), encode.Equal, 0)
	v2, _ := f.ClausalSize()
	if aux := v2 - v1; aux > 3*20 {
		t.Errorf("%d auxiliary variables for a 2-cell arrow, want at most 60", aux)
	}
}

func TestWriteOPB(t *testing.T) {
	t.Parallel()
	f := &encode.Formula{NumVars: 4, Comments: []string{"a test"}}
	f.Add(1, -2)
	f.AddExactlyOne(1, 2, 3)
	f.AddAtMost(1, 2, -3)
	f.AddSum([]encode.Term{{Weight: 3, Lit: 1}, {Weight: -2, Lit: -4}, {Weight: 1, Lit: 1}}, encode.AtLeast, 2)
	f.AddAtLeast(0, 1, 2)            // always met: left out
	f.AddCard(encode.Equal, 3, 1, 2) // never met
	f.Add()                          // the empty clause
	var b bytes.Buffer
	if err := f.WriteOPB(&b); err != nil {
		t.Fatal(err)
	}
	got := b.String()
	for _, line := range []string{
		"* #variable= 4 #constraint= 7\n",
		"+1 x1 >= 1 ;\n-1 x1 >= 0 ;\n", // the empty clause
		"* a test\n",
		"+1 x1 -1 x2 >= 0 ;\n",      // 1 ∨ ¬2
		"+1 x1 +1 x2 +1 x3 = 1 ;\n", // exactly one
		"-1 x2 +1 x3 >= 0 ;\n",      // at most 1 of 2, ¬3: −x2 − (1 − x3) ≥ −1
		"+4 x1 +2 x4 >= 4 ;\n",      // 3x1 − 2(1 − x4) + x1 ≥ 2
		"+1 x1 +1 x2 = 3 ;\n",       // exactly 3 of two literals: impossible, but written
	} {
		if !strings.Contains(got, line) {
			t.Errorf("OPB lacks %q:\n%s", line, got)
		}
	}
	if !strings.HasPrefix(got, "* #variable= 4 #constraint= 7\n* a test\n+1 x1 +1 x2 +1 x3 = 1 ;\n") || strings.Contains(got, "+1 x1 +1 x2 >= 0") {
		t.Errorf("OPB does not start with the header, the comment and the first cardinality constraint, or keeps one always met:\n%s", got)
	}
}

func ExampleFormula_WriteOPB() {
	// Two cells that hold 1 or 2 (variables 1 and 2 say the first holds 1
	// or 2, variables 3 and 4 the same of the second): each holds exactly
	// one digit, and the digits add up to 3.
	f := &encode.Formula{NumVars: 4}
	f.AddExactlyOne(1, 2)
	f.AddExactlyOne(3, 4)
	f.AddSum([]encode.Term{{Weight: 1, Lit: 1}, {Weight: 2, Lit: 2}, {Weight: 1, Lit: 3}, {Weight: 2, Lit: 4}}, encode.Equal, 3)
	f.WriteOPB(os.Stdout)
	// Output:
	// * #variable= 4 #constraint= 3
	// +1 x1 +1 x2 = 1 ;
	// +1 x3 +1 x4 = 1 ;
	// +1 x1 +2 x2 +1 x3 +2 x4 = 3 ;
}

func ExampleFormula_WriteDIMACS() {
	// The same sum in DIMACS: the exactly-one groups are the pairwise
	// clauses of AMO, and the sum a counter over the two groups, whose
	// auxiliary variables 5..8 follow the formula's four.
	f := &encode.Formula{NumVars: 4, AMO: encode.Pairwise}
	f.AddExactlyOne(1, 2)
	f.AddExactlyOne(3, 4)
	f.AddSum([]encode.Term{{Weight: 1, Lit: 1}, {Weight: 2, Lit: 2}, {Weight: 1, Lit: 3}, {Weight: 2, Lit: 4}}, encode.Equal, 3)
	vars, clauses := f.ClausalSize()
	fmt.Println(vars, "variables,", clauses, "clauses")
	var b bytes.Buffer
	f.WriteDIMACS(&b)
	fmt.Println(strings.SplitN(b.String(), "\n", 2)[0])
	// Output:
	// 10 variables, 30 clauses
	// p cnf 10 30
}

// TestLitIndex checks that the literals' indexes are dense and distinct:
// 2v for +v, 2v+1 for −v.
func TestLitIndex(t *testing.T) {
	seen := map[int]encode.Lit{}
	for v := 1; v <= 100; v++ {
		for _, l := range []encode.Lit{encode.Lit(v), encode.Lit(-v)} {
			i := l.Index()
			if i < 2 || i > 201 {
				t.Errorf("%d.Index() = %d, outside 2..201", l, i)
			}
			if o, dup := seen[i]; dup {
				t.Errorf("%d and %d share index %d", o, l, i)
			}
			seen[i] = l
		}
		if got := encode.Lit(v).Index(); got != 2*v {
			t.Errorf("%d.Index() = %d, want %d", v, got, 2*v)
		}
		if got := encode.Lit(-v).Not().Index(); got != 2*v {
			t.Errorf("(-%d).Not().Index() = %d, want %d", v, got, 2*v)
		}
	}
}
