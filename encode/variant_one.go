package encode

import (
	"fmt"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/variant"
)

// RuleFormula returns the constraints that Variant writes for rule r of p
// on its own: no cell's exactly-one, no row, column or region, no given
// and none of the sums that several rules imply together, over the public
// numbering (CellVar) with r's auxiliary variables numbered after N³. It
// is a rule instance for explanations (package explain): a step that
// names r relies on these constraints alone. As in Variant, the encoding
// may leave out, or lean on, the distinctness of two of r's cells that
// share a row, column or region of p; a formula of r's alone is then
// weaker than r, never stronger than r and those houses together.
func RuleFormula(p *variant.Puzzle, r variant.Rule) (*Formula, error) {
	if p == nil || p.Givens == nil {
		return nil, fmt.Errorf("%w: no board", variant.ErrInvalid)
	}
	one := &variant.Puzzle{Givens: board.New(p.Givens.Shape), Regions: p.Regions, Rules: []variant.Rule{r}}
	if err := validateVariant(one); err != nil {
		return nil, err
	}
	n := one.Side()
	n3 := NumVars(n)
	cfg := defaultVariantConfig
	cfg.innies = false
	e := &variantEncoder{p: one, n: n, cfg: cfg, f: &Formula{NumVars: n3, Primary: n3}}
	e.labels = one.RegionLabels()
	if err := e.rule(r); err != nil {
		return nil, fmt.Errorf("%s: %w", r.Describe(n), err)
	}
	if err := e.f.Validate(); err != nil {
		return nil, fmt.Errorf("encode.RuleFormula: %w", err)
	}
	return e.f, nil
}
