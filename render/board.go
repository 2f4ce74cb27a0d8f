package render

import (
	"errors"
	"fmt"
	"image/color"
	"math"
	"math/bits"
	"slices"
	"strconv"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/variant"
)

// Show selects which digits Draw writes in the cells.
type Show int

// The choices. Both is the zero value.
const (
	// Both draws the givens, and the solution's other digits in the solved
	// style (blue, regular weight) so that the two are told apart.
	Both Show = iota
	// PuzzleOnly draws the givens only.
	PuzzleOnly
	// SolutionOnly draws the solution: like Both, the givens in their
	// style and the other digits in the solved style, so that a reader
	// always tells a given from a digit found.
	SolutionOnly
)

var showNames = [...]string{"both", "puzzle", "solution"}

// String returns "both", "puzzle" or "solution".
func (s Show) String() string {
	if s >= 0 && int(s) < len(showNames) {
		return showNames[s]
	}
	return "Show(" + strconv.Itoa(int(s)) + ")"
}

// ParseShow returns the Show named s ("both", "puzzle" or "solution").
func ParseShow(s string) (Show, error) {
	for i, name := range showNames {
		if s == name {
			return Show(i), nil
		}
	}
	return 0, fmt.Errorf("unknown picture content %q (want both, puzzle or solution)", s)
}

// Picture is what Draw draws.
type Picture struct {
	// Puzzle holds the givens; it is required, and its shape is the
	// picture's.
	Puzzle *board.Board
	// Solution, if not nil, is a solution of Puzzle (same shape).
	Solution *board.Board
	// Second, if not nil, is a second solution: the grid is drawn twice,
	// side by side under headings, with Solution on the left and Second
	// on the right (a highlight of the cells where they differ shows in
	// both).
	Second *board.Board
	// Regions, if not nil, gives the region of each cell (N² labels from
	// −1 to N²−1; −1 is a cell in no region): thick borders separate cells
	// with different labels. Nil draws the boxes of the shape.
	Regions []int
	// Candidates, if not nil, holds for each of the N² cells the digits
	// that may still go there (bit d−1 for digit d): drawn as pencil marks
	// in the cells that show no digit.
	Candidates []uint64
	// Highlights colour the background of cells, in order (a later one
	// over an earlier one).
	Highlights []Highlight
	// Title is the picture's title (the SVG's <title>), "" for none.
	Title string
	// Variant, if not nil, is a variant puzzle whose rules and cosmetic
	// elements are drawn over the board; its givens and regions stand in
	// for Puzzle and Regions when those are nil.
	Variant *variant.Puzzle
	// ConflictRules are indexes into Variant.Rules of rules to highlight
	// with the conflict colour (the rules of an explanation).
	ConflictRules []int
	// Step, if not nil, is a logical step drawn over the candidates (see
	// Step); a cell with one candidate then shows it as a mark.
	Step *Step
}

// Highlight colours a set of cells.
type Highlight struct {
	Cells []int       // cells r·N + c
	Color color.NRGBA // usually translucent
	Class string      // the class of the drawn items, e.g. "conflict"
	// Label, if not empty, says what the colour means in the legend
	// drawn under the grid.
	Label string
}

// Highlight colours: Conflict for the givens that admit no completion (or
// clash), Difference for the cells where two solutions differ.
var (
	ConflictColor   = Alpha(Hex("#ff3b30"), 0.35)
	DifferenceColor = Alpha(Hex("#ffcc00"), 0.5)
)

// The legend's words for the highlights of Conflict and Difference.
const (
	ConflictLabel   = "givens or rules that cannot all hold"
	DifferenceLabel = "cells where two solutions differ"
)

// Conflict returns the highlight of the cells of an explanation.
func Conflict(cells []int) Highlight {
	return Highlight{Cells: cells, Color: ConflictColor, Class: "highlight conflict", Label: ConflictLabel}
}

// Difference returns the highlight of the cells where two solutions differ.
func Difference(cells []int) Highlight {
	return Highlight{Cells: cells, Color: DifferenceColor, Class: "highlight difference", Label: DifferenceLabel}
}

// DefaultCellSize is the side of a cell in scene units when Options.CellSize
// is 0: a 9×9 board is then about 370 units wide.
const DefaultCellSize = 40

