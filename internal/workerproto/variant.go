package workerproto

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/variant"
)

// ruleTypes are the rule types of package variant (variant.Kinds), by
// their Go name: a rule crosses the protocol as its type's name and its
// value as JSON, and comes back as the same value (every rule type is
// plain data: exported fields of ints, slices and small structs).
var ruleTypes = func() map[string]reflect.Type {
	m := map[string]reflect.Type{}
	for _, k := range variant.Kinds() {
		m[k.Name] = k.Type()
	}
	return m
}()

// ErrRuleType reports a rule whose type the protocol does not carry: not
// one of package variant's (no engine knows such a rule either).
var ErrRuleType = errors.New("rule type not carried by the worker protocol")

// wirePuzzle is a variant puzzle's RULES field: what it adds to the
// board of the request's other fields.
type wirePuzzle struct {
	Regions []int      `json:"regions"`
	Rules   []wireRule `json:"rules,omitempty"`
}

type wireRule struct {
	Type  string          `json:"t"`
	Value json.RawMessage `json:"v"`
}

// appendVariant appends the JSON of p's regions and rules (not its givens,
// which the request's other fields carry, nor its cosmetics or metadata,
// which solving does not need) to dst.
func appendVariant(dst []byte, p *variant.Puzzle) ([]byte, error) {
	w := wirePuzzle{Regions: p.Regions}
	for i, r := range p.Rules {
		t := reflect.TypeOf(r)
		if t == nil || ruleTypes[t.Name()] != t {
			return nil, fmt.Errorf("%w: rule %d is a %v", ErrRuleType, i+1, t)
		}
		v, err := json.Marshal(r)
		if err != nil {
			return nil, fmt.Errorf("rule %d: %w", i+1, err)
		}
		w.Rules = append(w.Rules, wireRule{t.Name(), v})
	}
	js, err := json.Marshal(w)
	if err != nil {
		return nil, err
	}
	return append(dst, js...), nil
}

// parseVariant reads the JSON of a variant puzzle's regions and rules on
// the givens b. Nothing is validated but the JSON and the rule types.
func parseVariant(b *board.Board, data []byte) (*variant.Puzzle, error) {
	var w wirePuzzle
	if data[0] != '{' {
		return nil, errors.New("variant puzzle: not a JSON object")
	}
	d := json.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields()
	if err := d.Decode(&w); err != nil {
		return nil, fmt.Errorf("variant puzzle: %w", err)
	}
	if d.More() {
		return nil, errors.New("variant puzzle: data after the JSON")
	}
	p := &variant.Puzzle{Givens: b, Regions: w.Regions}
	for i, wr := range w.Rules {
		t, ok := ruleTypes[wr.Type]
		if !ok {
			return nil, fmt.Errorf("%w: rule %d is a %q", ErrRuleType, i+1, wr.Type)
		}
		v := reflect.New(t)
		d := json.NewDecoder(bytes.NewReader(wr.Value))
		d.DisallowUnknownFields()
		if err := d.Decode(v.Interface()); err != nil {
			return nil, fmt.Errorf("rule %d (%s): %w", i+1, wr.Type, err)
		}
		p.Rules = append(p.Rules, v.Elem().Interface().(variant.Rule))
	}
	return p, nil
}
