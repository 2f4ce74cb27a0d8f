package app

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/internal/testpuzzles"
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
	t.Parallel()
	type input struct {
		name    string
		file    string
		puzzles []*board.Board
	}
	inputs := []input{{name: "top1465-sample", file: sample("top1465-sample.txt"), puzzles: samplePuzzles(t, "top1465-sample.txt")}}
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
	t.Parallel()
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
	t.Parallel()
	easy := mustParse(t, readFile(t, sample("boj-sample.in")))
	// A 36x36 with half its cells blank: gophersat needs minutes for it,
	// while the easy puzzles take a millisecond.
	hard := readPuzzles(t, sample("large/36x36.txt"))[0].Board
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
			// JSON: the line format cannot write a 36x36 board.
			// 3s: the easy puzzles take a millisecond of CPU, which a busy
			// machine may stretch a hundredfold; the 36x36 takes minutes.
			r := satdoku(t, "", "solve", "-o", "json", "--timeout", "3s", "--workers", workers, file)
			r.wantCode(t, ExitTimeout)
			res, _ := parseJSONLines(t, r.stdout)
			if len(res) != len(ps) {
				t.Fatalf("%d results for %d puzzles:\n%s", len(res), len(ps), r.stdout)
			}
			for i, j := range res {
				if (i == 5) != (j.Status == "timeout") {
					t.Fatalf("want the 36x36 alone to time out:\n%s", r.stdout)
				}
				if i != 5 {
					verifyLine(t, i, ps[i], j.Solution)
				}
			}
			if !strings.Contains(r.stderr, "puzzle 6 (line 7): timed out after 3s") {
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

// TestWorkerMissing checks a batch whose worker processes cannot be
// started: solved in this process, or a clear fatal error when --timeout
// needs the workers.
func TestWorkerMissing(t *testing.T) {
	t.Parallel()
	missing := &streams{worker: func() (*exec.Cmd, error) { return exec.Command(filepath.Join(t.TempDir(), "no-such-satdoku")), nil }}
	ps := manyPuzzles(t, 40)[:40]
	file := writeFile(t, "in.txt", lineFile(ps))
	r := satdokuWith(t, missing, "solve", "-q", "-o", "line", "--workers", "2", file)
	r.wantCode(t, ExitOK)
	verifyLines(t, ps, r.stdout, nil)
	r = satdokuWith(t, missing, "solve", "-q", "-e", "sat", "-o", "line", "--timeout", "1s", file) // the portfolio needs none on classic puzzles
	r.wantCode(t, ExitError)
	if !strings.Contains(r.stderr, "worker") || r.stdout != "" {
		t.Errorf("%v", r)
	}
}

// TestWorkersCapped: more workers than the machine can use are capped,
// with a note.
func TestWorkersCapped(t *testing.T) {
	t.Parallel()
	ps := manyPuzzles(t, 30)[:30]
	file := writeFile(t, "in.txt", lineFile(ps))
	r := satdoku(t, "", "solve", "-o", "line", "-e", "backtrack", "--workers", "100000", file)
	r.wantCode(t, ExitOK)
	verifyLines(t, ps, r.stdout, nil)
	if !strings.Contains(r.stderr, "--workers 100000") || !strings.Contains(r.stderr, "per CPU") {
		t.Errorf("stderr %q", r.stderr)
	}
}

// TestTimeoutsWithFullPipes gives one worker process puzzles of 64x64 that
// it cannot solve in time, each request 4 KB: every one times out in turn,
// promptly, and nothing is left running (issue 13: a sender blocked on a
// full pipe once held the lock the watchdog needed).
func TestTimeoutsWithFullPipes(t *testing.T) {
	t.Parallel()
	var sb strings.Builder
	const n = 6
	for i := 0; i < n*64; i++ {
		sb.WriteString(strings.TrimSpace(strings.Repeat("0 ", 64)) + "\n")
	}
	file := writeFile(t, "lgw.txt", sb.String())
	cmd := command(t, "solve", "-q", "--workers", "1", "--timeout", "300ms", file)
	out, err := cmd.Output()
	if code := cmd.ProcessState.ExitCode(); code != ExitTimeout {
		t.Fatalf("exit %d (%v), want %d", code, err, ExitTimeout)
	}
	if got := strings.Count(string(out), "timeout\n"); got != n {
		t.Errorf("%d timeouts for %d puzzles:\n%s", got, n, out)
	}
}

// BenchmarkWorkers runs the whole CLI on top1465 with one and two worker
// processes for each engine: the puzzles/s metric shows the scaling.
func BenchmarkWorkers(b *testing.B) {
	file := testpuzzles.Shared(b, "puzzles3_magictour_top1465")
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
