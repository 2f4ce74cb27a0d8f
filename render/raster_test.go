package render

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/internal/race"
)

// at returns the non-premultiplied colour of a pixel.
func at(img image.Image, x, y int) color.NRGBA {
	return color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
}

func dark(c color.NRGBA) bool  { return int(c.R)+int(c.G)+int(c.B) < 3*100 }
func white(c color.NRGBA) bool { return c.R > 250 && c.G > 250 && c.B > 250 }

// inkIn counts the pixels of a square around p (in scene units at scale k)
// that are not white.
func inkIn(img image.Image, p Point, half, k float64, pred func(color.NRGBA) bool) int {
	cnt := 0
	for y := int((p.Y - half) * k); y <= int((p.Y+half)*k); y++ {
		for x := int((p.X - half) * k); x <= int((p.X+half)*k); x++ {
			if pred(at(img, x, y)) {
				cnt++
			}
		}
	}
	return cnt
}

func decodePNG(t testing.TB, sc *Scene, scale float64) image.Image {
	t.Helper()
	var buf bytes.Buffer
	if err := sc.WritePNG(&buf, scale); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatalf("the PNG does not decode: %v", err)
	}
	w, h := int(math.Ceil(sc.Width*scale-1e-6)), int(math.Ceil(sc.Height*scale-1e-6))
	if b := img.Bounds(); b.Dx() != w || b.Dy() != h {
		t.Fatalf("PNG is %dx%d, want %dx%d", b.Dx(), b.Dy(), w, h)
	}
	return img
}

func TestPNGDigits(t *testing.T) {
	t.Parallel()
	race.SkipSequential(t)
	pz, _ := board.Parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	sol, _ := board.Parse("534678912672195348198342567859761423426853791713924856961537284287419635345286179")
	for _, scale := range []float64{1, 2} {
		for _, show := range []Show{Both, PuzzleOnly} {
			t.Run(fmt.Sprintf("%v/%v", scale, show), func(t *testing.T) {
				sc, err := Draw(&Picture{Puzzle: pz, Solution: sol, Highlights: []Highlight{Difference([]int{2})}}, Options{Show: show})
				if err != nil {
					t.Fatal(err)
				}
				img := decodePNG(t, sc, scale)
				l := Layout{N: 9, Cell: DefaultCellSize, Origin: Pt(plainPad*DefaultCellSize, plainPad*DefaultCellSize)}
				blue := func(c color.NRGBA) bool { return c.B > 150 && c.R < 150 && int(c.B)-int(c.R) > 60 }
				for i := range pz.Cells {
					c := l.CellCenter(i)
					darkInk := inkIn(img, c, 8, scale, dark)
					blueInk := inkIn(img, c, 8, scale, blue)
					switch {
					case pz.Cells[i] != 0:
						if darkInk < int(15*scale*scale) {
							t.Errorf("given at cell %d: %d dark pixels", i, darkInk)
						}
					case show == Both:
						if blueInk < int(10*scale*scale) || darkInk > blueInk/4 {
							t.Errorf("solved digit at cell %d: %d blue, %d dark pixels", i, blueInk, darkInk)
						}
					default:
						if n := inkIn(img, c, 8, scale, func(c color.NRGBA) bool { return !white(c) }); n != 0 && i != 2 {
							t.Errorf("blank cell %d: %d inked pixels", i, n)
						}
					}
				}
				// The highlighted cell keeps its colour away from its digit.
				corner := l.Corner(0, 2).Add(Pt(5, 5))
				got := at(img, int(corner.X*scale), int(corner.Y*scale))
				want := over(DifferenceColor, paperColor)
				if colorDist(got, want) > 6 {
					t.Errorf("highlight pixel %v, want about %v", got, want)
				}
				// Paper outside the grid.
				if got := at(img, 1, 1); !white(got) {
					t.Errorf("margin pixel %v", got)
				}
			})
		}
	}
}

// over blends a translucent colour over an opaque one.
func over(top, bottom color.NRGBA) color.NRGBA {
	a := float64(top.A) / 255
	mix := func(x, y uint8) uint8 { return uint8(math.Round(float64(x)*a + float64(y)*(1-a))) }
	return color.NRGBA{mix(top.R, bottom.R), mix(top.G, bottom.G), mix(top.B, bottom.B), 255}
}

