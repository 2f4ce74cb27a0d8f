package fpuzzles_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/fpuzzles"
	"github.com/satdoku/satdoku/input"
	"github.com/satdoku/satdoku/internal/lzstring"
	"github.com/satdoku/satdoku/internal/testpuzzles"
	"github.com/satdoku/satdoku/variant"
	"github.com/satdoku/satdoku/variant/varianttest"
)

// grid9 is an empty 9×9 f-puzzles grid.
var grid9 = `[` + strings.TrimSuffix(strings.Repeat(`[{},{},{},{},{},{},{},{},{}],`, 9), ",") + `]`

func doc(extra string) string {
	if extra != "" {
		extra = "," + extra
	}
	return `{"size":9,"grid":` + grid9 + extra + `}`
}

func TestReadErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		in   string
		want error
		msg  string
	}{
		{"syntax", "{\"size\":9,\n\"grid\":[}", fpuzzles.ErrFormat, "line 2, column 9"},
		{"not an object", "[1,2]", fpuzzles.ErrFormat, "cannot unmarshal"},
		{"null", "null", fpuzzles.ErrFormat, "not a JSON object"},
		{"no size", `{"grid":[]}`, fpuzzles.ErrFormat, "size: missing"},
		{"size too big", `{"size":17,"grid":[]}`, fpuzzles.ErrFormat, "size: 17 is outside 4..16"},
		{"size too small", `{"size":1,"grid":[[{}]]}`, fpuzzles.ErrFormat, "size: 1 is outside 4..16"},
		{"size zero", `{"size":0,"grid":[]}`, fpuzzles.ErrFormat, "size: 0 is outside 4..16"},
		{"size as text", `{"size":"9","grid":[]}`, fpuzzles.ErrFormat, `size: "9" is not a whole number`},
		{"size with a fraction", `{"size":9.5,"grid":[]}`, fpuzzles.ErrFormat, `size: 9.5 is not a whole number`},
		{"size beyond float64", `{"size":1e400,"grid":[]}`, fpuzzles.ErrFormat, `size: 1e400 is not a whole number`},
		{"size beyond exact", `{"size":1e300,"grid":[]}`, fpuzzles.ErrFormat, `size: 1e300 is not a whole number`},
		{"no grid", `{"size":9}`, fpuzzles.ErrFormat, "grid: missing"},
		{"grid rows", `{"size":9,"grid":[[]]}`, fpuzzles.ErrFormat, "grid: 1 rows for size 9"},
		{"grid row length", `{"size":4,"grid":[[{}],[{}],[{}],[{}]]}`, fpuzzles.ErrFormat, "grid[0]: 1 cells for size 4"},
		{"digit too big", strings.Replace(doc(""), "{}", `{"value":10,"given":true}`, 1), fpuzzles.ErrFormat, "grid[0][0].value: 10 is outside 1..9"},
		{"cell off the grid", doc(`"killercage":[{"cells":["R1C1","R10C1"],"value":"10"}]`), fpuzzles.ErrFormat, "killercage[0].cells[1]: R10C1 is off the 9x9 grid"},
		{"cell name", doc(`"thermometer":[{"lines":[["R1C1","X1Y2"]]}]`), fpuzzles.ErrFormat, `thermometer[0].lines[0][1]: "X1Y2" is not a cell name`},
		{"cage sum", doc(`"killercage":[{"cells":["R1C1"],"value":"ten"}]`), fpuzzles.ErrFormat, `killercage[0].value: "ten" is not a whole number`},
		{"cage too big for its sum", doc(`"killercage":[{"cells":["R1C1","R1C2"],"value":"99"}]`), fpuzzles.ErrFormat, "killercage[0]: invalid puzzle: cage sum 99"},
		{"xv letter", doc(`"xv":[{"cells":["R1C1","R1C2"],"value":"Y"}]`), fpuzzles.ErrFormat, `xv[0].value: "Y" is not X or V`},
		{"dot apart", doc(`"difference":[{"cells":["R1C1","R1C3"]}]`), fpuzzles.ErrFormat, "difference[0]: invalid puzzle: r1c1 and r1c3 are not orthogonal neighbours"},
		{"little killer direction", doc(`"littlekillersum":[{"cell":"R0C1","direction":"NE","value":"5"}]`), fpuzzles.ErrFormat, `littlekillersum[0].direction: "NE"`},
		{"little killer inside", doc(`"littlekillersum":[{"cell":"R1C1","direction":"DR","value":"5"}]`), fpuzzles.ErrFormat, "inside the grid"},
		{"little killer away", doc(`"littlekillersum":[{"cell":"R0C1","direction":"UR","value":"5"}]`), fpuzzles.ErrFormat, "points away"},
		{"little killer cells", doc(`"littlekillersum":[{"cell":"R0C1","cells":["R1C2","R2C3"],"direction":"DR","value":"5"}]`), fpuzzles.ErrFormat, "not the diagonal"},
		{"sandwich corner", doc(`"sandwichsum":[{"cell":"R0C0","value":"5"}]`), fpuzzles.ErrFormat, "not beside a row or column"},
		{"sandwich far", doc(`"sandwichsum":[{"cell":"R0C12","value":"5"}]`), fpuzzles.ErrFormat, "too far from the 9x9 grid"},
		{"arrow start", doc(`"arrow":[{"cells":["R1C1"],"lines":[["R2C2","R3C3"]]}]`), fpuzzles.ErrFormat, "does not start in its circle"},
		{"regions", strings.Replace(doc(""), "{}", `{"region":1}`, 1), fpuzzles.ErrFormat, "region 1 has 8 cells, not 9"},
		{"region label", strings.Replace(doc(""), "{}", `{"region":9}`, 1), fpuzzles.ErrFormat, "grid[0][0].region: 9 is not a region 0..8"},
		{"parity", strings.Replace(doc(""), "{}", `{"parity":"Prime"}`, 1), fpuzzles.ErrFormat, `grid[0][0].parity`},
		{"clashing givens", strings.Replace(doc(""), "{}", `{"value":5,"given":true}`, 2), fpuzzles.ErrFormat, "both in row 1"},
		{"unknown constraint", doc(`"lockout":[{"lines":[["R1C1","R1C2","R1C3"]]}]`), fpuzzles.ErrUnsupported, `"lockout"`},
		{"unknown global", doc(`"antiqueen":true`), fpuzzles.ErrUnsupported, `"antiqueen"`},
		{"unknown cell field", strings.Replace(doc(""), "{}", `{"wibble":[1,2]}`, 1), fpuzzles.ErrUnsupported, `"grid.wibble"`},
		{"center mark 10", strings.Replace(doc(""), "{}", `{"centerPencilMarks":[1,10]}`, 1), fpuzzles.ErrFormat, "grid[0][0].centerPencilMarks: 10 is outside 1..9"},
		{"candidates not a list", strings.Replace(doc(""), "{}", `{"candidates":"12"}`, 1), fpuzzles.ErrFormat, "grid[0][0].candidates: not a list of digits"},
		{"pencil mark 0", strings.Replace(doc(""), "{}", `{"givenPencilMarks":[1,0]}`, 1), fpuzzles.ErrFormat, "grid[0][0].givenPencilMarks: 0 is outside 1..9"},
		{"pencil mark 10", strings.Replace(doc(""), "{}", `{"givenPencilMarks":[10]}`, 1), fpuzzles.ErrFormat, "grid[0][0].givenPencilMarks: 10 is outside 1..9"},
		{"pencil mark word", strings.Replace(doc(""), "{}", `{"givenPencilMarks":["x"]}`, 1), fpuzzles.ErrFormat, "grid[0][0].givenPencilMarks: \"x\" is not a whole number"},
		{"pencil marks not a list", strings.Replace(doc(""), "{}", `{"givenPencilMarks":5}`, 1), fpuzzles.ErrFormat, "grid[0][0].givenPencilMarks: not a list of digits"},
		{"digital root 0", doc(`"cage":[{"cells":["R1C1","R1C2"],"value":"DR0"}]`), fpuzzles.ErrFormat, `cage[0].value: "DR0": a digital root is 1 to 9`},
		{"digital-root cage outside", doc(`"cage":[{"cells":["R1C1","R0C2"],"value":"DR5"}]`), fpuzzles.ErrFormat, `cage[0].cells[1]: R0C2 is off the 9x9 grid`},
		{"unknown negative", doc(`"negative":["sum"]`), fpuzzles.ErrUnsupported, `"negative sum"`},
		{"solution length", doc(`"solution":[1,2,3]`), fpuzzles.ErrFormat, "solution: 3 digits for 81 cells"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := fpuzzles.Decode([]byte(tt.in))
			if !errors.Is(err, tt.want) || !strings.Contains(fmt.Sprint(err), tt.msg) {
				t.Fatalf("Decode error %v\nwant %v mentioning %q", err, tt.want, tt.msg)
			}
		})
	}
	var ue *fpuzzles.UnsupportedError
	if _, err := fpuzzles.Decode([]byte(doc(`"lockout":[{"lines":[["R1C1","R1C2"]]}]`))); !errors.As(err, &ue) || ue.Key != "lockout" {
		t.Fatalf("UnsupportedError key: %v", err)
	}
}

