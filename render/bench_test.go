package render

import "testing"

// BenchmarkDraw64 draws a 64×64 board with pencil marks and writes its SVG.
func BenchmarkDraw64(b *testing.B) {
	var pic *Picture
	for _, c := range testCases(b) {
		if c.pic.Puzzle.Side() == 64 {
			pic = c.pic
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		sc, err := Draw(pic, Options{})
		if err != nil {
			b.Fatal(err)
		}
		sc.AppendSVG(nil)
	}
}
