package generate

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/variant"
)

// ErrRule reports a rule that the generator's own solver cannot take: only
// houses (rows, columns, regions, diagonals, extra regions, disjoint
// groups), chess-move pairs and nonconsecutive neighbours. The global rules
// of variant.ParseRules are all of these.
var ErrRule = errors.New("rule the generator cannot take")

// maxSide is the largest side the generator's solver holds: a cell's
// candidates are a uint32.
const maxSide = 32

// core is the generator's own search engine: candidate bitmasks, naked and
// hidden singles, and the most constrained cell first. It is neither package
// fallback nor the SAT engine, which both prove each finished puzzle: it is
// the fast inner loop that answers the same question hundreds of times a
// puzzle ("is this still unique?") and draws random solutions. It holds the
// geometry of one puzzle layout (units and pair rules) and scratch space,
// and is not safe for concurrent use.
type core struct {
	n, cells int
	all      uint32
	units    [][]int32 // houses: N cells that hold every digit once
	partial  [][]int32 // sets of fewer cells that hold different digits
	peers    [][]int32 // cells that must differ from the cell
	consec   [][]int32 // cells that may not hold a digit one above or below
	levels   [][]uint32
	queue    []int32
	nodes    int64 // search nodes of the current call
	budget   int64 // the node limit of the current call; 0: none
	ctx      context.Context
	rng      *rand.Rand // non-nil: digits tried in random order
	stopped  error      // why the current call stopped early
	found    int
	limit    int
	first    []uint32 // the first solution of the current call
}

// errBudget stops a search that used up its node budget.
var errBudget = errors.New("search budget used up")

// newCore returns the solver for puzzles of side n with the given regions
// (nil: the boxes of s) and global rules.
func newCore(s board.Shape, regions []int, rules []variant.Rule) (*core, error) {
	n := s.Side()
	if n > maxSide {
		return nil, fmt.Errorf("%w: side %d is over %d", board.ErrShape, n, maxSide)
	}
	k := &core{n: n, cells: n * n, all: uint32(1)<<n - 1}
	p := &variant.Puzzle{Givens: board.New(s), Regions: regions, Rules: rules}
	if err := p.Validate(); err != nil {
		return nil, err
	}
	for _, u := range p.Units() {
		k.addUnit(u)
	}
	peerSet := make([]map[int32]bool, k.cells) // built once a layout; the lists are sorted below
	for i := range peerSet {
		peerSet[i] = map[int32]bool{}
	}
	consecSet := make([]map[int32]bool, k.cells)
	for i := range consecSet {
		consecSet[i] = map[int32]bool{}
	}
	pair := func(set []map[int32]bool, a, b int) {
		if a != b {
			set[a][int32(b)] = true
			set[b][int32(a)] = true
		}
	}
	for _, r := range rules {
		switch r := r.(type) {
		case variant.PositiveDiagonal, variant.NegativeDiagonal, variant.ExtraRegion:
			k.addUnit(r.Scope(p))
		case variant.DisjointGroups:
			for _, g := range r.Groups(p) {
				k.addUnit(g)
			}
		case variant.AntiKnight:
			for _, pr := range r.Pairs(n) {
				pair(peerSet, pr[0], pr[1])
			}
		case variant.AntiKing:
			for _, pr := range r.Pairs(n) {
				pair(peerSet, pr[0], pr[1])
			}
		case variant.Negative:
			if r.Kind != variant.NoDifference || !(len(r.Values) == 0 || len(r.Values) == 1 && r.Values[0] == 1) {
				return nil, fmt.Errorf("%w: %s", ErrRule, r.Describe(n))
			}
			for _, pr := range r.Pairs {
				pair(consecSet, pr[0], pr[1])
			}
		default:
			return nil, fmt.Errorf("%w: %s", ErrRule, r.Describe(n))
		}
	}
	for _, u := range append(append([][]int32{}, k.units...), k.partial...) {
		for _, a := range u {
			for _, b := range u {
				pair(peerSet, int(a), int(b))
			}
		}
	}
	k.peers = sortedLists(peerSet)
	k.consec = sortedLists(consecSet)
	k.queue = make([]int32, 0, k.cells)
	return k, nil
}

// addUnit adds a house; a set of fewer than N cells only makes its cells
// peers (it need not hold every digit).
func (k *core) addUnit(cells []int) {
	u := make([]int32, len(cells))
	for i, c := range cells {
		u[i] = int32(c)
	}
	if len(u) == k.n {
		k.units = append(k.units, u)
		return
	}
	k.partial = append(k.partial, u) // not a full house: peers only
}

func sortedLists(sets []map[int32]bool) [][]int32 {
	out := make([][]int32, len(sets))
	for i, s := range sets {
		l := make([]int32, 0, len(s))
		for c := range s {
			l = append(l, c)
		}
		sortInt32(l)
		out[i] = l
	}
	return out
}

func sortInt32(a []int32) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// clone returns a core of the same layout with scratch space of its own:
// the geometry is shared, read only.
func (k *core) clone() *core {
	c := &core{n: k.n, cells: k.cells, all: k.all, units: k.units, partial: k.partial, peers: k.peers, consec: k.consec}
	c.queue = make([]int32, 0, k.cells)
	return c
}

// level returns the candidate buffer of search depth d.
func (k *core) level(d int) []uint32 {
	for len(k.levels) <= d {
		k.levels = append(k.levels, make([]uint32, k.cells))
	}
	return k.levels[d]
}

