package fallback

import (
	"fmt"
	"math/rand"
	"os"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/internal/testpuzzles"
)

// TestWriteNoSolution regenerates testdata/nosolution.txt when
// FALLBACK_WRITE_NOSOLUTION=1 is set.
func TestWriteNoSolution(t *testing.T) {
	if os.Getenv("FALLBACK_WRITE_NOSOLUTION") != "1" {
		t.Skip("set FALLBACK_WRITE_NOSOLUTION=1 to regenerate testdata/nosolution.txt")
	}
	var sb strings.Builder
	sb.WriteString(`# No-solution puzzles, one per line ('.' blank), written by TestWriteNoSolution in
# fallback/gen_test.go (deterministic seed 1). Each 9x9 puzzle is a proper public puzzle from
# ../testdata (top1465-sample.txt, hardest1106-sample.txt, 17clue-sample.txt) with exactly one
# given changed to another digit such that no two givens clash (board.Check passes) but the
# puzzle has no completion (fallback.Count == 0; cross-checked by the generic and 9x9 paths).
# The 4x4 puzzles are generated proper puzzles (unique solution; givens from the solution added
# back when no single change worked) changed the same way, confirmed by plain brute force.
# The comment line before each puzzle names its source, the cell changed and the digits.
`)
	rng := rand.New(rand.NewSource(1))
	for _, src := range []struct {
		file string
		take int
	}{{"top1465-sample.txt", 8}, {"hardest1106-sample.txt", 6}, {"17clue-sample.txt", 8}} {
		puzzles := testpuzzles.Boards(t, "testdata/"+src.file)
		for k, took := 0, 0; took < src.take && k < len(puzzles); k++ {
			pz := puzzles[(k*7)%len(puzzles)]
			bad, ok := noSolution(pz, nil, rng)
			if !ok {
				continue // every one-given change leaves a solution
			}
			took++
			if newTestSolver(true).mustCount(t, bad) != 0 {
				t.Fatal("generic path disagrees")
			}
			cell := board.Diff(pz, bad)[0]
			fmt.Fprintf(&sb, "# from %s: %s, %s %d -> %d\n%s\n", src.file, formatLine(pz), pz.CellName(cell), pz.Cells[cell], bad.Cells[cell], formatLine(bad))
		}
	}
	for seed := int64(1); seed <= 4; seed++ {
		pz, sol := properPuzzle(t, board.Square(2), seed, 0)
		bad, ok := noSolution(pz, sol, rng)
		if !ok || bruteCount(bad, 1) != 0 {
			t.Fatal("4x4 generation failed")
		}
		cell := board.Diff(pz, bad)[0]
		fmt.Fprintf(&sb, "# generated 4x4 (seed %d): %s, %s %d -> %d\n%s\n", seed, formatLine(pz), pz.CellName(cell), pz.Cells[cell], bad.Cells[cell], formatLine(bad))
	}
	if err := os.WriteFile(testpuzzles.Path("fallback/testdata/nosolution.txt"), []byte(sb.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

func (s *Solver) mustCount(t *testing.T, b *board.Board) int {
	t.Helper()
	res, err := s.Solve(t.Context(), b, 2)
	if err != nil {
		t.Fatal(err)
	}
	return res.Count
}
