package web

import (
	"context"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/satdoku/satdoku/engine"
	"github.com/satdoku/satdoku/fpuzzles"
	"github.com/satdoku/satdoku/input"
	"github.com/satdoku/satdoku/internal/testpuzzles"
	"github.com/satdoku/satdoku/variant"
)

// The browser tests of the page as a setter and a solver use it: each
// runs in its own headless Chromium, bounded by the context of
// startBrowser, and waits for what the page shows, never for a time.

// engineConfig is the page's configuration as satdoku serve sets it: the
// engines of package engine for variant puzzles and true candidates.
func engineConfig(t *testing.T) Config {
	t.Helper()
	cands, err := engine.New(engine.Options{Kind: engine.SAT})
	if err != nil {
		t.Fatal(err)
	}
	return Config{
		Version:    "(devel)",
		Candidates: cands.Candidates,
		SolveVariant: func(ctx context.Context, p *variant.Puzzle, o engine.Options) engine.Result {
			eng, err := engine.New(o)
			if err != nil {
				return engine.Result{Status: engine.Failed, Err: err}
			}
			return eng.SolvePuzzle(ctx, p)
		},
	}
}

// blisterLink returns the Killer Blister's f-puzzles link from
// testdata/links.
func blisterLink(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(testpuzzles.Path("testdata/links/killer-blister.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for line := range strings.Lines(string(data)) {
		if strings.HasPrefix(line, "https://") {
			return strings.TrimSpace(line)
		}
	}
	t.Fatal("no link in killer-blister.txt")
	return ""
}

// openPage loads the page and waits until it is ready.
func openPage(t *testing.T, ctx context.Context, url string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS(`body[data-ready="1"]`))); err != nil {
		t.Fatalf("opening the page: %v", err)
	}
}

// paste replaces the text box's puzzle and waits for its picture, which
// has the CSS selector want.
func paste(t *testing.T, ctx context.Context, text, want string) {
	t.Helper()
	err := chromedp.Do(ctx,
		chromedp.Evaluate[chromedp.Void](`document.getElementById("puzzle").value = ""`),
		chromedp.SendKeys(chromedp.ID("puzzle"), text),
		chromedp.WaitVisible(chromedp.CSS(want)),
	)
	if err != nil {
		t.Fatalf("pasting a puzzle: %v", err)
	}
}

// eval evaluates a JavaScript expression on the page.
func eval[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	return v
}

// clickCell clicks cell i of an n×n board.
func clickCell(t *testing.T, ctx context.Context, i, n int) {
	t.Helper()
	box := gridBox(t, ctx)
	cell := box[2] / float64(n)
	if err := chromedp.Do(ctx, chromedp.MouseClickXY(box[0]+(float64(i%n)+0.5)*cell, box[1]+(float64(i/n)+0.5)*cell)); err != nil {
		t.Fatal(err)
	}
}