// Options control the drawing.
type Options struct {
	// Show selects the digits drawn: both (the default), the puzzle only or
	// the solution only.
	Show Show
	// CellSize is the side of a cell in scene units; 0 means
	// DefaultCellSize.
	CellSize float64
	// Alphabet, if not nil, writes digit d as the alphabet's symbol
	// (A for 10 in the default alphabet, 0 for 1 in hex). Nil writes
	// decimal numbers (10, 11, ...), as do digits beyond the alphabet.
	Alphabet *board.Alphabet
	// CandidateCounts colours each cell that shows candidates by how
	// many it has (two, three, four, five or more), with a legend.
	CandidateCounts bool
}

// The colours and proportions of the classic picture (proportions are
// fractions of a cell).
var (
	inkColor    = RGB(0, 0, 0)
	solvedColor = Hex("#1d6ae5")
	markColor   = Hex("#2f4a6d")
	gridColor   = RGB(0, 0, 0)
	paperColor  = RGB(255, 255, 255)
)

const (
	thinWidth  = 0.025 // cell lines
	thickWidth = 0.075 // box and region borders
	digitSize  = 0.62  // a one-symbol digit
	digitWidth = 0.64  // the widest a digit may be: two-digit numbers of 16×16 and 25×25 keep clear of cages
	digitBase  = 0.35  // baseline below the centre, in font sizes
	plainPad   = 0.15  // margin around a grid with nothing outside it
)

// Errors Draw returns; test with errors.Is.
var (
	// ErrPicture reports a picture whose parts do not fit together: no
	// puzzle, a solution or region map of the wrong size, a cell out of
	// range.
	ErrPicture = errors.New("bad picture")
)

// Layout places a board's cells in a scene. Rows and columns may be −1 or
// N, the rings of cells just outside the grid where outside clues go.
type Layout struct {
	N      int     // side of the board
	Cell   float64 // side of a cell
	Origin Point   // top-left corner of the grid
}

// Corner returns the top-left corner of cell (r, c).
func (l Layout) Corner(r, c int) Point {
	return Point{l.Origin.X + float64(c)*l.Cell, l.Origin.Y + float64(r)*l.Cell}
}

// Center returns the centre of cell (r, c).
func (l Layout) Center(r, c int) Point {
	return l.Corner(r, c).Add(Point{l.Cell / 2, l.Cell / 2})
}

// CellCenter returns the centre of cell i = r·N + c.
func (l Layout) CellCenter(i int) Point { return l.Center(i/l.N, i%l.N) }

// Side returns the width (and height) of the grid.
func (l Layout) Side() float64 { return float64(l.N) * l.Cell }

// margins is the room around the grid, in cells.
type margins struct{ top, right, bottom, left float64 }

// Draw draws the picture as a scene. It returns an error wrapping
// ErrPicture when the picture's parts do not fit together.
func Draw(p *Picture, o Options) (*Scene, error) {
	if p != nil && p.Second != nil {
		if p.Solution == nil || p.Second.Shape != p.Solution.Shape || len(p.Second.Cells) != len(p.Solution.Cells) {
			return nil, fmt.Errorf("%w: a second solution without a first of its shape", ErrPicture)
		}
		return beside(p, o)
	}
	d, err := newDrawing(p, o)
	if err != nil {
		return nil, err
	}
	d.rules()
	d.cellShading()
	d.gridLines()
	d.digits()
	d.step()
	d.drawLegend()
	for _, items := range d.layers {
		d.sc.Add(items...)
	}
	return d.sc, nil
}

// drawing is the state of one Draw call.
type drawing struct {
	p      *Picture
	o      Options
	n      int
	l      Layout
	sc     *Scene
	region []int
	layers [layerCount][]Item

	givenMarks []marked    // the given pencil marks of each cell (a PencilMarks rule)
	reserved   map[int]box // a cage sum's patch in a cell's corner, which marks avoid
	shadings   []Highlight // the highlights, the conflict rules' cells and the count shading, in order
	legend     []legend    // the legend under the grid
	legendTop  float64     // where the legend starts
}

// add puts items on a layer.
func (d *drawing) add(ly layer, items ...Item) { d.layers[ly] = append(d.layers[ly], items...) }

