package render

import "math"

// This file turns strokes into polygons, so that the PNG renderer only ever
// fills: a stroke is the union of one quadrilateral per segment, a piece per
// join and a piece per cap. Every piece is wound the same way round, so the
// rasteriser (which adds up signed coverage and clamps it to 1) paints their
// union once, as SVG's nonzero rule does.

// miterLimit is SVG's default stroke-miterlimit.
const miterLimit = 4

// strokePolys returns the polygons covering the stroke of polyline pts
// (closed when closed is true) with the given style, scaled by k.
func strokePolys(pts []Point, closed bool, st Style, k float64) [][]Point {
	pts = dedupe(pts)
	if closed && len(pts) > 1 && pts[0] == pts[len(pts)-1] {
		pts = pts[:len(pts)-1]
	}
	if len(st.Dash) > 0 {
		var out [][]Point
		if closed && len(pts) > 1 {
			pts = append(pts[:len(pts):len(pts)], pts[0])
		}
		for _, d := range dashes(pts, st.Dash) {
			out = append(out, strokeOpen(d, st, k)...)
		}
		return out
	}
	if closed && len(pts) > 2 {
		return strokeClosed(pts, st, k)
	}
	return strokeOpen(pts, st, k)
}

func dedupe(pts []Point) []Point {
	out := make([]Point, 0, len(pts))
	for i, p := range pts {
		if i == 0 || p != pts[i-1] {
			out = append(out, p)
		}
	}
	return out
}

// dashes cuts the polyline into its dashes, as SVG's stroke-dasharray does
// (an odd-length pattern is repeated to make it even).
func dashes(pts []Point, pattern []float64) [][]Point {
	pat := pattern
	if len(pat)%2 == 1 {
		pat = append(append([]float64{}, pat...), pat...)
	}
	total := 0.0
	for _, d := range pat {
		if d < 0 {
			return [][]Point{pts}
		}
		total += d
	}
	if total <= 0 {
		return [][]Point{pts}
	}
	var out [][]Point
	var cur []Point
	i, left, on := 0, pat[0], true // pattern index, length left in it, drawing
	if on {
		cur = []Point{pts[0]}
	}
	for s := 1; s < len(pts); s++ {
		a, b := pts[s-1], pts[s]
		segLen := b.Sub(a).Len()
		pos := 0.0
		for segLen-pos > left {
			pos += left
			p := a.Add(b.Sub(a).Mul(pos / segLen))
			if on {
				cur = append(cur, p)
				out = append(out, cur)
				cur = nil
			} else {
				cur = []Point{p}
			}
			on = !on
			i = (i + 1) % len(pat)
			left = pat[i]
		}
		left -= segLen - pos
		if on {
			cur = append(cur, b)
		}
	}
	if on && len(cur) > 1 {
		out = append(out, cur)
	}
	return out
}

// strokeOpen strokes an open polyline: segments, joins at the inner
// points, caps at both ends.
func strokeOpen(pts []Point, st Style, k float64) [][]Point {
	h := st.Width / 2
	if len(pts) == 1 {
		switch st.Cap {
		case RoundCap:
			return [][]Point{scalePoly(circlePoly(pts[0], h, k), k)}
		case SquareCap:
			p := pts[0]
			return [][]Point{scalePoly([]Point{{p.X - h, p.Y - h}, {p.X + h, p.Y - h}, {p.X + h, p.Y + h}, {p.X - h, p.Y + h}}, k)}
		}
		return nil
	}
	var out [][]Point
	for s := 1; s < len(pts); s++ {
		a, b := pts[s-1], pts[s]
		d := unit(b.Sub(a))
		if st.Cap == SquareCap {
			if s == 1 {
				a = a.Sub(d.Mul(h))
			}
			if s == len(pts)-1 {
				b = b.Add(d.Mul(h))
			}
		}
		out = append(out, segmentQuad(a, b, d, h))
	}
	for s := 1; s+1 < len(pts); s++ {
		if j := joinPiece(pts[s-1], pts[s], pts[s+1], h, st.Join, k); j != nil {
			out = append(out, j)
		}
	}
	if st.Cap == RoundCap {
		out = append(out, circlePoly(pts[0], h, k), circlePoly(pts[len(pts)-1], h, k))
	}
	return orientAndScale(out, k)
}

// strokeClosed strokes a polygon: its segments and a join at every point.
func strokeClosed(pts []Point, st Style, k float64) [][]Point {
	h := st.Width / 2
	n := len(pts)
	var out [][]Point
	for s := 0; s < n; s++ {
		a, b := pts[s], pts[(s+1)%n]
		out = append(out, segmentQuad(a, b, unit(b.Sub(a)), h))
		if j := joinPiece(a, b, pts[(s+2)%n], h, st.Join, k); j != nil {
			out = append(out, j)
		}
	}
	return orientAndScale(out, k)
}

