package variant_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/variant"
)

// solved4 is a 4×4 solution used by the hand-made tests:
//
//	1 2 | 3 4
//	3 4 | 1 2
//	----+----
//	2 1 | 4 3
//	4 3 | 2 1
var solved4 = mustGrid("1234 3412 2143 4321", board.Square(2))

func mustGrid(s string, shape board.Shape) *board.Board {
	b := board.New(shape)
	i := 0
	for _, ch := range s {
		switch {
		case ch >= '0' && ch <= '9':
			b.Cells[i] = uint8(ch - '0')
			i++
		case ch >= 'A' && ch <= 'G':
			b.Cells[i] = uint8(ch-'A') + 10
			i++
		}
	}
	if i != len(b.Cells) {
		panic("mustGrid: wrong length")
	}
	return b
}

func TestCheckClassic(t *testing.T) {
	t.Parallel()
	jigsaw := variant.New(board.Square(2))
	// Regions: r1c1 r1c2 r2c1 r3c1 / r1c3 r1c4 r2c4 r3c4 / ... chosen to
	// break solved4 (r1c1=1 and r3c1=2 ... r2c1=3 and r2c2=4).
	jigsaw.Regions = []int{
		0, 0, 1, 1,
		0, 2, 2, 1,
		0, 2, 3, 1,
		2, 3, 3, 3,
	}
	given := variant.New(board.Square(2))
	given.Givens.Cells[5] = 3 // r2c2 given as 3, solved4 has 4
	bad := func(edit func(b *board.Board)) *board.Board { b := solved4.Clone(); edit(b); return b }
	badRule := variant.New(board.Square(2))
	badRule.Rules = []variant.Rule{variant.Killer{Cells: []int{0, 16}, Sum: 3}}
	tests := []struct {
		name string
		p    *variant.Puzzle
		grid *board.Board
		want error
		msg  string
	}{
		{"solved", variant.New(board.Square(2)), solved4, nil, ""},
		{"blank", variant.New(board.Square(2)), bad(func(b *board.Board) { b.Cells[6] = 0 }), board.ErrBlank, "r2c3"},
		{"digit", variant.New(board.Square(2)), bad(func(b *board.Board) { b.Cells[6] = 5 }), board.ErrDigit, "r2c3=5"},
		{"given", given, solved4, board.ErrGiven, "r2c2 is 3 in the puzzle but 4"},
		{"row", variant.New(board.Square(2)), bad(func(b *board.Board) { b.Cells[1] = 1 }), board.ErrClash, "r1c1=1 and r1c2=1 are both in row 1"},
		{"column", variant.New(board.Square(2)), bad(func(b *board.Board) { b.Cells[0], b.Cells[1] = 2, 1 }), board.ErrClash, "r1c1=2 and r3c1=2 are both in column 1"},
		{"region", jigsaw, solved4, board.ErrClash, "region"},
		{"shape", variant.New(board.Square(2)), board.New(board.Classic), board.ErrShape, "4x4"},
		{"invalid puzzle", badRule, solved4, variant.ErrInvalid, "rule 1 (killercage)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := variant.Check(tt.p, tt.grid)
			if !errors.Is(err, tt.want) || (tt.want == nil) != (err == nil) {
				t.Fatalf("Check = %v, want %v", err, tt.want)
			}
			if err != nil && !strings.Contains(err.Error(), tt.msg) {
				t.Fatalf("Check = %q, want it to mention %q", err, tt.msg)
			}
		})
	}
}

func TestRuleErrorMessage(t *testing.T) {
	t.Parallel()
	p := variant.New(board.Square(2))
	p.Rules = []variant.Rule{
		variant.Killer{Cells: []int{0, 1}, Sum: 3},     // 1+2: kept
		variant.Thermometer{Cells: []int{0, 1, 2, 3}},  // 1 2 3 4: kept
		variant.Killer{Cells: []int{0, 1, 4}, Sum: 10}, // 1+2+3 = 6
		variant.Thermometer{Cells: []int{15, 14, 13}},  // 1 2 3 but broken above first
	}
	err := variant.Check(p, solved4)
	want := "killer cage r1c1 r1c2 r2c1 sums to 10: the cells sum to 6 (r1c1 r1c2 r2c1)"
	if err == nil || err.Error() != want {
		t.Fatalf("Check = %v\nwant %s", err, want)
	}
	var re *variant.RuleError
	if !errors.As(err, &re) || re.Index != 2 {
		t.Fatalf("RuleError index: %+v", re)
	}
}

