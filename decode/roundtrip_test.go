package decode_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/decode"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/solver"
)

// The round trips of issue 3: each puzzle is encoded, written as DIMACS,
// solved by a real SAT solver in its own process, and its output read back
// by ReadOutput and Result; the answer must agree with gophersat (package
// solver) on the same formula and with what is known of the puzzle.

// extSolver is a SAT solver binary and the way it answers.
type extSolver struct {
	name     string // binary
	pkg      string // Debian package that installs it
	required bool   // SATDOKU_REQUIRE_SOLVERS=1 makes its absence a failure
	// args returns the command line after the binary for the CNF file in,
	// answering in the file out when resultFile is set, on stdout otherwise.
	args       func(in, out string) []string
	resultFile bool
}

var extSolvers = []extSolver{
	// CaDiCaL in strict mode rejects a header whose counts are off.
	{"cadical", "cadical", true, func(in, _ string) []string { return []string{"-q", "--strict", in} }, false},
	{"picosat", "picosat", true, func(in, _ string) []string { return []string{in} }, false},
	{"minisat", "minisat", true, func(in, out string) []string { return []string{"-verb=0", in, out} }, true},
	{"cryptominisat5", "cryptominisat", true, func(in, _ string) []string { return []string{"--verb", "0", in} }, false},
	// Kissat is not packaged in Debian 12: used when present, never required.
	{"kissat", "kissat (not in Debian 12; build from source)", false, func(in, _ string) []string { return []string{"-q", in} }, false},
}

// gsEveryRace: under -race, where gophersat is about 10 times slower, only
// every gsEveryRace-th puzzle is checked against gophersat; the solvers are
// still checked against each other and against what is known of each puzzle.
const gsEveryRace = 8

// kind is what is known of a puzzle's solutions.
type kind int

const (
	unique  kind = iota // exactly one solution
	several             // two or more
	none                // no solution
)

func (k kind) String() string { return [...]string{"unique", "several", "none"}[k] }

type rtPuzzle struct {
	name   string // file:line
	b      *board.Board
	kind   kind
	answer *board.Board // the published solution, if any
}

// readPuzzles reads every puzzle of a file; a missing file under shared
// data is skipped (nil), a missing committed file fails the test.
func readPuzzles(t *testing.T, path string, k kind, optional bool) []rtPuzzle {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		if optional && errors.Is(err, os.ErrNotExist) {
			t.Logf("%s absent: its puzzles are left out", path)
			return nil
		}
		t.Fatal(err)
	}
	defer f.Close()
	r := board.NewReader(f)
	r.Name = path
	var out []rtPuzzle
	for {
		p, err := r.Read()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatalf("%v", err)
		}
		out = append(out, rtPuzzle{name: fmt.Sprintf("%s:%d", filepath.Base(path), p.Line), b: p.Board, kind: k})
	}
}

// rtPuzzles returns the puzzles of the round trips, of every kind and size.
func rtPuzzles(t *testing.T) []rtPuzzle {
	var ps []rtPuzzle
	for _, name := range []string{"top1465-sample.txt", "17clue-sample.txt", "hardest1106-sample.txt", "plb-hard20.txt"} {
		ps = append(ps, readPuzzles(t, filepath.Join("..", "testdata", name), unique, false)...)
	}
	ps = append(ps, readPuzzles(t, filepath.Join("..", "testdata", "serg-multi-sample.txt"), several, false)...)
	if nos := readPuzzles(t, filepath.Join("..", "fallback", "testdata", "nosolution.txt"), none, true); len(nos) > 0 {
		ps = append(ps, nos...)
	} else {
		ps = append(ps, makeNoSolution(t, ps[:40], 30)...)
	}
	// 4×4, of each kind.
	var kinds4 [3]int
	for _, s := range []string{"1..4.4....3.2..1", "..3.4..2.1.....3", "1.....2...3..4.2", "12..............", "12.....3........", "1...2...3...4..."} {
		b, err := board.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		k := kindOf(b)
		kinds4[k]++
		ps = append(ps, rtPuzzle{name: "4x4 " + s, b: b, kind: k})
	}
	if kinds4[unique] == 0 || kinds4[several] == 0 || kinds4[none] == 0 {
		t.Fatalf("4×4 puzzles of kinds %v, want some of each", kinds4)
	}
	ext := filepath.Join("..", "..", "shared", "data", "ext")
	if p16 := readPuzzles(t, filepath.Join(ext, "spoj16.txt"), unique, true); len(p16) == 1 {
		if sol := readPuzzles(t, filepath.Join(ext, "spoj16_pubsol.txt"), unique, true); len(sol) == 1 {
			p16[0].answer = sol[0].b
		}
		ps = append(ps, p16...)
	}
	ps = append(ps, readPuzzles(t, filepath.Join(ext, "durr25.txt"), unique, true)...)
	return ps
}

