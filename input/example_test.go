package input_test

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/satdoku/satdoku/input"
)

// Detect tells each format by the first line other than blanks and
// comments (see the package doc's table).
func ExampleDetect() {
	for _, text := range []string{
		"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
		"5 3 0 0 7 0 0 0 0\n6 0 0 1 9 5 0 0 0\n",
		"# a killer\n3x3::k:3841:7705:7705",
		".Cage~10~R1C1~R1C2.AntiKing",
		"https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLry",
		`{"size":9,"grid":[]}`,
		"12 3 4 5 6 7 8 9 1",
	} {
		fmt.Println(input.Detect(text))
	}
	// Output:
	// text
	// text
	// SudoCue killer
	// Interactive Sudoku Solver
	// link
	// JSON
	// pencil marks
}

// NewReader reads an input whatever its format: here Interactive Sudoku
// Solver strings, one of them over two indented lines.
func ExampleNewReader() {
	text := `# two puzzles of Interactive Sudoku Solver
.AntiKnight.AntiKing.~R1C1_1~R1C7_5
    ~R1C8_6~R1C9_7~R2C1_2~R2C2_3~R2C3_4~R2C9_8
.AntiKing.~R1C1_1
`
	rd := input.NewReader(bufio.NewReader(strings.NewReader(text)), "example", input.Options{})
	fmt.Println(rd.Format)
	for {
		p, v, err := rd.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("line %d: %d givens, %d rules\n", p.Line, v.Givens.Givens(), len(v.Rules))
	}
	// Output:
	// Interactive Sudoku Solver
	// line 2: 8 givens, 2 rules
	// line 4: 1 givens, 1 rules
}

// Argument tells a puzzle given on the command line from a file name.
func ExampleArgument() {
	for _, arg := range []string{
		"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7", // 80 symbols: a puzzle, diagnosed as one
		"puzzles.txt", // a file name, even if it is missing
	} {
		_, ok := input.Argument(arg)
		fmt.Println(ok)
	}
	// Output:
	// true
	// false
}
