package render

import (
	"image/color"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/satdoku/satdoku/variant"
)

// This file draws the rules of a variant puzzle the way f-puzzles and
// SudokuPad draw them: the same shapes, colours and proportions (sizes are
// fractions of a cell), so that a setter recognises the puzzle at a glance.

// layer is a depth of the picture: items are painted layer by layer.
type layer int

const (
	layerShade     layer = iota // cell shading: extra regions, clones, indexers, odd/even, min/max
	layerHighlight              // highlighted cells
	layerGrid                   // cell lines, region borders, outer border
	layerLines                  // diagonals, line rules, arrows, cosmetic lines and shapes
	layerCages                  // killer cages
	layerMarks                  // kropki dots, XV, quadruples, min/max chevrons, cosmetic text
	layerOutside                // clues outside the grid
	layerDigits                 // digits and pencil marks
	layerCount
)

// The colours of the rules (f-puzzles' and the f-puzzles constraint
// script's, the de facto standard of SudokuPad too).
var (
	shadeColor      = Alpha(RGB(0, 0, 0), 0.15)
	thermoColor     = Hex("#c8c8c8")
	slowOuterColor  = Hex("#6495ed")
	slowInnerColor  = Hex("#b0e0e6")
	arrowColor      = Hex("#a0a0a0")
	palindromeColor = Hex("#c0c0c0")
	renbanColor     = Hex("#f067f0")
	whispersColor   = Hex("#67f067")
	dutchColor      = Hex("#ff9a00")
	entropicColor   = Hex("#ffccaa")
	modularColor    = Hex("#33bbbb")
	regionSumColor  = Hex("#2ecbff")
	nabnerColor     = Hex("#c9c883")
	zipperColor     = Hex("#cdb1ec")
	doubleColor     = Hex("#c54b8b")
	betweenColor    = Hex("#9a9a9a")
	betweenFill     = Hex("#eaeaea")
	extraColor      = Hex("#eeeeee") // light: a grid of many extra regions stays readable
	diagonalColor   = Alpha(Hex("#5a9bd5"), 0.7)
	rowIndexColor   = Alpha(Hex("#7cc77c"), 0.55)
	colIndexColor   = Alpha(Hex("#c77c7c"), 0.55)
	boxIndexColor   = Alpha(Hex("#7c7cc7"), 0.55)
	cloneColors     = []color.NRGBA{Hex("#ffd8a8"), Hex("#b2e0ff"), Hex("#c8f0c0"), Hex("#f0c8f0"), Hex("#fff0a0"), Hex("#d0d0ff")}
)

// lineStyle is how a line rule is drawn: colour and width (in cells).
type lineStyle struct {
	color color.NRGBA
	width float64
}

// margins returns the room the picture needs around the grid: a cell on
// each side that has clues or cosmetic elements outside the grid.
func (d *drawing) marginsFor() margins {
	m := margins{plainPad, plainPad, plainPad, plainPad}
	v := d.p.Variant
	if v == nil {
		return m
	}
	n := d.n
	need := func(r, c int) {
		if r < 0 {
			m.top = math.Max(m.top, math.Min(float64(-r), 3)+plainPad)
		}
		if r >= n {
			m.bottom = math.Max(m.bottom, math.Min(float64(r-n+1), 3)+plainPad)
		}
		if c < 0 {
			m.left = math.Max(m.left, math.Min(float64(-c), 3)+plainPad)
		}
		if c >= n {
			m.right = math.Max(m.right, math.Min(float64(c-n+1), 3)+plainPad)
		}
	}
	for _, r := range v.Rules {
		if o, ok := outsideClue(r); ok {
			need(o.Row, o.Col)
		}
	}
	for _, c := range v.Cosmetics {
		for _, p := range c.Cells {
			need(p.Row, p.Col)
		}
		for _, l := range c.Lines {
			for _, p := range l {
				need(p.Row, p.Col)
			}
		}
	}
	return m
}

