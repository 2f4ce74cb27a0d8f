package encode

import "github.com/satdoku/satdoku/variant"

// VariantWith is Variant with the encoder's choices set, for the tests and
// benchmarks that compare them: killerCombos is the most combinations of
// a cage that get a variable each (0: none), smallSums writes sums over
// two or three cells as clauses rather than Sums.
func VariantWith(p *variant.Puzzle, killerCombos int, smallSums bool) (*Formula, error) {
	cfg := defaultVariantConfig
	cfg.killerCombos, cfg.smallSums = killerCombos, smallSums
	return variantFormula(p, cfg)
}

// SandwichListed reports whether the encoding of a sandwich clue of sum on
// a board of side n lists its digit sets (or, with too many, writes a Sum).
func SandwichListed(n, sum int) bool {
	_, ok := sandwichSets(n, sum)
	return ok
}

// VariantCellSums is Variant with every layered sum written cell by cell,
// as before sums went group by group (variantConfig.groupSums).
func VariantCellSums(p *variant.Puzzle) (*Formula, error) {
	cfg := defaultVariantConfig
	cfg.groupSums = false
	return variantFormula(p, cfg)
}
