package engine

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/internal/testpuzzles"
)

// sharedFiles are the five public sets in ../shared/data, the verdict
// every puzzle of each must get when counting to 2, the number of
// processes that share the file's puzzles, and which of its puzzles the
// SAT engine counts too: one in stride.
var sharedFiles = []sharedFile{
	{"puzzles2_17_clue", 1, 1, 16},
	{"puzzles3_magictour_top1465", 1, 1, 1},
	{"puzzles5_forum_hardest_1905_11+", 1, 2, 16},
	{"puzzles6_forum_hardest_1106", 1, 1, 1},
	{"puzzles7_serg_benchmark", 2, 1, 4},
}

type sharedFile struct {
	name   string
	count  int // 1: unique, 2: multiple
	parts  int
	stride int // the SAT engine counts one in stride of each part's puzzles
}

// sharedAllVar set to 1 makes TestSharedData count every puzzle with the
// SAT engine too, not one in each file's stride: about 110,000 puzzles, a
// few CPU minutes (more than go test's 10 minutes on a busy machine).
const sharedAllVar = "SATDOKU_SHARED_ALL"

// sharedShardVar tells a child process of TestSharedData which part of
// which file to check: "NAME PART PARTS", PART counted from 0.
const sharedShardVar = "SATDOKU_SHARED_SHARD"

// TestSharedData is the cross-validation of issues 2 and 4 over the five
// public sets: every puzzle is counted to 2 by the backtracker, and each
// file's verdict (unique or multiple) must hold for all its puzzles, every
// grid passing board.Verify. A fixed sample is counted by the SAT engine
// too (every puzzle of the two small sets, one in 4 of serg's, one in 16
// of the two large ones: about 10,000 puzzles, the hardest among them), and
// the two engines must agree, with identical grids for unique puzzles.
// With SATDOKU_SHARED_ALL=1 the SAT engine counts every puzzle: the full
// cross-validation, which takes a few CPU minutes. The SAT engine costs
// twenty to thirty times the backtracker per puzzle here, so the sample
// is what keeps the test within go test's default 10 minutes on a busy
// machine.
//
// gophersat solves one formula at a time in a process (see package
// solver), so the work is split into parts, each checked by a child
// process (this test binary again, with sharedShardVar set), two or more
// at a time as go test's -parallel allows: the SAT engine then uses every
// core. In each child one goroutine reads the file and runs the
// backtracker, the test goroutine runs the SAT engine and compares.
func TestSharedData(t *testing.T) {
	if spec := os.Getenv(sharedShardVar); spec != "" {
		checkSharedShard(t, spec)
		return
	}
	t.Parallel()
	if testing.Short() {
		t.Skip("skipping the full cross-validation of ../shared/data in -short mode")
	}
	testpuzzles.Shared(t, sharedFiles[0].name) // one skip here, not one per part
	for _, sf := range sharedFiles {
		for part := range sf.parts {
			t.Run(fmt.Sprintf("%s/%d-of-%d", sf.name, part+1, sf.parts), func(t *testing.T) {
				t.Parallel()
				testpuzzles.Shared(t, sf.name) // fails or skips here if absent
				cmd := exec.Command(os.Args[0], "-test.run=^TestSharedData$", "-test.v", "-test.timeout=30m")
				cmd.Env = append(os.Environ(), fmt.Sprintf("%s=%s %d %d", sharedShardVar, sf.name, part, sf.parts))
				out, err := cmd.CombinedOutput()
				if err != nil {
					t.Fatalf("the child process checking this part: %v\n%s", err, out)
				}
				for _, l := range strings.Split(string(out), "\n") {
					if _, summary, ok := strings.Cut(l, "_test.go:"); ok && strings.Contains(summary, "failures") {
						_, summary, _ = strings.Cut(summary, ": ")
						t.Log(summary)
					}
				}
			})
		}
	}
}

