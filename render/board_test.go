package render

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/internal/puzzlegen"
	"github.com/satdoku/satdoku/internal/race"
)

// testShapes are the box shapes drawn by the tests: every square size, and
// rectangular boxes both ways round.
var testShapes = []board.Shape{
	{BoxRows: 2, BoxCols: 2}, {BoxRows: 1, BoxCols: 4}, {BoxRows: 2, BoxCols: 3}, {BoxRows: 3, BoxCols: 2},
	{BoxRows: 2, BoxCols: 4}, {BoxRows: 3, BoxCols: 3}, {BoxRows: 2, BoxCols: 5}, {BoxRows: 3, BoxCols: 4},
	{BoxRows: 4, BoxCols: 3}, {BoxRows: 4, BoxCols: 4}, {BoxRows: 5, BoxCols: 5}, {BoxRows: 6, BoxCols: 6},
	{BoxRows: 7, BoxCols: 7}, {BoxRows: 8, BoxCols: 8},
}

// jigsaw5 is a 5×5 board with irregular regions (5 has no boxes but 1×5).
var jigsaw5 = []int{
	0, 0, 0, 1, 1,
	0, 2, 0, 1, 1,
	2, 2, 2, 3, 1,
	2, 4, 3, 3, 3,
	4, 4, 4, 4, 3,
}

// testCase is a random picture of a shape.
type testCase struct {
	name    string
	pic     *Picture
	alpha   *board.Alphabet
	regions []int // the regions drawn
}

func testCases(t testing.TB) []testCase {
	rng := rand.New(rand.NewPCG(1, 2))
	var out []testCase
	for _, s := range testShapes {
		sol := puzzlegen.Grid(rng, s)
		pz := puzzlegen.Holes(rng, sol, 0.55)
		n := s.Side()
		reg := make([]int, n*n)
		for i := range reg {
			reg[i] = s.Box(i/n, i%n)
		}
		var alpha *board.Alphabet
		if n <= len(board.Default.Symbols) && n > 9 {
			alpha = &board.Default
		}
		out = append(out, testCase{name: s.String(), pic: randomPicture(rng, pz, sol), alpha: alpha, regions: reg})
	}
	s := board.Shape{BoxRows: 1, BoxCols: 5}
	sol := board.New(s)
	for i := range sol.Cells {
		sol.Cells[i] = uint8((i/5*2+i%5)%5 + 1) // a Latin square
	}
	pz := puzzlegen.Holes(rng, sol, 0.5)
	pic := randomPicture(rng, pz, sol)
	pic.Regions = jigsaw5
	out = append(out, testCase{name: "5x5 jigsaw", pic: pic, regions: jigsaw5})
	return out
}

// randomPicture gives a puzzle and its solution random candidates in some
// blank cells and a highlight of each kind.
func randomPicture(rng *rand.Rand, pz, sol *board.Board) *Picture {
	n := pz.Side()
	cand := make([]uint64, n*n)
	for i, d := range pz.Cells {
		if d == 0 && rng.IntN(3) == 0 {
			cand[i] = rng.Uint64() & (1<<n - 1)
		}
	}
	var hl, diff []int
	for i := range pz.Cells {
		if rng.IntN(10) == 0 {
			hl = append(hl, i)
		}
		if rng.IntN(12) == 0 {
			diff = append(diff, i)
		}
	}
	return &Picture{Puzzle: pz, Solution: sol, Candidates: cand, Highlights: []Highlight{Conflict(hl), Difference(diff)}, Title: "test " + pz.Shape.String()}
}

func TestDrawEverySize(t *testing.T) {
	t.Parallel()
	race.SkipSequential(t)
	for _, tc := range testCases(t) {
		for _, show := range []Show{Both, PuzzleOnly, SolutionOnly} {
			t.Run(fmt.Sprintf("%s/%v", tc.name, show), func(t *testing.T) {
				if testing.Short() && tc.pic.Puzzle.Side() > 25 && show != Both {
					t.Skip("boards over 25x25 are checked in one picture only with -short")
				}
				sc, err := Draw(tc.pic, Options{Show: show, Alphabet: tc.alpha})
				if err != nil {
					t.Fatal(err)
				}
				var buf bytes.Buffer
				if err := sc.WriteSVG(&buf); err != nil {
					t.Fatal(err)
				}
				els := parseSVG(t, buf.Bytes())
				checkDigits(t, tc, show, els)
				checkRegions(t, tc, sc)
				checkHighlights(t, tc, sc)
			})
		}
	}
}

