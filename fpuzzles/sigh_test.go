package fpuzzles_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/engine"
	"github.com/satdoku/satdoku/fpuzzles"
	"github.com/satdoku/satdoku/input"
	"github.com/satdoku/satdoku/variant"
)

// sighKey describes a puzzle for comparison: its side, givens, regions,
// and its rules as a sorted list (the readers order them differently).
func sighKey(p *variant.Puzzle) string {
	var rules []string
	for _, r := range p.Rules {
		rules = append(rules, fmt.Sprintf("%T%v", r, r))
	}
	slices.Sort(rules)
	return fmt.Sprintf("%d %v %v\n%s", p.Side(), p.Givens.Cells, p.RegionLabels(), strings.Join(rules, "\n"))
}

// fpGrid returns the "size" and "grid" of an f-puzzles document of side
// n with the given cells ("R1C1": 5).
func fpGrid(n int, givens map[string]int) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, `"size":%d,"grid":[`, n)
	for r := 1; r <= n; r++ {
		if r > 1 {
			sb.WriteString(",")
		}
		sb.WriteString("[")
		for c := 1; c <= n; c++ {
			if c > 1 {
				sb.WriteString(",")
			}
			if d, ok := givens[fmt.Sprintf("R%dC%d", r, c)]; ok {
				fmt.Fprintf(&sb, `{"value":%d,"given":true}`, d)
			} else {
				sb.WriteString("{}")
			}
		}
		sb.WriteString("]")
	}
	return sb.String() + "]"
}

