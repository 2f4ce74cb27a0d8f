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
func (e *fakeEngine) Model() []bool            { return e.model }
func (e *fakeEngine) AppendClause(*gs.Clause)  {}
func (e *fakeEngine) Counters() (int64, int64) { return 0, 0 }

func swapEngine(t *testing.T, fn func(s *session) engine) {
	old := newEngine
	newEngine = fn
	t.Cleanup(func() { newEngine = old })
}

func TestInjectedFaults(t *testing.T) {
	f := &encode.CNF{NumVars: 3, Primary: 3, Clauses: []encode.Clause{{1, 2}, {-1, -2}, {3}}}
	ctx := context.Background()
	tests := []struct {
		name string
		fn   func(s *session) engine
		want error
	}{
		{"panic in New", func(*session) engine { panic("boom") }, ErrPanic},
		{"panic in Solve", func(*session) engine { return &fakeEngine{panic: true} }, ErrPanic},
		{"model breaks a clause", func(s *session) engine { return &fakeEngine{model: make([]bool, s.nbVars)} }, ErrBadModel},
		{"model too short", func(*session) engine { return &fakeEngine{model: nil} }, ErrBadModel},
		{"same model twice", func(s *session) engine {
			m := make([]bool, s.nbVars)
			for i := range m {
				m[i] = true
			}
			m[1] = false // 1 true, 2 false, 3 true — in gophersat numbering 1,2,3 in order of first occurrence
			return &fakeEngine{model: m}
		}, ErrBadModel},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			swapEngine(t, tt.fn)
			var err error
			if tt.name == "same model twice" {
				_, _, err = Count(ctx, f, 3)
			} else {
				var res Result
				res, err = Solve(ctx, f)
				if res.Model != nil {
					t.Errorf("model returned with error")
				}
			}
			if !errors.Is(err, tt.want) {
				t.Errorf("err = %v, want %v", err, tt.want)
			}
		})
	}
}

// TestMergeUnits checks that merging unit-only variables changes nothing:
// the same models come back either way.
func TestMergeUnits(t *testing.T) {
	f := &encode.CNF{NumVars: 6, Primary: 6, Clauses: []encode.Clause{{1}, {-2}, {3}, {-4}, {5, 6}, {-5, -6}}}
	for _, merge := range []bool{true, false} {
		mergeUnits = merge
		models, st, err := Count(context.Background(), f, 10)
		if err != nil || st != encode.Sat || len(models) != 2 {
			t.Errorf("merge=%v: %d models, %v, %v", merge, len(models), st, err)
		}
	}
	mergeUnits = true
}
