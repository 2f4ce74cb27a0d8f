package engine

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/internal/proctest"
)

// realSolvers are the external solvers of issue 3, with the Debian package
// that installs each.
var realSolvers = []struct {
	argv []string
	pkg  string
}{
	{[]string{"cadical", "-q"}, "cadical"},
	{[]string{"picosat"}, "picosat"},
	{[]string{"minisat", "{in}", "{out}"}, "minisat"},
	{[]string{"cryptominisat5", "--verb", "0"}, "cryptominisat"},
}

// needSolver skips the test when the solver is not installed, or fails it
// when SATDOKU_REQUIRE_SOLVERS=1.
func needSolver(t *testing.T, bin, pkg string) {
	t.Helper()
	if _, err := exec.LookPath(bin); err != nil {
		if os.Getenv("SATDOKU_REQUIRE_SOLVERS") == "1" {
			t.Fatalf("%s is not installed (Debian package %s) and SATDOKU_REQUIRE_SOLVERS=1", bin, pkg)
		}
		t.Skipf("%s is not installed: apt-get install %s", bin, pkg)
	}
}

// externalPuzzles returns puzzles of every kind with their expected count
// (1, 2 or 0).
func externalPuzzles(t *testing.T) []struct {
	p     *board.Board
	where string
	count int
} {
	var out []struct {
		p     *board.Board
		where string
		count int
	}
	add := func(path string, k, count int) {
		for _, pz := range readPuzzles(t, path)[:k] {
			out = append(out, struct {
				p     *board.Board
				where string
				count int
			}{pz.Board, fmt.Sprintf("%s:%d", filepath.Base(path), pz.Line), count})
		}
	}
	add(top1465Sample, 4, 1)
	add(hardest1106, 2, 1)
	add(plbHard20, 2, 1)
	add(sergSample, 4, 2)
	add(noSolutionFile, 4, 0)
	nos := readPuzzles(t, noSolutionFile)
	last := nos[len(nos)-1] // a 4×4
	out = append(out, struct {
		p     *board.Board
		where string
		count int
	}{last.Board, fmt.Sprintf("nosolution.txt:%d", last.Line), 0})
	p6, _ := genPuzzle(t, shp(2, 3), 3)
	out = append(out, struct {
		p     *board.Board
		where string
		count int
	}{p6, "generated 6x6", 1}, struct {
		p     *board.Board
		where string
		count int
	}{board.New(shp(2, 2)), "empty 4x4", 2})
	return out
}

// TestExternalSolvers solves unique, multiple and no-solution puzzles with
// each real solver, counting to 2 with blocking clauses, and compares with
// the SAT engine.
func TestExternalSolvers(t *testing.T) {
	puzzles := externalPuzzles(t)
	sat := newEngine(t, Options{Kind: SAT, Limit: 2})
	for _, rs := range realSolvers {
		t.Run(rs.argv[0], func(t *testing.T) {
			needSolver(t, rs.argv[0], rs.pkg)
			for _, limit := range []int{0, 2} {
				ext := newEngine(t, Options{Kind: External, SatCmd: rs.argv, Limit: limit})
				for _, tp := range puzzles {
					where := fmt.Sprintf("%s %s limit %d", tp.where, strings.Join(rs.argv, " "), limit)
					want := sat.Solve(bg, tp.p)
					got := ext.Solve(bg, tp.p)
					if got.Engine != "external" {
						t.Errorf("%s: Engine %q", where, got.Engine)
					}
					if tp.count == 0 {
						if got.Status != NoSolution || want.Status != NoSolution {
							t.Errorf("%s: status %v (err %v), sat %v; want no_solution", where, got.Status, got.Err, want.Status)
						}
						continue
					}
					checkSolved(t, where, tp.p, got)
					if limit == 2 && (got.Count != tp.count || want.Count != tp.count) {
						t.Errorf("%s: Count %d, sat %d, want %d", where, got.Count, want.Count, tp.count)
					}
					if limit == 0 && got.Count != 0 {
						t.Errorf("%s: Count %d without counting", where, got.Count)
					}
					if tp.count == 1 && !got.Solution.Equal(want.Solution) {
						t.Errorf("%s: grid differs from the SAT engine's", where)
					}
				}
			}
			// Limit 5 on the empty 4×4: five distinct grids by blocking clauses.
			res := newEngine(t, Options{Kind: External, SatCmd: rs.argv, Limit: 5}).Solve(bg, board.New(shp(2, 2)))
			checkSolved(t, "empty 4x4 limit 5", board.New(shp(2, 2)), res)
			if res.Count != 5 {
				t.Errorf("empty 4x4 limit 5: Count %d", res.Count)
			}
		})
	}
}

