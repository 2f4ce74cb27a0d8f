package fallback

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"math/bits"
	"runtime"
	"slices"
	"sync/atomic"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/variant"
)

// PencilMarks9 reports whether p is a pencil-mark sudoku: a 9×9 puzzle
// with the usual boxes whose only rules are given pencil marks, which
// SolveVariant solves as a classic board with candidates.
func PencilMarks9(p *variant.Puzzle) bool { return marks9(p) != nil }

// marks9 returns the marks of a pencil-mark sudoku: a 9×9 puzzle with
// the usual boxes whose only rules are given pencil marks, each cell's
// digits as bits (d−1 for digit d). It returns nil for any other puzzle.
func marks9(p *variant.Puzzle) *[81]uint16 {
	if p == nil || p.Givens == nil || p.Givens.Shape != board.Classic || p.Regions != nil || len(p.Rules) == 0 {
		return nil
	}
	var marks [81]uint16
	for c := range marks {
		marks[c] = low9
	}
	for _, r := range p.Rules {
		pm, ok := r.(variant.PencilMarks)
		if !ok || pm.Cell < 0 || pm.Cell >= len(marks) {
			return nil
		}
		var m uint16
		for _, d := range pm.Digits {
			if d >= 1 && d <= 9 {
				m |= 1 << (d - 1)
			}
		}
		marks[pm.Cell] &= m
	}
	return &marks
}

// solveMarks9 is SolveVariant for a pencil-mark sudoku (marks9). Its
// only rules are candidates, so the 9×9 fast path solves it, its nodes
// about seven times cheaper than the variant search's, in a fifth to a
// half of the time on the hard pencil-mark sets (t-dillon's, which ISS
// collects); but the fast path's fixed branching order can be trapped
// where the variant search's failure-weighted one is not (Solve). So the
// two take turns (marksTurns).
func (s *Solver) solveMarks9(ctx context.Context, p *variant.Puzzle, marks *[81]uint16, limit int) (Result, error) {
	res, _, err := s.marksTurns(ctx, p, marks, limit, nil)
	return res, err
}

// candidatesMarks9 is Candidates for a pencil-mark sudoku (marks9): the
// fast path and the variant search, in turns, each collecting the digits
// of the solutions it finds and skipping what holds only digits seen (by
// either: the two share what they have seen at each turn).
func (s *Solver) candidatesMarks9(ctx context.Context, p *variant.Puzzle, marks *[81]uint16, visit func(*board.Board) bool) ([]uint64, Result, error) {
	if visit == nil {
		visit = func(*board.Board) bool { return true }
	}
	res, sets, err := s.marksTurns(ctx, p, marks, math.MaxInt, visit)
	if res.Count == 0 {
		sets = nil
	}
	return sets, res, err
}

