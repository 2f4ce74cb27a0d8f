package fallback

import "github.com/satdoku/satdoku/variant"

// DiagonalInnies returns the number of sums diagonalInnies adds to p, a
// valid puzzle.
func DiagonalInnies(p *variant.Puzzle) int {
	b := newBuilder(p)
	for _, r := range p.Rules {
		if err := b.rule(r); err != nil {
			panic(err)
		}
	}
	before := len(b.sums)
	b.diagonalInnies()
	return len(b.sums) - before
}
