package fallback

import (
	"cmp"
	"context"
	"fmt"

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
// two take turns, each in a goroutine of its own that runs only while the
// other waits, each turn resuming where the last stopped: the fast path
// doubles its nodes every turn, the variant search takes 1/marksShare as
// many (about a fifth of the fast path's time), and the first to finish
// answers. That costs about 1.2 times the fast path alone, or at most
// about 5.5 times the variant search alone where the fast path is
// trapped. Solver.NodeLimit bounds each.
func (s *Solver) solveMarks9(ctx context.Context, p *variant.Puzzle, marks *[81]uint16, limit int) (Result, error) {
	vs, err := newVariantSearch(ctx, p, limit, false)
	if vs == nil {
		return Result{}, err
	}
	vs.nodeLimit = s.NodeLimit
	s.limit, s.res, s.nodes = limit, Result{}, 0
	s.ctx, s.done = ctx, ctx.Done()
	s.stopped, s.over, s.gaveUp = false, false, false
	defer func() { s.res, s.ctx, s.done, s.pause9 = Result{}, nil, nil, nil }()

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
	answer := func(winner string, loser *turns, res Result, stopped, over bool) (Result, error) {
		loser.stop()
		s.marksWinner = winner
		res.Guesses = s.res.Guesses + vs.res.Guesses
		return res, stopErr(ctx, stopped && res.Count < limit, over, s.NodeLimit)
	}
	for {
		if fast.turn() {
			return answer("fast", slow, s.res, s.stopped, s.over)
		}
		s.budget9 += s.nodes
		if slow.turn() {
			return answer("variant", fast, vs.res, vs.stopped, vs.over)
		}
		vs.turnEnd += vs.nodes
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
