package explain

import (
	"testing"

	"github.com/satdoku/satdoku/internal/variantcorpus"
	"github.com/satdoku/satdoku/logic"
)

// exactPuzzles are corpus puzzles whose rules the exact check is tested
// on: cages, arrows, thermometers, lines of every kind, dots, XV,
// indexers, anti-knight.
var exactPuzzles = map[string]bool{
	"dclamage/300-subs.json":                                 true, // thermometers, kropki dots
	"dclamage/tangled-arrows.json":                           true,
	"dclamage/xv-kropki-x.json":                              true, // XV, kropki, negative constraints
	"dclamage/renban-skyscrapers-ctc-400k.json":              true,
	"dclamage/entropic-lines-101.json":                       true,
	"dclamage/equal-sums.json":                               true,
	"dclamage/159.json":                                      true, // indexers
	"sigh/anti-knights-move.json":                            true,
	"dclamage/return-of-the-revenge-of-the-hash-the-mo.json": true,
}

// TestExactMatchesSAT checks the exact check of sets of one and two
// instances against SAT: at positions along the path of several corpus
// puzzles (at the first SAT step of each), for every instance and
// every 41st pair, each candidate of the set's unsolved cells (but
// the solution's digits) is forbidden by decide, and by forbidden, exactly
// when SAT refutes it with the set; decide must decide almost all of
// them itself, and forbidden is also run with a budget of two decisions,
// so that SAT decides many.
func TestExactMatchesSAT(t *testing.T) {
	seen, compared, byForbid, unsure := 0, 0, 0, 0
	for _, cp := range variantcorpus.Read(t) {
		if !exactPuzzles[cp.File] {
			continue
		}
		seen++
		g, err := logic.FromPuzzle(cp.Puzzle)
		if err != nil {
			t.Fatal(err)
		}
		ts, err := Techniques(g, Options{})
		if err != nil {
			t.Fatal(err)
		}
		x, err := New(g, Options{})
		if err != nil {
			t.Fatal(err)
		}
		positions := 0
		for step := 0; positions < 1 && step < 400; step++ {
			s, ok := logic.Next(g, logic.Options{Techniques: ts})
			if !ok {
				break
			}
			if s.Technique == Name {
				positions++
				sol := x.solutionOf(g)
				if sol == nil {
					t.Fatalf("%s: no solution at step %d", cp.File, step)
				}
				for k, level := range x.order {
					for n, cs := range level {
						if k == 1 && n%41 != 0 {
							continue
						}
						out, uns := x.decide(g, cs.key, cs.set, cs.cells, exactBudget)
						unsure += len(uns)
						if len(uns) > 0 {
							t.Logf("%s: %d candidates left to SAT on %s", cp.File, len(uns), x.names(cs.set))
						}
						cheap := x.forbidden(g, cs.key, cs.set, cs.cells)
						x.budgetPer = 2
						delete(x.models, [3]int32{-2, -2, -2})
						tiny := x.forbidden(g, [3]int32{-2, -2, -2}, cs.set, cs.cells)
						x.budgetPer = exactBudget
						byForbid += len(tiny)
						for _, c := range cs.cells {
							if g.Value[c] != 0 {
								continue
							}
							for _, d := range g.Cand[c].List() {
								if d == sol[c] {
									continue
								}
								cand := logic.Candidate{Cell: c, Digit: d}
								want, err := x.satRefutes(g, cs.set, []logic.Candidate{cand}, nil)
								if err != nil {
									t.Fatal(err)
								}
								compared++
								if has(uns, cand) {
									continue
								}
								for _, got := range []struct {
									name  string
									cands []logic.Candidate
								}{{"decide", out}, {"forbidden", cheap}, {"forbidden, budget 2", tiny}} {
									if has(got.cands, cand) != want {
										t.Errorf("%s, step %d, %s: %s says %s≠%d is %v, SAT %v", cp.File, step,
											x.names(cs.set), got.name, logic.CellName(g.N, c), d, !want, want)
									}
								}
							}
						}
					}
				}
			}
			g.Apply(s)
		}
		if positions == 0 {
			t.Errorf("%s: no SAT step on its path", cp.File)
		}
	}
	if seen != len(exactPuzzles) {
		t.Errorf("found %d of the %d puzzles", seen, len(exactPuzzles))
	}
	if byForbid == 0 || compared < 1000 || unsure*100 > compared {
		t.Errorf("%d candidates compared, %d forbidden, %d left to SAT by the search", compared, byForbid, unsure)
	}
	t.Logf("%d candidates compared with SAT, %d forbidden; %d left to SAT by the search", compared, byForbid, unsure)
}

func has(cands []logic.Candidate, c logic.Candidate) bool {
	for _, e := range cands {
		if e == c {
			return true
		}
	}
	return false
}
