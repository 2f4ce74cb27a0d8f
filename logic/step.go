package logic

// Node is one end of a chain link: a candidate, or a group of candidates
// of one digit in one house (a grouped node), which is true when one of
// them is.
type Node struct {
	Digit int
	Cells []int
}

// Link joins two nodes of a chain. A strong link says that if From is
// false then To is true; a weak link says that if From is true then To is
// false.
type Link struct {
	From, To Node
	Strong   bool
}

// Step is one deduction: what it concludes (placements or eliminations),
// what it used (cells, houses, candidates and chain links, for
// highlighting), its technique and rating, and its words.
type Step struct {
	Technique string  // the technique's name: "Hidden Single", "X-Wing", ...
	Rating    float64 // the step's difficulty on the SE scale, length bonuses included
	// Placements are the digits the step places; Eliminations the
	// candidates it removes. A step has at least one of either.
	Placements   []Candidate
	Eliminations []Candidate
	// Cells, Houses (indexes into Grid.Houses) and Candidates are what the
	// step relies on; Links are the chain's links, in order, where it has one.
	Cells      []int
	Houses     []int
	Candidates []Candidate
	Links      []Link
	// Rules are the rule instances the step relies on, as indexes into
	// the grid's Puzzle.Rules (a cage, a thermometer ...): a variant step.
	Rules []int
	// Text is the step in words: "Hidden Single: 7 in box 5 only fits r4c6".
	Text string
	// Sub holds the sub-steps of a step made of others (the branches of a
	// forcing chain, the propagation inside a contradiction).
	Sub []Step
}

// Technique is one way of finding steps. Find returns the steps it finds
// in g (all of them, or the first few: the solver takes the lowest rated),
// without changing g.
type Technique struct {
	Name string
	// Rating is the technique's base difficulty on the SE scale; a step may
	// rate higher (length bonuses).
	Rating float64
	Find   func(g *Grid) []Step
	// Uniqueness says the technique assumes the puzzle has one solution
	// (unique rectangles, BUG); the solver uses it only when told so
	// (Options.Unique).
	Uniqueness bool
	// HoDoKu is the technique's score in HoDoKu's rating, and Level its
	// HoDoKu level (1 easy … 5 extreme); zero takes them from the SE
	// rating (see Rate).
	HoDoKu int
	Level  int
}
