package encode

import (
	"context"
	"errors"
	"io"
	"math/bits"
	"os"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/fallback"
)

// TestPrepKeepsSolutions checks the property every preprocessing rule must
// have: it removes only candidates that no solution uses. For each sample
// puzzle and each preprocessing level, the backtracker's solutions (up to
// two) must keep every one of their digits as a candidate after run.
func TestPrepKeepsSolutions(t *testing.T) {
	files := []string{
		"../testdata/top1465-sample.txt",
		"../testdata/hardest1106-sample.txt",
		"../testdata/17clue-sample.txt",
		"../testdata/plb-hard20.txt",
		"../testdata/serg-multi-sample.txt",
	}
	defer func(level int) { prepLevel = level }(prepLevel)
	solver := fallback.NewSolver()
	checked := 0
	for _, file := range files {
		for _, b := range readPuzzles(t, file) {
			res, err := solver.Solve(context.Background(), b, 2)
			if err != nil || res.Count == 0 {
				t.Fatalf("%s: backtracker: %v (count %d)", file, err, res.Count)
			}
			for level := 0; level <= 2; level++ {
				prepLevel = level
				p := newProp(b.Shape)
				st := p.run(b)
				if st.Contradiction {
					t.Fatalf("%s: level %d finds a contradiction in a solvable puzzle", file, level)
				}
				for _, sol := range res.Solutions {
					for cell, d := range sol.Cells {
						if p.cand[cell]&(1<<uint(d-1)) == 0 {
							t.Fatalf("%s: level %d removed digit %d from cell %d, which a solution uses", file, level, d, cell)
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
	p := newProp(board.Square(3))
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
	q := newProp(board.Square(3))
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

// readPuzzles reads every puzzle of a file with the project's own reader.
func readPuzzles(t *testing.T, path string) []*board.Board {
	t.Helper()
	fh, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	var out []*board.Board
	rd := board.NewReader(fh)
	for {
		p, err := rd.Read()
		if errors.Is(err, io.EOF) {
			return out
		}
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		out = append(out, p.Board)
	}
}
