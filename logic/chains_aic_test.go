package logic

import (
	"fmt"
	"sort"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/fallback"
)

// positionSolution solves the placed digits of a position.
func positionSolution(t *testing.T, g *Grid) []int {
	t.Helper()
	b := board.New(board.Square(3))
	for c, v := range g.Value {
		b.Cells[c] = uint8(v)
	}
	sol, ok := fallback.Solve(b)
	if !ok {
		t.Fatal("position has no solution")
	}
	out := make([]int, len(sol.Cells))
	for i, d := range sol.Cells {
		out[i] = int(d)
	}
	return out
}

func elimNames(es []Candidate) string {
	var parts []string
	for _, e := range es {
		parts = append(parts, fmt.Sprintf("%s≠%d", CellName(9, e.Cell), e.Digit))
	}
	sort.Strings(parts)
	return fmt.Sprint(parts)
}

// TestPatternsHoDoKu checks grouped-chain patterns on positions of
// HoDoKu's technique pages (hodoku.sourceforge.net/en/show_example.php),
// each with the eliminations HoDoKu gives.
func TestPatternsHoDoKu(t *testing.T) {
	tests := []struct {
		name, source, puzzle, pencil, technique string
		want                                    []Candidate
		rating                                  float64
		// each: every wanted elimination comes from its own step (HoDoKu
		// lists two patterns as one "dual" step)
		each bool
		find func(*Grid) []Step // findAICs when nil
	}{
		{
			// "Skyscraper: 1 in r1c6,r3c9 (connected by r5c69) => r1c78,r3c45<>1"
			name: "skyscraper", source: "file=sk01&tech=Skyscraper",
			puzzle: "...........19.2.6......679.9.2...6..37....95...5.....414...3..57.9.24......8.....",
			pencil: `6 9 7 1345 13458 158 1458 148 2  45 58 1 9 7 2 458 6 3  245 258 3 145 1458 6 7 9 18
				9 1 2 345 3458 58 6 38 7  3 7 4 2 6 18 9 5 18  8 6 5 7 13 9 13 2 4
				1 4 8 6 9 3 2 7 5  7 35 9 15 2 4 138 138 6  25 235 6 8 15 7 134 134 9`,
			technique: "Skyscraper", rating: 6.6,
			want: []Candidate{{6, 1}, {7, 1}, {21, 1}, {22, 1}},
		},
		{
			// "W-Wing: 4/1 in r1c9,r8c7 connected by 1 in r18c3 => r123c7,r89c9<>4"
			name: "W-wing", source: "file=w02&tech=W-Wing",
			puzzle: "6......7.....2.....58..1.....4.....2...1..9.6597.4...892.4..6.....5.......68.3...",
			pencil: `6 134 123 9 5 48 12348 7 14  347 1347 9 67 2 48 13458 136 145  247 5 8 67 3 1 24 269 49
				1 6 4 3 8 9 7 5 2  238 38 23 1 7 5 9 4 6  5 9 7 2 4 6 13 13 8
				9 2 5 4 1 7 6 8 3  3478 13478 13 5 6 2 14 19 1479  47 147 6 8 9 3 1245 12 1457`,
			technique: "W-Wing", rating: 7.1, // SE: a forcing chain of 8 potentials
			want: []Candidate{{6, 4}, {15, 4}, {24, 4}, {71, 4}, {80, 4}},
		},
		{
			// Turbot fish on 8: r2c6=r7c6 (column 6) - r7c9=r9c8 (box 9) => r2c8<>8
			name: "turbot fish", source: "file=tf04&tech=Turbot+Fish",
			puzzle: "9....5.....149.2.6.64..35..3..7.18......6..3......9..4.2....46.48...............2",
			pencil: `9 7 28 6 128 5 13 4 138  5 3 1 4 9 78 2 78 6  28 6 4 128 1278 3 5 1789 1789
				3 59 6 7 4 1 8 2 59  178 4 5789 58 6 2 179 3 1579  1278 15 2578 358 358 9 6 157 4
				17 2 3579 13589 13578 78 4 6 135789  4 8 3579 12359 12357 6 1379 1579 13579
				6 159 3579 13589 13578 4 1379 15789 2`,
			technique: "Turbot Fish", rating: 6.6,
			want: []Candidate{{16, 8}},
		},
		{
			// "Dual 2-String Kite: 4 in r2c1,r7c8/in r1c2,r9c9 (connected by
			// r7c2,r9c1) => r1c9,r2c8<>4": two kites, one elimination each.
			name: "dual 2-string kite", source: "file=d2sk02&tech=Dual+2-String+Kite",
			puzzle: "...1.7......9.5.....3.8.5...9.....7...52.64..1.......87.......9..6.4.3...2.....1.",
			pencil: `5 46 9 1 236 7 8 246 346  246 8 7 9 236 5 1 246 346  26 1 3 46 8 24 5 9 7
				36 9 4 358 1 38 2 7 56  8 7 5 2 9 6 4 3 1  1 36 2 345 7 34 9 56 8
				7 34 1 38 25 238 6 45 9  9 5 6 7 4 1 3 8 2  34 2 8 36 56 9 7 1 45`,
			technique: "2-String Kite", rating: 6.6, each: true,
			want: []Candidate{{8, 4}, {16, 4}},
		},
		{
			// A=r4c3,r5c3,r6c23 {34568}, B=r7c2 {378}, X=3 (r6c2, r7c2 in
			// column 2), Z=8 (r4c3, r7c2) => r789c3<>8 (the page's load line
			// ends ":873 883 893:").
			name: "ALS-XZ", source: "file=axz02&tech=ALS-XZ",
			puzzle: "..34.7.6.4....59...276....1........591.....8.2..78....6..25.4...4..........1....3",
			pencil: `158 9 3 4 12 7 258 6 28  4 68 168 38 12 5 9 237 278  58 2 7 6 39 389 358 4 1
				378 3678 468 39 3469 123469 1236 1239 5  9 1 46 5 346 2346 2367 8 2467
				2 356 456 7 8 13469 136 139 469  6 378 189 2 5 389 4 179 789
				1378 4 12589 389 3679 3689 12678 12579 26789  78 578 2589 1 4679 4689 2678 2579 3`,
			technique: "ALS-XZ", rating: 7.1, find: findALSXZ,
			want: []Candidate{{56, 8}, {65, 8}, {74, 8}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, solution := puzzleGrid(t, tt.puzzle)
			g := pencilGrid(t, tt.pencil)
			wants := [][]Candidate{tt.want}
			if tt.each {
				wants = nil
				for _, w := range tt.want {
					wants = append(wants, []Candidate{w})
				}
			}
			find := tt.find
			if find == nil {
				find = findAICs
			}
			steps := find(g)
			for _, s := range steps {
				checkSound(t, s, solution)
			}
			for _, want := range wants {
				found := false
				for _, s := range steps {
					if s.Technique == tt.technique && elimNames(s.Eliminations) == elimNames(want) {
						found = true
						if s.Rating != tt.rating {
							t.Errorf("%s rates %.1f, want %.1f", s.Text, s.Rating, tt.rating)
						}
						t.Log(s.Text)
					}
				}
				if !found {
					t.Errorf("no %s removes %s (HoDoKu %s)", tt.technique, elimNames(want), tt.source)
				}
			}
		})
	}
}

// TestPatternsSound runs the grouped chains and ALS-XZ on the positions of
// SE's chain steps and checks every step they find against the solution.
func TestPatternsSound(t *testing.T) {
	steps := readSESteps(t, "../testdata/serate/steps.txt")
	if testing.Short() {
		steps = steps[:20]
	}
	names := map[string]int{}
	for _, st := range steps {
		g := pencilGrid(t, st.pencil)
		solution := positionSolution(t, g)
		for _, tech := range PatternTechniques() {
			for _, s := range tech.Find(g) {
				checkSound(t, s, solution)
				names[s.Technique]++
			}
		}
	}
	t.Logf("steps found: %v", names)
	chains := 0
	for name, k := range names {
		if name != "ALS-XZ" {
			chains += k
		}
	}
	if names["ALS-XZ"] == 0 || chains == 0 {
		t.Fatalf("the positions should hold grouped chains and ALS-XZ steps: %v", names)
	}
}
