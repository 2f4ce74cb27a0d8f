package engine

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/internal/proctest"
)

// The round trip through real SAT solvers (every encoding, every solver,
// answers read back and compared with gophersat) is tested once, in
// package decode (TestRoundTrip). The tests here cover what the External
// engine adds: a missing solver, solvers that misbehave, repeats, timeouts
// and lies (scripted), and concurrent use (TestConcurrentUse, with a real
// solver when one is installed).

// TestExternalMissing: a solver that is not installed is a clear error.
func TestExternalMissing(t *testing.T) {
	t.Parallel()
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
	t.Parallel()
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
		{name: "exit 20 no output", script: "cat >/dev/null; exit 20", // a lie: the backtracker disproves it
			runStatus: encode.Unsat, status: Failed, engErr: "external says no solution, but the backtracker found a solution"},
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
			runStatus: encode.Unsat, status: Failed, engErr: "disagree"},
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
	t.Parallel()
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
	t.Parallel()
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

// setsidGrandchild starts, in the background, a process that leaves the
// solver's group and session and ignores SIGTERM, as a daemonising
// solver's helper would.
const setsidGrandchild = "setsid sh -c \"trap '' TERM; sleep 1000\" >/dev/null 2>&1 </dev/null &"

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
		// The scripts below answer UNSAT for a solvable puzzle: the
		// backtracker's confirmation catches the lie (Failed).
		{"exits, child left behind", "cat >/dev/null; sleep 1000 >/dev/null 2>&1 & exit 20", 0, Failed},
		{"exits, child holds stdout", "cat >/dev/null; sleep 1000 & exit 20", 0, Failed},
		{"exits, child holds stdin", "sleep 1000 <&0 >/dev/null 2>&1 & exit 20", 0, Failed},
		// A grandchild in a session of its own, deaf to SIGTERM, is out of
		// the group's reach: on Linux the subreaper adopts and kills it.
		{"setsid grandchild, hangs", setsidGrandchild + " sleep 1000; wait", 300 * time.Millisecond, Timeout},
		{"setsid grandchild, exits", "cat >/dev/null; " + setsidGrandchild + " exit 20", 0, Failed},
		{"setsid grandchild holds stdout, exits", "cat >/dev/null; setsid sh -c \"trap '' TERM; sleep 1000\" & exit 20", 0, Failed},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if strings.Contains(tt.script, "setsid") {
				if runtime.GOOS != "linux" {
					t.Skip("only Linux adopts a setsid grandchild (see proc.Tree)")
				}
				if _, err := exec.LookPath("setsid"); err != nil {
					t.Skip("no setsid command")
				}
			}
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
