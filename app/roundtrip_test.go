package app

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/internal/puzzlegen"
	"github.com/satdoku/satdoku/internal/race"
)

// roundTripShapes are the board shapes the round trip covers: every
// square size from 4x4 to 64x64 and rectangular boxes both ways.
var roundTripShapes = []board.Shape{
	{BoxRows: 2, BoxCols: 2}, {BoxRows: 2, BoxCols: 3}, {BoxRows: 3, BoxCols: 2}, {BoxRows: 2, BoxCols: 4},
	{BoxRows: 3, BoxCols: 3}, {BoxRows: 2, BoxCols: 5}, {BoxRows: 3, BoxCols: 4}, {BoxRows: 4, BoxCols: 3},
	{BoxRows: 4, BoxCols: 4}, {BoxRows: 4, BoxCols: 5}, {BoxRows: 5, BoxCols: 5}, {BoxRows: 5, BoxCols: 6},
	{BoxRows: 6, BoxCols: 6}, {BoxRows: 6, BoxCols: 7}, {BoxRows: 7, BoxCols: 7}, {BoxRows: 8, BoxCols: 8},
}

// TestRoundTripSizes: whatever the size, box shape, alphabet and input
// format, solve writes each output format it accepts so that it reads
// back as a verified solution of the puzzle, and refuses, before
// solving, a format that cannot hold the board, naming the puzzle and
// the formats that can.
func TestRoundTripSizes(t *testing.T) {
	t.Parallel()
	race.SkipExternal(t)
	rng := rand.New(rand.NewPCG(14, 13))
	alphabets := []board.Alphabet{board.Default, board.Hex, board.Letters}
	outputs := []string{"", "grid", "compact", "line", "pretty", "json"}
	written, refused := 0, 0
	for _, shape := range roundTripShapes {
		puzzle := puzzlegen.Holes(rng, puzzlegen.Grid(rng, shape), 0.3)
		for _, alpha := range alphabets {
			if alpha.Name != "default" && board.CanWrite(board.Line, shape, alpha) != nil {
				continue // hex and letters for the sizes they can write
			}
			inputs := map[string]string{"grid": puzzle.String()}
			if board.CanWrite(board.Line, shape, alpha) == nil {
				inputs["line"] = string(board.AppendLine(nil, puzzle, alpha)) + "\n"
			}
			for inName, in := range inputs {
				for _, out := range outputs {
					name := fmt.Sprintf("%v %s in %s -o %s", shape, alpha.Name, inName, out)
					args := []string{"solve", "-q", "-e", "backtrack", "--box", fmt.Sprintf("%dx%d", shape.BoxRows, shape.BoxCols), "--alphabet", alpha.Name}
					if out != "" {
						args = append(args, "-o", out)
					}
					r := satdoku(t, in, args...)
					f, _ := board.ParseFormat(out)
					if (out == "compact" || out == "line") && board.CanWrite(f, shape, alpha) != nil {
						if r.code != ExitUsage || r.stdout != "" || !strings.Contains(r.stderr, "puzzle 1 (line 1)") || !strings.Contains(r.stderr, "use -o grid, pretty or json") {
							t.Errorf("%s: want a refusal naming the puzzle and the formats that can write it, got %v", name, r)
						}
						refused++
						continue
					}
					written++
					if r.code != ExitOK {
						t.Errorf("%s: %v", name, r)
						continue
					}
					text := r.stdout
					if out == "json" {
						text = jsonSolutionText(t, name, r.stdout)
					}
					rd := board.NewReader(strings.NewReader(text))
					rd.Shape, rd.Alphabet = shape, &alpha
					got, err := rd.Read()
					if err != nil {
						t.Errorf("%s: the output does not read back: %v\n%s", name, err, clip(r.stdout))
						continue
					}
					if err := board.Verify(puzzle, got.Board); err != nil {
						t.Errorf("%s: the output read back is not a solution: %v", name, err)
					}
					if _, err := rd.Read(); err == nil {
						t.Errorf("%s: more than one board in the output", name)
					}
				}
			}
		}
	}
	t.Logf("%d outputs read back, %d refused", written, refused)
	if written < 300 || refused < 8 {
		t.Errorf("only %d outputs read back and %d refused: the table lost cases", written, refused)
	}
}