// TestExternalEncodings runs CaDiCaL (a strict DIMACS parser) on every
// encoding and at-most-one variant, auxiliary variables included.
func TestExternalEncodings(t *testing.T) {
	needSolver(t, "cadical", "cadical")
	p := readPuzzles(t, hardest1106)[0].Board
	multi := readPuzzles(t, sergSample)[0].Board
	want := newEngine(t, Options{}).Solve(bg, p)
	for _, enc := range encode.Encodings {
		for _, amo := range encode.AMOs {
			o := encode.Options{Encoding: enc, AMO: amo}
			e := newEngine(t, Options{Kind: External, SatCmd: []string{"cadical", "-q"}, Limit: 2, Encoding: o})
			where := fmt.Sprintf("%v/%v", enc, amo)
			res := e.Solve(bg, p)
			checkSolved(t, where, p, res)
			if res.Count != 1 || !res.Solution.Equal(want.Solution) {
				t.Errorf("%s: count %d, same grid %v", where, res.Count, res.Solution.Equal(want.Solution))
			}
			res = e.Solve(bg, multi)
			checkSolved(t, where+" multi", multi, res)
			if res.Count != 2 {
				t.Errorf("%s multi: count %d", where, res.Count)
			}
		}
	}
}

// TestExternalMissing: a solver that is not installed is a clear error.
func TestExternalMissing(t *testing.T) {
	p := readPuzzles(t, top1465Sample)[0].Board
	for _, argv := range [][]string{{"satdoku-no-such-solver", "-q"}, {"/nonexistent/dir/kissat"}} {
		res := newEngine(t, Options{Kind: External, SatCmd: argv}).Solve(bg, p)
		if res.Status != Failed || res.Err == nil || res.Solution != nil {
			t.Fatalf("%v: status %v err %v, want failed", argv, res.Status, res.Err)
		}
		if msg := res.Err.Error(); !strings.Contains(msg, argv[0]) {
			t.Errorf("%v: error %q does not name the solver", argv, msg)
		}
		if !errors.Is(res.Err, exec.ErrNotFound) && !errors.Is(res.Err, os.ErrNotExist) {
			t.Errorf("%v: error %q is neither exec.ErrNotFound nor os.ErrNotExist", argv, res.Err)
		}
	}
	for _, argv := range [][]string{nil, {""}} {
		if _, err := RunSolver(bg, argv, &encode.CNF{}); !errors.Is(err, ErrNoCommand) {
			t.Errorf("RunSolver with command %q: %v, want ErrNoCommand", argv, err)
		}
		if err := CheckSolver(argv); !errors.Is(err, ErrNoCommand) {
			t.Errorf("CheckSolver(%q) = %v, want ErrNoCommand", argv, err)
		}
	}
	if err := CheckSolver([]string{"satdoku-no-such-solver", "-q"}); !errors.Is(err, exec.ErrNotFound) || !strings.Contains(err.Error(), "satdoku-no-such-solver") {
		t.Errorf("CheckSolver of a missing solver: %v", err)
	}
	if err := CheckSolver([]string{"sh", "-c", "exit 1"}); err != nil {
		t.Errorf("CheckSolver(sh): %v", err)
	}
}

