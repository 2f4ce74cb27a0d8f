package fallback

import "github.com/satdoku/satdoku/variant"

// CompileVariant exposes compileVariant to the completeness test, which
// lives in package fallback_test because varianttest imports fallback.
func CompileVariant(p *variant.Puzzle) error {
	_, err := compileVariant(p)
	return err
}
