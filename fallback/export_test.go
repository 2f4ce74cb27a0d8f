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

// WithoutDerived makes s compile variant puzzles without the sums derived
// from their rules (cageInnies, diagonalInnies, lineOuties, ...), so that
// a test can compare the answers with and without them.
func WithoutDerived(s *Solver) { s.noDerived = true }

// DerivedSums returns the number of propagators the derived sums add to
// p, a valid puzzle (cageInnies, houseCages, diagonalInnies, lineOuties).
func DerivedSums(p *variant.Puzzle) int {
	without, err := compileVariant(p, false)
	if err != nil {
		panic(err)
	}
	with, err := compileVariant(p, true)
	if err != nil {
		panic(err)
	}
	return len(with.props) - len(without.props)
}