// fakeSolver writes a shell script into a temporary directory and returns
// its path. The script reads its standard input to the end first.
func fakeSolver(t *testing.T, body string) string {
	t.Helper()
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh to run fake solvers")
	}
	path := filepath.Join(t.TempDir(), "fake-solver")
	if err := os.WriteFile(path, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// modelLine returns the SAT-competition v line of a grid's model.
func modelLine(grid *board.Board) string {
	m := modelOf(grid)
	var sb strings.Builder
	sb.WriteString("v")
	for v := 1; v < len(m); v++ {
		if m[v] {
			fmt.Fprintf(&sb, " %d", v)
		} else {
			fmt.Fprintf(&sb, " -%d", v)
		}
	}
	sb.WriteString(" 0")
	return sb.String()
}

// TestRunSolverFake runs RunSolver and the External engine on scripted
// solvers that misbehave in each way a real one can.
func TestRunSolverFake(t *testing.T) {
	p := readPuzzles(t, top1465Sample)[0].Board
	sol := solutions(t, p)[0]
	allTrue := "v"
	for v := 1; v <= 729; v++ {
		allTrue += fmt.Sprintf(" %d", v)
	}
	allTrue += " 0"
	tests := []struct {
		name      string
		script    string
		args      []string // after the script; may hold {in} and {out}
		runStatus encode.Status
		runErr    string // substring of RunSolver's error; "" for none
		status    Status // the External engine's status
		engErr    string // substring of the engine's error
	}{
		{name: "exit 10 wrong model", script: "cat >/dev/null; echo 's SATISFIABLE'; echo '" + allTrue + "'; exit 10",
			runStatus: encode.Sat, status: Failed, engErr: "model rejected: r1c1: several digits true"},
		{name: "exit 10 swapped digits", script: "cat >/dev/null; echo 's SATISFIABLE'; echo '" + modelLine(swapBlanks(t, p, sol)) + "'; exit 10",
			runStatus: encode.Sat, status: Failed, engErr: "model rejected"},
		{name: "exit 20 no output", script: "cat >/dev/null; exit 20",
			runStatus: encode.Unsat, status: NoSolution},
		{name: "exit 1", script: "cat >/dev/null; echo 'c parsing' >&2; echo 'fatal: out of memory' >&2; exit 1",
			runErr: "failed (exit code 1): fatal: out of memory", status: Failed, engErr: "exit code 1"},
		{name: "exit 1 no output", script: "cat >/dev/null; exit 1",
			runErr: "failed (exit code 1): no output", status: Failed, engErr: "exit code 1"},
		{name: "UNKNOWN", script: "cat >/dev/null; echo 's UNKNOWN'",
			runStatus: encode.Unknown, status: Undecided, engErr: "answered UNKNOWN"},
		{name: "INDET", script: "cat >/dev/null; echo 'INDET'",
			runStatus: encode.Unknown, status: Undecided, engErr: "answered UNKNOWN"},
		{name: "exit 10 says UNSAT", script: "cat >/dev/null; echo 's UNSATISFIABLE'; exit 10",
			runErr: "exited with 10 but answered", status: Failed, engErr: "exited with 10"},
		{name: "exit 20 says SAT", script: "cat >/dev/null; echo 's SATISFIABLE'; echo '" + modelLine(sol) + "'; exit 20",
			runErr: "exited with 20 but answered", status: Failed, engErr: "exited with 20"},
		{name: "garbage", script: "cat >/dev/null; echo 'hello world'",
			runErr: "reading", status: Failed, engErr: "reading"},
		{name: "killed", script: "cat >/dev/null; kill -9 $$",
			runErr: "failed (killed by signal SIGKILL)", status: Failed, engErr: "killed by signal SIGKILL"},
		{name: "right model, exit 10", script: "cat >/dev/null; echo 's SATISFIABLE'; echo '" + modelLine(sol) + "'; exit 10",
			runStatus: encode.Sat, status: Solved},
		{name: "right model, exit 0, bare line", script: "cat >/dev/null; echo '" + strings.TrimPrefix(modelLine(sol), "v ") + "'",
			runStatus: encode.Sat, status: Solved},
		{name: "stdin is the CNF", script: "grep -q '^p cnf 729 ' || exit 3; echo 's UNSATISFIABLE'; exit 20",
			runStatus: encode.Unsat, status: NoSolution},
		{name: "minisat style {in} {out}", args: []string{"{in}", "{out}"},
			script:    "grep -q '^p cnf 729 ' \"$1\" || exit 3; printf 'SAT\\n%s\\n' \"$(echo '" + modelLine(sol) + "' | cut -c3-)\" > \"$2\"; exit 10",
			runStatus: encode.Sat, status: Solved},
		{name: "{out} never written", args: []string{"{in}", "{out}"}, script: "exit 10",
			runErr: "wrote no answer", status: Failed, engErr: "wrote no answer"},
	}
	f, err := encode.Encode(p, encode.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			argv := append([]string{fakeSolver(t, tt.script)}, tt.args...)
			out, err := RunSolver(bg, argv, f)
			switch {
			case tt.runErr != "" && (err == nil || !strings.Contains(err.Error(), tt.runErr)):
				t.Errorf("RunSolver: err %v, want one saying %q", err, tt.runErr)
			case tt.runErr == "" && err != nil:
				t.Errorf("RunSolver: %v", err)
			case tt.runErr == "" && out.Status != tt.runStatus:
				t.Errorf("RunSolver: status %v, want %v", out.Status, tt.runStatus)
			}
			res := newEngine(t, Options{Kind: External, SatCmd: argv}).Solve(bg, p)
			if res.Status != tt.status {
				t.Fatalf("engine: status %v (err %v), want %v", res.Status, res.Err, tt.status)
			}
			if tt.engErr != "" && (res.Err == nil || !strings.Contains(res.Err.Error(), tt.engErr)) {
				t.Errorf("engine: err %v, want one saying %q", res.Err, tt.engErr)
			}
			if res.Status == Solved {
				checkSolved(t, tt.name, p, res)
			} else if res.Solution != nil {
				t.Errorf("engine: a solution with status %v", res.Status)
			}
		})
	}
}

