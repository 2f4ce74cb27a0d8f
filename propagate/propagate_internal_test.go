package propagate

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/fallback"
	"github.com/satdoku/satdoku/internal/puzzlegen"
	"github.com/satdoku/satdoku/internal/testpuzzles"
)

// TestKeepsSolutions checks the property every rule must have: it removes
// only candidates that no solution uses. For each sample puzzle and each
// MaxStage, the backtracker's solutions (up to two) must keep every one
// of their digits as a candidate after Run.
func TestKeepsSolutions(t *testing.T) {
	t.Parallel()
	files := []string{
		"testdata/top1465-sample.txt",
		"testdata/hardest1106-sample.txt",
		"testdata/17clue-sample.txt",
		"testdata/plb-hard20.txt",
		"testdata/serg-multi-sample.txt",
	}
	bt := fallback.NewSolver()
	checked := 0
	for _, file := range files {
		for _, b := range testpuzzles.Boards(t, file) {
			res, err := bt.Solve(context.Background(), b, 2)
			if err != nil || res.Count == 0 {
				t.Fatalf("%s: backtracker: %v (count %d)", file, err, res.Count)
			}
			for _, max := range []Stage{StageSingles, StageSubsets, StageProbing} {
				p := New(b.Shape)
				p.MaxStage = max
				st, err := p.Run(b)
				if err != nil {
					t.Fatal(err)
				}
				if st.Contradiction {
					t.Fatalf("%s: %v finds a contradiction in a solvable puzzle", file, max)
				}
				if st.Stage > max {
					t.Fatalf("%s: MaxStage %v but decided by %v", file, max, st.Stage)
				}
				for _, sol := range res.Solutions {
					for cell, d := range sol.Cells {
						if p.cand[cell]&(1<<uint(d-1)) == 0 {
							t.Fatalf("%s: %v removed digit %d from cell %d, which a solution uses", file, max, d, cell)
						}
					}
				}
				checked++
			}
		}
	}
	if checked == 0 {
		t.Fatal("no puzzle checked")
	}
}

// TestNakedPairs checks the rule on a hand-made state: two cells of row 1
// (also in one box) with candidates {1,2} remove 1 and 2 from the rest of
// the row and of the box, and from nothing else.
func TestNakedPairs(t *testing.T) {
	t.Parallel()
	p := New(board.Square(3))
	for i := range p.cand {
		p.cand[i] = p.full
	}
	pair := uint64(0b11)
	p.cand[0], p.cand[1] = pair, pair // r1c1, r1c2: row 1 and box 1
	if !p.nakedPairs() {
		t.Fatal("nakedPairs removed nothing")
	}
	for cell, c := range p.cand {
		r, col := cell/9, cell%9
		inRow, inBox := r == 0, r < 3 && col < 3
		switch {
		case cell == 0 || cell == 1:
			if c != pair {
				t.Errorf("pair cell %d changed to %b", cell, c)
			}
		case inRow || inBox:
			if c != p.full&^pair {
				t.Errorf("cell r%dc%d keeps %b, want 1 and 2 removed", r+1, col+1, c)
			}
		default:
			if c != p.full {
				t.Errorf("cell r%dc%d outside the pair's units lost %b", r+1, col+1, p.full&^c)
			}
		}
	}
	if p.nakedPairs() {
		t.Error("a second call removed more: not at a fixpoint")
	}
	// A two-candidate cell with a different partner is no pair.
	q := New(board.Square(3))
	for i := range q.cand {
		q.cand[i] = q.full
	}
	q.cand[0], q.cand[1] = 0b11, 0b101
	if q.nakedPairs() {
		t.Error("cells {1,2} and {1,3} treated as a naked pair")
	}
	if bits.OnesCount64(q.cand[2]) != 9 {
		t.Error("candidates removed without a pair")
	}
}

