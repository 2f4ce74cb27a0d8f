package render

import (
	"fmt"
	"math"

	"github.com/satdoku/satdoku/variant"
)

// This file draws one step of a logical solve over the candidates: the
// cells it uses shaded, the candidates it relies on ringed, the digits it
// places on green, the candidates it removes on red and struck out, and
// the links of its chain (strong solid, weak dashed) from candidate to
// candidate, the houses it names outlined, and the rule instances it
// relies on (a cage, a thermometer: a variant step, or the several
// instances of a step found by SAT) shaded and outlined. Package render
// knows nothing of the logical solver: the caller fills a Step from its
// own step value.

// Step is a logical step to draw (Picture.Step). Every cell is r·N + c and
// every digit 1..N; the candidates are drawn from Picture.Candidates, so a
// step's marks show where the candidates it names are.
type Step struct {
	Cells      []int      // the cells the step uses: shaded
	Used       []Mark     // the candidates it relies on: ringed
	Placed     []Mark     // the digits it places: on green
	Eliminated []Mark     // the candidates it removes: on red, struck out
	Links      []StepLink // the chain's links, in order
	// Houses are the cells of each house the step names (a row, a box):
	// each is outlined.
	Houses [][]int
	// Rules are the rule instances the step relies on, as indexes into
	// Picture.Variant.Rules: their cells are shaded and outlined.
	Rules []int
	// Text, if not empty, is the step in words: the legend's label of its
	// cells.
	Text string
}

// Mark is one candidate: a digit in a cell.
type Mark struct{ Cell, Digit int }

// StepLink is a link of a chain between two nodes, each a digit in one
// or more cells (a grouped node); strong links are drawn solid, weak ones
// dashed.
type StepLink struct {
	FromDigit, ToDigit int
	From, To           []int
	Strong             bool
}

// Colours and words of a step.
var (
	stepCellColor   = Alpha(Hex("#ffe08a"), 0.55)
	stepUsedColor   = Hex("#1d6ae5")
	stepPlacedColor = Alpha(Hex("#34c759"), 0.6)
	stepElimColor   = Alpha(Hex("#ff3b30"), 0.45)
	stepStrikeColor = Hex("#c1121f")
	stepLinkColor   = Alpha(Hex("#7a3db8"), 0.85)
	stepHouseColor  = Alpha(Hex("#1d6ae5"), 0.7)
	stepRuleColor   = Alpha(Hex("#ff9500"), 0.3)
	stepRuleLine    = Hex("#e07800")
	stepCellLabel   = "cells the step uses"
	stepRuleLabel   = "rules the step relies on"
)

// checkStep reports a step that names a cell or digit off the board, or
// a rule the picture's variant puzzle (v, nil for none) does not have.
func checkStep(s *Step, n int, v *variant.Puzzle) error {
	if s == nil {
		return nil
	}
	bad := func(cell, digit int) bool { return cell < 0 || cell >= n*n || digit < 1 || digit > n }
	for _, c := range s.Cells {
		if bad(c, 1) {
			return fmt.Errorf("%w: step cell %d out of range", ErrPicture, c)
		}
	}
	for _, h := range s.Houses {
		for _, c := range h {
			if bad(c, 1) {
				return fmt.Errorf("%w: step house cell %d out of range", ErrPicture, c)
			}
		}
	}
	for _, i := range s.Rules {
		if v == nil {
			return fmt.Errorf("%w: a step names rule %d, and the picture has no variant puzzle", ErrPicture, i)
		}
		if i < 0 || i >= len(v.Rules) || v.Rules[i] == nil {
			return fmt.Errorf("%w: step rule %d out of range", ErrPicture, i)
		}
	}
	for _, ms := range [][]Mark{s.Used, s.Placed, s.Eliminated} {
		for _, m := range ms {
			if bad(m.Cell, m.Digit) {
				return fmt.Errorf("%w: step candidate %d in cell %d out of range", ErrPicture, m.Digit, m.Cell)
			}
		}
	}
	for _, l := range s.Links {
		if len(l.From) == 0 || len(l.To) == 0 || bad(0, l.FromDigit) || bad(0, l.ToDigit) {
			return fmt.Errorf("%w: a step link without cells, or with a digit out of range", ErrPicture)
		}
		for _, c := range append(append([]int(nil), l.From...), l.To...) {
			if bad(c, 1) {
				return fmt.Errorf("%w: step link cell %d out of range", ErrPicture, c)
			}
		}
	}
	return nil
}

