package render

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math"
	"slices"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// MaxPixels bounds the size of a rasterised scene (width × height), so that
// a huge board or scale cannot exhaust memory: 64 megapixels, 256 MiB of
// RGBA.
const MaxPixels = 64 << 20

// WritePNG rasterises the scene at the given scale (1 draws one pixel per
// scene unit; 2 doubles the resolution) and writes it as a PNG image.
func (s *Scene) WritePNG(w io.Writer, scale float64) error {
	img, err := s.Rasterize(scale)
	if err != nil {
		return err
	}
	return png.Encode(w, img)
}

// ErrTooLarge reports a raster image beyond MaxPixels.
var ErrTooLarge = errors.New("image too large")

// PixelSize returns the size in pixels of the scene rasterised at scale:
// ⌈Width·scale⌉ × ⌈Height·scale⌉, ignoring rounding errors below a
// millionth of a pixel.
func (s *Scene) PixelSize(scale float64) (w, h int) {
	return int(math.Ceil(s.Width*scale - 1e-6)), int(math.Ceil(s.Height*scale - 1e-6))
}

// Rasterize draws the scene into a new image of PixelSize(scale) pixels, with anti-aliasing. It paints exactly what
// WriteSVG describes: the same items in the same order, strokes turned into
// polygons with the same caps, joins and dashes, and text in the Go fonts
// (a sans-serif family) at the same size and anchor. It returns
// ErrTooLarge beyond MaxPixels.
func (s *Scene) Rasterize(scale float64) (*image.RGBA, error) {
	if !(scale > 0) || math.IsInf(scale, 0) {
		scale = 1
	}
	w, h := s.PixelSize(scale)
	if w <= 0 || h <= 0 || float64(w)*float64(h) > MaxPixels {
		return nil, fmt.Errorf("%w: %d×%d pixels (at most %d)", ErrTooLarge, w, h, MaxPixels)
	}
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	if s.Background.A > 0 {
		draw.Draw(img, img.Bounds(), image.NewUniform(s.Background), image.Point{}, draw.Src)
	}
	r := &rasterizer{dst: img, k: scale, glyphs: map[glyphKey]outlined{}}
	for _, it := range s.Items {
		switch it := it.(type) {
		case *Path:
			if it.filled() {
				var polys [][]Point
				for _, p := range it.Polys {
					polys = append(polys, scalePoly(p, scale))
				}
				r.fill(polys, it.Fill)
			}
			if it.stroked() {
				var polys [][]Point
				for _, p := range it.Polys {
					polys = append(polys, strokePolys(p, it.Closed, it.Style, scale)...)
				}
				r.fill(polys, it.Stroke)
			}
		case *Circle:
			if it.filled() {
				r.fill([][]Point{scalePoly(circlePoly(it.C, it.R, scale), scale)}, it.Fill)
			}
			if it.stroked() {
				r.fill(strokePolys(circlePoly(it.C, it.R, scale), true, it.Style, scale), it.Stroke)
			}
		case *Rect:
			outline := roundRectPoly(it.Min, it.W, it.H, it.Round, scale)
			if it.filled() {
				r.fill([][]Point{scalePoly(outline, scale)}, it.Fill)
			}
			if it.stroked() {
				st := it.Style
				if it.Round > 0 {
					st.Join = RoundJoin
				}
				r.fill(strokePolys(outline, true, st, scale), it.Stroke)
			}
		case *Text:
			r.text(it)
		}
	}
	return img, nil
}

// rasterizer paints polygons onto one image.
type rasterizer struct {
	dst    *image.RGBA
	k      float64
	z      vector.Rasterizer
	glyphs map[glyphKey]outlined // texts drawn so far: a board repeats its digits
}

type glyphKey struct {
	text string
	size float64 // pixels
	bold bool
}

// outlined is a text's outlines at the origin, and its advance width.
type outlined struct {
	polys [][]Point
	width float64
}

// fill paints the union of the polygons (already in pixels) with c. The
// rasteriser works on the polygons' bounding box only, so a small shape on
// a large image costs little.
func (r *rasterizer) fill(polys [][]Point, c color.NRGBA) {
	if c.A == 0 || len(polys) == 0 {
		return
	}
	minX, minY := math.Inf(1), math.Inf(1)
	maxX, maxY := math.Inf(-1), math.Inf(-1)
	for _, p := range polys {
		for _, q := range p {
			minX, minY = math.Min(minX, q.X), math.Min(minY, q.Y)
			maxX, maxY = math.Max(maxX, q.X), math.Max(maxY, q.Y)
		}
	}
	box := image.Rect(int(math.Floor(minX)), int(math.Floor(minY)), int(math.Ceil(maxX))+1, int(math.Ceil(maxY))+1).Intersect(r.dst.Bounds())
	if box.Empty() {
		return
	}
	r.z.Reset(box.Dx(), box.Dy())
	ox, oy := float64(box.Min.X), float64(box.Min.Y)
	for _, p := range polys {
		if len(p) < 3 {
			continue
		}
		r.z.MoveTo(float32(p[0].X-ox), float32(p[0].Y-oy))
		for _, q := range p[1:] {
			r.z.LineTo(float32(q.X-ox), float32(q.Y-oy))
		}
		r.z.ClosePath()
	}
	r.z.Draw(r.dst, box, image.NewUniform(c), image.Point{})
}