// TestPageVariantEdit types a given on the Killer Blister pasted as an
// f-puzzles link: the text box keeps the link (with the new given), every
// rule stays, and "Check uniqueness" gives the answer the engine gives for
// the edited puzzle.
func TestPageVariantEdit(t *testing.T) {
	ctx := startBrowser(t)
	url := startServer(t, NewHandler(patient(engineConfig(t))))
	openPage(t, ctx, url)
	link := blisterLink(t)
	paste(t, ctx, link, `#picture svg .littlekillersum`)
	rulesBefore := eval[int](t, ctx, `document.querySelectorAll('#rule-list li').length`)
	cagesBefore := eval[int](t, ctx, `document.querySelectorAll('#picture svg .killercage.outline').length`)

	// r1c1 is blank; the Blister's solution has 2 there, and 3 is another
	// digit: each typed puzzle must be answered as the engine answers it.
	for _, digit := range []string{"2", "3"} {
		clickCell(t, ctx, 0, 9)
		err := chromedp.Do(ctx,
			chromedp.KeyEvent(kbDelete),
			chromedp.WaitNotPresent(chromedp.CSS(`#picture svg text.digit[data-cells="0"]`)),
			chromedp.KeyEvent(digit),
			chromedp.WaitVisible(chromedp.CSS(`#picture svg text.digit.given[data-cells="0"]`)),
		)
		if err != nil {
			t.Fatalf("typing %s: %v", digit, err)
		}
		typed := eval[string](t, ctx, `document.getElementById("puzzle").value`)
		if !strings.HasPrefix(typed, fpuzzles.LinkPrefix) {
			t.Fatalf("the text box no longer holds the f-puzzles link: %.80q", typed)
		}
		if got := eval[int](t, ctx, `document.querySelectorAll('#rule-list li').length`); got != rulesBefore {
			t.Errorf("typing %s: %d rules listed, %d before", digit, got, rulesBefore)
		}
		if got := eval[int](t, ctx, `document.querySelectorAll('#picture svg .killercage.outline').length`); got != cagesBefore {
			t.Errorf("typing %s: %d cages drawn, %d before", digit, got, cagesBefore)
		}

		// The engine's answer for the puzzle the text box now holds.
		res, err := input.Load(typed)
		if err != nil {
			t.Fatal(err)
		}
		if res.Puzzle.Givens.Cells[0] != digit[0]-'0' {
			t.Fatalf("the link holds %d at r1c1, not %s", res.Puzzle.Givens.Cells[0], digit)
		}
		eng, err := engine.New(engine.Options{Kind: engine.SAT, Limit: 2})
		if err != nil {
			t.Fatal(err)
		}
		sctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		want := eng.SolvePuzzle(sctx, res.Puzzle)
		cancel()
		err = chromedp.Do(ctx,
			chromedp.Click(chromedp.ID("unique")),
			chromedp.WaitVisible(chromedp.CSS(`#status.good, #status.bad`)),
		)
		if err != nil {
			t.Fatal(err)
		}
		status := text(t, ctx, "status")
		switch {
		case want.Status == engine.Solved && want.Count == 1:
			if !strings.HasPrefix(status, "Unique") {
				t.Errorf("typing %s: the engine finds one solution, the page says %q", digit, status)
			}
		case want.Status == engine.Solved:
			if !strings.HasPrefix(status, "Not unique") {
				t.Errorf("typing %s: the engine finds %d solutions, the page says %q", digit, want.Count, status)
			}
		case want.Status == engine.NoSolution:
			if !strings.HasPrefix(status, "No solution") {
				t.Errorf("typing %s: the engine finds no solution, the page says %q", digit, status)
			}
		default:
			t.Fatalf("the engine: %v %v", want.Status, want.Err)
		}
		t.Logf("r1c1=%s: %s", digit, status)
	}

	// A clash the f-puzzles format cannot hold is refused with a message,
	// and the puzzle stays as it was.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("reset")), chromedp.WaitNotPresent(chromedp.CSS(`#status.bad`))); err != nil {
		t.Fatal(err)
	}
	before := eval[string](t, ctx, `document.getElementById("puzzle").value`)
	clickCell(t, ctx, 1, 9)
	err := chromedp.Do(ctx, chromedp.KeyEvent("3"), chromedp.WaitVisible(chromedp.CSS(`#status.bad`)))
	if err != nil {
		t.Fatal(err)
	}
	if status := text(t, ctx, "status"); !strings.Contains(status, "refused") {
		t.Errorf("a clashing given: %q", status)
	}
	if after := eval[string](t, ctx, `document.getElementById("puzzle").value`); after != before {
		t.Error("a refused edit changed the text box")
	}
	if got := eval[int](t, ctx, `document.querySelectorAll('#rule-list li').length`); got != rulesBefore {
		t.Errorf("after a refused edit: %d rules listed, %d before", got, rulesBefore)
	}
}