// marksTurns runs the 9×9 fast path and the variant search on a
// pencil-mark sudoku in turns, each in a goroutine of its own that runs
// only while the other waits, each turn resuming where the last stopped:
// the fast path doubles its nodes every turn, the variant search takes
// 1/marksShare as many (about a fifth of the fast path's time), and the
// first to finish answers. That costs about 1.2 times the fast path
// alone, or at most about 5.5 times the variant search alone where the
// fast path is trapped. Solver.NodeLimit bounds each.
//
// With visit not nil the two collect true candidates (Candidates) and
// call visit with each solution; marksTurns then returns the digits seen
// in the solutions of both, cell by cell, and a Result whose Count adds
// both searches' solutions (one found by both counts twice) and whose
// Solutions are the first two of the winner's and then the loser's.
// Without visit it returns the winner's Result and nil sets. For a first
// solution (limit 1), with the default turns, where two threads can run
// at once (GOMAXPROCS) and with no other search of this package running
// in the process (a batch's other solvers would leave no thread spare),
// the two race instead (marksRace).
func (s *Solver) marksTurns(ctx context.Context, p *variant.Puzzle, marks *[81]uint16, limit int, visit func(*board.Board) bool) (Result, []uint64, error) {
	vs, err := newVariantSearch(ctx, p, limit, false)
	if vs == nil {
		return Result{}, nil, err
	}
	collect := visit != nil
	vs.nodeLimit = s.NodeLimit
	s.limit, s.res, s.nodes = limit, Result{}, 0
	s.ctx, s.done = ctx, ctx.Done()
	s.stopped, s.over, s.gaveUp, s.visitStopped = false, false, false, false
	s.collect9, s.seen9, s.visit9 = collect, [27]uint32{}, visit
	if collect {
		vs.visit = visit
		vs.solSeen = make([]uint64, vs.ncell)
	}
	defer func() {
		s.res, s.ctx, s.done, s.pause9 = Result{}, nil, nil, nil
		s.collect9, s.visit9 = false, nil
	}()

	if limit == 1 && !collect && s.marksTurn == 0 && runtime.GOMAXPROCS(0) >= 2 && searches.Load() <= 1 {
		return s.marksRace(ctx, p, marks, vs, limit)
	}
	turn, share := cmp.Or(s.marksTurn, marksBudget), cmp.Or(s.marksShare, marksShare)
	fast, slow := newTurns(), newTurns()
	s.budget9 = turn
	s.pause9 = fast.pause
	vs.turnEnd = max(turn/share, 1)
	vs.pause = slow.pause
	go fast.run(func() { s.solve9(p.Givens, marks) })
	go slow.run(func() {
		if vs.start() {
			vs.search(0)
		}
	})
	// answer ends the turns: winner's result, with the loser's guesses
	// added, once the loser is stopped.
	answer := func(winner string, loser *turns, res, other Result, stopped, over, visitStopped bool) (Result, []uint64, error) {
		loser.stop()
		s.marksWinner = winner
		res.Guesses = s.res.Guesses + vs.res.Guesses
		if !collect {
			return res, nil, stopErr(ctx, stopped && res.Count < limit, over, s.NodeLimit)
		}
		s.shareSeen(vs.solSeen, true)
		res.Count += other.Count
		for _, b := range other.Solutions {
			if len(res.Solutions) < 2 && !slices.ContainsFunc(res.Solutions, b.Equal) {
				res.Solutions = append(res.Solutions, b)
			}
		}
		switch {
		case visitStopped:
			err = ErrStopped
		case stopped:
			err = stopErr(ctx, true, over, s.NodeLimit)
		}
		return res, vs.solSeen, err
	}
	for {
		if collect {
			s.shareSeen(vs.solSeen, false)
		}
		if fast.turn() {
			return answer("fast", slow, s.res, vs.res, s.stopped, s.over, s.visitStopped)
		}
		s.budget9 += s.nodes
		if collect {
			s.shareSeen(vs.solSeen, true)
		}
		if slow.turn() {
			return answer("variant", fast, vs.res, s.res, vs.stopped, vs.over, vs.visitStopped)
		}
		vs.turnEnd += vs.nodes
	}
}

// marksRace is marksTurns for a first solution where two threads can run
// at once: after the fast path's first turn alone, the fast path and the
// variant search run side by side, and the first to finish answers, the
// other stopped. A first solution is the luck of the search order, and
// where one search is trapped, the answer takes the other's time alone
// rather than the turns' share of it: on HARD_PENCILMARKS #6 of
// Interactive Sudoku Solver, the fast path takes 25 s, the variant search
// 8.1 s, and the turns 27.8 s. Elsewhere the two running at once slow
// each other down a little (HARD_PENCILMARKS #3: 0.54 → 0.59–0.65 s, the
// fast path answering either way); a count, which the fast path almost
// always finishes first, keeps the turns.
func (s *Solver) marksRace(ctx context.Context, p *variant.Puzzle, marks *[81]uint16, vs *vsolver, limit int) (Result, []uint64, error) {
	// The fast path runs alone for its first turn, which settles most
	// puzzles, as in the turns; the variant search joins it after.
	var stop atomic.Bool
	joined := make(chan struct{})
	fastDone, slowDone := make(chan struct{}), make(chan struct{})
	head := cmp.Or(s.marksHead, marksBudget)
	s.budget9 = head
	s.pause9 = func() bool {
		if s.budget9 == head {
			close(joined)
			if s.marksFastWaits {
				<-slowDone
				return false
			}
		}
		s.budget9 = s.nodes + marksRaceCheck
		return !stop.Load()
	}
	vs.turnEnd = marksRaceCheck / marksShare
	vs.pause = func() bool {
		vs.turnEnd = vs.nodes + marksRaceCheck/marksShare
		return !stop.Load()
	}
	searched := false // the variant search ran (set before slowDone is closed)
	go func() {
		defer close(fastDone)
		s.solve9(p.Givens, marks)
	}()
	go func() {
		defer close(slowDone)
		select {
		case <-joined:
		case <-fastDone:
			return
		}
		searched = true
		if vs.start() {
			vs.search(0)
		}
	}()
	var res Result
	var stopped, over bool
	select {
	case <-fastDone:
	case <-slowDone:
	}
	select {
	case <-slowDone:
		if searched {
			stop.Store(true)
			<-fastDone
			s.marksWinner = "variant race"
			res, stopped, over = vs.res, vs.stopped, vs.over
			break
		}
		<-fastDone
		s.marksWinner = "fast race"
		res, stopped, over = s.res, s.stopped, s.over
	default:
		stop.Store(true)
		<-slowDone
		s.marksWinner = "fast race"
		res, stopped, over = s.res, s.stopped, s.over
	}
	res.Guesses = s.res.Guesses + vs.res.Guesses
	return res, nil, stopErr(ctx, stopped && res.Count < limit, over, s.NodeLimit)
}

