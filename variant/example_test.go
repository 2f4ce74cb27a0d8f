package variant_test

import (
	"fmt"
	"strings"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/variant"
)

func ExampleCheck() {
	p := variant.New(board.Square(2)) // 4×4 with 2×2 boxes
	p.Rules = []variant.Rule{
		variant.Killer{Cells: []int{0, 1}, Sum: 3},    // r1c1 + r1c2 = 3
		variant.Thermometer{Cells: []int{6, 7}},       // r2c3 < r2c4
		variant.XV{A: 5, B: 6, Sum: 5},                // r2c2 + r2c3 = 5
		variant.Killer{Cells: []int{12, 13}, Sum: 10}, // r4c1 + r4c2 = 10?
	}
	grid, _ := board.Parse("1234\n3412\n2143\n4321\n")
	fmt.Println(variant.Check(p, grid))
	// Output:
	// killer cage r4c1 r4c2 sums to 10: the cells sum to 7 (r4c1 r4c2)
}

func ExampleParseRules() {
	rules, err := variant.ParseRules("diagonals, anti-knight, windoku", board.Classic)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range rules {
		fmt.Println(r.Describe(9))
	}
	_, err = variant.ParseRules("antiknight,antiqueen", board.Classic)
	fmt.Println(err)
	// Output:
	// positive diagonal (bottom-left to top-right)
	// negative diagonal (top-left to bottom-right)
	// anti-knight
	// extra region r2c2 r2c3 r2c4 r3c2 r3c3 r3c4 r4c2 r4c3 r4c4
	// extra region r2c6 r2c7 r2c8 r3c6 r3c7 r3c8 r4c6 r4c7 r4c8
	// extra region r6c2 r6c3 r6c4 r7c2 r7c3 r7c4 r8c2 r8c3 r8c4
	// extra region r6c6 r6c7 r6c8 r7c6 r7c7 r7c8 r8c6 r8c7 r8c8
	// column 12: unknown rule "antiqueen" (known: diagonal+, diagonal-, diagonals (both; also x), antiknight, antiking, nonconsecutive, disjointgroups, windoku (also hyper))
}

func ExampleReadRegions() {
	labels, err := variant.ReadRegions(strings.NewReader(`
aabb
acbb
ccdd
cdad
`), 4)
	fmt.Println(labels, err)
	_, err = variant.ReadRegions(strings.NewReader("aabb\naabb\nccdd\nccde\n"), 4)
	fmt.Println(err)
	// Output:
	// [0 0 1 1 0 2 1 1 2 2 3 3 2 3 0 3] <nil>
	// line 4, column 4: bad region grid: label "e" makes region 5 of 4
}