// TestPageKeyboard uses the page with the keyboard alone: Tab reaches the
// board and selects r1c1, which is announced; arrows move; a digit sets a
// given. The picture is an image with a title.
func TestPageKeyboard(t *testing.T) {
	ctx := startBrowser(t)
	url := startServer(t, NewHandler(patient(Config{Version: "(devel)"})))
	openPage(t, ctx, url)
	if err := chromedp.Do(ctx, chromedp.KeyEvent("\t")); err != nil {
		t.Fatal(err)
	}
	if id := eval[string](t, ctx, `document.activeElement.id`); id != "cell-input" {
		t.Fatalf("Tab reaches %q, not the board", id)
	}
	if sel := eval[int](t, ctx, `state.selected`); sel != 0 {
		t.Errorf("focusing the board selects cell %d, not r1c1", sel)
	}
	if say := text(t, ctx, "cell-say"); say != "Row 1, column 1: given 5" {
		t.Errorf("announced %q", say)
	}
	if live := eval[string](t, ctx, `document.getElementById("cell-say").getAttribute("aria-live")`); live != "polite" {
		t.Errorf("the announcement is not live: %q", live)
	}
	err := chromedp.Do(ctx,
		chromedp.KeyEvent(kbRight), chromedp.KeyEvent(kbRight),
		chromedp.KeyEvent("4"),
		chromedp.WaitVisible(chromedp.CSS(`#picture svg text.digit.given[data-cells="2"]`)),
	)
	if err != nil {
		t.Fatalf("typing with the keyboard: %v", err)
	}
	if v := eval[string](t, ctx, `document.getElementById("puzzle").value`); !strings.HasPrefix(v, "534.7") {
		t.Errorf("the typed given is not in the text: %q", v)
	}
	if say := text(t, ctx, "cell-say"); say != "Row 1, column 3: given 4" {
		t.Errorf("announced %q", say)
	}
	if role := eval[string](t, ctx, `document.querySelector('#picture svg').getAttribute('role')`); role != "img" {
		t.Errorf("the picture's role is %q", role)
	}
	if title := eval[string](t, ctx, `document.querySelector('#picture svg title').textContent`); !strings.Contains(title, "9×9 sudoku") {
		t.Errorf("the picture's title is %q", title)
	}
	// Delete clears, and the arrow keys wrap round the board.
	err = chromedp.Do(ctx,
		chromedp.KeyEvent(kbDelete),
		chromedp.WaitNotPresent(chromedp.CSS(`#picture svg text.digit[data-cells="2"]`)),
		chromedp.KeyEvent(kbUp),
	)
	if err != nil {
		t.Fatal(err)
	}
	if sel := eval[int](t, ctx, `state.selected`); sel != 74 {
		t.Errorf("up from r1c3 selects cell %d, not r9c3", sel)
	}

	// A new 16×16: the hint says how digits over 9 are typed (as the
	// symbols the board is written in), and the pad has 16 digits.
	err = chromedp.Do(ctx,
		chromedp.Evaluate[chromedp.Void](`(() => { const s = document.getElementById("blank"); s.value = "16"; s.dispatchEvent(new Event("change")) })()`),
		chromedp.WaitVisible(chromedp.CSS(`#pad button[data-digit="16"]`)),
	)
	if err != nil {
		t.Fatalf("a new 16x16: %v", err)
	}
	if hint := text(t, ctx, "entry-hint"); !strings.Contains(hint, "123456789ABCDEFG: type the symbol (A for 10)") {
		t.Errorf("16x16 hint: %q", hint)
	}
}

// Keys of chromedp.KeyEvent.
const (
	kbRight  = kb.ArrowRight
	kbUp     = kb.ArrowUp
	kbDelete = kb.Delete
)

// TestPagePhone opens the page at a phone's size (390×844): the board is
// near the top, the rules and the text output are folded, and the digit
// pad enters digits and pencil marks. The screenshot is docs/page-phone.png
// with SATDOKU_UPDATE_DOCS=1.
func TestPagePhone(t *testing.T) {
	ctx := startBrowser(t)
	url := startServer(t, NewHandler(patient(engineConfig(t))))
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulateTouch)); err != nil {
		t.Fatal(err)
	}
	openPage(t, ctx, url)
	top := eval[[]float64](t, ctx, `(() => { const b = document.querySelector('#picture svg rect.border').getBoundingClientRect(); return [b.top, b.bottom, b.width] })()`)
	if top[0] > 844/4 || top[1] > 844 || top[2] < 300 {
		t.Errorf("the board's grid runs from %.0f to %.0f px down, %.0f wide: not near the top of a 390×844 screen", top[0], top[1], top[2])
	}
	for _, id := range []string{"rules-box", "result-box"} {
		if eval[bool](t, ctx, `document.getElementById("`+id+`").open`) {
			t.Errorf("#%s is unfolded on a phone", id)
		}
	}
	pad := eval[[]string](t, ctx, `Array.from(document.querySelectorAll('#pad button')).map(b => b.textContent)`)
	if strings.Join(pad, " ") != "1 2 3 4 5 6 7 8 9 Delete Pencil marks" {
		t.Errorf("pad %q", pad)
	}
	padBottom := eval[float64](t, ctx, `document.getElementById('pad').getBoundingClientRect().bottom`)
	if padBottom > 844 {
		t.Errorf("the pad ends %.0f px down, below the screen", padBottom)
	}
	if mode := eval[string](t, ctx, `document.getElementById('cell-input').inputMode`); mode != "numeric" {
		t.Errorf("the board's input has inputmode %q", mode)
	}

	// Tap r1c3, tap 4 on the pad: a given.
	box := gridBox(t, ctx)
	cell := box[2] / 9
	err := chromedp.Do(ctx,
		chromedp.TapXY(box[0]+2.5*cell, box[1]+0.5*cell),
		chromedp.Click(chromedp.CSS(`#pad button[data-digit="4"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#picture svg text.digit.given[data-cells="2"]`)),
	)
	if err != nil {
		t.Fatalf("entering a digit with the pad: %v", err)
	}
	// Pencil marks in r1c4: 1 and 2, drawn in the picture.
	box = gridBox(t, ctx)
	err = chromedp.Do(ctx,
		chromedp.TapXY(box[0]+3.5*cell, box[1]+0.5*cell),
		chromedp.Click(chromedp.ID("pencil")),
		chromedp.Click(chromedp.CSS(`#pad button[data-digit="1"]`)),
		chromedp.Click(chromedp.CSS(`#pad button[data-digit="2"]`)),
	)
	if err != nil {
		t.Fatal(err)
	}
	notes := eval[[]string](t, ctx, `Array.from(document.querySelectorAll('#picture svg text.note[data-cells="3"]')).map(e => e.textContent)`)
	if strings.Join(notes, "") != "12" {
		t.Errorf("pencil marks in r1c4: %q", notes)
	}
	if v := eval[string](t, ctx, `document.getElementById("puzzle").value`); !strings.HasPrefix(v, "534.7") {
		t.Errorf("the pad's given is not in the text, or a pencil mark is: %q", v)
	}
	if os.Getenv("SATDOKU_UPDATE_DOCS") == "1" {
		err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("pencil")), chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
		if err != nil {
			t.Fatal(err)
		}
		shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatal(err)
		}
		writeDoc(t, "page-phone.png", shot)
	}
}

