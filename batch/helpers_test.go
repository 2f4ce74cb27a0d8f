package batch_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"

	"github.com/satdoku/satdoku/batch"
	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/engine"
	"github.com/satdoku/satdoku/internal/proctest"
	"github.com/satdoku/satdoku/internal/testpuzzles"
)

// poisonVar names a request (its cells) that makes a test worker process
// kill itself once it starts on that puzzle: see servePoisoned.
const poisonVar = "BATCH_TEST_POISON"

// servePoisoned runs in a worker process started with poisonVar set. It
// stands between the worker and its pipes, counting requests in and
// answers out, and kills the process when every request before the
// poisoned one has been answered: the worker then dies while solving it,
// as a worker that crashes on a puzzle would.
func servePoisoned(poison string) {
	inR, inW, _ := os.Pipe()
	outR, outW, _ := os.Pipe()
	realIn, realOut := os.Stdin, os.Stdout
	var mu sync.Mutex
	requests, answers, poisonAt := 0, -1, -1 // answers counts lines after "ready"
	check := func() {
		if poisonAt >= 0 && answers == poisonAt {
			p, _ := os.FindProcess(os.Getpid())
			p.Kill()
		}
	}
	go func() {
		r := bufio.NewReader(realIn)
		for {
			line, err := r.ReadString('\n')
			mu.Lock()
			if strings.HasSuffix(strings.TrimSpace(line), "\t"+poison) && poisonAt < 0 {
				poisonAt = requests - 1 // the config line is not a request
			}
			requests++
			check()
			mu.Unlock()
			inW.WriteString(line)
			if err != nil {
				inW.Close()
				return
			}
		}
	}()
	go func() {
		r := bufio.NewReader(outR)
		for {
			line, err := r.ReadString('\n')
			realOut.WriteString(line)
			if err != nil {
				return
			}
			mu.Lock()
			answers++
			check()
			mu.Unlock()
		}
	}()
	os.Stdin, os.Stdout = inR, outW
}

// workers returns a Worker option that starts this test binary with the
// given mark (and extra environment), and the commands it started.
type workers struct {
	mu   sync.Mutex
	mark string
	env  []string
	cmds []*exec.Cmd
}

func newWorkers(t *testing.T, env ...string) *workers {
	w := &workers{mark: proctest.NewMark(), env: env}
	t.Cleanup(func() { proctest.CheckNone(t, w.mark) })
	return w
}

func (w *workers) command() (*exec.Cmd, error) {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = proctest.Env(w.mark, w.env...)
	w.mu.Lock()
	w.cmds = append(w.cmds, cmd)
	w.mu.Unlock()
	return cmd, nil
}

// started returns how many worker processes were started.
func (w *workers) started() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return len(w.cmds)
}

// pid returns the pid of the i-th process started (0-based), 0 if none.
func (w *workers) pid(i int) int {
	w.mu.Lock()
	defer w.mu.Unlock()
	if i >= len(w.cmds) || w.cmds[i].Process == nil {
		return 0
	}
	return w.cmds[i].Process.Pid
}

// input is a batch's text with what each result must be.
type input struct {
	text    string
	puzzles []*board.Board // nil where the text is invalid
	want    []engine.Status
}

// reader returns a reader of the input's text, named mixed.txt.
func (in input) reader() *board.Reader {
	rd := board.NewReader(strings.NewReader(in.text))
	rd.Name = "mixed.txt"
	return rd
}

// mixed returns n puzzles from the committed samples with an unreadable
// line every 17th and a puzzle without a solution every 23rd.
func mixed(t testing.TB, n int) input {
	var base []*board.Board
	for _, f := range []string{"top1465-sample.txt", "17clue-sample.txt", "hardest1106-sample.txt", "plb-hard20.txt"} {
		base = append(base, testpuzzles.Boards(t, "testdata/"+f)...)
	}
	nosol := testpuzzles.Boards(t, "testdata/nosolution.txt")[0]
	var in input
	var sb strings.Builder
	for i := 0; i < n; i++ {
		p, status := base[i%len(base)], engine.Solved
		switch {
		case i%17 == 5:
			sb.WriteString("12345x\n")
			p, status = nil, engine.Invalid
		case i%23 == 7:
			p, status = nosol, engine.NoSolution
		}
		if p != nil {
			sb.Write(board.AppendLine(nil, p, board.Default))
			sb.WriteByte('\n')
		}
		in.puzzles = append(in.puzzles, p)
		in.want = append(in.want, status)
	}
	in.text = sb.String()
	return in
}

// collect runs a batch on in and returns its results, checking each as
// it comes: in input order, the expected status, every solution verified.
func collect(t *testing.T, in input, o batch.Options) []*batch.Result {
	t.Helper()
	rd := in.reader()
	var got []*batch.Result
	err := batch.Solve(context.Background(), rd, o, func(r *batch.Result) error {
		got = append(got, r)
		return nil
	})
	if err != nil {
		t.Fatalf("Solve: %v", err)
	}
	check(t, in, got)
	return got
}

func check(t *testing.T, in input, got []*batch.Result) {
	t.Helper()
	if len(got) > len(in.want) {
		t.Fatalf("%d results for %d puzzles", len(got), len(in.want))
	}
	for i, r := range got {
		if r.Index != i+1 {
			t.Fatalf("result %d has index %d", i+1, r.Index)
		}
		if r.Status != in.want[i] {
			t.Errorf("puzzle %d: %v (%v), want %v", i+1, r.Status, r.Err, in.want[i])
			continue
		}
		if r.Name != "mixed.txt" {
			t.Errorf("puzzle %d: name %q", i+1, r.Name)
		}
		switch r.Status {
		case engine.Solved:
			if err := board.Verify(in.puzzles[i], r.Solution); err != nil {
				t.Errorf("puzzle %d: %v", i+1, err)
			}
			if !r.Puzzle.Board.Equal(in.puzzles[i]) {
				t.Errorf("puzzle %d: the result carries another puzzle", i+1)
			}
		case engine.Invalid:
			var pe *board.ParseError
			if r.Puzzle != nil || !errors.As(r.Err, &pe) {
				t.Errorf("puzzle %d: invalid with puzzle %v, err %v", i+1, r.Puzzle, r.Err)
			}
		}
	}
}

// failingReader ends with a read error after its text.
type failingReader struct {
	r   io.Reader
	err error
}

func (f *failingReader) Read(p []byte) (int, error) {
	n, err := f.r.Read(p)
	if err == io.EOF {
		return n, f.err
	}
	return n, err
}

func lines(bs []*board.Board) string {
	var sb strings.Builder
	for _, b := range bs {
		fmt.Fprintf(&sb, "%s\n", board.AppendLine(nil, b, board.Default))
	}
	return sb.String()
}
