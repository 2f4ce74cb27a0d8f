package engine

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/decode"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/fallback"
	"github.com/satdoku/satdoku/solver"
	"github.com/satdoku/satdoku/variant"
)

// Kind names a way of solving.
type Kind int

// The engines. SAT is the zero Kind; the command line's default is
// Portfolio.
const (
	SAT       Kind = iota // gophersat on the CNF encoding
	Backtrack             // the native backtracker of package fallback
	Both                  // both, compared: a disagreement is an error
	External              // an external DIMACS solver run as a command
	Portfolio             // SAT and the backtracker raced: the first verified answer wins (see Portfolio)
)

var kindNames = [...]string{"sat", "backtrack", "both", "external", "portfolio"}

// String returns the engine's name as the command line spells it.
func (k Kind) String() string {
	if k >= 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// ParseKind returns the engine named s ("sat", "backtrack", "both",
// "external", "portfolio").
func ParseKind(s string) (Kind, error) {
	for i, name := range kindNames {
		if strings.EqualFold(s, name) {
			return Kind(i), nil
		}
	}
	return 0, fmt.Errorf("unknown engine %q (want %s)", s, strings.Join(kindNames[:], ", "))
}

// Options configure an Engine. The zero value solves with SAT and stops at
// the first solution.
type Options struct {
	Kind Kind
	// Limit makes the engine count solutions up to Limit; 0 or 1 stops at
	// the first solution without counting.
	Limit int
	// Explain finds, for a puzzle with no solution, the givens that clash or
	// a minimal set of givens that admits no completion.
	Explain bool
	// SatCmd is the external solver's command line (Kind External), e.g.
	// {"kissat", "-q"}. See External for the {in} and {out} placeholders.
	SatCmd []string
	// Encoding is the CNF handed to an external solver.
	Encoding encode.Options
	// ConfirmBudget bounds the time the backtracker may spend confirming
	// a no-solution answer of the SAT engine or of an external solver on
	// a board larger than 9×9 (see Result.Confirmed); boards up to 9×9 are
	// always confirmed, bounded only by the context. Zero means
	// DefaultConfirmBudget; a negative budget confirms only up to 9×9.
	ConfirmBudget time.Duration
	// Candidates makes Solve and SolvePuzzle also find the true candidates
	// of each puzzle they solve (Result.Candidates), with SAT whatever the
	// Kind (see Engine.Candidates), within the same context: a puzzle
	// whose candidates run out of time is a Timeout, one whose candidates
	// leave out a digit of its solution is Failed with ErrDisagree.
	Candidates bool
	// SATRunner, for Kind Portfolio, runs the race's SAT side where it can
	// be stopped: in a process of its own that is killed when ctx ends
	// (package batch passes one). Nil runs it in this process, where a
	// gophersat solve that loses the race cannot be stopped and ends in
	// the background. It is not part of a worker's configuration.
	SATRunner SATRunner `json:"-"`
	// HeadStart is, for Kind Portfolio, how long the backtracker runs
	// alone before the SAT side joins the race: zero means
	// DefaultHeadStart, a negative value that the two start together.
	HeadStart time.Duration
}

// DefaultConfirmBudget is the confirmation budget when
// Options.ConfirmBudget is zero: a no-solution answer on a large board is
// confirmed if the backtracker can prove it within ten times the time the
// answer took, and at least this long.
const DefaultConfirmBudget = 100 * time.Millisecond

// Status is the outcome for one puzzle.
type Status int

// The outcomes. Their String values are the JSON "status" words.
const (
	Solved     Status = iota // a verified solution was found
	NoSolution               // the puzzle has no solution
	Invalid                  // the puzzle could not be read or is malformed
	Timeout                  // the time allowed for the puzzle ran out
	Undecided                // the solver gave up (an external solver's UNKNOWN)
	Failed                   // the engines disagree, or an external solver failed
)

var statusNames = [...]string{"solved", "no_solution", "invalid", "timeout", "undecided", "error"}

// String returns the status as written in JSON output.
func (s Status) String() string {
	if s >= 0 && int(s) < len(statusNames) {
		return statusNames[s]
	}
	return fmt.Sprintf("Status(%d)", int(s))
}

// Result is what an engine found for one puzzle.
type Result struct {
	Status Status
	// Solution is a verified solution (Status Solved).
	Solution *board.Board
	// Second is a second verified solution, found when counting (Limit ≥ 2).
	Second *board.Board
	// Count is the number of solutions found, at most Limit, when counting.
	Count int
	// Engine is the engine that produced the answer: "sat", "backtrack",
	// "both" or "external"; for Kind Portfolio, the one that won the race
	// ("sat" or "backtrack").
	Engine string
	// Fallback says why the backtracker answered instead of the SAT engine.
	Fallback string
	// Settled reports that propagation alone decided the puzzle, no search.
	Settled bool
	// Stage is, for the SAT engine, the preprocessing step that settled
	// the puzzle, or encode.StageSearch when gophersat's search decided it.
	// For a variant puzzle the one step is the backtracker's propagation
	// and probing that narrows the formula: encode.StageProbing.
	Stage encode.Stage
	// Clashes lists the pairs of givens that break a rule directly.
	Clashes []*board.ClashError
	// Conflict holds the cells (r·N + c) of a minimal set of givens that
	// admits no completion (Explain, and no clash). For a variant puzzle
	// (SolvePuzzle) the set holds givens and rules: ConflictRules.
	Conflict []int
	// ConflictRules holds, for a variant puzzle with Explain and no
	// solution, the indexes into its Rules of the rules of the minimal
	// conflict: those rules and the givens at Conflict admit no
	// completion together, and without any one of them the rest do.
	// ConflictNames names them all.
	ConflictRules []int
	// Confirmed reports, for Status NoSolution, that the answer does not
	// rest on one engine alone: the givens clash (board.Check proves it),
	// or the backtracker agreed with the SAT engine or the external
	// solver. It is false for the backtracker's own answer (Kind
	// Backtrack, or after a fallback) and when the confirmation ran out of
	// budget or time. When the backtracker finds a solution instead, the
	// result is Failed with ErrDisagree, never NoSolution.
	Confirmed bool
	// Candidates holds, with Options.Candidates and Status Solved, the true
	// candidates: for each cell (r·N + c) the set of digits (bit d−1 for
	// digit d) it holds in at least one solution.
	Candidates []uint64
	// Err says what went wrong for Invalid, Timeout, Undecided and Failed.
	Err error
	// Elapsed is the wall time spent on the puzzle.
	Elapsed time.Duration
}

// ErrDisagree reports that the backtracker disagrees with the SAT engine
// or an external solver.
var ErrDisagree = errors.New("engines disagree")

// Engine solves puzzles. It is safe for concurrent use by any number of
// goroutines: its options are fixed at New, and each call to Solve takes
// its own scratch space (the backtracker's buffers, the formula builder,
// the SAT solver's buffers) from a pool, so one Engine serves a whole
// program. gophersat's solves take turns across the process (its
// package-level buffer, see package solver), so several goroutines gain
// from overlapping everything else but not from solving at once; for
// parallel SAT solving use several processes. The zero Engine is ready
// to use and is New(Options{}): the SAT engine, one solution.
type Engine struct {
	opts    Options
	scratch sync.Pool // of *scratch
	// satEngine is, for Kind Portfolio, the SAT engine of the race when
	// there is no Options.SATRunner.
	satEngine *Engine

	// satSolve and satCount replace the SAT path's solver calls when set:
	// tests inject faults and lying answers through them.
	satSolve func(context.Context, *encode.Formula) (solver.Result, error)
	satCount func(context.Context, *encode.Formula, int) ([][]bool, encode.Status, error)
}

// scratch is the per-call working space of Solve.
type scratch struct {
	bt   *fallback.Solver
	fast encode.FastBuilder
	sat  solver.Solver
}

// New returns an Engine with the given options.
func New(o Options) (*Engine, error) {
	if o.Kind < SAT || o.Kind > Portfolio {
		return nil, fmt.Errorf("unknown engine %v", o.Kind)
	}
	if o.Kind == External && len(o.SatCmd) == 0 {
		return nil, errors.New("the external engine needs a solver command")
	}
	if o.Limit < 0 {
		return nil, fmt.Errorf("solution limit %d is negative", o.Limit)
	}
	e := &Engine{opts: o}
	if o.Kind == Portfolio {
		so := o
		so.Kind, so.SATRunner = SAT, nil
		e.satEngine = &Engine{opts: so}
	}
	return e, nil
}

// takeScratch takes a scratch from the pool, or makes one (so that the
// zero Engine works); give it back with e.scratch.Put.
func (e *Engine) takeScratch() *scratch {
	if sc, ok := e.scratch.Get().(*scratch); ok {
		return sc
	}
	return &scratch{bt: fallback.NewSolver()}
}

// Options returns the engine's options.
func (e *Engine) Options() Options { return e.opts }

// counting reports whether the engine counts solutions.
func (e *Engine) counting() bool { return e.opts.Limit >= 2 }

// Solve solves one puzzle. Every solution in the result has passed
// board.Verify against the puzzle. The context bounds the backtracker and
// external solvers; a gophersat solve already running cannot be stopped
// in-process (the CLI enforces timeouts with worker processes). Solve may
// be called from several goroutines at once.
func (e *Engine) Solve(ctx context.Context, p *board.Board) Result {
	return e.run(ctx, puzzle{b: p})
}

// puzzle is what the one pipeline of Solve and SolvePuzzle solves: a
// classic board (v nil: the fast path, with Solve's propagation, formula
// and backtracker) or a variant puzzle whose givens are b. Each step that
// differs between the two asks q which it is; everything else — the
// order of the steps, the fallback, the confirmation, the comparison of
// Both, explaining and candidates — is the same code for both.
type puzzle struct {
	b *board.Board
	v *variant.Puzzle // nil: a classic puzzle
}

// validate returns why q cannot be solved (board.ErrClash for givens that
// clash: a puzzle with no solution).
func (q puzzle) validate() error {
	switch {
	case q.v != nil && q.b == nil:
		return fmt.Errorf("%w: no puzzle", board.ErrShape)
	case q.v != nil:
		return q.v.Validate()
	case q.b == nil:
		return fmt.Errorf("%w: no board", board.ErrShape)
	}
	return q.b.Check()
}

// clashes returns the pairs of givens that clash in a row, a column or a
// box (or region).
func (q puzzle) clashes() []*board.ClashError {
	if q.v == nil {
		return q.b.Clashes()
	}
	return Clashes(q.v)
}

// check is the judge independent of every solver: board.Verify for a
// classic grid, variant.Check (every rule) for a variant one.
func (q puzzle) check(grid *board.Board) error {
	if q.v == nil {
		return board.Verify(q.b, grid)
	}
	return variant.Check(q.v, grid)
}

// decode decodes a model of q's formula and checks the grid.
func (q puzzle) decode(model []bool) (*board.Board, error) {
	if q.v != nil {
		return decode.Variant(q.v, model) // checks the grid with variant.Check
	}
	grid, err := decode.Board(q.b, model)
	if err == nil {
		err = board.Verify(q.b, grid) // decode verifies too; this check is the engine's own
	}
	return grid, err
}

// backtracker solves (or counts up to limit, at least 1) with sc's native
// backtracker: fallback.Solver.Solve, or SolveVariant with its pruning
// per rule.
func (q puzzle) backtracker(ctx context.Context, sc *scratch, limit int) (fallback.Result, error) {
	if q.v == nil {
		return sc.bt.Solve(ctx, q.b, max(limit, 1))
	}
	return sc.bt.SolveVariant(ctx, q.v, max(limit, 1))
}

// explain returns a minimal set of givens (cells) and, for a variant
// puzzle, rules (indexes into its Rules) that admits no completion.
func (q puzzle) explain(ctx context.Context) (cells, rules []int, err error) {
	if q.v == nil {
		cells, err = explain(ctx, q.b)
		return cells, nil, err
	}
	return explainVariant(ctx, q.v)
}

// variant returns q as a variant puzzle (a classic one with no rules).
func (q puzzle) variant() *variant.Puzzle {
	if q.v == nil {
		return &variant.Puzzle{Givens: q.b}
	}
	return q.v
}

// run is the pipeline: solve, then explain a puzzle with no solution and
// find the candidates of a solved one, as the options ask.
func (e *Engine) run(ctx context.Context, q puzzle) Result {
	if e.opts.Kind == Portfolio {
		return e.portfolio(ctx, q)
	}
	start := time.Now()
	sc := e.takeScratch()
	defer e.scratch.Put(sc)
	res := e.solve(ctx, sc, q)
	if res.Status == NoSolution && e.opts.Explain && len(res.Clashes) == 0 {
		cells, rules, err := q.explain(ctx)
		if err != nil {
			res.Err = fmt.Errorf("explaining: %w", err)
		}
		res.Conflict, res.ConflictRules = cells, rules
	}
	if e.opts.Candidates && res.Status == Solved {
		res = e.withCandidates(ctx, res, q.variant())
	}
	res.Elapsed = time.Since(start)
	return res
}

func (e *Engine) solve(ctx context.Context, sc *scratch, q puzzle) Result {
	if err := q.validate(); err != nil {
		if errors.Is(err, board.ErrClash) {
			res := Result{Status: NoSolution, Engine: e.opts.Kind.String(), Settled: true, Confirmed: true}
			if e.opts.Explain {
				res.Clashes = q.clashes()
			}
			return res
		}
		return Result{Status: Invalid, Err: err}
	}
	if err := ctx.Err(); err != nil {
		return Result{Status: Timeout, Err: err}
	}
	switch e.opts.Kind {
	case Backtrack:
		return e.backtrack(ctx, sc, q, e.opts.Limit)
	case Both:
		return e.both(ctx, sc, q)
	case External:
		start := time.Now()
		return e.confirm(ctx, sc, q, e.external(ctx, q), time.Since(start))
	}
	start := time.Now()
	res := e.sat(ctx, sc, q, true)
	return e.confirm(ctx, sc, q, res, time.Since(start))
}

// confirm checks a no-solution answer of the SAT engine or an external
// solver with the backtracker: a classic board up to 9×9 always (the
// classic backtracker's time is bounded there by the board's size), any
// other puzzle within the confirmation budget (see
// Options.ConfirmBudget), took being the time the answer took. If the
// backtracker finds a solution the answer is a disagreement: Failed,
// with ErrDisagree.
func (e *Engine) confirm(ctx context.Context, sc *scratch, q puzzle, res Result, took time.Duration) Result {
	if res.Status != NoSolution || res.Fallback != "" || res.Confirmed {
		return res
	}
	if q.v != nil || q.b.Side() > 9 {
		budget := e.opts.ConfirmBudget
		if budget < 0 {
			return res
		}
		if budget == 0 {
			budget = max(DefaultConfirmBudget, 10*took)
		}
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, budget)
		defer cancel()
	}
	r, err := q.backtracker(ctx, sc, 1)
	switch {
	case err != nil:
		return res // out of budget or time: unconfirmed
	case r.Count == 0:
		res.Confirmed = true
		return res
	}
	detail := "the backtracker found a solution"
	if err := q.check(r.Solutions[0]); err != nil {
		detail = "the backtracker found a grid that fails verification: " + err.Error()
	}
	return Result{Status: Failed, Engine: res.Engine, Settled: res.Settled, Stage: res.Stage,
		Err: fmt.Errorf("%w: %s says no solution, but %s", ErrDisagree, res.Engine, detail)}
}

