package serve

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"

	"github.com/satdoku/satdoku/app"
	"github.com/satdoku/satdoku/batch"
	"github.com/satdoku/satdoku/internal/proctest"
)

// cliEnv makes this test binary run the command line, serve included as
// main wires it, on its arguments instead of the tests: the tests that
// need satdoku serve as a process of its own start it so.
const cliEnv = "SATDOKU_SERVE_TEST_CLI"

// mark tags every process this test binary starts (the worker processes
// of the in-memory servers too), so that TestMain can check that none is
// left.
var mark = proctest.NewMark()

func TestMain(m *testing.M) {
	batch.ServeWorkerIfChild()
	if os.Getenv(cliEnv) == "1" {
		os.Exit(app.Main(append([]string{"satdoku"}, os.Args[1:]...), os.Stdin, os.Stdout, os.Stderr, Command))
	}
	os.Exit(proctest.Run(m, mark))
}

// commandMarked returns satdoku with args as a process of its own (not
// yet started) and the mark of its processes: see proctest.Command.
func commandMarked(t *testing.T, args ...string) (*exec.Cmd, string) {
	t.Helper()
	return proctest.Command(t, cliEnv+"=1", args...)
}

// run is the outcome of one command line.
type run struct {
	code           int
	stdout, stderr string
}

func (r run) String() string {
	return fmt.Sprintf("exit %d\n--- stdout:\n%s--- stderr:\n%s", r.code, r.stdout, r.stderr)
}

// satdoku runs the command line as main wires it (serve included) in
// memory, with the given standard input.
func satdoku(stdin string, args ...string) run {
	var out, errb bytes.Buffer
	code := app.Main(append([]string{"satdoku"}, args...), strings.NewReader(stdin), &out, &errb, Command)
	return run{code, out.String(), errb.String()}
}

// lockedBuffer is a bytes.Buffer safe for a writer and a reader at once.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// classic9 is a classic puzzle with one solution.
const classic9 = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n"
