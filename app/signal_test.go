package app

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/internal/proctest"
	"github.com/satdoku/satdoku/internal/race"
)

// checkPrefix checks that out holds complete line-format results for the
// first puzzles, in input order, each verified, and that stderr's count
// of puzzles done matches.
func checkPrefix(t *testing.T, puzzles []*board.Board, out, stderr string) int {
	t.Helper()
	if out != "" && !strings.HasSuffix(out, "\n") {
		t.Errorf("the output ends in a partial line: %q", out[max(0, len(out)-100):])
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if out == "" {
		lines = nil
	}
	if len(lines) >= len(puzzles) {
		t.Fatalf("all %d puzzles done: the signal came too late", len(puzzles))
	}
	for i, l := range lines {
		verifyLine(t, i, puzzles[i], l)
	}
	m := regexp.MustCompile(`: (\d+) puzzles? done, the rest were not solved`).FindStringSubmatch(stderr)
	if m == nil {
		t.Fatalf("stderr does not say how many were done: %q", stderr)
	}
	if n, _ := strconv.Atoi(m[1]); n != len(lines) {
		t.Errorf("stderr says %d done, stdout holds %d", n, len(lines))
	}
	return len(lines)
}

// TestSignals interrupts a batch of hard puzzles solved by worker
// processes once results have appeared: the run stops promptly with
// 128+signal, and stdout holds the results done, in order.
func TestSignals(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("takes seconds: not with -short")
	}
	puzzles := manyPuzzles(t, 3000)
	file := writeFile(t, "many.txt", lineFile(puzzles))
	for _, tt := range []struct {
		sig  syscall.Signal
		code int
	}{{syscall.SIGINT, 130}, {syscall.SIGTERM, 143}} {
		t.Run(tt.sig.String(), func(t *testing.T) {
			cmd, m := commandMarked(t, "solve", "-e", "sat", "-o", "line", "--workers", "2", file) // sat: the portfolio solves classic puzzles without workers
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			stdout, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			// Wait for the worker processes (the unread output holds the
			// batch back meanwhile) and for a first result.
			waitForWorkers(t, m, cmd.Process.Pid)
			r := bufio.NewReader(stdout)
			first, err := r.ReadString('\n')
			if err != nil {
				t.Fatalf("no result: %v; stderr %q", err, stderr.String())
			}
			cmd.Process.Signal(tt.sig)
			rest, _ := io.ReadAll(r)
			err = cmd.Wait()
			if code := cmd.ProcessState.ExitCode(); code != tt.code {
				t.Errorf("exit %d (%v), want %d; stderr %q", code, err, tt.code, stderr.String())
			}
			n := checkPrefix(t, puzzles, first+string(rest), stderr.String())
			t.Logf("%v after %d of %d puzzles", tt.sig, n, len(puzzles))
		})
	}
}

// TestSignalWhileReading interrupts a run that waits for more input on an
// open pipe, once every answer so far is out.
func TestSignalWhileReading(t *testing.T) {
	t.Parallel()
	puzzles := samplePuzzles(t, "top1465-sample.txt")[:10]
	for _, workers := range []string{"1", "2"} {
		t.Run("workers "+workers, func(t *testing.T) {
			cmd := command(t, "-o", "line", "--workers", workers)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			stdin, err := cmd.StdinPipe()
			if err != nil {
				t.Fatal(err)
			}
			stdout, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			defer stdin.Close()
			io.WriteString(stdin, lineFile(puzzles))
			// Every answer comes out while satdoku waits for more input.
			r := bufio.NewReader(stdout)
			var out strings.Builder
			for range puzzles {
				line, err := r.ReadString('\n')
				if err != nil {
					t.Fatalf("after %d answers: %v; stderr %q", strings.Count(out.String(), "\n"), err, stderr.String())
				}
				out.WriteString(line)
			}
			cmd.Process.Signal(syscall.SIGINT)
			rest, _ := io.ReadAll(r)
			cmd.Wait()
			if code := cmd.ProcessState.ExitCode(); code != ExitInterrupt {
				t.Errorf("exit %d, want 130; stderr %q", code, stderr.String())
			}
			verifyLines(t, puzzles, out.String()+string(rest), nil)
			if !strings.Contains(stderr.String(), fmt.Sprintf("stopped by SIGINT (Ctrl-C): %d puzzles done", len(puzzles))) {
				t.Errorf("stderr %q", stderr.String())
			}
		})
	}
}

// TestKilledWorkerCLI kills a worker process with SIGKILL while satdoku
// solves a long batch: its puzzles are solved by another, the output is
// complete and in order, and the exit is 0.
func TestKilledWorkerCLI(t *testing.T) {
	t.Parallel()
	n := 3000 // enough to fill the output pipe many times over
	if race.Enabled {
		n = 1500 // the race-built processes are five times slower
	}
	puzzles := manyPuzzles(t, n)
	file := writeFile(t, "many.txt", lineFile(puzzles))
	cmd, m := commandMarked(t, "solve", "-e", "sat", "-o", "line", "--workers", "2", file) // sat: the portfolio solves classic puzzles without workers
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Unread, the output fills its pipe and holds satdoku and its workers
	// where they are until the test reads on.
	victim := waitForWorkers(t, m, cmd.Process.Pid)[0]
	r := bufio.NewReader(stdout)
	first := ""
	if p, err := os.FindProcess(victim); err == nil {
		p.Kill()
	}
	rest, _ := io.ReadAll(r)
	if err := cmd.Wait(); err != nil {
		t.Fatalf("%v; stderr %q", err, stderr.String())
	}
	verifyLines(t, puzzles, first+string(rest), nil)
}