// writeDoc writes a picture of the page into docs/.
func writeDoc(t *testing.T, name string, data []byte) {
	t.Helper()
	if err := os.WriteFile(filepath.Join("..", "docs", name), data, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote docs/%s", name)
}

// TestPageShare: the page's address holds the puzzle, and opening it again
// shows the same puzzle; the f-puzzles and SudokuPad links hold it too;
// the picture downloads as SVG and PNG.
func TestPageShare(t *testing.T) {
	ctx := startBrowser(t)
	url := startServer(t, NewHandler(patient(Config{Version: "(devel)"})))
	openPage(t, ctx, url)
	paste(t, ctx, blisterLink(t), `#picture svg .littlekillersum`)
	clickCell(t, ctx, 0, 9)
	if err := chromedp.Do(ctx, chromedp.KeyEvent("2"), chromedp.WaitVisible(chromedp.CSS(`#picture svg text.digit.given[data-cells="0"]`))); err != nil {
		t.Fatal(err)
	}
	type look struct {
		Text   string
		Cages  int
		Givens []string
		Rules  int
	}
	const lookJS = `({Text: document.getElementById("puzzle").value,
		Cages: document.querySelectorAll('#picture svg .killercage.outline').length,
		Givens: Array.from(document.querySelectorAll('#picture svg text.digit.given')).map(e => e.dataset.cells + "=" + e.textContent),
		Rules: document.querySelectorAll('#rule-list li').length})`
	before := eval[look](t, ctx, lookJS)
	address := eval[string](t, ctx, `location.href`)
	if !strings.Contains(address, "#p=") {
		t.Fatalf("the address holds no puzzle: %q", address)
	}
	fp := eval[string](t, ctx, `document.getElementById("open-fpuzzles").href`)
	sp := eval[string](t, ctx, `document.getElementById("open-sudokupad").href`)

	// A new page from the address alone.
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatal(err)
	}
	openPage(t, ctx, address)
	if err := chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS(`#picture svg text.digit.given[data-cells="0"]`))); err != nil {
		t.Fatal(err)
	}
	after := eval[look](t, ctx, lookJS)
	if after.Text != before.Text || after.Cages != before.Cages || after.Rules != before.Rules || strings.Join(after.Givens, " ") != strings.Join(before.Givens, " ") {
		t.Errorf("the address reopens another puzzle:\n%+v\n%+v", after, before)
	}

	// The links out hold the same puzzle.
	want, err := input.Load(before.Text)
	if err != nil {
		t.Fatal(err)
	}
	for _, link := range []string{fp, sp} {
		got, err := input.Load(link)
		if err != nil {
			t.Errorf("%.50s: %v", link, err)
			continue
		}
		if got.Puzzle.Givens.String() != want.Puzzle.Givens.String() || len(got.Puzzle.Rules) != len(want.Puzzle.Rules) {
			t.Errorf("%.50s holds another puzzle", link)
		}
	}
	if !strings.HasPrefix(sp, "https://sudokupad.app/fpuzzles") || !strings.HasPrefix(fp, fpuzzles.LinkPrefix) {
		t.Errorf("links %.50s, %.50s", fp, sp)
	}

	// Downloads: the SVG as it is shown, and a PNG drawn from it.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("download-svg"))); err != nil {
		t.Fatal(err)
	}
	svg := eval[string](t, ctx, `decodeURIComponent(document.getElementById("download-svg").href.split(",")[1])`)
	if !strings.HasPrefix(svg, "<svg") || !strings.Contains(svg, "killercage") || strings.Contains(svg, "selection") {
		t.Errorf("SVG download %.80q", svg)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("download-png")), chromedp.WaitVisible(chromedp.CSS(`#download-png[href^="data:image/png"]`))); err != nil {
		t.Fatalf("PNG download: %v", err)
	}
}

