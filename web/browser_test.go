package web

import (
	"context"
	"errors"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/fpuzzles"
	"github.com/satdoku/satdoku/internal/race"
	"github.com/satdoku/satdoku/internal/testpuzzles"
)

// Environment of the browser test.
const (
	// requireBrowserEnv set to 1 makes a missing browser a failure (CI).
	requireBrowserEnv = "SATDOKU_REQUIRE_BROWSER"
	// browserEnv names the browser to run, if not found on the PATH.
	browserEnv = "SATDOKU_BROWSER"
	// artifactsEnv names the directory for screenshots (default: the
	// test's temporary directory).
	artifactsEnv = "SATDOKU_ARTIFACTS"
)

// findBrowser returns the path of a Chromium-family browser, or "".
func findBrowser() string {
	if p := os.Getenv(browserEnv); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// startBrowser starts a headless browser for the test, or skips the test
// when there is none (fails when SATDOKU_REQUIRE_BROWSER=1).
func startBrowser(t *testing.T) context.Context {
	t.Helper()
	race.SkipExternal(t) // the page's work is in the browser
	path := findBrowser()
	if path == "" {
		msg := "no chromium found on the PATH (install Debian's chromium, or set " + browserEnv + ")"
		if os.Getenv(requireBrowserEnv) == "1" {
			t.Fatal(msg + ", and " + requireBrowserEnv + "=1")
		}
		t.Skip(msg)
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1200, 860),
	}
	// A bound for a browser that hangs, far above the work of any page
	// test on a busy machine: not a measure of speed.
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Minute)
	t.Cleanup(cancel)
	actx, acancel := chromedp.NewExecAllocator(ctx, opts...)
	t.Cleanup(acancel)
	bctx, bcancel := chromedp.NewContext(actx)
	t.Cleanup(bcancel)
	if err := chromedp.Do(bctx); err != nil {
		t.Fatalf("starting %s: %v", path, err)
	}
	return bctx
}

// startServer serves h on a loopback port until the test ends.
func startServer(t *testing.T, h *Handler) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := NewServer(ln.Addr().String(), h)
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		srv.Shutdown(ctx)
		if err := <-done; !errors.Is(err, http.ErrServerClosed) {
			t.Errorf("server: %v", err)
		}
	})
	return "http://" + ln.Addr().String() + "/"
}

