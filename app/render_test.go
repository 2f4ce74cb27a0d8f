package app

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/fpuzzles"
	"github.com/urfave/cli/v2"
)

// pictureApp is an application holding the render command only, run in memory like Main runs the whole one. Tests that use it do
// not run in parallel: urfave/cli writes to its shared help flag when it
// parses a command line.
func pictureApp(ctx context.Context, stdin io.Reader, stdout, stderr io.Writer, args ...string) int {
	s := &streams{stdin: stdin, stdout: stdout, stderr: stderr}
	a := &cli.App{
		Name: "satdoku", Reader: stdin, Writer: stdout, ErrWriter: stderr,
		Commands:       []*cli.Command{renderCommand(s)},
		ExitErrHandler: func(*cli.Context, error) {},
	}
	err := a.RunContext(ctx, append([]string{"satdoku"}, args...))
	if err == nil {
		return ExitOK
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.err != nil {
			io.WriteString(stderr, "satdoku: "+ee.err.Error()+"\n")
		}
		return ee.code
	}
	io.WriteString(stderr, "satdoku: "+err.Error()+"\n")
	return ExitUsage
}

func runPicture(t *testing.T, stdin string, args ...string) run {
	t.Helper()
	var out, errb bytes.Buffer
	code := pictureApp(context.Background(), strings.NewReader(stdin), &out, &errb, args...)
	return run{code, out.String(), errb.String()}
}

const (
	classic9 = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n"
	// twoWays has the classic's first two givens removed: several solutions.
	twoWays = "....7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n"
	// noWay puts a 1 at r1c3 of the classic: no solution, and no clash.
	noWay = "531.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n"
)

// svgClasses parses an SVG document and counts the elements of each class.
func svgClasses(t *testing.T, doc string) map[string]int {
	t.Helper()
	dec := xml.NewDecoder(strings.NewReader(doc))
	count := map[string]int{}
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return count
		}
		if err != nil {
			t.Fatalf("the SVG is not XML: %v\n%.300s", err, doc)
		}
		if se, ok := tok.(xml.StartElement); ok {
			for _, a := range se.Attr {
				if a.Name.Local == "class" {
					count[a.Value]++
				}
			}
		}
	}
}

func TestRenderCommand(t *testing.T) {
	r := runPicture(t, classic9, "render")
	if r.code != 0 {
		t.Fatal(r)
	}
	c := svgClasses(t, r.stdout)
	if c["digit given"] != 30 || c["digit solved"] != 51 || c["border"] != 1 {
		t.Errorf("classes %v", c)
	}

	r = runPicture(t, classic9, "render", "--show", "puzzle", "--title", "Wikipedia")
	c = svgClasses(t, r.stdout)
	if r.code != 0 || c["digit given"] != 30 || c["digit solved"] != 0 || !strings.Contains(r.stdout, "<title>Wikipedia</title>") {
		t.Errorf("puzzle only: %v\n%v", c, r)
	}

	r = runPicture(t, classic9, "render", "--show", "solution", "--engine", "backtrack")
	// The solution alone still tells the givens from the digits found.
	if c = svgClasses(t, r.stdout); r.code != 0 || c["digit given"] != 30 || c["digit solved"] != 51 {
		t.Errorf("solution only: %v\n%v", c, r)
	}

	// Both solutions, side by side, each with the cells that differ and
	// the legend.
	r = runPicture(t, twoWays, "render", "--show-second")
	if c = svgClasses(t, r.stdout); r.code != 0 || c["highlight difference"] != 2 || c["border"] != 2 || c["heading"] != 2 || c["legend label"] != 2 {
		t.Errorf("show-second: %v\n%v", c, r)
	}

	r = runPicture(t, noWay, "render", "--explain")
	if c = svgClasses(t, r.stdout); r.code != ExitNoSolution || c["highlight conflict"] != 1 || c["digit given"] != 31 || !strings.Contains(r.stderr, "no solution") {
		t.Errorf("explain: %v\n%v", c, r)
	}

	// Two puzzles: --index picks the second; 6×6 with rectangular boxes.
	six := "1 0 0 0 0 0\n0 0 0 4 0 0\n0 0 3 0 0 0\n0 5 0 0 0 0\n0 0 0 0 6 0\n0 0 0 0 0 2\n"
	r = runPicture(t, classic9+"\n"+six, "render", "--box", "2x3", "--index", "1")
	if r.code != ExitInvalid {
		t.Errorf("a 9x9 read with --box 2x3: %v", r)
	}
	r = runPicture(t, six+"\n"+six, "render", "--box", "2x3", "--index", "2")
	if c = svgClasses(t, r.stdout); r.code != 0 || c["digit"] != 0 || c["digit given"] != 6 || c["digit solved"] != 30 {
		t.Errorf("6x6: %v\n%v", c, r)
	}
}

