// Package batch solves many puzzles: in parallel, in input order, each
// within a time limit, with bounded memory however long the input, and
// interruptible through a context. It is what "satdoku solve" runs.
//
//	rd := board.NewReader(f)
//	err := batch.Solve(ctx, rd, batch.Options{Timeout: time.Second}, func(r *batch.Result) error {
//		fmt.Println(r.Index, r.Status)
//		return nil
//	})
//
// The SAT engine runs in worker processes (see Options.Workers for why),
// which are copies of the program itself: a program that runs batches
// calls ServeWorkerIfChild first thing in main, and its tests call it
// first thing in TestMain. Every worker process is stopped when the batch
// ends, however it ends; each leads a process group of its own, and on
// Linux the kernel stops it if the program dies.
package batch
