package explain_test

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/input"
	"github.com/satdoku/satdoku/internal/testpuzzles"
	"github.com/satdoku/satdoku/internal/variantcorpus"
	"github.com/satdoku/satdoku/variant"
)

// corpusPuzzle is one puzzle of the test collections with its known
// solution (nil when the collection gives none).
type corpusPuzzle struct {
	name     string
	puzzle   *variant.Puzzle
	solution *board.Board
	public   bool
}

// killers reads a killer collection of testdata/variants, one puzzle a
// line after its "# name" and "# solution:" comments, with read; a puzzle
// whose solution comment gives none ("none given") has no solution set.
func killers(t testing.TB, file string, read func(string) (*variant.Puzzle, error)) []corpusPuzzle {
	t.Helper()
	f, err := os.Open(testpuzzles.Path("testdata/variants/" + file))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []corpusPuzzle
	var name, sol string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "":
		case strings.HasPrefix(line, "# solution:"):
			sol = strings.TrimSpace(strings.TrimPrefix(line, "# solution:"))
		case strings.HasPrefix(line, "#"):
			name = strings.TrimSpace(strings.TrimPrefix(line, "#"))
		default:
			p, err := read(line)
			if err != nil {
				t.Fatalf("%s %s: %v", file, name, err)
			}
			cp := corpusPuzzle{name: file + ": " + name, puzzle: p, public: true}
			// The solution is the comment's first field; snarf's add
			// "(proved unique by both engines)" after it.
			if f := strings.Fields(sol); len(f) > 0 && len(f[0]) == 81 {
				b, err := board.Parse(f[0])
				if err == nil {
					cp.solution = b
				}
			}
			out = append(out, cp)
			name, sol = "", ""
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// allPuzzles returns the variant corpus and the two killer collections.
func allPuzzles(t testing.TB) []corpusPuzzle {
	var out []corpusPuzzle
	for _, p := range variantcorpus.Read(t) {
		out = append(out, corpusPuzzle{name: p.File, puzzle: p.Puzzle, solution: p.Solution, public: p.Public()})
	}
	out = append(out, killers(t, "sudocue/killers.txt", input.ReadSudoCue)...)
	out = append(out, killers(t, "snarf/killers.txt", input.ReadSnarfKiller)...)
	return out
}