// checkDigits checks that every cell shows the right symbol in the right
// style, and the pencil marks where no digit is drawn.
func checkDigits(t *testing.T, tc testCase, show Show, els []*svgElem) {
	t.Helper()
	pz, sol := tc.pic.Puzzle, tc.pic.Solution
	n := pz.Side()
	symbol := func(d int) string {
		if tc.alpha != nil {
			return string(tc.alpha.Symbols[d-1])
		}
		return strconv.Itoa(d)
	}
	seen := make([]int, n*n)
	for _, e := range withClass(els, "digit") {
		i, err := strconv.Atoi(e.Attr["data-cells"])
		if err != nil || i < 0 || i >= n*n {
			t.Fatalf("digit with data-cells %q", e.Attr["data-cells"])
		}
		seen[i]++
		given := hasWords(e.Attr["class"], []string{"given"})
		solved := hasWords(e.Attr["class"], []string{"solved"})
		want := 0
		single := tc.pic.Candidates != nil && bits.OnesCount64(tc.pic.Candidates[i]) == 1
		switch {
		case pz.Cells[i] == 0 && show == PuzzleOnly && single:
			// A cell with one candidate left shows it as a digit, solved.
			want = bits.TrailingZeros64(tc.pic.Candidates[i]) + 1
			if !solved || e.Attr["font-weight"] == "bold" || e.Attr["fill"] != "#1d6ae5" || fontSize(e) < 0.4*DefaultCellSize {
				t.Errorf("single candidate at cell %d drawn as %v", i, e.Attr)
			}
		case pz.Cells[i] != 0:
			want = int(pz.Cells[i])
			if !given || e.Attr["font-weight"] != "bold" || e.Attr["fill"] != "#000000" {
				t.Errorf("given at cell %d drawn as %v", i, e.Attr)
			}
		default:
			want = int(sol.Cells[i])
			if !solved || e.Attr["font-weight"] == "bold" || e.Attr["fill"] == "#000000" {
				t.Errorf("solved digit at cell %d drawn as %v", i, e.Attr)
			}
		}
		if e.Text != symbol(want) {
			t.Errorf("cell %d shows %q, want %q", i, e.Text, symbol(want))
		}
	}
	marks := make([]uint64, n*n)
	for _, e := range withClass(els, "candidate") {
		i, _ := strconv.Atoi(e.Attr["data-cells"])
		d := 0
		for k := 1; k <= n; k++ {
			if symbol(k) == e.Text {
				d = k
			}
		}
		if d == 0 || marks[i]&(1<<(d-1)) != 0 {
			t.Fatalf("cell %d: pencil mark %q unknown or twice", i, e.Text)
		}
		marks[i] |= 1 << (d - 1)
	}
	for i := range pz.Cells {
		single := tc.pic.Candidates != nil && bits.OnesCount64(tc.pic.Candidates[i]) == 1
		hasDigit := pz.Cells[i] != 0 || show != PuzzleOnly || single
		switch {
		case hasDigit && seen[i] != 1:
			t.Errorf("cell %d: %d digits drawn, want 1", i, seen[i])
		case !hasDigit && seen[i] != 0:
			t.Errorf("cell %d: a digit drawn in a blank cell", i)
		case hasDigit && marks[i] != 0:
			t.Errorf("cell %d: pencil marks under a digit", i)
		case !hasDigit && marks[i] != tc.pic.Candidates[i]:
			t.Errorf("cell %d: pencil marks %b, want %b", i, marks[i], tc.pic.Candidates[i])
		}
	}
}

// fontSize returns the font size of a text element, 0 if it has none:
// a full-size digit is over 0.4 of a cell, a pencil mark under 0.3.
func fontSize(e *svgElem) float64 {
	f, _ := strconv.ParseFloat(e.Attr["font-size"], 64)
	return f
}

// unitEdge is a cell side: horizontal (the top of cell r, c) or vertical
// (the left of cell r, c), in grid units.
type unitEdge struct {
	r, c     int
	vertical bool
}

