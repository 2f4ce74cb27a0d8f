package app

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/engine"
)

// tally counts the outcomes of a batch.
type tally struct {
	read, solved, unique, multiple, noSolution, invalid, timeout, undecided, failed, fallbacks int
}

func (t *tally) add(it *item) {
	t.read++
	if it.puzzle == nil {
		t.invalid++
		return
	}
	switch it.res.Status {
	case engine.Solved:
		t.solved++
		switch {
		case it.res.Count == 1:
			t.unique++
		case it.res.Count >= 2:
			t.multiple++
		}
	case engine.NoSolution:
		t.noSolution++
	case engine.Invalid:
		t.invalid++
	case engine.Timeout:
		t.timeout++
	case engine.Undecided:
		t.undecided++
	case engine.Failed:
		t.failed++
	}
	if it.res.Fallback != "" {
		t.fallbacks++
	}
}

// exitCode is the largest code that applies to the batch.
func (t *tally) exitCode() int {
	switch {
	case t.failed > 0:
		return ExitFailed
	case t.timeout > 0 || t.undecided > 0:
		return ExitTimeout
	case t.invalid > 0:
		return ExitInvalid
	case t.noSolution > 0:
		return ExitNoSolution
	}
	return ExitOK
}

// resultWriter prints results in the chosen output format.
type resultWriter struct {
	w       *bufio.Writer
	stderr  io.Writer
	cfg     *solveConfig
	json    bool
	tally   tally
	last    board.Format // the format of the last puzzle read, for errors
	written int
	buf     []byte
	// emptyInputs names the inputs that held no puzzle; written by the
	// reading goroutine, read after it is done.
	emptyInputs []string
}

func newResultWriter(w, stderr io.Writer, cfg *solveConfig) *resultWriter {
	return &resultWriter{w: bufio.NewWriterSize(w, 64<<10), stderr: stderr, cfg: cfg, json: cfg.output == "json", last: board.Line}
}

func (o *resultWriter) flush() error { return o.w.Flush() }

// where names a puzzle in messages: "p.txt: puzzle 3 (line 7)".
func where(it *item) string {
	var sb strings.Builder
	if it.name != "" && it.name != "-" {
		sb.WriteString(it.name)
		sb.WriteString(": ")
	}
	fmt.Fprintf(&sb, "puzzle %d", it.seq)
	if it.puzzle != nil {
		fmt.Fprintf(&sb, " (line %d)", it.puzzle.Line)
	}
	return sb.String()
}

// write prints one result and notes problems on stderr.
func (o *resultWriter) write(it *item) error {
	o.tally.add(it)
	o.note(it)
	if o.json {
		return o.writeJSON(it)
	}
	format := o.cfg.output
	if it.puzzle != nil {
		o.last = it.puzzle.Format
	}
	if format == "" {
		format = o.last.String()
	}
	multiline := format != "line"
	if multiline && o.written > 0 {
		o.w.WriteByte('\n')
	}
	o.written++
	if it.puzzle == nil {
		o.w.WriteString("invalid\n")
		return nil
	}
	p := it.puzzle
	if multiline && p.Title != "" {
		o.w.WriteString(p.Title)
		o.w.WriteByte('\n')
	}
	r := &it.res
	switch r.Status {
	case engine.Solved:
		if o.cfg.engine.Limit >= 2 {
			fmt.Fprintf(o.w, "# %s\n", o.countWords(r))
		}
		if err := o.writeBoard(format, r.Solution, p); err != nil {
			return err
		}
		if o.cfg.showSecond && r.Second != nil {
			diff := board.Diff(r.Solution, r.Second)
			names := make([]string, len(diff))
			for i, c := range diff {
				names[i] = p.Board.CellName(c)
			}
			fmt.Fprintf(o.w, "# second solution, differs at %d cells: %s\n", len(diff), strings.Join(names, " "))
			return o.writeBoard(format, r.Second, p)
		}
	case engine.NoSolution:
		o.w.WriteString("no solution\n")
		o.writeExplanation(p, r)
	default:
		o.w.WriteString(r.Status.String())
		o.w.WriteByte('\n')
	}
	_, err := o.w.Write(nil)
	return err
}