func newDrawing(pic *Picture, o Options) (*drawing, error) {
	if pic == nil {
		return nil, fmt.Errorf("%w: no puzzle", ErrPicture)
	}
	p := new(Picture)
	*p = *pic
	if v := p.Variant; v != nil {
		if p.Puzzle == nil {
			p.Puzzle = v.Givens
		}
		if p.Regions == nil {
			p.Regions = v.Regions
		}
	}
	if p.Puzzle == nil {
		return nil, fmt.Errorf("%w: no puzzle", ErrPicture)
	}
	pz := p.Puzzle
	if !pz.Shape.Valid() || len(pz.Cells) != pz.Shape.Cells() {
		return nil, fmt.Errorf("%w: %d cells for a %v board", ErrPicture, len(pz.Cells), pz.Shape)
	}
	n := pz.Side()
	if s := p.Solution; s != nil && (s.Shape != pz.Shape || len(s.Cells) != len(pz.Cells)) {
		return nil, fmt.Errorf("%w: the solution is %v, the puzzle %v", ErrPicture, s.Shape, pz.Shape)
	}
	if p.Regions != nil && len(p.Regions) != n*n {
		return nil, fmt.Errorf("%w: %d region labels for %d cells", ErrPicture, len(p.Regions), n*n)
	}
	for i, r := range p.Regions {
		if r < -1 || r >= n*n {
			return nil, fmt.Errorf("%w: region label %d of %s out of range", ErrPicture, r, board.CellName(n, i))
		}
	}
	if p.Candidates != nil && len(p.Candidates) != n*n {
		return nil, fmt.Errorf("%w: candidates for %d cells, the board has %d", ErrPicture, len(p.Candidates), n*n)
	}
	for _, h := range p.Highlights {
		for _, c := range h.Cells {
			if c < 0 || c >= n*n {
				return nil, fmt.Errorf("%w: highlighted cell %d out of range", ErrPicture, c)
			}
		}
	}
	if v := p.Variant; v != nil {
		if v.Givens == nil || v.Givens.Shape.Side() != n {
			return nil, fmt.Errorf("%w: the variant puzzle is not %dx%d like the board", ErrPicture, n, n)
		}
		for _, i := range p.ConflictRules {
			if i < 0 || i >= len(v.Rules) || v.Rules[i] == nil {
				return nil, fmt.Errorf("%w: conflict rule %d out of range", ErrPicture, i)
			}
		}
	} else if len(p.ConflictRules) > 0 {
		return nil, fmt.Errorf("%w: conflict rules without a variant puzzle", ErrPicture)
	}
	if o.CellSize <= 0 || math.IsNaN(o.CellSize) || math.IsInf(o.CellSize, 0) {
		o.CellSize = DefaultCellSize
	}
	d := &drawing{p: p, o: o, n: n, region: p.Regions, givenMarks: make([]marked, n*n), reserved: map[int]box{}}
	if d.region == nil {
		d.region = make([]int, n*n)
		for i := range d.region {
			d.region[i] = pz.Shape.Box(i/n, i%n)
		}
	}
	d.shadings = slices.Clone(p.Highlights)
	if v := p.Variant; v != nil {
		for _, i := range p.ConflictRules {
			r := v.Rules[i]
			d.shadings = append(d.shadings, Highlight{Cells: d.onBoard(r.Scope(v)), Color: ConflictColor, Class: "highlight conflict rule " + r.Name(), Label: ConflictLabel})
		}
	}
	d.shadings = append(d.shadings, d.countShading()...)
	if err := checkStep(p.Step, n, p.Variant); err != nil {
		return nil, err
	}
	d.shadings = append(d.shadings, d.stepShading()...)
	d.legend = d.legendEntries(d.shadings)
	m := d.marginsFor()
	cs := o.CellSize
	d.l = Layout{N: n, Cell: cs, Origin: Point{m.left * cs, m.top * cs}}
	if len(d.legend) > 0 {
		d.legendTop = (m.top + float64(n) + m.bottom) * cs
		m.bottom += float64(len(d.legend))*legendLine + plainPad
		// The picture widens for a legend longer than the grid.
		for _, e := range d.legend {
			w := legendSwatch + legendGap + TextWidth(e.label, legendText, false)
			m.right = math.Max(m.right, w+plainPad-float64(n))
		}
	}
	d.sc = &Scene{
		Width:      (m.left + float64(n) + m.right) * cs,
		Height:     (m.top + float64(n) + m.bottom) * cs,
		Title:      p.Title,
		Background: paperColor,
	}
	return d, nil
}

// cellShading paints the highlighted cells, the cells of the highlighted
// rules, and the cells coloured by their number of candidates.
func (d *drawing) cellShading() {
	for _, h := range d.shadings {
		if len(h.Cells) == 0 {
			continue
		}
		polys := outline(d.n, h.Cells, d.l, 0)
		d.add(layerHighlight, &Path{Meta: Meta{Class: h.Class, Cells: sortedCells(h.Cells)}, Polys: polys, Closed: true, Style: Style{Fill: h.Color}})
	}
}