// TestPageCancel starts a solve that only ends when its request does,
// cancels it from the page, and solves again: the spinner, elapsed time
// and Cancel show while it runs, the buttons are disabled, and the next
// solve answers.
func TestPageCancel(t *testing.T) {
	ctx := startBrowser(t)
	ended := make(chan struct{}, 4)
	hold := func(ctx context.Context, p *variant.Puzzle) ([]uint64, error) {
		<-ctx.Done() // until the request ends: the page's Cancel
		ended <- struct{}{}
		return nil, ctx.Err()
	}
	h := NewHandler(Config{Version: "(devel)", MaxSolves: 1, Candidates: hold, SolveTimeout: 10 * time.Minute})
	url := startServer(t, h)
	openPage(t, ctx, url)
	err := chromedp.Do(ctx,
		chromedp.Click(chromedp.ID("candidates")),
		chromedp.WaitVisible(chromedp.ID("cancel")),
		chromedp.WaitVisible(chromedp.ID("spinner")),
		chromedp.WaitVisible(chromedp.ID("elapsed")),
	)
	if err != nil {
		t.Fatalf("starting a long solve: %v", err)
	}
	disabled := eval[[]bool](t, ctx, `["solve", "unique", "candidates", "explain"].map(id => document.getElementById(id).disabled)`)
	for i, d := range disabled {
		if !d {
			t.Errorf("button %d is enabled while a solve runs", i)
		}
	}
	err = chromedp.Do(ctx,
		chromedp.Click(chromedp.ID("cancel")),
		chromedp.WaitNotVisible(chromedp.ID("spinner")),
	)
	if err != nil {
		t.Fatalf("cancelling: %v", err)
	}
	if status := text(t, ctx, "status"); status != "Cancelled." {
		t.Errorf("after Cancel: %q", status)
	}
	// The server's solve ended with the request.
	select {
	case <-ended:
	case <-ctx.Done():
		t.Fatal("the held solve did not end with its request")
	}
	err = chromedp.Do(ctx,
		chromedp.Click(chromedp.ID("solve")),
		chromedp.WaitVisible(chromedp.CSS(`#status.good`)),
	)
	if err != nil {
		t.Fatalf("solving after Cancel: %v", err)
	}
	if status := text(t, ctx, "status"); !strings.HasPrefix(status, "Solved") {
		t.Errorf("after Cancel, Solve says %q", status)
	}
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		t.Fatal("the browser's time ran out")
	}
}