// kindOf counts the solutions of a small board with count.
func kindOf(b *board.Board) kind {
	switch count(b, 2) {
	case 0:
		return none
	case 1:
		return unique
	}
	return several
}

// makeNoSolution builds up to k puzzles with no solution from proper ones
// by changing one given to a digit none of its peers holds, keeping the
// changes that count proves leave no completion.
func makeNoSolution(t *testing.T, proper []rtPuzzle, k int) []rtPuzzle {
	var out []rtPuzzle
	for _, p := range proper {
		g := p.b.Shape.Geometry()
	cells:
		for cell, d := range p.b.Cells {
			if d == 0 {
				continue
			}
			for nd := 1; nd <= p.b.Side(); nd++ {
				b := p.b.Clone()
				b.Cells[cell] = uint8(nd)
				clash := nd == int(d)
				for _, q := range g.Peers[cell] {
					clash = clash || int(b.Cells[q]) == nd
				}
				if !clash && count(b, 1) == 0 {
					out = append(out, rtPuzzle{name: fmt.Sprintf("%s with %s=%d", p.name, b.CellName(cell), nd), b: b, kind: none})
					break cells
				}
			}
		}
		if len(out) == k {
			break
		}
	}
	if len(out) < k {
		t.Fatalf("made only %d no-solution puzzles", len(out))
	}
	return out
}

// count returns the number of solutions of b, up to limit, by a plain
// bitmask backtracker choosing the cell with the fewest candidates. It is
// the tests' own judge, sharing no code with package fallback.
func count(b *board.Board, limit int) int {
	if b.Check() != nil {
		return 0
	}
	n := b.Side()
	cells := append([]uint8(nil), b.Cells...)
	box := make([]int, n*n)
	used := make([]uint64, 3*n) // rows, columns, boxes: digits placed
	for cell, d := range cells {
		r, c := cell/n, cell%n
		box[cell] = 2*n + b.Shape.Box(r, c)
		if d != 0 {
			used[r] |= 1 << (d - 1)
			used[n+c] |= 1 << (d - 1)
			used[box[cell]] |= 1 << (d - 1)
		}
	}
	full := uint64(1)<<n - 1
	var rec func() int
	rec = func() int {
		best, bestK, bestM := -1, n+1, uint64(0)
		for cell, d := range cells {
			if d != 0 {
				continue
			}
			m := full &^ (used[cell/n] | used[n+cell%n] | used[box[cell]])
			if k := bits.OnesCount64(m); k < bestK {
				best, bestK, bestM = cell, k, m
				if k <= 1 {
					break
				}
			}
		}
		if best < 0 {
			return 1
		}
		found := 0
		r, c, bx := best/n, n+best%n, box[best]
		for m := bestM; m != 0 && found < limit; m &= m - 1 {
			bit := m & -m
			cells[best] = uint8(bits.TrailingZeros64(m) + 1)
			used[r], used[c], used[bx] = used[r]|bit, used[c]|bit, used[bx]|bit
			found += rec()
			used[r], used[c], used[bx] = used[r]&^bit, used[c]&^bit, used[bx]&^bit
		}
		cells[best] = 0
		return found
	}
	return rec()
}

// runSolver runs s on the CNF file in and returns its exit code and output.
func runSolver(t *testing.T, s extSolver, path, dir string) (int, []byte) {
	out := filepath.Join(dir, "out.txt")
	os.Remove(out)
	cmd := exec.Command(s.name, s.args(path, out)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		code = exit.ExitCode()
	} else if err != nil {
		t.Fatalf("%s: %v", s.name, err)
	}
	if code != 10 && code != 20 {
		t.Fatalf("%s exited with %d: %s%s", s.name, code, stderr.Bytes(), stdout.Bytes())
	}
	if !s.resultFile {
		return code, stdout.Bytes()
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatalf("%s wrote no result file: %v", s.name, err)
	}
	return code, data
}

// gophersatAnswer solves p with package solver on the default encoding.
func gophersatAnswer(t *testing.T, p rtPuzzle) (*board.Board, encode.Status) {
	f, err := encode.Encode(p.b, encode.Options{})
	if err != nil {
		t.Fatalf("%s: %v", p.name, err)
	}
	res, err := solver.Solve(context.Background(), f)
	if err != nil {
		t.Fatalf("%s: gophersat: %v", p.name, err)
	}
	grid, status, err := decode.Result(p.b, decode.Output{Status: res.Status, Model: res.Model})
	if err != nil {
		t.Fatalf("%s: gophersat's answer: %v", p.name, err)
	}
	return grid, status
}