func colorDist(a, b color.NRGBA) int {
	d := func(x, y uint8) int {
		if x > y {
			return int(x - y)
		}
		return int(y - x)
	}
	return max(d(a.R, b.R), d(a.G, b.G), d(a.B, b.B), d(a.A, b.A))
}

func TestPNGEverySize(t *testing.T) {
	t.Parallel()
	race.SkipSequential(t)
	for _, tc := range testCases(t) {
		t.Run(tc.name, func(t *testing.T) {
			if testing.Short() && tc.pic.Puzzle.Side() > 25 {
				t.Skip("boards over 25x25 take seconds to check pixel by pixel; run without -short")
			}
			sc, err := Draw(tc.pic, Options{Alphabet: tc.alpha, CellSize: 24})
			if err != nil {
				t.Fatal(err)
			}
			img := decodePNG(t, sc, 1)
			// The outer border is drawn: the grid's top-left corner is dark.
			b := sc.Find("border")[0].(*Rect)
			if c := at(img, int(b.Min.X), int(b.Min.Y)); !dark(c) {
				t.Errorf("border corner pixel %v", c)
			}
			// Every cell centre has ink (every cell shows a digit).
			n := tc.pic.Puzzle.Side()
			l := Layout{N: n, Cell: b.W / float64(n), Origin: b.Min}
			for i := 0; i < n*n; i++ {
				if inkIn(img, l.CellCenter(i), 4, 1, func(c color.NRGBA) bool { return c.R < 128 || c.G < 128 }) == 0 {
					t.Fatalf("cell %d: no ink", i)
				}
			}
		})
	}
}

func TestRasterTooLarge(t *testing.T) {
	sc := &Scene{Width: 10000, Height: 10000}
	if _, err := sc.Rasterize(1); !errors.Is(err, ErrTooLarge) {
		t.Errorf("err = %v, want ErrTooLarge", err)
	}
	sc = &Scene{Width: 0, Height: 10}
	if _, err := sc.Rasterize(1); !errors.Is(err, ErrTooLarge) {
		t.Errorf("empty scene: err = %v", err)
	}
}

