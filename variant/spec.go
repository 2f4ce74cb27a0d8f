package variant

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/satdoku/satdoku/board"
)

// ParseError reports a syntax error in a rule spec or a region grid, with
// its 1-based position (Line is 0 for a one-line rule spec). It wraps one
// of ErrUnknownRule or ErrRegions.
type ParseError struct {
	Line, Col int
	Err       error
}

// Error returns "line 3, column 7: <reason>" ("column 7: ..." for a spec).
func (e *ParseError) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("column %d: %v", e.Col, e.Err)
	}
	return fmt.Sprintf("line %d, column %d: %v", e.Line, e.Col, e.Err)
}

// Unwrap returns the underlying error.
func (e *ParseError) Unwrap() error { return e.Err }

// Errors of the spec and region parsers; test with errors.Is.
var (
	// ErrUnknownRule reports a name in a rule spec that is not a global rule.
	ErrUnknownRule = errors.New("unknown rule")
	// ErrRegions reports a region grid that does not make N regions of N
	// cells.
	ErrRegions = errors.New("bad region grid")
)

// specNames maps the names a rule spec accepts (lower case) to their
// canonical name.
var specNames = map[string]string{
	"diagonal+": "diagonal+", "diagonal-": "diagonal-", "diagonals": "diagonals", "x": "diagonals",
	"antiknight": "antiknight", "anti-knight": "antiknight",
	"antiking": "antiking", "anti-king": "antiking",
	"nonconsecutive": "nonconsecutive", "non-consecutive": "nonconsecutive",
	"disjointgroups": "disjointgroups", "disjoint-groups": "disjointgroups", "disjoint": "disjointgroups",
	"windoku": "windoku", "hyper": "windoku",
}

// SpecNames lists the names ParseRules accepts, canonical names first.
const SpecNames = "diagonal+, diagonal-, diagonals (both; also x), antiknight, antiking, nonconsecutive, disjointgroups, windoku (also hyper)"

// ParseRules reads a rule spec, the global rules of a classic puzzle as a
// comma-separated list such as "diagonal+,antiknight,windoku", for a board
// of shape s. Names are case-insensitive, spaces around them are ignored,
// hyphenated forms ("anti-knight") are accepted, and an empty spec gives no
// rules. "diagonals" (or "x") is both diagonals; "nonconsecutive" covers
// every pair of orthogonal neighbours (there are no dots to exempt);
// "windoku" is the extra regions of Windoku. A name listed twice, or an
// unknown one, is a *ParseError whose column points at it.
func ParseRules(spec string, s board.Shape) ([]Rule, error) {
	if !s.Valid() {
		return nil, fmt.Errorf("%w: %v", board.ErrShape, s)
	}
	n := s.Side()
	var rules []Rule
	seen := map[string]bool{}
	col := 1
	for _, field := range strings.Split(spec, ",") {
		name := strings.TrimSpace(field)
		at := col + len(field) - len(strings.TrimLeft(field, " \t"))
		col += len(field) + 1
		if name == "" {
			if strings.TrimSpace(spec) == "" {
				break
			}
			return nil, &ParseError{Col: at, Err: fmt.Errorf("%w: empty name in the list", ErrUnknownRule)}
		}
		canon, ok := specNames[strings.ToLower(name)]
		if !ok {
			hint := ""
			if near := nearestSpecName(strings.ToLower(name)); near != "" {
				hint = fmt.Sprintf("; did you mean %s?", near)
			}
			return nil, &ParseError{Col: at, Err: fmt.Errorf("%w %q%s (known: %s)", ErrUnknownRule, name, hint, SpecNames)}
		}
		if seen[canon] {
			return nil, &ParseError{Col: at, Err: fmt.Errorf("%w: %q is listed twice", ErrUnknownRule, name)}
		}
		seen[canon] = true
		switch canon {
		case "diagonal+":
			rules = append(rules, PositiveDiagonal{})
		case "diagonal-":
			rules = append(rules, NegativeDiagonal{})
		case "diagonals":
			rules = append(rules, PositiveDiagonal{}, NegativeDiagonal{})
		case "antiknight":
			rules = append(rules, AntiKnight{})
		case "antiking":
			rules = append(rules, AntiKing{})
		case "nonconsecutive":
			rules = append(rules, Negative{Kind: NoDifference, Values: []int{1}, Pairs: OrthogonalPairs(n)})
		case "disjointgroups":
			rules = append(rules, DisjointGroups{})
		case "windoku":
			w, err := Windoku(s)
			if err != nil {
				return nil, &ParseError{Col: at, Err: err}
			}
			rules = append(rules, w...)
		}
	}
	if seen["diagonals"] && (seen["diagonal+"] || seen["diagonal-"]) {
		return nil, &ParseError{Col: 1, Err: fmt.Errorf("%w: a diagonal is listed twice (diagonals is both)", ErrUnknownRule)}
	}
	return rules, nil
}

// Windoku returns the extra regions ("windows") of Windoku on a board of
// shape s: windows the size of a box (BoxRows×BoxCols), set one cell in
// from the edges and one cell apart, as many as fit. On 9×9 they are the
// four classic windows r2-4/r6-8 × c2-4/c6-8; on 4×4 the single centre
// window r2-3 c2-3; on 6×6 (2×3 boxes) the two windows r2-3/r5-6 × c2-4;
// on 16×16 nine 4×4 windows starting at rows and columns 2, 7 and 12.
// Windows are listed row by row. A shape where no window fits (1×N boxes)
// is an error.
func Windoku(s board.Shape) ([]Rule, error) {
	n := s.Side()
	starts := func(size int) []int {
		var out []int
		for at := 1; at+size <= n; at += size + 1 {
			out = append(out, at)
		}
		return out
	}
	rows, cols := starts(s.BoxRows), starts(s.BoxCols)
	if len(rows) == 0 || len(cols) == 0 || s.BoxRows == 1 || s.BoxCols == 1 {
		return nil, fmt.Errorf("%w: no windoku window fits a %v board", ErrUnknownRule, s)
	}
	var out []Rule
	for _, r0 := range rows {
		for _, c0 := range cols {
			var cells []int
			for r := r0; r < r0+s.BoxRows; r++ {
				for c := c0; c < c0+s.BoxCols; c++ {
					cells = append(cells, r*n+c)
				}
			}
			out = append(out, ExtraRegion{Cells: cells})
		}
	}
	return out, nil
}

// nearestSpecName returns the rule name within two edits of name (the
// first in sorted order if several), or "" if there is none: the likely
// typing slip behind an unknown name.
func nearestSpecName(name string) string {
	best, bestDist := "", 3
	for _, known := range slices.Sorted(maps.Keys(specNames)) {
		if d := editDistance(name, known); d < bestDist {
			best, bestDist = known, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance between a and b, in bytes.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
