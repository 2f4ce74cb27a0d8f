package engine

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/decode"
	"github.com/satdoku/satdoku/encode"
)

// external solves with an external DIMACS solver, counting with blocking
// clauses when asked to.
func (e *Engine) external(ctx context.Context, p *board.Board) Result {
	f, err := encode.Encode(p, e.opts.Encoding)
	if err != nil {
		return Result{Status: Invalid, Engine: "external", Err: err}
	}
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
		grid, err := decode.Board(p, out.Model)
		if err == nil {
			err = board.Verify(p, grid)
		}
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

// RunSolver runs an external SAT solver on f and reads its answer. The
// exit codes 10 (SAT) and 20 (UNSAT) of the SAT competition are
// understood, as is any output decode.ReadOutput reads; a solver that is
// missing, fails, or answers something else is an error.
func RunSolver(ctx context.Context, argv []string, f *encode.CNF) (decode.Output, error) {
	if len(argv) == 0 {
		return decode.Output{}, errors.New("no solver command")
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
	cmd := exec.CommandContext(ctx, args[0], args[1:]...)
	if useIn {
		if err := os.WriteFile(inPath, cnf.Bytes(), 0o600); err != nil {
			return decode.Output{}, err
		}
	} else {
		cmd.Stdin = &cnf
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	runErr := cmd.Run()
	code := 0
	if runErr != nil {
		var exit *exec.ExitError
		if !errors.As(runErr, &exit) {
			return decode.Output{}, fmt.Errorf("running %s: %w", argv[0], runErr)
		}
		code = exit.ExitCode()
		if code != 10 && code != 20 {
			return decode.Output{}, fmt.Errorf("%s failed (exit code %d): %s", argv[0], code, lastLine(stderr.String(), stdout.String()))
		}
	}
	answer := &stdout
	if useOut {
		data, err := os.ReadFile(outPath)
		if err != nil {
			return decode.Output{}, fmt.Errorf("%s wrote no answer to {out}: %w", argv[0], err)
		}
		answer = bytes.NewBuffer(data)
	}
	out, err := decode.ReadOutput(answer)
	switch {
	case err != nil && code == 20:
		return decode.Output{Status: encode.Unsat}, nil // the exit code says it all
	case err != nil:
		return decode.Output{}, fmt.Errorf("reading %s's answer: %w", argv[0], err)
	case code == 10 && out.Status != encode.Sat, code == 20 && out.Status != encode.Unsat:
		return decode.Output{}, fmt.Errorf("%s exited with %d but answered %v", argv[0], code, out.Status)
	}
	return out, nil
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
