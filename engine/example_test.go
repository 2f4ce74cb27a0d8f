package engine_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/engine"
)

// The classic exchange: a 9×9 grid with 0 for the blanks, solved by SAT.
func ExampleEngine_Solve() {
	text, err := os.ReadFile("../testdata/boj-sample.in")
	if err != nil {
		fmt.Println(err)
		return
	}
	p, err := board.Parse(string(text))
	if err != nil {
		fmt.Println(err)
		return
	}
	e, err := engine.New(engine.Options{}) // SAT, first solution
	if err != nil {
		fmt.Println(err)
		return
	}
	res := e.Solve(context.Background(), p)
	fmt.Println(res.Status, res.Engine)
	fmt.Print(res.Solution)
	// Output:
	// solved sat
	// 1 3 5 4 6 9 2 7 8
	// 7 8 2 1 3 5 6 4 9
	// 4 6 9 2 7 8 1 3 5
	// 3 2 1 5 4 6 8 9 7
	// 8 7 4 9 1 3 5 2 6
	// 5 9 6 8 2 7 4 1 3
	// 9 1 7 6 5 2 3 8 4
	// 6 4 3 7 8 1 9 5 2
	// 2 5 8 3 9 4 7 6 1
}

// Counting to 2 tells a proper puzzle (one solution) from one with several;
// Second holds another solution, and board.Diff says where they differ.
func ExampleEngine_Solve_unique() {
	e, err := engine.New(engine.Options{Kind: engine.SAT, Limit: 2})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, text := range []string{
		"4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
		"8.........95.......76.........426798...571243...893165......916....3.487....1.532",
	} {
		p, err := board.Parse(text)
		if err != nil {
			fmt.Println(err)
			return
		}
		res := e.Solve(context.Background(), p)
		if res.Count == 1 {
			fmt.Println("unique")
			continue
		}
		var cells []string
		for _, c := range board.Diff(res.Solution, res.Second) {
			cells = append(cells, p.CellName(c))
		}
		fmt.Printf("multiple: at least %d solutions, the first two differ in %d cells\n", res.Count, len(cells))
	}
	// An empty 4×4 has 288 solutions; Limit 5 stops at five.
	e, _ = engine.New(engine.Options{Kind: engine.Backtrack, Limit: 5})
	res := e.Solve(context.Background(), board.New(board.Square(2)))
	fmt.Println(res.Count, "solutions found on an empty 4×4")
	// Output:
	// unique
	// multiple: at least 2 solutions, the first two differ in 4 cells
	// 5 solutions found on an empty 4×4
}

// Explain says why a puzzle has no solution: the givens that clash, or a
// minimal set of givens that admits no completion.
func ExampleEngine_Solve_explain() {
	e, err := engine.New(engine.Options{Explain: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, text := range []string{
		"5.......5" + strings.Repeat(".", 72),
		"4...3.......6..8..........1....5..9..2....6...7.2........1.27..5.3....4.9........",
	} {
		p, err := board.Parse(text)
		if err != nil {
			fmt.Println(err)
			return
		}
		res := e.Solve(context.Background(), p)
		fmt.Println(res.Status)
		for _, c := range res.Clashes {
			fmt.Println(" ", c)
		}
		if res.Conflict != nil {
			fmt.Println("  these givens admit no completion:", strings.Join(engine.GivenNames(p, res.Conflict), " "))
		}
	}
	// Output:
	// no_solution
	//   r1c1=5 and r1c9=5 are both in row 1
	// no_solution
	//   these givens admit no completion: r5c2=2 r6c2=7 r7c6=2 r7c7=7 r8c1=5 r8c3=3 r9c1=9
}
