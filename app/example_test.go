package app_test

import (
	"fmt"
	"os"

	"github.com/satdoku/satdoku/app"
)

// Example runs the command line in memory on a puzzle file, printing each
// solution on one line.
func Example() {
	code := app.Main([]string{"satdoku", "solve", "--output", "line", "../testdata/boj-sample.in"}, os.Stdin, os.Stdout, os.Stderr)
	fmt.Println("exit", code)
	// Output:
	// 135469278782135649469278135321546897874913526596827413917652384643781952258394761
	// exit 0
}

// ExampleMain_noSolution shows the result for a puzzle without a solution
// and its exit code.
func ExampleMain_noSolution() {
	code := app.Main([]string{"satdoku", "solve", "--output", "line", "--explain", "testdata/clash.txt"}, os.Stdin, os.Stdout, os.Stderr)
	fmt.Println("exit", code)
	// Output:
	// no solution
	// # r1c1=5 and r1c2=5 are both in row 1
	// exit 3
}