// TestLettersWithoutAlphabet: a puzzle written in letters (A = 1), which
// the default alphabet cannot place, solves with no --alphabet, and its
// solution is written in letters too.
func TestLettersWithoutAlphabet(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 76))
	for _, tc := range []struct {
		shape  board.Shape
		format board.Format
	}{
		{board.Shape{BoxRows: 3, BoxCols: 3}, board.Line},
		{board.Shape{BoxRows: 4, BoxCols: 4}, board.Compact}, // as SPOJ writes them: A-P
		{board.Shape{BoxRows: 5, BoxCols: 5}, board.Line},
	} {
		name := fmt.Sprintf("%v %v", tc.shape, tc.format)
		puzzle := puzzlegen.Holes(rng, puzzlegen.Grid(rng, tc.shape), 0.5)
		var in strings.Builder
		if err := board.Write(&in, puzzle, tc.format, board.Letters); err != nil {
			t.Fatal(err)
		}
		r := satdoku(t, in.String(), "solve", "-q")
		if r.code != ExitOK {
			t.Errorf("%s: %v", name, r)
			continue
		}
		if strings.ContainsAny(r.stdout, "123456789") {
			t.Errorf("%s: the solution is not written in letters:\n%s", name, clip(r.stdout))
		}
		rd := board.NewReader(strings.NewReader(r.stdout))
		rd.Alphabet = &board.Letters
		got, err := rd.Read()
		if err != nil {
			t.Errorf("%s: the output does not read back in letters: %v", name, err)
			continue
		}
		if err := board.Verify(puzzle, got.Board); err != nil {
			t.Errorf("%s: not a solution: %v", name, err)
		}
	}
}

// jsonSolutionText returns the solution of the one result of JSON Lines
// output as text for board.Reader: the line as it is, rows of numbers as a
// grid.
func jsonSolutionText(t *testing.T, name, out string) string {
	t.Helper()
	first, _, _ := strings.Cut(out, "\n")
	var j struct {
		Status   string          `json:"status"`
		Solution json.RawMessage `json:"solution"`
	}
	if err := json.Unmarshal([]byte(first), &j); err != nil || j.Status != "solved" {
		t.Fatalf("%s: %q: %v", name, first, err)
	}
	var line string
	if json.Unmarshal(j.Solution, &line) == nil {
		return line + "\n"
	}
	var rows [][]int
	if err := json.Unmarshal(j.Solution, &rows); err != nil {
		t.Fatalf("%s: solution %s is neither a line nor rows of numbers", name, j.Solution)
	}
	var sb strings.Builder
	for _, row := range rows {
		for i, d := range row {
			if i > 0 {
				sb.WriteByte(' ')
			}
			fmt.Fprint(&sb, d)
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// TestFormatRefusedBeforeSolving: a 36x36 puzzle that takes minutes to
// solve, between two easy ones, with -o line: the first is printed, then
// the run ends at once with a usage error naming the puzzle.
func TestFormatRefusedBeforeSolving(t *testing.T) {
	t.Parallel()
	easy := readFile(t, sample("boj-sample.in"))
	hard := readPuzzles(t, sample("large/36x36.txt"))[0].Board
	file := writeFile(t, "mixed.txt", easy+"\n"+hard.String()+"\n"+easy)
	r := satdoku(t, "", "solve", "-o", "line", file)
	r.wantCode(t, ExitUsage)
	verifyLines(t, []*board.Board{mustParse(t, easy)}, r.stdout, nil)
	for _, want := range []string{"puzzle 2 (line 11)", "36×36", "-o line cannot write it", "use -o grid, pretty or json", "nothing from this puzzle on was solved"} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("stderr %q lacks %q", r.stderr, want)
		}
	}
	// decode refuses as well, before reading the answer.
	p36 := writeFile(t, "p36.txt", hard.String())
	r = satdoku(t, "s UNSATISFIABLE\n", "decode", "-o", "compact", "--puzzle", p36)
	r.wantCode(t, ExitUsage)
	if !strings.Contains(r.stderr, "-o compact cannot write it") || !strings.Contains(r.stderr, "use -o grid or pretty") {
		t.Errorf("decode: %v", r)
	}
}