// TestReadSigh reads each supported type and compares the puzzle with
// the one the f-puzzles reader makes of the f-puzzles rule of the same
// meaning (as testdata/variants/tools/sigh2fpuzzles.mjs maps them).
func TestReadSigh(t *testing.T) {
	g9 := fpGrid(9, nil)
	tests := []struct {
		name, iss, fp string
	}{
		{"givens", ".~R6C4_1~R4C5_2", fpGrid(9, map[string]int{"R6C4": 1, "R4C5": 2})},
		{"Given type", ".Given~R1C1_9", fpGrid(9, map[string]int{"R1C1": 9})},
		{"givens meet", ".~R1C1_1_2_3.~R1C1_3_4", fpGrid(9, map[string]int{"R1C1": 3})},
		{"Thermo", ".Thermo~R9C1~R8C1~R7C1", g9 + `,"thermometer":[{"lines":[["R9C1","R8C1","R7C1"]]}]`},
		{"Renban", ".Renban~R1C1~R1C2~R1C3", g9 + `,"renban":[{"lines":[["R1C1","R1C2","R1C3"]]}]`},
		{"Between", ".Between~R1C1~R1C2~R1C3", g9 + `,"betweenline":[{"lines":[["R1C1","R1C2","R1C3"]]}]`},
		{"Palindrome", ".Palindrome~R1C1~R2C2~R3C3", g9 + `,"palindrome":[{"lines":[["R1C1","R2C2","R3C3"]]}]`},
		{"Zipper", ".Zipper~R1C1~R1C2~R1C3", g9 + `,"zipperline":[{"lines":[["R1C1","R1C2","R1C3"]]}]`},
		{"DoubleArrow", ".DoubleArrow~R1C1~R1C2~R1C3~R1C4", g9 + `,"doublearrow":[{"lines":[["R1C1","R1C2","R1C3","R1C4"]]}]`},
		{"RegionSumLine", ".RegionSumLine~R3C3~R3C4~R3C5", g9 + `,"regionsumline":[{"lines":[["R3C3","R3C4","R3C5"]]}]`},
		{"Entropic", ".Entropic~R1C1~R1C2~R1C3~R1C4", g9 + `,"entropicline":[{"lines":[["R1C1","R1C2","R1C3","R1C4"]]}]`},
		{"Modular", ".Modular~3~R1C1~R1C2~R1C3~R1C4", g9 + `,"modularline":[{"lines":[["R1C1","R1C2","R1C3","R1C4"]]}]`},
		{"Whisper", ".Whisper~R1C1~R1C2", g9 + `,"whispers":[{"lines":[["R1C1","R1C2"]],"value":"5"}]`},
		{"Whisper difference", ".Whisper~4~R1C1~R1C2", g9 + `,"whispers":[{"lines":[["R1C1","R1C2"]],"value":"4"}]`},
		{"Whisper back to a cell", ".Whisper~R1C1~R1C2~R2C2~R2C1~R1C2",
			g9 + `,"whispers":[{"lines":[["R1C1","R1C2","R2C2","R2C1"],["R2C1","R1C2"]],"value":"5"}]`},
		{"Arrow", ".Arrow~R1C1~R1C2~R1C3", g9 + `,"arrow":[{"cells":["R1C1"],"lines":[["R1C1","R1C2","R1C3"]]}]`},
		{"PillArrow", ".PillArrow~2~R1C2~R1C1~R2C2~R3C2", g9 + `,"arrow":[{"cells":["R1C1","R1C2"],"lines":[["R1C2","R2C2","R3C2"]]}]`},
		{"Cage", ".Cage~10~R1C1~R1C2", g9 + `,"killercage":[{"cells":["R1C1","R1C2"],"value":"10"}]`},
		{"Cage without sum", ".Cage~~R1C1~R1C2", g9 + `,"killercage":[{"cells":["R1C1","R1C2"]}]`},
		{"Cage of sum 0", ".Cage~0~R1C1~R1C2", g9 + `,"killercage":[{"cells":["R1C1","R1C2"]}]`},
		{"LittleKiller from the left", ".LittleKiller~20~R2C1", g9 + `,"littlekillersum":[{"cell":"R1C0","direction":"DR","value":"20"}]`},
		{"LittleKiller from the right", ".LittleKiller~12~R8C9", g9 + `,"littlekillersum":[{"cell":"R9C10","direction":"UL","value":"12"}]`},
		{"LittleKiller from the top", ".LittleKiller~15~R1C5", g9 + `,"littlekillersum":[{"cell":"R0C6","direction":"DL","value":"15"}]`},
		{"LittleKiller from the bottom", ".LittleKiller~9~R9C3", g9 + `,"littlekillersum":[{"cell":"R10C2","direction":"UR","value":"9"}]`},
		{"Sandwich", ".Sandwich~18~R3.Sandwich~0~C4", g9 + `,"sandwichsum":[{"cell":"R3C0","value":"18"},{"cell":"R0C4","value":"0"}]`},
		{"XSum", ".XSum~R2~15~.XSum~C7~~21", g9 + `,"xsum":[{"cell":"R2C0","value":"15"},{"cell":"R10C7","value":"21"}]`},
		{"Skyscraper", ".Skyscraper~C1~3~2", g9 + `,"skyscraper":[{"cell":"R0C1","value":"3"},{"cell":"R10C1","value":"2"}]`},
		{"Skyscraper last wins", ".Skyscraper~R1~3.Skyscraper~R1~4", g9 + `,"skyscraper":[{"cell":"R1C0","value":"4"}]`},
		{"Quad", ".Quad~R2C3~1~1~5", g9 + `,"quadruple":[{"cells":["R2C3","R2C4","R3C3","R3C4"],"values":[1,1,5]}]`},
		{"Indexing C", ".Indexing~C~R1C1~R2C1", g9 + `,"columnindexer":[{"cells":["R1C1","R2C1"]}]`},
		{"Indexing R", ".Indexing~R~R5C1", g9 + `,"rowindexer":[{"cells":["R5C1"]}]`},
		{"WhiteDot", ".WhiteDot~R1C1~R1C2", g9 + `,"difference":[{"cells":["R1C1","R1C2"]}]`},
		{"BlackDot", ".BlackDot~R1C1~R2C1", g9 + `,"ratio":[{"cells":["R1C1","R2C1"]}]`},
		{"dots on many cells", ".WhiteDot~R1C1~R1C2~R2C2~R5C5",
			g9 + `,"difference":[{"cells":["R1C1","R1C2"]},{"cells":["R1C2","R2C2"]}]`},
		{"X", ".X~R1C1~R1C2", g9 + `,"xv":[{"cells":["R1C1","R1C2"],"value":"X"}]`},
		{"V", ".V~R1C1~R1C2", g9 + `,"xv":[{"cells":["R1C1","R1C2"],"value":"V"}]`},
		{"Diagonal", ".Diagonal~1.Diagonal~-1", g9 + `,"diagonal+":true,"diagonal-":true`},
		{"AntiKnight", ".AntiKnight", g9 + `,"antiknight":true`},
		{"AntiKing", ".AntiKing", g9 + `,"antiking":true`},
		{"DisjointSets", ".DisjointSets", g9 + `,"disjointgroups":true`},
		{"AntiConsecutive", ".AntiConsecutive", g9 + `,"nonconsecutive":true`},
		{"StrictKropki", ".StrictKropki.WhiteDot~R1C1~R1C2",
			g9 + `,"difference":[{"cells":["R1C1","R1C2"]}],"nonconsecutive":true,"negative":["ratio"]`},
		{"StrictXV", ".StrictXV.X~R1C1~R1C2", g9 + `,"xv":[{"cells":["R1C1","R1C2"],"value":"X"}],"negative":["xv"]`},
		{"Windoku", ".Windoku", g9 + `,"extraregion":[` +
			`{"cells":["R2C2","R2C3","R2C4","R3C2","R3C3","R3C4","R4C2","R4C3","R4C4"]},` +
			`{"cells":["R6C2","R6C3","R6C4","R7C2","R7C3","R7C4","R8C2","R8C3","R8C4"]},` +
			`{"cells":["R2C6","R2C7","R2C8","R3C6","R3C7","R3C8","R4C6","R4C7","R4C8"]},` +
			`{"cells":["R6C6","R6C7","R6C8","R7C6","R7C7","R7C8","R8C6","R8C7","R8C8"]}]`},
		{"Shape", ".Shape~6x6.~R1C1_6", fpGrid(6, map[string]int{"R1C1": 6})},
		{"16x16 cell ids", ".Shape~16x16.~R1Cg_16~RaC1_10", fpGrid(16, map[string]int{"R1C16": 16, "R10C1": 10})},
		{"SearchPriority is a hint", ".SearchPriority~5~R1C1.~R1C1_1", fpGrid(9, map[string]int{"R1C1": 1})},
		{"empty items", ".~R1C1_1...", fpGrid(9, map[string]int{"R1C1": 1})},
		{"whitespace and sections", "# a comment\n.Thermo~R1C1\n  ~R1C2\n\n.AntiKing\n",
			g9 + `,"thermometer":[{"lines":[["R1C1","R1C2"]]}],"antiking":true`},
		{"link", "https://sigh.github.io/Interactive-Sudoku-Solver/?q=.Cage%7E10%7ER1C1%7ER1C2.AntiKing&mode=all",
			g9 + `,"killercage":[{"cells":["R1C1","R1C2"],"value":"10"}],"antiking":true`},
		{"link with spaces as +", "https://sigh.github.io/Interactive-Sudoku-Solver/index.html?q=.Thermo~R1C1+~R1C2",
			g9 + `,"thermometer":[{"lines":[["R1C1","R1C2"]]}]`},
		{"link without q", "https://sigh.github.io/Interactive-Sudoku-Solver/?q=", fpGrid(9, nil)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, err := fpuzzles.ReadSigh(tc.iss)
			if err != nil {
				t.Fatal(err)
			}
			if err := res.Puzzle.Validate(); err != nil {
				t.Fatal(err)
			}
			want, err := fpuzzles.Decode([]byte("{" + tc.fp + "}"))
			if err != nil {
				t.Fatalf("the f-puzzles equivalent: %v", err)
			}
			if got, w := sighKey(res.Puzzle), sighKey(want.Puzzle); got != w {
				t.Errorf("read\n%s\nwant (f-puzzles)\n%s", got, w)
			}
			// Load and LoadValue's string route there too.
			if !fpuzzles.IsSigh(tc.iss) {
				t.Errorf("IsSigh(%q) = false", tc.iss)
			}
			res2, err := input.Load(tc.iss)
			if err != nil || sighKey(res2.Puzzle) != sighKey(res.Puzzle) {
				t.Errorf("Load: %v", err)
			}
		})
	}
}