// TestExternalRepeats: a solver that ignores the blocking clause and hands
// back the same model again must not make a unique puzzle count 2.
func TestExternalRepeats(t *testing.T) {
	p := readPuzzles(t, top1465Sample)[0].Board
	sol := solutions(t, p)[0]
	argv := []string{fakeSolver(t, "cat >/dev/null; echo 's SATISFIABLE'; echo '"+modelLine(sol)+"'; exit 10")}
	res := newEngine(t, Options{Kind: External, SatCmd: argv, Limit: 2}).Solve(bg, p)
	if res.Status != Failed || res.Err == nil || !strings.Contains(res.Err.Error(), "same solution") {
		t.Errorf("status %v count %d err %v; want failed: same solution twice", res.Status, res.Count, res.Err)
	}
}

// TestExternalTimeout: the context stops a solver that hangs.
func TestExternalTimeout(t *testing.T) {
	p := readPuzzles(t, top1465Sample)[0].Board
	argv := []string{fakeSolver(t, "exec sleep 30")}
	ctx, cancel := context.WithTimeout(bg, 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	res := newEngine(t, Options{Kind: External, SatCmd: argv}).Solve(ctx, p)
	if res.Status != Timeout || !errors.Is(res.Err, context.DeadlineExceeded) {
		t.Errorf("status %v err %v, want timeout", res.Status, res.Err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("took %v", d)
	}
}

// TestExternalLeavesNothing runs wrapper scripts whose children would
// outlive them, with a deadline and without: the solver's whole process
// group is stopped every time.
func TestExternalLeavesNothing(t *testing.T) {
	if !proctest.Supported() {
		t.Skip("no /proc to look for leftover processes")
	}
	p := readPuzzles(t, top1465Sample)[0].Board
	for _, tt := range []struct {
		name, script string
		timeout      time.Duration
		status       Status
	}{
		{"hangs", "sleep 1000 & sleep 1000; wait", 300 * time.Millisecond, Timeout},
		{"exits, child left behind", "cat >/dev/null; sleep 1000 >/dev/null 2>&1 & exit 20", 0, NoSolution},
		{"exits, child holds stdout", "cat >/dev/null; sleep 1000 & exit 20", 0, NoSolution},
		{"exits, child holds stdin", "sleep 1000 <&0 >/dev/null 2>&1 & exit 20", 0, NoSolution},
	} {
		t.Run(tt.name, func(t *testing.T) {
			mark := proctest.NewMark()
			// The mark reaches the script through its interpreter's environment.
			argv := []string{"env", proctest.Var + "=" + mark, fakeSolver(t, tt.script)}
			ctx := bg
			if tt.timeout > 0 {
				var cancel context.CancelFunc
				ctx, cancel = context.WithTimeout(bg, tt.timeout)
				defer cancel()
			}
			start := time.Now()
			res := newEngine(t, Options{Kind: External, SatCmd: argv}).Solve(ctx, p)
			if res.Status != tt.status {
				t.Errorf("status %v (%v), want %v", res.Status, res.Err, tt.status)
			}
			if d := time.Since(start); d > 20*time.Second {
				t.Errorf("took %v", d)
			}
			proctest.CheckNone(t, mark)
		})
	}
}