// lockedOracle applies pointing and claiming to a fixpoint the plain way,
// from the rule's statement: for each box B, line L (row or column) and
// digit d with a place in B∩L, if d has no place in B outside L it goes
// from L outside B; if it has no place in L outside B it goes from B
// outside L.
func lockedOracle(s board.Shape, cand []uint64) {
	n := s.Side()
	g := s.Geometry()
	boxOf := make([]int, n*n)
	for b, box := range g.Units[2*n:] {
		for _, c := range box {
			boxOf[c] = b
		}
	}
	lines := g.Units[:2*n] // rows, then columns
	for changed := true; changed; {
		changed = false
		for b, box := range g.Units[2*n:] {
			for li, l := range lines {
				inLine := func(c int) bool {
					if li < n {
						return c/n == li
					}
					return c%n == li-n
				}
				for d := 0; d < n; d++ {
					bit := uint64(1) << uint(d)
					inter, boxOut, lineOut := false, false, false
					for _, c := range box {
						if cand[c]&bit != 0 {
							if inLine(c) {
								inter = true
							} else {
								boxOut = true
							}
						}
					}
					for _, c := range l {
						if cand[c]&bit != 0 && boxOf[c] != b {
							lineOut = true
						}
					}
					if !inter {
						continue
					}
					if !boxOut && lineOut {
						for _, c := range l {
							if boxOf[c] != b {
								cand[c] &^= bit
							}
						}
						changed = true
					}
					if !lineOut && boxOut {
						for _, c := range box {
							if !inLine(c) {
								cand[c] &^= bit
							}
						}
						changed = true
					}
				}
			}
		}
	}
}

// TestLockedMatchesOracle runs locked to a fixpoint on random candidate
// states of square and rectangular boxes and compares with lockedOracle:
// one generic function serves rows and columns, and must do for both what
// the rule says. Each state keeps the digits of a valid grid, so that the
// rule's fixpoint is unique (an applicable instance stays applicable) and
// the order of the eliminations does not matter.
func TestLockedMatchesOracle(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	for _, s := range []board.Shape{{BoxRows: 2, BoxCols: 2}, {BoxRows: 2, BoxCols: 3}, {BoxRows: 3, BoxCols: 2},
		{BoxRows: 3, BoxCols: 3}, {BoxRows: 3, BoxCols: 4}, {BoxRows: 4, BoxCols: 3}} {
		removed := 0
		trials := 300
		if s.Side() > 9 {
			trials = 60
		}
		for trial := 0; trial < trials; trial++ {
			grid := puzzlegen.Grid(rng, s)
			p := New(s)
			for i := range p.cand {
				// Each other digit kept with probability 1/2, so that
				// digits are often missing and the rule finds work.
				c := p.full
				for d := 0; d < p.n; d++ {
					if rng.IntN(2) == 0 {
						c &^= 1 << uint(d)
					}
				}
				p.cand[i] = c | 1<<uint(grid.Cells[i]-1)
			}
			want := append([]uint64(nil), p.cand...)
			lockedOracle(s, want)
			before := append([]uint64(nil), p.cand...)
			for p.locked() {
			}
			for i := range want {
				if p.cand[i] != want[i] {
					t.Fatalf("%v trial %d: cell %d has %b, the oracle %b", s, trial, i, p.cand[i], want[i])
				}
				removed += bits.OnesCount64(before[i] &^ want[i])
			}
		}
		if removed == 0 {
			t.Errorf("%v: the rule removed nothing in %d states: the test tests nothing", s, trials)
		}
	}
}

func TestRunErrors(t *testing.T) {
	t.Parallel()
	p := New(board.Classic)
	for _, b := range []*board.Board{nil, board.New(board.Square(2)), {Shape: board.Classic, Cells: make([]uint8, 80)}} {
		if _, err := p.Run(b); err == nil {
			t.Errorf("Run(%v): no error", b)
		}
	}
	b := board.New(board.Square(2))
	b.Cells[0] = 7 // beyond the side: a contradiction, not a panic
	st, err := New(b.Shape).Run(b)
	if err != nil || !st.Contradiction {
		t.Errorf("digit 7 on a 4×4: %+v, %v", st, err)
	}
	if s := Stage(9).String(); s != "Stage(9)" {
		t.Errorf("Stage(9).String() = %q", s)
	}
}