func segmentQuad(a, b, d Point, h float64) []Point {
	n := Point{-d.Y, d.X}.Mul(h)
	return []Point{a.Add(n), b.Add(n), b.Sub(n), a.Sub(n)}
}

// joinPiece returns the piece that fills the outside of the corner at v
// between segments u→v and v→w, or nil when the segments are in line.
func joinPiece(u, v, w Point, h float64, join Join, k float64) []Point {
	d1, d2 := unit(v.Sub(u)), unit(w.Sub(v))
	cross := d1.X*d2.Y - d1.Y*d2.X
	if math.Abs(cross) < 1e-9 {
		if d1.X*d2.X+d1.Y*d2.Y < 0 && join == RoundJoin {
			return circlePoly(v, h, k) // a turn back on itself
		}
		return nil
	}
	if join == RoundJoin {
		return circlePoly(v, h, k)
	}
	sigma := -math.Copysign(1, cross)
	n1 := Point{-d1.Y, d1.X}.Mul(sigma)
	n2 := Point{-d2.Y, d2.X}.Mul(sigma)
	p1, p2 := v.Add(n1.Mul(h)), v.Add(n2.Mul(h))
	sum := n1.Add(n2)
	sl := sum.Len()
	if join == BevelJoin || sl < 1e-9 || 2/sl > miterLimit {
		return []Point{v, p1, p2}
	}
	m := v.Add(sum.Mul(2 * h / (sl * sl)))
	return []Point{v, p1, m, p2}
}

func unit(p Point) Point {
	l := p.Len()
	if l == 0 {
		return Point{}
	}
	return p.Mul(1 / l)
}

// circlePoly returns a polygon close to the circle (within about 0.1 pixel
// at scale k), wound clockwise on screen.
func circlePoly(c Point, r, k float64) []Point {
	n := circleSteps(r * k)
	out := make([]Point, n)
	for i := range out {
		a := 2 * math.Pi * float64(i) / float64(n)
		out[i] = Point{c.X + r*math.Cos(a), c.Y + r*math.Sin(a)}
	}
	return out
}

// circleSteps is the number of sides that keeps a polygon within 0.1 pixel
// of a circle of radius r pixels.
func circleSteps(r float64) int {
	if r <= 0.2 {
		return 8
	}
	n := int(math.Ceil(math.Pi / math.Acos(1-0.1/r)))
	return max(8, min(n, 512))
}

// roundRectPoly returns the outline of a rectangle with rounded corners.
func roundRectPoly(min Point, w, h, rad, k float64) []Point {
	rad = math.Min(rad, math.Min(w, h)/2)
	if rad <= 0 {
		return []Point{min, {min.X + w, min.Y}, {min.X + w, min.Y + h}, {min.X, min.Y + h}}
	}
	steps := max(2, circleSteps(rad*k)/4)
	corners := [4]struct {
		c     Point
		start float64
	}{
		{Point{min.X + w - rad, min.Y + rad}, -math.Pi / 2},
		{Point{min.X + w - rad, min.Y + h - rad}, 0},
		{Point{min.X + rad, min.Y + h - rad}, math.Pi / 2},
		{Point{min.X + rad, min.Y + rad}, math.Pi},
	}
	var out []Point
	for _, c := range corners {
		for i := 0; i <= steps; i++ {
			a := c.start + math.Pi/2*float64(i)/float64(steps)
			out = append(out, Point{c.c.X + rad*math.Cos(a), c.c.Y + rad*math.Sin(a)})
		}
	}
	return out
}

// area returns the polygon's signed area (positive when clockwise on screen).
func area(p []Point) float64 {
	s := 0.0
	for i := range p {
		a, b := p[i], p[(i+1)%len(p)]
		s += a.X*b.Y - b.X*a.Y
	}
	return s / 2
}

// orientAndScale winds every polygon clockwise on screen and scales it by k.
func orientAndScale(polys [][]Point, k float64) [][]Point {
	for i, p := range polys {
		if area(p) < 0 {
			q := make([]Point, len(p))
			for j := range p {
				q[j] = p[len(p)-1-j]
			}
			p = q
		}
		polys[i] = scalePoly(p, k)
	}
	return polys
}

func scalePoly(p []Point, k float64) []Point {
	out := make([]Point, len(p))
	for i, q := range p {
		out[i] = q.Mul(k)
	}
	return out
}
