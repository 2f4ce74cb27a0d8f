// Command datacheck says, in one line, whether the public puzzle sets that
// some of satdoku's tests need are beside the checkout, in ../shared/data:
// whether "go test ./..." ran those tests or skipped them. go test shows
// nothing of a package that passed, skipped tests included, so the
// README's test command ends with "go run ./internal/datacheck".
//
// The sets are five of tdoku's benchmark files and a few small public
// files ("Test data" in docs/testing.md says which and where they come from).
// With SATDOKU_REQUIRE_DATA=1, as CI sets it, their absence is an error
// (exit 1) instead of a note; a directory with some of the files missing
// is always one, since the tests that need a missing file fail.
package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// files are the files of ../shared/data that tests read.
var files = []string{
	"puzzles2_17_clue",
	"puzzles3_magictour_top1465",
	"puzzles5_forum_hardest_1905_11+",
	"puzzles6_forum_hardest_1106",
	"puzzles7_serg_benchmark",
	"ext/p096_sudoku.txt",
	"ext/plb_hard20.txt",
	"ext/spoj16.txt",
	"ext/spoj16_pubsol.txt",
	"ext/spoj16_raw.txt",
	"ext/spoj16_published_solution.txt",
	"ext/durr25.txt",
	"ext/durr_25x25_raw.txt",
}

func main() {
	os.Exit(run(os.Stdout, dataDir(), os.Getenv("SATDOKU_REQUIRE_DATA") == "1"))
}

// dataDir is ../shared/data beside the checkout.
func dataDir() string {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		return filepath.Join("..", "shared", "data")
	}
	return filepath.Join(filepath.Dir(file), "..", "..", "..", "shared", "data")
}

// run writes the line about dir and returns the exit code.
func run(w io.Writer, dir string, require bool) int {
	st, err := os.Stat(dir)
	if err != nil || !st.IsDir() {
		if require {
			fmt.Fprintf(w, "satdoku tests: FAIL: the public puzzle sets are not in %s, and SATDOKU_REQUIRE_DATA=1: the tests that need them were skipped (see \"Test data\" in docs/testing.md)\n", dir)
			return 1
		}
		fmt.Fprintf(w, "satdoku tests: note: the public puzzle sets are not in %s: the tests that need them (the full cross-validation of the engines among them) were skipped; see \"Test data\" in docs/testing.md\n", dir)
		return 0
	}
	var missing []string
	for _, f := range files {
		if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(f))); err != nil {
			missing = append(missing, f)
		}
	}
	if len(missing) > 0 {
		fmt.Fprintf(w, "satdoku tests: FAIL: %s lacks %d of the %d files the tests read (%s): see \"Test data\" in docs/testing.md\n", dir, len(missing), len(files), strings.Join(missing, ", "))
		return 1
	}
	fmt.Fprintf(w, "satdoku tests: the public puzzle sets are in %s: the tests that need them ran (with -short, only the quicker of them)\n", dir)
	return 0
}
