// Command satdoku solves Sudoku of any size by SAT (gophersat), exports and
// decodes DIMACS CNF for other SAT solvers, and cross-checks every answer
// against a native backtracker. Run "satdoku --help" for the commands.
package main

import (
	"os"

	"github.com/satdoku/satdoku/app"
	"github.com/satdoku/satdoku/batch"
	"github.com/satdoku/satdoku/web/serve"
)

func main() {
	// In a worker process started by a batch, serve it and exit here.
	batch.ServeWorkerIfChild()
	// The command line, and the web page's command: app does not import web.
	os.Exit(app.Main(os.Args, os.Stdin, os.Stdout, os.Stderr, serve.Command))
}
