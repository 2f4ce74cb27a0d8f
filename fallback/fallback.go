package fallback

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"sync"

	"github.com/satdoku/satdoku/board"
)

// Result is the outcome of a search.
type Result struct {
	// Count is the number of solutions found, at most the limit passed to Solve.
	Count int
	// Solutions holds the first min(Count, 2) solutions, in the order found.
	Solutions []*board.Board
	// Guesses is the number of branching decisions tried; 0 means the puzzle
	// was settled by propagation alone.
	Guesses int64
}

// Solver holds reusable search buffers. The zero value is not ready: use
// NewSolver. A Solver is not safe for concurrent use; reusing one for many
// puzzles avoids all allocation except the returned solutions.
type Solver struct {
	// NodeLimit, if above zero, bounds the search nodes of each call of
	// Solve, SolveVariant and EachVariant: a search that reaches it stops
	// and returns what it has found with an error matching ErrNodeLimit.
	// Unlike a context's deadline, the bound is the same on any machine
	// under any load, so a test can bound its work with it.
	NodeLimit int64
	// Prefer, when not nil, holds for each cell the digit SolvePart's
	// search tries first in it (0: its own order). A solution of a
	// similar puzzle found before (the deletion trials of one MUS differ
	// by a rule or two) then leads the search to a solution of this one
	// soon, where there is one; it changes no answer.
	Prefer []int

	s9  solver9
	gen map[board.Shape]*genSolver

	// search bookkeeping shared by both paths
	limit   int
	res     Result
	nodes   int64
	done    <-chan struct{}
	stopped bool // the limit was reached or ctx was cancelled
	ctx     context.Context
	over    bool // NodeLimit was reached

	gaveUp  bool  // the 9×9 path exceeded budget9 nodes
	budget9 int64 // the node count at which the 9×9 path gives up, or pauses
	// pause9, if set, is called when the 9×9 path reaches budget9: it
	// waits for its next turn (solveMarks9), raising budget9, and reports
	// false if the search is to give up instead.
	pause9 func() bool
	// marksTurn and marksShare, if set, replace marksBudget and
	// marksShare (tests: turns of a few nodes), and marksWinner says
	// which search answered solveMarks9's last puzzle, "fast" or
	// "variant", with " race" when the two raced (tests).
	marksTurn, marksShare int64
	marksWinner           string
	// marksHead, if set, replaces marksBudget as the nodes the fast path
	// runs alone before the variant search joins a race, and with
	// marksFastWaits the fast path then waits for the variant search to
	// end, and stops (tests).
	marksHead      int64
	marksFastWaits bool
	// collect9, when set, makes the 9×9 path collect the digits of every
	// solution in seen9 (cand masks: bit p of seen9[9b+d] for digit d+1
	// at cell p of band b) and skip a node whose candidates are all in
	// seen9 (Candidates); visit9, if set, is called with each solution
	// and stops the search by returning false (visitStopped).
	collect9     bool
	seen9        [27]uint32
	visit9       func(*board.Board) bool
	visitStopped bool

	forceGeneric bool // tests: use the generic path on 9×9 too
	cellBranch   bool // tests: the 9×9 path branches on cells, not band patterns
	noDerived    bool // tests: variant puzzles get no derived sums (variant_derived.go)
}

// NewSolver returns a Solver ready for use.
func NewSolver() *Solver {
	return &Solver{}
}

// Solve searches for up to limit (≥ 1) solutions of b. Givens that clash
// give Count 0 and a nil error. A board that is not well formed (shape, cell
// count or a digit out of range) gives an error matching board.ErrShape or
// board.ErrDigit. ctx is checked every few hundred search nodes: when it is
// done, Solve returns what it has found so far together with ctx.Err().
func (s *Solver) Solve(ctx context.Context, b *board.Board, limit int) (Result, error) {
	if err := validate(b); err != nil {
		return Result{}, err
	}
	if limit < 1 {
		return Result{}, fmt.Errorf("fallback: limit %d: must be at least 1", limit)
	}
	if ctx == nil {
		ctx = context.Background()
	}
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}
	s.limit = limit
	s.res = Result{}
	s.nodes = 0
	s.ctx = ctx
	s.done = ctx.Done()
	s.stopped, s.over = false, false
	if b.Shape == board.Classic && !s.forceGeneric {
		s.gaveUp = false
		s.budget9 = fastBudget
		s.solve9(b, nil)
		if s.gaveUp {
			// The fast path's fixed branching order can be trapped (a
			// puzzle with no solution and few givens is the classic case):
			// start again on the generic path, whose failure-weighted
			// branching homes in on the conflict.
			guesses := s.res.Guesses
			s.res = Result{Guesses: guesses}
			s.stopped = false
			s.solveGeneric(b)
		}
	} else {
		s.solveGeneric(b)
	}
	res := s.res
	s.res = Result{}
	s.ctx = nil
	s.done = nil
	if s.stopped && res.Count < limit {
		if err := ctx.Err(); err != nil {
			return res, err
		}
		if s.over {
			return res, fmt.Errorf("%w (%d)", ErrNodeLimit, s.NodeLimit)
		}
	}
	return res, nil
}