// TestNumbersAsJSONWritesThem: a size or a value written 9e0, 9.0 or
// 0.9e1 is 9, as JSON defines numbers.
func TestNumbersAsJSONWritesThem(t *testing.T) {
	t.Parallel()
	want, err := fpuzzles.Decode([]byte(strings.Replace(doc(""), "{}", `{"value":5,"given":true}`, 1)))
	if err != nil {
		t.Fatal(err)
	}
	for _, nine := range []string{"9e0", "9.0", "0.9e1", "900e-2"} {
		for _, five := range []string{"5", "5e0", "5.000", "0.5E+1"} {
			in := strings.Replace(strings.Replace(doc(""), `"size":9`, `"size":`+nine, 1), "{}", `{"value":`+five+`,"given":true}`, 1)
			got, err := fpuzzles.Decode([]byte(in))
			if err != nil {
				t.Errorf("size %s, value %s: %v", nine, five, err)
				continue
			}
			if got.Puzzle.Givens.String() != want.Puzzle.Givens.String() {
				t.Errorf("size %s, value %s: givens\n%v\nwant\n%v", nine, five, got.Puzzle.Givens, want.Puzzle.Givens)
			}
		}
	}
}

func TestEmptyUnknownKeysAreFine(t *testing.T) {
	t.Parallel()
	res, err := fpuzzles.Decode([]byte(doc(`"lockout":[],"antiqueen":false,"ratio":[],"negative":[]`)))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Puzzle.Rules) != 0 {
		t.Fatalf("rules from empty keys: %v", res.Puzzle.Rules)
	}
}

