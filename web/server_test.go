package web

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/engine"
	"github.com/satdoku/satdoku/variant"
	"github.com/satdoku/satdoku/variant/varianttest"
)

// classic is a 9×9 puzzle with one solution (Wikipedia's example).
const classic = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

// post sends a JSON body to the server and decodes the answer.
func post(t testing.TB, srv *httptest.Server, path string, body any) (int, http.Header, *Response) {
	t.Helper()
	data, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	return postRaw(t, srv, path, "application/json", data)
}

func postRaw(t testing.TB, srv *httptest.Server, path, ctype string, data []byte) (int, http.Header, *Response) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, srv.URL+path, bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", ctype)
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Fatalf("%s: Content-Type %q", path, ct)
	}
	var out Response
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		t.Fatalf("%s: answer is not JSON: %v", path, err)
	}
	return resp.StatusCode, resp.Header, &out
}

func newTestServer(t testing.TB, cfg Config) (*httptest.Server, *Handler) {
	t.Helper()
	h := NewHandler(patient(cfg))
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv, h
}

// testSolveTimeout is the time limit of a test's server unless the test
// sets one: far above any request's work on a busy machine, so that no
// test depends on how fast the machine is (DefaultSolveTimeout, 10 s, is
// a user's bound; a killer's logical path took longer at a load of 10).
const testSolveTimeout = 10 * time.Minute

// patient returns cfg with testSolveTimeout where it sets no time limit.
func patient(cfg Config) Config {
	if cfg.SolveTimeout == 0 {
		cfg.SolveTimeout = testSolveTimeout
	}
	return cfg
}

// solutionDigits returns the digits of a solution as the API writes it
// (report.Board): its line in the alphabet a, or its rows of numbers.
func solutionDigitsOf(t testing.TB, v any, a board.Alphabet) []int {
	t.Helper()
	var ds []int
	switch v := v.(type) {
	case string:
		for i := 0; i < len(v); i++ {
			d, ok := a.Digit(v[i])
			if !ok || d == 0 {
				t.Fatalf("solution %q: symbol %q is no digit of %s", v, v[i], a.Name)
			}
			ds = append(ds, d)
		}
	case []any:
		for _, row := range v {
			cells, _ := row.([]any)
			for _, c := range cells {
				f, _ := c.(float64)
				ds = append(ds, int(f))
			}
		}
	default:
		t.Fatalf("solution %v (%T): want a line or rows", v, v)
	}
	return ds
}

// boardOf turns a solution as the API writes it in the default alphabet
// into a board of side n with square boxes.
func boardOf(t testing.TB, v any) *board.Board {
	t.Helper()
	ds := solutionDigitsOf(t, v, board.Default)
	n := isqrt(len(ds))
	s, ok := board.ShapeForSide(n)
	if !ok || n*n != len(ds) {
		t.Fatalf("%d digits", len(ds))
	}
	b := board.New(s)
	for i, d := range ds {
		b.Cells[i] = uint8(d)
	}
	return b
}

// checkSVG parses the SVG with encoding/xml and returns how many digits it
// draws.
func checkSVG(t testing.TB, svg string) (digits int) {
	t.Helper()
	if !strings.HasPrefix(svg, "<svg ") {
		t.Fatalf("not an SVG: %.60q", svg)
	}
	dec := xml.NewDecoder(strings.NewReader(svg))
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return digits
		}
		if err != nil {
			t.Fatalf("SVG is not XML: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "text" {
			for _, a := range se.Attr {
				if a.Name.Local == "class" && strings.HasPrefix(a.Value, "digit") {
					digits++
				}
			}
		}
	}
}

func TestSolve(t *testing.T) {
	t.Parallel()
	srv, _ := newTestServer(t, Config{})
	code, _, resp := post(t, srv, "/api/solve", Request{Puzzle: classic})
	if code != 200 || resp.Status != StatusSolved {
		t.Fatalf("%d %+v", code, resp)
	}
	pz, _ := board.Parse(classic)
	if err := board.Verify(pz, boardOf(t, resp.Solution)); err != nil {
		t.Fatalf("solution rejected: %v", err)
	}
	if resp.Size != 9 || resp.Box != "3x3" || resp.Format != "line" || resp.Symbols != "123456789" || resp.Engine != "backtrack" { // the portfolio gives a 9×9 to the backtracker
		t.Errorf("description %+v", resp)
	}
	if want := board.AppendLine(nil, boardOf(t, resp.Solution), board.Default); resp.SolutionText != string(want)+"\n" {
		t.Errorf("solution_text %q", resp.SolutionText)
	}
	if got := checkSVG(t, resp.SVG); got != 81 {
		t.Errorf("picture draws %d digits", got)
	}
	if resp.Solutions != nil || resp.Unique != nil {
		t.Errorf("count without counting: %+v", resp)
	}
}

