package generate_test

import (
	"context"
	"errors"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/generate"
	"github.com/satdoku/satdoku/variant"
)

func TestKillerSmoke(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		c, err := generate.Killer(context.Background(), generate.KillerOptions{Shape: board.Classic, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("seed %d: %d cages, %d givens, %d counts, redundant %v", seed, len(c.Puzzle.Rules), len(c.Added), c.Counts, c.Redundant)
	}
}

func TestCompleteNoSolution(t *testing.T) {
	p := variant.New(board.Classic)
	p.Rules = []variant.Rule{variant.Killer{Cells: []int{0, 1}, Sum: 2}}
	_, err := generate.Complete(context.Background(), p, generate.CompleteOptions{})
	if !errors.Is(err, generate.ErrNoCompletion) {
		t.Fatalf("err = %v", err)
	}
	t.Log(err)
}
