package render

// beside draws a picture with two solutions (Picture.Second): the grid
// twice, side by side, the first solution on the left and the second on
// the right, each with a heading, so that both are read in full.
func beside(p *Picture, o Options) (*Scene, error) {
	first, second := *p, *p
	first.Second, second.Second = nil, nil
	second.Solution = p.Second
	left, err := Draw(&first, o)
	if err != nil {
		return nil, err
	}
	right, err := Draw(&second, o)
	if err != nil {
		return nil, err
	}
	cs := o.CellSize
	if cs <= 0 {
		cs = DefaultCellSize
	}
	head := 0.6 * cs
	sc := &Scene{Width: left.Width + right.Width, Height: head + max(left.Height, right.Height), Title: p.Title, Background: left.Background}
	for k, part := range []*Scene{left, right} {
		dx := float64(k) * left.Width
		label := [...]string{"First solution", "Second solution"}[k]
		sc.Add(&Text{Meta: Meta{Class: "heading"}, At: Point{dx + part.Width/2, head*0.8 + 0.05*cs}, Size: 0.36 * cs, Anchor: Middle, Bold: true, Color: inkColor, Text: label})
		for _, it := range part.Items {
			sc.Add(moved(it, Point{dx, head}))
		}
	}
	return sc, nil
}

// moved returns a copy of an item moved by v.
func moved(it Item, v Point) Item {
	switch it := it.(type) {
	case *Path:
		c := *it
		c.Polys = make([][]Point, len(it.Polys))
		for i, poly := range it.Polys {
			c.Polys[i] = make([]Point, len(poly))
			for j, p := range poly {
				c.Polys[i][j] = p.Add(v)
			}
		}
		return &c
	case *Circle:
		c := *it
		c.C = c.C.Add(v)
		return &c
	case *Rect:
		c := *it
		c.Min = c.Min.Add(v)
		return &c
	case *Text:
		c := *it
		c.At, c.Pivot = c.At.Add(v), c.Pivot.Add(v)
		return &c
	}
	return it
}
