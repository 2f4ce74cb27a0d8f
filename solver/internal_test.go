package solver

import (
	"context"
	"errors"
	"testing"

	gs "github.com/crillab/gophersat/solver"

	"github.com/satdoku/satdoku/encode"
)

type fakeEngine struct {
	model []bool
	panic bool
}

func (e *fakeEngine) Solve() gs.Status {
	if e.panic {
		panic("injected")
	}
	return gs.Sat
}
func (e *fakeEngine) Model() []bool             { return e.model }
func (e *fakeEngine) AppendClause(*gs.Clause)   {}
func (e *fakeEngine) Counters() (int64, int64)  { return 0, 0 }
func (e *fakeEngine) Assume([]gs.Lit) gs.Status { return gs.Indet }

// gophersatModel returns the gophersat model that means the DIMACS
// assignment want (want[v] for variable v) under the session's renaming.
func gophersatModel(s *session, want []bool) []bool {
	m := make([]bool, s.nbVars)
	for v, g := range s.rep {
		if g != 0 {
			m[abs32(g)-1] = want[v] != (g < 0)
		}
	}
	return m
}

func TestInjectedFaults(t *testing.T) {
	t.Parallel()
	// 1 xor 2; 3 is fixed by its unit clause and never reaches gophersat.
	f := &encode.Formula{NumVars: 3, Primary: 3, Clauses: []encode.Clause{{1, 2}, {-1, -2}, {3}}}
	ctx := context.Background()
	valid := []bool{false, true, false, true}
	tests := []struct {
		name  string
		fn    func(s *session) engine
		count bool
		want  error
	}{
		{"panic in New", func(*session) engine { panic("boom") }, false, ErrPanic},
		{"panic in Solve", func(*session) engine { return &fakeEngine{panic: true} }, false, ErrPanic},
		{"model breaks a clause", func(s *session) engine { return &fakeEngine{model: gophersatModel(s, []bool{false, true, true, true})} }, false, ErrBadModel},
		{"model too short", func(*session) engine { return &fakeEngine{model: nil} }, false, ErrBadModel},
		{"same model twice", func(s *session) engine { return &fakeEngine{model: gophersatModel(s, valid)} }, true, ErrBadModel},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sv := &Solver{newEngine: tt.fn}
			var err error
			if tt.count {
				_, _, err = sv.Count(ctx, f, 3)
			} else {
				var res Result
				res, err = sv.Solve(ctx, f)
				if res.Model != nil {
					t.Errorf("model returned with error")
				}
			}
			if !errors.Is(err, tt.want) {
				t.Errorf("err = %v, want %v", err, tt.want)
			}
		})
	}
	// The same Solver without injection answers right afterwards.
	sv := &Solver{newEngine: func(*session) engine { panic("boom") }}
	if _, err := sv.Solve(ctx, f); !errors.Is(err, ErrPanic) {
		t.Fatal(err)
	}
	sv.newEngine = nil
	if res, err := sv.Solve(ctx, f); err != nil || res.Status != encode.Sat || !res.Model[3] || res.Model[1] == res.Model[2] {
		t.Errorf("after the fault: %v %v %v", res.Status, res.Model, err)
	}
}

// TestNoParseTimeHazards checks what newGophersat hands gophersat: no unit
// literals (Assume would forget them; gophersat never propagates them
// itself), no constraint decided before the search (gophersat's parser
// drops those), every constraint over distinct variables with a bound its
// watchers accept, and CuttingPlanes off (it gave wrong UNSAT answers).
func TestNoParseTimeHazards(t *testing.T) {
	t.Parallel()
	f := &encode.Formula{NumVars: 8, Clauses: []encode.Clause{{1}, {-2}, {3, 4, 5}}}
	f.AddExactlyOne(1, 2, 6, 7)   // 1 true: 6 and 7 must be false
	f.AddAtMost(2, 3, 4, 5, 8, 8) // 8 counts twice
	f.AddSum([]encode.Term{{Weight: 3, Lit: 4}, {Weight: -2, Lit: 5}, {Weight: 2, Lit: -8}}, encode.AtLeast, 1)
	var s session
	if err := s.load(f); err != nil {
		t.Fatal(err)
	}
	s.build()
	if s.unsat {
		t.Fatal("satisfiable formula loaded as unsatisfiable")
	}
	for v := 1; v <= f.NumVars; v++ {
		if s.val[v] != 0 && s.rep[v] != 0 {
			t.Errorf("variable %d is fixed and handed to gophersat", v)
		}
	}
	for _, v := range []int{1, 2, 6, 7} {
		if s.val[v] == 0 {
			t.Errorf("variable %d not fixed at the top level", v)
		}
	}
	for i, c := range s.ptrs {
		seen := map[gs.Var]bool{}
		for j := 0; j < c.Len(); j++ {
			if seen[c.Get(j).Var()] {
				t.Errorf("constraint %d repeats a variable", i)
			}
			seen[c.Get(j).Var()] = true
		}
		if c.Len() < 2 || c.Cardinality() < 1 || c.Cardinality() >= c.WeightSum() || c.Cardinality() > 1 && !c.PseudoBoolean() && c.Cardinality() >= c.Len() {
			t.Errorf("constraint %d: %d literals, bound %d, weights %d: decided or unwatchable", i, c.Len(), c.Cardinality(), c.WeightSum())
		}
	}
	e := newGophersat(&s).(gsEngine)
	if e.s.CuttingPlanes {
		t.Error("CuttingPlanes is on")
	}
	if st := e.Solve(); st != gs.Sat {
		t.Fatalf("gophersat says %v", st)
	}
}