// gridLines draws the thin cell lines, the thick borders between regions
// and the outer border.
func (d *drawing) gridLines() {
	n, l := d.n, d.l
	cs := l.Cell
	var thin [][]Point
	for k := 1; k < n; k++ {
		thin = append(thin,
			[]Point{l.Corner(k, 0), l.Corner(k, n)},
			[]Point{l.Corner(0, k), l.Corner(n, k)})
	}
	d.add(layerGrid, &Path{Meta: Meta{Class: "grid"}, Polys: thin, Style: Style{Stroke: gridColor, Width: thinWidth * cs}})

	var thick [][]Point
	reg := d.region
	for k := 1; k < n; k++ {
		// Horizontal line above row k, and vertical line left of column k,
		// in runs of consecutive region borders.
		for j := 0; j < n; {
			if reg[(k-1)*n+j] == reg[k*n+j] {
				j++
				continue
			}
			start := j
			for j < n && reg[(k-1)*n+j] != reg[k*n+j] {
				j++
			}
			thick = append(thick, []Point{l.Corner(k, start), l.Corner(k, j)})
		}
		for j := 0; j < n; {
			if reg[j*n+k-1] == reg[j*n+k] {
				j++
				continue
			}
			start := j
			for j < n && reg[j*n+k-1] != reg[j*n+k] {
				j++
			}
			thick = append(thick, []Point{l.Corner(start, k), l.Corner(j, k)})
		}
	}
	if len(thick) > 0 {
		d.add(layerGrid, &Path{Meta: Meta{Class: "regions"}, Polys: thick, Style: Style{Stroke: gridColor, Width: thickWidth * cs, Cap: SquareCap}})
	}
	d.add(layerGrid, &Rect{Meta: Meta{Class: "border"}, Min: l.Origin, W: l.Side(), H: l.Side(), Style: Style{Stroke: gridColor, Width: thickWidth * cs}})
}

// symbol returns how digit v is written.
func (d *drawing) symbol(v int) string {
	if a := d.o.Alphabet; a != nil && v >= 1 && v <= len(a.Symbols) {
		return a.Symbols[v-1 : v]
	}
	return strconv.Itoa(v)
}

// fitSize returns the largest font size up to size at which s fits in width.
func fitSize(s string, size, width float64, bold bool) float64 {
	if w := TextWidth(s, size, bold); w > width {
		return size * width / w
	}
	return size
}

// digits writes the digits and the pencil marks: a cell with one
// candidate left shows it as a digit, in the solved style.
func (d *drawing) digits() {
	cs := d.l.Cell
	for i := range d.p.Puzzle.Cells {
		v, class, col, bold := d.shown(i)
		if v == 0 {
			switch {
			case d.p.Candidates != nil && d.p.Step == nil && bits.OnesCount64(d.p.Candidates[i]) == 1:
				v, class, col, bold = bits.TrailingZeros64(d.p.Candidates[i])+1, "digit solved single", solvedColor, false
			case d.p.Candidates != nil:
				d.pencilMarks(i, d.p.Candidates[i], "candidate", markColor)
			case d.givenMarks[i].set != 0:
				d.pencilMarks(i, d.givenMarks[i].set, d.givenMarks[i].class, markColor)
			}
		}
		if v == 0 {
			continue
		}
		s := d.symbol(v)
		size := fitSize(s, digitSize*cs, digitWidth*cs, bold)
		c := d.l.CellCenter(i)
		d.add(layerDigits, &Text{Meta: Meta{Class: class, Cells: []int{i}}, At: Point{c.X, c.Y + digitBase*size}, Size: size, Bold: bold, Color: col, Text: s})
	}
}

// shown returns the digit cell i shows, its class, colour and weight; 0
// for none.
func (d *drawing) shown(i int) (v int, class string, col color.NRGBA, bold bool) {
	pz, sol := d.p.Puzzle, d.p.Solution
	switch {
	case pz.Cells[i] != 0:
		return int(pz.Cells[i]), "digit given", inkColor, true
	case d.o.Show != PuzzleOnly && sol != nil && sol.Cells[i] != 0:
		return int(sol.Cells[i]), "digit solved", solvedColor, false
	}
	return 0, "", color.NRGBA{}, false
}
