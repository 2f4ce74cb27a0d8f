package logic

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/fallback"
)

// puzzleGrid returns the grid of an 81-character puzzle and its solution.
func puzzleGrid(t *testing.T, line string) (*Grid, []int) {
	t.Helper()
	b, err := board.Parse(line)
	if err != nil {
		t.Fatalf("parse %q: %v", line, err)
	}
	sol, ok := fallback.Solve(b)
	if !ok {
		t.Fatalf("no solution: %s", line)
	}
	g, err := FromBoard(b)
	if err != nil {
		t.Fatal(err)
	}
	solution := make([]int, len(sol.Cells))
	for i, d := range sol.Cells {
		solution[i] = int(d)
	}
	return g, solution
}

// pencilGrid returns the grid of a 9×9 position written as 81 fields of
// candidates (SE's 729-character form, '.' for a missing candidate, or
// fields separated by spaces); a field of one digit is a solved cell.
func pencilGrid(t *testing.T, s string) *Grid {
	t.Helper()
	var fields []string
	if len(s) == 729 && !strings.Contains(s, " ") {
		for i := 0; i < 81; i++ {
			fields = append(fields, strings.ReplaceAll(s[i*9:i*9+9], ".", ""))
		}
	} else {
		fields = strings.Fields(s)
	}
	if len(fields) != 81 {
		t.Fatalf("pencil grid has %d fields", len(fields))
	}
	g, err := NewGrid(9, ClassicHouses(board.Square(3)))
	if err != nil {
		t.Fatal(err)
	}
	for i, f := range fields {
		var d Digits
		for _, r := range f {
			d |= DigitSet(int(r - '0'))
		}
		g.Cand[i] = d
	}
	for i, f := range fields {
		if len(f) == 1 {
			g.Value[i] = int(f[0] - '0')
		}
	}
	return g
}

// checkSound fails when a step removes a solution digit or places a
// wrong one.
func checkSound(t *testing.T, s Step, solution []int) {
	t.Helper()
	n := 1
	for n*n < len(solution) {
		n++
	}
	for _, e := range s.Eliminations {
		if solution[e.Cell] == e.Digit {
			t.Fatalf("%s removes the solution's %d from %s: %s", s.Technique, e.Digit, CellName(n, e.Cell), s.Text)
		}
	}
	for _, p := range s.Placements {
		if solution[p.Cell] != p.Digit {
			t.Fatalf("%s places %d in %s, the solution has %d: %s", s.Technique, p.Digit, CellName(n, p.Cell), solution[p.Cell], s.Text)
		}
	}
}

// singleSteps finds hidden singles (SE: 1.2 in a box, 1.5 in a line) and
// naked singles (2.3), the only other techniques the chain tests need.
func singleSteps(g *Grid) []Step {
	// Boxes first: SE rates a hidden single in a box 1.2, in a line 1.5,
	// and takes the easiest.
	order := make([]int, 0, len(g.Houses))
	for _, pass := range []bool{true, false} {
		for hi, h := range g.Houses {
			if (h.Kind == Box) == pass {
				order = append(order, hi)
			}
		}
	}
	for _, hi := range order {
		h := g.Houses[hi]
		for d := 1; d <= g.N; d++ {
			at, count, placed := -1, 0, false
			for _, c := range h.Cells {
				if g.Value[c] == d {
					placed = true
				}
				if g.Value[c] == 0 && g.Cand[c].Has(d) {
					at, count = c, count+1
				}
			}
			if !placed && count == 1 {
				r := 1.5
				if h.Kind == Box {
					r = 1.2
				}
				return []Step{{Technique: "Hidden Single", Rating: r, Placements: []Candidate{{at, d}}, Houses: []int{hi},
					Text: fmt.Sprintf("Hidden Single: %d in %s only fits %s", d, h.Name(), CellName(g.N, at))}}
			}
		}
	}
	for c, v := range g.Value {
		if v == 0 && g.Cand[c].Count() == 1 {
			d := g.Cand[c].Single()
			return []Step{{Technique: "Naked Single", Rating: 2.3, Placements: []Candidate{{c, d}},
				Text: fmt.Sprintf("Naked Single: %s can only be %d", CellName(g.N, c), d)}}
		}
	}
	return nil
}

