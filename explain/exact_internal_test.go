package explain

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/fallback"
	"github.com/satdoku/satdoku/internal/variantcorpus"
	"github.com/satdoku/satdoku/logic"
	"github.com/satdoku/satdoku/variant"
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

// TestMatchHouseMatchesSearch checks the matching that decides a house
// alone against the search it replaces, on random positions of a 9×9 and
// a 4×4 grid (each cell's candidates a random subset, some cells placed):
// for every house and every candidate of its cells, both must say refuted
// or model alike, and a model left on the trail must be a filling of the
// house from the cells' candidates.
func TestMatchHouseMatchesSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(36, 33))
	for _, side := range []int{4, 9} {
		models, refutations := 0, 0
		for pos := 0; pos < 30*side; pos++ {
			b := board.New(map[int]board.Shape{4: {BoxRows: 2, BoxCols: 2}, 9: board.Classic}[side])
			g, err := logic.FromBoard(b)
			if err != nil {
				t.Fatal(err)
			}
			// From dense (most houses have a filling) to sparse (few).
			drop := 3 + pos%6
			for c := range g.Cand {
				for d := 1; d <= side; d++ {
					if rng.IntN(10) < drop {
						g.Cand[c] &^= logic.DigitSet(d)
					}
				}
				if g.Cand[c] == 0 {
					g.Cand[c] = logic.DigitSet(1 + rng.IntN(side))
				}
			}
			x, err := New(g, Options{})
			if err != nil {
				t.Fatal(err)
			}
			x.ready()
			for i, in := range x.insts {
				if in.House < 0 {
					continue
				}
				if !x.start(g, []int{i}, in.Cells) {
					continue // a cell left empty by the facts
				}
				p := x.prop
				base := len(p.trail)
				for _, c := range in.Cells {
					for _, d := range g.Cand[c].List() {
						l := x.lit(c, d)
						if p.value(l) != 0 || !p.assign(l, bySuppos) {
							continue
						}
						mark := len(p.trail)
						if p.propagate() >= 0 {
							p.backtrack(base)
							continue
						}
						got, ok := x.matchHouse(in.Cells)
						if !ok {
							t.Fatalf("side %d: matchHouse declined a house", side)
						}
						if got == model {
							models++
							seen := map[int]bool{}
							for _, hc := range in.Cells {
								held := 0
								for hd := 1; hd <= side; hd++ {
									if p.value(x.lit(hc, hd)) == 1 {
										held = hd
									}
								}
								if held == 0 || !g.Cand[hc].Has(held) || seen[held] {
									t.Fatalf("side %d, %s, %s=%d: the model gives %s %d", side, in.Name, logic.CellName(side, c), d, logic.CellName(side, hc), held)
								}
								seen[held] = true
							}
						} else {
							refutations++
						}
						p.backtrack(mark)
						x.budget = 1 << 30
						want := x.searchN(x.byInst[i:i+1], in.Cells)
						if got != want {
							t.Fatalf("side %d, %s, %s=%d: matching says %d, search %d", side, in.Name, logic.CellName(side, c), d, got, want)
						}
						p.backtrack(base)
					}
				}
			}
		}
		// On a 4×4 house unit propagation refutes every candidate that
		// has no filling before the matching is asked; on 9×9 a Hall set
		// it misses (three cells sharing two digits) is left to it.
		if models == 0 || (side == 9 && refutations == 0) {
			t.Errorf("side %d: %d models, %d refutations: the positions test only one side", side, models, refutations)
		}
		t.Logf("side %d: %d models, %d refutations agree with the search", side, models, refutations)
	}
}

// TestHousesForbidMatchesSearch checks the matchings that decide one
// house, or two sharing cells, against the search they replace (decide),
// on random positions of 4×4, 6×6 and 9×9 grids and of a 9×9 with
// diagonals (a house crossing boxes): every set of one or two houses
// that the explainer tries must forbid the same candidates by both.
func TestHousesForbidMatchesSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(38, 33))
	shapes := []struct {
		name  string
		shape board.Shape
		diag  bool
	}{
		{"4x4", board.Shape{BoxRows: 2, BoxCols: 2}, false},
		{"6x6", board.Shape{BoxRows: 2, BoxCols: 3}, false},
		{"9x9", board.Classic, false},
		{"9x9 diagonals", board.Classic, true},
	}
	var scratch forbidScratch // one for every call, as an Explainer keeps it
	for _, sh := range shapes {
		sets, forbids, declined := 0, 0, 0
		for pos := 0; pos < 40; pos++ {
			g, err := randomPosition(rng, sh.shape, sh.diag, 1+pos%5)
			if err != nil {
				t.Fatal(err)
			}
			x, err := New(g, Options{})
			if err != nil {
				t.Fatal(err)
			}
			x.ready()
			for _, level := range x.order[:2] {
				for _, cs := range level {
					houses, ok := x.housesOf(cs.set)
					if !ok {
						continue
					}
					got, ok := housesForbid(g, x.n, houses[0], houses[1], &scratch)
					if !ok {
						declined++
						continue
					}
					want, unsure := x.decide(g, cs.key, cs.set, cs.cells, 1<<30)
					if len(unsure) > 0 {
						t.Fatalf("%s: the search left %d candidates undecided", sh.name, len(unsure))
					}
					sortCandidates(want)
					if !slices.Equal(got, want) {
						t.Fatalf("%s, position %d, %s: matchings forbid %v, the search %v", sh.name, pos, x.names(cs.set), got, want)
					}
					sets++
					if len(got) > 0 {
						forbids++
					}
				}
			}
		}
		// Both kinds of answer must be seen, or the test tests one side.
		if sets == 0 || forbids == 0 || forbids == sets {
			t.Errorf("%s: %d sets compared, %d forbid something", sh.name, sets, forbids)
		}
		t.Logf("%s: %d sets agree with the search, %d forbid something; %d declined", sh.name, sets, forbids, declined)
	}
}

// randomPosition returns a candidate grid of shape (with both diagonals
// as houses when diag) that has a solution: a solved grid, its digits
// relabelled at random, kept in every cell; every other digit kept with
// probability keep/6; one cell in eight placed.
func randomPosition(rng *rand.Rand, shape board.Shape, diag bool, keep int) (*logic.Grid, error) {
	p := &variant.Puzzle{Givens: board.New(shape)}
	if diag {
		p.Rules = []variant.Rule{variant.PositiveDiagonal{}, variant.NegativeDiagonal{}}
	}
	res, err := fallback.NewSolver().SolveVariant(context.Background(), p, 1)
	if err != nil || res.Count == 0 {
		return nil, fmt.Errorf("no solution to start from: %v", err)
	}
	g, err := logic.FromPuzzle(p)
	if err != nil {
		return nil, err
	}
	n := g.N
	relabel := rng.Perm(n)
	for c := range g.Cand {
		d := relabel[res.Solutions[0].Cells[c]-1] + 1
		if rng.IntN(8) == 0 {
			g.Value[c], g.Cand[c] = d, logic.DigitSet(d)
			continue
		}
		g.Cand[c] = logic.DigitSet(d)
		for e := 1; e <= n; e++ {
			if rng.IntN(6) < keep {
				g.Cand[c] |= logic.DigitSet(e)
			}
		}
	}
	return g, nil
}