// TestReadSighOwnMeaning covers what ISS means that f-puzzles cannot say
// alone: its jigsaw keeps the boxes unless NoBoxes drops them, its
// anti-consecutive spares no dotted pair, a cell may hold one of several
// givens, and a pill above 9x9 reads its later cells as digits 1-9.
func TestReadSighOwnMeaning(t *testing.T) {
	layout := strings.Repeat("0", 9) + strings.Repeat("1", 9) + strings.Repeat("2", 9) +
		strings.Repeat("3", 9) + strings.Repeat("4", 9) + strings.Repeat("5", 9) +
		strings.Repeat("6", 9) + strings.Repeat("7", 9) + strings.Repeat("8", 9)
	tests := []struct {
		name, iss string
		check     func(p *variant.Puzzle) error
	}{
		{"jigsaw keeps the boxes", ".Jigsaw~" + layout, func(p *variant.Puzzle) error {
			if p.Regions != nil || len(p.Rules) != 9 {
				return fmt.Errorf("regions %v, %d rules; want the boxes and 9 extra regions", p.Regions, len(p.Rules))
			}
			if er, ok := p.Rules[0].(variant.ExtraRegion); !ok || !slices.Equal(er.Cells, []int{0, 1, 2, 3, 4, 5, 6, 7, 8}) {
				return fmt.Errorf("rule 1 is %v, want row 1", p.Rules[0])
			}
			return nil
		}},
		{"NoBoxes makes the jigsaw the regions", ".Jigsaw~" + layout + ".NoBoxes", func(p *variant.Puzzle) error {
			if len(p.Rules) != 0 || p.Regions == nil || p.Regions[80] != 8 || p.Regions[9] != 1 {
				return fmt.Errorf("regions %v, rules %v; want the rows", p.Regions, p.Rules)
			}
			return nil
		}},
		{"NoBoxes alone leaves no regions", ".NoBoxes", func(p *variant.Puzzle) error {
			if len(p.RegionCells()[0]) != 0 {
				return fmt.Errorf("regions %v", p.Regions)
			}
			return nil
		}},
		{"no boxes on 7x7", ".Shape~7x7", func(p *variant.Puzzle) error {
			if p.Regions == nil || p.Regions[0] != -1 {
				return fmt.Errorf("regions %v; ISS has no boxes on 7x7", p.Regions)
			}
			return nil
		}},
		{"disjoint sets without boxes stay the box positions", ".NoBoxes.DisjointSets", func(p *variant.Puzzle) error {
			er, ok := p.Rules[0].(variant.ExtraRegion)
			if len(p.Rules) != 9 || !ok || !slices.Equal(er.Cells, []int{0, 3, 6, 27, 30, 33, 54, 57, 60}) {
				return fmt.Errorf("rules %v", p.Rules)
			}
			return nil
		}},
		{"anti-consecutive spares no dot", ".AntiConsecutive.BlackDot~R1C1~R1C2", func(p *variant.Puzzle) error {
			ng := p.Rules[1].(variant.Negative)
			if !ng.Has(0, 1) || len(ng.Pairs) != 144 {
				return fmt.Errorf("pairs %v", ng.Pairs)
			}
			return nil
		}},
		{"one of several givens", ".~R1C1_2_4", func(p *variant.Puzzle) error {
			if len(p.Rules) != 1 || fmt.Sprint(p.Rules[0]) != fmt.Sprint(variant.PencilMarks{Cell: 0, Digits: []int{2, 4}}) {
				return fmt.Errorf("rules %v", p.Rules)
			}
			return nil
		}},
		{"pill above 9x9", ".Shape~16x16.PillArrow~2~R1C1~R1C2~R2C2", func(p *variant.Puzzle) error {
			if len(p.Rules) != 2 || fmt.Sprint(p.Rules[1]) != fmt.Sprint(variant.PencilMarks{Cell: 1, Digits: []int{1, 2, 3, 4, 5, 6, 7, 8, 9}}) {
				return fmt.Errorf("rules %v", p.Rules)
			}
			return nil
		}},
		{"6x6 windoku", ".Shape~6x6.Windoku", func(p *variant.Puzzle) error {
			er, ok := p.Rules[0].(variant.ExtraRegion)
			if len(p.Rules) != 1 || !ok || !slices.Equal(er.Cells, []int{7, 8, 9, 13, 14, 15}) {
				return fmt.Errorf("rules %v", p.Rules)
			}
			return nil
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, err := fpuzzles.ReadSigh(tc.iss)
			if err != nil {
				t.Fatal(err)
			}
			if err := tc.check(res.Puzzle); err != nil {
				t.Error(err)
			}
		})
	}
}

