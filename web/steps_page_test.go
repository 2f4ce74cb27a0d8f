package web

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/satdoku/satdoku/logic"
)

// shownStep is what the page shows of a step: its number and words, and
// the cells of the picture's highlights.
type shownStep struct {
	Count  string   `json:"count"`
	Text   string   `json:"text"`
	Shaded []string `json:"shaded"` // data-cells of the step's cell shading
	Placed []string `json:"placed"` // data-cells of its placements
	Struck []string `json:"struck"` // data-cells of its eliminations
}

// readStep reads the step the page shows.
const readStep = `(() => {
  const cells = (sel) => Array.from(document.querySelectorAll('#picture svg ' + sel)).map(e => e.dataset.cells);
  return {count: document.getElementById("step-count").textContent, text: document.getElementById("step-text").textContent,
    shaded: cells('.highlight.step:not(.rule)'), placed: cells('.step.placement'), struck: cells('.step.elimination')};
})()`

// cellsAttr writes cells as a data-cells attribute does, sorted.
func cellsAttr(cells []int) string {
	s := slices.Sorted(slices.Values(cells))
	parts := make([]string, len(s))
	for i, c := range s {
		parts[i] = strconv.Itoa(c)
	}
	return strings.Join(parts, " ")
}

// sortedAttr sorts the cells of a data-cells attribute.
func sortedAttr(attr string) string {
	var cells []int
	for _, f := range strings.Fields(attr) {
		c, _ := strconv.Atoi(f)
		cells = append(cells, c)
	}
	return cellsAttr(cells)
}

// checkShownStep checks the step the page shows against step k (1-based)
// of the library's path.
func checkShownStep(t *testing.T, got shownStep, path logic.Path, k int) {
	t.Helper()
	st := path.Steps[k-1]
	if want := fmt.Sprintf("Step %d of %d", k, len(path.Steps)); got.Count != want {
		t.Errorf("step %d: the page counts %q, want %q", k, got.Count, want)
	}
	if got.Text != st.Text {
		t.Errorf("step %d: the page says %q, the library %q", k, got.Text, st.Text)
	}
	if len(got.Shaded) != 1 || sortedAttr(got.Shaded[0]) != cellsAttr(st.Cells) {
		t.Errorf("step %d: the picture shades %q, the step's cells are %v", k, got.Shaded, st.Cells)
	}
	var placed, struck []string
	for _, p := range st.Placements {
		placed = append(placed, strconv.Itoa(p.Cell))
	}
	for _, e := range st.Eliminations {
		struck = append(struck, strconv.Itoa(e.Cell))
	}
	if !slices.Equal(got.Placed, placed) || !slices.Equal(got.Struck, struck) {
		t.Errorf("step %d: the picture places at %q and strikes at %q; the step places at %q and eliminates at %q", k, got.Placed, got.Struck, placed, struck)
	}
}