// testSolve applies singles and the chain techniques, at most maxSteps
// steps, checking each against the solution; it returns the steps and
// whether the grid was solved.
func testSolve(t *testing.T, g *Grid, solution []int, maxSteps int) ([]Step, bool) {
	t.Helper()
	techs := append([]Technique{{Name: "Singles", Rating: 1, Find: singleSteps}}, ChainTechniques()...)
	var path []Step
	for len(path) < maxSteps && !g.Solved() {
		var step *Step
		for _, tech := range techs {
			if ss := tech.Find(g); len(ss) > 0 {
				step = &ss[0]
				break
			}
		}
		if step == nil {
			return path, false
		}
		checkSound(t, *step, solution)
		g.Apply(*step)
		path = append(path, *step)
	}
	return path, g.Solved()
}

func TestLengthBonus(t *testing.T) {
	// SE adds a tenth each time length = complexity−2 passes 4, 6, 8, 12,
	// 16, 24, 32, 48, ...
	tests := []struct{ complexity, want int }{
		{4, 0}, {6, 0}, {7, 1}, {8, 1}, {9, 2}, {10, 2}, {11, 3}, {14, 3},
		{15, 4}, {18, 4}, {19, 5}, {26, 5}, {27, 6}, {34, 6}, {35, 7}, {50, 7}, {51, 8},
	}
	for _, tt := range tests {
		if got := lengthBonus(tt.complexity); got != tt.want {
			t.Errorf("lengthBonus(%d) = %d, want %d", tt.complexity, got, tt.want)
		}
	}
}

// TestSkyscraperHoDoKu checks the skyscraper of HoDoKu's technique page
// (hodoku.sourceforge.net, "Skyscraper", example sk01): "Skyscraper: 1 in
// r1c6,r3c9 (connected by r5c69) => r1c78,r3c45<>1". SE finds each
// elimination as a forcing X-chain of six potentials (a turbot fish),
// rated 6.6.
func TestSkyscraperHoDoKu(t *testing.T) {
	const puzzle = "...........19.2.6......679.9.2...6..37....95...5.....414...3..57.9.24......8....."
	const pencil = `6 9 7 1345 13458 158 1458 148 2
		45 58 1 9 7 2 458 6 3
		245 258 3 145 1458 6 7 9 18
		9 1 2 345 3458 58 6 38 7
		3 7 4 2 6 18 9 5 18
		8 6 5 7 13 9 13 2 4
		1 4 8 6 9 3 2 7 5
		7 35 9 15 2 4 138 138 6
		25 235 6 8 15 7 134 134 9`
	_, solution := puzzleGrid(t, puzzle)
	g := pencilGrid(t, pencil)
	c := newChainer(g, chainMode{})
	hints := c.loopHints()
	for _, want := range []string{"r1c7", "r1c8", "r3c4", "r3c5"} {
		found := false
		for _, h := range hints {
			s := c.step(h)
			checkSound(t, s, solution)
			if s.Technique == "Skyscraper" && len(s.Eliminations) == 1 &&
				CellName(9, s.Eliminations[0].Cell) == want && s.Eliminations[0].Digit == 1 {
				found = true
				if s.Rating != 6.6 {
					t.Errorf("%s rates %.1f, want 6.6", s.Text, s.Rating)
				}
				if len(s.Links) != 5 {
					t.Errorf("%s has %d links, want 5", s.Text, len(s.Links))
				}
			}
		}
		if !found {
			t.Errorf("no skyscraper removes 1 from %s", want)
		}
	}
	steps := ChainTechniques()[0].Find(g)
	if len(steps) != 1 || steps[0].Rating != 6.5 && steps[0].Rating != 6.6 {
		t.Fatalf("Forcing Chains & Cycles finds %v", steps)
	}
}

// seStep is one step of Sudoku Explainer's path: the position before it
// (729-character pencil marks), SE's rating and its words.
type seStep struct {
	pencil string
	rating float64
	text   string
}

func readSESteps(t *testing.T, path string) []seStep {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []seStep
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 4096), 1<<20)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		parts := strings.SplitN(text, " ", 3)
		if len(parts) != 3 || len(parts[0]) != 729 {
			t.Fatalf("%s:%d: want pencil marks, rating and words", path, line)
		}
		r, err := strconv.ParseFloat(parts[1], 64)
		if err != nil {
			t.Fatalf("%s:%d: %v", path, line, err)
		}
		out = append(out, seStep{parts[0], r, parts[2]})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestSEChainSteps replays chain steps of Sudoku Explainer's paths