func TestReadSighErrors(t *testing.T) {
	tests := []struct {
		iss, want   string
		unsupported bool
	}{
		{".Cage~3~R1C1~R1C2.Lunchbox~10~R1C1~R1C2",
			`Interactive Sudoku Solver: constraint "Lunchbox" is not supported by satdoku (item 2: .Lunchbox~10~R1C1~R1C2); solving without it would give wrong answers`, true},
		{".Or.AntiKing.End", `Interactive Sudoku Solver: constraint "Or" is not supported by satdoku (item 1: .Or); solving without it would give wrong answers`, true},
		{".Bogus~1", `Interactive Sudoku Solver: unknown constraint type "Bogus" (item 1: .Bogus~1)`, true},
		{".Modular~5~R1C1~R1C2", "Interactive Sudoku Solver: item 1 (.Modular~5~R1C1~R1C2): a modular line of modulus 5: satdoku's modular lines are modulo 3", true},
		{".Shape~6x8", "Interactive Sudoku Solver: item 1 (.Shape~6x8): a 6x8 grid: satdoku solves square grids", true},
		{".Shape~9x9~0-8", "Interactive Sudoku Solver: item 1 (.Shape~9x9~0-8): the values 0-8: satdoku solves grids of the values 1 to 9", true},
		{".Shape~3x3", "Interactive Sudoku Solver: item 1 (.Shape~3x3): a 3x3 grid: satdoku solves 4x4 to 16x16", true},
		{".Shape~6x6.Entropic~R1C1~R1C2", "Interactive Sudoku Solver: item 2 (.Entropic~R1C1~R1C2): an entropic line needs the values 1-9 (ISS refuses it on a 6x6 grid)", true},
		{".Cage~x~R1C1~R1C2", `Interactive Sudoku Solver: item 1 (.Cage~x~R1C1~R1C2): sum "x" is not a whole number`, false},
		{".Thermo~R1C1~R10C1", `Interactive Sudoku Solver: item 1 (.Thermo~R1C1~R10C1): "R10C1" is not a cell id (R<row>C<col>, one character each: 1-9, then a-g for 10-16)`, false},
		{".Thermo~R1Ca", "Interactive Sudoku Solver: item 1 (.Thermo~R1Ca): cell R1Ca is off the 9x9 grid", false},
		{".~R1C1_0", `Interactive Sudoku Solver: item 1 (.~R1C1_0): "R1C1_0": "0" is not a value 1..9`, false},
		{".~R1C1", `Interactive Sudoku Solver: item 1 (.~R1C1): "R1C1": "" is not a value 1..9`, false},
		{".~R1C1_1.~R1C1_2", "Interactive Sudoku Solver: cell R1C1 has no value left: its givens have none in common", false},
		{".Sandwich~10", "Interactive Sudoku Solver: item 1 (.Sandwich~10): 1 arguments: Sandwich takes a sum and a row or column (R3, C3)", false},
		{".Sandwich~10~R0", `Interactive Sudoku Solver: item 1 (.Sandwich~10~R0): "R0" is not a row or column of the 9x9 grid (R1, C9)`, false},
		{".XSum~R1~0", "Interactive Sudoku Solver: item 1 (.XSum~R1~0): a clue of 0: ISS refuses it", false},
		{".LittleKiller~10~R5C5", "Interactive Sudoku Solver: item 1 (.LittleKiller~10~R5C5): no little killer diagonal starts at R5C5", false},
		{".Arrow~R1C1", "Interactive Sudoku Solver: item 1 (.Arrow~R1C1): 1 cells: an arrow (a circle and its shaft) needs 2 or more", false},
		{".PillArrow~4~R1C1~R1C2~R1C3~R1C4~R1C5", "Interactive Sudoku Solver: item 1 (.PillArrow~4~R1C1~R1C2~R1C3~R1C4~R1C5): PillArrow takes the pill's size, 2 or 3, then its cells", false},
		{".PillArrow~2~R1C1~R3C3~R2C2", "Interactive Sudoku Solver: item 1 (.PillArrow~2~R1C1~R3C3~R2C2): the pill's cells are not adjacent in reading order", false},
		{".Quad~R9C1~1", "Interactive Sudoku Solver: item 1 (.Quad~R9C1~1): no 2x2 square has its top-left cell at R9C1", false},
		{".WhiteDot~R1C1~R3C3", "Interactive Sudoku Solver: item 1 (.WhiteDot~R1C1~R3C3): no two of the cells are orthogonal neighbours", false},
		{".Diagonal~2", "Interactive Sudoku Solver: item 1 (.Diagonal~2): Diagonal takes 1 (╱) or -1 (╲)", false},
		{".AntiKing~1", "Interactive Sudoku Solver: item 1 (.AntiKing~1): AntiKing takes no arguments", false},
		{".Indexing~B~R1C1", "Interactive Sudoku Solver: item 1 (.Indexing~B~R1C1): Indexing takes C (column) or R (row) and cells", false},
		{".Jigsaw~0123", "Interactive Sudoku Solver: item 1 (.Jigsaw~0123): a layout of 4 characters for 81 cells", false},
		{".Cage~10~R1C1~R1C1", "Interactive Sudoku Solver: item 1 (.Cage~10~R1C1~R1C1): invalid puzzle: r1c1 is listed twice", false},
		{".Shape~6x6.Shape~9x9", "Interactive Sudoku Solver: item 2 (.Shape~9x9): a 9x9 grid after a 6x6 one: ISS allows one shape", false},
		{"Cage~3~R1C1", `Interactive Sudoku Solver: section 1 (Cage~3~R1C1) does not start with '.': satdoku reads ISS's constraint strings, ".Type~arg~…"`, false},
		{"https://sigh.github.io/Interactive-Sudoku-Solver/", `Interactive Sudoku Solver: the link has no puzzle (no "?q=")`, false},
		{"https://sigh.github.io/Interactive-Sudoku-Solver/?q=%zz", "Interactive Sudoku Solver: bad escape in the link: invalid URL escape \"%zz\"", false},
	}
	for _, tc := range tests {
		t.Run(tc.iss, func(t *testing.T) {
			res, err := fpuzzles.ReadSigh(tc.iss)
			if err == nil {
				t.Fatalf("read %v, want an error", res.Puzzle.Rules)
			}
			if err.Error() != tc.want {
				t.Errorf("error\n%s\nwant\n%s", err, tc.want)
			}
			target := fpuzzles.ErrFormat
			if tc.unsupported {
				target = fpuzzles.ErrUnsupported
			}
			if !errors.Is(err, target) {
				t.Errorf("errors.Is(%v) = false", target)
			}
		})
	}
}

