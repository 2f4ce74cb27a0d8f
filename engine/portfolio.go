package engine

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/fallback"
	"github.com/satdoku/satdoku/variant"
)

// SATRunner solves one puzzle — v, whose givens are b, or the classic
// board b when v is nil — with the SAT engine (Kind SAT and the other
// options of the Portfolio engine that calls it), somewhere a solve can
// be stopped: when ctx ends it stops the solve and returns, with Status
// Timeout and ctx's error, leaving nothing running. Every solution it
// returns has been verified, as every engine's.
type SATRunner func(ctx context.Context, b *board.Board, v *variant.Puzzle) Result

// DefaultHeadStart is how long the backtracker of Kind Portfolio runs
// alone before the SAT side joins the race, when Options.HeadStart is
// zero. Most puzzles are answered by the
// backtracker within it (every classic 9×9 of the tdoku sets, most
// variant puzzles: see docs/performance.md), and a race that the
// backtracker wins after the SAT side started costs the SAT side's
// process (a kill and a new process, about 25 ms of CPU), so the SAT side
// starts only on the puzzles that last.
const DefaultHeadStart = 10 * time.Millisecond

// portfolio answers q with Kind Portfolio: the backtracker, in this
// process, against the SAT engine (Options.SATRunner, or in this process
// when there is none), the first verified answer winning:
//
//   - a solution (and with Options.Limit ≥ 2 the count, a proof that there
//     is no other beyond it; with Options.Candidates the true candidates)
//     from either engine, each grid checked against every rule;
//   - a proof that there is no solution, from either (with
//     Options.Explain, the SAT side's, which comes with the explanation;
//     the backtracker's only when the SAT side gives none).
//
// A classic board up to 9×9 is the backtracker's alone. Elsewhere the
// backtracker runs alone for Options.HeadStart first, and as soon as it ends
// without an answer. When one side answers, the other is stopped (its
// context cancelled: the backtracker returns within a few hundred search
// nodes, a SATRunner kills its process) and waited for, so that nothing
// is left running when portfolio returns — but for a SAT side in this
// process, which cannot be stopped and is left to end in the background.
// Result.Engine names the side that answered.
func (e *Engine) portfolio(ctx context.Context, q puzzle) Result {
	start := time.Now()
	res := e.race(ctx, q)
	res.Elapsed = time.Since(start)
	return res
}

// raced is one side's answer in a race.
type raced struct {
	res Result
	sat bool
}

