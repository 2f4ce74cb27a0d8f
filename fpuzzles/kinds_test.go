package fpuzzles

import (
	"reflect"
	"slices"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/variant"
)

// unwrittenKinds returns the names of the kinds whose sample does not
// come back as a rule of its kind when written as an f-puzzles file
// (writer.rule) and read again (ruleKeys, lineKinds, readEntry): the
// f-puzzles writer's and reader's completeness check, run over the
// registry and over a kind they cannot know.
func unwrittenKinds(kinds []variant.Kind) []string {
	var out []string
	for _, k := range kinds {
		p := variant.New(board.Classic)
		p.Rules = []variant.Rule{k.Sample}
		data, err := Marshal(p, nil, Options{})
		if err != nil {
			out = append(out, k.Name)
			continue
		}
		res, err := Decode(data)
		if err != nil || !slices.ContainsFunc(res.Puzzle.Rules, func(r variant.Rule) bool { return reflect.TypeOf(r) == k.Type() }) {
			out = append(out, k.Name)
		}
	}
	return out
}

// sighUnhandled returns the names of the kinds that sighKinds does not
// decide about, or whose ISS types are not ISS's (sighTypes) or, for line
// types, do not make a rule of the kind: the Interactive Sudoku Solver
// reader's completeness check.
func sighUnhandled(kinds []variant.Kind) []string {
	var out []string
	for _, k := range kinds {
		sk, ok := sighKinds[k.Name]
		bad := !ok
		for _, typ := range sk.types {
			if !sighTypes[typ] {
				bad = true
			}
			if mk := sighLines[typ]; sk.line && (mk == nil || reflect.TypeOf(mk([]int{0, 1, 2})) != k.Type()) {
				bad = true
			}
		}
		if bad {
			out = append(out, k.Name)
		}
	}
	return out
}

// unregistered is a rule kind that is not in the registry: a type of
// this test that embeds a rule.
type unregistered struct{ variant.Killer }

var testOnly = variant.Kind{Name: "TestOnly", Keys: []variant.Key{{Name: "killercage"}},
	Sample: unregistered{variant.Killer{Cells: []int{0, 1}, Sum: 3}}}

// TestEveryKindWritten walks the registry: every kind is written to an
// f-puzzles file and read back as itself, and a kind not in the registry
// is reported.
func TestEveryKindWritten(t *testing.T) {
	if missing := unwrittenKinds(variant.Kinds()); len(missing) > 0 {
		t.Errorf("rule kinds the f-puzzles writer or reader does not handle: %v", missing)
	}
	if got := unwrittenKinds(append(variant.Kinds(), testOnly)); !slices.Equal(got, []string{"TestOnly"}) {
		t.Errorf("a kind not in the registry: %v, want [TestOnly]", got)
	}
}

// TestEveryKindSigh walks the registry: the ISS reader decides about
// every kind, and reports one it does not know.
func TestEveryKindSigh(t *testing.T) {
	if missing := sighUnhandled(variant.Kinds()); len(missing) > 0 {
		t.Errorf("rule kinds sighKinds does not decide about: %v", missing)
	}
	if got := sighUnhandled(append(variant.Kinds(), testOnly)); !slices.Equal(got, []string{"TestOnly"}) {
		t.Errorf("a kind not in the registry: %v, want [TestOnly]", got)
	}
	for typ := range sighLines {
		if !sighTypes[typ] {
			t.Errorf("line type %s is not an ISS type", typ)
		}
	}
}

// TestKeysFromRegistry checks the reader's keys against the registry:
// every key of every kind is one the reader takes, in one role only.
func TestKeysFromRegistry(t *testing.T) {
	for _, k := range variant.Kinds() {
		for _, key := range k.Keys {
			roles := 0
			for _, in := range [][]string{globalKeys, ruleKeys, readApart} {
				if slices.Contains(in, key.Name) {
					roles++
				}
			}
			if roles != 1 {
				t.Errorf("key %s of %s has %d roles in the reader", key.Name, k.Name, roles)
			}
		}
	}
}
