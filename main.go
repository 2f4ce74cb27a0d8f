// Command satdoku solves Sudoku of any size by SAT (gophersat), exports and
// decodes DIMACS CNF for other SAT solvers, and cross-checks every answer
// against a native backtracker. Run "satdoku --help" for the commands.
//
// Its web page is the program satdoku-web (cmd/satdoku-web), which
// "satdoku serve" runs: the command line does not link net/http, whose
// HTTP stack and cgo resolver would cost every short command a third of
// its start-up.
package main

import (
	"os"

	"github.com/satdoku/satdoku/app"
	"github.com/satdoku/satdoku/batch"
)

// page is "satdoku serve": satdoku-web, run with serve's arguments.
var page = app.ProgramCommand("serve",
	"serve a local web page to paste, type, solve and look at puzzles, with a JSON API",
	`Runs the program satdoku-web (found beside satdoku, or else on PATH) with
the arguments given: it serves the page and its JSON API on
127.0.0.1:8080 until interrupted. 'satdoku serve --help' is its help, with
its flags and limits; docs/tour.md shows the page.

'go install . ./cmd/satdoku-web' in the checkout installs both programs;
'go run ./cmd/satdoku-web' runs the page from the checkout.`,
	"satdoku-web",
	"install it from the checkout with 'go install ./cmd/satdoku-web' (beside satdoku: 'go install . ./cmd/satdoku-web'), or run the page there with 'go run ./cmd/satdoku-web'")

func main() {
	// In a worker process started by a batch, serve it and exit here.
	batch.ServeWorkerIfChild()
	os.Exit(app.Main(os.Args, os.Stdin, os.Stdout, os.Stderr, page))
}
