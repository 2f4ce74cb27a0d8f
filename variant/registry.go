package variant

import "reflect"

// Kind describes one kind of rule: one Go type of this package that
// implements Rule. Kinds lists them all; every package that reads rules
// (the encoder, the backtracker, the renderer, the f-puzzles reader and
// writer, the worker protocol, the property tests) walks that list in a
// test, so that a kind one of them does not handle fails a test rather
// than a user.
type Kind struct {
	// Name is the Go type's name: "Killer", "Thermometer".
	Name string
	// Keys are the f-puzzles keys the kind is read from (and written
	// to), in the order the f-puzzles reader takes them; none for a kind
	// f-puzzles lacks.
	Keys []Key
	// Doc says in one line what the rule asks of a grid.
	Doc string
	// Sample is a small rule of the kind, valid on an empty 9×9 puzzle
	// (Validate): the value each consumer's completeness test feeds to
	// its code. It may share memory with other callers: do not modify it.
	Sample Rule
}

// Key is one f-puzzles key of a kind of rule.
type Key struct {
	// Name is the key: "thermometer", "slowthermometer", "diagonal+".
	Name string
	// Line, if not nil, makes the rule of one line of cells, for a key
	// whose entries are bare lines ("lines": [[cell, ...], ...]) that
	// make one rule each with no further parameter.
	Line func(cells []int) Rule
}

// Type returns the kind's Go type (a value type: see Rule).
func (k Kind) Type() reflect.Type { return reflect.TypeOf(k.Sample) }

// Kinds returns every kind of rule, once each, in a fixed order: the
// global rules, then the f-puzzles rule lists in the order its reader
// adds them to a puzzle (the negative constraints beside the pair rules
// whose marks they read), then the kinds read from elsewhere (pencil
// marks from grid cells, digital-root cages from killer cages). The slice
// is the caller's; the Samples and Keys inside it are shared.
func Kinds() []Kind { return append([]Kind(nil), kinds...) }

// KindOf returns the kind of r, and false for a value whose type is not
// one of Kinds (a type of another package that embeds a rule).
func KindOf(r Rule) (Kind, bool) {
	k, ok := kindByType[reflect.TypeOf(r)]
	return k, ok
}

var kindByType = func() map[reflect.Type]Kind {
	m := make(map[reflect.Type]Kind, len(kinds))
	for _, k := range kinds {
		m[k.Type()] = k
	}
	return m
}()

// keys makes plain keys (no Line constructor).
func keys(names ...string) []Key {
	out := make([]Key, len(names))
	for i, n := range names {
		out[i] = Key{Name: n}
	}
	return out
}

// line makes a key whose entries are lines, each making mk(cells).
func line(name string, mk func(cells []int) Rule) []Key {
	return []Key{{Name: name, Line: mk}}
}

// above is the clue above column 1, pointing down, for the samples.
var above = Outside{Row: -1, Col: 0, DRow: 1, DCol: 0}