func TestSolveFormats(t *testing.T) {
	t.Parallel()
	srv, _ := newTestServer(t, Config{})
	pz, _ := board.Parse(classic)
	var grid, compact strings.Builder
	board.WriteGrid(&grid, pz)
	board.WriteCompact(&compact, pz, board.Default)
	six := "1 0 0 0 0 0\n0 0 0 4 0 0\n0 0 3 0 0 0\n0 5 0 0 0 0\n0 0 0 0 6 0\n0 0 0 0 0 2\n"
	for _, tc := range []struct {
		name   string
		req    Request
		format string
		size   int
	}{
		{"grid", Request{Puzzle: grid.String()}, "grid", 9},
		{"compact", Request{Puzzle: compact.String()}, "compact", 9},
		{"6x6 boxes 2x3", Request{Puzzle: six, Box: "2x3"}, "grid", 6},
		{"hex", Request{Puzzle: strings.Repeat(".", 256), Alphabet: "hex"}, "line", 16},
		{"letters", Request{Puzzle: string(board.AppendLine(nil, pz, board.Letters))}, "line", 9},
		{"givens only", Request{Givens: make([]int, 16)}, "line", 4},
		{"givens over text", Request{Puzzle: classic, Givens: digitsOf(pz)}, "line", 9},
	} {
		code, _, resp := post(t, srv, "/api/solve", tc.req)
		if code != 200 || resp.Status != StatusSolved || resp.Format != tc.format || resp.Size != tc.size {
			t.Errorf("%s: %d %s %s %d: %s", tc.name, code, resp.Status, resp.Format, resp.Size, resp.Error)
			continue
		}
		b := board.New(func() board.Shape {
			if tc.req.Box == "2x3" {
				return board.Shape{BoxRows: 2, BoxCols: 3}
			}
			s, _ := board.ShapeForSide(tc.size)
			return s
		}())
		a := board.Default
		switch tc.name {
		case "hex":
			a = board.Hex
		case "letters":
			a = board.Letters
		}
		copy(b.Cells, toBytes(solutionDigitsOf(t, resp.Solution, a)))
		p := board.New(b.Shape)
		copy(p.Cells, toBytes(resp.Givens))
		if err := board.Verify(p, b); err != nil {
			t.Errorf("%s: %v", tc.name, err)
		}
		if tc.name == "hex" && !strings.Contains(resp.SolutionText, "F") {
			t.Errorf("hex solution written %q", resp.SolutionText)
		}
		if tc.name == "letters" && strings.ContainsAny(resp.SolutionText, "123456789") {
			t.Errorf("a puzzle in letters has its solution written %q", resp.SolutionText)
		}
	}
}

func digitsOf(b *board.Board) []int {
	out := make([]int, len(b.Cells))
	for i, d := range b.Cells {
		out[i] = int(d)
	}
	return out
}

func toBytes(ds []int) []uint8 {
	out := make([]uint8, len(ds))
	for i, d := range ds {
		out[i] = uint8(d)
	}
	return out
}