// sat solves with gophersat, falling back to the backtracker when gophersat
// fails or hands back a model that does not decode to a checked grid. A
// classic board's formula is encode.FastBuilder's (propagated first); a
// variant puzzle's is encode.Variant's, with narrow narrowed first by the
// backtracker's propagation (see narrowedFormula).
func (e *Engine) sat(ctx context.Context, sc *scratch, q puzzle, narrow bool) Result {
	if q.v == nil {
		f, stats, err := sc.fast.Build(q.b)
		if err != nil {
			return Result{Status: Invalid, Err: err}
		}
		return e.satAnswer(ctx, sc, q, f, Result{Engine: "sat", Settled: stats.Settled, Stage: stats.Stage})
	}
	f, stage, err := narrowedFormula(ctx, q.v, narrow)
	if err != nil {
		return Result{Status: Invalid, Engine: "sat", Err: err}
	}
	return e.satAnswer(ctx, sc, q, f, Result{Engine: "sat", Stage: stage, Settled: stage != encode.StageSearch})
}

// satAnswer solves (or counts) f, the formula of q, with gophersat and
// makes res the answer: each model decoded and checked by q.decode, the
// same grid twice refused; on an error, a model q.decode rejects, or an
// answer other than SAT or UNSAT, it answers with fallBack(reason). A
// variant puzzle's res is settled when a single solve needed no decision
// and no conflict (a classic board's propagation has said already).
func (e *Engine) satAnswer(ctx context.Context, sc *scratch, q puzzle, f *encode.Formula, res Result) Result {
	var models [][]bool
	var status encode.Status
	var err error
	switch {
	case e.counting() && e.satCount != nil:
		models, status, err = e.satCount(ctx, f, e.opts.Limit)
	case e.counting():
		models, status, err = sc.sat.Count(ctx, f, e.opts.Limit)
	default:
		var r solver.Result
		if e.satSolve != nil {
			r, err = e.satSolve(ctx, f)
		} else {
			r, err = sc.sat.Solve(ctx, f)
		}
		status = r.Status
		if q.v != nil {
			res.Settled = err == nil && r.Decisions == 0 && r.Conflicts == 0
		}
		if r.Status == encode.Sat {
			models = [][]bool{r.Model}
		}
	}
	if err != nil {
		if ctx.Err() != nil {
			return Result{Status: Timeout, Engine: "sat", Err: ctx.Err()}
		}
		return e.fallBack(ctx, sc, q, "gophersat: "+err.Error())
	}
	if len(models) == 0 {
		if status == encode.Unsat {
			res.Status = NoSolution
			return res
		}
		return e.fallBack(ctx, sc, q, "gophersat answered "+status.String())
	}
	grids, why := gridsOf(models, q.decode)
	if why != "" {
		return e.fallBack(ctx, sc, q, why)
	}
	return e.solvedWith(res, grids)
}

