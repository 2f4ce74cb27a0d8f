package fallback

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/internal/variantcorpus"
	"github.com/satdoku/satdoku/variant"
)

// candidateCases returns corpus puzzles made ambiguous, so that cells have
// several true candidates: each puzzle with every second given removed,
// and with its givens and its first rule removed.
func candidateCases(tb testing.TB) []struct {
	name   string
	puzzle *variant.Puzzle
} {
	var out []struct {
		name   string
		puzzle *variant.Puzzle
	}
	for _, cp := range variantcorpus.Read(tb) {
		p := cp.Puzzle
		half := *variantcorpus.Thinned(p, 0)
		bare := half
		bare.Givens = board.New(p.Givens.Shape)
		if len(p.Rules) > 0 {
			bare.Rules = p.Rules[1:]
		}
		out = append(out,
			struct {
				name   string
				puzzle *variant.Puzzle
			}{cp.File, p},
			struct {
				name   string
				puzzle *variant.Puzzle
			}{cp.File + " half givens", &half},
			struct {
				name   string
				puzzle *variant.Puzzle
			}{cp.File + " no givens, first rule dropped", &bare})
	}
	return out
}

// TestCandidatesAgainstEnumeration checks Candidates on the corpus and on
// ambiguous puzzles made from it against the union of every solution,
// enumerated without pruning: each digit reported appears in some
// solution, and each digit left out in none. Puzzles with more than
// maxSolutions solutions (or more search than the node limit) are left
// out; enough with several solutions must remain.
func TestCandidatesAgainstEnumeration(t *testing.T) {
	const maxSolutions = 200
	const nodeLimit = 5000
	checked, ambiguous := 0, 0
	for _, tc := range candidateCases(t) {
		enum := NewSolver()
		enum.NodeLimit = nodeLimit
		union := make([]uint64, tc.puzzle.Givens.Shape.Cells())
		res, err := enum.EachVariant(context.Background(), tc.puzzle, maxSolutions, func(b *board.Board) bool {
			for i, d := range b.Cells {
				union[i] |= 1 << (d - 1)
			}
			return true
		})
		if errors.Is(err, ErrNodeLimit) || res.Count >= maxSolutions {
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		s := NewSolver()
		s.NodeLimit = 10 * nodeLimit // its branching order differs from the enumeration's
		sets, cres, err := s.Candidates(context.Background(), tc.puzzle, func(b *board.Board) bool {
			if err := variant.Check(tc.puzzle, b); err != nil {
				t.Errorf("%s: a solution visited breaks a rule: %v", tc.name, err)
			}
			return true
		})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if res.Count == 0 {
			if sets != nil {
				t.Errorf("%s: no solution, but candidates %v", tc.name, sets)
			}
			continue
		}
		checked++
		if res.Count > 1 {
			ambiguous++
		}
		for i := range union {
			if sets[i] != union[i] {
				t.Errorf("%s: %s has candidates %s, its solutions hold %s", tc.name,
					board.CellName(tc.puzzle.Side(), i), digitsOf(sets[i]), digitsOf(union[i]))
				break
			}
		}
		if cres.Count > res.Count {
			t.Errorf("%s: visited %d solutions of %d", tc.name, cres.Count, res.Count)
		}
	}
	t.Logf("%d puzzles checked, %d with several solutions", checked, ambiguous)
	if ambiguous < 20 {
		t.Fatalf("only %d puzzles with several solutions checked", ambiguous)
	}
}

// digitsOf writes a digit set as its digits.
func digitsOf(m uint64) string {
	s := ""
	for d := 1; m != 0; d, m = d+1, m>>1 {
		if m&1 != 0 {
			s += fmt.Sprint(d, " ")
		}
	}
	return s
}
