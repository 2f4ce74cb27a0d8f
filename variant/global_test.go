package variant_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/variant"
	"github.com/satdoku/satdoku/variant/varianttest"
)

// genuine reports whether the two cells a violation of a global rule names
// really break it, judged from the geometry alone.
func genuine(p *variant.Puzzle, grid *board.Board, kind string, a, b int) bool {
	n := p.Side()
	ra, ca, rb, cb := a/n, a%n, b/n, b%n
	da, db := grid.Cells[a], grid.Cells[b]
	dr, dc := iabs(ra-rb), iabs(ca-cb)
	switch kind {
	case "diagonal+":
		return da == db && ra+ca == n-1 && rb+cb == n-1
	case "diagonal-":
		return da == db && ra == ca && rb == cb
	case "antiknight":
		return da == db && ((dr == 1 && dc == 2) || (dr == 2 && dc == 1))
	case "antiking":
		return da == db && dr <= 1 && dc <= 1
	case "disjointgroups":
		regs := p.RegionCells()
		labels := p.RegionLabels()
		return da == db && slices.Index(regs[labels[a]], a) == slices.Index(regs[labels[b]], b)
	case "nonconsecutive":
		return dr+dc == 1 && iabs(int(da)-int(db)) == 1
	}
	return false
}

// TestGlobalRules checks each global rule on grids made to keep it (they
// pass) and on random grids (whatever Check reports must be a genuine
// breach, and a breach the test finds itself must be reported).
func TestGlobalRules(t *testing.T) {
	t.Parallel()
	for _, g := range geometries {
		for _, kind := range varianttest.Globals {
			t.Run(g.name+"/"+kind, func(t *testing.T) {
				t.Parallel()
				rng := rand.New(rand.NewPCG(7, uint64(g.shape.Side())))
				filled, trials, budget := 0, 4, 20000
				if kind == "nonconsecutive" && g.shape == board.Classic && !g.irregular {
					budget = 300000 // rare grids: see BenchmarkFill
				}
				if testing.Short() {
					trials = 2
				}
				for trial := 0; trial < trials; trial++ {
					p, grid := randomPuzzle(rng, g)
					rule := varianttest.Global(kind, p.Side())
					p.Rules = []variant.Rule{rule}
					if kept := varianttest.Fill(rng, p, budget); kept != nil {
						filled++
						if err := variant.Check(p, kept); err != nil {
							t.Fatalf("grid made to keep %s:\n%vCheck = %v", kind, kept, err)
						}
					}
					// A random grid: find a breach independently.
					n := p.Side()
					var breach [2]int
					found := false
					for a := 0; a < n*n && !found; a++ {
						for b := a + 1; b < n*n && !found; b++ {
							if genuine(p, grid, kind, a, b) {
								breach, found = [2]int{a, b}, true
							}
						}
					}
					err := variant.Check(p, grid)
					if !found {
						if err != nil {
							t.Fatalf("no breach of %s in\n%vbut Check = %v", kind, grid, err)
						}
						continue
					}
					ruleError(t, p, err, 0, kind)
					var re *variant.RuleError
					errors.As(err, &re)
					if len(re.Cells) != 2 || !genuine(p, grid, kind, re.Cells[0], re.Cells[1]) {
						t.Fatalf("%s: Check = %v, not a genuine breach (one is %v)", kind, err, breach)
					}
				}
				if filled == 0 && g.shape == board.Classic && !g.irregular {
					t.Fatalf("no 9x9 grid keeping %s found", kind)
				}
			})
		}
	}
}