// searches counts the searches of SolveVariant, EachVariant and
// Candidates running in this process.
var searches atomic.Int32

// searching counts a search in searches until the function it returns is
// called.
func searching() func() {
	searches.Add(1)
	return func() { searches.Add(-1) }
}

// marksRaceCheck is how often, in nodes of the fast path, the searches of
// marksRace look whether the other has finished (about a millisecond).
const marksRaceCheck = 1 << 12

// shareSeen adds the digits the fast path has seen in solutions (seen9)
// to cells (a digit set per cell, as the variant search's solSeen) when
// toCells, else those of cells to seen9.
func (s *Solver) shareSeen(cells []uint64, toCells bool) {
	for i := range s.seen9 {
		base, d := 27*(i/9), i%9
		if toCells {
			for m := s.seen9[i]; m != 0; m &= m - 1 {
				cells[base+bits.TrailingZeros32(m)] |= 1 << d
			}
			continue
		}
		var m uint32
		for p, c := range cells[base : base+27] {
			m |= uint32(c>>d&1) << p
		}
		s.seen9[i] |= m
	}
}

// turns runs a search in a goroutine a turn at a time: the search calls
// pause when its turn is up, and the caller, turn to give it the next
// one, or stop to end it.
type turns struct {
	resume chan bool     // to the search: go on (true) or stop (false)
	yield  chan struct{} // from the search: its turn is up
	done   chan struct{} // closed when the search has returned
}

func newTurns() *turns {
	return &turns{resume: make(chan bool), yield: make(chan struct{}), done: make(chan struct{})}
}

// run runs search when its first turn comes, unless it is stopped first.
func (t *turns) run(search func()) {
	defer close(t.done)
	if <-t.resume {
		search()
	}
}

// pause is called by the search: it hands back control and reports
// whether to go on.
func (t *turns) pause() bool {
	t.yield <- struct{}{}
	return <-t.resume
}

// turn lets the search run until it pauses (false) or returns (true).
func (t *turns) turn() (finished bool) {
	t.resume <- true
	select {
	case <-t.yield:
		return false
	case <-t.done:
		return true
	}
}

// stop ends the search, paused or not yet started, and waits for it.
func (t *turns) stop() {
	select {
	case t.resume <- false:
	case <-t.done:
	}
	<-t.done
}

// stopErr is the error of a search that stopped short of its limit of
// solutions (short): ctx's, or ErrNodeLimit when over limit nodes.
func stopErr(ctx context.Context, short, over bool, limit int64) error {
	if !short {
		return nil
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if over {
		return fmt.Errorf("%w (%d)", ErrNodeLimit, limit)
	}
	return nil
}

// marksBudget is the fast path's first turn on a pencil-mark sudoku, in
// nodes, and 1/marksShare of it the variant search's (solveMarks9).
const (
	marksBudget = 1 << 16
	marksShare  = 32
)
