package fpuzzles

import (
	"reflect"
	"slices"
	"testing"

	"github.com/satdoku/satdoku/variant"
	"github.com/satdoku/satdoku/variant/varianttest"
)

// unwrittenKinds returns the names of the kinds whose sample does not
// come back as a rule of its kind when written as an f-puzzles file
// (writer.rule) and read again (ruleKeys, lineKinds, readEntry): the
// f-puzzles writer's and reader's completeness check, run over the
// registry and over a kind they cannot know.
func unwrittenKinds(kinds []variant.Kind) []string {
	return varianttest.Unhandled(kinds, func(k variant.Kind) bool {
		data, err := Marshal(varianttest.KindPuzzle(k), nil, Options{})
		if err != nil {
			return false
		}
		res, err := Decode(data)
		return err == nil && slices.ContainsFunc(res.Puzzle.Rules, func(r variant.Rule) bool { return reflect.TypeOf(r) == k.Type() })
	})
}

// sighUnhandled returns the names of the kinds that sighKinds does not
// decide about, or whose ISS types are not ISS's (sighTypes) or, for line
// types, do not make a rule of the kind: the Interactive Sudoku Solver
// reader's completeness check.
func sighUnhandled(kinds []variant.Kind) []string {
	return varianttest.Unhandled(kinds, func(k variant.Kind) bool {
		sk, ok := sighKinds[k.Name]
		for _, typ := range sk.types {
			mk := sighLines[typ]
			ok = ok && sighTypes[typ] && (!sk.line || mk != nil && reflect.TypeOf(mk([]int{0, 1, 2})) == k.Type())
		}
		return ok
	})
}

// TestEveryKindWritten walks the registry: every kind is written to an
// f-puzzles file and read back as itself, and a kind that is not
// registered is reported.
func TestEveryKindWritten(t *testing.T) {
	if err := varianttest.Completeness("the f-puzzles writer and reader", unwrittenKinds); err != nil {
		t.Error(err)
	}
}

// TestEveryKindSigh walks the registry: the ISS reader decides about
// every kind, and reports one that is not registered.
func TestEveryKindSigh(t *testing.T) {
	if err := varianttest.Completeness("the ISS reader (sighKinds)", sighUnhandled); err != nil {
		t.Error(err)
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