// strokeScene draws one path on a 60×40 canvas at scale 1.
func strokeScene(t *testing.T, it Item) *image.RGBA {
	t.Helper()
	sc := &Scene{Width: 60, Height: 40, Background: paperColor}
	sc.Add(it)
	img, err := sc.Rasterize(1)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

func TestStrokeCaps(t *testing.T) {
	line := func(c Cap) *Path {
		return &Path{Polys: [][]Point{{{10, 20}, {50, 20}}}, Style: Style{Stroke: RGB(0, 0, 0), Width: 6, Cap: c}}
	}
	for _, tc := range []struct {
		cap        Cap
		x, y       int
		wantInk    bool
		whereInCap string
	}{
		{ButtCap, 30, 18, true, "body"},
		{ButtCap, 30, 24, false, "beside"},
		{ButtCap, 8, 20, false, "beyond the end"},
		{SquareCap, 8, 18, true, "square corner"},
		{SquareCap, 5, 20, false, "beyond the square"},
		{RoundCap, 8, 20, true, "round tip"},
		{RoundCap, 7, 17, false, "outside the round corner"},
	} {
		img := strokeScene(t, line(tc.cap))
		if got := !white(at(img, tc.x, tc.y)); got != tc.wantInk {
			t.Errorf("cap %d, %s (%d,%d): ink %v, want %v", tc.cap, tc.whereInCap, tc.x, tc.y, got, tc.wantInk)
		}
	}
}

func TestStrokeJoins(t *testing.T) {
	corner := func(j Join) *Path {
		return &Path{Polys: [][]Point{{{10, 30}, {30, 10}, {50, 30}}}, Style: Style{Stroke: RGB(0, 0, 0), Width: 6, Join: j}}
	}
	// A right angle: the miter tip is √2·3 ≈ 4.2 above the corner.
	tip := func(j Join) bool { return !white(at(strokeScene(t, corner(j)), 30, 6)) }
	if !tip(MiterJoin) {
		t.Error("miter join: no tip")
	}
	if tip(BevelJoin) {
		t.Error("bevel join: has a tip")
	}
	if tip(RoundJoin) {
		t.Error("round join: reaches the miter tip")
	}
	// Every join fills the outer corner just above the vertex.
	for _, j := range []Join{MiterJoin, BevelJoin, RoundJoin} {
		if white(at(strokeScene(t, corner(j)), 30, 8)) {
			t.Errorf("join %d: gap at the corner", j)
		}
	}
}

func TestDashes(t *testing.T) {
	got := dashes([]Point{{0, 0}, {10, 0}, {10, 10}}, []float64{4, 3})
	// 20 units of 4 on, 3 off: dashes at 0-4, 7-11 (round the corner),
	// 14-18.
	want := [][]Point{{{0, 0}, {4, 0}}, {{7, 0}, {10, 0}, {10, 1}}, {{10, 4}, {10, 8}}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("dashes = %v\nwant %v", got, want)
	}
	// An odd pattern repeats: 2 on, 2 off.
	if got := dashes([]Point{{0, 0}, {8, 0}}, []float64{2}); len(got) != 2 {
		t.Errorf("odd pattern: %v", got)
	}
	// Dashed stroke in pixels: the ink comes and goes.
	img := strokeScene(t, &Path{Polys: [][]Point{{{5, 20}, {55, 20}}}, Style: Style{Stroke: RGB(0, 0, 0), Width: 2, Dash: []float64{5, 5}}})
	runs, inRun := 0, false
	for x := 0; x < 60; x++ {
		ink := dark(at(img, x, 20))
		if ink && !inRun {
			runs++
		}
		inRun = ink
	}
	if runs != 5 {
		t.Errorf("%d dashes drawn, want 5", runs)
	}
}

func TestTextAnchors(t *testing.T) {
	for _, a := range []Anchor{Start, Middle, End} {
		img := strokeScene(t, &Text{At: Pt(30, 28), Size: 20, Anchor: a, Color: RGB(0, 0, 0), Text: "88"})
		minX, maxX := 60, -1
		for y := 0; y < 40; y++ {
			for x := 0; x < 60; x++ {
				if dark(at(img, x, y)) {
					minX, maxX = min(minX, x), max(maxX, x)
				}
			}
		}
		w := TextWidth("88", 20, false)
		var lo, hi float64
		switch a {
		case Start:
			lo, hi = 30, 30+w
		case Middle:
			lo, hi = 30-w/2, 30+w/2
		case End:
			lo, hi = 30-w, 30
		}
		if float64(minX) < lo-1 || float64(maxX) > hi+1 || maxX-minX < int(w/2) {
			t.Errorf("anchor %d: ink from %d to %d, want within %.1f..%.1f", a, minX, maxX, lo, hi)
		}
	}
}

func BenchmarkRasterize64(b *testing.B) {
	tc := testCases(b)
	var pic *Picture
	for _, c := range tc {
		if c.pic.Puzzle.Side() == 64 {
			pic = c.pic
		}
	}
	sc, err := Draw(pic, Options{CellSize: 24})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := sc.Rasterize(1); err != nil {
			b.Fatal(err)
		}
	}
}

func TestRotatedText(t *testing.T) {
	// A "1" is taller than wide; turned a quarter about its centre it is
	// wider than tall, in the PNG as in the SVG's transform.
	extent := func(angle float64) (w, h int) {
		img := strokeScene(t, &Text{At: Pt(30, 27), Size: 24, Color: RGB(0, 0, 0), Text: "1", Angle: angle, Pivot: Pt(30, 20)})
		minX, maxX, minY, maxY := 60, -1, 40, -1
		for y := 0; y < 40; y++ {
			for x := 0; x < 60; x++ {
				if dark(at(img, x, y)) {
					minX, maxX, minY, maxY = min(minX, x), max(maxX, x), min(minY, y), max(maxY, y)
				}
			}
		}
		return maxX - minX, maxY - minY
	}
	w0, h0 := extent(0)
	w90, h90 := extent(90)
	if !(h0 > w0 && w90 > h90 && w90 > h0-3 && w90 < h0+3) {
		t.Errorf("upright %dx%d, turned %dx%d", w0, h0, w90, h90)
	}
	sc := &Scene{Width: 10, Height: 10}
	sc.Add(&Text{At: Pt(5, 7), Size: 8, Text: "x", Color: RGB(0, 0, 0), Angle: 90, Pivot: Pt(5, 5)})
	if got := svgOf(sc); !strings.Contains(got, `transform="rotate(90 5 5)"`) {
		t.Errorf("SVG: %s", got)
	}
}