// outsideClue returns the clue position of a rule drawn outside the grid.
func outsideClue(r variant.Rule) (variant.Outside, bool) {
	switch r := r.(type) {
	case variant.LittleKiller:
		return r.Clue, true
	case variant.Sandwich:
		return r.Clue, true
	case variant.XSum:
		return r.Clue, true
	case variant.Skyscraper:
		return r.Clue, true
	}
	return variant.Outside{}, false
}

// rules draws every rule and cosmetic element of the variant puzzle.
func (d *drawing) rules() {
	v := d.p.Variant
	if v == nil {
		return
	}
	clones := 0
	for _, r := range v.Rules {
		d.rule(r, &clones)
	}
	for _, c := range v.Cosmetics {
		if !d.duplicate(c) {
			d.cosmetic(c)
		}
	}
}

// onBoard returns the cells of list that are on the board.
func (d *drawing) onBoard(list []int) []int {
	out := make([]int, 0, len(list))
	for _, c := range list {
		if c >= 0 && c < d.n*d.n {
			out = append(out, c)
		}
	}
	return out
}

// centers returns the centres of the cells, in order.
func (d *drawing) centers(cells []int) []Point {
	out := make([]Point, len(cells))
	for i, c := range cells {
		out[i] = d.l.CellCenter(c)
	}
	return out
}

// cs returns k cells in scene units.
func (d *drawing) cs(k float64) float64 { return k * d.l.Cell }

// meta returns the Meta of a part of a rule: the rule's name, the part's
// words, and the rule's cells on the board.
func (d *drawing) meta(name, part string, cells []int) Meta {
	class := name
	if part != "" {
		class += " " + part
	}
	return Meta{Class: class, Cells: d.onBoard(cells)}
}

// givenMark records a cell's given pencil marks: digits() draws them in
// the layout of every candidate (marks.go) when the cell shows no digit
// and the picture has no true candidates, which are a subset of them.
func (d *drawing) givenMark(name string, r variant.PencilMarks) {
	if r.Cell < 0 || r.Cell >= len(d.givenMarks) {
		return
	}
	var set uint64
	for _, v := range r.Digits {
		if v >= 1 && v <= 64 {
			set |= 1 << (v - 1)
		}
	}
	d.givenMarks[r.Cell] = marked{set: set, class: name + " candidate"}
}

// text adds a text centred on p (vertically too, for digits and capitals).
func (d *drawing) text(ly layer, m Meta, p Point, size float64, bold bool, col color.NRGBA, s string) {
	d.add(ly, &Text{Meta: m, At: Point{p.X, p.Y + digitBase*size}, Size: size, Bold: bold, Color: col, Text: s})
}