func TestDescribe(t *testing.T) {
	t.Parallel()
	above3, _ := variant.EdgeClue(9, -1, 2)
	right5, _ := variant.EdgeClue(9, 4, 9)
	tests := []struct {
		rule variant.Rule
		want string
	}{
		{variant.Killer{Cells: []int{0, 1, 9}, Sum: 10}, "killer cage r1c1 r1c2 r2c1 sums to 10"},
		{variant.Killer{Cells: []int{0, 1}}, "killer cage r1c1 r1c2 (no repeats)"},
		{variant.Thermometer{Cells: []int{0, 1, 2, 3}}, "thermometer r1c1 → r1c4"},
		{variant.Thermometer{Cells: []int{0, 1}, Slow: true}, "slow thermometer r1c1 → r1c2"},
		{variant.Arrow{Circle: []int{0}, Line: []int{1, 2}}, "arrow r1c1 ← r1c2 r1c3"},
		{variant.Arrow{Circle: []int{0, 1}, Line: []int{10}}, "arrow r1c1 r1c2 ← r2c2"},
		{variant.Whispers{Cells: []int{0, 10}, Difference: 5}, "whispers r1c1 → r2c2 (difference ≥ 5)"},
		{variant.Difference{A: 0, B: 1, Diff: 1}, "white dot r1c1-r1c2 (difference 1)"},
		{variant.Ratio{A: 0, B: 9, Ratio: 2}, "black dot r1c1-r2c1 (ratio 2:1)"},
		{variant.XV{A: 0, B: 1, Sum: 10}, "X r1c1-r1c2 (sum 10)"},
		{variant.XV{A: 0, B: 1, Sum: 5}, "V r1c1-r1c2 (sum 5)"},
		{variant.LittleKiller{Clue: variant.Outside{Row: -1, Col: 2, DRow: 1, DCol: 1}, Sum: 15}, "little killer above column 3, pointing down-right, sums to 15"},
		{variant.Sandwich{Clue: above3, Sum: 15}, "sandwich sum 15 above column 3"},
		{variant.XSum{Clue: right5, Sum: 20}, "x-sum 20 right of row 5"},
		{variant.Skyscraper{Clue: above3, Count: 3}, "skyscraper 3 above column 3"},
		{variant.Quadruple{Cells: []int{0, 1, 9, 10}, Digits: []int{1, 2}}, "quadruple r1c1 r1c2 r2c1 r2c2 holds 1 2"},
		{variant.Clone{Cells: []int{0}, Clones: []int{80}}, "clone r1c1 = r9c9"},
		{variant.Indexer{Kind: variant.ColumnIndex, Cells: []int{0, 9}}, "column indexer r1c1 r2c1"},
		{variant.Odd{Cell: 80}, "odd cell r9c9"},
		{variant.Minimum{Cell: 40, Than: []int{31, 39}}, "minimum r5c5"},
		{variant.Negative{Kind: variant.NoDifference, Values: []int{1}}, "nonconsecutive: no unmarked orthogonal neighbours differ by 1"},
		{variant.Negative{Kind: variant.NoSum, Values: []int{5, 10}}, "negative XV: no unmarked orthogonal neighbours sum to 5 or 10"},
		{variant.PositiveDiagonal{}, "positive diagonal (bottom-left to top-right)"},
		{variant.ExtraRegion{Cells: []int{10, 11}}, "extra region r2c2 r2c3"},
	}
	for _, tt := range tests {
		if got := tt.rule.Describe(9); got != tt.want {
			t.Errorf("%T.Describe = %q, want %q", tt.rule, got, tt.want)
		}
	}
}