func TestRenderPNG(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "p.txt")
	if err := os.WriteFile(in, []byte(classic9), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "p.png")
	if r := runPicture(t, "", "render", "-o", out, "--scale", "1", in); r.code != 0 || r.stdout != "" {
		t.Fatal(r)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("not a PNG: %v", err)
	}
	if b := img.Bounds(); b.Dx() != 372 || b.Dy() != 372 {
		t.Errorf("PNG is %v, want 372x372 (9 cells of 40 and margins of 6)", b)
	}
	// r1c1 holds a given 5: dark pixels at its centre.
	dark := 0
	for y := 16; y < 36; y++ {
		for x := 16; x < 36; x++ {
			if r, g, b, _ := img.At(x, y).RGBA(); r+g+b < 3*0x6000 {
				dark++
			}
		}
	}
	if dark < 20 {
		t.Errorf("%d dark pixels where the 5 is", dark)
	}

	// --format png to standard output, at a larger scale.
	r := runPicture(t, classic9, "render", "--format", "png", "--cell-size", "20")
	img, err = png.Decode(strings.NewReader(r.stdout))
	if r.code != 0 || err != nil {
		t.Fatalf("%v %v", err, r)
	}
	if b := img.Bounds(); b.Dx() != 372 {
		t.Errorf("PNG at cell size 20, scale 2: width %d", b.Dx())
	}
}

func TestRenderErrors(t *testing.T) {
	for _, tc := range []struct {
		stdin string
		args  []string
		code  int
		msg   string
	}{
		{classic9, []string{"render", "--format", "gif"}, ExitUsage, "svg or png"},
		{classic9, []string{"render", "--show", "all"}, ExitUsage, "--show"},
		{classic9, []string{"render", "--index", "0"}, ExitUsage, "--index"},
		{classic9, []string{"render", "--index", "2"}, ExitInvalid, "no puzzle 2"},
		{classic9, []string{"render", "--engine", "external"}, ExitUsage, "--engine"},
		{classic9, []string{"render", "--cell-size", "0"}, ExitUsage, "--cell-size"},
		{classic9, []string{"render", "--scale", "100"}, ExitUsage, "--scale"},
		{classic9, []string{"render", "--format", "png", "--cell-size", "1000", "--scale", "16"}, ExitUsage, "image too large"},
		{classic9, []string{"render", "a", "b"}, ExitUsage, "one puzzle"},
		{"", []string{"render"}, ExitInvalid, "no puzzle"},
		{"53..7x\n", []string{"render"}, ExitInvalid, "line 1"},
		{"", []string{"render", "/nonexistent/puzzle.txt"}, ExitError, "no such file"},
		{classic9, []string{"render", "-o", "/nonexistent/dir/p.svg"}, ExitError, "no such file"},
	} {
		r := runPicture(t, tc.stdin, tc.args...)
		if r.code != tc.code || !strings.Contains(r.stderr, tc.msg) {
			t.Errorf("%v: got %v, want exit %d with %q", tc.args, r, tc.code, tc.msg)
		}
	}
}