// rule draws one rule. It returns false for a rule of a kind it does not
// know (drawn as a grey outline of its scope), so that a test finds a new
// kind it does not draw.
func (d *drawing) rule(r variant.Rule, clones *int) bool {
	n := d.n
	name := r.Name()
	switch r := r.(type) {
	case variant.PositiveDiagonal:
		d.add(layerLines, &Path{Meta: d.meta(name, "diagonal", r.Scope(d.p.Variant)), Polys: [][]Point{{d.l.Corner(n, 0), d.l.Corner(0, n)}},
			Style: Style{Stroke: diagonalColor, Width: d.cs(0.05)}})
	case variant.NegativeDiagonal:
		d.add(layerLines, &Path{Meta: d.meta(name, "diagonal", r.Scope(d.p.Variant)), Polys: [][]Point{{d.l.Corner(0, 0), d.l.Corner(n, n)}},
			Style: Style{Stroke: diagonalColor, Width: d.cs(0.05)}})
	case variant.AntiKnight, variant.AntiKing, variant.DisjointGroups, variant.Negative:
		// Global rules with no marks: f-puzzles and SudokuPad state them
		// in the rules text only.
	case variant.ExtraRegion:
		d.add(layerShade, &Path{Meta: d.meta(name, "", r.Cells), Polys: outline(n, r.Cells, d.l, d.cs(0.1)), Closed: true,
			Style: Style{Fill: extraColor}})
	case variant.Odd:
		d.add(layerShade, &Circle{Meta: d.meta(name, "", []int{r.Cell}), C: d.l.CellCenter(r.Cell), R: d.cs(0.4), Style: Style{Fill: shadeColor}})
	case variant.Even:
		c := d.l.CellCenter(r.Cell)
		d.add(layerShade, &Rect{Meta: d.meta(name, "", []int{r.Cell}), Min: c.Sub(Pt(d.cs(0.4), d.cs(0.4))), W: d.cs(0.8), H: d.cs(0.8), Style: Style{Fill: shadeColor}})
	case variant.PencilMarks:
		d.givenMark(name, r)
	case variant.Minimum:
		d.extremum(name, r.Cell, r.Than, -1)
	case variant.Maximum:
		d.extremum(name, r.Cell, r.Than, 1)
	case variant.Thermometer:
		d.thermometer(name, r)
	case variant.Arrow:
		d.arrow(name, r)
	case variant.DoubleArrow:
		d.line(name, r.Cells, lineStyle{doubleColor, 0.15})
		for _, c := range r.Ends() {
			d.add(layerLines, &Circle{Meta: d.meta(name, "end", []int{c}), C: d.l.CellCenter(c), R: d.cs(0.4),
				Style: Style{Fill: paperColor, Stroke: doubleColor, Width: d.cs(0.06)}})
		}
	case variant.Palindrome:
		d.line(name, r.Cells, lineStyle{palindromeColor, 0.25})
	case variant.Renban:
		d.line(name, r.Cells, lineStyle{renbanColor, 0.25})
	case variant.Whispers:
		st := lineStyle{whispersColor, 0.1875}
		if r.Difference == variant.DefaultWhisperDifference(n)-1 {
			st.color = dutchColor // Dutch whispers
		}
		d.line(name, r.Cells, st)
	case variant.BetweenLine:
		d.line(name, r.Cells, lineStyle{betweenColor, 0.075})
		for _, c := range []int{r.Cells[0], r.Cells[len(r.Cells)-1]} {
			d.add(layerLines, &Circle{Meta: d.meta(name, "end", []int{c}), C: d.l.CellCenter(c), R: d.cs(0.5 - 0.0375),
				Style: Style{Fill: betweenFill, Stroke: betweenColor, Width: d.cs(0.075)}})
		}
	case variant.RegionSumLine:
		d.line(name, r.Cells, lineStyle{regionSumColor, 0.15625})
	case variant.EntropicLine:
		d.line(name, r.Cells, lineStyle{entropicColor, 0.15625})
	case variant.ModularLine:
		d.line(name, r.Cells, lineStyle{modularColor, 0.15625})
	case variant.ZipperLine:
		d.line(name, r.Cells, lineStyle{zipperColor, 0.15625})
	case variant.Nabner:
		d.line(name, r.Cells, lineStyle{nabnerColor, 0.25})
	case variant.Killer:
		sum := ""
		if r.Sum != 0 {
			sum = strconv.Itoa(r.Sum)
		}
		d.cage(name, r.Cells, sum, inkColor, inkColor)
	case variant.DigitalRootCage:
		d.cage(name, r.Cells, "DR"+strconv.Itoa(r.Root), inkColor, inkColor)
	case variant.LittleKiller:
		d.littleKiller(name, r)
	case variant.Difference:
		label := ""
		if r.Diff != 1 {
			label = strconv.Itoa(r.Diff)
		}
		d.dot(name, r.A, r.B, paperColor, inkColor, label)
	case variant.Ratio:
		label := ""
		if r.Ratio != 2 {
			label = strconv.Itoa(r.Ratio)
		}
		d.dot(name, r.A, r.B, inkColor, paperColor, label)
	case variant.XV:
		d.xv(name, r)
	case variant.Quadruple:
		d.quadruple(name, r)
	case variant.Clone:
		col := cloneColors[*clones%len(cloneColors)]
		*clones++
		cells := append(slices.Clone(r.Cells), r.Clones...)
		d.add(layerShade, &Path{Meta: d.meta(name, "", cells), Polys: outline(n, cells, d.l, 0), Closed: true, Style: Style{Fill: col}})
	case variant.Sandwich:
		d.edgeClue(name, r.Clue, strconv.Itoa(r.Sum), "")
	case variant.XSum:
		d.edgeClue(name, r.Clue, strconv.Itoa(r.Sum), "circle")
	case variant.Skyscraper:
		d.edgeClue(name, r.Clue, strconv.Itoa(r.Count), "tower")
	case variant.Indexer:
		col := map[variant.IndexKind]color.NRGBA{variant.RowIndex: rowIndexColor, variant.ColumnIndex: colIndexColor, variant.BoxIndex: boxIndexColor}[r.Kind]
		d.add(layerShade, &Path{Meta: d.meta(name, "", r.Cells), Polys: outline(n, r.Cells, d.l, 0), Closed: true, Style: Style{Fill: col}})
	default:
		// A rule type added to package variant after this file: draw its
		// scope as a grey outline, so that it is at least seen.
		cells := d.onBoard(r.Scope(d.p.Variant))
		if len(cells) > 0 && len(cells) < n*n {
			d.add(layerCages, &Path{Meta: d.meta(name, "unknown", cells), Polys: outline(n, cells, d.l, d.cs(0.12)), Closed: true,
				Style: Style{Stroke: arrowColor, Width: d.cs(0.04)}})
		}
		return false
	}
	return true
}