func TestValidate(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		rule variant.Rule
		msg  string
	}{
		{"cell off board", variant.Odd{Cell: 81}, "off the 9x9 board"},
		{"minimum compared far away", variant.Minimum{Cell: 0, Than: []int{2}}, "r1c3 is not a neighbour of r1c1"},
		{"cage repeats a cell", variant.Killer{Cells: []int{0, 0}}, "r1c1 is listed twice"},
		{"cage too big", variant.Killer{Cells: allOf(10)}, "cannot hold different digits"},
		{"cage sum", variant.Killer{Cells: []int{0}, Sum: 46}, "cage sum 46"},
		{"dot not adjacent", variant.Difference{A: 0, B: 2, Diff: 1}, "not orthogonal neighbours"},
		{"dot value", variant.Ratio{A: 0, B: 1, Ratio: 1}, "ratio 1"},
		{"arrow without shaft", variant.Arrow{Circle: []int{0}}, "no shaft"},
		{"arrow circle on shaft", variant.Arrow{Circle: []int{0}, Line: []int{1, 0}}, "listed twice"},
		{"double arrow too short", variant.DoubleArrow{Cells: []int{0, 1}}, "at least 3"},
		{"whisper difference", variant.Whispers{Cells: []int{0, 1}, Difference: 9}, "whispers difference 9"},
		{"little killer inside", variant.LittleKiller{Clue: variant.Outside{Row: 0, Col: 0, DRow: 1, DCol: 1}, Sum: 5}, "not just outside"},
		{"little killer straight", variant.LittleKiller{Clue: variant.Outside{Row: -1, Col: 0, DRow: 1}, Sum: 5}, "diagonal"},
		{"little killer away", variant.LittleKiller{Clue: variant.Outside{Row: -1, Col: 0, DRow: -1, DCol: 1}, Sum: 5}, "points away"},
		{"sandwich corner", variant.Sandwich{Clue: variant.Outside{Row: -1, Col: -1, DRow: 1}, Sum: 5}, "beside a row or column"},
		{"sandwich sum", variant.Sandwich{Clue: variant.Outside{Row: -1, Col: 0, DRow: 1}, Sum: 36}, "must be 0..35"},
		{"clone lengths", variant.Clone{Cells: []int{0, 1}, Clones: []int{2}}, "2 cells cloned onto 1"},
		{"quadruple digit", variant.Quadruple{Cells: []int{0, 1, 9, 10}, Digits: []int{10}}, "outside 1..9"},
		{"renban too long", variant.Renban{Cells: allOf(10)}, "renban of 10 cells"},
		{"negative not adjacent", variant.Negative{Kind: variant.NoSum, Values: []int{5}, Pairs: [][2]int{{0, 10}}}, "not orthogonal"},
		// The solvers match value types: a pointer would be refused late
		// by the encoder, and a nil one would panic in its own Validate.
		{"pointer rule", &variant.Killer{Cells: []int{0, 1}, Sum: 3}, "rule 1 is a *variant.Killer: rules are values (variant.Killer{…}"},
		{"nil pointer rule", (*variant.Thermometer)(nil), "rule 1 is a *variant.Thermometer"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := variant.New(board.Classic)
			p.Rules = []variant.Rule{tt.rule}
			err := p.Validate()
			if !errors.Is(err, variant.ErrInvalid) || !strings.Contains(err.Error(), tt.msg) {
				t.Fatalf("Validate = %v, want ErrInvalid mentioning %q", err, tt.msg)
			}
		})
	}
	// Regions of the wrong size.
	p := variant.New(board.Square(2))
	p.Regions = []int{0, 0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3}
	if err := p.Validate(); !errors.Is(err, variant.ErrInvalid) || !strings.Contains(err.Error(), "region 1 has 5 cells") {
		t.Fatalf("Validate = %v", err)
	}
	// Clashing givens.
	p = variant.New(board.Square(2))
	p.Givens.Cells[0], p.Givens.Cells[5] = 1, 1
	if err := p.Validate(); !errors.Is(err, board.ErrClash) || !strings.Contains(err.Error(), "box 1") {
		t.Fatalf("Validate = %v", err)
	}
}

func allOf(k int) []int {
	out := make([]int, k)
	for i := range out {
		out[i] = i
	}
	return out
}
