package app

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/internal/race"
)

// oneLineArrayPuzzles is how many puzzles the one-line array holds: with
// the 50 of top1465-sample, written `["…", "…", …]`, 12.75 MB on one line.
const oneLineArrayPuzzles = 150_000

// maxArrayRSS bounds the resident memory of satdoku solving the one-line
// array: a reader that held the line whole would hold 12.75 MB of text
// and more in strings; streaming, satdoku stays near what any batch takes
// (45 MiB measured, see docs/limits.md).
const maxArrayRSS = 64 << 20

// TestOneLineJSONArray solves a JSON array of 150,000 puzzles written on
// one line, 12.75 MB, generated here from a committed sample: every one
// is solved, in order, streamed element by element (no whole-line cap),
// in bounded memory. The backtracker keeps it to a few seconds of CPU.
func TestOneLineJSONArray(t *testing.T) {
	if testing.Short() {
		t.Skip("150,000 puzzles: not with -short")
	}
	race.SkipSequential(t)
	t.Parallel()
	puzzles := samplePuzzles(t, "top1465-sample.txt")
	lines := make([]string, oneLineArrayPuzzles)
	for i := range lines {
		lines[i] = string(board.AppendLine(nil, puzzles[i%len(puzzles)], board.Default))
	}
	data, err := json.Marshal(lines)
	if err != nil {
		t.Fatal(err)
	}
	data = []byte(strings.ReplaceAll(string(data), `","`, `", "`)) // as json.dumps writes it
	if len(data) != 12_750_000 || strings.Contains(string(data), "\n") {
		t.Fatalf("the array is %d bytes, want 12,750,000 on one line", len(data))
	}
	path := filepath.Join(t.TempDir(), "array.json")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	data, lines = nil, nil

	cmd := command(t, "solve", "-q", "-o", "line", "--engine", "backtrack", path)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// The peak as the kernel keeps it for the process since it started
	// (VmHWM), read while it runs: its rusage at the end would count the
	// memory of this test process too, which it shared until exec.
	var peak atomic.Int64
	stop := make(chan struct{})
	polled := make(chan struct{})
	go func() {
		defer close(polled)
		for {
			if kb := vmHWM(cmd.Process.Pid); kb > 0 {
				peak.Store(kb << 10)
			}
			select {
			case <-stop:
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
	}()
	sc := bufio.NewScanner(out)
	var first []string // the answers of the first len(puzzles)
	n := 0
	for sc.Scan() {
		if n < len(puzzles) {
			first = append(first, sc.Text())
		} else if sc.Text() != first[n%len(puzzles)] && n < oneLineArrayPuzzles {
			t.Errorf("puzzle %d: %q, want %q as for the same puzzle at %d", n+1, sc.Text(), first[n%len(puzzles)], n%len(puzzles)+1)
		}
		n++
	}
	close(stop)
	<-polled
	if err := cmd.Wait(); err != nil {
		t.Fatalf("%v: %s", err, stderr.String())
	}
	if n != oneLineArrayPuzzles {
		t.Fatalf("%d answers for %d puzzles", n, oneLineArrayPuzzles)
	}
	verifyLines(t, puzzles, strings.Join(first, "\n")+"\n", nil)
	if rss := peak.Load(); rss > 0 {
		t.Logf("peak RSS %.1f MiB", float64(rss)/(1<<20))
		if rss > maxArrayRSS {
			t.Errorf("peak RSS %d MiB, want at most %d MiB", rss>>20, maxArrayRSS>>20)
		}
	}
}

// vmHWM returns the peak resident memory of a running process in KiB, or
// 0 where /proc does not say.
func vmHWM(pid int) int64 {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb
		}
	}
	return 0
}