// line draws a line rule through the centres of its cells.
func (d *drawing) line(name string, cells []int, st lineStyle) {
	pts := d.centers(cells)
	if len(pts) == 1 {
		pts = append(pts, pts[0]) // a one-cell line is a dot
	}
	d.add(layerLines, &Path{Meta: d.meta(name, "line", cells), Polys: [][]Point{pts},
		Style: Style{Stroke: st.color, Width: d.cs(st.width), Cap: RoundCap, Join: RoundJoin}})
}

// thermometer draws a bulb on the first cell and a thick line from it.
func (d *drawing) thermometer(name string, t variant.Thermometer) {
	pts := d.centers(t.Cells)
	if len(pts) == 1 {
		pts = append(pts, pts[0])
	}
	type part struct {
		col          color.NRGBA
		width, bulbR float64
	}
	parts := []part{{thermoColor, 0.3, 0.4}}
	if t.Slow {
		parts = []part{{slowOuterColor, 0.3, 0.4}, {slowInnerColor, 0.12, 0.28}}
	}
	for _, p := range parts {
		d.add(layerLines,
			&Circle{Meta: d.meta(name, "bulb", t.Cells[:1]), C: pts[0], R: d.cs(p.bulbR), Style: Style{Fill: p.col}},
			&Path{Meta: d.meta(name, "line", t.Cells), Polys: [][]Point{pts}, Style: Style{Stroke: p.col, Width: d.cs(p.width), Cap: RoundCap, Join: RoundJoin}})
	}
}