// TestGridMutations changes a grid so that it must break a clue read off
// it, and checks that the rule names the changed cells.
func TestGridMutations(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 5))
	type mutation struct {
		kind string
		// mutate changes grid and returns a cell the violation must name.
		mutate func(r variant.Rule, grid *board.Board) int
	}
	set := func(g *board.Board, c, d int) { g.Cells[c] = uint8(d) }
	get := func(g *board.Board, c int) int { return int(g.Cells[c]) }
	other := func(d, n int) int { return d%n + 1 } // a different digit
	muts := []mutation{
		{"odd", func(r variant.Rule, g *board.Board) int {
			c := r.(variant.Odd).Cell
			set(g, c, get(g, c)%g.Side()+1-(get(g, c)%g.Side()+1)%2) // an even digit
			if get(g, c)%2 == 1 || get(g, c) == 0 {
				set(g, c, 2)
			}
			return c
		}},
		{"maximum", func(r variant.Rule, g *board.Board) int {
			c := r.(variant.Maximum).Cell
			set(g, c, 1)
			return c
		}},
		{"thermometer", func(r variant.Rule, g *board.Board) int {
			cells := r.(variant.Thermometer).Cells
			set(g, cells[1], get(g, cells[0]))
			return cells[1]
		}},
		{"whispers", func(r variant.Rule, g *board.Board) int {
			cells := r.(variant.Whispers).Cells
			set(g, cells[1], get(g, cells[0]))
			return cells[1]
		}},
		{"digitalroot", func(r variant.Rule, g *board.Board) int {
			cells := r.(variant.DigitalRootCage).Cells
			c := cells[0]
			set(g, c, other(get(g, c), g.Side())) // the sum changes by less than 9 (or by 8: n−1)
			return c
		}},
		{"givenPencilMarks", func(r variant.Rule, g *board.Board) int {
			m := r.(variant.PencilMarks)
			for d := 1; d <= g.Side(); d++ {
				if !slices.Contains(m.Digits, d) {
					set(g, m.Cell, d)
					return m.Cell
				}
			}
			return -1
		}},
		{"renban", func(r variant.Rule, g *board.Board) int {
			cells := r.(variant.Renban).Cells
			set(g, cells[len(cells)-1], get(g, cells[0]))
			return cells[len(cells)-1]
		}},
		{"palindrome", func(r variant.Rule, g *board.Board) int {
			cells := r.(variant.Palindrome).Cells
			last := cells[len(cells)-1]
			set(g, last, other(get(g, last), g.Side()))
			return last
		}},
		{"killercage", func(r variant.Rule, g *board.Board) int {
			k := r.(variant.Killer)
			c := k.Cells[0]
			if k.Sum == 0 && len(k.Cells) == 1 {
				return -1 // nothing to break
			}
			if k.Sum == 0 {
				set(g, c, get(g, k.Cells[1]))
				return c
			}
			set(g, c, other(get(g, c), g.Side()))
			return c
		}},
		{"littlekillersum", func(r variant.Rule, g *board.Board) int {
			c := r.(variant.LittleKiller).Clue.Cells(g.Side())[0]
			set(g, c, other(get(g, c), g.Side()))
			return c
		}},
		{"arrow", func(r variant.Rule, g *board.Board) int {
			c := r.(variant.Arrow).Line[0]
			set(g, c, other(get(g, c), g.Side()))
			return c
		}},
		{"difference", func(r variant.Rule, g *board.Board) int {
			d := r.(variant.Difference)
			set(g, d.B, get(g, d.A))
			return d.B
		}},
		{"xv", func(r variant.Rule, g *board.Board) int {
			x := r.(variant.XV)
			set(g, x.A, other(get(g, x.A), g.Side()))
			return x.A
		}},
		{"clone", func(r variant.Rule, g *board.Board) int {
			c := r.(variant.Clone).Clones[0]
			set(g, c, other(get(g, c), g.Side()))
			return c
		}},
	}
	for _, m := range muts {
		for trial := 0; trial < 20; trial++ {
			p, grid := randomPuzzle(rng, geometries[3])
			rules := varianttest.Clue(rng, p, grid, m.kind)
			if rules == nil {
				continue
			}
			p.Rules = rules
			bad := grid.Clone()
			cell := m.mutate(rules[0], bad)
			if cell < 0 {
				continue
			}
			v := rules[0].Check(p, bad)
			if v == nil {
				t.Fatalf("%s: %s kept after changing %s to %d", m.kind, rules[0].Describe(9), board.CellName(9, cell), bad.Cells[cell])
			}
			if !slices.Contains(v.Cells, cell) && len(v.Cells) < 9 {
				t.Fatalf("%s: violation %q names %v, not the changed %s", m.kind, v.Reason, v.Cells, board.CellName(9, cell))
			}
		}
	}
}

// BenchmarkFill measures the search for a nonconsecutive 9x9 grid, the
// rarest kind TestGlobalRules makes.
func BenchmarkFill(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	p := variant.New(board.Classic)
	p.Rules = []variant.Rule{varianttest.Global("nonconsecutive", 9)}
	for b.Loop() {
		if varianttest.Fill(rng, p, 1<<22) == nil {
			b.Fatal("no grid")
		}
	}
}
