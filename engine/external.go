package engine

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/decode"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/internal/proc"
)

// external solves q with the external solver: a classic board's formula
// is encode.Encode's with Options.Encoding; a variant puzzle's is
// encode.Variant's, its cardinality constraints and sums expanded into
// clauses with Options.Encoding.AMO's at-most-one encoding.
func (e *Engine) external(ctx context.Context, q puzzle) Result {
	var f *encode.Formula
	var err error
	if q.v == nil {
		f, err = encode.Encode(q.b, e.opts.Encoding)
	} else if f, err = encode.Variant(q.v); err == nil {
		f.AMO = e.opts.Encoding.AMO
	}
	if err != nil {
		return Result{Status: Invalid, Engine: "external", Err: err}
	}
	return e.runExternal(ctx, f, q)
}

// runExternal runs the external solver on f, the formula of q, counting
// with blocking clauses when asked to; q.decode decodes and checks each
// model.
func (e *Engine) runExternal(ctx context.Context, f *encode.Formula, q puzzle) Result {
	res := Result{Engine: "external"}
	var grids []*board.Board
	seen := make(map[string]bool) // every grid found, to catch a solver that ignores the blocking clauses
	found := 0
	for found < max(e.opts.Limit, 1) {
		out, err := RunSolver(ctx, e.opts.SatCmd, f)
		if err != nil {
			if ctx.Err() != nil {
				return Result{Status: Timeout, Engine: "external", Err: ctx.Err()}
			}
			return Result{Status: Failed, Engine: "external", Err: err}
		}
		if out.Status == encode.Unsat {
			break
		}
		if out.Status != encode.Sat {
			return Result{Status: Undecided, Engine: "external", Err: fmt.Errorf("%s answered %v", e.opts.SatCmd[0], out.Status)}
		}
		grid, err := q.decode(out.Model)
		if err != nil {
			return Result{Status: Failed, Engine: "external", Err: fmt.Errorf("%s's model rejected: %w", e.opts.SatCmd[0], err)}
		}
		key := string(grid.Cells)
		if seen[key] {
			return Result{Status: Failed, Engine: "external", Err: fmt.Errorf("%s returned the same solution twice (answer %d)", e.opts.SatCmd[0], found+1)}
		}
		seen[key] = true
		found++
		if len(grids) < 2 {
			grids = append(grids, grid)
		}
		f.Clauses = append(f.Clauses, blockingClause(grid))
	}
	if found == 0 {
		res.Status = NoSolution
		return res
	}
	res.Status = Solved
	res.Solution = grids[0]
	if len(grids) > 1 {
		res.Second = grids[1]
	}
	if e.counting() {
		res.Count = found
	}
	return res
}

// blockingClause excludes one full grid: not all of its n² cell literals.
func blockingClause(grid *board.Board) encode.Clause {
	n := grid.Side()
	cl := make(encode.Clause, len(grid.Cells))
	for i, d := range grid.Cells {
		cl[i] = encode.Lit(-encode.CellVar(n, i, int(d)))
	}
	return cl
}

// Placeholders in an external solver's command line. Without {in} the CNF
// goes to the solver's standard input; without {out} its answer is read
// from its standard output. MiniSat, which writes its model to a file, is
// run as "minisat {in} {out}".
const (
	InPlaceholder  = "{in}"
	OutPlaceholder = "{out}"
)

// ErrNoCommand reports an external solver command line that names no
// program.
var ErrNoCommand = errors.New("no solver command")

// CheckSolver reports whether the external solver command argv can be
// run: it names a program, and that program is found (exec.LookPath). It
// runs nothing; a batch calls it once before solving rather than failing
// on every puzzle.
func CheckSolver(argv []string) error {
	if len(argv) == 0 || argv[0] == "" {
		return ErrNoCommand
	}
	if _, err := exec.LookPath(argv[0]); err != nil {
		return fmt.Errorf("solver %s: %w", argv[0], err)
	}
	return nil
}

// maxSolverOutput bounds what is kept of a solver's standard output: a
// model of the largest board (64×64, 262,144 variables) is about 2 MB.
const maxSolverOutput = 64 << 20

