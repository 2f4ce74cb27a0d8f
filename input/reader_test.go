package input_test

import (
	"bufio"
	"errors"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/input"
	"github.com/satdoku/satdoku/variant"
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

// sighSample is a puzzle of testdata/sigh-lines.txt: its lines, trimmed,
// and ISS's solution.
type sighSample struct {
	name, solution string
	lines          []string
}

// sighSamples reads testdata/sigh-lines.txt.
func sighSamples(t *testing.T) []sighSample {
	t.Helper()
	data, err := os.ReadFile("testdata/sigh-lines.txt")
	if err != nil {
		t.Fatal(err)
	}
	var out []sighSample
	var cur *sighSample
	for _, l := range strings.Split(string(data), "\n") {
		switch t := strings.TrimSpace(l); {
		case t == "": // the header ends, or a sample
			cur = nil
		case strings.HasPrefix(t, "# solution "):
			cur.solution = strings.TrimPrefix(t, "# solution ")
			out = append(out, *cur)
			cur = nil
		case strings.HasPrefix(t, "# ") && cur == nil:
			cur = &sighSample{name: strings.TrimPrefix(t, "# ")}
		case strings.HasPrefix(t, ".") && cur != nil:
			cur.lines = append(cur.lines, t)
		}
	}
	if len(out) < 2 {
		t.Fatalf("%d samples", len(out))
	}
	return out
}

// brokenInside writes an ISS string over lines broken inside its
// constraints, never indented: after a '~', then before one, in turn.
func brokenInside(lines []string) string {
	var sb strings.Builder
	s, width, after := strings.Join(lines, ""), 0, true
	for i := 0; i < len(s); i++ {
		if s[i] == '~' && width >= 30 && !after {
			sb.WriteByte('\n')
			width, after = 0, true
		}
		sb.WriteByte(s[i])
		width++
		if s[i] == '~' && width >= 30 && after {
			sb.WriteByte('\n')
			width, after = 0, false
		}
	}
	return sb.String()
}

// TestSighLines: an Interactive Sudoku Solver puzzle written over several
// lines (ISS's own collections, testdata/sigh-lines.txt) is one puzzle,
// whose rules ISS's solution keeps, when its lines are indented (as ISS
// stores them) or broken inside a constraint; lines of whole strings one
// under the other with no indentation are refused as one, naming the
// line, rather than read as a puzzle each or as one at a guess. What
// follows a blank line is read either way.
func TestSighLines(t *testing.T) {
	t.Parallel()
	for _, sample := range sighSamples(t) {
		thermos := strings.Count(strings.Join(sample.lines, ""), ".Thermo")
		indent := func(prefix string) string { return prefix + strings.Join(sample.lines, "\n"+prefix) }
		for _, tc := range []struct {
			name, text string
			refused    bool
		}{
			{"as ISS stores it", indent("    ") + "\n\n.AntiKing\n", false},
			{"as ISS stores it, the next puzzle right under", indent("    ") + "\n.AntiKing\n", false},
			{"tabs, a comment after", indent("\t") + "\n# next\n.AntiKing\n", false},
			{"broken inside constraints", brokenInside(sample.lines) + "\n\n.AntiKing\n", false},
			{"on one line", strings.Join(sample.lines, "") + "\n\n.AntiKing\n", false},
			{"no indentation", indent("") + "\n\n.AntiKing\n", true},
		} {
			t.Run(sample.name+"/"+tc.name, func(t *testing.T) {
				text := "# " + sample.name + "\n" + tc.text
				ps, errs := readAll(t, text)
				if tc.refused {
					var pe *input.PuzzleError
					if len(errs) != 1 || !errors.Is(errs[0], input.ErrSighLines) || !errors.As(errs[0], &pe) || pe.Line != 2 ||
						!strings.HasPrefix(errs[0].Error(), "t: line 3: ") || len(ps) != 1 || len(ps[0].Rules) != 1 {
						t.Fatalf("want the lines refused naming line 3, then .AntiKing read; got %d puzzles, errors %v", len(ps), errs)
					}
					return
				}
				if len(errs) > 0 || len(ps) != 2 || len(ps[1].Rules) != 1 {
					t.Fatalf("%d puzzles, errors %v; want the puzzle, then .AntiKing\n%s", len(ps), errs, text)
				}
				p := ps[0]
				if len(p.Rules) != thermos {
					t.Fatalf("%d rules, want %d thermometers", len(p.Rules), thermos)
				}
				g := p.Givens.Clone()
				for i, c := range sample.solution {
					g.Cells[i] = uint8(c - '0')
				}
				if err := variant.Check(p, g); err != nil {
					t.Fatalf("ISS's solution breaks the puzzle as read: %v", err)
				}
			})
		}
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