// checkSharedShard checks, in a child process of TestSharedData, the
// puzzles of the part that spec names: those whose index in the file
// (from 0) is PART modulo PARTS.
func checkSharedShard(t *testing.T, spec string) {
	var name string
	var part, parts int
	if _, err := fmt.Sscanf(spec, "%s %d %d", &name, &part, &parts); err != nil || parts < 1 || part < 0 || part >= parts {
		t.Fatalf("%s=%q: want NAME PART PARTS", sharedShardVar, spec)
	}
	i := slices.IndexFunc(sharedFiles, func(f sharedFile) bool { return f.name == name })
	if i < 0 {
		t.Fatalf("%s=%q: no such file", sharedShardVar, spec)
	}
	sf := sharedFiles[i]
	sat := newEngine(t, Options{Kind: SAT, Limit: 2})
	bt := newEngine(t, Options{Kind: Backtrack, Limit: 2})
	stride := sf.stride
	if os.Getenv(sharedAllVar) == "1" {
		stride = 1
	}
	start := time.Now()
	items := make(chan sharedItem, 256)
	go readAndBacktrack(testpuzzles.Shared(t, sf.name), sf.name, part, parts, bt, items)
	var n, bySAT, fails, fallbacks int
	var satTime, btTime time.Duration
	for it := range items {
		if it.err != nil {
			t.Fatalf("%s: %v", sf.name, it.err)
		}
		n++
		btTime += it.bt.Elapsed
		var msg string
		if (it.index/parts)%stride != 0 { // one in stride of this part's puzzles

			msg = checkCounted("backtrack", it.p.Board, it.bt, sf.count)
		} else {
			bySAT++
			s := sat.Solve(bg, it.p.Board)
			satTime += s.Elapsed
			if s.Fallback != "" {
				fallbacks++
			}
			msg = compareCounted(it.p.Board, s, it.bt, sf.count)
		}
		if msg != "" {
			fails++
			if fails <= 10 {
				t.Errorf("%s:%d: %s: %s", sf.name, it.p.Line, line(it.p.Board), msg)
			}
		}
	}
	if n == 0 {
		t.Errorf("%s part %d of %d: no puzzles", sf.name, part+1, parts)
	}
	if fails > 10 {
		t.Errorf("%s: %d puzzles failed in all (first 10 shown)", sf.name, fails)
	}
	if fallbacks > 0 {
		t.Errorf("%s: the SAT engine fell back to the backtracker on %d puzzles", sf.name, fallbacks)
	}
	if bySAT == 0 {
		t.Errorf("%s part %d of %d: no puzzle counted by the SAT engine", sf.name, part+1, parts)
	}
	t.Logf("%s part %d of %d: %d puzzles, %d failures, all %s by the backtracker, %d (one in %d) by the SAT engine too; sat %v (%.0f µs/puzzle), backtrack %v (%.0f µs/puzzle); wall %v",
		sf.name, part+1, parts, n, fails, verdict(sf.count), bySAT, stride, satTime.Round(time.Millisecond), micros(satTime, bySAT),
		btTime.Round(time.Millisecond), micros(btTime, n), time.Since(start).Round(time.Millisecond))
}

// sharedItem is a puzzle with its index in the file (from 0) and the
// backtracker's result, or a read error.
type sharedItem struct {
	index int
	p     *board.Puzzle
	bt    Result
	err   error
}

// readAndBacktrack reads the file's puzzles, solves with the backtracker
// engine each whose index (from 0) is part modulo parts, sends those in
// order and closes the channel.
func readAndBacktrack(path, name string, part, parts int, bt *Engine, out chan<- sharedItem) {
	defer close(out)
	f, err := os.Open(path)
	if err != nil {
		out <- sharedItem{err: err}
		return
	}
	defer f.Close()
	r := board.NewReader(f)
	r.Name = name
	for i := 0; ; i++ {
		p, err := r.Read()
		if errors.Is(err, io.EOF) {
			return
		}
		if err != nil {
			out <- sharedItem{err: err}
			return
		}
		if i%parts == part {
			out <- sharedItem{index: i, p: p, bt: bt.Solve(bg, p.Board)}
		}
	}
}

func verdict(count int) string {
	if count == 1 {
		return "unique"
	}
	return "multiple"
}

func micros(d time.Duration, n int) float64 {
	if n == 0 {
		return 0
	}
	return float64(d.Microseconds()) / float64(n)
}

// compareCounted checks a SAT result s and a backtracker result b, both
// counted to 2, against each other and against the expected count; it
// returns "" or what is wrong.
func compareCounted(p *board.Board, s, b Result, want int) string {
	for _, msg := range []string{checkCounted("sat", p, s, want), checkCounted("backtrack", p, b, want)} {
		if msg != "" {
			return msg
		}
	}
	if want == 1 && !s.Solution.Equal(b.Solution) {
		return "unique puzzle, different grids from sat and backtrack at " + cellNames(p, board.Diff(s.Solution, b.Solution))
	}
	return ""
}

// checkCounted checks the result res of the engine name, counted to 2,
// against the expected count; it returns "" or what is wrong.
func checkCounted(name string, p *board.Board, res Result, want int) string {
	if res.Status != Solved {
		return name + ": status " + res.Status.String() + errText(res.Err)
	}
	if err := board.Verify(p, res.Solution); err != nil {
		return name + ": solution fails Verify: " + err.Error()
	}
	if res.Count != want {
		return name + ": " + itoa(res.Count) + " solutions counted, want " + itoa(want)
	}
	if want >= 2 {
		if res.Second == nil {
			return name + ": counted 2 but no second solution"
		}
		if err := board.Verify(p, res.Second); err != nil {
			return name + ": second solution fails Verify: " + err.Error()
		}
		if res.Second.Equal(res.Solution) {
			return name + ": second solution equals the first"
		}
	}
	return ""
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return " (" + err.Error() + ")"
}

func itoa(i int) string {
	if i < 0 {
		return "-" + itoa(-i)
	}
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}

func cellNames(p *board.Board, cells []int) string { return cellList(p, cells) }
