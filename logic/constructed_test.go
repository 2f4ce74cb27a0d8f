package logic

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/board"
)

// openGrid returns a blank 9×9 grid whose cells keep only the candidates
// given as "r1c1=12 r4c2=123", and lose the digits given as "-1@r2c1"
// (1 removed from r2c1).
func openGrid(t *testing.T, spec string) *Grid {
	t.Helper()
	g, err := NewGrid(9, ClassicHouses(board.Square(3)))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range strings.Fields(spec) {
		cell := func(s string) int { return int(s[1]-'1')*9 + int(s[3]-'1') }
		if f[0] == '-' { // "-D@rXcY"
			g.Eliminate(cell(f[3:]), int(f[1]-'0'))
			continue
		}
		var ds []int
		for _, r := range f[5:] {
			ds = append(ds, int(r-'0'))
		}
		g.Cand[cell(f)] = DigitSet(ds...)
	}
	return g
}

// without returns the openGrid spec that removes d from every cell that
// keep (0-based row and column) does not keep.
func without(d int, keep func(r, c int) bool) string {
	var sb strings.Builder
	for r := 0; r < 9; r++ {
		for c := 0; c < 9; c++ {
			if !keep(r, c) {
				fmt.Fprintf(&sb, " -%d@r%dc%d", d, r+1, c+1)
			}
		}
	}
	return sb.String()
}

func candSet(cs []Candidate) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = fmt.Sprintf("%s≠%d", CellName(9, c.Cell), c.Digit)
	}
	sort.Strings(out)
	return out
}

