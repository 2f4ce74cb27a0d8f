package logic

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/input"
	"github.com/satdoku/satdoku/internal/testpuzzles"
)

// literature holds positions from HoDoKu's technique examples
// (hodoku.sourceforge.net/en/show_example.php, © Bernhard Hobiger, GNU
// FDL), each as HoDoKu prints its pencil marks, with the eliminations
// HoDoKu's step makes (its "drc" list: digit, row, column).
var literature = []struct {
	source    string
	technique func(*Grid) []Step
	name      string
	marks     string
	want      string
}{
	{
		source: "show_example.php?file=lc101 (Locked Candidates Type 1: 5 in b1 => r3c7<>5)", technique: findPointing, name: "Pointing",
		marks: `
 9    8     4 | 12   127  36 | 135  67   57
 37   67    2 | 5    178  36 | 139  4    789
 357  567   1 | 9    78   4  | 35   678  2
 58   145   6 | 148  9    7  | 2    3    458
 578  1457  3 | 6    148  2  | 59   78   45789
 2    47    9 | 48   3    5  | 6    1    478
 1    9     5 | 7    6    8  | 4    2    3
 4    2     7 | 3    5    1  | 8    9    6
 6    3     8 | 24   24   9  | 7    5    1`,
		want: "537",
	},
	{
		source: "show_example.php?file=h301 (Hidden Triple: 2,4,5 in r89c2,r9c3 => r9c2<>1, r9c3<>6)", technique: findHidden(3), name: "Hidden Triple",
		marks: `
 2     8     69    | 169  156  156  | 4    7  3
 5     3     4     | 8    2    7    | 1    9  6
 69    7     1     | 69   3    4    | 25   8  25
 3     12    2789  | 5    16   1268 | 27   4  289
 1789  125   25789 | 3    4    128  | 257  6  2589
 4     6     258   | 7    9    28   | 3    1  258
 178   9     78    | 2    17   3    | 6    5  4
 67    45    3     | 46   567  9    | 8    2  1
 16    1245  256   | 146  8    156  | 9    3  7`,
		want: "192 693",
	},
	{
		source: "show_example.php?file=bf202 (X-Wing: 1 c15 r25)", technique: findFish(2), name: "X-Wing",
		marks: `
 9   8  14  | 14     6   2  | 7      5       3
 14  6  5   | 14789  17  3  | 1289   1489    124
 3   2  7   | 1489   5   48 | 189    1489    6
 7   9  146 | 1268   3   68 | 5      1468    124
 14  5  146 | 12678  17  9  | 12368  134678  124
 8   3  2   | 167    4   5  | 16     167     9
 6   7  3   | 5      9   1  | 4      2       8
 2   4  9   | 36     8   7  | 136    136     5
 5   1  8   | 346    2   46 | 369    369     7`,
		want: "124 127 128 129 153 154 157 158 159",
	},
	{
		source: "show_example.php?file=bf301 (Swordfish: 2 r239 c158 => r6c8,r7c1<>2)", technique: findFish(3), name: "Swordfish",
		marks: `
 1     6    29  | 5   4   3  | 289   7    28
 29    7    8   | 6   29  1  | 4     3    5
 4     3    5   | 8   29  7  | 6     29   1
 7     2    13  | 4   5   8  | 13    6    9
 6     48   34  | 9   1   2  | 38    5    7
 589   589  19  | 3   7   6  | 128   28   4
 2589  1    6   | 27  3   59 | 2789  4    28
 3     459  249 | 27  8   59 | 279   1    6
 289   89   7   | 1   6   4  | 5     289  3`,
		want: "268 271",
	},
	{
		source: "show_example.php?file=bf302 (Swordfish: 4 r247 c235)", technique: findFish(3), name: "Swordfish",
		marks: `
 1     679      8      | 5   679    79   | 2  3   4
 5     469      469    | 3   469    2    | 1  7   8
 247   2347     2347   | 8   147    147  | 5  6   9
 8     124      124    | 6   124    5    | 7  9   3
 267   267      5      | 9   237    37   | 4  8   1
 3     1479     1479   | 14  147    8    | 6  5   2
 9     8        47     | 2   45     6    | 3  1   57
 2467  1234567  123467 | 14  13459  1349 | 8  24  567
 246   123456   12346  | 7   8      134  | 9  24  56`,
		want: "432 433 435 462 463 465 482 483 485 492 493",
	},
	{
		source: "show_example.php?file=xy01 (XY-Wing: 5/7/2 in r1c36,r2c1 => r2c6<>2)", technique: findXYWing, name: "XY-Wing",
		marks: `
 8    145  57 | 3   6   25 | 9   147  12
 27   45   9  | 47  1   25 | 8   6    3
 127  6    3  | 47  8   9  | 24  147  5
 9    2    4  | 6   7   3  | 1   5    8
 3    8    6  | 9   5   1  | 7   2    4
 5    7    1  | 8   2   4  | 3   9    6
 4    3    2  | 1   9   6  | 5   8    7
 6    9    8  | 5   3   7  | 24  14   12
 17   15   57 | 2   4   8  | 6   3    9`,
		want: "226",
	},
	{
		source: "show_example.php?file=xy02 (XY-Wing: 1/6/9 in r4c14,r5c2 => r4c23,r5c456<>9)", technique: findXYWing, name: "XY-Wing",
		marks: `
 7    1    4    | 29    6    29  | 5    3    8
 8    29   29   | 4     5    3   | 16   16   7
 3    5    6    | 7     1    8   | 4    2    9
 16   369  1379 | 19    2    4   | 67   8    5
 4    69   179  | 1589  89   59  | 3    67   2
 2    8    5    | 3     7    6   | 9    4    1
 9    7    8    | 6     3    1   | 2    5    4
 15   234  123  | 2589  489  7   | 18   19   6
 156  246  12   | 2589  489  259 | 178  179  3`,
		want: "942 943 954 955 956",
	},
	{
		source: "show_example.php?file=u101 (Uniqueness Test 1: 8/9 in r2c23,r6c23 => r2c2<>8, r2c2<>9)", technique: findUniqueRectangle, name: "Unique Rectangle Type 1",
		marks: `
 5   34   2  | 134  134   8  | 9    6  7
 1   389  89 | 7    36    69 | 4    5  2
 49  6    7  | 5    24    29 | 3    8  1
 2   1    3  | 6    5     7  | 8    4  9
 6   5    4  | 8    9     1  | 2    7  3
 7   89   89 | 23   23    4  | 6    1  5
 8   2    1  | 9    67    56 | 57   3  4
 3   47   6  | 124  1247  25 | 157  9  8
 49  479  5  | 14   8     3  | 17   2  6`,
		want: "822 922",
	},
	{
		source: "show_example.php?file=u402 (Uniqueness Test 4: 2/8 in r8c38,r9c38 => r8c8,r9c8<>2)", technique: findUniqueRectangle, name: "Unique Rectangle Type 4",
		marks: `
 8    25    9   | 34     34    7    | 15   1256  26
 145  2457  157 | 6      9     8    | 45   257   3
 346  347   67  | 5      2     1    | 8    79    49
 2    1     4   | 8      36    5    | 39   369   7
 569  8     3   | 149    7     469  | 2    156   46
 569  579   567 | 12349  1346  2469 | 145  1356  8
 135  35    15  | 7      8     29   | 6    4     29
 49   6     28  | 249    5     3    | 7    289   1
 7    49    28  | 1249   146   2469 | 39   2389  5`,
		want: "288 298",
	},
}

