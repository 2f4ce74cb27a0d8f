package render

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/internal/race"
	"github.com/satdoku/satdoku/variant"
	"github.com/satdoku/satdoku/variant/varianttest"
)

// TestRulesEverySize draws every rule kind on every common variant size,
// checks the SVG with encoding/xml and that each rule left its mark.
func TestRulesEverySize(t *testing.T) {
	t.Parallel()
	race.SkipSequential(t)
	rng := rand.New(rand.NewPCG(11, 12))
	kinds := append(slices.Clone(varianttest.Kinds), varianttest.Globals...)
	for _, s := range []board.Shape{{BoxRows: 2, BoxCols: 2}, {BoxRows: 2, BoxCols: 3}, {BoxRows: 3, BoxCols: 3}, {BoxRows: 4, BoxCols: 4}} {
		for _, kind := range kinds {
			t.Run(fmt.Sprintf("%v/%s", s, kind), func(t *testing.T) {
				grid := varianttest.Grid(rng, s)
				p := variant.New(s)
				var rules []variant.Rule
				if slices.Contains(varianttest.Globals, kind) {
					rules = []variant.Rule{varianttest.Global(kind, s.Side())}
				} else {
					for try := 0; try < 20 && rules == nil; try++ {
						rules = varianttest.Clue(rng, p, grid, kind)
					}
				}
				if rules == nil {
					t.Skipf("no %s clue found on this grid", kind)
				}
				p.Rules = rules
				if err := p.Validate(); err != nil {
					t.Fatalf("the generated rule is invalid: %v", err)
				}
				sc, err := Draw(&Picture{Variant: p, Solution: grid}, Options{})
				if err != nil {
					t.Fatal(err)
				}
				var buf bytes.Buffer
				sc.WriteSVG(&buf)
				els := parseSVG(t, buf.Bytes())
				// Given pencil marks give way to the solution's digits:
				// they are looked for in a picture of the puzzle alone.
				pc, err := Draw(&Picture{Variant: p}, Options{})
				if err != nil {
					t.Fatal(err)
				}
				var pbuf bytes.Buffer
				pc.WriteSVG(&pbuf)
				puzzleEls := parseSVG(t, pbuf.Bytes())
				for _, r := range rules {
					drawn := len(withClass(els, r.Name()))
					switch r.(type) {
					case variant.PencilMarks:
						if len(withClass(puzzleEls, r.Name())) == 0 {
							t.Errorf("%s (%s): nothing drawn", r.Name(), r.Describe(s.Side()))
						}
					case variant.AntiKnight, variant.AntiKing, variant.DisjointGroups, variant.Negative:
						if drawn != 0 {
							t.Errorf("%s: %d marks for a rule stated in words only", r.Name(), drawn)
						}
					default:
						if drawn == 0 {
							t.Errorf("%s (%s): nothing drawn", r.Name(), r.Describe(s.Side()))
						}
					}
				}
				if testing.Short() && s.Side() != 9 {
					return
				}
				if _, err := sc.Rasterize(1); err != nil {
					t.Fatal(err)
				}
			})
		}
	}
}

