package workerproto

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/variant"
	"github.com/satdoku/satdoku/variant/varianttest"
)

// TestVariantRequestRoundTrip sends puzzles with rules of every kind (each
// kind several times, random cells and parameters), with and without
// irregular regions, on several sizes, and reads each back as the very
// same value (reflect.DeepEqual): the worker solves exactly the puzzle
// the parent holds.
func TestVariantRequestRoundTrip(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	seen := map[string]bool{}
	for _, s := range []board.Shape{board.Square(2), {BoxRows: 2, BoxCols: 3}, board.Classic, {BoxRows: 1, BoxCols: 5}, board.Square(4)} {
		for trial := range 4 {
			p := variant.New(s)
			grid := varianttest.Grid(rng, s)
			if s.BoxRows == 1 {
				p.Regions = varianttest.Regions(rng, grid, varianttest.RowRegions(s.Side()), 10)
			} else if trial%2 == 1 {
				p.Regions = varianttest.Regions(rng, grid, p.RegionLabels(), 8)
			}
			for _, kind := range varianttest.Kinds {
				p.Rules = append(p.Rules, varianttest.Clue(rng, p, grid, kind)...)
			}
			for _, kind := range varianttest.Globals {
				p.Rules = append(p.Rules, varianttest.Global(kind, s.Side()))
			}
			for _, c := range rng.Perm(len(grid.Cells))[:trial*3] {
				p.Givens.Cells[c] = grid.Cells[c]
			}
			p.Title, p.Cosmetics = "not sent", []variant.Cosmetic{{Kind: "line"}}
			line, err := AppendVariantRequest(nil, 5, p)
			if err != nil {
				t.Fatalf("%v: %v", s, err)
			}
			if strings.Count(string(line), "\n") != 1 {
				t.Fatalf("request is not one line: %q", line)
			}
			seq, b, got, err := ParseRequest(line)
			if err != nil || seq != 5 || got == nil || b != got.Givens {
				t.Fatalf("%v: seq %d, %v", s, seq, err)
			}
			want := *p
			want.Title, want.Cosmetics = "", nil
			if !reflect.DeepEqual(got, &want) {
				t.Fatalf("%v: round trip changed the puzzle:\n got %+v\nwant %+v", s, got, &want)
			}
			for _, r := range p.Rules {
				seen[reflect.TypeOf(r).Name()] = true
			}
		}
	}
	for _, k := range variant.Kinds() {
		if !seen[k.Name] {
			t.Errorf("rule kind %s never sent", k.Name)
		}
	}
	// Empty regions are not the boxes: they stay empty (and invalid).
	p := variant.New(board.Square(2))
	p.Regions = []int{}
	line, _ := AppendVariantRequest(nil, 1, p)
	if _, _, got, err := ParseRequest(line); err != nil || got.Regions == nil {
		t.Errorf("empty regions: %v %v", got.Regions, err)
	}
}

type otherRule struct{ variant.Killer }

func TestVariantRequestErrors(t *testing.T) {
	t.Parallel()
	p := variant.New(board.Square(2))
	p.Rules = []variant.Rule{otherRule{}}
	if _, err := AppendVariantRequest(nil, 1, p); !errors.Is(err, ErrRuleType) {
		t.Errorf("a rule type of another package: %v", err)
	}
	p.Rules = []variant.Rule{&variant.Killer{Cells: []int{0}, Sum: 1}}
	if _, err := AppendVariantRequest(nil, 1, p); !errors.Is(err, ErrRuleType) {
		t.Errorf("a pointer to a rule: %v", err)
	}
	if _, err := AppendVariantRequest(nil, 1, nil); err == nil {
		t.Error("nil puzzle written")
	}
	for _, bad := range []string{
		"1\t2\t2\t0000000000000000\tnull",
		"1\t2\t2\t0000000000000000\t[]",
		"1\t2\t2\t00000\t{}",
		"1\t2\t2\t000000000000000:\t{}",
		"1\t0\t2\t\t{}",
		"1\t2\t2\t0000000000000000\t" + `{"rules":[{"t":"Nothing","v":{}}]}`,
		"1\t2\t2\t0000000000000000\t" + `{"rules":[{"t":"Killer","v":{"Cells":"x"}}]}`,
		"1\t2\t2\t0000000000000000\t" + `{"rules":[{"t":"Killer","v":{"Extra":1}}]}`,
		"1\t2\t2\t0000000000000000\t" + `{"extra":1}`,
		"1\t2\t2\t0000000000000000\t" + `{} {}`,
		"1\t2\t2\t0000000000000000\t" + `{"regions":[1,`,
		"x\t2\t2\t0000000000000000\t{}",
	} {
		if _, _, _, err := ParseRequest([]byte(bad + "\n")); err == nil {
			t.Errorf("request %q accepted", bad)
		}
	}
}

// uncarried returns the names of the kinds whose sample does not cross
// the protocol as the very same value: the worker protocol's completeness
// check.
func uncarried(kinds []variant.Kind) []string {
	return varianttest.Unhandled(kinds, func(k variant.Kind) bool {
		p := varianttest.KindPuzzle(k)
		line, err := AppendVariantRequest(nil, 1, p)
		if err != nil {
			return false
		}
		_, _, got, err := ParseRequest(line)
		return err == nil && reflect.DeepEqual(got, p)
	})
}

// TestEveryKindCarried walks the registry: every kind crosses the protocol
// as itself, and a kind that is not registered is reported.
func TestEveryKindCarried(t *testing.T) {
	if err := varianttest.Completeness("the worker protocol", uncarried); err != nil {
		t.Error(err)
	}
}