// TestConstructed checks each technique on a position built by hand to
// the technique's definition (SE's hint texts, HoDoKu's technique pages):
// the first step found must be named as given and make exactly the
// eliminations (or placement) the definition gives.
func TestConstructed(t *testing.T) {
	row1box5 := func(r, c int) bool { return r != 0 && r != 4 } // keep 1 outside rows 1, 5
	// 1-4 fit only r1c1, r1c2, r1c3, r2c1 in box 1.
	box1quad := func(r, c int) bool { return r > 2 || c > 2 || r == 0 || (r == 1 && c == 0) }
	tests := []struct {
		name  string
		find  func(*Grid) []Step
		spec  string
		want  string // "r1c3≠1 …" sorted, or "r1c1=5" for a placement
		named string
	}{
		{"naked single", findNakedSingle, "r5c5=7", "r5c5=7", "Naked Single"},
		{"naked pair", findNaked(2), "r1c1=12 r1c2=12",
			"r1c3≠1 r1c3≠2 r2c1≠1 r2c1≠2 r2c2≠1 r2c2≠2 r2c3≠1 r2c3≠2 r3c1≠1 r3c1≠2 r3c2≠1 r3c2≠2 r3c3≠1 r3c3≠2", "Naked Pair"},
		{"naked triple", findNaked(3), "r1c1=12 r1c2=23 r1c3=13",
			"r2c1≠1 r2c1≠2 r2c1≠3 r2c2≠1 r2c2≠2 r2c2≠3 r2c3≠1 r2c3≠2 r2c3≠3 r3c1≠1 r3c1≠2 r3c1≠3 r3c2≠1 r3c2≠2 r3c2≠3 r3c3≠1 r3c3≠2 r3c3≠3", "Naked Triple"},
		{"hidden pair", findHidden(2), "-1@r1c3 -2@r1c3 -1@r2c1 -2@r2c1 -1@r2c2 -2@r2c2 -1@r2c3 -2@r2c3 -1@r3c1 -2@r3c1 -1@r3c2 -2@r3c2 -1@r3c3 -2@r3c3",
			"r1c1≠3 r1c1≠4 r1c1≠5 r1c1≠6 r1c1≠7 r1c1≠8 r1c1≠9 r1c2≠3 r1c2≠4 r1c2≠5 r1c2≠6 r1c2≠7 r1c2≠8 r1c2≠9", "Hidden Pair"},
		{"hidden quad", findHidden(4), without(1, box1quad) + without(2, box1quad) + without(3, box1quad) + without(4, box1quad),
			"r1c1≠5 r1c1≠6 r1c1≠7 r1c1≠8 r1c1≠9 r1c2≠5 r1c2≠6 r1c2≠7 r1c2≠8 r1c2≠9 r1c3≠5 r1c3≠6 r1c3≠7 r1c3≠8 r1c3≠9 r2c1≠5 r2c1≠6 r2c1≠7 r2c1≠8 r2c1≠9", "Hidden Quad"},
		{"claiming", findClaiming, without(1, func(r, c int) bool { return r != 0 || c < 2 }),
			"r2c1≠1 r2c2≠1 r2c3≠1 r3c1≠1 r3c2≠1 r3c3≠1", "Claiming"},
		{"jellyfish", findFish(4), without(1, func(r, c int) bool {
			return !(c == 0 || c == 1 || c == 3 || c == 4) || r == 0 || r == 1 || r == 3 || r == 4
		}), "r1c3≠1 r1c6≠1 r1c7≠1 r1c8≠1 r1c9≠1 r2c3≠1 r2c6≠1 r2c7≠1 r2c8≠1 r2c9≠1 r4c3≠1 r4c6≠1 r4c7≠1 r4c8≠1 r4c9≠1 r5c3≠1 r5c6≠1 r5c7≠1 r5c8≠1 r5c9≠1", "Jellyfish"},
		{"finned X-Wing", findFinnedFish(2, false), without(1, func(r, c int) bool {
			return row1box5(r, c) || (r == 0 && (c == 0 || c == 4)) || (r == 4 && (c == 0 || c == 4 || c == 5))
		}), "r4c5≠1 r6c5≠1", "Finned X-Wing"},
		{"sashimi X-Wing", findFinnedFish(2, true), without(1, func(r, c int) bool {
			return row1box5(r, c) || (r == 0 && (c == 0 || c == 4)) || (r == 4 && (c == 0 || c == 5))
		}), "r4c5≠1 r6c5≠1", "Sashimi X-Wing"},
		{"XYZ-Wing", findXYZWing, "r1c1=123 r1c5=13 r2c2=23", "r1c2≠3 r1c3≠3", "XYZ-Wing"},
		{"unique rectangle type 2", findUniqueRectangle, "r1c1=12 r1c2=12 r4c1=123 r4c2=123",
			"r4c3≠3 r4c4≠3 r4c5≠3 r4c6≠3 r4c7≠3 r4c8≠3 r4c9≠3 r5c1≠3 r5c2≠3 r5c3≠3 r6c1≠3 r6c2≠3 r6c3≠3", "Unique Rectangle Type 2"},
		{"unique rectangle type 3", findUniqueRectangle, "r1c1=12 r1c2=12 r4c1=123 r4c2=124 r4c3=34",
			"r4c4≠3 r4c4≠4 r4c5≠3 r4c5≠4 r4c6≠3 r4c6≠4 r4c7≠3 r4c7≠4 r4c8≠3 r4c8≠4 r4c9≠3 r4c9≠4", "Unique Rectangle Type 3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := openGrid(t, tt.spec)
			steps := tt.find(g)
			if len(steps) == 0 {
				t.Fatal("no step")
			}
			s := steps[0]
			for _, st := range steps {
				if st.Rating < s.Rating {
					s = st
				}
			}
			if s.Technique != tt.named {
				t.Errorf("technique %q, want %q", s.Technique, tt.named)
			}
			got := strings.Join(candSet(s.Eliminations), " ")
			if len(s.Placements) > 0 {
				got = fmt.Sprintf("%s=%d", CellName(9, s.Placements[0].Cell), s.Placements[0].Digit)
			}
			if got != tt.want {
				t.Errorf("%s\n got %s\nwant %s", s.Text, got, tt.want)
			}
		})
	}
}
