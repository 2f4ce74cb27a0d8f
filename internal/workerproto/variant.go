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

// ruleTypes are the rule types of package variant, by their Go name: a
// rule crosses the protocol as its type's name and its value as JSON,
// and comes back as the same value (every rule type is plain data:
// exported fields of ints, slices and small structs).
var ruleTypes = map[string]reflect.Type{}

func init() {
	for _, r := range []variant.Rule{
		variant.PositiveDiagonal{}, variant.NegativeDiagonal{}, variant.AntiKnight{}, variant.AntiKing{},
		variant.DisjointGroups{}, variant.ExtraRegion{}, variant.Negative{},
		variant.Odd{}, variant.Even{}, variant.PencilMarks{}, variant.Minimum{}, variant.Maximum{},
		variant.Thermometer{}, variant.Arrow{}, variant.DoubleArrow{}, variant.Palindrome{}, variant.Renban{},
		variant.Whispers{}, variant.BetweenLine{}, variant.RegionSumLine{}, variant.EntropicLine{},
		variant.ModularLine{}, variant.ZipperLine{}, variant.Nabner{},
		variant.Killer{}, variant.DigitalRootCage{}, variant.LittleKiller{},
		variant.Difference{}, variant.Ratio{}, variant.XV{},
		variant.Quadruple{}, variant.Clone{}, variant.Sandwich{}, variant.XSum{}, variant.Skyscraper{}, variant.Indexer{},
	} {
		t := reflect.TypeOf(r)
		ruleTypes[t.Name()] = t
	}
}

// ErrRuleType reports a rule whose type the protocol does not carry: not
// one of package variant's (no engine knows such a rule either).
var ErrRuleType = errors.New("rule type not carried by the worker protocol")

type wirePuzzle struct {
	BoxRows int        `json:"r"`
	BoxCols int        `json:"c"`
	Cells   string     `json:"cells"`
	Regions []int      `json:"regions"`
	Rules   []wireRule `json:"rules,omitempty"`
}

type wireRule struct {
	Type  string          `json:"t"`
	Value json.RawMessage `json:"v"`
}

// appendVariant appends the JSON of p (its givens, regions and rules; not
// its cosmetics or metadata, which solving does not need) to dst.
func appendVariant(dst []byte, p *variant.Puzzle) ([]byte, error) {
	if p == nil || p.Givens == nil {
		return nil, fmt.Errorf("%w: no puzzle", board.ErrShape)
	}
	w := wirePuzzle{BoxRows: p.Givens.Shape.BoxRows, BoxCols: p.Givens.Shape.BoxCols,
		Cells: string(appendCells(nil, p.Givens)), Regions: p.Regions}
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

// parseVariant reads the JSON of a variant puzzle. Its givens have a
// valid shape and digits in range; the rest is not validated.
func parseVariant(data []byte) (*variant.Puzzle, error) {
	var w wirePuzzle
	d := json.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields()
	if err := d.Decode(&w); err != nil {
		return nil, fmt.Errorf("variant puzzle: %w", err)
	}
	if d.More() {
		return nil, errors.New("variant puzzle: data after the JSON")
	}
	s, err := board.NewShape(w.BoxRows, w.BoxCols)
	if err != nil {
		return nil, err
	}
	b, err := parseCells(s, []byte(w.Cells))
	if err != nil {
		return nil, err
	}
	if b == nil {
		return nil, errors.New("variant puzzle: no board")
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
