package app

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/satdoku/satdoku/batch"
	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/engine"
	"github.com/satdoku/satdoku/fpuzzles"
	"github.com/satdoku/satdoku/internal/atomicfile"
	"github.com/satdoku/satdoku/logic"
	"github.com/satdoku/satdoku/render"
	"github.com/satdoku/satdoku/report"
	"github.com/satdoku/satdoku/variant"
)

// tally counts the outcomes of a batch.
type tally struct {
	read, solved, unique, multiple, noSolution, invalid, timeout, undecided, failed, fallbacks int
	// pathTimeouts counts the solved puzzles whose logical path (--steps,
	// --rate) ran out of --timeout: not a category of the summary, but
	// exit 5 as a timed-out solve.
	pathTimeouts int
	// bySAT and byBacktrack count the answers (solved, no solution) of
	// each engine, for the portfolio's summary.
	bySAT, byBacktrack int
}

func (t *tally) add(r *batch.Result) {
	t.read++
	switch r.Status {
	case engine.Solved:
		t.solved++
		switch {
		case r.Count == 1:
			t.unique++
		case r.Count >= 2:
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
	if r.Fallback != "" {
		t.fallbacks++
	}
	if r.Status == engine.Solved || r.Status == engine.NoSolution {
		switch r.Engine {
		case "sat":
			t.bySAT++
		case "backtrack":
			t.byBacktrack++
		}
	}
}

// exitCode is the largest code that applies to the batch.
func (t *tally) exitCode() int {
	switch {
	case t.failed > 0:
		return ExitFailed
	case t.timeout > 0 || t.undecided > 0 || t.pathTimeouts > 0:
		return ExitTimeout
	case t.invalid > 0:
		return ExitInvalid
	case t.noSolution > 0:
		return ExitNoSolution
	}
	return ExitOK
}

// flushDelay is how long output may wait in the buffer after the last
// result: an interactive user sees each answer that soon, and a long batch
// still writes in large blocks.
const flushDelay = 20 * time.Millisecond

// lazyWriter buffers output and flushes it when the buffer is full, when
// asked, and flushDelay after a write that no flush has followed. It is
// safe for concurrent use.
type lazyWriter struct {
	mu    sync.Mutex
	w     *bufio.Writer
	timer *time.Timer
	armed bool
	err   error // of a flush by the timer, returned by the next call
}

func newLazyWriter(w io.Writer) *lazyWriter {
	l := &lazyWriter{w: bufio.NewWriterSize(w, 64<<10)}
	l.timer = time.AfterFunc(time.Hour, func() {
		l.mu.Lock()
		defer l.mu.Unlock()
		l.armed = false
		if err := l.w.Flush(); err != nil && l.err == nil {
			l.err = err
		}
	})
	l.timer.Stop()
	return l
}

func (l *lazyWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.err != nil {
		return 0, l.err
	}
	n, err := l.w.Write(p)
	if !l.armed && l.w.Buffered() > 0 {
		l.armed = true
		l.timer.Reset(flushDelay)
	}
	return n, err
}

// Flush writes out what is buffered.
func (l *lazyWriter) Flush() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if err := l.w.Flush(); err != nil {
		return err
	}
	return l.err
}

// stop ends the timer.
func (l *lazyWriter) stop() { l.timer.Stop() }

// resultWriter prints results in the chosen output format: each result is
// formatted into a buffer, then written at once.
type resultWriter struct {
	w      *lazyWriter
	stderr io.Writer
	cfg    *solveConfig
	tally  tally
	last   board.Format // the format of the last puzzle read, for invalid ones
	buf    bytes.Buffer
	bw     *board.Writer // writes boards into buf
	n      int           // results written
	held   []byte        // the one picture for stdout, written by release
	// logicFor is the result whose logical solve logicRes holds.
	logicFor *batch.Result
	logicRes *logicResult
	// stepsLater: format leaves the steps out (writeStreaming writes them).
	stepsLater bool
	// ctx is the run's context, if set: a signal that stops the batch
	// stops its logical solves too.
	ctx context.Context
}

func newResultWriter(w, stderr io.Writer, cfg *solveConfig) *resultWriter {
	o := &resultWriter{w: newLazyWriter(w), stderr: stderr, cfg: cfg, last: board.Line}
	o.bw = board.NewWriter(&o.buf, board.Grid)
	return o
}

func (o *resultWriter) flush() error { return o.w.Flush() }
func (o *resultWriter) close()       { o.w.stop() }

// where names a puzzle in messages: "p.txt: puzzle 3 (line 7)".
func where(r *batch.Result) string {
	var sb strings.Builder
	if r.Name != "" && r.Name != "-" {
		sb.WriteString(r.Name)
		sb.WriteString(": ")
	}
	fmt.Fprintf(&sb, "puzzle %d", r.Index)
	if r.Puzzle != nil {
		fmt.Fprintf(&sb, " (line %d)", r.Puzzle.Line)
	}
	return sb.String()
}

// write prints one result, with its true candidates (r.Candidates, for
// --candidates), and notes problems on stderr.
func (o *resultWriter) write(r *batch.Result) error {
	o.tally.add(r)
	if lr := o.logicOf(r); lr != nil && errors.Is(lr.err, context.DeadlineExceeded) {
		o.tally.pathTimeouts++
	}
	o.note(r)
	o.buf.Reset()
	var err error
	switch {
	case o.cfg.output.json:
		err = o.formatJSON(r)
	case o.cfg.output.picture != "":
		err = o.picture(r)
	case o.cfg.output.fpuzzles != "":
		err = o.formatFPuzzles(r)
	default:
		err = o.format(r)
	}
	if err != nil {
		return err
	}
	_, err = o.w.Write(o.buf.Bytes())
	return err
}

// format writes one result in a board format (pretty included) into o.buf.
func (o *resultWriter) format(r *batch.Result) error {
	out := o.cfg.output.board
	if r.Puzzle != nil {
		o.last = r.Puzzle.Format
	}
	if out == board.FormatUnknown {
		out = o.last
	}
	multiline := out != board.Line && !o.cfg.logic.rate // --rate: a line a puzzle
	if o.cfg.logic.rate {
		if lr := o.logicOf(r); lr != nil {
			o.writeLogic(r, lr)
			return nil
		}
	}
	if multiline && o.n > 0 {
		o.buf.WriteByte('\n')
	}
	o.n++
	p := r.Puzzle
	if p == nil {
		o.buf.WriteString("invalid\n")
		return nil
	}
	if multiline && p.Title != "" {
		o.buf.WriteString(p.Title)
		o.buf.WriteByte('\n')
	}
	switch r.Status {
	case engine.Solved:
		if o.cfg.batch.Engine.Limit >= 2 && !o.cfg.logic.steps {
			fmt.Fprintf(&o.buf, "# %s\n", o.countWords(&r.Result))
		}
		if r.Candidates != nil {
			writeCandidates(&o.buf, p, r.Candidates)
		} else if err := o.writeBoard(out, r.Solution, p, r.Variant); err != nil {
			return err
		}
		if o.cfg.showSecond && r.Second != nil {
			diff := board.Diff(r.Solution, r.Second)
			names := make([]string, len(diff))
			for i, c := range diff {
				names[i] = p.Board.CellName(c)
			}
			fmt.Fprintf(&o.buf, "# second solution, differs at %d cells: %s\n", len(diff), strings.Join(names, " "))
			return o.writeBoard(out, r.Second, p, r.Variant)
		}
		if o.stepsLater {
			break
		}
		if lr := o.logicOf(r); lr != nil {
			o.writeLogic(r, lr)
		}
	case engine.NoSolution:
		o.buf.WriteString("no solution\n")
		o.writeExplanation(p, r)
	default:
		o.buf.WriteString(r.Status.String())
		o.buf.WriteByte('\n')
	}
	return nil
}

// picture draws one result (-o svg or png): into its own file under
// --out, listed in o.buf as "DIR/000001.svg solved", or held for release.
// An invalid puzzle has no board to draw: its line says "invalid".
func (o *resultWriter) picture(r *batch.Result) error {
	if r.Puzzle == nil {
		if o.cfg.outDir != "" {
			o.buf.WriteString("invalid\n")
		}
		return nil
	}
	p := r.Puzzle
	pic := &render.Picture{Puzzle: p.Board, Variant: r.Variant}
	report.Mark(pic, r.Result)
	opts := render.Options{Show: render.Both}
	if p.Format != board.Grid {
		opts.Alphabet = &p.Alphabet
	}
	var img bytes.Buffer
	if err := writePicture(&img, pic, o.cfg.output.picture, opts, pictureScale); err != nil {
		return fmt.Errorf("%s: %w", where(r), err)
	}
	if o.cfg.outDir == "" {
		o.held = img.Bytes()
		return nil
	}
	path := filepath.Join(o.cfg.outDir, fmt.Sprintf("%06d.%s", r.Index, o.cfg.output.picture))
	if err := atomicfile.WriteFile(path, img.Bytes(), 0o644); err != nil {
		return err
	}
	status := r.Status.String()
	if r.Status == engine.NoSolution {
		status = "no solution" // as the text formats say it
	}
	fmt.Fprintf(&o.buf, "%s %s\n", path, status)
	return nil
}

// formatFPuzzles writes one result as f-puzzles (-o fpuzzles, one JSON
// document a line) or as its link (-o fpuzzles-url), with the solution
// filled in; a result with no solution is its status word, as in the text
// formats.
func (o *resultWriter) formatFPuzzles(r *batch.Result) error {
	if r.Puzzle == nil {
		o.buf.WriteString("invalid\n")
		return nil
	}
	switch r.Status {
	case engine.Solved:
	case engine.NoSolution:
		o.buf.WriteString("no solution\n")
		return nil
	default:
		o.buf.WriteString(r.Status.String() + "\n")
		return nil
	}
	v := r.Variant
	if v == nil {
		v = classicVariant(r.Puzzle.Board)
	}
	opts := fpuzzles.Options{FillGrid: true}
	if o.cfg.output.fpuzzles == "fpuzzles-url" {
		link, err := fpuzzles.URL(v, r.Solution, opts)
		if err != nil {
			return fmt.Errorf("%s: -o fpuzzles-url: %w", where(r), err)
		}
		o.buf.WriteString(link + "\n")
		return nil
	}
	data, err := fpuzzles.Marshal(v, r.Solution, opts)
	if err != nil {
		return fmt.Errorf("%s: -o fpuzzles: %w", where(r), err)
	}
	if err := json.Compact(&o.buf, data); err != nil {
		return fmt.Errorf("%s: -o fpuzzles: %w", where(r), err)
	}
	return o.buf.WriteByte('\n')
}

// pictureScale is the PNG pixels per SVG unit of solve's pictures, as
// render's default.
const pictureScale = 2

// release writes the picture held for standard output, once the run is
// known to hold one puzzle only.
func (o *resultWriter) release() error {
	if o.held == nil {
		return nil
	}
	if _, err := o.w.Write(o.held); err != nil {
		return err
	}
	return o.w.Flush()
}

// countWords says how many solutions were found: "unique", "2 solutions
// (multiple)", "at least 5 solutions".
func (o *resultWriter) countWords(r *engine.Result) string {
	limit := o.cfg.batch.Engine.Limit
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

// writeBoard writes b, a solution of p, in format f into o.buf, in the
// alphabet p was written in (checked before solving: see outputFormat.check),
// with pretty borders around v's regions when it has irregular ones (v is
// nil for a classic puzzle).
func (o *resultWriter) writeBoard(f board.Format, b *board.Board, p *board.Puzzle, v *variant.Puzzle) error {
	o.bw.Format, o.bw.Alphabet = f, &p.Alphabet
	o.bw.ASCII, o.bw.Color = o.cfg.ascii, o.cfg.color
	o.bw.Regions = nil
	if v != nil {
		o.bw.Regions = v.Regions
	}
	return o.bw.Write(b, p.Board)
}

// writeExplanation writes why a puzzle has no solution, as # comments.
func (o *resultWriter) writeExplanation(p *board.Puzzle, r *batch.Result) {
	for _, c := range r.Clashes {
		fmt.Fprintf(&o.buf, "# %v\n", c)
	}
	if r.Variant != nil && len(r.Conflict)+len(r.ConflictRules) > 0 {
		fmt.Fprintf(&o.buf, "# %s\n", conflictHeading(len(r.Conflict), len(r.ConflictRules)))
		if len(r.Conflict) > 0 {
			fmt.Fprintf(&o.buf, "# %s\n", strings.Join(engine.GivenNames(p.Board, r.Conflict), " "))
		}
		for _, name := range engine.ConflictNames(r.Variant, nil, r.ConflictRules) {
			fmt.Fprintf(&o.buf, "# %s\n", name)
		}
		return
	}
	if len(r.Conflict) == 0 {
		return
	}
	fmt.Fprintf(&o.buf, "# %s\n# %s\n", conflictHeading(len(r.Conflict), 0), strings.Join(engine.GivenNames(p.Board, r.Conflict), " "))
	if p.Board.Shape == board.Classic {
		only := board.Subset(p.Board, r.Conflict)
		for _, line := range strings.Split(strings.TrimSuffix(only.String(), "\n"), "\n") {
			fmt.Fprintf(&o.buf, "#   %s\n", strings.ReplaceAll(line, "0", "."))
		}
	}
}

// wantsLogic reports whether a result gets a logical solve: with --steps
// or --rate, a puzzle the engine solved.
func (o *resultWriter) wantsLogic(r *batch.Result) bool {
	lc := o.cfg.logic
	return (lc.steps || lc.rate) && r.Puzzle != nil && r.Status == engine.Solved
}

// solveLogic solves a result's puzzle logically, with the uniqueness
// techniques when the count proved it unique. It is safe to call from
// any goroutine (see logicPipe, which calls it on several).
func (o *resultWriter) solveLogic(r *batch.Result, onStep func(logic.Step)) *logicResult {
	ctx := o.ctx
	if ctx == nil {
		ctx = context.Background()
	}
	lc := o.cfg.logic
	lc.onStep = onStep
	return runLogic(ctx, r, lc, r.Count == 1 && o.cfg.batch.Engine.Limit >= 2)
}

// streamsSteps reports whether the steps of --steps are written as they
// are found: in a board format (the default output) without --rate, whose
// line comes before them.
func (o *resultWriter) streamsSteps() bool {
	out := o.cfg.output
	return o.cfg.logic.steps && !o.cfg.logic.rate && !out.json && out.picture == "" && out.fpuzzles == ""
}

// writeStreaming writes a result whose logical path is being found
// (logicJob.log): the result as write does but the steps, then each step
// as it comes, then how the path ended, once it has.
func (o *resultWriter) writeStreaming(job *logicJob) error {
	r := job.r
	o.tally.add(r)
	o.note(r)
	o.buf.Reset()
	o.stepsLater = true
	err := o.format(r)
	o.stepsLater = false
	if err != nil {
		return err
	}
	if _, err := o.w.Write(o.buf.Bytes()); err != nil {
		return err
	}
	var sb strings.Builder
	written := 0
	for ended := false; !ended; {
		steps, grew := job.log.since(written)
		for _, st := range steps {
			written++
			sb.Reset()
			writeStep(&sb, st, strconv.Itoa(written), "")
			if _, err := io.WriteString(o.w, sb.String()); err != nil {
				return err
			}
		}
		select {
		case <-grew:
		case <-job.ready:
			ended = true
		}
	}
	lr := job.lr
	o.logicFor, o.logicRes = r, lr
	if errors.Is(lr.err, context.DeadlineExceeded) {
		o.tally.pathTimeouts++
	}
	sb.Reset()
	writeStepsFrom(&sb, lr.path, written)
	if lr.err != nil {
		fmt.Fprintf(&sb, "no logical path: %v\n", lr.err)
	}
	_, err = io.WriteString(o.w, sb.String())
	return err
}

// logicOf returns the logical solve of a result for --steps and --rate
// (nil without them, or for a puzzle the engine did not solve): the one
// logicPipe made, or one made now.
func (o *resultWriter) logicOf(r *batch.Result) *logicResult {
	if !o.wantsLogic(r) {
		return nil
	}
	if o.logicFor != r {
		o.logicFor, o.logicRes = r, o.solveLogic(r, nil)
	}
	return o.logicRes
}

// writeLogic writes the rating line (--rate) and the steps (--steps) into
// o.buf.
func (o *resultWriter) writeLogic(r *batch.Result, lr *logicResult) {
	if lr.err != nil {
		// The steps found before the path was cut short, then why.
		if o.cfg.logic.steps {
			var sb strings.Builder
			writeSteps(&sb, lr.path)
			o.buf.WriteString(sb.String())
		}
		fmt.Fprintf(&o.buf, "no logical path: %v\n", lr.err)
		return
	}
	if o.cfg.logic.rate {
		o.buf.WriteString(ratingLine(lr.rating) + "\n")
	}
	if o.cfg.logic.steps {
		var sb strings.Builder
		writeSteps(&sb, lr.path)
		o.buf.WriteString(sb.String())
	}
}

// note tells stderr about invalid puzzles, failures and fallbacks.
func (o *resultWriter) note(r *batch.Result) {
	switch {
	case r.Puzzle == nil:
		fmt.Fprintf(o.stderr, "satdoku: invalid puzzle %d: %v\n", r.Index, r.Err)
	case r.Status == engine.Invalid || r.Status == engine.Failed || r.Status == engine.Undecided:
		fmt.Fprintf(o.stderr, "satdoku: %s: %v\n", where(r), r.Err)
	case r.Status == engine.Timeout && !o.cfg.quiet:
		fmt.Fprintf(o.stderr, "satdoku: %s: timed out after %v\n", where(r), o.cfg.batch.Timeout)
	case r.Fallback != "" && !o.cfg.quiet:
		fmt.Fprintf(o.stderr, "satdoku: %s: solved by the backtracker instead: %s\n", where(r), r.Fallback)
	}
}

// jsonResult is one line of JSON Lines output: the result as the web API
// writes it too (report.Result), where it was read, and the logical
// solver's rating and steps.
type jsonResult struct {
	Index int    `json:"index"`
	File  string `json:"file,omitempty"`
	Line  int    `json:"line,omitempty"`
	report.Result
	// Rating (--rate) and Steps (--steps) are the logical solver's; Logic
	// says why a solved puzzle has none (a rule it does not know).
	Rating *report.Rating `json:"rating,omitempty"`
	Steps  []report.Step  `json:"steps,omitempty"`
	Logic  string         `json:"logic_error,omitempty"`
}

// formatJSON writes one result as a line of JSON into o.buf.
func (o *resultWriter) formatJSON(r *batch.Result) error {
	j := jsonResult{Index: r.Index}
	if r.Name != "-" {
		j.File = r.Name
	}
	if r.Puzzle == nil {
		j.Status = engine.Invalid.String()
		j.Error = r.Err.Error()
		var pe *board.ParseError
		var ie *batch.InputError
		switch {
		case errors.As(r.Err, &pe):
			j.Line = pe.StartLine
		case errors.As(r.Err, &ie):
			j.Line = ie.Line
		}
		return o.encodeJSON(&j)
	}
	p := r.Puzzle
	j.Line = p.Line
	j.Result = report.New(r.Result, report.Options{
		Puzzle: p.Board, Variant: r.Variant, Alphabet: p.Alphabet,
		Counted: o.cfg.batch.Engine.Limit >= 2, Unique: o.cfg.unique, Second: o.cfg.showSecond,
	})
	if lr := o.logicOf(r); lr != nil {
		switch {
		case lr.err != nil:
			j.Logic = lr.err.Error()
			if o.cfg.logic.steps && len(lr.path.Steps) > 0 {
				j.Steps = report.Steps(lr.path) // those found before it was cut short
			}
		default:
			if o.cfg.logic.rate {
				j.Rating = report.NewRating(lr.rating)
			}
			if o.cfg.logic.steps {
				j.Steps = report.Steps(lr.path)
			}
		}
	}
	return o.encodeJSON(&j)
}

func (o *resultWriter) encodeJSON(v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	o.buf.Write(data)
	return o.buf.WriteByte('\n')
}

// summary reports the batch: on stderr with --summary, and as a final
// {"summary":…} object in JSON mode.
func (o *resultWriter) summary(stderr io.Writer, elapsed time.Duration, toStderr bool) {
	t := &o.tally
	if o.cfg.output.json {
		o.buf.Reset()
		o.encodeJSON(map[string]any{"summary": map[string]any{
			"read": t.read, "solved": t.solved, "unique": t.unique, "multiple": t.multiple,
			"no_solution": t.noSolution, "invalid": t.invalid, "timeout": t.timeout,
			"undecided": t.undecided, "error": t.failed, "fallback": t.fallbacks,
			"micros": elapsed.Microseconds(),
		}})
		o.w.Write(o.buf.Bytes())
		o.w.Flush()
	}
	if !toStderr {
		return
	}
	rate := float64(t.read) / elapsed.Seconds()
	fmt.Fprintf(stderr, "satdoku: %s read: %d solved", count(t.read, "puzzle"), t.solved)
	if o.cfg.batch.Engine.Limit >= 2 {
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
	if o.cfg.batch.Engine.Kind == engine.Portfolio {
		fmt.Fprintf(stderr, ", answered by backtrack %d, sat %d", t.byBacktrack, t.bySAT)
	}
	fmt.Fprintf(stderr, " in %v (%.0f puzzles/s)\n", elapsed.Round(time.Millisecond), rate)
}

// conflictHeading introduces a minimal conflict of givens and rules,
// naming only the kinds it holds.
func conflictHeading(givens, rules int) string {
	var parts []string
	if givens > 0 {
		parts = append(parts, count(givens, "given"))
	}
	if rules > 0 {
		parts = append(parts, count(rules, "rule"))
	}
	if givens+rules == 1 {
		return "this " + strings.TrimPrefix(parts[0], "1 ") + " admits no completion on its own:"
	}
	return "these " + strings.Join(parts, " and ") + " admit no completion; without any one of them the rest can be completed:"
}

// count says "1 puzzle", "2 puzzles", "0 puzzles".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