func TestIsSigh(t *testing.T) {
	tests := []struct {
		text string
		want bool
	}{
		{".Cage~3~R1C1~R1C2", true},
		{".AntiKing", true},
		{".AntiKing.AntiKnight", true},
		{".~R1C1_5", true},
		{"..Cage~14~R5C3~R5C4.Diagonal~1", true}, // ISS's empty first item
		{"..AntiKing", true},
		{"..3.2.6..", false},
		{"...", false},
		{"# comment\n\n.Thermo~R1C1~R1C2", true},
		{".X~R1C1~R1C2", true},
		{"https://sigh.github.io/Interactive-Sudoku-Solver/?q=.AntiKing", true},
		{"http://localhost:8000/Interactive-Sudoku-Solver/index.html?q=.AntiKing", true},
		{"sigh.github.io/Interactive-Sudoku-Solver?q=.AntiKing", true},
		{"", false},
		{strings.Repeat(".", 81), false},
		{"." + strings.Repeat("5", 80), false},
		{".X.V" + strings.Repeat(".", 252), false}, // a line puzzle of letters
		{".Abc", false},
		{"..E..K..MI", false}, // a 16x16 line puzzle
		{"3x3::k:3595", false},
		{"https://www.f-puzzles.com/?load=N4Ig", false},
		{"{\"size\":9}", false},
	}
	for _, tc := range tests {
		if got := fpuzzles.IsSigh(tc.text); got != tc.want {
			t.Errorf("IsSigh(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}

// sighSample is a puzzle of testdata/sigh.txt.
type sighSample struct {
	name, iss, solution string
	line                int
}

func readSighSamples(t testing.TB) []sighSample {
	t.Helper()
	f, err := os.Open("testdata/sigh.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []sighSample
	var cur sighSample
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for line := 1; sc.Scan(); line++ {
		switch l := sc.Text(); {
		case strings.HasPrefix(l, "# ") && cur.iss == "":
			cur.name = strings.TrimPrefix(l, "# ")
		case strings.HasPrefix(l, "."):
			cur.iss, cur.line = l, line
		case strings.HasPrefix(l, "="):
			cur.solution = l[1:]
			out = append(out, cur)
			cur = sighSample{}
		}
	}
	if len(out) < 15 {
		t.Fatalf("%d samples", len(out))
	}
	return out
}

// sighSolution reads a solution in ISS's short form: digits, or letters
// (A=1) above 9x9.
func sighSolution(n int, s string) *board.Board {
	b := board.New(fpuzzles.Shape(n))
	for i := 0; i < len(s) && i < n*n; i++ {
		if n > 9 {
			b.Cells[i] = s[i] - 'A' + 1
		} else {
			b.Cells[i] = s[i] - '0'
		}
	}
	return b
}

// TestSighSamples checks that every sample reads, that its solution
// keeps every rule read, and that the puzzle survives a trip through
// f-puzzles JSON.
func TestSighSamples(t *testing.T) {
	for _, s := range readSighSamples(t) {
		t.Run(s.name, func(t *testing.T) {
			if !fpuzzles.IsSigh(s.iss) {
				t.Errorf("line %d: IsSigh = false", s.line)
			}
			res, err := fpuzzles.ReadSigh(s.iss)
			if err != nil {
				t.Fatalf("line %d: %v", s.line, err)
			}
			p := res.Puzzle
			if err := variant.Check(p, sighSolution(p.Side(), s.solution)); err != nil {
				t.Errorf("line %d: the solution: %v", s.line, err)
			}
			data, err := fpuzzles.Marshal(p, nil, fpuzzles.Options{})
			if err != nil && strings.Contains(s.iss, ".AntiConsecutive") && strings.Contains(s.iss, "Dot~") {
				return // ISS's anti-consecutive spares no dot; f-puzzles' does
			}
			if err != nil {
				t.Fatalf("Marshal: %v", err)
			}
			back, err := fpuzzles.Decode(data)
			if err != nil {
				t.Fatalf("reading back: %v", err)
			}
			if err := variant.Check(back.Puzzle, sighSolution(p.Side(), s.solution)); err != nil {
				t.Errorf("through f-puzzles JSON, the solution: %v", err)
			}
		})
	}
}

// TestSighCorpus compares samples with the corpus files that
// sigh2fpuzzles.mjs converted from the same strings: both have the same
// unique solution.
func TestSighCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("solves puzzles")
	}
	byTitle := map[string]corpusEntry{}
	for _, e := range readManifest(t) {
		if strings.HasPrefix(e.File, "sigh/") {
			byTitle[e.Title] = e
		}
	}
	eng, err := engine.New(engine.Options{Kind: engine.SAT, Limit: 2})
	if err != nil {
		t.Fatal(err)
	}
	compared := 0
	for _, s := range readSighSamples(t) {
		name, _, _ := strings.Cut(s.name, " (")
		e, ok := byTitle[name]
		if !ok || strings.HasPrefix(name, "16x16") || strings.HasPrefix(name, "Hailstone") { // seconds each
			continue
		}
		compared++
		t.Run(name, func(t *testing.T) {
			res, err := fpuzzles.ReadSigh(s.iss)
			if err != nil {
				t.Fatal(err)
			}
			mine := eng.SolvePuzzle(context.Background(), res.Puzzle)
			theirs := eng.SolvePuzzle(context.Background(), readCorpusPuzzle(t, e).Puzzle)
			if mine.Count != 1 || theirs.Count != 1 {
				t.Fatalf("%d and %d solutions (%v, %v), want 1 each", mine.Count, theirs.Count, mine.Err, theirs.Err)
			}
			if !slices.Equal(mine.Solution.Cells, theirs.Solution.Cells) {
				t.Errorf("solutions differ:\n%v\n%v", mine.Solution.Cells, theirs.Solution.Cells)
			}
		})
	}
	if compared < 10 {
		t.Errorf("%d samples compared with the corpus", compared)
	}
}

// FuzzSigh checks that ReadSigh never panics, that what it accepts is
// well formed, and that it survives a trip through f-puzzles JSON.
func FuzzSigh(f *testing.F) {
	f.Add(".Cage~3~R1C1~R1C2.Thermo~R9C1~R8C1.AntiKing.~R6C4_1~R4C5_2")
	f.Add(".Shape~6x6.LittleKiller~10~R1C2.Whisper~R1C1~R2C1.~R1C1_1_2")
	f.Add(".Shape~16x16.PillArrow~2~R1Cg~R2Cg~R3Cg.Jigsaw~" + strings.Repeat("0", 256))
	f.Add(".XSum~R1~3~4.Skyscraper~C2~~5.Sandwich~0~R3.Quad~R1C1~1~2.Indexing~C~R1C1")
	f.Add(".WhiteDot~R1C1~R1C2~R2C2.BlackDot~R5C5~R5C6.X~R9C8~R9C9.V~R8C8~R8C9.StrictKropki.StrictXV.AntiConsecutive")
	f.Add(".NoBoxes.DisjointSets.Windoku.Diagonal~1.Diagonal~-1.Modular~3~R1C1~R1C2~R1C3")
	f.Add("https://sigh.github.io/Interactive-Sudoku-Solver/?q=" + url.QueryEscape(".Cage~10~R1C1~R1C2"))
	f.Add("..Cage~14~R5C3~R5C4~R6C4.Diagonal~1.LittleKiller~47~R3C1")
	f.Add("1..2....3..4.... 1122112233443344") // a 4x4 jigsaw, short form
	f.Add("A..B....C..D.... 1122112233443344") // letters: not a 4x4 given
	f.Fuzz(func(t *testing.T, text string) {
		res, err := fpuzzles.ReadSigh(text)
		if err != nil {
			if !errors.Is(err, fpuzzles.ErrFormat) && !errors.Is(err, fpuzzles.ErrUnsupported) {
				t.Fatalf("untyped error %T: %v", err, err)
			}
			return
		}
		p := res.Puzzle
		if err := p.Validate(); err != nil {
			t.Fatalf("accepted a puzzle that is not valid: %v", err)
		}
		data, err := fpuzzles.Marshal(p, nil, fpuzzles.Options{})
		if err != nil {
			return // a puzzle f-puzzles cannot say (anti-consecutive with dots)
		}
		back, err := fpuzzles.Decode(data)
		if err != nil {
			t.Fatalf("reading back %s: %v", data, err)
		}
		if got, want := sighKey(back.Puzzle), sighKey(p); got != want {
			t.Fatalf("through f-puzzles JSON\n%s\nwant\n%s", got, want)
		}
	})
}

// TestMarshalNegativePairs: f-puzzles' negative constraints spare marked
// pairs, so a negative rule that covers a marked pair cannot be written.
func TestMarshalNegativePairs(t *testing.T) {
	for iss, ok := range map[string]bool{
		".AntiConsecutive":                         true,
		".StrictKropki.BlackDot~R1C1~R1C2":         true,
		".AntiConsecutive.BlackDot~R1C1~R1C2":      false,
		".StrictXV.X~R1C1~R1C2.WhiteDot~R2C1~R2C2": true,
	} {
		res, err := fpuzzles.ReadSigh(iss)
		if err != nil {
			t.Fatal(err)
		}
		_, err = fpuzzles.Marshal(res.Puzzle, nil, fpuzzles.Options{})
		if (err == nil) != ok {
			t.Errorf("%s: Marshal: %v", iss, err)
		}
	}
}

// TestSighLongItem: an item too long to quote whole is shortened in the
// message between runes, so the message stays valid UTF-8.
func TestSighLongItem(t *testing.T) {
	for pad := range 4 {
		text := ".Lunchbox~" + strings.Repeat("x", pad) + strings.Repeat("é", 40)
		_, err := fpuzzles.ReadSigh(text)
		if err == nil {
			t.Fatalf("ReadSigh(%q) = nil error", text)
		}
		if msg := err.Error(); !utf8.ValidString(msg) || !strings.Contains(msg, "…") {
			t.Errorf("pad %d: message %q is not valid UTF-8 or not shortened", pad, msg)
		}
	}
}

// TestSighJigsawShort reads ISS's short form of a jigsaw (givens, then the
// layout) as the constraint string it stands for; text of that length
// that is not a layout is not ISS's.
func TestSighJigsawShort(t *testing.T) {
	const (
		givens = "3.......71.......5....68.....5.19......9.............28....3......235..1.......9."
		layout = "000000021453303021453333221453322221455566121445666111445566667488887777888887777"
		// ISS's "Jigsaw" example (example:Regions & chaos), as it writes it.
		items = ".NoBoxes.Jigsaw~" + layout + ".~R1C1_3~R1C9_7~R2C1_1~R2C9_5~R3C5_6~R3C6_8~R4C3_5~R4C5_1~R4C6_9~R5C4_9~R6C9_2~R7C1_8~R7C6_3~R8C4_2~R8C5_3~R8C6_5~R8C9_1~R9C8_9"
	)
	want, err := fpuzzles.ReadSigh(items)
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{
		givens + layout,
		givens + " " + layout,
		strings.ReplaceAll(givens, ".", "0") + "\n" + layout + "\n",
		strings.ReplaceAll(givens, ".", "-") + layout,
	} {
		if !fpuzzles.IsSigh(text) {
			t.Errorf("IsSigh(%q) = false", text)
		}
		got, err := fpuzzles.ReadSigh(text)
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		if sighKey(got.Puzzle) != sighKey(want.Puzzle) {
			t.Errorf("%q: read\n%s\nwant\n%s", text, sighKey(got.Puzzle), sighKey(want.Puzzle))
		}
	}
	for _, text := range []string{
		givens + strings.Replace(layout, "0", "1", 1), // a region of 10 cells
		strings.Replace(givens, ".", "-", 1) + layout, // two kinds of blank
		givens + givens,
		givens,
	} {
		if fpuzzles.IsSigh(text) {
			t.Errorf("IsSigh(%q) = true", text)
		}
	}
}

// TestSighMarksShort reads ISS's short form of pencil marks (N characters
// a cell: the digits possible, '.' for the rest) as the givens it stands
// for; a 4×4 one, 64 characters, stays an 8×8 line puzzle.
func TestSighMarksShort(t *testing.T) {
	all := "123456789"
	marks := "1........" + "..3.5...." + strings.Repeat(all, 79)
	got, err := fpuzzles.ReadSigh(marks[:300] + "\n" + marks[300:])
	if err != nil {
		t.Fatal(err)
	}
	want, err := fpuzzles.ReadSigh(".~R1C1_1~R1C2_3_5")
	if err != nil {
		t.Fatal(err)
	}
	if sighKey(got.Puzzle) != sighKey(want.Puzzle) {
		t.Errorf("read\n%s\nwant\n%s", sighKey(got.Puzzle), sighKey(want.Puzzle))
	}
	if !fpuzzles.IsSigh(marks) {
		t.Errorf("IsSigh(9x9 marks) = false")
	}
	// A cell with no digit is an error naming it.
	if _, err := fpuzzles.ReadSigh("........." + strings.Repeat(all, 80)); err == nil || !strings.Contains(err.Error(), "R1C1") {
		t.Errorf("a cell without digits: %v", err)
	}
	for _, text := range []string{
		strings.Repeat("1234", 16), // 64 characters: an 8x8 line puzzle
		marks[:728],
		marks[:728] + "x",
	} {
		if fpuzzles.IsSigh(text) {
			t.Errorf("IsSigh(%q) = true", text)
		}
	}
}