// TestByteOrderMark reads a document saved with a UTF-8 byte order mark,
// as some Windows editors save it, as the same puzzle as without it.
func TestByteOrderMark(t *testing.T) {
	t.Parallel()
	plain := doc(`"antiknight":true`)
	want, err := fpuzzles.Decode([]byte(plain))
	if err != nil {
		t.Fatal(err)
	}
	got, err := fpuzzles.Decode([]byte("\ufeff" + plain))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Puzzle, want.Puzzle) {
		t.Fatalf("with a byte order mark: %+v, without: %+v", got.Puzzle, want.Puzzle)
	}
}

func TestReadRules(t *testing.T) {
	t.Parallel()
	in := doc(`"antiknight":true,"nonconsecutive":true,"negative":["ratio","xv"],
		"difference":[{"cells":["R1C1","R1C2"]},{"cells":["R2C1","R2C2"],"value":"3"}],
		"ratio":[{"cells":["R3C1","R3C2"]}],
		"xv":[{"cells":["R4C1","R4C2"],"value":"v"},{"cells":["R5C1","R5C2"],"value":""}],
		"whispers":[{"lines":[["R6C1","R6C2"]]},{"lines":[["R7C1","R7C2"]],"value":"4"}],
		"arrow":[{"cells":["R9C2","R9C1"],"lines":[["R9C2","R8C3","R7C4"],["R9C1","R8C1"]]}],
		"maximum":[{"cell":"R5C5"},{"cell":"R5C6"}],
		"clone":[{"cells":["R1C9","R2C9"],"cloneCells":["R1C9","R3C9"]}],
		"littlekillersum":[{"cell":"R10C0","direction":"UR","value":"45"},{"cell":"R0C3","direction":"DL"}],
		"sandwichsum":[{"cell":"R5C10","value":"0"}],"skyscraper":[{"cell":"R10C4","value":""}]`)
	res, err := fpuzzles.Decode([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range res.Puzzle.Rules {
		got = append(got, r.Describe(9))
	}
	want := []string{
		"anti-knight",
		"maximum r5c5",
		"maximum r5c6",
		"arrow r9c1 r9c2 ← r8c3 r7c4",
		"arrow r9c1 r9c2 ← r8c1",
		"whispers r6c1 → r6c2 (difference ≥ 5)",
		"whispers r7c1 → r7c2 (difference ≥ 4)",
		"little killer at the bottom-left corner, pointing up-right, sums to 45",
		"white dot r1c1-r1c2 (difference 1)",
		"white dot r2c1-r2c2 (difference 3)",
		"black dot r3c1-r3c2 (ratio 2:1)",
		"V r4c1-r4c2 (sum 5)",
		"clone r2c9 = r3c9",
		"sandwich sum 0 right of row 5",
		"nonconsecutive: no unmarked orthogonal neighbours differ by 1",
		"negative ratio: no unmarked orthogonal neighbours in ratio 2:1",
		"negative XV: no unmarked orthogonal neighbours sum to 5 or 10",
	}
	if !slices.Equal(got, want) {
		t.Fatalf("rules:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// Adjacent maxima are not compared with each other.
	for _, r := range res.Puzzle.Rules {
		if m, ok := r.(variant.Maximum); ok && slices.Contains(m.Than, 40) && m.Cell == 41 {
			t.Fatalf("maximum r5c6 compared with the maximum r5c5: %v", m.Than)
		}
	}
	// The nonconsecutive pairs skip the dotted pairs (white and black);
	// negative XV skips the V but not the V with no letter (ignored).
	for _, r := range res.Puzzle.Rules {
		ng, ok := r.(variant.Negative)
		if !ok {
			continue
		}
		has := func(a, b int) bool { return slices.Contains(ng.Pairs, [2]int{a, b}) }
		switch ng.Kind {
		case variant.NoDifference, variant.NoRatio:
			if has(0, 1) || has(9, 10) || has(18, 19) || !has(27, 28) {
				t.Errorf("%s: wrong pairs", ng.Describe(9))
			}
		case variant.NoSum:
			if has(27, 28) || !has(36, 37) || !has(0, 1) {
				t.Errorf("%s: wrong pairs", ng.Describe(9))
			}
		}
	}
	var ignored []string
	for _, ig := range res.Ignored {
		ignored = append(ignored, ig.String())
	}
	wantIgnored := []string{
		"littlekillersum (1): little killer arrow with no sum (drawing only)",
		"skyscraper (1): clue with no number (drawing only)",
		"xv (1): XV mark with no letter (drawing only)",
	}
	if !slices.Equal(ignored, wantIgnored) {
		t.Fatalf("ignored %q, want %q", ignored, wantIgnored)
	}
}

func TestShapes(t *testing.T) {
	t.Parallel()
	want := map[int]board.Shape{4: {BoxRows: 2, BoxCols: 2}, 5: {BoxRows: 1, BoxCols: 5}, 6: {BoxRows: 2, BoxCols: 3}, 8: {BoxRows: 2, BoxCols: 4},
		9: board.Classic, 10: {BoxRows: 2, BoxCols: 5}, 12: {BoxRows: 3, BoxCols: 4}, 14: {BoxRows: 2, BoxCols: 7}, 15: {BoxRows: 3, BoxCols: 5}, 16: board.Square(4)}
	for n, s := range want {
		if got := fpuzzles.Shape(n); got != s {
			t.Errorf("Shape(%d) = %v, want %v", n, got, s)
		}
	}
	// A 5×5 with no region labels: f-puzzles' regions are the rows, and
	// they are explicit.
	row := "[" + strings.TrimSuffix(strings.Repeat("{},", 5), ",") + "]"
	res, err := fpuzzles.Decode([]byte(`{"size":5,"grid":[` + strings.TrimSuffix(strings.Repeat(row+",", 5), ",") + `]}`))
	if err != nil {
		t.Fatal(err)
	}
	if res.Puzzle.Regions == nil || res.Puzzle.Regions[7] != 1 {
		t.Fatalf("5x5 regions: %v", res.Puzzle.Regions)
	}
}

// corpusPayload returns a real puzzle's JSON and its lz-string payload.
func corpusPayload(t *testing.T) (string, string) {
	t.Helper()
	data, err := os.ReadFile(testpuzzles.Path(corpusDir + "/dclamage/killer-blister.json"))
	if err != nil {
		t.Fatal(err)
	}
	js := strings.TrimSpace(string(data))
	return js, lzstring.CompressToBase64(js)
}

func TestLoadForms(t *testing.T) {
	t.Parallel()
	js, payload := corpusPayload(t)
	want, err := fpuzzles.Decode([]byte(js))
	if err != nil {
		t.Fatal(err)
	}
	escaped := strings.NewReplacer("+", "%2B", "/", "%2F", "=", "%3D").Replace(payload)
	forms := map[string]string{
		"JSON":                      "  " + js + "\n",
		"payload":                   payload,
		"load=payload":              "?load=" + payload,
		"f-puzzles link":            "https://www.f-puzzles.com/?load=" + payload,
		"f-puzzles link, no www":    "f-puzzles.com/?load=" + payload + "&other=1",
		"escaped link":              "https://www.f-puzzles.com/?load=" + escaped,
		"spaces for plus":           "https://www.f-puzzles.com/?load=" + strings.ReplaceAll(payload, "+", " "),
		"sudokupad":                 "https://sudokupad.app/fpuzzles" + payload,
		"sudokupad escaped":         "https://sudokupad.app/fpuzzles" + escaped,
		"sudokupad fpuz":            "https://sudokupad.app/fpuz" + payload,
		"sudokupad fpuzzles/":       "https://sudokupad.app/fpuzzles/" + payload,
		"sudokupad puzzleid":        "https://sudokupad.app/?puzzleid=fpuzzles" + escaped,
		"crackingthecryptic app":    "https://app.crackingthecryptic.com/sudoku/fpuzzles" + payload,
		"uri-safe payload":          lzstring.CompressToEncodedURIComponent(js),
		"fpuzzles prefixed payload": "fpuzzles" + payload,
	}
	for name, in := range forms {
		t.Run(name, func(t *testing.T) {
			got, err := input.Load(in)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got.Puzzle, want.Puzzle) {
				t.Fatal("a different puzzle")
			}
		})
	}
	bad := map[string]string{
		"short sudokupad id": "https://sudokupad.app/8bNmDd4J9G",
		"sudokupad scl":      "https://sudokupad.app/sclN4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLryBdZQmq8l54",
		"no payload":         "https://www.f-puzzles.com/",
		"garbage payload":    "?load=!!!!",
		"empty":              "",
	}
	for name, in := range bad {
		t.Run(name, func(t *testing.T) {
			if _, err := input.Load(in); !errors.Is(err, fpuzzles.ErrFormat) {
				t.Fatalf("Load(%q) error %v, want ErrFormat", in, err)
			}
		})
	}
}

// TestCollapsedSlashes reads a link whose "//" was collapsed to "/", as
// some link handlers do.
func TestCollapsedSlashes(t *testing.T) {
	t.Parallel()
	for _, e := range readManifest(t) {
		data, err := os.ReadFile(testpuzzles.Path(corpusDir + "/" + e.File))
		if err != nil {
			t.Fatal(err)
		}
		payload := lzstring.CompressToBase64(strings.TrimSpace(string(data)))
		i := strings.Index(payload, "//")
		if i < 0 || strings.Count(payload, "//") > 1 || strings.Contains(payload, "///") {
			continue
		}
		broken := payload[:i] + payload[i+1:]
		res, err := fpuzzles.ReadPayload(broken)
		if err != nil {
			t.Fatalf("%s with its // collapsed: %v", e.File, err)
		}
		want := readCorpusPuzzle(t, e)
		if !reflect.DeepEqual(res.Puzzle, want.Puzzle) {
			t.Fatalf("%s: a different puzzle after repair", e.File)
		}
		return
	}
	t.Skip("no corpus payload with a single //")
}

// TestRoundTrip writes every corpus puzzle back to f-puzzles JSON and a
// link, reads them again and expects the same puzzle and solution.
func TestRoundTrip(t *testing.T) {
	t.Parallel()
	for _, e := range readManifest(t) {
		res := readCorpusPuzzle(t, e)
		sol := parseSolution(t, e.Solution, res.Puzzle.Givens.Shape)
		for _, fill := range []bool{false, true} {
			link, err := fpuzzles.URL(res.Puzzle, sol, fpuzzles.Options{FillGrid: fill})
			if err != nil {
				t.Fatalf("%s: %v", e.File, err)
			}
			back, err := input.Load(link)
			if err != nil {
				t.Fatalf("%s: reading back: %v", e.File, err)
			}
			samePuzzle(t, e.File, res.Puzzle, back.Puzzle)
			if back.Solution == nil || !back.Solution.Equal(sol) {
				t.Fatalf("%s: solution not read back", e.File)
			}
		}
	}
}

// samePuzzle compares two puzzles, rules as a multiset (the order of the
// keys decides their order).
func samePuzzle(t *testing.T, name string, a, b *variant.Puzzle) {
	t.Helper()
	if !a.Givens.Equal(b.Givens) || !slices.Equal(a.Regions, b.Regions) || a.Title != b.Title || a.Author != b.Author || a.RulesText != b.RulesText {
		t.Fatalf("%s: givens, regions or metadata differ", name)
	}
	rules := func(p *variant.Puzzle) []string {
		var out []string
		for _, r := range p.Rules {
			out = append(out, fmt.Sprintf("%T %v", r, r))
		}
		slices.Sort(out)
		return out
	}
	if ra, rb := rules(a), rules(b); !slices.Equal(ra, rb) {
		t.Fatalf("%s: rules differ:\n%v\n%v", name, ra, rb)
	}
	if !reflect.DeepEqual(a.Cosmetics, b.Cosmetics) {
		t.Fatalf("%s: cosmetics differ:\n%+v\n%+v", name, a.Cosmetics, b.Cosmetics)
	}
}

// TestRoundTripRandom writes random puzzles with every kind of rule.
func TestRoundTripRandom(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(9, 9))
	for trial := 0; trial < 30; trial++ {
		shape := []board.Shape{board.Classic, {BoxRows: 2, BoxCols: 3}, board.Square(2)}[trial%3]
		p := variant.New(shape)
		grid := varianttest.Grid(rng, shape)
		if trial%4 == 1 {
			p.Regions = varianttest.Regions(rng, grid, p.RegionLabels(), 10)
		}
		for _, kind := range varianttest.Kinds {
			if strings.HasPrefix(kind, "negative") || strings.HasPrefix(kind, "nonconsecutive") {
				continue // one negative set per puzzle at most; below
			}
			if rs := varianttest.Clue(rng, p, grid, kind); rs != nil {
				p.Rules = append(p.Rules, rs...)
			}
		}
		if kind := []string{"nonconsecutive:dots", "negative:ratio", "negative:xv"}[trial%3]; true {
			var kept []variant.Rule
			for _, r := range p.Rules { // the marks of this kind come with the negative rule
				switch r.(type) {
				case variant.Difference, variant.Ratio, variant.XV:
					continue
				}
				kept = append(kept, r)
			}
			p.Rules = append(kept, varianttest.Clue(rng, p, grid, kind)...)
		}
		for i, r := range p.Rules { // Than is recomputed from the group: one extremum each
			switch m := r.(type) {
			case variant.Minimum:
				p.Rules[i] = variant.Minima(p.Side(), []int{m.Cell})[0]
			case variant.Maximum:
				p.Rules[i] = variant.Maxima(p.Side(), []int{m.Cell})[0]
			}
		}
		if err := variant.Check(p, grid); err != nil {
			t.Fatalf("trial %d: the random puzzle is not solved by its grid: %v", trial, err)
		}
		data, err := fpuzzles.Marshal(p, grid, fpuzzles.Options{})
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		back, err := fpuzzles.Decode(data)
		if err != nil {
			t.Fatalf("trial %d: %v\n%s", trial, err, data)
		}
		samePuzzle(t, fmt.Sprintf("trial %d", trial), p, back.Puzzle)
	}
}

// TestDigitalRootCage reads a cage whose value holds DR<n> as SudokuSolver
// does: a rule, not a drawing; a cage of more cells than digits, or with
// other text, stays a drawing. The rule is written back as such a cage.
func TestDigitalRootCage(t *testing.T) {
	t.Parallel()
	in := doc(`"cage":[{"cells":["R1C1","R1C2","R2C1"],"value":"DR5","outlineC":"#000000"},{"cells":["R5C5"],"value":"5"},
		{"cells":["R1C1","R1C2","R1C3","R1C4","R1C5","R1C6","R1C7","R1C8","R1C9","R2C9"],"value":"DR3"}]`)
	res, err := fpuzzles.Decode([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	want := []variant.Rule{variant.DigitalRootCage{Cells: []int{0, 1, 9}, Root: 5}}
	if !reflect.DeepEqual(res.Puzzle.Rules, want) || len(res.Puzzle.Cosmetics) != 2 {
		t.Fatalf("rules %v, %d cosmetics", res.Puzzle.Rules, len(res.Puzzle.Cosmetics))
	}
	if got := res.Puzzle.Rules[0].Describe(9); got != "digital-root cage r1c1 r1c2 r2c1 (digital root 5)" {
		t.Errorf("Describe: %q", got)
	}
	out, err := fpuzzles.Marshal(res.Puzzle, nil, fpuzzles.Options{})
	if err != nil {
		t.Fatal(err)
	}
	back, err := fpuzzles.Decode(out)
	if err != nil || !reflect.DeepEqual(back.Puzzle.Rules, want) || len(back.Puzzle.Cosmetics) != 2 {
		t.Fatalf("read back: %v %v\n%s", back.Puzzle.Rules, err, out)
	}
}

// TestPencilMarks reads the given pencil marks of SudokuSolver's f-puzzles
// script: a rule on a blank cell, ignored (and noted) on a given one, and
// written back into the grid.
func TestPencilMarks(t *testing.T) {
	t.Parallel()
	in := strings.Replace(doc(""), "{}", `{"givenPencilMarks":[3,1,3]}`, 1)
	in = strings.Replace(in, "{}", `{"value":5,"given":true,"givenPencilMarks":[2]}`, 1)
	res, err := fpuzzles.Decode([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	want := []variant.Rule{variant.PencilMarks{Cell: 0, Digits: []int{1, 3}}}
	if !reflect.DeepEqual(res.Puzzle.Rules, want) {
		t.Fatalf("rules %v, want %v", res.Puzzle.Rules, want)
	}
	if got := res.Puzzle.Rules[0].Describe(9); got != "given pencil marks 1 3 in r1c1" {
		t.Errorf("Describe: %q", got)
	}
	if len(res.Ignored) != 1 || res.Ignored[0].String() != "grid.givenPencilMarks (1): pencil marks of a cell with a given digit" {
		t.Errorf("ignored %v", res.Ignored)
	}
	out, err := fpuzzles.Marshal(res.Puzzle, nil, fpuzzles.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), `"grid":[[{"givenPencilMarks":[1,3]},{"value":5,"given":true},{}`) {
		t.Fatalf("written: %s", out)
	}
	back, err := fpuzzles.Decode(out)
	if err != nil || !reflect.DeepEqual(back.Puzzle.Rules, want) {
		t.Fatalf("read back: %v %v", back.Puzzle.Rules, err)
	}
}

func TestMarshalErrors(t *testing.T) {
	t.Parallel()
	p := variant.New(board.Classic)
	p.Rules = []variant.Rule{variant.XV{A: 0, B: 1, Sum: 7}}
	if _, err := fpuzzles.Marshal(p, nil, fpuzzles.Options{}); err == nil || !strings.Contains(err.Error(), "only sums 5 (V) and 10 (X)") {
		t.Fatalf("Marshal of an XV sum 7: %v", err)
	}
	p.Rules = []variant.Rule{variant.Killer{Cells: []int{0, 0}}}
	if _, err := fpuzzles.Marshal(p, nil, fpuzzles.Options{}); !errors.Is(err, variant.ErrInvalid) {
		t.Fatalf("Marshal of an invalid puzzle: %v", err)
	}
	if _, err := fpuzzles.Marshal(variant.New(board.Classic), board.New(board.Square(2)), fpuzzles.Options{}); err == nil {
		t.Fatal("Marshal with a 4x4 solution of a 9x9 puzzle: no error")
	}
	// f-puzzles has one list of marks a cell, and none on a given cell.
	p.Rules = []variant.Rule{variant.PencilMarks{Cell: 3, Digits: []int{1, 2}}, variant.PencilMarks{Cell: 3, Digits: []int{3}}}
	if _, err := fpuzzles.Marshal(p, nil, fpuzzles.Options{}); err == nil || !strings.Contains(err.Error(), "R1C4 has two sets of given pencil marks") {
		t.Fatalf("Marshal of marks with nothing in common: %v", err)
	}
	p.Rules = []variant.Rule{variant.PencilMarks{Cell: 3, Digits: []int{1, 2}}}
	p.Givens.Cells[3] = 7
	if _, err := fpuzzles.Marshal(p, nil, fpuzzles.Options{}); err == nil || !strings.Contains(err.Error(), "R1C4 is given 7") {
		t.Fatalf("Marshal of marks ruling out the given: %v", err)
	}
}

func FuzzDecode(f *testing.F) {
	for _, name := range []string{"dclamage/clipped.json", "dclamage/behemoth.json", "dclamage/orbit.json", "sigh/windoku.json", "constructed/nabner-6x6.json"} {
		data, err := os.ReadFile(testpuzzles.Path(corpusDir + "/" + name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(doc(`"littlekillersum":[{"cell":"R0C1","direction":"DR","value":"5"}],"negative":["xv"]`)))
	f.Add([]byte(strings.Replace(doc(""), "{}", `{"givenPencilMarks":[3,1]}`, 1)))
	f.Fuzz(func(t *testing.T, data []byte) {
		res, err := fpuzzles.Decode(data)
		if err != nil {
			if !errors.Is(err, fpuzzles.ErrFormat) && !errors.Is(err, fpuzzles.ErrUnsupported) {
				t.Fatalf("error of no known kind: %v", err)
			}
			return
		}
		if err := res.Puzzle.Validate(); err != nil {
			t.Fatalf("accepted an invalid puzzle: %v", err)
		}
		// What was read writes back and reads again.
		out, err := fpuzzles.Marshal(res.Puzzle, nil, fpuzzles.Options{})
		if err != nil {
			t.Fatalf("cannot write back: %v", err)
		}
		if _, err := fpuzzles.Decode(out); err != nil {
			t.Fatalf("cannot read back: %v\n%s", err, out)
		}
	})
}

func FuzzLoad(f *testing.F) {
	_, payload := "", lzstring.CompressToBase64(doc(`"antiknight":true`))
	f.Add(payload)
	f.Add("https://www.f-puzzles.com/?load=" + payload)
	f.Add("https://sudokupad.app/fpuzzles" + payload)
	f.Add("https://sudokupad.app/?puzzleid=fpuz%2F%2F")
	f.Add("3x3:d:k:769:769" + strings.Repeat(":0", 79) + ":")
	f.Add("3<" + strings.Repeat("0", 79))
	f.Fuzz(func(t *testing.T, s string) {
		_, err := input.Load(s)
		switch {
		case err == nil, errors.Is(err, fpuzzles.ErrFormat), errors.Is(err, fpuzzles.ErrUnsupported):
		case input.IsSudoCue(s) && (errors.Is(err, input.ErrSudoCue) || errors.Is(err, variant.ErrInvalid)):
		case input.IsSnarfKiller(s) && (errors.Is(err, input.ErrSnarfKiller) || errors.Is(err, variant.ErrInvalid)):
		default:
			t.Fatalf("error of no known kind: %v", err)
		}
	})
}

// TestSettingsIgnored: the keys that hold the editor's or solver's
// settings, not rules, are noted as ignored and never refuse a puzzle
// (as "activeConstraints", the kinds of constraint in use, which some
// published links carry), while a key that is a rule satdoku lacks is
// refused.
func TestSettingsIgnored(t *testing.T) {
	t.Parallel()
	res, err := fpuzzles.Decode([]byte(doc(`"activeConstraints":["Killer Cage"],"highlightConflicts":true,"disabledlogic":["Tuples"],"killercage":[{"cells":["R1C1","R1C2"],"value":"3"}]`)))
	if err != nil {
		t.Fatal(err)
	}
	var ignored []string
	for _, ig := range res.Ignored {
		ignored = append(ignored, ig.Key)
	}
	slices.Sort(ignored)
	if want := []string{"activeConstraints", "disabledlogic", "highlightConflicts"}; !slices.Equal(ignored, want) || len(res.Puzzle.Rules) != 1 {
		t.Errorf("ignored %q, want %q; %d rules, want the cage", ignored, want, len(res.Puzzle.Rules))
	}
	var ue *fpuzzles.UnsupportedError
	if _, err := fpuzzles.Decode([]byte(doc(`"activeConstraints":["Killer Cage"],"chaosconstruction":true`))); !errors.As(err, &ue) || ue.Key != "chaosconstruction" {
		t.Errorf("an unknown rule key: %v, want it refused", err)
	}
}

// TestSetterSolutionChecked: a "solution" array must solve the puzzle as
// read: one that breaks a rule the file carries means a rule is missing
// (drawn only, or in the rules text) or the solution is wrong, and the
// file is refused, naming the rule; digits entered in the grid, a
// solver's attempt perhaps, are not held against the puzzle.
func TestSetterSolutionChecked(t *testing.T) {
	t.Parallel()
	const sol = "123456789456789123789123456214365897365897214897214365531642978642978531978531642"
	digits := make([]string, len(sol))
	for i, c := range sol {
		digits[i] = string(c)
	}
	solution := `"solution":[` + strings.Join(digits, ",") + `]`
	// r1c1 + r1c2 = 3: a killer cage of 3 agrees, one of 4 does not.
	good := doc(solution + `,"killercage":[{"cells":["R1C1","R1C2"],"value":"3"}]`)
	res, err := fpuzzles.Decode([]byte(good))
	if err != nil || res.Solution == nil {
		t.Fatalf("a solution that keeps every rule: %v", err)
	}
	bad := doc(solution + `,"killercage":[{"cells":["R1C1","R1C2"],"value":"4"}]`)
	_, err = fpuzzles.Decode([]byte(bad))
	if !errors.Is(err, fpuzzles.ErrFormat) || !strings.Contains(err.Error(), "the setter's solution breaks the puzzle as read") || !strings.Contains(err.Error(), "killer cage") {
		t.Errorf("a solution that breaks a cage: %v, want the file refused naming the cage", err)
	}
	// The same digits entered in the grid: read, not checked.
	entered := strings.Replace(doc(`"killercage":[{"cells":["R1C1","R1C2"],"value":"4"}]`), grid9, enteredGrid(sol), 1)
	if res, err := fpuzzles.Decode([]byte(entered)); err != nil || res.Solution == nil {
		t.Errorf("entered digits that break a cage: %v, want them read and not checked", err)
	}
}

// enteredGrid is a 9×9 f-puzzles grid holding the 81 digits of s entered,
// not given.
func enteredGrid(s string) string {
	var rows []string
	for r := 0; r < 9; r++ {
		var cells []string
		for c := 0; c < 9; c++ {
			cells = append(cells, `{"value":`+s[r*9+c:r*9+c+1]+`}`)
		}
		rows = append(rows, "["+strings.Join(cells, ",")+"]")
	}
	return "[" + strings.Join(rows, ",") + "]"
}

// TestRulesTextNamesMissingRule: a rules text that names a global rule
// the file does not carry is reported (the puzzle is solved without it);
// one the file carries, or words other rules use too, are not.
func TestRulesTextNamesMissingRule(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		extra, want string
	}{
		{`"ruleset":"Digits a knight's move apart may not repeat."`, `the rules text names "knight", but the file has no anti-knight rule`},
		{`"ruleset":"Anti-king: cells a king's move apart differ."`, `the rules text names "king", but the file has no anti-king rule`},
		{`"ruleset":"Non-consecutive: orthogonal neighbours are not consecutive."`, `names "Non-consecutive"`},
		{`"ruleset":"Digits a knight's move apart may not repeat.","antiknight":true`, ""},
		{`"ruleset":"Cells separated by a white dot are consecutive; clues give sums along diagonals."`, ""},
	} {
		res, err := fpuzzles.Decode([]byte(doc(tc.extra)))
		if err != nil {
			t.Fatalf("%s: %v", tc.extra, err)
		}
		got := ""
		for _, ig := range res.Ignored {
			if ig.Key == "ruleset" {
				got = ig.Why
			}
		}
		if tc.want == "" && got != "" || !strings.Contains(got, tc.want) {
			t.Errorf("%s: reported %q, want %q", tc.extra, got, tc.want)
		}
	}
}
