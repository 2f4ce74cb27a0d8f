package render

import (
	"image/color"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/satdoku/satdoku/variant"
)

// The cosmetic elements of f-puzzles: "line", "circle", "rectangle",
// "text" and "cage", drawn with their own colours ("outlineC", "baseC",
// "fontC") and sizes ("width", "height" and "size", fractions of a cell).
// Fog of war and other presentation keys are not drawn.

// duplicate reports whether a cosmetic element only repeats a rule the
// picture draws anyway: f-puzzles files made with the constraint script
// carry a cosmetic copy of each of its rules ("fromConstraint"), for
// viewers without the script, and drawing both would draw the rule twice.
func (d *drawing) duplicate(c variant.Cosmetic) bool {
	rules := d.p.Variant.Rules
	if from := c.Style["fromConstraint"]; from != "" {
		key := strings.ToLower(strings.ReplaceAll(from, " ", ""))
		if strings.HasSuffix(key, "whispers") {
			key = "whispers"
		}
		for _, r := range rules {
			if r.Name() == key {
				return true
			}
		}
	}
	if c.Kind != "line" || len(c.Lines) == 0 {
		return false
	}
	// A line over exactly the cells of a line rule (either way round).
	for _, l := range c.Lines {
		cells := make([]int, 0, len(l))
		for _, p := range l {
			if p.Row < 0 || p.Row >= d.n || p.Col < 0 || p.Col >= d.n {
				return false
			}
			cells = append(cells, p.Row*d.n+p.Col)
		}
		found := false
		for _, r := range rules {
			scope := r.Scope(d.p.Variant)
			if slices.Equal(scope, cells) || slices.Equal(reversed(scope), cells) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

func reversed(s []int) []int {
	out := slices.Clone(s)
	slices.Reverse(out)
	return out
}

// styleColor reads a colour of a cosmetic element: "#rgb", "#rrggbb" or
// "#rrggbbaa"; anything else gives def.
func styleColor(c variant.Cosmetic, key string, def color.NRGBA) color.NRGBA {
	s := strings.TrimSpace(c.Style[key])
	if !strings.HasPrefix(s, "#") {
		return def
	}
	h := s[1:]
	if len(h) == 3 {
		h = string([]byte{h[0], h[0], h[1], h[1], h[2], h[2]})
	}
	if len(h) != 6 && len(h) != 8 {
		return def
	}
	v, err := strconv.ParseUint(h, 16, 32)
	if err != nil {
		return def
	}
	if len(h) == 6 {
		return color.NRGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 255}
	}
	return color.NRGBA{uint8(v >> 24), uint8(v >> 16), uint8(v >> 8), uint8(v)}
}

// styleSize reads a size of a cosmetic element (a fraction of a cell),
// def when absent or not a sensible number.
func styleSize(c variant.Cosmetic, key string, def float64) float64 {
	v, err := strconv.ParseFloat(strings.TrimSpace(c.Style[key]), 64)
	if err != nil || math.IsNaN(v) || v < 0 || v > 20 {
		return def
	}
	return v
}

// styleAngle reads the "angle" of a cosmetic element, in degrees
// clockwise, 0 when absent.
func styleAngle(c variant.Cosmetic) float64 {
	a, err := strconv.ParseFloat(strings.TrimSpace(c.Style["angle"]), 64)
	if err != nil || math.IsNaN(a) || math.IsInf(a, 0) {
		return 0
	}
	return math.Mod(a, 360)
}

// posCenter returns the centre of a position on or around the grid.
func (d *drawing) posCenter(p variant.Pos) Point { return d.l.Center(p.Row, p.Col) }

// cellsCenter returns the centre of the bounding box of positions.
func (d *drawing) cellsCenter(ps []variant.Pos) Point {
	if len(ps) == 0 {
		return d.l.Center(0, 0)
	}
	minP, maxP := d.posCenter(ps[0]), d.posCenter(ps[0])
	for _, p := range ps[1:] {
		c := d.posCenter(p)
		minP = Point{math.Min(minP.X, c.X), math.Min(minP.Y, c.Y)}
		maxP = Point{math.Max(maxP.X, c.X), math.Max(maxP.Y, c.Y)}
	}
	return minP.Add(maxP).Mul(0.5)
}

// posCells returns the on-board cells of positions.
func (d *drawing) posCells(ps []variant.Pos) []int {
	var out []int
	for _, p := range ps {
		if p.Row >= 0 && p.Row < d.n && p.Col >= 0 && p.Col < d.n {
			out = append(out, p.Row*d.n+p.Col)
		}
	}
	return out
}

// cosmetic draws one cosmetic element.
func (d *drawing) cosmetic(c variant.Cosmetic) {
	class := "cosmetic " + c.Kind
	switch c.Kind {
	case "line":
		st := Style{Stroke: styleColor(c, "outlineC", arrowColor), Width: d.cs(styleSize(c, "width", 0.1)), Cap: RoundCap, Join: RoundJoin}
		var polys [][]Point
		var cells []variant.Pos
		for _, l := range c.Lines {
			var pts []Point
			for _, p := range l {
				pts = append(pts, d.posCenter(p))
			}
			if len(pts) == 1 {
				pts = append(pts, pts[0])
			}
			polys = append(polys, pts)
			cells = append(cells, l...)
		}
		if len(polys) > 0 {
			d.add(layerLines, &Path{Meta: Meta{Class: class, Cells: d.posCells(cells)}, Polys: polys, Style: st})
		}
	case "circle", "rectangle":
		if len(c.Cells) == 0 {
			return
		}
		w, h := d.cs(styleSize(c, "width", 0.8)), d.cs(styleSize(c, "height", styleSize(c, "width", 0.8)))
		center := d.cellsCenter(c.Cells)
		st := Style{Fill: styleColor(c, "baseC", color.NRGBA{}), Stroke: styleColor(c, "outlineC", inkColor), Width: d.cs(0.025)}
		var poly []Point
		if c.Kind == "circle" {
			steps := 72
			for i := range steps {
				a := 2 * math.Pi * float64(i) / float64(steps)
				poly = append(poly, Point{w / 2 * math.Cos(a), h / 2 * math.Sin(a)})
			}
		} else {
			poly = []Point{{-w / 2, -h / 2}, {w / 2, -h / 2}, {w / 2, h / 2}, {-w / 2, h / 2}}
		}
		angle := styleAngle(c) * math.Pi / 180
		for i, p := range poly {
			poly[i] = center.Add(rotate(p, angle))
		}
		m := Meta{Class: class, Cells: d.posCells(c.Cells)}
		if c.Kind == "circle" && w == h && angle == 0 {
			d.add(layerLines, &Circle{Meta: m, C: center, R: w / 2, Style: st})
		} else {
			d.add(layerLines, &Path{Meta: m, Polys: [][]Point{poly}, Closed: true, Style: st})
		}
		if c.Text != "" {
			size := fitSize(c.Text, math.Min(w, h)*0.6, w*0.9, false)
			d.text(layerLines, Meta{Class: "cosmetic " + c.Kind + "-value", Cells: m.Cells}, center, size, false, styleColor(c, "fontC", inkColor), c.Text)
		}
	case "text":
		if len(c.Cells) == 0 || c.Text == "" {
			return
		}
		size := d.cs(0.8 * styleSize(c, "size", 0.5))
		ly := layerMarks
		if len(d.posCells(c.Cells)) == 0 {
			ly = layerOutside
		}
		center := d.cellsCenter(c.Cells)
		d.add(ly, &Text{Meta: Meta{Class: class, Cells: d.posCells(c.Cells)}, At: Point{center.X, center.Y + digitBase*size}, Size: size,
			Color: styleColor(c, "fontC", inkColor), Text: c.Text, Angle: styleAngle(c), Pivot: center})
	case "cage":
		d.cage(class, d.posCells(c.Cells), c.Text, styleColor(c, "outlineC", inkColor), styleColor(c, "fontC", inkColor))
	}
}
