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
	"strings"
	"testing"
	"time"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/decode"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/internal/race"
	"github.com/satdoku/satdoku/internal/testpuzzles"
	"github.com/satdoku/satdoku/solver"
)

// The round trips of issue 3, the one place where real solvers are run
// on satdoku's output: each puzzle is encoded (with variant rules as sums
// on some), written as DIMACS and as OPB, solved by a real SAT solver (or
// the OPB by MiniSat+) in its own process, and its output read back by
// ReadOutput and Result; the answer must agree with gophersat (package
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
	// opb: the solver reads the formula as OPB (Formula.WriteOPB), answers
	// in the pseudo-Boolean competition's format and exits with 0.
	opb bool
}

var extSolvers = []extSolver{
	// CaDiCaL in strict mode rejects a header whose counts are off.
	{"cadical", "cadical", true, func(in, _ string) []string { return []string{"-q", "--strict", in} }, false, false},
	{"picosat", "picosat", true, func(in, _ string) []string { return []string{in} }, false, false},
	{"minisat", "minisat", true, func(in, out string) []string { return []string{"-verb=0", in, out} }, true, false},
	{"cryptominisat5", "cryptominisat", true, func(in, _ string) []string { return []string{"--verb", "0", in} }, false, false},
	// Kissat is not packaged in Debian 12: used when present, never required.
	{"kissat", "kissat (not in Debian 12; build from source)", false, func(in, _ string) []string { return []string{"-q", in} }, false, false},
	// MiniSat+ solves the OPB text, groups and sums native.
	{"minisat+", "minisat+", true, func(in, _ string) []string { return []string{in} }, false, true},
}

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

// readPuzzles reads every puzzle of a file (relative to the module root,
// or absolute) as puzzles of kind k.
func readPuzzles(t *testing.T, path string, k kind) []rtPuzzle {
	t.Helper()
	var out []rtPuzzle
	for _, p := range testpuzzles.Read(t, path) {
		out = append(out, rtPuzzle{name: fmt.Sprintf("%s:%d", filepath.Base(path), p.Line), b: p.Board, kind: k})
	}
	return out
}

