package generate

import (
	"context"
	"fmt"
	"strings"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/logic"
	"github.com/satdoku/satdoku/variant"
)

// LogicRater rates puzzles with the logical solver (package logic): the
// path a person would take (every default technique, the uniqueness ones
// included, for a generated puzzle is known unique; never trial), rated on
// Sudoku Explainer's scale (ER, EP, ED) and HoDoKu's. It accepts a puzzle
// when every filter set holds. It takes puzzles whose rules are all houses
// (boxes, jigsaw regions, diagonals, windoku, disjoint groups); any other
// rule is an error.
type LogicRater struct {
	// MinER and MaxER bound the SE rating ER (0: no bound). A puzzle the
	// solver cannot finish has ER 20.0.
	MinER, MaxER float64
	// Levels, if not empty, lists the HoDoKu levels accepted (Easy,
	// Medium, Hard, Unfair, Extreme), case aside.
	Levels []string
	// Require lists techniques the path must use; Exclude techniques it
	// must not (names as logic's techniques have them, such as "X-Wing",
	// case aside).
	Require, Exclude []string
}

// TechniqueNames lists the names of the logical solver's techniques, for
// LogicRater's Require and Exclude.
func TechniqueNames() []string {
	var names []string
	seen := map[string]bool{}
	for _, t := range logic.DefaultTechniques() {
		if !seen[t.Name] { // hidden singles in boxes and in lines share a name
			seen[t.Name] = true
			names = append(names, t.Name)
		}
	}
	return names
}

// Rate rates p and says whether the filters accept it. The rating reads
// "ER 4.2 EP 1.5 ED 1.2, Hard (HoDoKu 1320), hardest XY-Wing".
func (lr *LogicRater) Rate(_ context.Context, p *variant.Puzzle, _ *board.Board) (string, bool, error) {
	g, err := logic.FromPuzzle(p)
	if err == nil {
		err = g.UnsupportedRule()
	}
	if err != nil {
		return "", false, err
	}
	path := logic.Solve(g, logic.Options{Techniques: lr.techniques(), Unique: true})
	if lr.MaxER > 0 && !path.Solved {
		// The techniques rated up to MaxER cannot finish: every step past
		// them rates above it, so ER does too.
		return fmt.Sprintf("ER above %.1f", lr.MaxER), false, nil
	}
	r := logic.Rate(path)
	rating := fmt.Sprintf("ER %.1f EP %.1f ED %.1f, %s (HoDoKu %d), hardest %s", r.ER, r.EP, r.ED, r.Level, r.HoDoKu, r.Hardest)
	accept := (lr.MinER == 0 || r.ER >= lr.MinER) && (lr.MaxER == 0 || r.ER <= lr.MaxER)
	if len(lr.Levels) > 0 {
		ok := false
		for _, l := range lr.Levels {
			ok = ok || strings.EqualFold(strings.TrimSpace(l), r.Level)
		}
		accept = accept && ok
	}
	used := func(name string) bool {
		for t, k := range r.Counts {
			if k > 0 && strings.EqualFold(t, strings.TrimSpace(name)) {
				return true
			}
		}
		return false
	}
	for _, t := range lr.Require {
		accept = accept && used(t)
	}
	for _, t := range lr.Exclude {
		accept = accept && !used(t)
	}
	return rating, accept, nil
}

// techniques returns the techniques the path may use: with MaxER, only
// those whose base rating is at most MaxER. That path is the full one
// whenever ER ≤ MaxER (the solver tries techniques by rating and a step
// never rates below its technique's base), and it skips the chains, most
// of the rating's work, on the puzzles that MaxER rejects anyway.
func (lr *LogicRater) techniques() []logic.Technique {
	all := logic.DefaultTechniques()
	if lr.MaxER <= 0 {
		return all
	}
	var out []logic.Technique
	for _, t := range all {
		if t.Rating <= lr.MaxER {
			out = append(out, t)
		}
	}
	return out
}