// gridsOf decodes gophersat's models with decode (which also checks each
// grid); it returns the grids, or why they cannot be trusted: a model
// decode rejects, or the same grid twice (the count would be wrong).
func gridsOf(models [][]bool, decode func([]bool) (*board.Board, error)) ([]*board.Board, string) {
	grids := make([]*board.Board, 0, len(models))
	for i, m := range models {
		grid, err := decode(m)
		if err != nil {
			return nil, fmt.Sprintf("gophersat model %d rejected: %v", i+1, err)
		}
		for j, g := range grids {
			if g.Equal(grid) {
				return nil, fmt.Sprintf("gophersat returned the same solution twice (models %d and %d)", j+1, i+1)
			}
		}
		grids = append(grids, grid)
	}
	return grids, ""
}

// solvedWith completes res from the SAT path's grids (at least one).
func (e *Engine) solvedWith(res Result, grids []*board.Board) Result {
	res.Status = Solved
	res.Solution = grids[0]
	if len(grids) > 1 {
		res.Second = grids[1]
	}
	if e.counting() {
		res.Count = len(grids)
	}
	return res
}

// fallBack answers with the backtracker after the SAT path failed.
func (e *Engine) fallBack(ctx context.Context, sc *scratch, q puzzle, reason string) Result {
	res := e.backtrack(ctx, sc, q, e.opts.Limit)
	res.Fallback = reason
	return res
}