// rtPuzzles returns the puzzles of the round trips, of every kind and size.
func rtPuzzles(t *testing.T) []rtPuzzle {
	var ps []rtPuzzle
	// A dozen unique 9×9 puzzles of each set: every solver runs every
	// encoding with every AMO encoding several times over (the puzzles
	// cycle through them), and each puzzle costs every solver a process.
	for _, name := range []string{"top1465-sample.txt", "17clue-sample.txt", "hardest1106-sample.txt", "plb-hard20.txt"} {
		ps = append(ps, readPuzzles(t, "testdata/"+name, unique)[:12]...)
	}
	ps = append(ps, readPuzzles(t, "testdata/serg-multi-sample.txt", several)...)
	ps = append(ps, readPuzzles(t, "fallback/testdata/nosolution.txt", none)...)
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
	if dir, ok := testpuzzles.SharedDir(); ok {
		p16 := readPuzzles(t, filepath.Join(dir, "ext", "spoj16.txt"), unique)
		p16[0].answer = readPuzzles(t, filepath.Join(dir, "ext", "spoj16_pubsol.txt"), unique)[0].b
		ps = append(ps, p16...)
		ps = append(ps, readPuzzles(t, filepath.Join(dir, "ext", "durr25.txt"), unique)...)
	} else {
		t.Logf("%s absent: the 16×16 and 25×25 puzzles are left out", dir)
	}
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
	if code != 10 && code != 20 && !(s.opb && code == 0) {
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
	t.Parallel()
	race.SkipExternal(t)
	puzzles := rtPuzzles(t)
	var kinds [3]int
	for _, p := range puzzles {
		kinds[p.kind]++
	}
	t.Logf("%d puzzles: %d unique, %d several, %d none", len(puzzles), kinds[unique], kinds[several], kinds[none])
	if len(puzzles) < 90 {
		t.Fatalf("only %d puzzles", len(puzzles))
	}

	// Encode every puzzle once, cycling through encodings and AMO
	// encodings (the non-pairwise ones add auxiliaries above n³), and get
	// gophersat's answer on the same formula. Each formula is written as
	// DIMACS (path) and as OPB (path + ".opb").
	dir := t.TempDir()
	type job struct {
		p      rtPuzzle
		path   string
		f      *encode.Formula
		grid   *board.Board  // the solution of a unique puzzle, when known
		status encode.Status // what every solver must answer
		from   string        // who found grid
	}
	write := func(f *encode.Formula, name string) string {
		path := filepath.Join(dir, name)
		for _, w := range []struct {
			ext   string
			write func(io.Writer) error
		}{{"", f.WriteDIMACS}, {".opb", f.WriteOPB}} {
			var buf bytes.Buffer
			if err := w.write(&buf); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path+w.ext, buf.Bytes(), 0o600); err != nil {
				t.Fatal(err)
			}
		}
		return path
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
		path := write(f, fmt.Sprintf("%03d.cnf", i))
		want := encode.Sat
		if p.kind == none {
			want = encode.Unsat
		}
		jobs[i] = job{p, path, f, p.answer, want, ""}
		if p.answer != nil {
			jobs[i].from = "the published solution"
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

	// Variant rules as sums, on unique 9×9 puzzles (their solution from
	// gophersat):
	// a killer cage over r1c1, r1c2, r2c1 with the solution's sum (the same
	// solution) or one more (none), and an arrow r1c1 + r1c2 = r2c1 + k (a
	// negative weight) with the solution's k.
	variants := 0
	for i := 0; i < len(puzzles) && variants < 12; i++ {
		j := jobs[i]
		if j.p.kind != unique || j.p.b.Side() != 9 {
			continue
		}

		variants++
		g := j.grid.Cells
		cage := int(g[0] + g[1] + g[9])
		wrong := cage + 1
		if wrong > 24 {
			wrong = cage - 1
		}
		arrow := int(g[0]) + int(g[1]) - int(g[9])
		for _, v := range []struct {
			name   string
			terms  []encode.Term
			k      int
			status encode.Status
		}{
			{"killer", encode.DigitSum(9, 1, 0, 1, 9), cage, encode.Sat},
			{"wrong killer", encode.DigitSum(9, 1, 0, 1, 9), wrong, encode.Unsat},
			{"arrow", append(encode.DigitSum(9, 1, 0, 1), encode.DigitSum(9, -1, 9)...), arrow, encode.Sat},
		} {
			f, err := encode.Encode(j.p.b, encode.Options{Encoding: encode.Encodings[variants%3], AMO: encode.AMOs[variants%4]})
			if err != nil {
				t.Fatal(err)
			}
			f.AddSum(v.terms, encode.Equal, v.k)
			p := j.p
			p.name = fmt.Sprintf("%s with a %s of %d", p.name, v.name, v.k)
			nj := job{p, write(f, fmt.Sprintf("%03d-%s.cnf", i, strings.ReplaceAll(v.name, " ", "-"))), f, nil, v.status, ""}
			if v.status == encode.Sat {
				nj.grid, nj.from = j.grid, j.from
			}
			jobs = append(jobs, nj)
		}
	}
	if variants < 12 {
		t.Fatalf("only %d unique 9×9 puzzles for the variant rules", variants)
	}

	require := os.Getenv("SATDOKU_REQUIRE_SOLVERS") == "1"
	for _, s := range extSolvers {
		t.Run(s.name, func(t *testing.T) {
			t.Parallel() // each solver runs in its own processes
			if _, err := exec.LookPath(s.name); err != nil {
				if require && s.required {
					t.Fatalf("%s not installed (Debian package %s) and SATDOKU_REQUIRE_SOLVERS=1", s.name, s.pkg)
				}
				t.Skipf("%s not installed (Debian package %s)", s.name, s.pkg)
			}
			start := time.Now()
			var got [3]int
			aux := 0 // models with auxiliaries above n³
			dir := t.TempDir()
			for i := range jobs {
				j := &jobs[i]
				path := j.path
				if s.opb {
					path += ".opb"
				}
				code, text := runSolver(t, s, path, dir)
				out, err := decode.ReadOutput(bytes.NewReader(text))
				if err != nil {
					t.Fatalf("%s: reading %s's answer: %v\n%s", j.p.name, s.name, err, text)
				}
				if st, _ := decode.ExitStatus(code); st != out.Status && !s.opb {
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
				case j.status == encode.Unsat:
					if grid != nil {
						t.Fatalf("%s: a grid for a puzzle with no solution", j.p.name)
					}
				case board.Verify(j.p.b, grid) != nil:
					t.Fatalf("%s: %s's grid fails Verify: %v", j.p.name, s.name, board.Verify(j.p.b, grid))
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