// countWords says how many solutions were found: "unique", "2 solutions
// (multiple)", "at least 5 solutions".
func (o *resultWriter) countWords(r *engine.Result) string {
	limit := o.cfg.engine.Limit
	switch {
	case r.Count == 1:
		return "1 solution (unique)"
	case o.cfg.unique:
		return "2+ solutions (multiple)"
	case r.Count >= limit:
		return fmt.Sprintf("at least %d solutions (multiple)", r.Count)
	}
	return fmt.Sprintf("%d solutions (multiple)", r.Count)
}

func (o *resultWriter) writeBoard(format string, b *board.Board, p *board.Puzzle) error {
	switch format {
	case "grid":
		return board.WriteGrid(o.w, b)
	case "compact":
		return board.WriteCompact(o.w, b, p.Alphabet)
	case "pretty":
		opts := o.cfg.pretty
		if p.Format != board.Grid { // show the symbols the puzzle was written in
			opts.Alphabet = &p.Alphabet
		}
		return board.WritePretty(o.w, b, p.Board, opts)
	}
	o.buf = board.AppendLine(o.buf[:0], b, p.Alphabet)
	o.buf = append(o.buf, '\n')
	_, err := o.w.Write(o.buf)
	return err
}

// writeExplanation prints why a puzzle has no solution, as # comments.
func (o *resultWriter) writeExplanation(p *board.Puzzle, r *engine.Result) {
	for _, c := range r.Clashes {
		fmt.Fprintf(o.w, "# %v\n", c)
	}
	if len(r.Conflict) == 0 {
		return
	}
	fmt.Fprintf(o.w, "# these %d givens admit no completion; without any one of them the rest can be completed:\n# %s\n",
		len(r.Conflict), strings.Join(engine.GivenNames(p.Board, r.Conflict), " "))
	if p.Board.Shape == board.Classic {
		only := board.New(p.Board.Shape)
		for _, c := range r.Conflict {
			only.Cells[c] = p.Board.Cells[c]
		}
		for _, line := range strings.Split(strings.TrimSuffix(only.String(), "\n"), "\n") {
			fmt.Fprintf(o.w, "#   %s\n", strings.ReplaceAll(line, "0", "."))
		}
	}
}

// note tells stderr about invalid puzzles, failures and fallbacks.
func (o *resultWriter) note(it *item) {
	switch {
	case it.puzzle == nil:
		fmt.Fprintf(o.stderr, "satdoku: invalid puzzle %d: %v\n", it.seq, it.err)
	case it.res.Status == engine.Invalid || it.res.Status == engine.Failed || it.res.Status == engine.Undecided:
		fmt.Fprintf(o.stderr, "satdoku: %s: %v\n", where(it), it.res.Err)
	case it.res.Status == engine.Timeout && !o.cfg.quiet:
		fmt.Fprintf(o.stderr, "satdoku: %s: timed out after %v\n", where(it), o.cfg.timeout)
	case it.res.Fallback != "" && !o.cfg.quiet:
		fmt.Fprintf(o.stderr, "satdoku: %s: solved by the backtracker instead: %s\n", where(it), it.res.Fallback)
	}
}

// jsonResult is one line of JSON Lines output.
type jsonResult struct {
	Index     int      `json:"index"`
	File      string   `json:"file,omitempty"`
	Line      int      `json:"line,omitempty"`
	Status    string   `json:"status"`
	Solution  string   `json:"solution,omitempty"`
	Error     string   `json:"error,omitempty"`
	Engine    string   `json:"engine,omitempty"`
	Fallback  string   `json:"fallback,omitempty"`
	Micros    int64    `json:"micros"`
	Solutions *int     `json:"solutions,omitempty"`
	Unique    *bool    `json:"unique,omitempty"`
	Second    string   `json:"second,omitempty"`
	Differ    []string `json:"differ,omitempty"`
	Clashes   []string `json:"clashes,omitempty"`
	Conflict  []string `json:"conflict,omitempty"`
}

