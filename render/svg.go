package render

import (
	"bytes"
	"encoding/xml"
	"image/color"
	"io"
	"math"
	"strconv"
)

// WriteSVG writes the scene as a standalone SVG document: one <svg>
// element (no XML declaration is needed) with role="img" and the scene's
// title as its first child (what a screen reader says), a viewBox of the scene's size (so it
// scales), generic font families only (no font files), one element per item
// with the item's class and, when it has cells, a data-cells attribute
// listing them (0-based, space-separated).
func (s *Scene) WriteSVG(w io.Writer) error {
	_, err := w.Write(s.AppendSVG(nil))
	return err
}

// AppendSVG appends the SVG document WriteSVG writes to dst.
func (s *Scene) AppendSVG(dst []byte) []byte {
	b := svgBuf{dst}
	b.str(`<svg xmlns="http://www.w3.org/2000/svg" width="`)
	b.num(s.Width)
	b.str(`" height="`)
	b.num(s.Height)
	b.str(`" viewBox="0 0 `)
	b.num(s.Width)
	b.byte(' ')
	b.num(s.Height)
	b.str(`" font-family="sans-serif" role="img">` + "\n")
	if s.Title != "" {
		b.str("<title>")
		b.text(s.Title)
		b.str("</title>\n")
	}
	if s.Background.A > 0 {
		b.str(`<rect class="background" width="100%" height="100%"`)
		b.paint("fill", s.Background)
		b.str("/>\n")
	}
	for _, it := range s.Items {
		switch it := it.(type) {
		case *Path:
			b.path(it)
		case *Circle:
			b.str("<circle")
			b.meta(&it.Meta)
			b.attr("cx", it.C.X)
			b.attr("cy", it.C.Y)
			b.attr("r", it.R)
			b.style(it.Style)
			b.str("/>\n")
		case *Rect:
			b.str("<rect")
			b.meta(&it.Meta)
			b.attr("x", it.Min.X)
			b.attr("y", it.Min.Y)
			b.attr("width", it.W)
			b.attr("height", it.H)
			if it.Round > 0 {
				b.attr("rx", it.Round)
			}
			b.style(it.Style)
			b.str("/>\n")
		case *Text:
			b.str("<text")
			b.meta(&it.Meta)
			b.attr("x", it.At.X)
			b.attr("y", it.At.Y)
			b.attr("font-size", it.Size)
			if it.Bold {
				b.str(` font-weight="bold"`)
			}
			switch it.Anchor {
			case Middle:
				b.str(` text-anchor="middle"`)
			case End:
				b.str(` text-anchor="end"`)
			}
			b.paint("fill", it.Color)
			if it.Angle != 0 {
				b.str(` transform="rotate(`)
				b.num(it.Angle)
				b.byte(' ')
				b.num(it.Pivot.X)
				b.byte(' ')
				b.num(it.Pivot.Y)
				b.str(`)"`)
			}
			b.byte('>')
			b.text(it.Text)
			b.str("</text>\n")
		}
	}
	b.str("</svg>\n")
	return b.b
}

// svgBuf appends SVG markup to a byte slice.
type svgBuf struct{ b []byte }

func (b *svgBuf) str(s string) { b.b = append(b.b, s...) }
func (b *svgBuf) byte(c byte)  { b.b = append(b.b, c) }

// num appends v rounded to 1/100 of a unit, without trailing zeros.
func (b *svgBuf) num(v float64) {
	v = math.Round(v*100) / 100
	if v == 0 {
		v = 0 // no "-0"
	}
	b.b = strconv.AppendFloat(b.b, v, 'f', -1, 64)
}

func (b *svgBuf) attr(name string, v float64) {
	b.byte(' ')
	b.str(name)
	b.str(`="`)
	b.num(v)
	b.byte('"')
}

// text appends s escaped for XML character data and attribute values.
func (b *svgBuf) text(s string) {
	var e bytes.Buffer
	xml.EscapeText(&e, []byte(s)) // never fails on a bytes.Buffer
	b.b = append(b.b, e.Bytes()...)
}

func (b *svgBuf) meta(m *Meta) {
	if m.Class != "" {
		b.str(` class="`)
		b.text(m.Class)
		b.byte('"')
	}
	if len(m.Cells) > 0 {
		b.str(` data-cells="`)
		for i, c := range m.Cells {
			if i > 0 {
				b.byte(' ')
			}
			b.b = strconv.AppendInt(b.b, int64(c), 10)
		}
		b.byte('"')
	}
}

// paint appends name="#rrggbb" and, for a translucent colour, its opacity.
func (b *svgBuf) paint(name string, c color.NRGBA) {
	if c.A == 0 {
		b.str(" " + name + `="none"`)
		return
	}
	const hex = "0123456789abcdef"
	b.str(" " + name + `="#`)
	for _, v := range [3]uint8{c.R, c.G, c.B} {
		b.b = append(b.b, hex[v>>4], hex[v&15])
	}
	b.byte('"')
	if c.A < 255 {
		b.attr(name+"-opacity", float64(c.A)/255)
	}
}

func (b *svgBuf) style(s Style) {
	b.paint("fill", s.Fill)
	if !s.stroked() {
		return
	}
	b.paint("stroke", s.Stroke)
	b.attr("stroke-width", s.Width)
	switch s.Cap {
	case RoundCap:
		b.str(` stroke-linecap="round"`)
	case SquareCap:
		b.str(` stroke-linecap="square"`)
	}
	switch s.Join {
	case RoundJoin:
		b.str(` stroke-linejoin="round"`)
	case BevelJoin:
		b.str(` stroke-linejoin="bevel"`)
	}
	if len(s.Dash) > 0 {
		b.str(` stroke-dasharray="`)
		for i, d := range s.Dash {
			if i > 0 {
				b.byte(' ')
			}
			b.num(d)
		}
		b.byte('"')
	}
}

func (b *svgBuf) path(p *Path) {
	b.str("<path")
	b.meta(&p.Meta)
	b.str(` d="`)
	for i, poly := range p.Polys {
		for j, pt := range poly {
			switch {
			case j == 0 && i == 0:
				b.byte('M')
			case j == 0:
				b.str(" M")
			default:
				b.str(" L")
			}
			b.num(pt.X)
			b.byte(' ')
			b.num(pt.Y)
		}
		if p.Closed && len(poly) > 0 {
			b.str(" Z")
		}
	}
	b.byte('"')
	b.style(p.Style)
	b.str("/>\n")
}
