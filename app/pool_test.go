package app

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/satdoku/satdoku/board"
)

// manyPuzzles repeats the committed samples (one, several and hard
// puzzles) until there are at least n.
func manyPuzzles(t testing.TB, n int) []*board.Board {
	t.Helper()
	var base []*board.Board
	for _, name := range []string{"top1465-sample.txt", "17clue-sample.txt", "hardest1106-sample.txt", "serg-multi-sample.txt", "plb-hard20.txt"} {
		base = append(base, samplePuzzles(t, name)...)
	}
	var out []*board.Board
	for len(out) < n {
		out = append(out, base...)
	}
	return out
}

// TestWorkersSameOutput checks that worker processes change nothing in
// the output: byte-identical to one worker, in input order, every answer
// verified.
func TestWorkersSameOutput(t *testing.T) {
	type input struct {
		name    string
		file    string
		puzzles []*board.Board
	}
	inputs := []input{{name: "top1465-sample", file: filepath.Join(rootTestdata, "top1465-sample.txt"), puzzles: samplePuzzles(t, "top1465-sample.txt")}}
	if !testing.Short() {
		big := manyPuzzles(t, 2000)
		inputs = append(inputs, input{name: fmt.Sprintf("%d puzzles", len(big)), file: writeFile(t, "big.txt", lineFile(big)), puzzles: big})
	}
	for _, in := range inputs {
		for _, eng := range []string{"sat", "backtrack"} {
			t.Run(in.name+"/"+eng, func(t *testing.T) {
				one := satdoku(t, "", "solve", "-q", "-e", eng, "-o", "line", "--workers", "1", in.file)
				one.wantCode(t, ExitOK)
				verifyLines(t, in.puzzles, one.stdout, nil)
				for _, args := range [][]string{
					{"--workers", "2"},
					{"-j", "3"},
					{"--workers", "2", "--timeout", "1m"}, // worker processes from the first puzzle
				} {
					r := satdoku(t, "", append(append([]string{"solve", "-q", "-e", eng, "-o", "line"}, args...), in.file)...)
					r.wantCode(t, ExitOK)
					if r.stdout != one.stdout {
						verifyLines(t, in.puzzles, r.stdout, nil)
						t.Fatalf("%v: output differs from --workers 1", args)
					}
				}
			})
		}
	}
}

// TestWorkersMixedOutcomes checks that invalid, unsolvable and solved
// puzzles keep their slots with worker processes.
func TestWorkersMixedOutcomes(t *testing.T) {
	ps := manyPuzzles(t, 100)[:100]
	var sb strings.Builder
	others := map[int]string{}
	for i, p := range ps {
		switch {
		case i%17 == 5:
			sb.WriteString("12345x\n") // not a square side: no grid swallows the next lines
			others[i] = "invalid"
			ps[i] = nil
		case i%23 == 7:
			sb.WriteString(noSolutionPuzzle + "\n")
			others[i] = "no solution"
			ps[i] = nil
		default:
			sb.WriteString(lineFile([]*board.Board{p}))
		}
	}
	file := writeFile(t, "mixed.txt", sb.String())
	for _, args := range [][]string{{"--workers", "1"}, {"--workers", "2"}, {"--workers", "2", "--timeout", "1m"}} {
		r := satdoku(t, "", append(append([]string{"solve", "-q", "-o", "line"}, args...), file)...)
		r.wantCode(t, ExitInvalid)
		verifyLines(t, ps, r.stdout, others)
		if n := strings.Count(r.stderr, "invalid puzzle"); n != 6 {
			t.Errorf("%v: %d invalid puzzles reported:\n%s", args, n, r.stderr)
		}
	}
}

// TestTimeout checks that --timeout stops a hard puzzle, reports it as
// timeout in its slot and exits 5, while the others are solved.
func TestTimeout(t *testing.T) {
	easy := mustParse(t, readFile(t, filepath.Join(rootTestdata, "boj-sample.in")))
	// A 36x36 with half its cells blank: gophersat needs minutes for it,
	// while the easy puzzles take a millisecond even on a loaded machine.
	hard := readPuzzles(t, filepath.Join(rootTestdata, "large", "36x36.txt"))[0].Board
	var ps []*board.Board
	for i := 0; i < 5; i++ {
		ps = append(ps, easy)
	}
	ps = append(ps, hard)
	for i := 0; i < 5; i++ {
		ps = append(ps, easy)
	}
	five := lineFile(ps[:5])
	file := writeFile(t, "timeout.txt", five+"\n"+hard.String()+"\n"+five)
	for _, workers := range []string{"1", "2"} {
		t.Run("workers "+workers, func(t *testing.T) {
			start := time.Now()
			r := satdoku(t, "", "solve", "-o", "line", "--timeout", "1s", "--workers", workers, file)
			if d := time.Since(start); d > 30*time.Second {
				t.Errorf("took %v", d)
			}
			r.wantCode(t, ExitTimeout)
			lines := strings.Split(r.stdout, "\n")
			if len(lines) < 6 || lines[5] != "timeout" || strings.Count(r.stdout, "timeout") != 1 {
				t.Fatalf("want the 36x36 alone to time out:\n%s", r.stdout)
			}
			verifyLines(t, ps, r.stdout, map[int]string{5: "timeout"})
			if !strings.Contains(r.stderr, "puzzle 6 (line 7): timed out after 1s") {
				t.Errorf("stderr %q", r.stderr)
			}
		})
	}
	t.Run("json", func(t *testing.T) {
		r := satdoku(t, hard.String(), "solve", "-o", "json", "--timeout", "1s")
		r.wantCode(t, ExitTimeout)
		res, sum := parseJSONLines(t, r.stdout)
		if len(res) != 1 || res[0].Status != "timeout" || res[0].Solution != "" || sum.Summary.Timeout != 1 {
			t.Errorf("%+v %+v", res, sum.Summary)
		}
	})
	t.Run("generous timeout", func(t *testing.T) {
		// A 25x25 that takes tens of milliseconds, among the easy ones.
		ps := append(append(ps[:5:5], readPuzzles(t, "testdata/hard25.txt")[0].Board), ps[6:]...)
		file := writeFile(t, "generous.txt", lineFile(ps))
		r := satdoku(t, "", "solve", "-q", "-o", "line", "--timeout", "1m", "--workers", "1", file)
		r.wantCode(t, ExitOK)
		verifyLines(t, ps, r.stdout, nil)
	})
}