// TestPageDocs draws the page at a desktop's size (1280×900) with a
// killer's true candidates, coloured by their number: the pictures of the
// README, written into docs/ with SATDOKU_UPDATE_DOCS=1. The candidates
// must be the engine's.
func TestPageDocs(t *testing.T) {
	ctx := startBrowser(t)
	url := startServer(t, NewHandler(patient(engineConfig(t))))
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 900)); err != nil {
		t.Fatal(err)
	}
	openPage(t, ctx, url)
	// The Killer Blister's cages without its little killers: a killer with
	// many solutions, so that its candidates say something.
	res, err := input.Load(blisterLink(t))
	if err != nil {
		t.Fatal(err)
	}
	var cages []variant.Rule
	for _, r := range res.Puzzle.Rules {
		if _, ok := r.(variant.Killer); ok {
			cages = append(cages, r)
		}
	}
	open := &variant.Puzzle{Givens: res.Puzzle.Givens, Rules: cages, Title: "Killer Blister's cages"}
	link, err := fpuzzles.URL(open, nil, fpuzzles.Options{})
	if err != nil {
		t.Fatal(err)
	}
	paste(t, ctx, link, `#picture svg .killercage.outline`)
	err = chromedp.Do(ctx,
		chromedp.Click(chromedp.ID("counts")),
		chromedp.Click(chromedp.ID("candidates")),
		chromedp.WaitVisible(chromedp.CSS(`#status.good`)),
	)
	if err != nil {
		t.Fatalf("true candidates: %v", err)
	}
	marks := eval[int](t, ctx, `document.querySelectorAll('#picture svg text.candidate').length`)
	cands, err := engineConfig(t).Candidates(ctx, open)
	if err != nil {
		t.Fatal(err)
	}
	want := 0
	for _, set := range cands {
		if n := popcount(set); n > 1 {
			want += n
		}
	}
	if marks != want || eval[int](t, ctx, `document.querySelectorAll('#picture svg .legend.label').length`) == 0 {
		t.Errorf("%d marks shown, the engine has %d; or no legend", marks, want)
	}
	if os.Getenv("SATDOKU_UPDATE_DOCS") != "1" {
		return
	}
	shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	writeDoc(t, "page-desktop.png", shot)
	pic, err := chromedp.Run(ctx, chromedp.ScreenshotScale(chromedp.ID("picture"), 1.5))
	if err != nil {
		t.Fatal(err)
	}
	writeDoc(t, "killer-candidates.png", pic)
}

func popcount(x uint64) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// TestPageDark: with the system's dark scheme the page is dark, and the
// picture keeps its white paper, so that its colours read as they do in
// print.
func TestPageDark(t *testing.T) {
	ctx := startBrowser(t)
	url := startServer(t, NewHandler(patient(Config{Version: "(devel)"})))
	dark := chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}},
		})
		return err
	})
	if err := chromedp.Do(ctx, dark); err != nil {
		t.Fatal(err)
	}
	openPage(t, ctx, url)
	colors := eval[[]string](t, ctx, `[getComputedStyle(document.body).backgroundColor, getComputedStyle(document.body).color, getComputedStyle(document.getElementById("picture")).backgroundColor]`)
	if colors[0] != "rgb(22, 24, 29)" || colors[1] != "rgb(230, 231, 234)" || colors[2] != "rgb(255, 255, 255)" {
		t.Errorf("dark scheme: page %s on %s, picture on %s", colors[1], colors[0], colors[2])
	}
}

// TestPageBusy: while another client's solve holds the server's only
// slot, the page's Solve waits for a turn (the "busy" answers are retried,
// not shown as the result), and answers once the slot is free.
func TestPageBusy(t *testing.T) {
	ctx := startBrowser(t)
	started, release := make(chan struct{}, 1), make(chan struct{})
	hold := func(ctx context.Context, p *variant.Puzzle) ([]uint64, error) {
		started <- struct{}{}
		select {
		case <-release:
		case <-ctx.Done():
		}
		return nil, errors.New("released")
	}
	h := NewHandler(Config{Version: "(devel)", MaxSolves: 1, Candidates: hold, SolveTimeout: 10 * time.Minute})
	url := startServer(t, h)
	openPage(t, ctx, url)

	// Another client takes the slot.
	other := make(chan error, 1)
	go func() {
		rctx, cancel := context.WithTimeout(ctx, time.Minute)
		defer cancel()
		req, err := http.NewRequestWithContext(rctx, http.MethodPost, url+"api/solve", strings.NewReader(`{"puzzle":"`+classic+`","candidates":true}`))
		if err != nil {
			other <- err
			return
		}
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
		}
		other <- err
	}()
	select {
	case <-started:
	case <-ctx.Done():
		t.Fatal("the other client's solve did not start")
	}
	err := chromedp.Do(ctx,
		chromedp.Click(chromedp.ID("solve")),
		chromedp.Poll[chromedp.Void](`document.getElementById("status").textContent.includes("waiting for a turn")`),
	)
	if err != nil {
		t.Fatalf("the page does not wait for a turn: %v", err)
	}
	close(release)
	if err := <-other; err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS(`#status.good`))); err != nil {
		t.Fatalf("the page's solve after the slot came back: %v", err)
	}
	if status := text(t, ctx, "status"); !strings.HasPrefix(status, "Solved") {
		t.Errorf("status %q", status)
	}
}
