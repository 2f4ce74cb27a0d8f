package solver_test

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/encode"
)

// loadLines reads puzzles in line format (one per line, '.' or '0' blank,
// 1-9 then A-Z, '#' comments, CRLF allowed); side n is inferred from the
// line length (a perfect square). It skips the test if the file is absent.
func loadLines(t testing.TB, path string, max int) []*board.Board {
	t.Helper()
	fh, err := os.Open(path)
	if err != nil {
		t.Skipf("puzzle file not available: %v", err)
	}
	defer fh.Close()
	var out []*board.Board
	sc := bufio.NewScanner(fh)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		b, err := parseLine(line)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		out = append(out, b)
		if max > 0 && len(out) == max {
			break
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// parseLine reads a line-format puzzle with board.Parse.
func parseLine(line string) (*board.Board, error) { return board.Parse(line) }

// decodeModel is a tiny local decoder: each cell must have exactly one true
// primary variable.
func decodeModel(p *board.Board, model []bool) (*board.Board, error) {
	n := p.Side()
	if len(model) < encode.NumVars(n)+1 {
		return nil, fmt.Errorf("model has %d entries", len(model))
	}
	out := board.New(p.Shape)
	for cell := range out.Cells {
		for d := 1; d <= n; d++ {
			if model[encode.CellVar(n, cell, d)] {
				if out.Cells[cell] != 0 {
					return nil, fmt.Errorf("%s holds %d and %d", p.CellName(cell), out.Cells[cell], d)
				}
				out.Cells[cell] = uint8(d)
			}
		}
		if out.Cells[cell] == 0 {
			return nil, fmt.Errorf("%s holds no digit", p.CellName(cell))
		}
	}
	return out, nil
}

const testdata = "../testdata/"
const shared = "../../shared/data/"
