package web

import (
	"bytes"
	"context"
	"net/http"
	"os"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/engine"
	"github.com/satdoku/satdoku/fpuzzles"
	"github.com/satdoku/satdoku/input"
	"github.com/satdoku/satdoku/internal/testpuzzles"
	"github.com/satdoku/satdoku/variant"
	"github.com/satdoku/satdoku/variant/varianttest"
)

// bruteVariant solves a small variant puzzle by listing the classic
// completions of its givens and keeping those that pass variant.Check:
// slow, and independent of any engine.
func bruteVariant(ctx context.Context, vp *variant.Puzzle, o engine.Options) engine.Result {
	limit := max(o.Limit, 1)
	var sols []*board.Board
	varianttest.Completions(vp, 1<<20, func(g *board.Board) bool {
		if variant.Check(vp, g) == nil {
			sols = append(sols, g.Clone())
		}
		return len(sols) < max(limit, 2) && ctx.Err() == nil
	})
	res := engine.Result{Engine: "brute"}
	if len(sols) == 0 {
		res.Status = engine.NoSolution
		return res
	}
	res.Status, res.Solution = engine.Solved, sols[0]
	if len(sols) > 1 && o.Limit >= 2 {
		res.Second = sols[1]
	}
	if o.Limit >= 2 {
		res.Count = min(len(sols), limit)
	}
	return res
}

func TestVariantRender(t *testing.T) {
	t.Parallel()
	srv, _ := newTestServer(t, Config{})
	code, _, resp := post(t, srv, "/api/render", Request{Puzzle: classic, Rules: "diagonals, windoku"})
	if code != 200 || len(resp.Rules) != 6 || !strings.Contains(resp.Rules[0], "diagonal") {
		t.Fatalf("%d %+v", code, resp)
	}
	for _, class := range []string{`class="diagonal+ diagonal"`, `class="diagonal- diagonal"`, `class="extraregion"`} {
		if !strings.Contains(resp.SVG, class) {
			t.Errorf("picture without %s", class)
		}
	}
	// Jigsaw regions: the thick lines follow them.
	six := strings.Repeat(".", 36)
	code, _, resp = post(t, srv, "/api/render", Request{Puzzle: six, Box: "2x3", Regions: "111222\n131224\n333244\n355644\n355666\n556646\n"})
	if code != 400 || !strings.Contains(resp.Error, "regions") {
		t.Errorf("regions of the wrong sizes: %d %+v", code, resp)
	}
	code, _, resp = post(t, srv, "/api/render", Request{Puzzle: six, Box: "2x3", Regions: "111222\n111222\n333444\n333444\n555666\n555666\n"})
	if code != 200 || checkSVG(t, resp.SVG) != 0 {
		t.Errorf("box-shaped regions: %d %+v", code, resp.Error)
	}
	for _, tc := range []struct {
		req  Request
		want string
	}{
		{Request{Puzzle: classic, Rules: "diagonals,kings"}, "unknown rule"},
		{Request{Puzzle: classic, Regions: "12\n21\n"}, "regions"},
	} {
		if code, _, resp := post(t, srv, "/api/render", tc.req); code != 400 || !strings.Contains(resp.Error, tc.want) {
			t.Errorf("%+v: %d %q", tc.req, code, resp.Error)
		} else if n := strings.Count(resp.Error, "known:"); n > 1 {
			t.Errorf("%+v: the known rules are listed %d times: %q", tc.req, n, resp.Error)
		}
	}
	// A clash inside a region is marked, as a clash in a box is.
	clash := "1" + strings.Repeat(".", 4) + "1" + strings.Repeat(".", 10) // r1c1 and r2c2, one region
	code, _, resp = post(t, srv, "/api/render", Request{Puzzle: clash, Regions: "1122\n1122\n3344\n3344\n"})
	if code != 200 || !strings.Contains(resp.SVG, `class="highlight conflict" data-cells="0 5"`) {
		t.Errorf("clash in a region: %d %s", code, resp.Error)
	}
}

