package app

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/satdoku/satdoku/board"
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
	m := regexp.MustCompile(`: (\d+) puzzles done, the rest were not solved`).FindStringSubmatch(stderr)
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
			cmd := exec.Command(satdokuBin, "solve", "-o", "line", "--workers", "2", file)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			stdout, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			// Results arrive in 64 KiB blocks: wait for the first one.
			r := bufio.NewReader(stdout)
			first, err := r.ReadString('\n')
			if err != nil {
				t.Fatalf("no result: %v; stderr %q", err, stderr.String())
			}
			cmd.Process.Signal(tt.sig)
			start := time.Now()
			rest, _ := io.ReadAll(r)
			err = cmd.Wait()
			if d := time.Since(start); d > 2*time.Second {
				t.Errorf("stopping took %v", d)
			}
			if code := cmd.ProcessState.ExitCode(); code != tt.code {
				t.Errorf("exit %d (%v), want %d; stderr %q", code, err, tt.code, stderr.String())
			}
			n := checkPrefix(t, puzzles, first+string(rest), stderr.String())
			t.Logf("%v after %d of %d puzzles", tt.sig, n, len(puzzles))
		})
	}
}

// TestSignalWhileReading interrupts a run that waits for more input on an
// open pipe.
func TestSignalWhileReading(t *testing.T) {
	puzzles := samplePuzzles(t, "top1465-sample.txt")[:10]
	for _, workers := range []string{"1", "2"} {
		t.Run("workers "+workers, func(t *testing.T) {
			cmd := exec.Command(satdokuBin, "-o", "line", "--workers", workers)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			stdin, err := cmd.StdinPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			defer stdin.Close()
			io.WriteString(stdin, lineFile(puzzles))
			time.Sleep(1500 * time.Millisecond) // solved, waiting for more
			cmd.Process.Signal(syscall.SIGINT)
			start := time.Now()
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			select {
			case <-done:
			case <-time.After(2 * time.Second):
				cmd.Process.Kill()
				<-done
				t.Fatalf("still running 2 s after SIGINT")
			}
			t.Logf("stopped in %v", time.Since(start))
			if code := cmd.ProcessState.ExitCode(); code != ExitInterrupt {
				t.Errorf("exit %d, want 130; stderr %q", code, stderr.String())
			}
			// Everything sent was done before the signal.
			verifyLines(t, puzzles, stdout.String(), nil)
			if !strings.Contains(stderr.String(), fmt.Sprintf("%d puzzles done", len(puzzles))) {
				t.Errorf("stderr %q", stderr.String())
			}
		})
	}
}

// TestClosedStdout reads one line of the output and closes the pipe: the
// run ends with a clear message and a non-zero exit, not a panic.
func TestClosedStdout(t *testing.T) {
	if testing.Short() {
		t.Skip("takes seconds: not with -short")
	}
	file := writeFile(t, "many.txt", lineFile(manyPuzzles(t, 3000)))
	cmd := exec.Command(satdokuBin, "solve", "-o", "line", "-e", "backtrack", "--workers", "2", file)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if _, err := bufio.NewReader(stdout).ReadString('\n'); err != nil {
		t.Fatal(err)
	}
	stdout.Close()
	cmd.Wait()
	code := cmd.ProcessState.ExitCode()
	if code == 0 || code == -1 {
		t.Errorf("exit %d (%v)", code, cmd.ProcessState)
	}
	if !strings.Contains(stderr.String(), "broken pipe") || strings.Contains(stderr.String(), "panic") {
		t.Errorf("exit %d, stderr %q", code, stderr.String())
	}
}