// load sets the candidates of depth 0 from givens (0 blank), with the digit
// except (1..N, 0 none) ruled out at cell exceptAt, and queues every cell
// already decided.
func (k *core) load(givens []uint8, exceptAt int, except uint8) []uint32 {
	c := k.level(0)
	k.queue = k.queue[:0]
	for i, d := range givens {
		if d == 0 {
			c[i] = k.all
		} else {
			c[i] = 1 << (d - 1)
		}
	}
	if except != 0 {
		c[exceptAt] &^= 1 << (except - 1)
	}
	for i, m := range c {
		if m&(m-1) == 0 {
			k.queue = append(k.queue, int32(i))
		}
	}
	return c
}

// propagate applies the queued placements and hidden singles to c until
// nothing changes; false means a contradiction.
func (k *core) propagate(c []uint32) bool {
	for {
		for len(k.queue) > 0 {
			x := k.queue[len(k.queue)-1]
			k.queue = k.queue[:len(k.queue)-1]
			m := c[x]
			if m == 0 {
				return false
			}
			for _, p := range k.peers[x] {
				if c[p]&m != 0 {
					c[p] &^= m
					v := c[p]
					if v == 0 {
						return false
					}
					if v&(v-1) == 0 {
						k.queue = append(k.queue, p)
					}
				}
			}
			if near := (m<<1 | m>>1) & k.all; len(k.consec[x]) > 0 {
				for _, p := range k.consec[x] {
					if c[p]&near != 0 {
						c[p] &^= near
						v := c[p]
						if v == 0 {
							return false
						}
						if v&(v-1) == 0 {
							k.queue = append(k.queue, p)
						}
					}
				}
			}
		}
		// Hidden singles: a digit with one place left in a house goes there.
		for _, u := range k.units {
			var once, twice uint32
			for _, x := range u {
				m := c[x]
				twice |= once & m
				once |= m
			}
			if once != k.all {
				return false
			}
			single := once &^ twice
			for single != 0 {
				b := single & -single
				single &^= b
				for _, x := range u {
					if c[x]&b != 0 {
						if c[x] != b {
							c[x] = b
							k.queue = append(k.queue, x)
						}
						break
					}
				}
			}
		}
		if len(k.queue) == 0 {
			return true
		}
	}
}

// search counts the solutions below depth d (whose candidates are
// propagated) up to k.limit; false ends the search (the limit reached, or
// stopped).
func (k *core) search(d int) bool {
	c := k.levels[d]
	best, bestN := -1, 33
	for i, m := range c {
		if m&(m-1) != 0 {
			if pc := bits.OnesCount32(m); pc < bestN {
				best, bestN = i, pc
				if pc == 2 {
					break
				}
			}
		}
	}
	if best < 0 {
		k.found++
		if k.found == 1 {
			k.first = append(k.first[:0], c...)
		}
		return k.found < k.limit
	}
	k.nodes++
	if k.budget > 0 && k.nodes > k.budget {
		k.stopped = errBudget
		return false
	}
	if k.nodes&4095 == 0 && k.ctx != nil {
		if err := k.ctx.Err(); err != nil {
			k.stopped = err
			return false
		}
	}
	var digits [maxSide]uint32
	nd := 0
	for m := c[best]; m != 0; m &= m - 1 {
		digits[nd] = m & -m
		nd++
	}
	if k.rng != nil {
		for i := nd - 1; i > 0; i-- {
			j := k.rng.IntN(i + 1)
			digits[i], digits[j] = digits[j], digits[i]
		}
	}
	next := k.level(d + 1)
	c = k.levels[d] // level may have grown the list
	for _, b := range digits[:nd] {
		copy(next, c)
		next[best] = b
		k.queue = append(k.queue[:0], int32(best))
		if k.propagate(next) && !k.search(d+1) {
			return false
		}
	}
	return true
}

// count counts the solutions of givens, with except ruled out at cell
// exceptAt (except 0: nothing ruled out), up to limit. budget bounds the
// search nodes (0: none; then only ctx bounds it); a search stopped early
// returns the error why.
func (k *core) count(ctx context.Context, givens []uint8, exceptAt int, except uint8, limit int, budget int64) (int, error) {
	k.ctx, k.budget, k.nodes, k.found, k.limit, k.stopped = ctx, budget, 0, 0, limit, nil
	c := k.load(givens, exceptAt, except)
	if !k.propagate(c) {
		return 0, nil
	}
	k.search(0)
	return k.found, k.stopped
}

// decode writes the digits of a solved candidate grid into out.
func decodeInto(out []uint8, c []uint32) {
	for i, m := range c {
		out[i] = uint8(bits.TrailingZeros32(m) + 1)
	}
}

// randomSolution returns a random solution of givens drawn with rng (the
// digits of each branch tried in a random order), or false when there is
// none; a search over budget nodes stops with errBudget.
func (k *core) randomSolution(ctx context.Context, rng *rand.Rand, givens []uint8, budget int64) ([]uint8, bool, error) {
	k.rng = rng
	defer func() { k.rng = nil }()
	n, err := k.count(ctx, givens, 0, 0, 1, budget)
	if err != nil || n == 0 {
		return nil, false, err
	}
	out := make([]uint8, k.cells)
	decodeInto(out, k.first)
	return out, true, nil
}
