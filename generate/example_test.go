package generate_test

import (
	"context"
	"fmt"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/fallback"
	"github.com/satdoku/satdoku/generate"
	"github.com/satdoku/satdoku/variant"
)

// Example makes a minimal 4×4 puzzle whose givens are symmetric under a
// half turn. The puzzle printed is tied to the algorithm and the seed (see
// TestGenerateGolden); its properties are not.
func Example() {
	g, err := generate.New(generate.Options{Shape: board.Square(2), Symmetry: generate.Rotate180}, 1)
	if err != nil {
		panic(err)
	}
	p, err := g.Generate(context.Background(), 1)
	if err != nil {
		panic(err)
	}
	fmt.Println(string(board.AppendLine(nil, p.Puzzle.Givens, board.Default)))
	fmt.Println("givens:", p.Givens)
	fmt.Println("solutions:", fallback.Count(p.Puzzle.Givens, 2))
	fmt.Println("symmetric:", generate.Rotate180.Holds(p.Puzzle.Givens.Cells, 4))
	// Output:
	// .1...3....3...2.
	// givens: 4
	// solutions: 1
	// symmetric: true
}

// ExampleComplete adds givens to an empty 4×4 layout until it is unique.
func ExampleComplete() {
	layout := variant.New(board.Square(2))
	c, err := generate.Complete(context.Background(), layout, generate.CompleteOptions{Seed: 1})
	if err != nil {
		panic(err)
	}
	fmt.Println("added:", len(c.Added), "solutions:", fallback.Count(c.Puzzle.Givens, 2))
	// Output:
	// added: 4 solutions: 1
}