// TestPageSteps loads the classic puzzle, presses Hint, steps through the
// path (next and previous), and checks each step's words and highlight
// against the library's path; then enters a wrong digit, which Hint
// names, and a right one, from which the path goes on; then a killer's
// hint, and a killer's SAT step zoomed into (checkPageZoom). With
// SATDOKU_UPDATE_DOCS=1 the page at step 4 becomes docs/page-steps.png.
func TestPageSteps(t *testing.T) {
	ctx := startBrowser(t)
	url := startServer(t, NewHandler(patient(engineConfig(t)))) // solves the killer's position too
	openPage(t, ctx, url)
	_, path := libraryPath(t, classic, nil)

	step := func(click string, k int) {
		t.Helper()
		err := chromedp.Do(ctx,
			chromedp.Click(chromedp.ID(click)),
			chromedp.WaitVisible(chromedp.CSS(fmt.Sprintf(`#steps[data-shown="%d"]:not([data-more])`, k))),
		)
		if err != nil {
			t.Fatalf("%s to step %d: %v", click, k, err)
		}
		checkShownStep(t, eval[shownStep](t, ctx, readStep), path, k)
	}
	step("hint", 1)
	if status := text(t, ctx, "status"); status != "Hint: "+path.Steps[0].Text {
		t.Errorf("the hint's status: %q", status)
	}
	if !eval[bool](t, ctx, `document.getElementById("step-prev").disabled`) {
		t.Error("Previous is enabled at the first step")
	}
	for k := 2; k <= 6; k++ {
		step("step-next", k)
	}
	step("step-prev", 5)
	step("step-prev", 4)
	if shot := screenshot(t, ctx, "page-steps.png"); shot != nil && os.Getenv("SATDOKU_UPDATE_DOCS") == "1" {
		writeDoc(t, "page-steps.png", shot)
	}

	// Close: the puzzle's own picture again.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("step-close")), chromedp.WaitNotVisible(chromedp.ID("steps")),
		chromedp.WaitNotPresent(chromedp.CSS(`#picture svg .highlight.step`))); err != nil {
		t.Fatal(err)
	}

	// A wrong digit typed in r1c3 (its solution is 4): Hint names it.
	clickCell(t, ctx, 2, 9)
	err := chromedp.Do(ctx,
		chromedp.KeyEvent("2"),
		chromedp.WaitVisible(chromedp.CSS(`#picture svg text.digit[data-cells="2"]`)),
		chromedp.Click(chromedp.ID("hint")),
		chromedp.WaitVisible(chromedp.CSS(`#status.bad`)),
	)
	if err != nil {
		t.Fatalf("a wrong digit: %v", err)
	}
	if status := text(t, ctx, "status"); !strings.HasPrefix(status, "r1c3 = 2 is wrong") {
		t.Errorf("a wrong digit: the page says %q", status)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll('#picture svg .highlight.mistake[data-cells="2"]').length`); n != 1 {
		t.Errorf("the wrong digit is not marked on the picture (%d marks)", n)
	}

	// The right digit: the path goes on from it.
	entered := make([]int, 81)
	entered[2] = 4
	_, path = libraryPath(t, classic, entered)
	clickCell(t, ctx, 2, 9)
	err = chromedp.Do(ctx,
		chromedp.KeyEvent("4"),
		chromedp.WaitVisible(chromedp.CSS(`#picture svg text.digit[data-cells="2"]`)),
		chromedp.WaitNotPresent(chromedp.CSS(`#picture svg .highlight.mistake`)),
	)
	if err != nil {
		t.Fatalf("a right digit: %v", err)
	}
	step("hint", 1)
	step("step-next", 2)

	// A killer: its path has steps of the rules (package explain).
	paste(t, ctx, blisterLink(t), `#picture svg .littlekillersum`)
	err = chromedp.Do(ctx,
		chromedp.Click(chromedp.ID("hint")),
		chromedp.Poll[chromedp.Void](`!document.getElementById("steps").hidden`),
	)
	if err != nil {
		t.Fatalf("a killer's hint: %v", err)
	}

	checkPageZoom(t, ctx)
}

// shownSub is what the page shows of a sub-step: the list of sub-steps,
// the one marked current, and the picture's highlights.
type shownSub struct {
	Subs    []string `json:"subs"`
	Current string   `json:"current"`
	Shaded  []string `json:"shaded"`
	Placed  []string `json:"placed"`
	Struck  []string `json:"struck"`
	Houses  []string `json:"houses"` // data-cells of the outlined houses
	Rules   []string `json:"rules"`  // data-cells of the outlined rules
}

// readSub reads the sub-step the page shows.
const readSub = `(() => {
  const cells = (sel) => Array.from(document.querySelectorAll('#picture svg ' + sel)).map(e => e.dataset.cells);
  const cur = document.querySelector('#step-subs button[aria-current="step"]');
  return {subs: Array.from(document.querySelectorAll('#step-subs button')).map(b => b.textContent),
    current: cur ? cur.dataset.sub : "",
    shaded: cells('.highlight.step:not(.rule)'), placed: cells('.step.placement'), struck: cells('.step.elimination'),
    houses: cells('.step.house'), rules: cells('.step.rule:not(.highlight)')};
})()`