func TestUniqueness(t *testing.T) {
	t.Parallel()
	srv, _ := newTestServer(t, Config{})
	// Two givens removed from the classic: more than one solution.
	open := "...." + classic[4:]
	code, _, resp := post(t, srv, "/api/solve", Request{Puzzle: open, Count: 2})
	if code != 200 || resp.Status != StatusSolved || resp.Solutions == nil || *resp.Solutions != 2 || resp.Unique == nil || *resp.Unique {
		t.Fatalf("%d %+v", code, resp)
	}
	pz, _ := board.Parse(open)
	a, b := boardOf(t, resp.Solution), boardOf(t, resp.Second)
	if board.Verify(pz, a) != nil || board.Verify(pz, b) != nil || a.Equal(b) {
		t.Fatal("the two solutions are not two valid solutions")
	}
	if got := board.Diff(a, b); len(got) == 0 || len(got) != len(resp.Differ) {
		t.Errorf("differ %v, want %v", resp.Differ, got)
	}
	if checkSVG(t, resp.SVGSecond) != 81 || !strings.Contains(resp.SVG, `class="highlight difference"`) {
		t.Error("second picture missing or differing cells not marked")
	}
	code, _, resp = post(t, srv, "/api/solve", Request{Puzzle: classic, Count: 2, Picture: "none"})
	if code != 200 || resp.Unique == nil || !*resp.Unique || *resp.Solutions != 1 || resp.SVG != "" || resp.Second != nil {
		t.Errorf("unique puzzle: %d %+v", code, resp)
	}
}

func TestExplain(t *testing.T) {
	t.Parallel()
	srv, _ := newTestServer(t, Config{})
	// Two 5s in row 1: a clash.
	clash := "55" + classic[2:]
	code, _, resp := post(t, srv, "/api/solve", Request{Puzzle: clash, Explain: true})
	if code != 200 || resp.Status != StatusNoSolution || len(resp.Clashes) == 0 || resp.Clashes[0].Cells != [2]int{0, 1} {
		t.Fatalf("%d %+v", code, resp)
	}
	if !strings.Contains(resp.SVG, `class="highlight conflict" data-cells="0 1"`) {
		t.Error("clashing givens not marked on the picture")
	}
	// No clash, but no completion: r1c3=1 is blocked by the rest.
	pz, _ := board.Parse(classic)
	pz.Cells[2] = 1 // the classic's r1c3 is 4; a 1 there breaks column 1..
	code, _, resp = post(t, srv, "/api/solve", Request{Givens: digitsOf(pz), Explain: true})
	if code != 200 {
		t.Fatalf("%d %+v", code, resp)
	}
	switch resp.Status {
	case StatusNoSolution:
		if len(resp.ConflictCells) == 0 && len(resp.Clashes) == 0 {
			t.Fatalf("no explanation: %+v", resp)
		}
		if resp.Explanation == "" {
			t.Error("no explanation text")
		}
		// The conflicting givens really admit no completion together.
		if len(resp.ConflictCells) > 0 {
			sub := board.Subset(pz, resp.ConflictCells)
			eng, _ := engine.New(engine.Options{})
			if r := eng.Solve(context.Background(), sub); r.Status != engine.NoSolution {
				t.Errorf("the conflict %v has a completion", resp.ConflictCells)
			}
		}
	default:
		t.Fatalf("status %s", resp.Status)
	}
}

func TestRender(t *testing.T) {
	t.Parallel()
	srv, _ := newTestServer(t, Config{})
	code, _, resp := post(t, srv, "/api/render", Request{Puzzle: classic, Show: "puzzle"})
	if code != 200 || resp.Status != StatusOK || resp.Solution != nil {
		t.Fatalf("%d %+v", code, resp)
	}
	if got := checkSVG(t, resp.SVG); got != 30 {
		t.Errorf("%d digits drawn, want the 30 givens", got)
	}
	if resp.Text != classic+"\n" {
		t.Errorf("text %q", resp.Text)
	}
	// Typed givens are written back in the text's format.
	g := append([]int(nil), resp.Givens...)
	g[2] = 4
	_, _, resp = post(t, srv, "/api/render", Request{Puzzle: classic, Givens: g})
	if !strings.HasPrefix(resp.Text, "534") {
		t.Errorf("text after typing: %q", resp.Text)
	}
	// Clashing givens are marked even without solving.
	_, _, resp = post(t, srv, "/api/render", Request{Puzzle: "55" + classic[2:]})
	if !strings.Contains(resp.SVG, "highlight conflict") {
		t.Error("clash not marked")
	}
}