// (testdata/serate/steps.txt, made by bench/serate.sh steps): in each
// position, the first of our chain techniques that finds a step must rate
// it as SE rated its step. SE's nested chains (Dynamic Forcing Chains (+),
// rated 9.0 and up) are not modelled: where SE needed them we must find
// nothing rated below SE's step.
func TestSEChainSteps(t *testing.T) {
	steps := readSESteps(t, "../testdata/serate/steps.txt")
	if len(steps) < 50 {
		t.Fatalf("only %d steps", len(steps))
	}
	techs := ChainTechniques()
	agree, stride := 0, 1
	if testing.Short() {
		stride = 6
	}
	for i, st := range steps {
		if i%stride != 0 {
			continue
		}
		g := pencilGrid(t, st.pencil)
		var got *Step
		for _, tech := range techs {
			if ss := tech.Find(g); len(ss) > 0 {
				got = &ss[0]
				break
			}
		}
		switch {
		case got != nil && got.Rating == st.rating:
			agree++
		case got == nil && st.rating >= 9.0:
			// a nested chain: not modelled
		case got != nil && st.rating >= 9.0 && got.Rating > st.rating:
			// SE found a nested chain shorter than our longest dynamic one
		default:
			desc := "nothing"
			if got != nil {
				desc = fmt.Sprintf("%.1f %s", got.Rating, got.Text)
			}
			t.Errorf("step %d: SE %.1f %s; we find %s", i+1, st.rating, st.text, desc)
		}
	}
	t.Logf("%d of %d SE chain steps rated alike", agree, (len(steps)+stride-1)/stride)
}

// TestChainsSound runs singles and chains on hard puzzles (top1465) and
// checks every step against the solution.
func TestChainsSound(t *testing.T) {
	f, err := os.Open("../testdata/top1465-sample.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	limit := 8
	if testing.Short() {
		limit = 2
	}
	for sc.Scan() && n < limit {
		line := strings.TrimSpace(sc.Text())
		if len(line) != 81 {
			continue
		}
		n++
		g, solution := puzzleGrid(t, line)
		path, solved := testSolve(t, g, solution, 400)
		if !solved {
			t.Logf("%s: stuck after %d steps", line, len(path))
		}
	}
}

// BenchmarkSEChainSteps finds the chain step of each of the first 20
// positions of SE's chain steps.
func BenchmarkSEChainSteps(b *testing.B) {
	t := &testing.T{}
	steps := readSESteps(t, "../testdata/serate/steps.txt")[:20]
	grids := make([]*Grid, len(steps))
	for i, st := range steps {
		grids[i] = pencilGrid(t, st.pencil)
	}
	techs := ChainTechniques()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, g := range grids {
			for _, tech := range techs {
				if len(tech.Find(g)) > 0 {
					break
				}
			}
		}
	}
}

// BenchmarkChainPath rates the first three top1465 sample puzzles with
// singles and chains (the chain part of a path's cost).
func BenchmarkChainPath(b *testing.B) {
	t := &testing.T{}
	lines := []string{
		"4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
		"2...4.5...1.....3............6...8.2.7.3.9......1.....4...5.6.....7...9...8......",
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		for _, line := range lines {
			g, solution := puzzleGrid(t, line)
			testSolve(t, g, solution, 400)
		}
	}
}

// TestChainsOtherSizes runs every chain technique on the start position
// of a 6×6 (2×3 boxes) and a 16×16 puzzle and checks each step against a
// solution (a chain never relies on the solution being unique).
func TestChainsOtherSizes(t *testing.T) {
	six, err := os.ReadFile("../testdata/6x6-box2x3.txt")
	if err != nil {
		t.Fatal(err)
	}
	b6 := board.New(board.Shape{BoxRows: 2, BoxCols: 3})
	for i, f := range strings.Fields(string(six))[:36] {
		b6.Cells[i] = f[0] - '0'
	}
	large, err := os.ReadFile("../testdata/large/16x16.txt")
	if err != nil {
		t.Fatal(err)
	}
	var b16 *board.Board
	for _, line := range strings.Split(string(large), "\n") {
		if len(line) == 256 {
			if b16, err = board.Parse(line); err != nil {
				t.Fatal(err)
			}
			break
		}
	}
	for _, tt := range []struct {
		name string
		b    *board.Board
	}{{"6x6", b6}, {"16x16", b16}} {
		t.Run(tt.name, func(t *testing.T) {
			sol, ok := fallback.Solve(tt.b)
			if !ok {
				t.Fatal("no solution")
			}
			solution := make([]int, len(sol.Cells))
			for i, d := range sol.Cells {
				solution[i] = int(d)
			}
			g, err := FromBoard(tt.b)
			if err != nil {
				t.Fatal(err)
			}
			found := 0
			for _, tech := range append(ChainTechniques(), PatternTechniques()...) {
				for _, s := range tech.Find(g) {
					checkSound(t, s, solution)
					found++
				}
			}
			if found == 0 {
				t.Fatal("no step found")
			}
			t.Logf("%d steps", found)
		})
	}
}