// RunSolver runs an external SAT solver on f and reads its answer. The
// exit codes 10 (SAT) and 20 (UNSAT) of the SAT competition are
// understood (decode.ExitStatus), as is any output decode.ReadOutput reads;
// a solver that is missing, fails, is killed by a signal, or answers
// something else is an error.
//
// The solver runs in a process group of its own, as the root of a
// proc.Tree. The whole group is killed when ctx ends, and the whole tree
// when the solver exits, so that nothing it started (a wrapper script's
// children) outlives it: on Linux even a descendant that left the group
// and session (setsid) is adopted, killed and reaped; on other systems the
// group is what is reached (see proc.Tree). On Linux the kernel also kills
// the solver if this process dies.
func RunSolver(ctx context.Context, argv []string, f *encode.CNF) (decode.Output, error) {
	if len(argv) == 0 || argv[0] == "" {
		return decode.Output{}, ErrNoCommand
	}
	var dir string
	needDir := false
	for _, a := range argv[1:] {
		needDir = needDir || strings.Contains(a, InPlaceholder) || strings.Contains(a, OutPlaceholder)
	}
	if needDir {
		d, err := os.MkdirTemp("", "satdoku-")
		if err != nil {
			return decode.Output{}, err
		}
		defer os.RemoveAll(d)
		dir = d
	}
	inPath, outPath := filepath.Join(dir, "in.cnf"), filepath.Join(dir, "out.txt")
	// The placeholders are replaced in the arguments only, never in the
	// program's own path.
	args := append([]string(nil), argv...)
	useIn, useOut := false, false
	repl := strings.NewReplacer(InPlaceholder, inPath, OutPlaceholder, outPath)
	for i, a := range argv[1:] {
		useIn = useIn || strings.Contains(a, InPlaceholder)
		useOut = useOut || strings.Contains(a, OutPlaceholder)
		args[i+1] = repl.Replace(a)
	}
	var cnf bytes.Buffer
	if err := f.WriteDIMACS(&cnf); err != nil {
		return decode.Output{}, err
	}
	input := cnf.Bytes()
	if useIn {
		if err := os.WriteFile(inPath, input, 0o600); err != nil {
			return decode.Output{}, err
		}
		input = nil
	}
	stdout, stderr, runErr := runGroup(ctx, exec.Command(args[0], args[1:]...), input)
	if err := ctx.Err(); err != nil {
		return decode.Output{}, err
	}
	code := 0
	if runErr != nil {
		var exit *exec.ExitError
		if !errors.As(runErr, &exit) {
			return decode.Output{}, fmt.Errorf("running %s: %w", argv[0], runErr)
		}
		code = exit.ExitCode()
		if _, ok := decode.ExitStatus(code); !ok {
			return decode.Output{}, fmt.Errorf("%s failed (%s): %s", argv[0], proc.Ended(exit.ProcessState), lastLine(string(stderr), string(stdout)))
		}
	}
	answer := stdout
	if useOut {
		data, err := os.ReadFile(outPath)
		if err != nil {
			return decode.Output{}, fmt.Errorf("%s wrote no answer to {out}: %w", argv[0], err)
		}
		answer = data
	}
	exitStatus, byCode := decode.ExitStatus(code)
	out, err := decode.ReadOutput(bytes.NewReader(answer))
	switch {
	case err != nil && byCode && exitStatus == encode.Unsat:
		return decode.Output{Status: encode.Unsat}, nil // the exit code says it all
	case err != nil:
		return decode.Output{}, fmt.Errorf("reading %s's answer: %w", argv[0], err)
	case byCode && out.Status != exitStatus:
		return decode.Output{}, fmt.Errorf("%s exited with %d but answered %v", argv[0], code, out.Status)
	}
	return out, nil
}

// runGroup runs cmd in a process group of its own with input on its
// standard input (none when input is nil) and returns its standard output
// and the end of its standard error. The pipes are the process's own
// (*os.File), so that waiting for the process never waits for a
// grandchild that holds one open; the group is killed when ctx ends and
// once the process has exited, which closes them.
func runGroup(ctx context.Context, cmd *exec.Cmd, input []byte) (stdout, stderr []byte, err error) {
	tree := proc.NewTree(cmd)
	var pipes []*os.File // the child's ends, closed here once it has them
	defer func() {
		for _, f := range pipes {
			f.Close()
		}
	}()
	var inW *os.File
	if input != nil {
		r, w, err := os.Pipe()
		if err != nil {
			return nil, nil, err
		}
		cmd.Stdin, inW, pipes = r, w, append(pipes, r)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		return nil, nil, err
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		outR.Close()
		outW.Close()
		return nil, nil, err
	}
	cmd.Stdout, cmd.Stderr = outW, errW
	pipes = append(pipes, outW, errW)
	if err := cmd.Start(); err != nil {
		for _, f := range []*os.File{inW, outR, errR} {
			if f != nil {
				f.Close()
			}
		}
		return nil, nil, err
	}
	for _, f := range pipes {
		f.Close()
	}
	pipes = nil
	if inW != nil {
		go func() {
			inW.Write(input) // a solver that stops reading early is not an error here
			inW.Close()
		}()
	}
	outDone, errDone := make(chan []byte, 1), make(chan []byte, 1)
	go func() { outDone <- readBounded(outR, maxSolverOutput) }()
	go func() { errDone <- readTail(errR, 4<<10) }()
	waited := make(chan error, 1)
	go func() { waited <- cmd.Wait() }()
	select {
	case err = <-waited:
	case <-ctx.Done():
		proc.KillGroup(cmd.Process.Pid)
		err = <-waited
	}
	// Whatever it left behind, in its group or not (setsid): see
	// proc.Tree for what each system guarantees.
	tree.Kill()
	// The pipes close when the last process holding them is gone; one
	// that escaped the tree is not waited for.
	timer := time.AfterFunc(2*time.Second, func() { outR.Close(); errR.Close() })
	stdout, stderr = <-outDone, <-errDone
	timer.Stop()
	outR.Close()
	errR.Close()
	return stdout, stderr, err
}

// readBounded reads r to its end and returns the first max bytes.
func readBounded(r io.Reader, max int64) []byte {
	var buf bytes.Buffer
	buf.ReadFrom(io.LimitReader(r, max))
	io.Copy(io.Discard, r)
	return buf.Bytes()
}

// readTail reads r to its end and returns about its last n bytes.
func readTail(r io.Reader, n int) []byte {
	var tail []byte
	buf := make([]byte, 4096)
	for {
		k, err := r.Read(buf)
		tail = append(tail, buf[:k]...)
		if len(tail) > 2*n {
			tail = append(tail[:0], tail[len(tail)-n:]...)
		}
		if err != nil {
			return tail
		}
	}
}

// lastLine returns the last non-empty line of the first text that has one.
func lastLine(texts ...string) string {
	for _, t := range texts {
		lines := strings.Split(strings.TrimSpace(t), "\n")
		if l := strings.TrimSpace(lines[len(lines)-1]); l != "" {
			return l
		}
	}
	return "no output"
}