// stepShading is the highlight of the step's rule instances and of its
// cells.
func (d *drawing) stepShading() []Highlight {
	s := d.p.Step
	if s == nil {
		return nil
	}
	var out []Highlight
	for _, i := range s.Rules {
		r := d.p.Variant.Rules[i]
		out = append(out, Highlight{Cells: d.onBoard(r.Scope(d.p.Variant)), Color: stepRuleColor, Class: "highlight step rule " + r.Name(), Label: stepRuleLabel})
	}
	if len(s.Cells) > 0 {
		label := s.Text
		if label == "" {
			label = stepCellLabel
		}
		out = append(out, Highlight{Cells: s.Cells, Color: stepCellColor, Class: "highlight step", Label: label})
	}
	return out
}

// stepOutlines draws the outlines of the step's houses and rule
// instances, inside the cells' boundary (a cage's own dashed outline
// stays visible outside it).
func (d *drawing) stepOutlines() {
	s := d.p.Step
	for _, h := range s.Houses {
		d.add(layerCages, &Path{Meta: Meta{Class: "step house", Cells: h}, Polys: outline(d.n, h, d.l, d.cs(0.04)), Closed: true,
			Style: Style{Stroke: stepHouseColor, Width: d.cs(0.035), Join: RoundJoin}})
	}
	for _, i := range s.Rules {
		r := d.p.Variant.Rules[i]
		cells := d.onBoard(r.Scope(d.p.Variant))
		if len(cells) == 0 {
			continue
		}
		d.add(layerCages, &Path{Meta: Meta{Class: "step rule " + r.Name(), Cells: cells}, Polys: outline(d.n, cells, d.l, d.cs(0.12)), Closed: true,
			Style: Style{Stroke: stepRuleLine, Width: d.cs(0.05), Join: RoundJoin}})
	}
}

// step draws the step's candidates and links.
func (d *drawing) step() {
	s := d.p.Step
	if s == nil {
		return
	}
	d.stepOutlines()
	cs := d.l.Cell
	disc := func(m Mark, class string, col Style) {
		at, size := d.markSpot(m.Cell, m.Digit-1)
		d.add(layerHighlight, &Circle{Meta: Meta{Class: class, Cells: []int{m.Cell}}, C: at, R: 0.62 * size, Style: col})
	}
	for _, m := range s.Used {
		disc(m, "step used", Style{Stroke: stepUsedColor, Width: 0.03 * cs})
	}
	for _, m := range s.Placed {
		disc(m, "step placement", Style{Fill: stepPlacedColor})
	}
	for _, m := range s.Eliminated {
		disc(m, "step elimination", Style{Fill: stepElimColor})
		at, size := d.markSpot(m.Cell, m.Digit-1)
		h := 0.5 * size
		d.add(layerDigits, &Path{Meta: Meta{Class: "step strike", Cells: []int{m.Cell}},
			Polys: [][]Point{{{at.X - h, at.Y + h}, {at.X + h, at.Y - h}}},
			Style: Style{Stroke: stepStrikeColor, Width: 0.035 * cs, Cap: RoundCap}})
	}
	for _, l := range s.Links {
		a, ra := d.nodeSpot(l.FromDigit, l.From)
		b, rb := d.nodeSpot(l.ToDigit, l.To)
		dx, dy := b.X-a.X, b.Y-a.Y
		dist := math.Hypot(dx, dy)
		if dist <= ra+rb {
			continue // two marks of one cell, side by side: nothing to draw between
		}
		ux, uy := dx/dist, dy/dist
		st := Style{Stroke: stepLinkColor, Width: 0.03 * cs, Cap: RoundCap}
		class := "step link strong"
		if !l.Strong {
			st.Dash = []float64{0.08 * cs, 0.06 * cs}
			class = "step link weak"
		}
		cells := append(append([]int(nil), l.From...), l.To...)
		d.add(layerDigits, &Path{Meta: Meta{Class: class, Cells: cells},
			Polys: [][]Point{{{a.X + ux*ra, a.Y + uy*ra}, {b.X - ux*rb, b.Y - uy*rb}}}, Style: st})
	}
}

// nodeSpot returns the centre of a node's marks (their mean) and the
// radius to keep clear around it.
func (d *drawing) nodeSpot(digit int, cells []int) (Point, float64) {
	var x, y, size float64
	for _, c := range cells {
		at, s := d.markSpot(c, digit-1)
		x, y, size = x+at.X, y+at.Y, s
	}
	k := float64(len(cells))
	return Point{x / k, y / k}, 0.7 * size
}