// parseDRC reads HoDoKu's candidate list "537 192" (digit, row, column).
func parseDRC(n int, s string) []Candidate {
	var out []Candidate
	for _, f := range strings.Fields(s) {
		out = append(out, Candidate{Cell: int(f[1]-'1')*n + int(f[2]-'1'), Digit: int(f[0] - '0')})
	}
	return out
}

func gridFromMarks(t *testing.T, marks string) *Grid {
	t.Helper()
	p, _, err := input.NewMarksReader(strings.NewReader(marks)).Read()
	if err != nil {
		t.Fatal(err)
	}
	g, err := FromPuzzle(p)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// solveValues returns the values of the first solution of g.
func solveValues(t *testing.T, g *Grid) []int {
	t.Helper()
	var rec func(g *Grid) []int
	rec = func(g *Grid) []int {
		if !g.propagate() {
			return nil
		}
		best := -1
		for c, s := range g.Cand {
			if g.Value[c] == 0 && (best < 0 || s.Count() < g.Cand[best].Count()) {
				best = c
			}
		}
		if best < 0 {
			return g.Value
		}
		for _, d := range g.Cand[best].List() {
			t := g.Clone()
			t.Place(best, d)
			if v := rec(t); v != nil {
				return v
			}
		}
		return nil
	}
	v := rec(g.Clone())
	if v == nil {
		t.Fatal("position has no solution")
	}
	return v
}

// TestLiterature runs each technique on its literature position until it
// finds nothing more: HoDoKu's eliminations must all be among those made,
// under the technique's name, and none may remove the solution's digit.
func TestLiterature(t *testing.T) {
	for _, tt := range literature {
		t.Run(tt.source, func(t *testing.T) {
			g := gridFromMarks(t, tt.marks)
			sol := solveValues(t, g)
			made := map[Candidate]bool{}
			named := false
			for i := 0; i < 50; i++ {
				steps := tt.technique(g)
				if len(steps) == 0 {
					break
				}
				s := steps[0]
				for _, st := range steps {
					if st.Rating < s.Rating {
						s = st
					}
				}
				named = named || s.Technique == tt.name
				for _, e := range s.Eliminations {
					if sol[e.Cell] == e.Digit {
						t.Fatalf("%s removes the solution's digit: %s", s.Technique, s.Text)
					}
					made[e] = true
				}
				if !g.changes(s) {
					t.Fatalf("step changes nothing: %s", s.Text)
				}
				g.Apply(s)
			}
			if !named {
				t.Errorf("no step named %q", tt.name)
			}
			var missing []string
			for _, w := range parseDRC(9, tt.want) {
				if !made[w] {
					missing = append(missing, fmt.Sprintf("%s≠%d", CellName(9, w.Cell), w.Digit))
				}
			}
			sort.Strings(missing)
			if len(missing) > 0 {
				t.Errorf("eliminations not made: %v", missing)
			}
		})
	}
}

// TestDirectClaiming builds SE's direct claiming by hand, as SE's
// DirectLockingHint describes it: 1 in row 1 lies in box 1, so r2c3 loses it
// and row 2 keeps one place for 1, r2c5.
func TestDirectClaiming(t *testing.T) {
	g, err := NewGrid(9, ClassicHouses(board.Square(3)))
	if err != nil {
		t.Fatal(err)
	}
	for c := 2; c < 18; c++ {
		if c != 11 && c != 13 {
			g.Eliminate(c, 1)
		}
	}
	steps := findDirectClaiming(g)
	if len(steps) != 1 || len(steps[0].Placements) != 1 || steps[0].Placements[0] != (Candidate{13, 1}) || steps[0].Rating != 1.9 {
		t.Fatalf("got %+v, want r2c5=1 at 1.9", steps)
	}
}

// housesAndFins returns the house techniques and the finned and sashimi
// fish, by rating.
func housesAndFins() []Technique {
	all := append(HouseTechniques(), FinnedFishTechniques()...)
	sort.SliceStable(all, func(i, j int) bool { return all[i].Rating < all[j].Rating })
	return all
}

// TestTechniquesInUse solves samples of top1465 and 17-clue puzzles (each
// step checked against the solution) and requires every house technique
// but the rarest to be used: a finder that never fires fails here.
func TestTechniquesInUse(t *testing.T) {
	if testing.Short() {
		t.Skip("a sample of 1,200 puzzles")
	}
	counts := map[string]int{}
	for _, set := range []string{"puzzles3_magictour_top1465", "puzzles2_17_clue"} {
		boards := sample(testpuzzles.Boards(t, testpuzzles.Shared(t, set)), 600)
		// House techniques alone: the chains, which this test does not
		// count, would take most of its time.
		for _, p := range solveAll(t, boards, Options{Techniques: housesAndFins(), Unique: true}) {
			for _, s := range p.Steps {
				counts[s.Technique]++
			}
		}
	}
	// Rare on these sets (a few times in 3,000 puzzles or never): tested
	// by the literature and constructed positions instead.
	rare := map[string]bool{"Jellyfish": true, "Hidden Quad": true, "Finned Jellyfish": true,
		"Direct Claiming": true, "Sashimi Jellyfish": true}
	for _, tech := range housesAndFins() {
		if !rare[tech.Name] && tech.Name != "Unique Rectangle" && counts[tech.Name] == 0 {
			t.Errorf("%s never used", tech.Name)
		}
	}
	for typ := 1; typ <= 4; typ++ {
		if name := fmt.Sprintf("Unique Rectangle Type %d", typ); counts[name] == 0 {
			t.Errorf("%s never used", name)
		}
	}
	t.Logf("steps by technique: %v", counts)
}

// TestSERatings solves puzzles whose hardest step is a technique of the
// uniqueness family, each rated as serate rates it with the house
// techniques of SE 1.2 (bench/serate-houses.sh): the step is found, named and
// rated as SE does, and every step is sound.
func TestSERatings(t *testing.T) {
	tests := []struct {
		puzzle, hardest string
		er              float64
	}{
		// qqwing expert puzzles generated for bench/serate-houses.sh; serate:
		// "4.6 Unique Loop 6 type 2", "5.7 BUG type 4".
		{"..6....8.23.....4584...627...38......82..4...7............6..2..6.2...341..7.38..", "Unique Loop Type 2", 4.6},
		{"..3.5.9.68.91...2...5...1....6....14.4..9.6.5....8.......9..25.....45.63...2.....", "BUG Type 4", 5.7},
		// 17-clue puzzles (puzzles2_17_clue).
		{"................12....34..5.....63....2........78........1....7.6....4..43.2.....", "BUG Type 2", 5.7},
		{"................12..3.45........6..7..4...8....52.........8.4...1.......26..7....", "Unique Loop Type 1", 4.6},
	}
	for _, tt := range tests {
		t.Run(tt.hardest, func(t *testing.T) {
			b, err := board.Parse(tt.puzzle)
			if err != nil {
				t.Fatal(err)
			}
			p := solveAll(t, []*board.Board{b}, Options{Unique: true, Techniques: seClassic()})[0]
			if r := Rate(p); r.ER != tt.er || r.Hardest != tt.hardest {
				t.Fatalf("ER %.1f (%s), want %.1f (%s)", r.ER, r.Hardest, tt.er, tt.hardest)
			}
		})
	}
}

// seClassic returns the default techniques without the finned and
// sashimi fish, which SE 1.2 does not have.
func seClassic() []Technique {
	var out []Technique
	for _, t := range DefaultTechniques() {
		if !strings.HasPrefix(t.Name, "Finned ") && !strings.HasPrefix(t.Name, "Sashimi ") {
			out = append(out, t)
		}
	}
	return out
}
