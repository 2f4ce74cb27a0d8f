package encode

import (
	"fmt"
	"math/bits"
	"testing"
)

// admits reports whether the clauses of f have a model extending the
// assignment x of variables 1..k (bit i−1 is variable i), by trying every
// assignment of the auxiliary variables k+1..f.NumVars.
func admits(f *Formula, k int, x uint64) bool {
	aux := f.NumVars - k
	for a := uint64(0); a < 1<<uint(aux); a++ {
		all := x | a<<uint(k)
		ok := true
		for _, cl := range f.Clauses {
			sat := false
			for _, l := range cl {
				if (all>>uint(l.Var()-1)&1 == 1) == (l > 0) {
					sat = true
					break
				}
			}
			if !sat {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// TestAMOBruteForce checks every at-most-one encoding, called directly (no
// pairwise shortcut for small groups) and through CNF.AtMostOne, on every
// assignment of k ≤ 6 literals of mixed signs: the clauses admit an
// extension exactly when at most one literal is true.
func TestAMOBruteForce(t *testing.T) {
	t.Parallel()
	raw := map[string]func(e *expander, lits []Lit){
		"pairwise":   (*expander).pairwise,
		"sequential": (*expander).sequential,
		"commander":  func(e *expander, lits []Lit) { e.commanderGroups(lits) },
		"product":    func(e *expander, lits []Lit) { e.productGrid(lits) },
	}
	for name, enc := range raw {
		for k := 0; k <= 6; k++ {
			for _, mixed := range []bool{false, true} {
				t.Run(fmt.Sprintf("%s/k=%d/mixed=%v", name, k, mixed), func(t *testing.T) {
					lits := make([]Lit, k)
					for i := range lits {
						lits[i] = Lit(i + 1)
						if mixed && i%2 == 1 {
							lits[i] = -lits[i]
						}
					}
					f := &Formula{NumVars: k}
					e := newExpander(Pairwise, k+1, func(cl Clause) { f.Clauses = append(f.Clauses, append(Clause(nil), cl...)) })
					enc(e, lits)
					f.NumVars = e.next - 1
					checkAMO(t, f, lits)
				})
			}
		}
	}
	for _, a := range append([]AMO{AMODefault}, AMOs...) {
		for k := 0; k <= 6; k++ {
			lits := make([]Lit, k)
			for i := range lits {
				lits[i] = Lit(i + 1)
			}
			f := &Formula{NumVars: k}
			f.AtMostOne(a, lits...)
			t.Run(fmt.Sprintf("AtMostOne/%v/k=%d", a, k), func(t *testing.T) { checkAMO(t, f, lits) })
		}
	}
}

func checkAMO(t *testing.T, f *Formula, lits []Lit) {
	t.Helper()
	k := len(lits)
	if f.NumVars-k > 16 {
		t.Fatalf("%d auxiliaries for %d literals", f.NumVars-k, k)
	}
	for x := uint64(0); x < 1<<uint(k); x++ {
		trueLits := 0
		for i, l := range lits {
			if (x>>uint(i)&1 == 1) == (l > 0) {
				trueLits++
			}
		}
		want := trueLits <= 1
		if got := admits(f, k, x); got != want {
			t.Errorf("assignment %0*b (%d true literals): admits = %v, want %v; clauses %v", k, x, trueLits, got, want, f.Clauses)
		}
	}
	_ = bits.OnesCount64
}