// checkRegions checks that the thick lines run exactly between cells of
// different regions, and that the outer border is the grid's.
func checkRegions(t *testing.T, tc testCase, sc *Scene) {
	t.Helper()
	n := tc.pic.Puzzle.Side()
	want := map[unitEdge]bool{}
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			if r > 0 && tc.regions[(r-1)*n+c] != tc.regions[r*n+c] {
				want[unitEdge{r, c, false}] = true
			}
			if c > 0 && tc.regions[r*n+c-1] != tc.regions[r*n+c] {
				want[unitEdge{r, c, true}] = true
			}
		}
	}
	border := sc.Find("border")
	if len(border) != 1 {
		t.Fatalf("%d borders", len(border))
	}
	b := border[0].(*Rect)
	cs := b.W / float64(n)
	grid := func(p Point) (int, int) {
		x, y := (p.X-b.Min.X)/cs, (p.Y-b.Min.Y)/cs
		if math.Abs(x-math.Round(x)) > 1e-9 || math.Abs(y-math.Round(y)) > 1e-9 {
			t.Fatalf("thick line point %v off the grid", p)
		}
		return int(math.Round(y)), int(math.Round(x))
	}
	got := map[unitEdge]bool{}
	for _, it := range sc.Find("regions") {
		for _, poly := range it.(*Path).Polys {
			r0, c0 := grid(poly[0])
			r1, c1 := grid(poly[1])
			switch {
			case r0 == r1:
				for c := min(c0, c1); c < max(c0, c1); c++ {
					got[unitEdge{r0, c, false}] = true
				}
			case c0 == c1:
				for r := min(r0, r1); r < max(r0, r1); r++ {
					got[unitEdge{r, c0, true}] = true
				}
			default:
				t.Fatalf("diagonal thick line %v", poly)
			}
		}
	}
	for e := range want {
		if !got[e] {
			t.Errorf("no thick line at %+v", e)
		}
	}
	for e := range got {
		if !want[e] {
			t.Errorf("thick line at %+v inside a region", e)
		}
	}
}

// checkHighlights checks that each highlight paints exactly its cells: the
// winding number of its outline is 1 at the centre of each of its cells
// and 0 elsewhere.
func checkHighlights(t *testing.T, tc testCase, sc *Scene) {
	t.Helper()
	b := sc.Find("border")[0].(*Rect)
	n := tc.pic.Puzzle.Side()
	l := Layout{N: n, Cell: b.W / float64(n), Origin: b.Min}
	for _, h := range tc.pic.Highlights {
		items := sc.Find(h.Class)
		if len(h.Cells) == 0 {
			if len(items) != 0 {
				t.Errorf("%s: drawn with no cells", h.Class)
			}
			continue
		}
		if len(items) != 1 {
			t.Fatalf("%s: %d items", h.Class, len(items))
		}
		checkCover(t, items[0].(*Path).Polys, h.Cells, l)
	}
}

// checkCover checks that polygons cover exactly the given cells.
func checkCover(t *testing.T, polys [][]Point, cells []int, l Layout) {
	t.Helper()
	in := map[int]bool{}
	for _, c := range cells {
		in[c] = true
	}
	for i := 0; i < l.N*l.N; i++ {
		w := 0
		for _, p := range polys {
			w += winding(p, l.CellCenter(i))
		}
		if (w != 0) != in[i] || (w != 0 && w != 1) {
			t.Errorf("cell %d: winding %d, in set %v", i, w, in[i])
		}
	}
}

// winding returns the winding number of the polygon around q (positive for
// clockwise on screen).
func winding(p []Point, q Point) int {
	w := 0
	for i := range p {
		a, b := p[i], p[(i+1)%len(p)]
		cross := (b.X-a.X)*(q.Y-a.Y) - (q.X-a.X)*(b.Y-a.Y)
		if a.Y <= q.Y {
			if b.Y > q.Y && cross > 0 {
				w++
			}
		} else if b.Y <= q.Y && cross < 0 {
			w--
		}
	}
	return w
}

func TestOutlineRandomSets(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 300 {
		n := 2 + rng.IntN(9)
		var cells []int
		for i := 0; i < n*n; i++ {
			if rng.IntN(2) == 0 {
				cells = append(cells, i)
			}
		}
		l := Layout{N: n, Cell: 10, Origin: Pt(3, 5)}
		polys := outline(n, cells, l, 0)
		checkCover(t, polys, cells, l)
		// Moved inwards, each corner stays inside a cell of the set.
		in := map[int]bool{}
		for _, c := range cells {
			in[c] = true
		}
		for _, p := range outline(n, cells, l, 1.5) {
			for _, q := range p {
				r, c := int((q.Y-l.Origin.Y)/l.Cell), int((q.X-l.Origin.X)/l.Cell)
				if !in[r*n+c] {
					t.Fatalf("trial %d: inset corner %v outside the set", trial, q)
				}
			}
		}
		if t.Failed() {
			t.Fatalf("trial %d: n=%d cells %v", trial, n, cells)
		}
	}
}

