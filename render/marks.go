package render

import (
	"image/color"
	"math"
	"math/bits"
	"strconv"
)

// This file lays out pencil marks, the one layout of every candidate the
// picture draws (true candidates, and the given marks of a pencil-mark
// grid): digit d at position d−1 of a small grid, ⌈√N⌉ to a row, kept
// clear of a cage sum in the cell's corner. It also colours cells by
// their number of candidates and draws the legend of the shadings.

// box is an axis-aligned box in scene units.
type box struct{ x0, y0, x1, y1 float64 }

// overlaps reports whether two boxes share more than an edge.
func (b box) overlaps(o box) bool {
	return b.x0 < o.x1 && o.x0 < b.x1 && b.y0 < o.y1 && o.y0 < b.y1
}

// TextBox returns the box a text covers: its advance width, from its cap
// height above the baseline to a little below it (digits and capitals
// have no descenders).
func TextBox(t *Text) (x0, y0, x1, y1 float64) {
	w := TextWidth(t.Text, t.Size, t.Bold)
	x := t.At.X
	switch t.Anchor {
	case Middle:
		x -= w / 2
	case End:
		x -= w
	}
	return x, t.At.Y - capHeight*t.Size, x + w, t.At.Y + 0.02*t.Size
}

// capHeight is the height of a digit or capital in font sizes (the Go
// fonts' 0.72, rounded up for other sans-serif faces).
const capHeight = 0.74

// marked is the given pencil marks of a cell and the class they are drawn
// with.
type marked struct {
	set   uint64
	class string
}

// markGap is the room left between a cage sum and the marks beside it.
const markGap = 0.06

// pencilMarks writes a set of candidates in cell i, each in the class.
func (d *drawing) pencilMarks(i int, set uint64, class string, col color.NRGBA) {
	n := d.n
	for set != 0 {
		k := bits.TrailingZeros64(set)
		set &^= 1 << k
		if k >= n {
			break
		}
		at, size := d.markSpot(i, k)
		d.add(layerDigits, &Text{Meta: Meta{Class: class, Cells: []int{i}}, At: Point{at.X, at.Y + digitBase*size}, Size: size, Color: col, Text: d.symbol(k + 1)})
	}
}

// markSpot returns the centre and font size of mark k (digit k+1) in cell
// i. The marks fill a grid of ⌈√N⌉ columns over the cell; in a cell whose
// corner holds a cage sum, the top row moves right of the sum, or, when
// it does not fit there, the whole grid moves below it.
func (d *drawing) markSpot(i, k int) (Point, float64) {
	n, cs := d.n, d.l.Cell
	cols := int(math.Ceil(math.Sqrt(float64(n))))
	rows := (n + cols - 1) / cols
	inner := 0.9 * cs
	corner := d.l.Corner(i/n, i%n)
	x0, y0 := corner.X+(cs-inner)/2, corner.Y+(cs-inner)/2
	cw, ch := inner/float64(cols), inner/float64(rows)
	widest := TextWidth(d.symbol(n), 1, false)
	size := math.Min(math.Min(cw, ch)*0.85, cw*0.92/widest)
	col, row := k%cols, k/cols
	sum, ok := d.reserved[i]
	if !ok {
		return Point{x0 + (float64(col)+0.5)*cw, y0 + (float64(row)+0.5)*ch}, size
	}
	// The top row to the right of the sum, if its marks fit there at the
	// same size and stay below nothing but the cell's top.
	right := corner.X + cs - (cs-inner)/2
	w0 := (right - sum.x1 - markGap*cs) / float64(cols)
	if w0*0.92 >= widest*size {
		if row == 0 {
			return Point{sum.x1 + markGap*cs + (float64(col)+0.5)*w0, y0 + 0.5*ch}, size
		}
		return Point{x0 + (float64(col)+0.5)*cw, y0 + (float64(row)+0.5)*ch}, size
	}
	// Otherwise every row below the sum.
	top := sum.y1 + markGap*cs
	ch = (corner.Y + cs - (cs-inner)/2 - top) / float64(rows)
	size = math.Min(size, ch*0.85)
	return Point{x0 + (float64(col)+0.5)*cw, top + (float64(row)+0.5)*ch}, size
}

// countColors are the shadings of a cell with 2, 3 and 4 candidates
// (Options.CandidateCounts), strongest for the fewest: the cells to look
// at first stand out; a cell with more is left white.
var countColors = []color.NRGBA{Hex("#a8e0a0"), Hex("#d6f0c2"), Hex("#fff1bd")}

// countLabels are the legend's words for countColors.
var countLabels = []string{"2 candidates", "3 candidates", "4 candidates"}

// countShading returns the highlights that colour the cells by their
// number of candidates, for the cells that show marks.
func (d *drawing) countShading() []Highlight {
	if !d.o.CandidateCounts || d.p.Candidates == nil {
		return nil
	}
	hs := make([]Highlight, len(countColors))
	for k := range hs {
		hs[k] = Highlight{Color: countColors[k], Class: "highlight count" + strconv.Itoa(k+2), Label: countLabels[k]}
	}
	for i, set := range d.p.Candidates {
		if v, _, _, _ := d.shown(i); v != 0 {
			continue
		}
		if k := bits.OnesCount64(set) - 2; k >= 0 && k < len(hs) {
			hs[k].Cells = append(hs[k].Cells, i)
		}
	}
	return hs
}

// legend is one entry of the legend under the grid.
type legend struct {
	color color.NRGBA
	label string
}

// legendEntries returns the legend: one entry per label of the shadings
// the picture uses, in order.
func (d *drawing) legendEntries(hs []Highlight) []legend {
	var out []legend
	seen := map[string]bool{}
	for _, h := range hs {
		if h.Label == "" || len(h.Cells) == 0 || seen[h.Label] {
			continue
		}
		seen[h.Label] = true
		out = append(out, legend{h.Color, h.Label})
	}
	return out
}

// Legend proportions, in cells.
const (
	legendLine   = 0.55 // height of one entry
	legendText   = 0.3  // font size
	legendSwatch = 0.36 // side of a colour's square
	legendGap    = 0.15 // between the square and its words
)

// drawLegend writes the legend under the grid (and under any clues
// below it), one entry a line: a swatch and its words.
func (d *drawing) drawLegend() {
	cs := d.l.Cell
	y := d.legendTop
	for _, e := range d.legend {
		sw := d.cs(legendSwatch)
		at := Point{d.l.Origin.X, y + (d.cs(legendLine)-sw)/2}
		size := d.cs(legendText)
		d.add(layerDigits,
			&Rect{Meta: Meta{Class: "legend swatch"}, Min: at, W: sw, H: sw, Round: d.cs(0.04), Style: Style{Fill: e.color, Stroke: Alpha(inkColor, 0.4), Width: 0.02 * cs}},
			&Text{Meta: Meta{Class: "legend label"}, At: Point{at.X + sw + d.cs(legendGap), y + d.cs(legendLine)/2 + capHeight*size/2}, Size: size, Anchor: Start, Color: inkColor, Text: e.label})
		y += d.cs(legendLine)
	}
}
