package render_test

import (
	"bytes"
	"fmt"
	"image/png"
	"os"
	"strings"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/render"
)

// Draw a 4×4 puzzle with its solution and write it as SVG. The same scene
// gives the PNG.
func ExampleDraw() {
	puzzle, _ := board.Parse("1...\n..2.\n.3..\n...4\n")
	solution, _ := board.Parse("1243\n3421\n4312\n2134\n")
	sc, err := render.Draw(&render.Picture{Puzzle: puzzle, Solution: solution, Title: "4×4"}, render.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	var svg strings.Builder
	if err := sc.WriteSVG(&svg); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(strings.SplitN(svg.String(), "\n", 2)[0])
	fmt.Println(len(sc.Find("digit given")), "givens,", len(sc.Find("digit solved")), "solved digits")

	var pngData bytes.Buffer
	if err := sc.WritePNG(&pngData, 1); err != nil {
		fmt.Println(err)
		return
	}
	img, _ := png.Decode(&pngData)
	fmt.Println("PNG", img.Bounds().Dx(), "x", img.Bounds().Dy())
	// Output:
	// <svg xmlns="http://www.w3.org/2000/svg" width="172" height="172" viewBox="0 0 172 172" font-family="sans-serif" role="img">
	// 4 givens, 12 solved digits
	// PNG 172 x 172
}

// A scene can be built by hand and written as SVG.
func ExampleScene_WriteSVG() {
	sc := &render.Scene{Width: 40, Height: 40}
	sc.Add(
		&render.Circle{C: render.Pt(20, 20), R: 16, Style: render.Style{Fill: render.Hex("#cfcfcf")}},
		&render.Text{At: render.Pt(20, 27), Size: 20, Color: render.RGB(0, 0, 0), Text: "7"},
	)
	sc.WriteSVG(os.Stdout)
	// Output:
	// <svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40" font-family="sans-serif" role="img">
	// <circle cx="20" cy="20" r="16" fill="#cfcfcf"/>
	// <text x="20" y="27" font-size="20" text-anchor="middle" fill="#000000">7</text>
	// </svg>
}