func TestOutlineCornerTouching(t *testing.T) {
	// Two cells touching at a corner make two loops, not one figure eight.
	l := Layout{N: 3, Cell: 1}
	polys := outline(3, []int{0, 4}, l, 0)
	if len(polys) != 2 {
		t.Fatalf("%d loops, want 2: %v", len(polys), polys)
	}
	for _, p := range polys {
		if len(p) != 4 {
			t.Errorf("loop %v: want a square", p)
		}
	}
	// A ring of 8 cells has an outer loop and a hole wound the other way.
	polys = outline(3, []int{0, 1, 2, 3, 5, 6, 7, 8}, l, 0)
	if len(polys) != 2 || area(polys[0])*area(polys[1]) >= 0 {
		t.Fatalf("ring: %v", polys)
	}
}

func TestDrawErrors(t *testing.T) {
	p := board.New(board.Classic)
	six := board.New(board.Shape{BoxRows: 2, BoxCols: 3})
	for name, pic := range map[string]*Picture{
		"nil puzzle":     {},
		"bad cells":      {Puzzle: &board.Board{Shape: board.Classic, Cells: make([]uint8, 80)}},
		"solution shape": {Puzzle: p, Solution: six},
		"regions length": {Puzzle: p, Regions: make([]int, 80)},
		"region label":   {Puzzle: six, Regions: append(make([]int, 35), 36)},
		"candidates":     {Puzzle: p, Candidates: make([]uint64, 3)},
		"highlight":      {Puzzle: p, Highlights: []Highlight{Conflict([]int{81})}},
	} {
		if _, err := Draw(pic, Options{}); !errors.Is(err, ErrPicture) {
			t.Errorf("%s: err = %v, want ErrPicture", name, err)
		}
	}
	if _, err := Draw(nil, Options{}); !errors.Is(err, ErrPicture) {
		t.Errorf("nil picture: err = %v", err)
	}
	// Cells in no region (label −1) are drawn with borders around them.
	reg := make([]int, 36)
	reg[0] = -1
	if _, err := Draw(&Picture{Puzzle: six, Regions: reg}, Options{}); err != nil {
		t.Errorf("label -1: %v", err)
	}
}

func TestPencilMarkLayout(t *testing.T) {
	// Digit d sits in row (d−1)/⌈√N⌉ and column (d−1)%⌈√N⌉ of the cell's
	// small grid: 1 top left, N bottom right for square N.
	for _, s := range []board.Shape{board.Classic, {BoxRows: 2, BoxCols: 3}, {BoxRows: 4, BoxCols: 4}} {
		n := s.Side()
		p := board.New(s)
		cand := make([]uint64, n*n)
		cand[n+1] = 1<<n - 1
		sc, err := Draw(&Picture{Puzzle: p, Candidates: cand}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		marks := sc.Find("candidate")
		if len(marks) != n || bits.OnesCount64(cand[n+1]) != n {
			t.Fatalf("%v: %d marks", s, len(marks))
		}
		cols := int(math.Ceil(math.Sqrt(float64(n))))
		corner := Point{DefaultCellSize * (plainPad + 1), DefaultCellSize * (plainPad + 1)}
		for k, it := range marks {
			m := it.(*Text)
			if m.Text != strconv.Itoa(k+1) {
				t.Fatalf("mark %d is %q", k, m.Text)
			}
			col := int((m.At.X - corner.X) / (DefaultCellSize / float64(cols)))
			if col != k%cols {
				t.Errorf("%v: digit %d in column %d, want %d", s, k+1, col, k%cols)
			}
			if k >= cols && m.At.Y <= marks[k-cols].(*Text).At.Y {
				t.Errorf("%v: digit %d not below digit %d", s, k+1, k+1-cols)
			}
			if m.At.X < corner.X || m.At.X > corner.X+DefaultCellSize || m.At.Y < corner.Y || m.At.Y > corner.Y+DefaultCellSize {
				t.Errorf("%v: mark %d at %v outside its cell", s, k+1, m.At)
			}
		}
	}
}

func TestShowNames(t *testing.T) {
	for _, s := range []Show{Both, PuzzleOnly, SolutionOnly} {
		got, err := ParseShow(s.String())
		if err != nil || got != s {
			t.Errorf("ParseShow(%q) = %v, %v", s.String(), got, err)
		}
	}
	if _, err := ParseShow("all"); err == nil {
		t.Error("ParseShow(all) accepted")
	}
	if got := Show(7).String(); got != "Show(7)" {
		t.Errorf("Show(7) = %q", got)
	}
}
