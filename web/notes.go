package web

import (
	"fmt"
	"strings"

	"github.com/satdoku/satdoku/fpuzzles"
)

// cosmeticNames name f-puzzles' drawing keys in words, singular and
// plural.
var cosmeticNames = map[string][2]string{
	"line":      {"line", "lines"},
	"text":      {"text label", "text labels"},
	"circle":    {"circle", "circles"},
	"rectangle": {"rectangle", "rectangles"},
	"cage":      {"cage without a rule", "cages without a rule"},
	"cells":     {"cell", "cells"},
}

// plainNote says in plain words what an f-puzzles file holds that is not
// solved with, for the page: "5 lines are drawn only: they are not a rule,
// so they are not used to solve", rather than "line (5): drawing only".
func plainNote(ig fpuzzles.Ignored) string {
	noun := func(key string) string {
		if names, ok := cosmeticNames[key]; ok {
			if ig.Count == 1 {
				return "1 " + names[0]
			}
			return fmt.Sprintf("%d %s", ig.Count, names[1])
		}
		return fmt.Sprintf("%q (%d)", key, ig.Count)
	}
	be := "are"
	if ig.Count == 1 {
		be = "is"
	}
	why := ig.Why
	switch {
	case why == "drawing only":
		return fmt.Sprintf("%s %s drawn only: not a rule, so not used to solve", noun(ig.Key), be)
	case strings.HasSuffix(why, "(drawing only)"):
		return fmt.Sprintf("%s: drawn only, not used to solve", strings.TrimSpace(strings.TrimSuffix(why, "(drawing only)")))
	case why == "solver notes":
		return fmt.Sprintf("pencil marks a solver wrote in %d %s: notes, not rules", ig.Count, plural(ig.Count, "cell", "cells"))
	case why == "colour":
		return fmt.Sprintf("cell colours in %d %s: drawing only", ig.Count, plural(ig.Count, "cell", "cells"))
	case strings.HasPrefix(why, "setting"):
		return fmt.Sprintf("an f-puzzles setting (%q), which does not change the puzzle", ig.Key)
	case ig.Key == "grid.value":
		return fmt.Sprintf("%d %s entered in the grid but not given: a solver's work, not clues", ig.Count, plural(ig.Count, "digit", "digits"))
	case ig.Key == "ruleset":
		return "the rules text: " + why
	}
	return fmt.Sprintf("%s: %s", noun(strings.TrimPrefix(ig.Key, "grid.")), why)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