// TestExternalLeavesNothing runs external solvers that never answer, or
// leave children behind, with a timeout and with an interruption: no
// process of theirs is left (each check is in command's cleanup).
func TestExternalLeavesNothing(t *testing.T) {
	t.Parallel()
	puzzles := samplePuzzles(t, "top1465-sample.txt")[:5]
	file := writeFile(t, "five.txt", lineFile(puzzles))
	for _, solver := range []string{"sleep 1000", "sh -c 'sleep 1000 & sleep 1000; wait'"} {
		t.Run(solver+" timeout", func(t *testing.T) {
			t.Parallel()
			cmd := command(t, "solve", "-q", "-o", "line", "--sat-cmd", solver, "--timeout", "300ms", file)
			out, _ := cmd.Output()
			if code := cmd.ProcessState.ExitCode(); code != ExitTimeout || strings.Count(string(out), "timeout\n") != len(puzzles) {
				t.Errorf("exit %d, output %q", code, out)
			}
		})
		t.Run(solver+" SIGTERM", func(t *testing.T) {
			t.Parallel()
			cmd, m := commandMarked(t, "solve", "-q", "-o", "line", "--sat-cmd", solver, file)
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			for deadline := time.Now().Add(5 * time.Minute); ; time.Sleep(10 * time.Millisecond) { // a wait, not a limit: it ends when they run
				if len(proctest.Leftovers(m)) >= 2 || time.Now().After(deadline) {
					break // satdoku and a solver are running
				}
			}
			cmd.Process.Signal(syscall.SIGTERM)
			cmd.Wait()
			if code := cmd.ProcessState.ExitCode(); code != 143 {
				t.Errorf("exit %d, want 143", code)
			}
		})
	}
}

// TestSolverCommandErrors: an empty or missing solver command is a usage
// error before anything is solved, and a solver killed by a signal is
// reported with the signal's name.
func TestSolverCommandErrors(t *testing.T) {
	t.Parallel()
	file := sample("top1465-sample.txt")
	for _, args := range [][]string{
		{"--sat-cmd", ""},
		{"--sat-cmd", "   "},
		{"-e", "external", "--sat-cmd", ""},
		{"--sat-cmd", "satdoku-no-such-solver -q"},
		{"--sat-cmd", filepath.Join(t.TempDir(), "kissat")},
	} {
		r := satdoku(t, "", append(append([]string{"solve"}, args...), file)...)
		r.wantCode(t, ExitUsage)
		if r.stdout != "" || !strings.Contains(r.stderr, "--sat-cmd") || strings.Count(r.stderr, "\n") != 1 {
			t.Errorf("%q: %v", args, r)
		}
	}
	r := satdoku(t, lineFile(samplePuzzles(t, "top1465-sample.txt")[:1]), "solve", "--sat-cmd", "sh -c 'cat >/dev/null; kill -9 $$'")
	r.wantCode(t, ExitFailed)
	if !strings.Contains(r.stderr, "killed by signal SIGKILL") {
		t.Errorf("stderr %q", r.stderr)
	}
}

// TestMissingFiles: a file that cannot be read among several is reported
// where its results would have been, the others are solved, and the exit
// code is 1.
func TestMissingFiles(t *testing.T) {
	t.Parallel()
	top := samplePuzzles(t, "top1465-sample.txt")
	a := writeFile(t, "a.txt", lineFile(top[:3]))
	b := writeFile(t, "b.txt", lineFile(top[3:5]))
	missing := filepath.Join(t.TempDir(), "nonexistent.txt")
	dir := t.TempDir() // a directory cannot be read as a file
	for _, workers := range []string{"1", "2"} {
		r := satdoku(t, "", "solve", "-o", "line", "--workers", workers, a, missing, b, dir)
		r.wantCode(t, ExitError)
		verifyLines(t, top[:5], r.stdout, nil)
		lines := strings.Split(strings.TrimSpace(r.stderr), "\n")
		if len(lines) != 2 || !strings.Contains(lines[0], missing) || !strings.Contains(lines[1], dir) {
			t.Errorf("workers %s: stderr %q", workers, r.stderr)
		}
	}
}

// waitForWorkers waits for the worker processes of the satdoku process
// parent (started with mark m) and returns their pids.
func waitForWorkers(t *testing.T, m string, parent int) []int {
	t.Helper()
	if !proctest.Supported() {
		t.Skip("no /proc to find the worker processes")
	}
	for deadline := time.Now().Add(5 * time.Minute); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) { // a wait that ends when one runs
		var pids []int
		for _, p := range proctest.Leftovers(m) {
			if p.PID != parent {
				pids = append(pids, p.PID)
			}
		}
		if len(pids) > 0 {
			return pids
		}
	}
	t.Fatal("no worker process started")
	return nil
}