// arrow draws the circle (a pill over several cells), the shaft from the
// circle's edge, and an open arrowhead at its end.
func (d *drawing) arrow(name string, a variant.Arrow) {
	const bulbR, stroke = 0.4, 0.06
	circle := d.centers(a.Circle)
	if len(circle) == 1 {
		d.add(layerLines, &Circle{Meta: d.meta(name, "bulb", a.Circle), C: circle[0], R: d.cs(bulbR),
			Style: Style{Fill: paperColor, Stroke: arrowColor, Width: d.cs(stroke)}})
	} else {
		// A pill: a thick grey path through the circle's cells with a
		// slightly thinner white one over it leaves the outline.
		poly := pillPath(circle)
		d.add(layerLines,
			&Path{Meta: d.meta(name, "bulb pill", a.Circle), Polys: [][]Point{poly}, Style: Style{Stroke: arrowColor, Width: d.cs(2*bulbR + stroke), Cap: RoundCap, Join: RoundJoin}},
			&Path{Meta: d.meta(name, "pill-inside", a.Circle), Polys: [][]Point{poly}, Style: Style{Stroke: paperColor, Width: d.cs(2*bulbR - stroke), Cap: RoundCap, Join: RoundJoin}})
	}
	if len(a.Line) == 0 {
		return
	}
	shaft := d.centers(a.Line)
	// The shaft starts on the edge of the circle cell nearest its first cell.
	from := circle[0]
	for _, c := range circle {
		if c.Sub(shaft[0]).Len() < from.Sub(shaft[0]).Len() {
			from = c
		}
	}
	dir := unit(shaft[0].Sub(from))
	start := from.Add(dir.Mul(d.cs(bulbR)))
	pts := append([]Point{start}, shaft...)
	st := Style{Stroke: arrowColor, Width: d.cs(stroke), Cap: RoundCap, Join: RoundJoin}
	d.add(layerLines, &Path{Meta: d.meta(name, "shaft", a.Line), Polys: [][]Point{pts}, Style: st})
	tip, prev := pts[len(pts)-1], pts[len(pts)-2]
	back := unit(prev.Sub(tip)).Mul(d.cs(0.3))
	left := rotate(back, math.Pi/4)
	right := rotate(back, -math.Pi/4)
	d.add(layerLines, &Path{Meta: d.meta(name, "head", a.Line[len(a.Line)-1:]), Polys: [][]Point{{tip.Add(left), tip, tip.Add(right)}}, Style: st})
}

// pillPath returns the path a pill's stroke follows: the cell centres in
// an order that visits neighbours one after another (the cells of an
// f-puzzles circle come in reading order, which for an L shape is not a
// walk).
func pillPath(pts []Point) []Point {
	left := slices.Clone(pts)
	path := []Point{left[0]}
	left = left[1:]
	for len(left) > 0 {
		last := path[len(path)-1]
		best := 0
		for i, p := range left {
			if p.Sub(last).Len() < left[best].Sub(last).Len() {
				best = i
			}
		}
		path = append(path, left[best])
		left = slices.Delete(left, best, best+1)
	}
	return path
}

// rotate turns p by angle a (radians, clockwise on screen).
func rotate(p Point, a float64) Point {
	s, c := math.Sincos(a)
	return Point{p.X*c - p.Y*s, p.X*s + p.Y*c}
}

// extremum shades a minimum or maximum cell and puts a chevron on each side
// facing a cell it is compared with: pointing in for a minimum (sign −1),
// out for a maximum (+1).
func (d *drawing) extremum(name string, cell int, than []int, sign float64) {
	n := d.n
	c := d.l.CellCenter(cell)
	d.add(layerShade, &Rect{Meta: d.meta(name, "", []int{cell}), Min: d.l.Corner(cell/n, cell%n), W: d.cs(1), H: d.cs(1), Style: Style{Fill: Alpha(inkColor, 0.12)}})
	var chevrons [][]Point
	for _, o := range than {
		dir := unit(d.l.CellCenter(o).Sub(c)) // towards the neighbour
		side := Point{-dir.Y, dir.X}
		base := c.Add(dir.Mul(d.cs(0.4)))
		tip := base.Add(dir.Mul(sign * d.cs(0.05)))
		chevrons = append(chevrons, []Point{base.Add(side.Mul(d.cs(0.1))), tip, base.Sub(side.Mul(d.cs(0.1)))})
	}
	if len(chevrons) > 0 {
		d.add(layerMarks, &Path{Meta: d.meta(name, "chevron", append([]int{cell}, than...)), Polys: chevrons,
			Style: Style{Stroke: inkColor, Width: d.cs(0.03), Join: MiterJoin}})
	}
}