func TestCandidates(t *testing.T) {
	t.Parallel()
	// Without a candidates engine the API says so.
	srv, _ := newTestServer(t, Config{})
	if code, _, resp := post(t, srv, "/api/solve", Request{Puzzle: classic, Candidates: true}); code != 501 || resp.Error == "" {
		t.Errorf("no candidates engine: %d %+v", code, resp)
	}
	// With one, they come back per cell and as pencil marks.
	srv, _ = newTestServer(t, Config{Candidates: bruteCandidates})
	pz := "1...\n..2.\n.3..\n...4\n"
	code, _, resp := post(t, srv, "/api/solve", Request{Puzzle: pz, Candidates: true})
	if code != 200 || resp.Status != StatusSolved || len(resp.Candidates) != 16 {
		t.Fatalf("%d %+v", code, resp)
	}
	b, _ := board.Parse(pz)
	want, _ := bruteCandidates(context.Background(), &variant.Puzzle{Givens: b})
	marks, singles := 0, 0
	for i, list := range resp.Candidates {
		var set uint64
		for _, d := range list {
			set |= 1 << (d - 1)
		}
		if set != want[i] {
			t.Errorf("cell %d: %v", i, list)
		}
		switch {
		case b.Cells[i] == 0 && len(list) == 1:
			singles++ // drawn as a digit
		case b.Cells[i] == 0:
			marks += len(list)
		}
	}
	if got := strings.Count(resp.SVG, `class="candidate"`); got != marks {
		t.Errorf("%d pencil marks drawn, want %d", got, marks)
	}
	if got := strings.Count(resp.SVG, `class="digit solved single"`); got != singles {
		t.Errorf("%d single candidates drawn as digits, want %d", got, singles)
	}
	if code, _, _ := post(t, srv, "/api/solve", Request{Puzzle: pz, Candidates: true, Count: 2}); code != 400 {
		t.Errorf("candidates with count: %d", code)
	}
}

// bruteCandidates finds true candidates by solving once per cell and digit
// (a classic puzzle) or by listing every completion (a variant one): slow,
// and independent of whatever engine the server will use.
func bruteCandidates(ctx context.Context, vp *variant.Puzzle) ([]uint64, error) {
	if len(vp.Rules) > 0 || vp.Regions != nil {
		out := make([]uint64, len(vp.Givens.Cells))
		found := false
		varianttest.Completions(vp, 1<<20, func(g *board.Board) bool {
			if variant.Check(vp, g) == nil {
				found = true
				for i, d := range g.Cells {
					out[i] |= 1 << (d - 1)
				}
			}
			return ctx.Err() == nil
		})
		if !found {
			return nil, ctx.Err()
		}
		return out, ctx.Err()
	}
	p := vp.Givens
	eng, err := engine.New(engine.Options{Kind: engine.Backtrack})
	if err != nil {
		return nil, err
	}
	if eng.Solve(ctx, p).Status != engine.Solved {
		return nil, nil
	}
	out := make([]uint64, len(p.Cells))
	for i := range p.Cells {
		for d := 1; d <= p.Side(); d++ {
			q := p.Clone()
			if q.Cells[i] != 0 && int(q.Cells[i]) != d {
				continue
			}
			q.Cells[i] = uint8(d)
			if eng.Solve(ctx, q).Status == engine.Solved {
				out[i] |= 1 << (d - 1)
			}
		}
	}
	return out, ctx.Err()
}

