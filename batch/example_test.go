package batch_test

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/satdoku/satdoku/batch"
	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/engine"
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