// ruleScene draws a 9×9 puzzle with the given rules and cosmetics.
func ruleScene(t *testing.T, rules []variant.Rule, cos ...variant.Cosmetic) (*Scene, Layout) {
	t.Helper()
	p := variant.New(board.Classic)
	p.Rules, p.Cosmetics = rules, cos
	sc, err := Draw(&Picture{Variant: p}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	b := sc.Find("border")[0].(*Rect)
	return sc, Layout{N: 9, Cell: b.W / 9, Origin: b.Min}
}

// one returns the only item of a class, failing the test otherwise.
func one[T Item](t *testing.T, sc *Scene, class string) T {
	t.Helper()
	items := sc.Find(class)
	if len(items) != 1 {
		t.Fatalf("%d items of class %q, want 1", len(items), class)
	}
	it, ok := items[0].(T)
	if !ok {
		t.Fatalf("%q is a %T", class, items[0])
	}
	return it
}

func near(a, b Point) bool { return a.Sub(b).Len() < 1e-6 }

func TestKillerCage(t *testing.T) {
	cells := []int{12, 3, 4, 13, 22} // r2c4 r1c4 r1c5 r2c5 r3c5, out of order
	sc, l := ruleScene(t, []variant.Rule{variant.Killer{Cells: cells, Sum: 27}, variant.Killer{Cells: []int{80}}})
	cages := sc.Find("killercage outline")
	if len(cages) != 2 {
		t.Fatalf("%d cages", len(cages))
	}
	cage := cages[0].(*Path)
	if len(cage.Dash) != 2 || !cage.Closed || cage.Fill.A != 0 {
		t.Errorf("cage style %+v", cage.Style)
	}
	if !slices.Equal(cage.Cells, []int{12, 3, 4, 13, 22}) {
		t.Errorf("cage cells %v", cage.Cells)
	}
	// The dashed outline runs just inside exactly the cage's cells.
	checkCover(t, cage.Polys, cells, l)
	for _, poly := range cage.Polys {
		for _, q := range poly {
			c := l.CellCenter(cellAt(l, q))
			if !slices.Contains(cells, cellAt(l, q)) || math.Abs(q.X-c.X) > l.Cell*0.45 || math.Abs(q.Y-c.Y) > l.Cell*0.45 {
				t.Errorf("corner %v not just inside the cage", q)
			}
		}
	}
	sum := one[*Text](t, sc, "killercage sum")
	if sum.Text != "27" || cellAt(l, sum.At) != 3 || sum.Anchor != Start {
		t.Errorf("sum %q at %v (cell %d), want 27 in r1c4's corner", sum.Text, sum.At, cellAt(l, sum.At))
	}
	if corner := l.Corner(0, 3); sum.At.X-corner.X > l.Cell/3 || sum.At.Y-corner.Y > l.Cell/2 {
		t.Errorf("sum not in the top-left corner: %v, cell corner %v", sum.At, corner)
	}
}

// cellAt returns the cell holding point q.
func cellAt(l Layout, q Point) int {
	r := int(math.Floor((q.Y - l.Origin.Y) / l.Cell))
	c := int(math.Floor((q.X - l.Origin.X) / l.Cell))
	return r*l.N + c
}

func TestThermometer(t *testing.T) {
	cells := []int{40, 41, 32, 23}
	sc, l := ruleScene(t, []variant.Rule{variant.Thermometer{Cells: cells}})
	bulb := one[*Circle](t, sc, "thermometer bulb")
	if !near(bulb.C, l.CellCenter(40)) || math.Abs(bulb.R-0.4*l.Cell) > 1e-9 || bulb.Fill != thermoColor {
		t.Errorf("bulb %+v", bulb)
	}
	line := one[*Path](t, sc, "thermometer line")
	checkPolyline(t, line.Polys[0], l, cells)
	if line.Width != 0.3*l.Cell || line.Cap != RoundCap {
		t.Errorf("line style %+v", line.Style)
	}
	// A slow thermometer: two bulbs and two lines, blue outside, pale inside.
	sc, _ = ruleScene(t, []variant.Rule{variant.Thermometer{Cells: cells, Slow: true}})
	bulbs := sc.Find("slowthermometer bulb")
	if len(bulbs) != 2 || bulbs[0].(*Circle).Fill != slowOuterColor || bulbs[1].(*Circle).R >= bulbs[0].(*Circle).R {
		t.Errorf("slow bulbs %v", bulbs)
	}
}

// checkPolyline checks that a polyline runs through the cell centres in order.
func checkPolyline(t *testing.T, pts []Point, l Layout, cells []int) {
	t.Helper()
	if len(pts) != len(cells) {
		t.Fatalf("%d points for %d cells", len(pts), len(cells))
	}
	for i, c := range cells {
		if !near(pts[i], l.CellCenter(c)) {
			t.Errorf("point %d at %v, want the centre of cell %d", i, pts[i], c)
		}
	}
}

func TestArrow(t *testing.T) {
	sc, l := ruleScene(t, []variant.Rule{variant.Arrow{Circle: []int{0}, Line: []int{10, 20, 21}}})
	bulb := one[*Circle](t, sc, "arrow bulb")
	if !near(bulb.C, l.CellCenter(0)) || bulb.Fill != paperColor || bulb.Stroke != arrowColor {
		t.Errorf("bulb %+v", bulb)
	}
	shaft := one[*Path](t, sc, "arrow shaft").Polys[0]
	if d := shaft[0].Sub(bulb.C).Len(); math.Abs(d-bulb.R) > 1e-6 {
		t.Errorf("the shaft starts %v from the circle's centre, want its radius %v", d, bulb.R)
	}
	checkPolyline(t, shaft[1:], l, []int{10, 20, 21})
	head := one[*Path](t, sc, "arrow head").Polys[0]
	if len(head) != 3 || !near(head[1], l.CellCenter(21)) {
		t.Fatalf("head %v", head)
	}
	// Both arms point back along the last step (from r3c3 to r3c4: left).
	for _, arm := range []Point{head[0], head[2]} {
		if arm.X >= head[1].X {
			t.Errorf("arm %v does not point back from the tip %v", arm, head[1])
		}
	}
	// A pill: a grey outline through its cells and a white inside.
	sc, l = ruleScene(t, []variant.Rule{variant.Arrow{Circle: []int{0, 1}, Line: []int{2, 3}}})
	outer := one[*Path](t, sc, "arrow bulb pill")
	if inner := one[*Path](t, sc, "arrow pill-inside"); inner.Stroke != paperColor || inner.Width >= outer.Width {
		t.Errorf("pill inside %+v", inner.Style)
	}
	checkPolyline(t, outer.Polys[0], l, []int{0, 1})
}

func TestLineRules(t *testing.T) {
	cells := []int{0, 1, 2, 11}
	for _, tc := range []struct {
		rule  variant.Rule
		color string
	}{
		{variant.Renban{Cells: cells}, "#f067f0"},
		{variant.Whispers{Cells: cells, Difference: 5}, "#67f067"},
		{variant.Whispers{Cells: cells, Difference: 4}, "#ff9a00"},
		{variant.Palindrome{Cells: cells}, "#c0c0c0"},
		{variant.RegionSumLine{Cells: cells}, "#2ecbff"},
		{variant.EntropicLine{Cells: cells}, "#ffccaa"},
		{variant.ModularLine{Cells: cells}, "#33bbbb"},
		{variant.ZipperLine{Cells: cells}, "#cdb1ec"},
		{variant.Nabner{Cells: cells}, "#c9c883"},
		{variant.BetweenLine{Cells: cells}, "#9a9a9a"},
		{variant.DoubleArrow{Cells: cells}, "#c54b8b"},
	} {
		sc, l := ruleScene(t, []variant.Rule{tc.rule})
		line := one[*Path](t, sc, tc.rule.Name()+" line")
		checkPolyline(t, line.Polys[0], l, cells)
		if line.Stroke != Hex(tc.color) || line.Cap != RoundCap || line.Join != RoundJoin {
			t.Errorf("%s: style %+v, want colour %s", tc.rule.Name(), line.Style, tc.color)
		}
		ends := sc.Find(tc.rule.Name() + " end")
		switch tc.rule.(type) {
		case variant.BetweenLine, variant.DoubleArrow:
			if len(ends) != 2 || !near(ends[0].(*Circle).C, l.CellCenter(0)) || !near(ends[1].(*Circle).C, l.CellCenter(11)) {
				t.Errorf("%s: end circles %v", tc.rule.Name(), ends)
			}
		default:
			if len(ends) != 0 {
				t.Errorf("%s: end circles drawn", tc.rule.Name())
			}
		}
	}
}

func TestDots(t *testing.T) {
	sc, l := ruleScene(t, []variant.Rule{
		variant.Difference{A: 0, B: 1, Diff: 1}, variant.Difference{A: 9, B: 18, Diff: 3},
		variant.Ratio{A: 30, B: 31, Ratio: 2}, variant.Ratio{A: 40, B: 49, Ratio: 3},
		variant.XV{A: 60, B: 61, Sum: 10}, variant.XV{A: 70, B: 79, Sum: 5},
	})
	mid := func(a, b int) Point { return l.CellCenter(a).Add(l.CellCenter(b)).Mul(0.5) }
	white := sc.Find("difference dot")
	if len(white) != 2 || !near(white[0].(*Circle).C, mid(0, 1)) || white[0].(*Circle).Fill != paperColor {
		t.Errorf("white dots %v", white)
	}
	if v := sc.Find("difference value"); len(v) != 1 || v[0].(*Text).Text != "3" {
		t.Errorf("white dot values %v (only a difference other than 1 is written)", v)
	}
	black := sc.Find("ratio dot")
	if len(black) != 2 || !near(black[1].(*Circle).C, mid(40, 49)) || black[1].(*Circle).Fill != inkColor {
		t.Errorf("black dots %v", black)
	}
	if v := sc.Find("ratio value"); len(v) != 1 || v[0].(*Text).Text != "3" || v[0].(*Text).Color != paperColor {
		t.Errorf("black dot values %v", v)
	}
	letters := sc.Find("xv letter")
	if len(letters) != 2 || letters[0].(*Text).Text != "X" || letters[1].(*Text).Text != "V" || !letters[0].(*Text).Bold {
		t.Fatalf("XV letters %v", letters)
	}
	if x := letters[0].(*Text); math.Abs(x.At.X-mid(60, 61).X) > 1e-6 || cellAt(l, Point{x.At.X, x.At.Y - x.Size*0.3}) != 60 && cellAt(l, Point{x.At.X, x.At.Y - x.Size*0.3}) != 61 {
		t.Errorf("X at %v, want on the edge of r7c7 and r7c8", x.At)
	}
}

func TestOutsideClues(t *testing.T) {
	top, _ := variant.EdgeClue(9, -1, 2)
	right, _ := variant.EdgeClue(9, 4, 9)
	bottom, _ := variant.EdgeClue(9, 9, 6)
	lk := variant.Outside{Row: 9, Col: -1, DRow: -1, DCol: 1}
	sc, l := ruleScene(t, []variant.Rule{
		variant.Sandwich{Clue: top, Sum: 15},
		variant.XSum{Clue: right, Sum: 22},
		variant.Skyscraper{Clue: bottom, Count: 4},
		variant.LittleKiller{Clue: lk, Sum: 31},
	})
	// Room for the clues: a cell on every side that has one.
	if want := (2*(1+plainPad) + 9) * DefaultCellSize; math.Abs(sc.Width-want) > 1e-9 || math.Abs(sc.Height-want) > 1e-9 {
		t.Errorf("scene %vx%v, want %v square", sc.Width, sc.Height, want)
	}
	for class, want := range map[string]struct {
		text     string
		row, col int
	}{
		"sandwichsum clue": {"15", -1, 2}, "xsum clue": {"22", 4, 9}, "skyscraper clue": {"4", 9, 6}, "littlekillersum clue": {"31", 9, -1},
	} {
		txt := one[*Text](t, sc, class)
		sq := l.Corner(want.row, want.col)
		if txt.Text != want.text || txt.At.X < sq.X || txt.At.X > sq.X+l.Cell || txt.At.Y < sq.Y || txt.At.Y > sq.Y+l.Cell {
			t.Errorf("%s: %q at %v, want %q in the square at %v", class, txt.Text, txt.At, want.text, sq)
		}
		if !slices.Equal(txt.Cells, map[string][]int{"sandwichsum clue": top.Cells(9), "xsum clue": right.Cells(9), "skyscraper clue": bottom.Cells(9), "littlekillersum clue": lk.Cells(9)}[class]) {
			t.Errorf("%s: cells %v", class, txt.Cells)
		}
	}
	if len(sc.Find("sandwichsum frame")) != 0 {
		t.Error("a sandwich clue has a frame")
	}
	_ = one[*Circle](t, sc, "xsum frame")
	_ = one[*Rect](t, sc, "skyscraper frame")
	// The little killer's arrow points up and right, into the grid.
	arrow := one[*Path](t, sc, "littlekillersum arrow").Polys[0]
	if !(arrow[1].X > arrow[0].X && arrow[1].Y < arrow[0].Y) {
		t.Errorf("arrow from %v to %v", arrow[0], arrow[1])
	}
}

func TestCellMarks(t *testing.T) {
	sc, l := ruleScene(t, append([]variant.Rule{variant.Odd{Cell: 10}, variant.Even{Cell: 20}},
		append(variant.Minima(9, []int{40, 41}), variant.Maxima(9, []int{0})...)...))
	odd := one[*Circle](t, sc, "odd")
	if !near(odd.C, l.CellCenter(10)) || odd.R != 0.4*l.Cell || odd.Fill != shadeColor {
		t.Errorf("odd %+v", odd)
	}
	even := one[*Rect](t, sc, "even")
	if !near(even.Min.Add(Pt(even.W/2, even.H/2)), l.CellCenter(20)) || even.W != 0.8*l.Cell {
		t.Errorf("even %+v", even)
	}
	// r5c5 and r5c6 are minima: r5c5 compared with 3 neighbours, chevrons
	// pointing in; r1c1 a maximum with 2, pointing out.
	mins := sc.Find("minimum chevron")
	if len(mins) != 2 || len(mins[0].(*Path).Polys) != 3 {
		t.Fatalf("minimum chevrons %v", mins)
	}
	for _, poly := range mins[0].(*Path).Polys {
		base := poly[0].Add(poly[2]).Mul(0.5)
		if poly[1].Sub(l.CellCenter(40)).Len() >= base.Sub(l.CellCenter(40)).Len() {
			t.Errorf("a minimum chevron points out: %v", poly)
		}
	}
	maxs := one[*Path](t, sc, "maximum chevron")
	if len(maxs.Polys) != 2 {
		t.Fatalf("%d maximum chevrons", len(maxs.Polys))
	}
	for _, poly := range maxs.Polys {
		base := poly[0].Add(poly[2]).Mul(0.5)
		if poly[1].Sub(l.CellCenter(0)).Len() <= base.Sub(l.CellCenter(0)).Len() {
			t.Errorf("a maximum chevron points in: %v", poly)
		}
	}
	if len(sc.Find("minimum")) != 4 { // two shadings, two chevron paths
		t.Errorf("minimum items %d", len(sc.Find("minimum")))
	}
}

func TestShadedRules(t *testing.T) {
	extra := []int{0, 1, 9, 10}
	clone := variant.Clone{Cells: []int{30, 31}, Clones: []int{60, 61}}
	idx := variant.Indexer{Kind: variant.ColumnIndex, Cells: []int{0, 9, 18, 27, 36, 45, 54, 63, 72}}
	sc, l := ruleScene(t, []variant.Rule{variant.ExtraRegion{Cells: extra}, clone, idx, variant.Indexer{Kind: variant.RowIndex, Cells: []int{4}}})
	ex := one[*Path](t, sc, "extraregion")
	checkCover(t, ex.Polys, extra, l)
	cl := one[*Path](t, sc, "clone")
	checkCover(t, cl.Polys, []int{30, 31, 60, 61}, l)
	ci := one[*Path](t, sc, "columnindexer")
	checkCover(t, ci.Polys, idx.Cells, l)
	if ci.Fill != colIndexColor || one[*Path](t, sc, "rowindexer").Fill != rowIndexColor {
		t.Error("indexer colours")
	}
}

func TestQuadrupleAndDiagonals(t *testing.T) {
	sc, l := ruleScene(t, []variant.Rule{
		variant.Quadruple{Cells: []int{30, 31, 39, 40}, Digits: []int{1, 2, 2}},
		variant.Quadruple{Cells: []int{0, 1, 9, 10}, Digits: []int{7}},
		variant.PositiveDiagonal{}, variant.NegativeDiagonal{},
	})
	circles := sc.Find("quadruple circle")
	if len(circles) != 2 || !near(circles[0].(*Circle).C, l.Corner(4, 4)) || !near(circles[1].(*Circle).C, l.Corner(1, 1)) {
		t.Fatalf("quadruple circles %v", circles)
	}
	digits := sc.Find("quadruple digits")
	if len(digits) != 3 || digits[0].(*Text).Text != "1 2" || digits[1].(*Text).Text != "2" || digits[2].(*Text).Text != "7" {
		t.Errorf("quadruple digits %v", digits)
	}
	pos := one[*Path](t, sc, "diagonal+").Polys[0]
	neg := one[*Path](t, sc, "diagonal-").Polys[0]
	if !near(pos[0], l.Corner(9, 0)) || !near(pos[1], l.Corner(0, 9)) || !near(neg[0], l.Corner(0, 0)) || !near(neg[1], l.Corner(9, 9)) {
		t.Errorf("diagonals %v %v", pos, neg)
	}
}

func TestCosmetics(t *testing.T) {
	renban := variant.Renban{Cells: []int{0, 1, 2}}
	sc, l := ruleScene(t, []variant.Rule{renban, variant.XSum{Clue: variant.Outside{Row: -1, Col: 0, DRow: 1}, Sum: 6}},
		variant.Cosmetic{Kind: "line", Lines: [][]variant.Pos{{{Row: 4, Col: 4}, {Row: 5, Col: 5}}}, Style: map[string]string{"outlineC": "#ff000080", "width": "0.2"}},
		variant.Cosmetic{Kind: "circle", Cells: []variant.Pos{{Row: 8, Col: 8}}, Text: "7", Style: map[string]string{"baseC": "#00ff00", "outlineC": "#000", "width": "0.6"}},
		variant.Cosmetic{Kind: "rectangle", Cells: []variant.Pos{{Row: 2, Col: 2}, {Row: 2, Col: 3}}, Style: map[string]string{"width": "1.5", "height": "0.5", "angle": "90"}},
		variant.Cosmetic{Kind: "text", Cells: []variant.Pos{{Row: 9, Col: 4}}, Text: "A", Style: map[string]string{"size": "0.5", "fontC": "#123456"}},
		variant.Cosmetic{Kind: "cage", Cells: []variant.Pos{{Row: 6, Col: 0}, {Row: 7, Col: 0}}, Text: "9", Style: map[string]string{"outlineC": "#0000ff"}},
		variant.Cosmetic{Kind: "fogofwar", Cells: []variant.Pos{{Row: 1, Col: 1}}},
		// Copies of rules, as the f-puzzles constraint script writes them.
		variant.Cosmetic{Kind: "line", Lines: [][]variant.Pos{{{Row: 0, Col: 2}, {Row: 0, Col: 1}, {Row: 0, Col: 0}}}, Style: map[string]string{"outlineC": "#C060C0"}},
		variant.Cosmetic{Kind: "text", Cells: []variant.Pos{{Row: -1, Col: 0}}, Text: "◯", Style: map[string]string{"fromConstraint": "X Sum"}},
	)
	line := one[*Path](t, sc, "cosmetic line")
	if line.Stroke != (Hex("#ff000080")) || line.Width != 0.2*l.Cell {
		t.Errorf("line style %+v", line.Style)
	}
	checkPolyline(t, line.Polys[0], l, []int{40, 50})
	circle := one[*Circle](t, sc, "cosmetic circle")
	if !near(circle.C, l.CellCenter(80)) || circle.R != 0.3*l.Cell || circle.Fill != Hex("#00ff00") {
		t.Errorf("circle %+v", circle)
	}
	if v := one[*Text](t, sc, "cosmetic circle-value"); v.Text != "7" {
		t.Errorf("circle value %q", v.Text)
	}
	rect := one[*Path](t, sc, "cosmetic rectangle").Polys[0]
	// 1.5 wide, 0.5 high, turned a quarter: 0.5 wide and 1.5 high, centred
	// between r3c3 and r3c4.
	minX, maxX, minY, maxY := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for _, q := range rect {
		minX, maxX, minY, maxY = math.Min(minX, q.X), math.Max(maxX, q.X), math.Min(minY, q.Y), math.Max(maxY, q.Y)
	}
	if math.Abs(maxX-minX-0.5*l.Cell) > 1e-6 || math.Abs(maxY-minY-1.5*l.Cell) > 1e-6 || math.Abs((minX+maxX)/2-l.Corner(2, 3).X) > 1e-6 {
		t.Errorf("rectangle spans %v..%v × %v..%v", minX, maxX, minY, maxY)
	}
	txt := one[*Text](t, sc, "cosmetic text")
	if txt.Text != "A" || txt.Color != Hex("#123456") || cellAt(l, Point{txt.At.X, txt.At.Y - 1}) != 9*9+4 {
		t.Errorf("text %+v", txt)
	}
	cage := one[*Path](t, sc, "cosmetic cage outline")
	if cage.Stroke != Hex("#0000ff") || len(cage.Dash) == 0 {
		t.Errorf("cage %+v", cage.Style)
	}
	checkCover(t, cage.Polys, []int{54, 63}, l)
	if s := one[*Text](t, sc, "cosmetic cage sum"); s.Text != "9" {
		t.Errorf("cage sum %q", s.Text)
	}
	if n := len(sc.Find("cosmetic")); n != 8 { // line, circle and its value, rectangle, text, cage, its sum and the sum's white patch; no copies
		for _, it := range sc.Find("cosmetic") {
			t.Log(MetaOf(it).Class)
		}
		t.Errorf("%d cosmetic items", n)
	}
	if strings.Contains(svgOf(sc), "◯") {
		t.Error("the x-sum's cosmetic copy is drawn")
	}
	// The text below the grid makes room for itself.
	if want := (1 + 2*plainPad + 9 + 1) * DefaultCellSize; math.Abs(sc.Height-want) > 1e-9 {
		t.Errorf("height %v, want %v", sc.Height, want)
	}
}

func svgOf(sc *Scene) string { return string(sc.AppendSVG(nil)) }

func TestConflictRules(t *testing.T) {
	p := variant.New(board.Classic)
	p.Rules = []variant.Rule{variant.Killer{Cells: []int{0, 1}, Sum: 3}, variant.Renban{Cells: []int{40, 41, 42}}}
	sc, err := Draw(&Picture{Variant: p, ConflictRules: []int{1}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	h := one[*Path](t, sc, "highlight conflict rule renban")
	b := sc.Find("border")[0].(*Rect)
	checkCover(t, h.Polys, []int{40, 41, 42}, Layout{N: 9, Cell: b.W / 9, Origin: b.Min})
	for _, bad := range [][]int{{2}, {-1}} {
		if _, err := Draw(&Picture{Variant: p, ConflictRules: bad}, Options{}); err == nil {
			t.Errorf("conflict rule %v accepted", bad)
		}
	}
	if _, err := Draw(&Picture{Puzzle: p.Givens, ConflictRules: []int{0}}, Options{}); err == nil {
		t.Error("conflict rules without a variant accepted")
	}
	six := variant.New(board.Shape{BoxRows: 2, BoxCols: 3})
	if _, err := Draw(&Picture{Puzzle: p.Givens, Variant: six}, Options{}); err == nil {
		t.Error("a 6x6 variant over a 9x9 board accepted")
	}
}

func TestVariantRegions(t *testing.T) {
	s := board.Shape{BoxRows: 1, BoxCols: 5}
	p := variant.New(s)
	p.Regions = jigsaw5
	sc, err := Draw(&Picture{Variant: p}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	checkRegions(t, testCase{pic: &Picture{Puzzle: p.Givens}, regions: jigsaw5}, sc)
}
