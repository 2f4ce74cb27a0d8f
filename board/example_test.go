package board_test

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/satdoku/satdoku/board"
)

func ExampleParse() {
	b, err := board.Parse("1 2 0 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(b.Shape, b.Givens(), "givens")
	_, err = board.Parse("1 2 0 4\n3 4 1 2\n2 1 7 3\n4 3 2 1\n")
	fmt.Println(err)
	fmt.Println(errors.Is(err, board.ErrSymbol))
	// Output:
	// 4x4 15 givens
	// line 3, column 5: '7' is not allowed here: a 4×4 grid uses the numbers 1-4, with 0 or . for a blank
	// true
}

func ExampleReader() {
	in := `# one puzzle per line, or one grid per block
12.4..1.....4..1
12.4..1.....4..5
Grid 01
003020600
900305001
001806400
008102900
700000008
006708200
002609500
800203009
005010300
`
	r := board.NewReader(strings.NewReader(in))
	r.Name = "p.txt"
	for {
		p, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println(err) // a ParseError: the next Read goes on
			continue
		}
		fmt.Printf("line %d: %v %v %q\n", p.Line, p.Board.Shape, p.Format, p.Title)
	}
	// Output:
	// line 2: 4x4 line ""
	// p.txt: line 3, column 16: '5' is not allowed here: a 4×4 board uses 1-4, with '.', '0' or '-' for a blank
	// line 5: 9x9 compact "Grid 01"
}

// A 6×6 board has 2×3 boxes, which cannot be inferred: set Reader.Shape.
func ExampleReader_shape() {
	r := board.NewReader(strings.NewReader("1.3.5.\n......\n......\n......\n......\n.....6\n"))
	r.Shape = board.Shape{BoxRows: 2, BoxCols: 3}
	p, err := r.Read()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Board.Shape, p.Format)
	fmt.Printf("%s\n", board.AppendLine(nil, p.Board, p.Alphabet))
	// Output:
	// 6x6 (2x3 boxes) compact
	// 1.3.5..............................6
}

func ExampleWriteGrid() {
	b, _ := board.Parse("12..\n..12\n2..1\n.12.\n")
	board.WriteGrid(os.Stdout, b)
	// Output:
	// 1 2 0 0
	// 0 0 1 2
	// 2 0 0 1
	// 0 1 2 0
}

func ExampleWriteCompact() {
	b, _ := board.Parse("1..G" + strings.Repeat(".", 252))
	board.WriteCompact(os.Stdout, board.Subset(b, []int{0, 3}), board.Hex)
	// Output:
	// 0..F............
	// ................
	// ................
	// ................
	// ................
	// ................
	// ................
	// ................
	// ................
	// ................
	// ................
	// ................
	// ................
	// ................
	// ................
	// ................
}

func ExampleAppendLine() {
	b, _ := board.Parse("1 2 0 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n")
	fmt.Printf("%s\n", board.AppendLine(nil, b, board.Default))
	fmt.Printf("%s\n", board.AppendLine(nil, b, board.Letters))
	// Output:
	// 12.4341221434321
	// AB.DCDABBADCDCBA
}

func ExampleWritePretty() {
	puzzle, _ := board.Parse("12.4..1.....4..1")
	solution, _ := board.Parse("1234341221434321")
	board.WritePretty(os.Stdout, solution, puzzle, board.PrettyOptions{})
	board.WritePretty(os.Stdout, puzzle, nil, board.PrettyOptions{ASCII: true})
	// Output:
	// ┌─────┬─────┐
	// │ 1 2 │ 3 4 │
	// │ 3 4 │ 1 2 │
	// ├─────┼─────┤
	// │ 2 1 │ 4 3 │
	// │ 4 3 │ 2 1 │
	// └─────┴─────┘
	// +-----+-----+
	// | 1 2 | . 4 |
	// | . . | 1 . |
	// +-----+-----+
	// | . . | . . |
	// | 4 . | . 1 |
	// +-----+-----+
}