// checkPageZoom goes to the first SAT step of a killer's path that names
// a house and a rule ("Human-solvable zero #3", as a SudokuPad link) and
// zooms into it: the page lists its sub-steps in the library's words,
// and stepping through them (a sub-step pressed, then Next sub-step)
// draws each one's candidate and house or rule, the highlight changing
// from one to the next. With SATDOKU_UPDATE_DOCS=1 the page at the
// second sub-step becomes docs/page-zoom.png.
func checkPageZoom(t *testing.T, ctx context.Context) {
	t.Helper()
	link := linkOf(t, "sudokupad-killer.txt")
	path, i := variantPath(t, link)
	st := path.Steps[i]
	k := i + 1
	// The Killer Blister before it has cages too, and little killers, and
	// its path is on screen: the new puzzle is drawn when they are gone,
	// and its path closed.
	paste(t, ctx, link, `#picture svg .killercage.outline`)
	err := chromedp.Do(ctx,
		chromedp.WaitNotPresent(chromedp.CSS(`#picture svg .littlekillersum`)),
		chromedp.WaitNotVisible(chromedp.ID("steps")),
		chromedp.Click(chromedp.ID("hint")),
		chromedp.WaitVisible(chromedp.CSS(`#steps[data-shown="1"]:not([data-more])`)),
	)
	if err != nil {
		t.Fatalf("the killer's hint: %v", err)
	}
	checkShownStep(t, eval[shownStep](t, ctx, readStep), path, 1)
	err = chromedp.Do(ctx,
		// Straight to step k, as k presses of Next step would go.
		chromedp.Evaluate[chromedp.Void](fmt.Sprintf("stepsGo(%d)", k)),
		chromedp.WaitVisible(chromedp.CSS(fmt.Sprintf(`#steps[data-shown="%d"]:not([data-more])`, k))),
	)
	if err != nil {
		t.Fatalf("the killer's step %d: %v", k, err)
	}
	checkShownStep(t, eval[shownStep](t, ctx, readStep), path, k)
	if got := text(t, ctx, "step-sub-count"); !strings.HasPrefix(got, fmt.Sprintf("%d sub-steps", len(st.Sub))) {
		t.Errorf("step %d: the zoom says %q; the step has %d sub-steps", k, got, len(st.Sub))
	}
	if eval[bool](t, ctx, `document.getElementById("step-zoom").open`) {
		t.Error("the zoom is open before it is asked for")
	}
	sub := func(j int, click string) shownSub {
		t.Helper()
		err := chromedp.Do(ctx,
			chromedp.Click(chromedp.CSS(click)),
			chromedp.WaitVisible(chromedp.CSS(fmt.Sprintf(`#steps[data-sub="%d"]`, j))),
		)
		if err != nil {
			t.Fatalf("sub-step %d: %v", j, err)
		}
		got := eval[shownSub](t, ctx, readSub)
		want := st.Sub[j-1]
		if !slices.Equal(got.Subs, subTexts(st.Sub)) {
			t.Errorf("the page lists the sub-steps %q, the library's are %q", got.Subs, subTexts(st.Sub))
		}
		if got.Current != strconv.Itoa(j) {
			t.Errorf("sub-step %d: the list marks %q as current", j, got.Current)
		}
		var placed, struck []string
		for _, p := range want.Placements {
			placed = append(placed, strconv.Itoa(p.Cell))
		}
		for _, e := range want.Eliminations {
			struck = append(struck, strconv.Itoa(e.Cell))
		}
		if !slices.Equal(got.Placed, placed) || !slices.Equal(got.Struck, struck) {
			t.Errorf("sub-step %d (%s): the picture places at %q and strikes at %q", j, want.Text, got.Placed, got.Struck)
		}
		if len(got.Houses) != len(want.Houses) || len(got.Rules) != len(want.Rules) {
			t.Errorf("sub-step %d (%s): %d houses and %d rules outlined", j, want.Text, len(got.Houses), len(got.Rules))
		}
		if status := text(t, ctx, "status"); !strings.HasSuffix(status, want.Text) {
			t.Errorf("sub-step %d: the status says %q", j, status)
		}
		return got
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#step-zoom summary`)), chromedp.WaitVisible(chromedp.CSS(`#step-subs button[data-sub="1"]`))); err != nil {
		t.Fatalf("opening the zoom: %v", err)
	}
	first := sub(1, `#step-subs button[data-sub="1"]`)
	second := sub(2, `#sub-next`)
	if slices.Equal(first.Placed, second.Placed) && slices.Equal(first.Struck, second.Struck) && slices.Equal(first.Houses, second.Houses) && slices.Equal(first.Rules, second.Rules) {
		t.Errorf("the highlight did not change from sub-step 1 to 2: %+v", second)
	}
	// The cell selected earlier in the test is let go (Escape), so that
	// the picture shows the sub-step alone.
	err = chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`document.getElementById("cell-input").dispatchEvent(new KeyboardEvent("keydown", {key: "Escape"}))`),
		chromedp.WaitNotPresent(chromedp.CSS(`#picture svg .selection`)))
	if err != nil {
		t.Fatalf("letting the selected cell go: %v", err)
	}
	if shot := screenshot(t, ctx, "page-zoom.png"); shot != nil && os.Getenv("SATDOKU_UPDATE_DOCS") == "1" {
		writeDoc(t, "page-zoom.png", shot)
	}
	// The last sub-step, then back to the step itself.
	last := len(st.Sub)
	sub(last, fmt.Sprintf(`#step-subs button[data-sub="%d"]`, last))
	if !eval[bool](t, ctx, `document.getElementById("sub-next").disabled`) {
		t.Error("Next sub-step is enabled at the last sub-step")
	}
	err = chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS(fmt.Sprintf(`#step-subs button[data-sub="%d"]`, last))),
		chromedp.WaitNotPresent(chromedp.CSS(`#steps[data-sub]`)),
	)
	if err != nil {
		t.Fatalf("back to the step: %v", err)
	}
	checkShownStep(t, eval[shownStep](t, ctx, readStep), path, k)
}