// backtrack solves (or counts up to limit) with the native backtracker,
// each solution checked by q.check (the judge independent of the solver).
func (e *Engine) backtrack(ctx context.Context, sc *scratch, q puzzle, limit int) Result {
	res, _ := e.backtrackGuesses(ctx, sc, q, limit)
	return res
}

// backtrackGuesses is backtrack that also returns the backtracker's
// guesses (fallback.Result.Guesses).
func (e *Engine) backtrackGuesses(ctx context.Context, sc *scratch, q puzzle, limit int) (Result, int64) {
	r, err := q.backtracker(ctx, sc, limit)
	res := Result{Engine: "backtrack", Settled: r.Guesses == 0}
	if err != nil {
		if ctx.Err() != nil {
			return Result{Status: Timeout, Engine: "backtrack", Err: err}, r.Guesses
		}
		return Result{Status: Invalid, Engine: "backtrack", Err: err}, r.Guesses
	}
	for i, s := range r.Solutions {
		if err := q.check(s); err != nil {
			return Result{Status: Failed, Engine: "backtrack", Err: fmt.Errorf("backtracker solution %d rejected: %w", i+1, err)}, r.Guesses
		}
	}
	if r.Count == 0 || len(r.Solutions) == 0 {
		res.Status = NoSolution
		return res, r.Guesses
	}
	res.Status = Solved
	res.Solution = r.Solutions[0]
	if len(r.Solutions) > 1 {
		res.Second = r.Solutions[1]
	}
	if limit >= 2 {
		res.Count = r.Count
	}
	return res, r.Guesses
}

