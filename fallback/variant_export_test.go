package fallback

import (
	"testing"

	"github.com/satdoku/satdoku/internal/variantcorpus"
	"github.com/satdoku/satdoku/variant"
)

// CompileVariant exposes compileVariant to the completeness test, which
// lives in package fallback_test because varianttest imports fallback.
func CompileVariant(p *variant.Puzzle) error {
	_, err := compileVariant(p, true)
	return err
}

// CorpusPuzzles returns the puzzles of the variant corpus, in manifest
// order.
func CorpusPuzzles(tb testing.TB) []*variant.Puzzle {
	var out []*variant.Puzzle
	for _, cp := range variantcorpus.Read(tb) {
		out = append(out, cp.Puzzle)
	}
	return out
}
