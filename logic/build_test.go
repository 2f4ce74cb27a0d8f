package logic

import (
	"testing"

	"github.com/satdoku/satdoku/board"
)

func TestFromBoardPeersAndCandidates(t *testing.T) {
	tests := []struct {
		name  string
		shape board.Shape
		peers int
	}{
		{"4x4", board.Square(2), 7},
		{"6x6", board.Shape{BoxRows: 2, BoxCols: 3}, 12},
		{"9x9", board.Square(3), 20},
		{"16x16", board.Square(4), 39},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := board.New(tt.shape)
			b.Cells[0] = 1
			g, err := FromBoard(b)
			if err != nil {
				t.Fatal(err)
			}
			n := b.Side()
			for c := range g.Peers {
				if len(g.Peers[c]) != tt.peers {
					t.Fatalf("cell %d has %d peers, want %d", c, len(g.Peers[c]), tt.peers)
				}
			}
			if g.Value[0] != 1 || g.Cand[0] != DigitSet(1) {
				t.Fatalf("r1c1 = %d, candidates %v", g.Value[0], g.Cand[0].List())
			}
			for _, p := range g.Peers[0] {
				if g.Cand[p].Has(1) || g.Cand[p].Count() != n-1 {
					t.Fatalf("peer %s keeps %v", CellName(n, p), g.Cand[p].List())
				}
			}
		})
	}
}