// both solves with the SAT engine and the backtracker and compares them.
// The backtracker always counts to at least 2, so that for a puzzle with
// one solution the two grids can be required to be identical. SAT's
// formula of a variant puzzle is not narrowed here, so that the two
// engines share no reasoning; the two run at once (see together), a
// classic board's one after the other.
func (e *Engine) both(ctx context.Context, sc *scratch, q puzzle) Result {
	limit := max(e.opts.Limit, 2)
	if q.v == nil {
		s := e.sat(ctx, sc, q, false)
		b := e.backtrack(ctx, sc, q, limit)
		return e.compare(q.b, s, b)
	}
	s, b := e.together(sc,
		func(sc *scratch) Result { return e.sat(ctx, sc, q, false) },
		func(sc *scratch) Result { return e.backtrack(ctx, sc, q, limit) })
	return e.compare(q.b, s, b)
}

// together runs the SAT engine's solve and the backtracker's at once (for
// a variant puzzle; see SolvePuzzle), the backtracker with a scratch of
// its own (the SAT path may fall back to sc's): Both then takes as long as
// the slower engine, not as long as the two. Classic puzzles, solved in
// microseconds, run one engine after the other: a goroutine each would
// cost a batch of them two fifths of its speed.
func (e *Engine) together(sc *scratch, sat, backtrack func(*scratch) Result) (s, b Result) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		own := e.takeScratch()
		defer e.scratch.Put(own)
		b = backtrack(own)
	}()
	s = sat(sc)
	<-done
	return s, b
}