// kinds is the registry. To add a kind, see the package doc ("Adding a
// rule").
var kinds = []Kind{
	// Global rules.
	{"PositiveDiagonal", keys("diagonal+"), "the diagonal from bottom-left to top-right holds distinct digits", PositiveDiagonal{}},
	{"NegativeDiagonal", keys("diagonal-"), "the diagonal from top-left to bottom-right holds distinct digits", NegativeDiagonal{}},
	{"AntiKnight", keys("antiknight"), "cells a knight's move apart differ", AntiKnight{}},
	{"AntiKing", keys("antiking"), "cells a king's move apart differ", AntiKing{}},
	{"DisjointGroups", keys("disjointgroups"), "cells at the same position in their regions differ", DisjointGroups{}},
	{"ExtraRegion", keys("extraregion"), "the cells differ (Windoku is four of them)", ExtraRegion{Cells: []int{10, 11, 12, 19, 20, 21, 28, 29, 30}}},

	// Cells.
	{"Odd", keys("odd"), "the cell is odd", Odd{Cell: 0}},
	{"Even", keys("even"), "the cell is even", Even{Cell: 1}},
	{"Minimum", keys("minimum"), "the cell is below each unmarked orthogonal neighbour", Minimum{Cell: 0, Than: []int{1, 9}}},
	{"Maximum", keys("maximum"), "the cell is above each unmarked orthogonal neighbour", Maximum{Cell: 0, Than: []int{1, 9}}},

	// Lines.
	{"Thermometer", append(line("thermometer", func(c []int) Rule { return Thermometer{Cells: c} }),
		line("slowthermometer", func(c []int) Rule { return Thermometer{Cells: c, Slow: true} })...),
		"strictly rising from the bulb (Slow: never falling)", Thermometer{Cells: []int{0, 1, 2}}},
	{"Arrow", keys("arrow"), "the shaft sums to the circle (a pill reads as a number)", Arrow{Circle: []int{0}, Line: []int{1, 2}}},
	{"DoubleArrow", line("doublearrow", func(c []int) Rule { return DoubleArrow{Cells: c} }),
		"the two ends sum to the cells between them", DoubleArrow{Cells: []int{0, 1, 2}}},
	{"Palindrome", line("palindrome", func(c []int) Rule { return Palindrome{Cells: c} }),
		"the line reads the same both ways", Palindrome{Cells: []int{0, 1, 2}}},
	{"Renban", line("renban", func(c []int) Rule { return Renban{Cells: c} }),
		"distinct consecutive digits in any order", Renban{Cells: []int{0, 1, 2}}},
	{"Whispers", keys("whispers"), "neighbours on the line differ by at least Difference", Whispers{Cells: []int{0, 1}, Difference: 5}},
	{"BetweenLine", line("betweenline", func(c []int) Rule { return BetweenLine{Cells: c} }),
		"inner digits strictly between the two ends", BetweenLine{Cells: []int{0, 1, 2}}},
	{"RegionSumLine", line("regionsumline", func(c []int) Rule { return RegionSumLine{Cells: c} }),
		"equal sums in each region the line crosses", RegionSumLine{Cells: []int{1, 2, 3, 4}}},
	{"EntropicLine", line("entropicline", func(c []int) Rule { return EntropicLine{Cells: c} }),
		"each three in a row hold a low, a middle and a high digit", EntropicLine{Cells: []int{0, 1, 2}}},
	{"ModularLine", line("modularline", func(c []int) Rule { return ModularLine{Cells: c} }),
		"each three in a row differ modulo 3", ModularLine{Cells: []int{0, 1, 2}}},
	{"ZipperLine", line("zipperline", func(c []int) Rule { return ZipperLine{Cells: c} }),
		"digits equidistant from the centre sum alike", ZipperLine{Cells: []int{0, 1, 2}}},
	{"Nabner", line("nabner", func(c []int) Rule { return Nabner{Cells: c} }),
		"no two digits on the line equal or consecutive", Nabner{Cells: []int{0, 10}}},

	// Cages.
	{"Killer", keys("killercage"), "distinct digits summing to Sum (0: no sum)", Killer{Cells: []int{0, 1}, Sum: 3}},
	{"LittleKiller", keys("littlekillersum"), "the diagonal from an outside clue sums to Sum",
		LittleKiller{Clue: Outside{Row: -1, Col: 6, DRow: 1, DCol: 1}, Sum: 10}},

	// Pairs.
	{"Difference", keys("difference"), "a white dot: the digits differ by Diff", Difference{A: 0, B: 1, Diff: 1}},
	{"Ratio", keys("ratio"), "a black dot: one digit is Ratio times the other", Ratio{A: 0, B: 1, Ratio: 2}},
	{"XV", keys("xv"), "the digits sum to 10 (X) or 5 (V)", XV{A: 0, B: 1, Sum: 10}},
	{"Negative", keys("nonconsecutive", "negative"), "unmarked neighbours are not consecutive, not 1:2, or do not sum to 5 or 10",
		Negative{Kind: NoDifference, Values: []int{1}, Pairs: OrthogonalPairs(9)}},

	// Others.
	{"Quadruple", keys("quadruple"), "the listed digits appear around a grid point", Quadruple{Cells: []int{0, 1, 9, 10}, Digits: []int{1, 2}}},
	{"Clone", keys("clone"), "two shapes hold the same digits", Clone{Cells: []int{0}, Clones: []int{80}}},
	{"Sandwich", keys("sandwichsum"), "the digits between the 1 and the N sum to Sum", Sandwich{Clue: above, Sum: 10}},
	{"XSum", keys("xsum"), "the first X digits sum to Sum, X the first digit", XSum{Clue: above, Sum: 15}},
	{"Skyscraper", keys("skyscraper"), "Count digits are visible from the clue", Skyscraper{Clue: above, Count: 3}},
	{"Indexer", keys("rowindexer", "columnindexer", "boxindexer"), "a digit in an indexer cell says where its row, column or region holds the cell's position",
		Indexer{Kind: ColumnIndex, Cells: []int{0}}},

	// Read from elsewhere: a grid cell's field, a killer cage's value.
	{"PencilMarks", keys("givenPencilMarks"), "the cell holds one of the marks", PencilMarks{Cell: 0, Digits: []int{1, 2}}},
	{"DigitalRootCage", keys("killercage"), "distinct digits whose sum has digital root Root (a cage of value DR<n>)",
		DigitalRootCage{Cells: []int{0, 1}, Root: 3}},
}

// isRule seals Rule: only the types of this package are rules, so that
// Kinds is the whole set.
func (PositiveDiagonal) isRule() {}
func (NegativeDiagonal) isRule() {}
func (AntiKnight) isRule()       {}
func (AntiKing) isRule()         {}
func (DisjointGroups) isRule()   {}
func (ExtraRegion) isRule()      {}
func (Odd) isRule()              {}
func (Even) isRule()             {}
func (Minimum) isRule()          {}
func (Maximum) isRule()          {}
func (Thermometer) isRule()      {}
func (Arrow) isRule()            {}
func (DoubleArrow) isRule()      {}
func (Palindrome) isRule()       {}
func (Renban) isRule()           {}
func (Whispers) isRule()         {}
func (BetweenLine) isRule()      {}
func (RegionSumLine) isRule()    {}
func (EntropicLine) isRule()     {}
func (ModularLine) isRule()      {}
func (ZipperLine) isRule()       {}
func (Nabner) isRule()           {}
func (Killer) isRule()           {}
func (LittleKiller) isRule()     {}
func (Difference) isRule()       {}
func (Ratio) isRule()            {}
func (XV) isRule()               {}
func (Negative) isRule()         {}
func (Quadruple) isRule()        {}
func (Clone) isRule()            {}
func (Sandwich) isRule()         {}
func (XSum) isRule()             {}
func (Skyscraper) isRule()       {}
func (Indexer) isRule()          {}
func (PencilMarks) isRule()      {}
func (DigitalRootCage) isRule()  {}
