package input_test

import (
	"bufio"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/input"
	"github.com/satdoku/satdoku/variant"
)

// breakFree is "I want to break free" of Interactive Sudoku Solver's
// collections (data/collections.js at commit e373f98), as it stores it:
// 18 thermometers over five indented lines, and no givens. Its solution
// is ISS's.
const (
	breakFree = `
    .Thermo~r1c2~r2c3.Thermo~r3c2~r2c1.Thermo~r4c2~r5c1.Thermo~r6c2~r5c3
    .Thermo~r7c2~r8c3.Thermo~r9c2~r8c1.Thermo~r1c6~r2c6.Thermo~r3c5~r2c4
    .Thermo~r3c5~r2c5.Thermo~r6c5~r5c4.Thermo~r7c5~r8c4.Thermo~r9c6~r8c6
    .Thermo~r1c8~r2c9.Thermo~r3c8~r2c7.Thermo~r4c8~r5c9.Thermo~r6c8~r5c7
    .Thermo~r7c8~r8c9.Thermo~r9c8~r8c7`
	breakFreeSolution = "953874162816235497472916538265398741794621385138457629387169254529743816641582973"
)

// readAll reads every puzzle of text as one input named "t".
func readAll(t *testing.T, text string) ([]*variant.Puzzle, []error) {
	t.Helper()
	rd := input.NewReader(bufio.NewReader(strings.NewReader(text)), "t", input.Options{})
	var ps []*variant.Puzzle
	var errs []error
	for range 100 {
		_, v, err := rd.Read()
		if err == io.EOF {
			return ps, errs
		}
		if err != nil {
			errs = append(errs, err)
			continue
		}
		ps = append(ps, v)
	}
	t.Fatal("no end")
	return nil, nil
}

// TestSighOverLines: an Interactive Sudoku Solver puzzle written over
// several indented lines is one puzzle, whose 18 thermometers the solution
// keeps; strings one a line (not indented) are a puzzle each, as before.
func TestSighOverLines(t *testing.T) {
	t.Parallel()
	sol := make([]uint8, 81)
	for i, c := range breakFreeSolution {
		sol[i] = uint8(c - '0')
	}
	for _, tc := range []struct {
		name, text string
		puzzles    int
	}{
		{"as ISS stores it", breakFree + "\n", 1},
		{"tabs, a comment after", strings.ReplaceAll(breakFree, "    ", "\t") + "\n# next\n" + ".AntiKing\n", 2},
		{"one a line", strings.ReplaceAll(breakFree, "    ", "") + "\n", 5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ps, errs := readAll(t, tc.text)
			if len(errs) > 0 || len(ps) != tc.puzzles {
				t.Fatalf("%d puzzles, errors %v; want %d", len(ps), errs, tc.puzzles)
			}
			if tc.puzzles == 5 {
				return
			}
			p := ps[0]
			if len(p.Rules) != 18 {
				t.Fatalf("%d rules, want 18 thermometers", len(p.Rules))
			}
			g := p.Givens.Clone()
			copy(g.Cells, sol)
			if err := variant.Check(p, g); err != nil {
				t.Fatalf("ISS's solution breaks the puzzle as read: %v", err)
			}
		})
	}
}

// TestReaderErrors: a puzzle of a variant input that cannot be read is a
// *PuzzleError naming the input and line, and the next is still read.
func TestReaderErrors(t *testing.T) {
	t.Parallel()
	ps, errs := readAll(t, ".AntiKing\n3x3:d:x:1\n.AntiKnight\n")
	var pe *input.PuzzleError
	if len(ps) != 2 || len(errs) != 1 || !errors.As(errs[0], &pe) || pe.Line != 2 || !errors.Is(errs[0], input.ErrSudoCue) || !strings.HasPrefix(errs[0].Error(), "t: line 2: ") {
		t.Fatalf("puzzles %d, errors %v", len(ps), errs)
	}
}

// TestArgument: what an argument that names no file is.
func TestArgument(t *testing.T) {
	t.Parallel()
	const good = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	for arg, want := range map[string]bool{
		good:                 true,
		good[:80]:            true, // a typo: diagnosed as a puzzle
		"1 2 3 4\n3 4 1 2\n": true,
		".AntiKing":          true,
		"3x3::k:3841":        true,
		"https://sudokupad.app/fpuzzlesN4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLry": true,
		`{"size":4}`:                  true,
		"no-such-file.txt":            false,
		"puzzles/2024-01.txt":         false,
		"1234":                        false, // too short to be told from a name
		"":                            false,
		"input_test.go":               false, // exists
		strings.Repeat("A", 81) + "1": true,
	} {
		if _, got := input.Argument(arg); got != want {
			t.Errorf("Argument(%.30q) = %v, want %v", arg, got, want)
		}
	}
}