func (o *resultWriter) writeJSON(it *item) error {
	j := jsonResult{Index: it.seq}
	if it.name != "-" {
		j.File = it.name
	}
	if it.puzzle == nil {
		j.Status = engine.Invalid.String()
		j.Error = it.err.Error()
		if pe, ok := it.err.(*board.ParseError); ok {
			j.Line = pe.StartLine
		}
		return o.encodeJSON(&j)
	}
	p, r := it.puzzle, &it.res
	j.Line = p.Line
	j.Status = r.Status.String()
	j.Engine = r.Engine
	j.Fallback = r.Fallback
	j.Micros = r.Elapsed.Microseconds()
	if r.Err != nil {
		j.Error = r.Err.Error()
	}
	if r.Solution != nil {
		j.Solution = string(board.AppendLine(nil, r.Solution, p.Alphabet))
	}
	if o.cfg.engine.Limit >= 2 && (r.Status == engine.Solved || r.Status == engine.NoSolution) {
		n := r.Count
		j.Solutions = &n
		if o.cfg.unique {
			u := n == 1
			j.Unique = &u
		}
	}
	if o.cfg.showSecond && r.Second != nil {
		j.Second = string(board.AppendLine(nil, r.Second, p.Alphabet))
		for _, c := range board.Diff(r.Solution, r.Second) {
			j.Differ = append(j.Differ, p.Board.CellName(c))
		}
	}
	for _, c := range r.Clashes {
		j.Clashes = append(j.Clashes, c.Error())
	}
	if len(r.Conflict) > 0 {
		j.Conflict = engine.GivenNames(p.Board, r.Conflict)
	}
	return o.encodeJSON(&j)
}

func (o *resultWriter) encodeJSON(v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	o.w.Write(data)
	return o.w.WriteByte('\n')
}

// summary reports the batch: on stderr with --summary, and as a final
// {"summary":…} object in JSON mode.
func (o *resultWriter) summary(stderr io.Writer, elapsed time.Duration, toStderr bool) {
	t := &o.tally
	if o.json {
		o.encodeJSON(map[string]any{"summary": map[string]any{
			"read": t.read, "solved": t.solved, "unique": t.unique, "multiple": t.multiple,
			"no_solution": t.noSolution, "invalid": t.invalid, "timeout": t.timeout,
			"undecided": t.undecided, "error": t.failed, "fallback": t.fallbacks,
			"micros": elapsed.Microseconds(),
		}})
		o.w.Flush()
	}
	if !toStderr {
		return
	}
	rate := float64(t.read) / elapsed.Seconds()
	fmt.Fprintf(stderr, "satdoku: %d puzzles read: %d solved", t.read, t.solved)
	if o.cfg.engine.Limit >= 2 {
		fmt.Fprintf(stderr, " (%d unique, %d multiple)", t.unique, t.multiple)
	}
	fmt.Fprintf(stderr, ", %d no solution, %d invalid", t.noSolution, t.invalid)
	if t.timeout+t.undecided > 0 {
		fmt.Fprintf(stderr, ", %d timed out, %d undecided", t.timeout, t.undecided)
	}
	if t.failed > 0 {
		fmt.Fprintf(stderr, ", %d errors", t.failed)
	}
	if t.fallbacks > 0 {
		fmt.Fprintf(stderr, ", %d by fallback", t.fallbacks)
	}
	fmt.Fprintf(stderr, " in %v (%.0f puzzles/s)\n", elapsed.Round(time.Millisecond), rate)
}
