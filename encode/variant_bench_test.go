package encode_test

import (
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/variant"
)

// benchEncodings are the encodings the benchmarks compare: the default
// (Variant); layered sums written cell by cell, not group by group; no
// killer combination variables; every sum a Sum (none as
// clauses: no relation or table for two or three cells, no layered
// partial sums); and the default formula expanded to clauses (Clausal)
// before gophersat, so that gophersat gets no cardinality constraint or
// Sum at all.
var benchEncodings = []struct {
	name  string
	build func(*variant.Puzzle) (*encode.Formula, error)
}{
	{"default", encode.Variant},
	{"cellsums", encode.VariantCellSums},
	{"nocombos", func(p *variant.Puzzle) (*encode.Formula, error) { return encode.VariantWith(p, 0, true) }},
	{"pbsums", func(p *variant.Puzzle) (*encode.Formula, error) { return encode.VariantWith(p, 32, false) }},
	{"clausal", func(p *variant.Puzzle) (*encode.Formula, error) {
		f, err := encode.Variant(p)
		if err != nil {
			return nil, err
		}
		return f.Clausal(), nil
	}},
}
