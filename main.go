// Command satdoku solves Sudoku of any size by SAT (gophersat), exports and
// decodes DIMACS CNF for other SAT solvers, and cross-checks every answer
// against a native backtracker. Run "satdoku --help" for the commands.
package main

import (
	"os"

	"github.com/satdoku/satdoku/app"
)

func main() {
	os.Exit(app.Main(os.Args, os.Stdin, os.Stdout, os.Stderr))
}
