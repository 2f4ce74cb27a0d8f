package propagate_test

import (
	"fmt"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/propagate"
)

// Each stage removes more candidates of a hard puzzle; this one needs
// probing to be decided without search.
func ExamplePropagator_Run() {
	b, _ := board.Parse("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
	p := propagate.New(b.Shape)
	for _, max := range []propagate.Stage{propagate.StageSingles, propagate.StageSubsets, propagate.StageProbing} {
		p.MaxStage = max
		st, _ := p.Run(b)
		fmt.Printf("up to %-8v decided by %-8v %2d open cells, %3d candidates\n", max, st.Stage, st.Open, st.Candidates)
	}
	// Output:
	// up to singles  decided by search   62 open cells, 271 candidates
	// up to subsets  decided by search   62 open cells, 249 candidates
	// up to probing  decided by probing   0 open cells,   0 candidates
}
