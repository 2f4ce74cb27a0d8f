package solver_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/solver"
)

// union returns base plus the groups in set as one plain formula, each
// group's variables above base.NumVars renumbered after the others: the
// meaning MinimalGroups gives its input, built without selectors.
func union(base *encode.Formula, groups []*encode.Formula, set []int) *encode.Formula {
	f := &encode.Formula{NumVars: base.NumVars, Primary: base.Primary}
	f.Clauses = append(f.Clauses, base.Clauses...)
	f.Cards = append(f.Cards, base.Cards...)
	f.Sums = append(f.Sums, base.Sums...)
	for _, i := range set {
		g := groups[i]
		shift := encode.Lit(f.NumVars - base.NumVars)
		f.NumVars += max(g.NumVars-base.NumVars, 0)
		ren := func(l encode.Lit) encode.Lit {
			switch {
			case l.Var() <= base.NumVars:
				return l
			case l > 0:
				return l + shift
			}
			return l - shift
		}
		for _, cl := range g.Clauses {
			c := encode.Clause{}
			for _, l := range cl {
				c = append(c, ren(l))
			}
			f.Clauses = append(f.Clauses, c)
		}
		for _, cd := range g.Cards {
			c := encode.Card{Cmp: cd.Cmp, K: cd.K}
			for _, l := range cd.Lits {
				c.Lits = append(c.Lits, ren(l))
			}
			f.Cards = append(f.Cards, c)
		}
		for _, sm := range g.Sums {
			s := encode.Sum{Cmp: sm.Cmp, K: sm.K}
			for _, t := range sm.Terms {
				s.Terms = append(s.Terms, encode.Term{Weight: t.Weight, Lit: ren(t.Lit)})
			}
			f.Sums = append(f.Sums, s)
		}
	}
	return f
}

// satisfiable decides f by trying every assignment (tiny formulas only).
func satisfiable(f *encode.Formula) bool {
	for x := uint(0); x < 1<<f.NumVars; x++ {
		if f.Broken(assignment(f.NumVars, x)) < 0 {
			return true
		}
	}
	return false
}

// TestMinimalGroupsRandom checks MinimalGroups, and MinimalGroupsDecided
// with a decider that answers some trials (with a wrong model now and
// then), on small random formulas against plain search: the set it returns conflicts with base, every set
// one smaller does not, ErrSatisfiable comes exactly when everything
// together has a model and an empty set exactly when base alone has none.
// Groups have auxiliary variables of their own now and then, and bases
// have unit clauses (GOPHERSAT.md's hazard 3: units must survive Assume).
func TestMinimalGroupsRandom(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(31, 32))
	ctx := context.Background()
	trials := 1500
	if testing.Short() {
		trials = 400
	}
	var found, satisfied, baseUnsat int
	for trial := 0; trial < trials; trial++ {
		nv := 2 + rng.IntN(5)
		base := randomFormula(rng, nv)
		if rng.IntN(3) > 0 { // most bases satisfiable
			base.Clauses, base.Cards, base.Sums = base.Clauses[:0], nil, nil
			if rng.IntN(2) == 0 {
				base.Add(encode.Lit(1))
				base.Add(encode.Lit(-1), encode.Lit(2))
			}
		}
		groups := make([]*encode.Formula, 1+rng.IntN(6))
		auxTotal := 0
		for i := range groups {
			aux := 0
			if auxTotal < 3 && rng.IntN(3) == 0 {
				aux = 1
			}
			auxTotal += aux
			g := randomFormula(rng, nv+aux)
			if aux == 1 && len(g.Clauses) == 0 {
				g.Add(encode.Lit(nv+1), encode.Lit(1))
			}
			groups[i] = g
		}
		all := make([]int, len(groups))
		for i := range all {
			all[i] = i
		}
		// A decider that answers half the trials by plain search, giving
		// the model found, none, or a wrong one (which must be refused).
		decide := func(set []int) (bool, bool, []bool) {
			if rng.IntN(2) == 0 {
				return false, false, nil
			}
			f := union(base, groups, set)
			for x := uint(0); x < 1<<f.NumVars; x++ {
				if model := assignment(f.NumVars, x); f.Broken(model) < 0 {
					switch rng.IntN(3) {
					case 0:
						return true, false, nil
					case 1:
						model[1] = !model[1] // most likely wrong now
					}
					return true, false, model
				}
			}
			return true, true, nil
		}
		for _, decided := range []bool{false, true} {
			var got []int
			var err error
			if decided {
				got, err = solver.MinimalGroupsDecided(ctx, base, groups, decide)
			} else {
				got, err = solver.MinimalGroups(ctx, base, groups)
			}
			switch {
			case !satisfiable(base):
				baseUnsat++
				if err != nil || len(got) != 0 {
					t.Fatalf("trial %d (decided %v): base unsatisfiable: got %v, %v", trial, decided, got, err)
				}
				continue
			case satisfiable(union(base, groups, all)):
				satisfied++
				if !errors.Is(err, solver.ErrSatisfiable) {
					t.Fatalf("trial %d (decided %v): everything satisfiable: got %v, %v", trial, decided, got, err)
				}
				continue
			case err != nil:
				t.Fatalf("trial %d (decided %v): %v", trial, decided, err)
			}
			found++
			if !slices.IsSorted(got) || len(got) == 0 {
				t.Fatalf("trial %d (decided %v): %v is not a sorted non-empty set", trial, decided, got)
			}
			if satisfiable(union(base, groups, got)) {
				t.Fatalf("trial %d (decided %v): the groups %v do not conflict", trial, decided, got)
			}
			for j := range got {
				less := slices.Delete(slices.Clone(got), j, j+1)
				if !satisfiable(union(base, groups, less)) {
					t.Fatalf("trial %d (decided %v): %v is not minimal: %v conflicts too", trial, decided, got, less)
				}
			}
		}
	}
	t.Logf("%d conflicts, %d satisfiable, %d bases unsatisfiable", found, satisfied, baseUnsat)
	if found < 2*trials/5 || satisfied == 0 || baseUnsat == 0 {
		t.Fatalf("%d conflicts, %d satisfiable, %d bases unsatisfiable of %d: the test is too weak", found, satisfied, baseUnsat, trials)
	}
}

func TestMinimalGroupsErrors(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	base := &encode.Formula{NumVars: 2}
	bad := &encode.Formula{NumVars: 2, Clauses: []encode.Clause{{3}}}
	if _, err := solver.MinimalGroups(ctx, base, []*encode.Formula{bad}); !errors.Is(err, solver.ErrFormula) {
		t.Errorf("literal beyond NumVars: %v", err)
	}
	done, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := solver.MinimalGroups(done, base, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("ctx done: %v", err)
	}
}
