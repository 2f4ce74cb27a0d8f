package batch_test

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/satdoku/satdoku/batch"
	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/engine"
	"github.com/satdoku/satdoku/variant"
)

// Example solves a stream of puzzles with two worker processes and a time
// limit per puzzle. The results come in input order, the unreadable line
// in its place. (The program's main calls batch.ServeWorkerIfChild first;
// this test binary's TestMain does.)
func Example() {
	input := strings.NewReader(`4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........
12345x
2...4.5...1.....3............6...8.2.7.3.9......1.....4...5.6.....7...9...8......
`)
	rd := board.NewReader(input)
	opts := batch.Options{Workers: 2, Timeout: 10 * time.Second}
	err := batch.Solve(context.Background(), rd, opts, func(r *batch.Result) error {
		switch r.Status {
		case engine.Solved:
			fmt.Printf("%d: %s\n", r.Index, board.AppendLine(nil, r.Solution, board.Default))
		default:
			fmt.Printf("%d: %v\n", r.Index, r.Status)
		}
		return nil
	})
	fmt.Println("error:", err)
	// Output:
	// 1: 468931527751624839392578461134756298289413675675289314846192753513867942927345186
	// 2: invalid
	// 3: 239847561614592738785613924396475812871329456542168379427951683163784295958236147
	// error: <nil>
}

// ExampleWithRules solves classic text as anti-knight puzzles: every
// puzzle read gets the rules of a spec, as the command line's --rules
// gives them, and each solution keeps them (the engine checks it with
// variant.Check). The puzzle is "Anti-knights move" (Cracking the
// Cryptic, from testdata/variants): 13 givens, unique with the rule; the
// second line, the same puzzle with r1c2 changed, has no solution.
func ExampleWithRules() {
	input := strings.NewReader(".3..41..7...5........8.9...6......7.........4.4.......3............6..5..643.....\n" +
		".2..41..7...5........8.9...6......7.........4.4.......3............6..5..643.....\n")
	rules := func(s board.Shape) ([]variant.Rule, []int, error) {
		rs, err := variant.ParseRules("antiknight", s)
		return rs, nil, err // nil regions: the boxes
	}
	src := batch.WithRules(board.NewReader(input), rules)
	opts := batch.Options{Engine: engine.Options{Limit: 2}}
	err := batch.Solve(context.Background(), src, opts, func(r *batch.Result) error {
		fmt.Println(r.Index, r.Status, r.Count, r.Variant.Rules[0].Describe(9))
		if r.Status == engine.Solved {
			fmt.Printf("%s\n", board.AppendLine(nil, r.Solution, board.Default))
		}
		return nil
	})
	fmt.Println("error:", err)
	// Output:
	// 1 solved 1 anti-knight
	// 536241897978536241421879635613485972789623514245917368357198426892764153164352789
	// 2 no_solution 0 anti-knight
	// error: <nil>
}

// ExampleSolveOne counts the solutions of one puzzle in a worker process
// of its own, which the time limit would kill: when SolveOne returns, the
// solve and its memory are gone, whatever gophersat was doing. (The
// program's main calls batch.ServeWorkerIfChild first; this test binary's
// TestMain does.)
func ExampleSolveOne() {
	p, err := board.Parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	if err != nil {
		fmt.Println(err)
		return
	}
	res := batch.SolveOne(context.Background(), p, nil, batch.Options{Engine: engine.Options{Limit: 2}, Timeout: 10 * time.Second})
	fmt.Println(res.Status, res.Count)
	fmt.Printf("%s\n", board.AppendLine(nil, res.Solution, board.Default))
	// Output:
	// solved 1
	// 534678912672195348198342567859761423426853791713924856961537284287419635345286179
}