// withWorker points the worker processes at another executable for one
// test.
func withWorker(t *testing.T, path string) {
	saved := workerExecutable
	workerExecutable = func() (string, error) { return path, nil }
	t.Cleanup(func() { workerExecutable = saved })
}

// TestWorkerDies checks that a worker process that dies is reported for
// the puzzle it was on, and that the batch goes on with a new process.
func TestWorkerDies(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "worker.sh")
	// The first process started reads one request and dies; the others
	// are real workers.
	err := os.WriteFile(script, []byte(fmt.Sprintf(`#!/bin/sh
if mkdir %q 2>/dev/null; then
	read line
	exit 3
fi
exec %q "$@"
`, filepath.Join(dir, "died"), satdokuBin)), 0o755)
	if err != nil {
		t.Fatal(err)
	}
	withWorker(t, script)
	ps := manyPuzzles(t, 200)[:200]
	file := writeFile(t, "in.txt", lineFile(ps))
	for _, args := range [][]string{{"--workers", "2"}, {"--workers", "1", "--timeout", "1m"}} {
		os.Remove(filepath.Join(dir, "died"))
		r := satdoku(t, "", append(append([]string{"solve", "-o", "line"}, args...), file)...)
		r.wantCode(t, ExitFailed)
		lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
		if len(lines) != len(ps) {
			t.Fatalf("%v: %d results for %d puzzles", args, len(lines), len(ps))
		}
		lost := -1
		for i, l := range lines {
			if l == "error" {
				if lost >= 0 {
					t.Fatalf("%v: puzzles %d and %d lost", args, lost+1, i+1)
				}
				lost = i
				continue
			}
			verifyLine(t, i, ps[i], l)
		}
		if lost < 0 {
			t.Fatalf("%v: no puzzle reported lost", args)
		}
		if want := fmt.Sprintf("puzzle %d (line %d): worker process died", lost+1, lost+1); !strings.Contains(r.stderr, want) {
			t.Errorf("%v: stderr %q lacks %q", args, r.stderr, want)
		}
	}
}

// TestWorkerMissing checks the batch without a worker executable: solved
// in this process, or a clear fatal error when --timeout needs workers.
func TestWorkerMissing(t *testing.T) {
	withWorker(t, filepath.Join(t.TempDir(), "no-such-satdoku"))
	ps := manyPuzzles(t, 40)[:40]
	file := writeFile(t, "in.txt", lineFile(ps))
	r := satdoku(t, "", "solve", "-q", "-o", "line", "--workers", "2", file)
	r.wantCode(t, ExitOK)
	verifyLines(t, ps, r.stdout, nil)
	r = satdoku(t, "", "solve", "-q", "-o", "line", "--timeout", "1s", file)
	r.wantCode(t, ExitError)
	if !strings.Contains(r.stderr, "worker") {
		t.Errorf("stderr %q", r.stderr)
	}
}

// TestWorkerProtocol round-trips requests and responses.
func TestWorkerProtocol(t *testing.T) {
	p := mustParse(t, noSolutionPuzzle)
	seq, q, err := parseRequest(appendRequest(nil, 42, p))
	if err != nil || seq != 42 || !q.Equal(p) {
		t.Fatalf("request round trip: %d %v %v", seq, q, err)
	}
	for _, bad := range []string{"", "1 3 3\n", "x 3 3 000\n", "1 3 3 12\n", "1 0 3 1\n", "1 3 3 " + strings.Repeat(":", 81) + "\n"} {
		if _, _, err := parseRequest([]byte(bad)); err == nil {
			t.Errorf("request %q accepted", bad)
		}
	}
	for _, bad := range []string{"", "1\t0\n", strings.Repeat("x\t", 10) + "x\n"} {
		if _, _, err := parseResponse([]byte(bad), board.Classic); err == nil {
			t.Errorf("response %q accepted", bad)
		}
	}
}

// BenchmarkWorkers runs the whole CLI on top1465 with one and two worker
// processes for each engine: the puzzles/s metric shows the scaling.
func BenchmarkWorkers(b *testing.B) {
	file := filepath.Join(sharedData, "puzzles3_magictour_top1465")
	if _, err := os.Stat(file); err != nil {
		b.Skipf("%s not found: %v", file, err)
	}
	puzzles := len(readPuzzles(b, file))
	for _, workers := range []string{"1", "2"} {
		for _, eng := range []string{"sat", "backtrack"} {
			b.Run(workers+"/"+eng, func(b *testing.B) {
				b.ReportAllocs()
				start := time.Now()
				for i := 0; i < b.N; i++ {
					f, err := os.Open(file)
					if err != nil {
						b.Fatal(err)
					}
					code := Main([]string{"satdoku", "solve", "-q", "-o", "line", "-e", eng, "--workers", workers, "-"}, f, io.Discard, io.Discard)
					f.Close()
					if code != ExitOK {
						b.Fatalf("exit %d", code)
					}
				}
				b.ReportMetric(float64(puzzles*b.N)/time.Since(start).Seconds(), "puzzles/s")
			})
		}
	}
}