func TestVariantSolve(t *testing.T) {
	t.Parallel()
	four := "1...\n....\n....\n...."
	// Without a variant solver, variant puzzles are drawn but not solved.
	srv, _ := newTestServer(t, Config{})
	if code, _, resp := post(t, srv, "/api/solve", Request{Puzzle: four, Rules: "diagonals"}); code != 501 || !strings.Contains(resp.Error, "variant rules") {
		t.Errorf("no variant solver: %d %+v", code, resp)
	}
	srv, _ = newTestServer(t, Config{SolveVariant: bruteVariant, Candidates: bruteCandidates})
	code, _, resp := post(t, srv, "/api/solve", Request{Puzzle: four, Rules: "diagonals", Count: 2})
	if code != 200 || resp.Status != StatusSolved || resp.Engine != "brute" || resp.Unique == nil || *resp.Unique {
		t.Fatalf("%d %+v", code, resp)
	}
	vp := variant.New(board.Square(2))
	vp.Givens.Cells[0] = 1
	vp.Rules, _ = variant.ParseRules("diagonals", vp.Givens.Shape)
	for _, sol := range []any{resp.Solution, resp.Second} {
		if err := variant.Check(vp, boardOf(t, sol)); err != nil {
			t.Errorf("solution breaks a rule: %v", err)
		}
	}
	if !strings.Contains(resp.SVG, "diagonal+") || resp.SVGSecond == "" {
		t.Error("pictures without the diagonals or the second solution")
	}
	// True candidates of a variant puzzle.
	code, _, resp = post(t, srv, "/api/solve", Request{Puzzle: four, Rules: "diagonals", Candidates: true})
	if code != 200 || resp.Status != StatusSolved || len(resp.Candidates) != 16 || len(resp.Candidates[0]) != 1 {
		t.Errorf("candidates: %d %+v", code, resp)
	}
	// A solver whose answer breaks a rule is caught.
	liar := func(ctx context.Context, vp *variant.Puzzle, o engine.Options) engine.Result {
		b, _ := board.Parse("1234\n3412\n2143\n4321\n") // a valid 4×4 whose diagonal repeats
		return engine.Result{Status: engine.Solved, Solution: b, Engine: "liar"}
	}
	srv, _ = newTestServer(t, Config{SolveVariant: liar})
	code, _, resp = post(t, srv, "/api/solve", Request{Puzzle: four, Rules: "diagonal-"})
	if code != 200 || resp.Status != StatusError || !strings.Contains(resp.Error, "breaks a rule") || resp.Solution != nil {
		t.Errorf("lying solver: %d %+v", code, resp)
	}
}