func TestRoundTrip(t *testing.T) {
	puzzles := rtPuzzles(t)
	var kinds [3]int
	for _, p := range puzzles {
		kinds[p.kind]++
	}
	t.Logf("%d puzzles: %d unique, %d several, %d none", len(puzzles), kinds[unique], kinds[several], kinds[none])
	if len(puzzles) < 100 {
		t.Fatalf("only %d puzzles", len(puzzles))
	}

	// Encode every puzzle once, cycling through encodings and AMO
	// encodings (the non-pairwise ones add auxiliaries above n³), and get
	// gophersat's answer on the same formula.
	dir := t.TempDir()
	type job struct {
		p      rtPuzzle
		path   string
		f      *encode.CNF
		grid   *board.Board  // the solution of a unique puzzle, when known
		status encode.Status // what every solver must answer
		from   string        // who found grid
	}
	jobs := make([]job, len(puzzles))
	gs := 0
	for i, p := range puzzles {
		o := encode.Options{Encoding: encode.Encodings[i%len(encode.Encodings)], AMO: encode.AMOs[(i/len(encode.Encodings))%len(encode.AMOs)]}
		if p.b.Side() > 9 {
			o = encode.Options{Encoding: encode.Extended} // default AMO; fast enough for gophersat
		}
		f, err := encode.Encode(p.b, o)
		if err != nil {
			t.Fatalf("%s: %v", p.name, err)
		}
		var buf bytes.Buffer
		if err := f.WriteDIMACS(&buf); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, fmt.Sprintf("%03d.cnf", i))
		if err := os.WriteFile(path, buf.Bytes(), 0o600); err != nil {
			t.Fatal(err)
		}
		want := encode.Sat
		if p.kind == none {
			want = encode.Unsat
		}
		jobs[i] = job{p, path, f, p.answer, want, ""}
		if p.answer != nil {
			jobs[i].from = "the published solution"
		}
		if raceEnabled && i%gsEveryRace != 0 {
			continue
		}
		grid, status := gophersatAnswer(t, p)
		if status != want {
			t.Fatalf("%s: gophersat says %v, want %v", p.name, status, want)
		}
		if p.answer != nil && !grid.Equal(p.answer) {
			t.Fatalf("%s: gophersat's grid differs from the published solution", p.name)
		}
		if p.kind == unique {
			jobs[i].grid, jobs[i].from = grid, "gophersat"
		}
		gs++
	}
	t.Logf("gophersat solved %d of the puzzles", gs)

	require := os.Getenv("SATDOKU_REQUIRE_SOLVERS") == "1"
	for _, s := range extSolvers {
		t.Run(s.name, func(t *testing.T) {
			if _, err := exec.LookPath(s.name); err != nil {
				if require && s.required {
					t.Fatalf("%s not installed (Debian package %s) and SATDOKU_REQUIRE_SOLVERS=1", s.name, s.pkg)
				}
				t.Skipf("%s not installed (Debian package %s)", s.name, s.pkg)
			}
			start := time.Now()
			var got [3]int
			aux := 0 // models with auxiliaries above n³
			for i := range jobs {
				j := &jobs[i]
				code, text := runSolver(t, s, j.path, dir)
				out, err := decode.ReadOutput(bytes.NewReader(text))
				if err != nil {
					t.Fatalf("%s: reading %s's answer: %v\n%s", j.p.name, s.name, err, text)
				}
				if st, _ := decode.ExitStatus(code); st != out.Status {
					t.Fatalf("%s: %s exited with %d but answered %v", j.p.name, s.name, code, out.Status)
				}
				grid, status, err := decode.Result(j.p.b, out)
				if err != nil {
					t.Fatalf("%s: %s's answer: %v", j.p.name, s.name, err)
				}
				if status != j.status {
					t.Fatalf("%s: %s says %v, want %v (%v puzzle)", j.p.name, s.name, status, j.status, j.p.kind)
				}
				switch {
				case j.p.kind == none:
					if grid != nil {
						t.Fatalf("%s: a grid for a puzzle with no solution", j.p.name)
					}
				case board.Verify(j.p.b, grid) != nil:
					t.Fatalf("%s: %s's grid fails Verify: %v", j.p.name, s.name, board.Verify(j.p.b, grid))
				case j.p.kind == unique && j.grid == nil:
					j.grid, j.from = grid, s.name
				case j.p.kind == unique && !grid.Equal(j.grid):
					t.Fatalf("%s: %s and %s differ at cells %v", j.p.name, s.name, j.from, board.Diff(grid, j.grid))
				}
				got[j.p.kind]++
				if len(out.Model) > j.f.Primary+1 {
					aux++
				}
			}
			t.Logf("%s: %d unique, %d several, %d none (%d models with auxiliaries) in %v", s.name, got[unique], got[several], got[none], aux, time.Since(start).Round(time.Millisecond))
		})
	}
}