func TestRenderFPuzzles(t *testing.T) {
	data, err := os.ReadFile("../testdata/variants/dclamage/6x6-extreme-killer.json")
	if err != nil {
		t.Fatal(err)
	}
	res, err := fpuzzles.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	// The puzzle alone, from JSON on stdin and from a link.
	link, err := fpuzzles.URL(res.Puzzle, nil, fpuzzles.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range []string{string(data), link + "\n"} {
		r := runPicture(t, in, "render", "--show", "puzzle")
		c := svgClasses(t, r.stdout)
		if r.code != 0 || c["killercage outline"] != 6 || c["minimum"] != 1 || c["digit solved"] != 0 {
			t.Errorf("f-puzzles puzzle: %v\n%v", c, r)
		}
	}
	// Solved with every rule, by each engine.
	givens := 0
	for _, d := range res.Puzzle.Givens.Cells {
		if d != 0 {
			givens++
		}
	}
	for _, eng := range []string{"sat", "backtrack", "both"} {
		r := runPicture(t, string(data), "render", "-e", eng)
		if c := svgClasses(t, r.stdout); r.code != 0 || c["digit solved"] != 36-givens || c["killercage outline"] != 6 {
			t.Errorf("-e %s: %v\n%v", eng, c, r)
		}
	}
	if r := runPicture(t, string(data), "render", "--show", "puzzle", "--index", "2"); r.code != ExitInvalid || !strings.Contains(r.stderr, "holds 1 puzzle, so there is no puzzle 2") {
		t.Errorf("--index 2 of an f-puzzles file: %v", r)
	}
	// A file of links, one a line after a comment, holds one puzzle a
	// link: --index picks one.
	five := regexp.MustCompile(`"value":"\d+"`).ReplaceAllString(string(data), `"value":"5"`)
	res5, err := fpuzzles.Decode([]byte(five))
	if err != nil {
		t.Fatal(err)
	}
	link5, err := fpuzzles.URL(res5.Puzzle, nil, fpuzzles.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for i, fives := range []int{2, 5} { // the sums of 5 in each
		r := runPicture(t, "# from https://www.f-puzzles.com\n"+link+"\n"+link5+"\n", "render", "--show", "puzzle", "--index", fmt.Sprint(i+1))
		if c := svgClasses(t, r.stdout); r.code != 0 || c["killercage outline"] != 6 || strings.Count(r.stdout, ">5</text>") != fives {
			t.Errorf("--index %d of two links: %v\n%v", i+1, c, r)
		}
	}
	// The cages without their sums leave several solutions: --show-second
	// marks where two differ, --candidates draws pencil marks.
	open := regexp.MustCompile(`"value":"\d+"`).ReplaceAllString(string(data), `"value":""`)
	if r := runPicture(t, open, "render", "--show-second"); r.code != 0 || svgClasses(t, r.stdout)["highlight difference"] == 0 {
		t.Errorf("--show-second: %v", r)
	}
	r := runPicture(t, open, "render", "--candidates")
	if c := svgClasses(t, r.stdout); r.code != 0 || c["candidate"] <= 36-givens || c["digit solved"] != 0 {
		t.Errorf("--candidates: %v\n%v", c, r)
	}
	// A killer cage of two cells that cannot hold its sum: no solution,
	// and --explain marks the cage.
	broken := strings.Replace(string(data), `"killercage":[`, `"killercage":[{"cells":["R1C1","R1C2"],"value":"2"},`, 1)
	r = runPicture(t, broken, "render", "--explain")
	if c := svgClasses(t, r.stdout); r.code != ExitNoSolution || c["highlight conflict rule killercage"] == 0 || !strings.Contains(r.stderr, "rules") {
		t.Errorf("--explain: %v\n%v", c, r)
	}
	if r := runPicture(t, `{"size":9,"grid":[]}`, "render", "--show", "puzzle"); r.code != ExitInvalid || !strings.Contains(r.stderr, "f-puzzles") {
		t.Errorf("broken f-puzzles JSON: %v", r)
	}
}

// TestRenderInputs: render tells its inputs apart as solve does: a
// classic file whose comment holds a link is classic, and a pencil-mark
// grid is drawn with its marks.
func TestRenderInputs(t *testing.T) { // not parallel: see pictureApp
	classic := "# From http://magictour.free.fr/sudoku.htm\n" + strings.Repeat(".", 80) + "1\n"
	if r := runPicture(t, classic, "render", "--show", "puzzle"); r.code != 0 || svgClasses(t, r.stdout)["digit given"] != 1 {
		t.Errorf("a classic file with a link in a comment: %v", r)
	}
	grid := ".---------.\n| 12 2 | 34 4 |\n| 3 4 | 12 12 |\n| 2 1 | 34 34 |\n| 4 3 | 2 1 |\n'---------'\n"
	r := runPicture(t, grid, "render")
	if c := svgClasses(t, r.stdout); r.code != 0 || c["digit solved"] != 6 {
		t.Errorf("a pencil-mark grid: %v\n%v", c, r)
	}
	// The marks, two in each of six cells, in the layout of every
	// candidate; a solved picture shows the digits in their place.
	r = runPicture(t, grid, "render", "--show", "puzzle")
	if c := svgClasses(t, r.stdout); r.code != 0 || c["givenPencilMarks candidate"] != 12 {
		t.Errorf("a pencil-mark grid's marks: %v\n%v", c, r)
	}
}