func (e *Engine) race(ctx context.Context, q puzzle) Result {
	if err := q.validate(); err != nil {
		if errors.Is(err, board.ErrClash) {
			res := Result{Status: NoSolution, Engine: Portfolio.String(), Settled: true, Confirmed: true}
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
	if (q.v == nil && q.b.Side() <= 9) || fallback.PencilMarks9(q.v) {
		// A classic board up to 9×9: the backtracker alone, on this
		// goroutine. It answers the hardest of the tdoku sets in well
		// under HeadStart, 10–25 times faster than SAT, so the SAT side
		// would never join; a goroutine and a timer per puzzle cost more
		// than the backtracker's solve (docs/performance.md). So does a
		// 9×9 pencil-mark sudoku: the backtracker solves the hard public
		// ones 3–13 times faster than SAT (its fast path and its variant
		// search taking turns), and finds their true candidates the same
		// way (one search beyond two solutions, backtrackCandidates), and a
		// SAT process racing it would only take its CPU on a busy
		// machine. A puzzle with no solution is explained as every
		// engine's is.
		res := e.backtrackSide(ctx, q)
		if res.Status == NoSolution && e.opts.Explain && len(res.Clashes) == 0 {
			cells, rules, err := q.explain(ctx)
			if err != nil {
				res.Err = fmt.Errorf("explaining: %w", err)
			}
			res.Conflict, res.ConflictRules = cells, rules
		}
		return res
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	answers := make(chan raced, 2) // never blocks a side: both may answer
	go func() { answers <- raced{e.backtrackSide(ctx, q), false} }()
	btRunning, satRunning := true, false
	wait := e.opts.HeadStart
	if wait == 0 {
		wait = DefaultHeadStart
	}
	headStart := time.NewTimer(max(wait, 0))
	defer headStart.Stop()
	join := headStart.C
	startSAT := func() {
		join, satRunning = nil, true
		go func() { answers <- raced{e.satSide(ctx, q), true} }()
	}
	// stop cancels the side still running and waits for it, but for a SAT
	// side in this process (see portfolio).
	stop := func() {
		cancel()
		if btRunning || (satRunning && e.opts.SATRunner != nil) {
			<-answers
		}
	}
	var bt, sat *Result
	for btRunning || satRunning {
		select {
		case <-join:
			startSAT()
			continue
		case <-ctx.Done():
			satRunning = satRunning && e.opts.SATRunner != nil // in this process: not waited for
			for _, running := range []bool{btRunning, satRunning} {
				if running {
					<-answers // stopped by ctx: it answers soon
				}
			}
			return Result{Status: Timeout, Engine: Portfolio.String(), Err: ctx.Err()}
		case a := <-answers:
			if a.sat {
				satRunning, sat = false, &a.res
			} else {
				btRunning, bt = false, &a.res
			}
			if e.settles(a) {
				stop()
				return a.res
			}
			if !a.sat && join != nil { // the backtracker gave up: SAT at once
				startSAT()
			}
		}
	}
	switch {
	case bt != nil && bt.Status == NoSolution: // Explain: the SAT side explained nothing
		if sat != nil && sat.Err != nil {
			bt.Err = fmt.Errorf("explaining: %w", sat.Err)
		}
		return *bt
	case sat != nil && sat.Status != Timeout:
		return *sat
	}
	return *bt
}

// settles reports whether a side's answer ends the race: a solution (with
// its candidates, when asked for) or a proof that there is none, which
// with Options.Explain must come from the SAT side unless the givens
// clash.
func (e *Engine) settles(a raced) bool {
	switch a.res.Status {
	case Solved:
		return !e.opts.Candidates || a.res.Candidates != nil
	case NoSolution:
		return a.sat || !e.opts.Explain || len(a.res.Clashes) > 0
	}
	return false
}

// satSide runs the race's SAT side: Options.SATRunner, or the SAT engine
// in this process.
func (e *Engine) satSide(ctx context.Context, q puzzle) Result {
	if e.opts.SATRunner != nil {
		return e.opts.SATRunner(ctx, q.b, q.v)
	}
	return e.satEngine.run(ctx, q)
}

// backtrackSide runs the race's backtracker side: a solve (or a count to
// Options.Limit), and with Options.Candidates the true candidates found by
// the backtracker: the union of the solutions of a puzzle with one or two,
// else by one search, and probing where it runs long (backtrackCandidates).
func (e *Engine) backtrackSide(ctx context.Context, q puzzle) Result {
	sc := e.takeScratch()
	defer e.scratch.Put(sc)
	if !e.opts.Candidates {
		return e.backtrack(ctx, sc, q, e.opts.Limit)
	}
	// Candidates: count to at least 2 first. A puzzle with one solution
	// (most) has that solution as its candidates, and one with two has
	// theirs: no probing.
	limit := max(e.opts.Limit, 2)
	res, guesses := e.backtrackGuesses(ctx, sc, q, limit)
	if res.Status != Solved {
		return res
	}
	var cs []uint64
	var err error
	if res.Count < limit && res.Count <= 2 { // every solution is in hand
		cs = union(res.Solution, res.Second)
	} else {
		budget := max(candidatesBudget, candidatesShare*guesses)
		if fallback.PencilMarks9(q.v) {
			budget = 0 // the 9×9 path's probes would each be a hard solve
		}
		cs, err = backtrackCandidates(ctx, sc.bt, q.variant(), res, budget)
	}
	if !e.counting() {
		res.Count, res.Second = 0, nil
	}
	switch {
	case err != nil && ctx.Err() != nil:
		return Result{Status: Timeout, Engine: res.Engine, Err: fmt.Errorf("true candidates: %w", ctx.Err())}
	case err != nil:
		return Result{Status: Failed, Engine: res.Engine, Err: fmt.Errorf("true candidates: %w", err)}
	}
	res.Candidates = cs
	return res
}

// union returns, for each cell, the set of the digits the grids hold
// there (bit d−1 for digit d); a nil grid holds nothing.
func union(grids ...*board.Board) []uint64 {
	var sets []uint64
	for _, g := range grids {
		if g == nil {
			continue
		}
		if sets == nil {
			sets = make([]uint64, len(g.Cells))
		}
		for i, d := range g.Cells {
			sets[i] |= 1 << (d - 1)
		}
	}
	return sets
}

// backtrackCandidates returns the true candidates of p, which has the
// solutions of res (two at least), found with the backtracker alone.
// Every digit it reports is in a solution it has checked with
// variant.Check (those of res are checked already).
//
// First one search (fallback.Solver.Candidates, Interactive Sudoku
// Solver's way: the digits of every solution found are collected, and a
// subtree whose candidates have all been seen is skipped), which on the
// ambiguous puzzles of the variant corpus takes a tenth to a fifth of the
// time of a probe per cell (and ISS's "Sandwich snipe 18" 0.3 s where the
// probes took 23 s), but can wander among the many solutions of a loose
// puzzle (half the givens of the corpus's windoku: 14 s, the probes
// 0.1 s). So, with budget above zero, it stops after that many nodes
// (backtrackSide gives it candidatesShare times the guesses of the count
// that found res, and no bound for a 9×9 pencil-mark sudoku, searched by
// the 9×9 fast path, whose probes would each be a hard solve), and probes
// go on from the digits it has seen: for each cell that still has a candidate not seen
// (of those the backtracker's propagation and probing leave,
// fallback.PruneVariant), a search for a solution with one of those
// digits there (the cell's pencil marks: a rule of p's own kinds); one it
// finds marks all its digits, none proves the cell's candidates are those
// seen.
func backtrackCandidates(ctx context.Context, bt *fallback.Solver, p *variant.Puzzle, res Result, budget int64) ([]uint64, error) {
	n := p.Side()
	if n > 64 {
		return nil, fmt.Errorf("%w: candidates as 64-bit sets need a side of at most 64", board.ErrShape)
	}
	seen := make([]uint64, n*n)
	mark := func(g *board.Board) {
		for i, d := range g.Cells {
			seen[i] |= 1 << (d - 1)
		}
	}
	mark(res.Solution)
	if res.Second != nil {
		mark(res.Second)
	}
	switch done, err := searchCandidates(ctx, bt, p, seen, budget); {
	case err != nil:
		return nil, err
	case done:
		return seen, nil
	}
	masks, ok, err := fallback.PruneVariant(ctx, p, true)
	switch {
	case err != nil:
		return nil, err
	case !ok:
		return nil, fmt.Errorf("%w: propagation refutes a puzzle the backtracker solved", ErrDisagree)
	}
	probe := *p
	probe.Rules = append(p.Rules[:len(p.Rules):len(p.Rules)], nil)
	marks := make([]int, 0, n)
	for cell := range masks {
		for {
			open := masks[cell] &^ seen[cell]
			if open == 0 {
				break
			}
			marks = marks[:0]
			for d := 1; d <= n; d++ {
				if open&(1<<(d-1)) != 0 {
					marks = append(marks, d)
				}
			}
			probe.Rules[len(probe.Rules)-1] = variant.PencilMarks{Cell: cell, Digits: marks}
			r, err := bt.SolveVariant(ctx, &probe, 1)
			if err != nil {
				return nil, err
			}
			if r.Count == 0 || len(r.Solutions) == 0 {
				masks[cell] = seen[cell]
				break
			}
			if err := variant.Check(p, r.Solutions[0]); err != nil {
				return nil, fmt.Errorf("backtracker solution rejected: %w", err)
			}
			mark(r.Solutions[0])
		}
	}
	return seen, nil
}

// backtrackCandidates' one search stops after as many search nodes as
// candidatesShare times the guesses of the count to two solutions before
// it (a node makes about two guesses), or candidatesBudget nodes if that
// is more: "Sandwich snipe 18" needs 11,544 guesses after 4,834 to count.
// On 41 ambiguous puzzles of the variant corpus (half their givens, or
// with a given or a rule dropped) the search settles 32 within the bound
// and the probes finish 9, among them those where it wanders (windoku, a
// jigsaw and a double arrow puzzle with half their givens, which with a
// fixed bound of 32,768 nodes took 4 to 8 times the probes' time); in all
// 1.1–2.0 s where the probes alone took 22–29 s.
const (
	candidatesShare  = 8
	candidatesBudget = 1 << 12
)

// searchCandidates adds to seen the digits of the solutions of p that
// bt.Candidates visits, each solution that adds a digit checked with
// variant.Check first, and reports whether the search ended: seen then
// holds the true candidates. With budget above zero the search stops
// after that many nodes, and searchCandidates reports false.
func searchCandidates(ctx context.Context, bt *fallback.Solver, p *variant.Puzzle, seen []uint64, budget int64) (bool, error) {
	var bad error
	old := bt.NodeLimit
	bt.NodeLimit = budget
	_, _, err := bt.Candidates(ctx, p, func(g *board.Board) bool {
		news := false
		for i, d := range g.Cells {
			news = news || seen[i]&(1<<(d-1)) == 0
		}
		if !news {
			return true
		}
		if bad = variant.Check(p, g); bad != nil {
			return false
		}
		for i, d := range g.Cells {
			seen[i] |= 1 << (d - 1)
		}
		return true
	})
	bt.NodeLimit = old
	switch {
	case bad != nil:
		return false, fmt.Errorf("backtracker solution rejected: %w", bad)
	case budget > 0 && errors.Is(err, fallback.ErrNodeLimit):
		return false, nil
	case err != nil:
		return false, err
	}
	return true, nil
}