func TestBadRequests(t *testing.T) {
	t.Parallel()
	srv, _ := newTestServer(t, Config{MaxBody: 4096})
	big := strings.Repeat(".", 36*36) // a 36×36 board: beyond the default limit
	for _, tc := range []struct {
		name, path, ctype, body string
		code                    int
		errHas                  string
	}{
		{"not JSON type", "/api/solve", "text/plain", `{"puzzle":"x"}`, 415, "Content-Type"},
		{"form post", "/api/solve", "application/x-www-form-urlencoded", `puzzle=x`, 415, "JSON"},
		{"JSON-like type", "/api/solve", "application/jsonx", `{}`, 415, "Content-Type"},
		{"JSON sequence type", "/api/solve", "application/json-seq", `{}`, 415, "Content-Type"},
		{"no type", "/api/solve", "", `{}`, 415, "Content-Type"},
		{"broken type", "/api/solve", "application/json; charset", `{}`, 415, "Content-Type"},
		{"JSON with a charset", "/api/solve", "application/json; charset=utf-8", `{}`, 400, "no puzzle"},
		{"JSON in capitals", "/api/solve", "Application/JSON", `{}`, 400, "no puzzle"},
		{"count with a fraction", "/api/solve", "application/json", `{"puzzle":"` + classic + `","count":2.5}`, 400, "2.5 is not a whole number"},
		{"count as text", "/api/solve", "application/json", `{"puzzle":"` + classic + `","count":"2"}`, 400, `"2" is not a whole number`},
		{"given beyond int", "/api/solve", "application/json", `{"givens":[1e300]}`, 400, "1e300 is not a whole number"},
		{"bad JSON", "/api/solve", "application/json", `{"puzzle":`, 400, "bad JSON"},
		{"unknown field", "/api/solve", "application/json", `{"puzle":"x"}`, 400, "unknown field"},
		{"two values", "/api/solve", "application/json", `{} {}`, 400, "more than one"},
		{"too large", "/api/solve", "application/json", `{"puzzle":"` + strings.Repeat(".", 5000) + `"}`, 413, "larger than 4096"},
		{"empty", "/api/solve", "application/json", `{}`, 400, "no puzzle"},
		{"empty givens", "/api/solve", "application/json", `{"givens":[]}`, 400, "no puzzle"},
		{"bad symbol", "/api/solve", "application/json", `{"puzzle":"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7x"}`, 400, "line 1, column 81"},
		{"two puzzles", "/api/solve", "application/json", `{"puzzle":"` + classic + `\n` + classic + `"}`, 400, "more than one puzzle"},
		{"too big a board", "/api/solve", "application/json", `{"puzzle":"` + big + `","box":"6x6"}`, 400, "up to 25x25"},
		{"bad box", "/api/solve", "application/json", `{"puzzle":"x","box":"3by3"}`, 400, "want RxC"},
		{"bad alphabet", "/api/solve", "application/json", `{"puzzle":"x","alphabet":"runes"}`, 400, "unknown alphabet"},
		{"bad format", "/api/solve", "application/json", `{"puzzle":"x","format":"xml"}`, 400, "unknown format"},
		{"bad count", "/api/solve", "application/json", `{"puzzle":"` + classic + `","count":1000}`, 400, "count 1000"},
		{"bad show", "/api/solve", "application/json", `{"puzzle":"` + classic + `","show":"all"}`, 400, "show"},
		{"bad picture", "/api/solve", "application/json", `{"puzzle":"` + classic + `","picture":"gif"}`, 400, "picture"},
		{"bad givens", "/api/solve", "application/json", `{"givens":[1,2,3]}`, 400, "square"},
		{"given out of range", "/api/solve", "application/json", `{"puzzle":"` + classic + `","givens":[10` + strings.Repeat(",0", 80) + `]}`, 400, "outside 0..9"},
		{"render with count", "/api/render", "application/json", `{"puzzle":"` + classic + `","count":2}`, 400, "/api/solve"},
		{"unknown endpoint", "/api/nothing", "application/json", `{}`, 404, "no such"},
	} {
		code, _, resp := postRaw(t, srv, tc.path, tc.ctype, []byte(tc.body))
		if code != tc.code || resp.Status != StatusInvalid || !strings.Contains(resp.Error, tc.errHas) {
			t.Errorf("%s: %d %q %q, want %d and an error with %q", tc.name, code, resp.Status, resp.Error, tc.code, tc.errHas)
		}
	}
	// Wrong method.
	resp, err := srv.Client().Get(srv.URL + "/api/solve")
	if err != nil {
		t.Fatal(err)
	}
	var r Response
	json.NewDecoder(resp.Body).Decode(&r)
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed || resp.Header.Get("Allow") != "POST" || !strings.Contains(r.Error, "takes POST") {
		t.Errorf("GET /api/solve: %d %v %+v", resp.StatusCode, resp.Header, r)
	}
}