// ErrNodeLimit is the error of a search stopped by Solver.NodeLimit.
var ErrNodeLimit = errors.New("fallback: node limit reached")

// fastBudget is the number of search nodes after which the 9×9 path hands
// over to the generic one. The hardest puzzles of the public sets need a
// few thousand.
const fastBudget = 1 << 16

// cancelled reports whether the search must stop; it polls ctx once
// every mask+1 calls (mask is 2^k − 1).
func (s *Solver) cancelled(mask int64) bool {
	s.nodes++
	if s.NodeLimit > 0 && s.nodes > s.NodeLimit {
		s.stopped, s.over = true, true
		return true
	}
	if s.nodes&mask != 0 || s.done == nil {
		return false
	}
	select {
	case <-s.done:
		s.stopped = true
		return true
	default:
		return false
	}
}

// validate checks that b is well formed without allocating.
func validate(b *board.Board) error {
	if b == nil {
		return fmt.Errorf("fallback: nil board: %w", board.ErrShape)
	}
	if !b.Shape.Valid() || len(b.Cells) != b.Shape.Cells() {
		return fmt.Errorf("%w: %d cells for a %v board", board.ErrShape, len(b.Cells), b.Shape)
	}
	if b.Shape == board.Classic && digitsUpTo9((*[81]uint8)(b.Cells)) {
		return nil
	}
	n := uint8(b.Shape.Side())
	for i, d := range b.Cells {
		if d > n {
			return fmt.Errorf("%w: %s=%d on a %v board", board.ErrDigit, b.CellName(i), d, b.Shape)
		}
	}
	return nil
}

// digitsUpTo9 reports whether every cell holds 0..9, eight at a time: a
// byte of 10 or more gets its top bit set by adding 0x76, and one of 0x80
// or more has it already.
func digitsUpTo9(cells *[81]uint8) bool {
	var bad uint64
	for i := 0; i < 80; i += 8 {
		x := binary.LittleEndian.Uint64(cells[i : i+8])
		bad |= x + 0x7676767676767676 | x
	}
	return bad&0x8080808080808080 == 0 && cells[80] <= 9
}

// solutionBox holds a solution board, its cells and the slice header space
// for Result.Solutions in one allocation (for 9×9 boards).
type solutionBox struct {
	ptrs  [2]*board.Board
	b     board.Board
	cells [81]uint8
}

// solutionCells counts a new solution and returns the cells to fill with
// it, or nil when two solutions are already kept.
func (s *Solver) solutionCells(shape board.Shape) []uint8 {
	s.res.Count++
	switch len(s.res.Solutions) {
	case 0:
		box := new(solutionBox)
		if shape == board.Classic {
			box.b = board.Board{Shape: shape, Cells: box.cells[:]}
		} else {
			box.b = board.Board{Shape: shape, Cells: make([]uint8, shape.Cells())}
		}
		box.ptrs[0] = &box.b
		s.res.Solutions = box.ptrs[:1:2]
		return box.b.Cells
	case 1:
		b := &board.Board{Shape: shape, Cells: make([]uint8, shape.Cells())}
		s.res.Solutions = append(s.res.Solutions, b)
		return b.Cells
	}
	return nil
}

// limitReached reports whether the search has found enough solutions, and
// if so marks it stopped.
func (s *Solver) limitReached() bool {
	if s.res.Count >= s.limit {
		s.stopped = true
	}
	return s.stopped
}

var pool = sync.Pool{New: func() any { return NewSolver() }}

// Solve returns the first solution of b found, or false if b has none or
// is not a well-formed board.
func Solve(b *board.Board) (*board.Board, bool) {
	s := pool.Get().(*Solver)
	defer pool.Put(s)
	res, err := s.Solve(context.Background(), b, 1)
	if err != nil || res.Count == 0 {
		return nil, false
	}
	return res.Solutions[0], true
}

// Count returns the number of solutions of b, counting no further than
// limit (≥ 1). A board that is not well formed counts 0.
func Count(b *board.Board, limit int) int {
	s := pool.Get().(*Solver)
	defer pool.Put(s)
	res, err := s.Solve(context.Background(), b, limit)
	if err != nil {
		return 0
	}
	return res.Count
}