// cage draws a dashed outline just inside the cells' boundary, with the
// sum (if any) in the top-left corner of the first cell in reading order.
func (d *drawing) cage(name string, cells []int, sum string, col, ink color.NRGBA) {
	cells = d.onBoard(cells)
	if len(cells) == 0 {
		return
	}
	dash := d.cs(0.44 / 3.5)
	d.add(layerCages, &Path{Meta: d.meta(name, "outline", cells), Polys: outline(d.n, cells, d.l, d.cs(0.06)), Closed: true,
		Style: Style{Stroke: col, Width: d.cs(0.03), Dash: []float64{dash, dash}}})
	if sum == "" {
		return
	}
	first := slices.Min(cells)
	corner := d.l.Corner(first/d.n, first%d.n)
	// The sum sits on a white patch over the dashed line, as f-puzzles
	// draws it, at 0.3 of a cell: readable on a phone.
	size := fitSize(sum, d.cs(cageSumSize), d.cs(0.8), false)
	pad := d.cs(0.03)
	w := TextWidth(sum, size, false)
	x0, y0 := corner.X+d.cs(0.03), corner.Y+d.cs(0.03)
	baseline := y0 + pad + capHeight*size
	d.reserved[first] = box{x0, y0, x0 + w + 2*pad, baseline + pad}
	d.add(layerCages,
		&Rect{Meta: d.meta(name, "sum-back", []int{first}), Min: Point{x0, y0}, W: w + 2*pad, H: baseline + pad - y0, Style: Style{Fill: paperColor}},
		&Text{Meta: d.meta(name, "sum", []int{first}), At: Point{x0 + pad, baseline}, Size: size, Anchor: Start, Color: ink, Text: sum})
}

// cageSumSize is the font size of a cage's sum, in cells.
const cageSumSize = 0.3

// dot draws a kropki dot between two neighbours, with its value if any.
func (d *drawing) dot(name string, a, b int, fill, ink color.NRGBA, label string) {
	c := d.l.CellCenter(a).Add(d.l.CellCenter(b)).Mul(0.5)
	m := d.meta(name, "dot", []int{a, b})
	d.add(layerMarks, &Circle{Meta: m, C: c, R: d.cs(0.1555), Style: Style{Fill: fill, Stroke: inkColor, Width: d.cs(0.025)}})
	if label != "" {
		d.text(layerMarks, d.meta(name, "value", []int{a, b}), c, fitSize(label, d.cs(0.24), d.cs(0.28), false), false, ink, label)
	}
}

// xv draws X (sum 10) or V (sum 5), or the sum, between two neighbours.
func (d *drawing) xv(name string, r variant.XV) {
	c := d.l.CellCenter(r.A).Add(d.l.CellCenter(r.B)).Mul(0.5)
	label := map[int]string{10: "X", 5: "V"}[r.Sum]
	if label == "" {
		label = strconv.Itoa(r.Sum)
	}
	// f-puzzles writes the letter about half a cell high on a white
	// ground that hides the grid line under it.
	size := fitSize(label, d.cs(0.5), d.cs(0.5), true)
	d.add(layerMarks, &Circle{Meta: d.meta(name, "back", []int{r.A, r.B}), C: c, R: d.cs(0.25), Style: Style{Fill: paperColor}})
	d.text(layerMarks, d.meta(name, "letter", []int{r.A, r.B}), c, size, true, inkColor, label)
}