func TestHostCheck(t *testing.T) {
	t.Parallel()
	srv, _ := newTestServer(t, Config{})
	for host, want := range map[string]int{
		"localhost:8080": 200, "127.0.0.1": 200, "[::1]:80": 200, "127.1.2.3:9": 200,
		"evil.example:8080": 421, "192.168.1.2": 421, "localhost.evil.example": 421,
	} {
		req, _ := http.NewRequest(http.MethodGet, srv.URL+"/api/info", nil)
		req.Host = host
		resp, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != want {
			t.Errorf("Host %q: %d, want %d", host, resp.StatusCode, want)
		}
	}
	any, _ := newTestServer(t, Config{AnyHost: true})
	req, _ := http.NewRequest(http.MethodGet, any.URL+"/api/info", nil)
	req.Host = "solver.example"
	resp, err := any.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Errorf("AnyHost: %d", resp.StatusCode)
	}
}

func TestIsLoopback(t *testing.T) {
	for addr, want := range map[string]bool{
		"127.0.0.1:8080": true, "localhost:80": true, "[::1]:0": true, "127.0.0.2:1": true,
		":8080": false, "0.0.0.0:8080": false, "[::]:80": false, "192.168.0.1:80": false,
		"example.com:80": false, "127.0.0.1": false,
	} {
		if got := IsLoopback(addr); got != want {
			t.Errorf("IsLoopback(%q) = %v", addr, got)
		}
	}
}

func TestPage(t *testing.T) {
	t.Parallel()
	srv, _ := newTestServer(t, Config{Version: "v-test"})
	for path, want := range map[string]string{
		"/":                  "<title>satdoku</title>",
		"/static/app.js":     "/api/solve",
		"/static/style.css":  "#picture",
		"/static/steps.js":   "/api/steps",
		"/api/info":          `"version":"v-test"`,
		"/static/index.html": "<title>satdoku</title>",
	} {
		resp, err := srv.Client().Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(string(body), want) {
			t.Errorf("%s: %d, body without %q", path, resp.StatusCode, want)
		}
		if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'none'") {
			t.Errorf("%s: CSP %q", path, csp)
		}
		if resp.Header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s: no nosniff", path)
		}
	}
	// The page loads nothing from elsewhere; the only addresses of other
	// sites are the links a user may follow to f-puzzles and SudokuPad.
	for _, f := range []string{"index.html", "app.js", "style.css", "steps.js"} {
		data, err := staticFiles.ReadFile("static/" + f)
		if err != nil {
			t.Fatal(err)
		}
		if f == "app.js" {
			if n := strings.Count(string(data), "https://"); n != 2 {
				t.Errorf("app.js: %d addresses of other sites, want the 2 links", n)
			}
			for _, link := range []string{`"https://sudokupad.app/fpuzzles"`, `"https://www.f-puzzles.com/?load="`} {
				if !strings.Contains(string(data), link) {
					t.Errorf("app.js: no %s", link)
				}
				data = []byte(strings.ReplaceAll(string(data), link, ""))
			}
		}
		for _, bad := range []string{"http://", "https://", "//cdn", "@import"} {
			if strings.Contains(string(data), bad) && !(f == "app.js" && bad == "http://" && strings.Contains(string(data), `"http://www.w3.org/2000/svg"`)) {
				t.Errorf("%s mentions %q", f, bad)
			}
		}
	}
	// Nothing outside the embedded files is served.
	for _, path := range []string{"/static/../server.go", "/server.go", "/static/%2e%2e/server.go", "/etc/passwd"} {
		resp, err := srv.Client().Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode == 200 {
			t.Errorf("%s served", path)
		}
	}
}

// blocker is a candidates engine that holds its solve until released.
type blocker struct {
	started chan struct{}
	release chan struct{}
	done    chan struct{}
}

func newBlocker() *blocker {
	return &blocker{make(chan struct{}, 16), make(chan struct{}), make(chan struct{}, 16)}
}

func (b *blocker) candidates(ctx context.Context, p *variant.Puzzle) ([]uint64, error) {
	b.started <- struct{}{}
	<-b.release
	defer func() { b.done <- struct{}{} }()
	return nil, errors.New("released")
}

