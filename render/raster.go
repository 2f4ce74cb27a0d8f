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
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
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
	r := &rasterizer{dst: img, k: scale, faces: map[faceKey]font.Face{}}
	defer r.close()
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

// rasterizer paints polygons and text onto one image.
type rasterizer struct {
	dst   *image.RGBA
	k     float64
	z     vector.Rasterizer
	faces map[faceKey]font.Face
}

type faceKey struct {
	bold bool
	size float64 // pixels
}

func (r *rasterizer) close() {
	for _, f := range r.faces {
		f.Close()
	}
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

func (r *rasterizer) text(t *Text) {
	if t.Text == "" || t.Color.A == 0 || t.Size <= 0 {
		return
	}
	size := t.Size * r.k
	key := faceKey{t.Bold, size}
	face := r.faces[key]
	if face == nil {
		var err error
		face, err = opentype.NewFace(goFont(t.Bold), &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
		if err != nil {
			return // only for a size the font cannot take; nothing to draw
		}
		r.faces[key] = face
	}
	d := font.Drawer{Dst: r.dst, Src: image.NewUniform(t.Color), Face: face}
	x := t.At.X * r.k
	switch t.Anchor {
	case Middle:
		x -= fromFixed(d.MeasureString(t.Text)) / 2
	case End:
		x -= fromFixed(d.MeasureString(t.Text))
	}
	d.Dot = fixed.Point26_6{X: toFixed(x), Y: toFixed(t.At.Y * r.k)}
	d.DrawString(t.Text)
}

func toFixed(v float64) fixed.Int26_6   { return fixed.Int26_6(math.Round(v * 64)) }
func fromFixed(v fixed.Int26_6) float64 { return float64(v) / 64 }

var (
	fontsOnce           sync.Once
	regularFont, boldFt *opentype.Font
)

// goFont returns the Go Regular or Go Bold font, parsed once.
func goFont(bold bool) *opentype.Font {
	fontsOnce.Do(func() {
		var err error
		if regularFont, err = opentype.Parse(goregular.TTF); err != nil {
			panic("render: the embedded Go Regular font does not parse: " + err.Error())
		}
		if boldFt, err = opentype.Parse(gobold.TTF); err != nil {
			panic("render: the embedded Go Bold font does not parse: " + err.Error())
		}
	})
	if bold {
		return boldFt
	}
	return regularFont
}

// measure is a face per weight at a reference size, for TextWidth.
var measure struct {
	sync.Mutex
	faces [2]font.Face
}

// measureSize is the reference font size of TextWidth's faces.
const measureSize = 100

// TextWidth returns the advance width of s set in the Go font at the given
// size, in scene units: the width the PNG renderer gives it, and close to
// what an SVG viewer's sans-serif face gives it.
func TextWidth(s string, size float64, bold bool) float64 {
	measure.Lock()
	defer measure.Unlock()
	i := 0
	if bold {
		i = 1
	}
	if measure.faces[i] == nil {
		f, err := opentype.NewFace(goFont(bold), &opentype.FaceOptions{Size: measureSize, DPI: 72, Hinting: font.HintingNone})
		if err != nil {
			panic("render: cannot make a face of the Go font: " + err.Error())
		}
		measure.faces[i] = f
	}
	return fromFixed(font.MeasureString(measure.faces[i], s)) * size / measureSize
}