// An irregular (jigsaw) board draws the borders of its regions.
func ExampleWritePretty_regions() {
	solution, _ := board.Parse("1234314243212413")
	regions := []int{
		0, 0, 1, 1,
		0, 2, 2, 1,
		0, 2, 3, 1,
		2, 3, 3, 3,
	}
	board.WritePretty(os.Stdout, solution, nil, board.PrettyOptions{Regions: regions})
	board.WritePretty(os.Stdout, solution, nil, board.PrettyOptions{Regions: regions, ASCII: true})
	// Output:
	// ┌───────┬───────┐
	// │ 1   2 │ 3   4 │
	// │   ┌───┴───┐   │
	// │ 3 │ 1   4 │ 2 │
	// │   │   ┌───┤   │
	// │ 4 │ 3 │ 2 │ 1 │
	// ├───┼───┘   └───┤
	// │ 2 │ 4   1   3 │
	// └───┴───────────┘
	// +-------+-------+
	// | 1   2 | 3   4 |
	// |   +---+---+   |
	// | 3 | 1   4 | 2 |
	// |   |   +---+   |
	// | 4 | 3 | 2 | 1 |
	// +---+---+   +---+
	// | 2 | 4   1   3 |
	// +---+-----------+
}

// A Writer writes each format; what it writes reads back as the same board.
func ExampleWriter() {
	solution, _ := board.Parse("1234341221434321")
	puzzle, _ := board.Parse("12.4..1.....4..1")
	for _, name := range board.FormatNames {
		f, _ := board.ParseFormat(name)
		var out strings.Builder
		w := board.NewWriter(&out, f)
		w.ASCII = true // for Pretty
		if err := w.Write(solution, puzzle); err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%s:\n%s", name, out.String())
		back, err := board.Parse(out.String())
		fmt.Println("reads back:", err == nil && back.Equal(solution))
	}
	// Output:
	// grid:
	// 1 2 3 4
	// 3 4 1 2
	// 2 1 4 3
	// 4 3 2 1
	// reads back: true
	// compact:
	// 1234
	// 3412
	// 2143
	// 4321
	// reads back: true
	// line:
	// 1234341221434321
	// reads back: true
	// pretty:
	// +-----+-----+
	// | 1 2 | 3 4 |
	// | 3 4 | 1 2 |
	// +-----+-----+
	// | 2 1 | 4 3 |
	// | 4 3 | 2 1 |
	// +-----+-----+
	// reads back: true
}

// CanWrite tells, before any solving, whether a format can write a board:
// the default alphabet has 35 symbols, too few for a 36×36 board on one line.
func ExampleCanWrite() {
	big := board.Square(6) // 36×36
	fmt.Println(board.CanWrite(board.Grid, big, board.Default))
	err := board.CanWrite(board.Line, big, board.Default)
	fmt.Println(err)
	fmt.Println(errors.Is(err, board.ErrCannotWrite))
	fmt.Println(board.CanWrite(board.Line, board.Square(5), board.Default))
	// Output:
	// <nil>
	// cannot be written in this format: a 36×36 board needs 36 symbols, but the default alphabet has 35: use the grid or pretty format
	// true
	// <nil>
}

// A line of words is an error, not a title dropped in silence, and a grid
// with a row too many is one bad puzzle; the puzzles after them are read.
func ExampleReader_errors() {
	in := `Hard puzzle
1 2 0 4
0 0 1 0
0 0 0 0
4 0 0 1
3 4 1 2

Grid 02
12.4..1.....4..1
`
	r := board.NewReader(strings.NewReader(in))
	for {
		p, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("line %d: %v %v %q\n", p.Line, p.Board.Shape, p.Format, p.Title)
	}
	// Output:
	// line 1, column 1: 'Hard puzzle' is text, not a puzzle: start a line of text with '#' to make it a comment
	// line 6: the grid starting on line 2 has 5 rows, but a 4×4 grid has 4
	// line 9: 4x4 line "Grid 02"
}
