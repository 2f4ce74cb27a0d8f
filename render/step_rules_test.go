package render

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/variant"
)

// TestStepRules draws a variant step made by hand (as a killer step or a
// SAT step names its rule instances): the cage it relies on is shaded and
// outlined in the step's colours, the cage it does not use is not, and
// the house it names is outlined; the SVG carries the same.
func TestStepRules(t *testing.T) {
	used := []int{0, 1, 9} // r1c1 r1c2 r2c1: the cage the step relies on
	other := []int{40, 41} // r5c5 r5c6: a cage it does not use
	p := variant.New(board.Classic)
	p.Rules = []variant.Rule{variant.Killer{Cells: other, Sum: 3}, variant.Killer{Cells: used, Sum: 6}}
	cands := make([]uint64, 81)
	for i := range cands {
		cands[i] = 0x1ff
	}
	column1 := []int{0, 9, 18, 27, 36, 45, 54, 63, 72}
	step := &Step{
		Rules:      []int{1},
		Houses:     [][]int{column1},
		Eliminated: []Mark{{Cell: 18, Digit: 1}},
		Text:       "the 6-cage at r1c1 holds 1, 2 and 3: column 1 has no other place for 1",
	}
	sc, err := Draw(&Picture{Variant: p, Candidates: cands, Step: step}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	b := sc.Find("border")[0].(*Rect)
	l := Layout{N: 9, Cell: b.W / 9, Origin: b.Min}

	shade := one[*Path](t, sc, "highlight step rule killercage")
	if got := slices.Sorted(slices.Values(shade.Cells)); !slices.Equal(got, used) {
		t.Errorf("shaded cells %v, want the used cage's %v", got, used)
	}
	if shade.Fill != stepRuleColor {
		t.Errorf("shading %v, want the step's rule colour %v", shade.Fill, stepRuleColor)
	}
	var line *Path // the outline: the item of the class that is not the shading
	for _, it := range sc.Find("step rule killercage") {
		if it != Item(shade) {
			if line != nil {
				t.Fatal("two step outlines of the cage")
			}
			line = it.(*Path)
		}
	}
	if line == nil || !line.Closed || line.Stroke != stepRuleLine || len(line.Dash) != 0 {
		t.Fatalf("the cage's step outline: %+v", line)
	}
	checkCover(t, line.Polys, used, l)
	house := one[*Path](t, sc, "step house")
	checkCover(t, house.Polys, column1, l)
	if got := len(sc.Find("killercage outline")); got != 2 {
		t.Errorf("%d dashed cage outlines, want both cages' 2", got)
	}
	if got := sc.Find("legend label"); len(got) != 1 || got[0].(*Text).Text != stepRuleLabel {
		t.Errorf("legend %v, want the one entry %q (the step names no cells)", got, stepRuleLabel)
	}

	svg := string(sc.AppendSVG(nil))
	for _, want := range []string{`class="highlight step rule killercage" data-cells="0 1 9"`, `class="step house" data-cells="0 9 18`} {
		if !strings.Contains(svg, want) {
			t.Errorf("the SVG lacks %s", want)
		}
	}
}

// TestStepRulesOutOfRange refuses a step that names a rule the picture
// does not have.
func TestStepRulesOutOfRange(t *testing.T) {
	p := variant.New(board.Classic)
	p.Rules = []variant.Rule{variant.Killer{Cells: []int{0, 1}, Sum: 3}}
	tests := []struct {
		name string
		pic  Picture
	}{
		{"past the end", Picture{Variant: p, Step: &Step{Rules: []int{1}}}},
		{"negative", Picture{Variant: p, Step: &Step{Rules: []int{-1}}}},
		{"no variant", Picture{Puzzle: board.New(board.Classic), Step: &Step{Rules: []int{0}}}},
		{"house off the board", Picture{Variant: p, Step: &Step{Houses: [][]int{{81}}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := Draw(&tt.pic, Options{}); !errors.Is(err, ErrPicture) {
				t.Errorf("Draw = %v, want ErrPicture", err)
			}
		})
	}
}