// text fills the outlines of the text's glyphs, so that text takes the
// same path as every other shape (and turns with Angle).
func (r *rasterizer) text(t *Text) {
	if t.Text == "" || t.Color.A == 0 || t.Size <= 0 {
		return
	}
	key := glyphKey{t.Text, t.Size * r.k, t.Bold}
	g, ok := r.glyphs[key]
	if !ok {
		g.polys, g.width = glyphOutlines(t.Text, t.Size*r.k, t.Bold)
		r.glyphs[key] = g
	}
	width := g.width
	polys := make([][]Point, len(g.polys))
	for i, p := range g.polys {
		polys[i] = slices.Clone(p)
	}
	dx := 0.0
	switch t.Anchor {
	case Middle:
		dx = -width / 2
	case End:
		dx = -width
	}
	at := t.At.Mul(r.k)
	pivot := t.Pivot.Mul(r.k)
	angle := t.Angle * math.Pi / 180
	for _, poly := range polys {
		for i, q := range poly {
			q = at.Add(Point{q.X + dx, q.Y})
			if angle != 0 {
				q = pivot.Add(rotate(q.Sub(pivot), angle))
			}
			poly[i] = q
		}
	}
	r.fill(polys, t.Color)
}

// glyphOutlines returns the outlines of s set in the Go font at size
// pixels, with the origin on the baseline at the start of the text, as
// polygons (curves flattened), and the advance width of the text.
func glyphOutlines(s string, size float64, bold bool) ([][]Point, float64) {
	f := goFont(bold)
	ppem := toFixed(size)
	var buf sfnt.Buffer
	var polys [][]Point
	var cur []Point
	flush := func() {
		if len(cur) > 2 {
			polys = append(polys, cur)
		}
		cur = nil
	}
	// Curves are cut into steps of about a pixel and a half.
	steps := func(a, b Point) int { return max(2, min(16, int(b.Sub(a).Len()/1.5)+1)) }
	x := fixed.Int26_6(0)
	prev, started := sfnt.GlyphIndex(0), false
	for _, ch := range s {
		idx, err := f.GlyphIndex(&buf, ch)
		if err != nil {
			continue
		}
		if started {
			if k, err := f.Kern(&buf, prev, idx, ppem, font.HintingNone); err == nil {
				x += k
			}
		}
		prev, started = idx, true
		segs, err := f.LoadGlyph(&buf, idx, ppem, nil)
		if err == nil {
			ox := fromFixed(x)
			pt := func(p fixed.Point26_6) Point { return Point{ox + fromFixed(p.X), fromFixed(p.Y)} }
			for _, seg := range segs {
				switch seg.Op {
				case sfnt.SegmentOpMoveTo:
					flush()
					cur = []Point{pt(seg.Args[0])}
				case sfnt.SegmentOpLineTo:
					cur = append(cur, pt(seg.Args[0]))
				case sfnt.SegmentOpQuadTo:
					a, c, b := cur[len(cur)-1], pt(seg.Args[0]), pt(seg.Args[1])
					n := steps(a, b)
					for i := 1; i <= n; i++ {
						u := float64(i) / float64(n)
						v := 1 - u
						cur = append(cur, a.Mul(v*v).Add(c.Mul(2*u*v)).Add(b.Mul(u*u)))
					}
				case sfnt.SegmentOpCubeTo:
					a, c1, c2, b := cur[len(cur)-1], pt(seg.Args[0]), pt(seg.Args[1]), pt(seg.Args[2])
					n := steps(a, b)
					for i := 1; i <= n; i++ {
						u := float64(i) / float64(n)
						v := 1 - u
						cur = append(cur, a.Mul(v*v*v).Add(c1.Mul(3*u*v*v)).Add(c2.Mul(3*u*u*v)).Add(b.Mul(u*u*u)))
					}
				}
			}
			flush()
		}
		if adv, err := f.GlyphAdvance(&buf, idx, ppem, font.HintingNone); err == nil {
			x += adv
		}
	}
	return polys, fromFixed(x)
}

func toFixed(v float64) fixed.Int26_6   { return fixed.Int26_6(math.Round(v * 64)) }
func fromFixed(v fixed.Int26_6) float64 { return float64(v) / 64 }

var (
	fontsOnce           sync.Once
	regularFont, boldFt *sfnt.Font
)

// goFont returns the Go Regular or Go Bold font, parsed once. A parsed
// font is safe for concurrent use (each caller brings its own Buffer).
func goFont(bold bool) *sfnt.Font {
	fontsOnce.Do(func() {
		var err error
		if regularFont, err = sfnt.Parse(goregular.TTF); err != nil {
			panic("render: the embedded Go Regular font does not parse: " + err.Error())
		}
		if boldFt, err = sfnt.Parse(gobold.TTF); err != nil {
			panic("render: the embedded Go Bold font does not parse: " + err.Error())
		}
	})
	if bold {
		return boldFt
	}
	return regularFont
}

// TextWidth returns the advance width of s set in the Go font at the given
// size, in scene units: the width the PNG renderer gives it, and close to
// what an SVG viewer's sans-serif face gives it.
func TextWidth(s string, size float64, bold bool) float64 {
	f := goFont(bold)
	ppem := toFixed(measureSize)
	var buf sfnt.Buffer
	x := fixed.Int26_6(0)
	prev, started := sfnt.GlyphIndex(0), false
	for _, ch := range s {
		idx, err := f.GlyphIndex(&buf, ch)
		if err != nil {
			continue
		}
		if started {
			if k, err := f.Kern(&buf, prev, idx, ppem, font.HintingNone); err == nil {
				x += k
			}
		}
		prev, started = idx, true
		if adv, err := f.GlyphAdvance(&buf, idx, ppem, font.HintingNone); err == nil {
			x += adv
		}
	}
	return fromFixed(x) * size / measureSize
}

// measureSize is the size TextWidth measures at (then scales).
const measureSize = 100