// compare returns the answer of Both from the SAT engine's answer s and
// the backtracker's b (counted to at least 2) for the puzzle whose givens
// are p.
func (e *Engine) compare(p *board.Board, s, b Result) Result {
	res := s
	res.Engine = "both"
	disagree := func(format string, args ...any) Result {
		return Result{Status: Failed, Engine: "both", Fallback: s.Fallback,
			Err: fmt.Errorf("%w: "+format, append([]any{ErrDisagree}, args...)...)}
	}
	switch {
	case s.Status == Timeout:
		return Result{Status: Timeout, Engine: "both", Err: s.Err}
	case b.Status == Timeout:
		return Result{Status: Timeout, Engine: "both", Err: b.Err}
	case s.Status != b.Status:
		return disagree("sat says %v, backtrack says %v", s.Status, b.Status)
	case s.Status == NoSolution:
		res.Confirmed = s.Fallback == "" // the backtracker agrees
		return res
	case s.Status != Solved:
		return res
	case e.counting() && s.Count != b.Count:
		return disagree("sat counts %d solutions, backtrack %d", s.Count, b.Count)
	case b.Count == 1 && !s.Solution.Equal(b.Solution):
		return disagree("different grids for a puzzle with one solution (cells %s)", cellList(p, board.Diff(s.Solution, b.Solution)))
	}
	return res
}

func cellList(p *board.Board, cells []int) string {
	names := make([]string, len(cells))
	for i, c := range cells {
		names[i] = p.CellName(c)
	}
	return strings.Join(names, " ")
}

// GivenNames returns the puzzle's givens at the given cells in rRcC=D
// notation, 1-based, in cell order.
func GivenNames(p *board.Board, cells []int) []string {
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = fmt.Sprintf("%s=%d", p.CellName(c), p.Cells[c])
	}
	return out
}