// artifact writes a test artifact and says where.
func artifact(t *testing.T, name string, data []byte) {
	t.Helper()
	dir := os.Getenv(artifactsEnv)
	if dir == "" {
		dir = t.TempDir()
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("saved %s", path)
}

// cellText is a digit read from the picture: its cell and its text.
type cellText struct {
	Cell int    `json:"cell"`
	Text string `json:"text"`
	Cls  string `json:"cls"`
}

// readGrid reads the digits of the page's picture.
const readGrid = `Array.from(document.querySelectorAll('#picture svg text.digit')).map(e => ({cell: +e.dataset.cells, text: e.textContent, cls: e.getAttribute('class')}))`

// TestBrowser drives the page in a real headless browser: paste a puzzle,
// press Solve, read the solved grid from the page and check it; type a
// given on the picture; check uniqueness; explain a puzzle with no
// solution. Screenshots are saved as artifacts (SATDOKU_ARTIFACTS), and
// with SATDOKU_UPDATE_DOCS=1 the solved page becomes docs/page.png.
func TestBrowser(t *testing.T) {
	ctx := startBrowser(t)
	url := startServer(t, NewHandler(patient(Config{Version: "(devel)", Candidates: bruteCandidates})))

	// Paste (type) a puzzle and solve it.
	err := chromedp.Do(ctx,
		chromedp.Navigate(url),
		chromedp.WaitVisible(chromedp.CSS(`body[data-ready="1"]`)),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("puzzle").value = ""`),
		chromedp.SendKeys(chromedp.ID("puzzle"), classic),
		chromedp.Click(chromedp.ID("solve")),
		chromedp.WaitVisible(chromedp.CSS(`#status.good`)),
	)
	if err != nil {
		t.Fatalf("solving on the page: %v", err)
	}
	status := text(t, ctx, "status")
	cells, err := chromedp.Run(ctx, chromedp.Evaluate[[]cellText](readGrid))
	if err != nil {
		t.Fatalf("reading the grid: %v", err)
	}
	shot := screenshot(t, ctx, "page-solved.png")
	if os.Getenv("SATDOKU_UPDATE_DOCS") == "1" && shot != nil {
		// The README's picture of the page.
		if err := os.WriteFile(filepath.Join("..", "docs", "page.png"), shot, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if !strings.HasPrefix(status, "Solved") {
		t.Errorf("status %q", status)
	}
	// A classic puzzle has no rules to list: their box is hidden, and the
	// solution's text shown.
	boxes, err := chromedp.Run(ctx, chromedp.Evaluate[[]any](`[document.getElementById("rules-box").hidden, document.getElementById("result-box").hidden, document.getElementById("result").textContent]`))
	if err != nil || len(boxes) != 3 || boxes[0] != true || boxes[1] != false || len(boxes[2].(string)) < 81 {
		t.Errorf("after solving a classic puzzle, [rules hidden, result hidden, result]: %v (%v)", boxes, err)
	}
	pz, _ := board.Parse(classic)
	grid := board.New(board.Classic)
	givens := 0
	for _, c := range cells {
		if c.Cell < 0 || c.Cell >= 81 || len(c.Text) != 1 || c.Text[0] < '1' || c.Text[0] > '9' || grid.Cells[c.Cell] != 0 {
			t.Fatalf("bad digit on the page: %+v", c)
		}
		grid.Cells[c.Cell] = c.Text[0] - '0'
		if strings.Contains(c.Cls, "given") {
			givens++
		}
	}
	if err := board.Verify(pz, grid); err != nil {
		t.Fatalf("the page shows a wrong solution: %v\n%v", err, grid)
	}
	if givens != pz.Givens() {
		t.Errorf("%d digits drawn as givens, want %d", givens, pz.Givens())
	}

	// Uniqueness.
	err = chromedp.Do(ctx,
		chromedp.Click(chromedp.ID("unique")),
		chromedp.WaitVisible(chromedp.CSS(`#status.good`)),
	)
	if status := text(t, ctx, "status"); err != nil || !strings.HasPrefix(status, "Unique") {
		t.Errorf("uniqueness: %q %v", status, err)
	}

	// Type a given on the picture: click r1c3 (blank) and press 1, which
	// leaves no solution; then explain.
	err = chromedp.Do(ctx,
		chromedp.Click(chromedp.ID("reset")),
		chromedp.WaitNotPresent(chromedp.CSS(`#picture svg text.digit.solved`)),
	)
	if err != nil {
		t.Fatal(err)
	}
	box := gridBox(t, ctx)
	cell := box[2] / 9
	err = chromedp.Do(ctx,
		chromedp.MouseClickXY(box[0]+2.5*cell, box[1]+0.5*cell),
		chromedp.KeyEvent("1"),
		chromedp.WaitVisible(chromedp.CSS(`#picture svg text.digit.given[data-cells="2"]`)),
	)
	if err != nil {
		t.Fatalf("typing a given: %v", err)
	}
	typed, err := chromedp.Run(ctx, chromedp.Value(chromedp.ID("puzzle")))
	if err != nil || !strings.HasPrefix(typed, "531.7") {
		t.Errorf("the typed given is not in the text: %q %v", typed, err)
	}
	err = chromedp.Do(ctx,
		chromedp.Click(chromedp.ID("explain")),
		chromedp.WaitVisible(chromedp.CSS(`#status.bad`)),
	)
	if err != nil {
		t.Fatalf("explaining: %v", err)
	}
	status = text(t, ctx, "status")
	conflict, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('#picture svg .highlight.conflict').length`))
	screenshot(t, ctx, "page-explained.png")
	if err != nil || !strings.HasPrefix(status, "No solution") || conflict != 1 {
		t.Errorf("explain: status %q, %d conflict highlights, %v", status, conflict, err)
	}

	// Global rules typed in: the picture draws them and the page lists them.
	err = chromedp.Do(ctx,
		chromedp.SendKeys(chromedp.ID("rules"), "diagonals"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("rules").dispatchEvent(new Event("change"))`),
		chromedp.WaitVisible(chromedp.CSS(`#picture svg .diagonal`)),
	)
	if err != nil {
		t.Fatalf("typing rules: %v", err)
	}
	listed, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('#rule-list li').length`))
	if err != nil || listed != 2 {
		t.Errorf("%d rules listed, want the 2 diagonals (%v)", listed, err)
	}
	if hidden, err := chromedp.Run(ctx, chromedp.Evaluate[[]bool](`[document.getElementById("rules-box").hidden, document.getElementById("result-box").hidden]`)); err != nil || len(hidden) != 2 || hidden[0] || !hidden[1] {
		t.Errorf("with rules and no answer yet, [rules hidden, result hidden]: %v (%v)", hidden, err)
	}

	// An f-puzzles link pasted: the killer is drawn with its cages.
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
	err = chromedp.Do(ctx,
		chromedp.Evaluate[chromedp.Void](`document.getElementById("rules").value = ""; document.getElementById("puzzle").value = ""`),
		chromedp.SendKeys(chromedp.ID("puzzle"), link),
		chromedp.WaitVisible(chromedp.CSS(`#picture svg .killercage.outline`)),
	)
	if err != nil {
		t.Fatalf("pasting an f-puzzles link: %v", err)
	}
	cages, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('#picture svg .killercage.outline').length`))
	if err != nil || cages != 6 {
		t.Errorf("%d cages drawn, want 6 (%v)", cages, err)
	}
	screenshot(t, ctx, "page-fpuzzles.png")

	// Text that is no puzzle: the error shows, and the killer's picture
	// and rules go, so that nothing is typed onto a stale grid.
	err = chromedp.Do(ctx,
		chromedp.Evaluate[chromedp.Void](`document.getElementById("puzzle").value = ""`),
		chromedp.SendKeys(chromedp.ID("puzzle"), "hello world"),
		chromedp.WaitVisible(chromedp.CSS(`#status.bad`)),
		chromedp.WaitNotPresent(chromedp.CSS(`#picture svg`)),
	)
	if err != nil {
		t.Fatalf("pasting text that is no puzzle: %v", err)
	}
	listed, err = chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('#rule-list li').length`))
	if status := text(t, ctx, "status"); err != nil || listed != 0 || status == "" {
		t.Errorf("after text that is no puzzle: status %q, %d rules listed (%v)", status, listed, err)
	}
}

// gridBox scrolls the board into view and returns its grid's left, top
// and width in CSS pixels.
func gridBox(t *testing.T, ctx context.Context) []float64 {
	t.Helper()
	box, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`(() => { document.getElementById('picture').scrollIntoView(); const b = document.querySelector('#picture svg rect.border').getBoundingClientRect(); return [b.left, b.top, b.width] })()`))
	if err != nil || len(box) != 3 {
		t.Fatalf("finding the grid: %v %v", box, err)
	}
	return box
}

// text returns the text of the element with the given id.
func text(t *testing.T, ctx context.Context, id string) string {
	t.Helper()
	s, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID(id)))
	if err != nil {
		t.Fatalf("reading #%s: %v", id, err)
	}
	return s
}

// screenshot saves a PNG screenshot of the page as an artifact and
// returns it (nil if it failed).
func screenshot(t *testing.T, ctx context.Context, name string) []byte {
	t.Helper()
	shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(100)) // quality 100 makes a PNG
	if err != nil {
		t.Errorf("screenshot: %v", err)
		return nil
	}
	artifact(t, name, shot)
	return shot
}