func TestFPuzzlesInput(t *testing.T) {
	t.Parallel()
	const snarf = "S<J<<O<<KJ^<<^<^>^^<N<<<J^Q^S^O>>^^^>^W^<<^>^^O^<<^T^J^^^>>>^>^>^ML<S<<^^>^<^<<^<"
	// A real f-puzzles file (a 6×6 killer), as JSON and as a link.
	data, err := os.ReadFile(testpuzzles.Path("testdata/variants/dclamage/6x6-extreme-killer.json"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := fpuzzles.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	link, err := fpuzzles.URL(res.Puzzle, nil, fpuzzles.Options{})
	if err != nil {
		t.Fatal(err)
	}
	srv, _ := newTestServer(t, Config{})
	for _, input := range []string{string(data), link, strings.TrimPrefix(link, fpuzzles.LinkPrefix)} {
		code, _, resp := post(t, srv, "/api/render", Request{Puzzle: input})
		if code != 200 || resp.Size != 6 || len(resp.Rules) != len(res.Puzzle.Rules) || !strings.Contains(resp.SVG, "killercage outline") || resp.Format != "fpuzzles" {
			t.Errorf("f-puzzles render of %.30q: %d %s", input, code, resp.Error)
		}
	}
	// SudokuPad's own format: a killer written in it.
	padFile, err := os.ReadFile(testpuzzles.Path("testdata/links/sudokupad-killer.txt"))
	if err != nil {
		t.Fatal(err)
	}
	padLink := strings.TrimSpace(string(padFile[bytes.IndexByte(padFile, '\n')+1:]))
	padRes, err := input.Load(padLink)
	if err != nil {
		t.Fatal(err)
	}
	for _, input := range []string{padLink, strings.TrimPrefix(padLink, "https://sudokupad.app/")} {
		code, _, resp := post(t, srv, "/api/render", Request{Puzzle: input})
		if code != 200 || resp.Size != 9 || len(resp.Rules) != len(padRes.Puzzle.Rules) || len(resp.Rules) < 20 || !strings.Contains(resp.SVG, "killercage outline") || resp.Format != "fpuzzles" {
			t.Errorf("SudokuPad render of %.30q: %d %s", input, code, resp.Error)
		}
	}
	// A snarfable killer string: its 17 cages.
	if code, _, resp := post(t, srv, "/api/render", Request{Puzzle: snarf}); code != 200 || resp.Size != 9 || len(resp.Rules) != 17 || !strings.Contains(resp.SVG, "killercage outline") || resp.Format != "fpuzzles" {
		t.Errorf("snarfable killer render: %d %s", code, resp.Error)
	}
	// Givens typed on the page override the file's.
	g := make([]int, 36)
	g[35] = 6
	_, _, resp := post(t, srv, "/api/render", Request{Puzzle: string(data), Givens: g})
	if len(resp.Givens) != 36 || resp.Givens[35] != 6 {
		t.Errorf("typed givens over f-puzzles: %v", resp.Givens)
	}
	for _, tc := range []struct {
		req  Request
		code int
		want string
	}{
		{Request{Puzzle: string(data), Rules: "diagonals"}, 400, "own rules"},
		{Request{Puzzle: "N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLryBdZQ"}, 400, "f-puzzles"},
		{Request{Puzzle: classic, Format: "fpuzzles"}, 400, "f-puzzles"},
		{Request{Puzzle: `{"size":9,"grid":[],"jellyfish":[]}`}, 400, "f-puzzles"},
	} {
		if code, _, resp := post(t, srv, "/api/render", tc.req); code != tc.code || !strings.Contains(resp.Error, tc.want) {
			t.Errorf("%.40q: %d %q", tc.req.Puzzle, code, resp.Error)
		}
	}
	// Without a variant solver the killer is drawn but not solved.
	if code, _, _ := post(t, srv, "/api/solve", Request{Puzzle: string(data)}); code != http.StatusNotImplemented {
		t.Errorf("solving an f-puzzles killer without a variant solver: %d", code)
	}
	// With one, its answer is the puzzle's solution (testdata/variants'
	// manifest), half of it given for the brute-force stand-in to finish.
	want := board.New(board.Shape{BoxRows: 2, BoxCols: 3})
	for i, ch := range "615234423516351642264351136425542163" {
		want.Cells[i] = uint8(ch - '0')
	}
	half := digits(want)
	for i := range half {
		if i%2 == 1 {
			half[i] = 0
		}
	}
	srv, _ = newTestServer(t, Config{SolveVariant: bruteVariant})
	code, _, sol := post(t, srv, "/api/solve", Request{Puzzle: string(data), Givens: half, Picture: "none"})
	if code != 200 || sol.Status != StatusSolved || sol.Solution != string(board.AppendLine(nil, want, board.Default)) {
		t.Errorf("solved killer: %d %s %s", code, sol.Status, sol.Error)
	}
}

// TestMarksInput solves a pasted pencil-mark grid: each cell holds one of
// its candidates; a second grid, or a bad one, is a bad request.
func TestMarksInput(t *testing.T) {
	t.Parallel()
	srv, _ := newTestServer(t, Config{SolveVariant: bruteVariant, Candidates: bruteCandidates})
	grid := ".---------.\n| 12 2 | 34 4 |\n| 3 4 | 12 12 |\n| 2 1 | 34 34 |\n| 4 3 | 2 1 |\n'---------'\n"
	code, _, resp := post(t, srv, "/api/solve", Request{Puzzle: grid, Count: 2})
	if code != 200 || resp.Status != StatusSolved || resp.Unique == nil || !*resp.Unique || resp.Solution != "1234341221434321" {
		t.Fatalf("%d %+v", code, resp)
	}
	// The solved picture shows the digits; the puzzle's picture its marks.
	if _, _, drawn := post(t, srv, "/api/render", Request{Puzzle: grid}); !strings.Contains(drawn.SVG, `class="givenPencilMarks candidate"`) {
		t.Error("picture without the pencil marks")
	}
	six := "12 12 3 4 5 6\n3 4 5 6 1 2\n5 6 1 2 3 4\n2 1 4 3 6 5\n4 3 6 5 2 1\n6 5 2 1 34 34\n"
	code, _, resp = post(t, srv, "/api/solve", Request{Puzzle: six, Box: "3x2"})
	if code != 200 || resp.Status != StatusSolved || solutionDigitsOf(t, resp.Solution, board.Default)[1] != 2 {
		t.Fatalf("3×2 boxes: %d %+v", code, resp)
	}
	for _, bad := range []string{grid + grid, strings.Replace(grid, "34 34", "34 35", 1)} {
		if code, _, resp := post(t, srv, "/api/solve", Request{Puzzle: bad}); code != 400 {
			t.Errorf("%q: %d %+v", bad, code, resp)
		}
	}
}
