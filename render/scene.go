package render

import (
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"
)

// Point is a position in scene units (SVG user units; one unit is one PNG
// pixel at scale 1). X grows to the right and Y downwards, as in SVG.
type Point struct{ X, Y float64 }

// Pt returns the point (x, y).
func Pt(x, y float64) Point { return Point{x, y} }

// Add returns p + q.
func (p Point) Add(q Point) Point { return Point{p.X + q.X, p.Y + q.Y} }

// Sub returns p − q.
func (p Point) Sub(q Point) Point { return Point{p.X - q.X, p.Y - q.Y} }

// Mul returns p scaled by k.
func (p Point) Mul(k float64) Point { return Point{p.X * k, p.Y * k} }

// Len returns the distance of p from the origin.
func (p Point) Len() float64 { return math.Hypot(p.X, p.Y) }

// Cap is how an open stroke ends.
type Cap int

// The caps, as SVG's stroke-linecap.
const (
	ButtCap   Cap = iota // the stroke stops at the end point
	RoundCap             // a half disc beyond the end point
	SquareCap            // a half square beyond the end point
)

// Join is how a stroke turns a corner.
type Join int

// The joins, as SVG's stroke-linejoin.
const (
	MiterJoin Join = iota // a sharp corner (bevelled beyond a miter limit of 4)
	RoundJoin             // a rounded corner
	BevelJoin             // a cut corner
)

// Style is how a shape is painted: filled, stroked, or both. A colour
// whose alpha is 0 is not painted; an alpha below 255 is the opacity.
type Style struct {
	Fill   color.NRGBA
	Stroke color.NRGBA
	Width  float64   // stroke width in scene units
	Cap    Cap       // ends of open paths
	Join   Join      // corners
	Dash   []float64 // alternating dash and gap lengths; nil for a solid stroke
}

// stroked reports whether the style draws an outline.
func (s Style) stroked() bool { return s.Stroke.A > 0 && s.Width > 0 }

// filled reports whether the style fills the shape.
func (s Style) filled() bool { return s.Fill.A > 0 }

// Item is one element of a scene: a *Path, *Circle, *Rect or *Text (the
// set is closed: the renderers know each of them).
type Item interface {
	meta() *Meta
}

// MetaOf returns the class and cells of an item.
func MetaOf(it Item) *Meta { return it.meta() }

// Meta names what an item shows, for tests, for the SVG's class and
// data-cells attributes, and for the web page's scripts.
type Meta struct {
	// Class is a space-separated list of words such as "digit given" or
	// "killer-cage"; the words are the same in the scene and in the SVG.
	Class string
	// Cells are the cells (r·N + c, 0-based) the item belongs to.
	Cells []int
}

func (m *Meta) meta() *Meta { return m }

// Path is a set of polylines (or polygons, when Closed) painted with one
// style. Several polygons in one path make holes where their windings
// cancel (SVG's nonzero fill rule): a region outline with a hole has its
// outer ring one way round and the hole the other.
type Path struct {
	Meta
	Polys  [][]Point
	Closed bool
	Style
}

// Circle is a circle of radius R around C.
type Circle struct {
	Meta
	C Point
	R float64
	Style
}

// Rect is an axis-aligned rectangle with its top-left corner at Min and
// corners rounded with radius Round (0 for sharp corners).
type Rect struct {
	Meta
	Min   Point
	W, H  float64
	Round float64
	Style
}

// Anchor is where a text's position lies along the text.
type Anchor int

// The anchors, as SVG's text-anchor.
const (
	Middle Anchor = iota // centred on the position
	Start                // starting at the position
	End                  // ending at the position
)

// Text is one line of text. At is the anchor point on the baseline; Size
// is the font size (the em square) in scene units. The font is a generic
// sans-serif one: the PNG renderer uses the Go fonts, an SVG viewer its
// own sans-serif face. A non-zero Angle turns the text by that many
// degrees (clockwise on screen) about Pivot.
type Text struct {
	Meta
	At     Point
	Size   float64
	Anchor Anchor
	Bold   bool
	Color  color.NRGBA
	Text   string
	Angle  float64
	Pivot  Point
}

// Scene is a picture: a canvas of Width×Height units painted with Items in
// order, each over the ones before it.
type Scene struct {
	Width, Height float64
	Title         string      // the SVG's <title>, for screen readers; "" for none
	Background    color.NRGBA // alpha 0 for a transparent background
	Items         []Item
}

// Add appends items to the scene.
func (s *Scene) Add(items ...Item) { s.Items = append(s.Items, items...) }

// Find returns the items whose class holds every word of class (a
// space-separated list), in drawing order.
func (s *Scene) Find(class string) []Item {
	want := strings.Fields(class)
	var out []Item
	for _, it := range s.Items {
		if hasWords(it.meta().Class, want) {
			out = append(out, it)
		}
	}
	return out
}

// hasWords reports whether the class list holds every word of want.
func hasWords(class string, want []string) bool {
	have := strings.Fields(class)
	for _, w := range want {
		found := false
		for _, h := range have {
			if h == w {
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

// RGB returns the opaque colour with the given components.
func RGB(r, g, b uint8) color.NRGBA { return color.NRGBA{r, g, b, 255} }

// Hex returns the colour written "#rrggbb" or "#rrggbbaa"; it panics on any
// other text, as a programming error (the colours are constants of this
// package and of its callers).
func Hex(s string) color.NRGBA {
	// strconv, not fmt.Sscanf: the package's colours are parsed when
	// every satdoku command starts, and Sscanf cost most of that.
	if (len(s) != 7 && len(s) != 9) || s[0] != '#' {
		panic(fmt.Sprintf("render.Hex(%q): want #rrggbb or #rrggbbaa", s))
	}
	c := color.NRGBA{A: 255}
	for i, p := range []*uint8{&c.R, &c.G, &c.B, &c.A}[:len(s)/2] {
		v, err := strconv.ParseUint(s[1+2*i:3+2*i], 16, 8)
		if err != nil {
			panic(fmt.Sprintf("render.Hex(%q): %v", s, err))
		}
		*p = uint8(v)
	}
	return c
}

// Alpha returns c with its alpha replaced by a (0 transparent, 1 opaque).
func Alpha(c color.NRGBA, a float64) color.NRGBA {
	c.A = uint8(math.Round(math.Max(0, math.Min(1, a)) * 255))
	return c
}