func TestBusy(t *testing.T) {
	t.Parallel()
	blk := newBlocker()
	srv, h := newTestServer(t, Config{MaxSolves: 1, Candidates: blk.candidates, SolveTimeout: time.Minute})
	first := make(chan int, 1)
	go func() {
		code, _, _ := post(t, srv, "/api/solve", Request{Puzzle: classic, Candidates: true})
		first <- code
	}()
	<-blk.started // the one slot is taken
	code, hdr, resp := post(t, srv, "/api/solve", Request{Puzzle: classic})
	if code != 503 || resp.Status != StatusBusy || hdr.Get("Retry-After") != "1" || !strings.Contains(resp.Error, "busy") {
		t.Errorf("second solve: %d %v %+v", code, hdr, resp)
	}
	// Drawing needs no slot.
	if code, _, _ := post(t, srv, "/api/render", Request{Puzzle: classic}); code != 200 {
		t.Errorf("render while busy: %d", code)
	}
	close(blk.release)
	if code := <-first; code != 200 {
		t.Errorf("first solve: %d", code)
	}
	waitIdle(t, h)
	if code, _, resp := post(t, srv, "/api/solve", Request{Puzzle: classic}); code != 200 || resp.Status != StatusSolved {
		t.Errorf("after the slot came back: %d %+v", code, resp)
	}
}

// waitIdle waits until no solve holds a slot, within a deadline that only
// a solve that never ends meets (the wait ends as soon as the slots are
// free, however busy the machine).
func waitIdle(t testing.TB, h *Handler) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	tick := time.NewTicker(time.Millisecond)
	defer tick.Stop()
	for h.solves.count() > 0 {
		select {
		case <-ctx.Done():
			t.Fatalf("%d solves still hold a slot", h.solves.count())
		case <-tick.C:
		}
	}
}

func TestTimeout(t *testing.T) {
	t.Parallel()
	blk := newBlocker()
	srv, h := newTestServer(t, Config{MaxSolves: 1, Candidates: blk.candidates, SolveTimeout: 50 * time.Millisecond})
	code, _, resp := post(t, srv, "/api/solve", Request{Puzzle: classic, Candidates: true})
	if code != 200 || resp.Status != StatusTimeout || !strings.Contains(resp.Error, "time limit") {
		t.Errorf("%d %+v", code, resp)
	}
	if resp.Size != 9 || resp.SVG == "" {
		t.Error("a timeout answer still describes and draws the puzzle")
	}
	// The solve that would not stop still holds its slot: the bound holds.
	if code, _, _ := post(t, srv, "/api/solve", Request{Puzzle: classic}); code != 503 {
		t.Errorf("while the timed-out solve runs: %d, want 503", code)
	}
	close(blk.release)
	<-blk.done
	waitIdle(t, h)
	if code, _, _ := post(t, srv, "/api/solve", Request{Puzzle: classic}); code != 200 {
		t.Errorf("after it ended: %d", code)
	}
}

func TestNewServerTimeouts(t *testing.T) {
	h := NewHandler(Config{SolveTimeout: 3 * time.Second})
	s := NewServer("127.0.0.1:0", h)
	if s.ReadHeaderTimeout <= 0 || s.ReadTimeout <= 0 || s.IdleTimeout <= 0 || s.MaxHeaderBytes <= 0 {
		t.Errorf("server without limits: %+v", s)
	}
	if s.WriteTimeout <= 3*time.Second {
		t.Errorf("WriteTimeout %v shorter than a solve", s.WriteTimeout)
	}
	if got := h.Config(); got.MaxSide != DefaultMaxSide || got.MaxSolves != DefaultMaxSolves || got.MaxBody != DefaultMaxBody {
		t.Errorf("defaults %+v", got)
	}
}

func TestInfo(t *testing.T) {
	t.Parallel()
	srv, _ := newTestServer(t, Config{MaxSide: 16, Candidates: bruteCandidates, SolveTimeout: DefaultSolveTimeout})
	resp, err := srv.Client().Get(srv.URL + "/api/info")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var info Info
	if err := json.NewDecoder(resp.Body).Decode(&info); err != nil {
		t.Fatal(err)
	}
	if info.MaxSide != 16 || !info.Candidates || info.TimeoutMS != DefaultSolveTimeout.Milliseconds() || len(info.Alphabets) != 3 {
		t.Errorf("info %+v", info)
	}
	code, _, r := post(t, srv, "/api/solve", Request{Puzzle: strings.Repeat(".", 625)})
	if code != 400 || !strings.Contains(r.Error, "up to 16x16") {
		t.Errorf("25x25 with max 16: %d %s", code, r.Error)
	}
}