// subTexts returns the words of sub-steps.
func subTexts(subs []logic.Step) []string {
	out := make([]string, len(subs))
	for i, s := range subs {
		out[i] = s.Text
	}
	return out
}

// TestPageHintFirst checks that the page shows the hint while the rest
// of the path is still being found ("Step 1 of 1 found so far…", Next
// enabled), that Next then waits for the step after it, and that the
// count becomes the whole path's once it is found. The path's steps are
// handed out as the test lets them (handOut). Not parallel: it replaces
// solvePath.
func TestPageHintFirst(t *testing.T) {
	ctx := startBrowser(t)
	_, full := libraryPath(t, classic, nil)
	next := make(chan int, 1)
	handOut(t, next)
	openPage(t, ctx, startServer(t, NewHandler(patient(Config{Version: "(devel)"}))))
	next <- 1
	err := chromedp.Do(ctx,
		chromedp.Click(chromedp.ID("hint")),
		chromedp.WaitVisible(chromedp.CSS(`#steps[data-shown="1"][data-more]`)),
	)
	if err != nil {
		t.Fatalf("the hint: %v", err)
	}
	if got := text(t, ctx, "step-count"); got != "Step 1 of 1 found so far…" {
		t.Errorf("the hint's count: %q", got)
	}
	if eval[bool](t, ctx, `document.getElementById("step-next").disabled`) {
		t.Error("Next is disabled while the path is still being found")
	}
	go func() { next <- 1 }()
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("step-next")), chromedp.WaitVisible(chromedp.CSS(`#steps[data-shown="2"]`))); err != nil {
		t.Fatalf("the next step: %v", err)
	}
	checkShownStep(t, eval[shownStep](t, ctx, `(() => { const s = `+readStep+`; s.count = s.count.replace(" found so far…", ""); return s; })()`),
		logic.Path{Steps: full.Steps[:2]}, 2)
	go func() { next <- len(full.Steps) }()
	if err := chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS(`#steps[data-shown="2"]:not([data-more])`))); err != nil {
		t.Fatalf("the whole path: %v", err)
	}
	if got, want := text(t, ctx, "step-count"), fmt.Sprintf("Step 2 of %d", len(full.Steps)); got != want {
		t.Errorf("the count once the path is found: %q, want %q", got, want)
	}
}
