package web

import (
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
// names, and a right one, from which the path goes on. With
// SATDOKU_UPDATE_DOCS=1 the page at step 4 becomes docs/page-steps.png.
func TestPageSteps(t *testing.T) {
	ctx := startBrowser(t)
	url := startServer(t, NewHandler(engineConfig(t))) // solves the killer's position too
	openPage(t, ctx, url)
	_, path := libraryPath(t, classic, nil)

	step := func(click string, k int) {
		t.Helper()
		err := chromedp.Do(ctx,
			chromedp.Click(chromedp.ID(click)),
			chromedp.WaitVisible(chromedp.CSS(fmt.Sprintf(`#steps[data-shown="%d"]`, k))),
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
}