// quadruple draws a white circle on the grid point between its cells with
// the digits in it, on two lines beyond two digits.
func (d *drawing) quadruple(name string, q variant.Quadruple) {
	cells := d.onBoard(q.Cells)
	if len(cells) == 0 {
		return
	}
	// The circle sits on the grid point below and right of the top-left
	// cell of the square.
	r0, c0 := slices.Min(rowsOf(cells, d.n)), slices.Min(colsOf(cells, d.n))
	c := d.l.Corner(r0+1, c0+1)
	m := d.meta(name, "circle", cells)
	d.add(layerMarks, &Circle{Meta: m, C: c, R: d.cs(0.27), Style: Style{Fill: paperColor, Stroke: inkColor, Width: d.cs(0.025)}})
	ds := make([]string, len(q.Digits))
	for i, v := range q.Digits {
		ds[i] = d.symbol(v)
	}
	size := d.cs(0.225)
	switch {
	case len(ds) <= 2:
		s := strings.Join(ds, " ")
		d.text(layerMarks, d.meta(name, "digits", cells), c, fitSize(s, size, d.cs(0.46), false), false, inkColor, s)
	default:
		top, bottom := strings.Join(ds[:2], " "), strings.Join(ds[2:], " ")
		size = math.Min(fitSize(top, size, d.cs(0.42), false), fitSize(bottom, size, d.cs(0.42), false))
		d.text(layerMarks, d.meta(name, "digits", cells), c.Sub(Pt(0, d.cs(0.11))), size, false, inkColor, top)
		d.text(layerMarks, d.meta(name, "digits", cells), c.Add(Pt(0, d.cs(0.11))), size, false, inkColor, bottom)
	}
}

func rowsOf(cells []int, n int) []int {
	out := make([]int, len(cells))
	for i, c := range cells {
		out[i] = c / n
	}
	return out
}

func colsOf(cells []int, n int) []int {
	out := make([]int, len(cells))
	for i, c := range cells {
		out[i] = c % n
	}
	return out
}

// edgeClue draws a number outside the grid beside a row or column: bare
// for a sandwich, in a circle for an x-sum, in a tower for a skyscraper.
func (d *drawing) edgeClue(name string, o variant.Outside, label, frame string) {
	c := d.l.Center(o.Row, o.Col)
	cells := o.Cells(d.n)
	size := d.cs(0.55)
	width := d.cs(0.8)
	switch frame {
	case "circle":
		d.add(layerOutside, &Circle{Meta: d.meta(name, "frame", cells), C: c, R: d.cs(0.36), Style: Style{Stroke: inkColor, Width: d.cs(0.03)}})
		size, width = d.cs(0.42), d.cs(0.56)
	case "tower":
		d.add(layerOutside, &Rect{Meta: d.meta(name, "frame", cells), Min: c.Sub(Pt(d.cs(0.27), d.cs(0.38))), W: d.cs(0.54), H: d.cs(0.76), Round: d.cs(0.04),
			Style: Style{Stroke: inkColor, Width: d.cs(0.03)}})
		size, width = d.cs(0.42), d.cs(0.46)
	}
	d.text(layerOutside, d.meta(name, "clue", cells), c, fitSize(label, size, width, false), false, inkColor, label)
}

// littleKiller draws the sum outside the grid and a small arrow in the
// corner of its square pointing along the diagonal.
func (d *drawing) littleKiller(name string, lk variant.LittleKiller) {
	o := lk.Clue
	c := d.l.Center(o.Row, o.Col)
	cells := o.Cells(d.n)
	dir := unit(Point{float64(o.DCol), float64(o.DRow)})
	label := strconv.Itoa(lk.Sum)
	d.text(layerOutside, d.meta(name, "clue", cells), c.Sub(dir.Mul(d.cs(0.08))), fitSize(label, d.cs(0.45), d.cs(0.62), false), false, inkColor, label)
	tail, tip := c.Add(dir.Mul(d.cs(0.36))), c.Add(dir.Mul(d.cs(0.62)))
	back := dir.Mul(-d.cs(0.15))
	st := Style{Stroke: inkColor, Width: d.cs(0.04), Cap: RoundCap, Join: RoundJoin}
	d.add(layerOutside, &Path{Meta: d.meta(name, "arrow", cells), Polys: [][]Point{{tail, tip}, {tip.Add(rotate(back, math.Pi/4)), tip, tip.Add(rotate(back, -math.Pi/4))}}, Style: st})
}
