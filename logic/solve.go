package logic

import (
	"context"
	"fmt"
	"strings"
)

// Options configure Next and Solve. The zero value uses every default
// technique except those that assume a unique solution, and never trial.
type Options struct {
	// Techniques lists the techniques to use; nil means
	// DefaultTechniques(). They are tried in the order given (sort them
	// by Rating, as DefaultTechniques is, for SE's order).
	Techniques []Technique
	// Unique allows the techniques that assume the puzzle has exactly one
	// solution (unique rectangles, BUG): set it only when that is known.
	Unique bool
	// AllowTrial allows a Bifurcation step when no technique applies: a
	// candidate whose placement leads to no solution at all, found by a
	// bounded search, is removed. It is proof by exhaustion, not a guess,
	// and is rated as SE rates a puzzle beyond its solver (TrialRating).
	AllowTrial bool
	// OnStep, when not nil, is called by SolveContext with each step as it
	// is taken, before the next is looked for: a hard variant's path can
	// take minutes, and its first steps are worth showing at once (the web
	// page's hint). It runs on SolveContext's goroutine.
	OnStep func(Step)
}

// Path is the result of Solve: the steps taken in order, and how it ended.
type Path struct {
	Steps []Step
	// Solved reports that every cell is placed.
	Solved bool
	// Stuck reports that no technique applied before the grid was solved;
	// Grid then holds the candidates left.
	Stuck bool
	// Broken names the contradiction of a position with no solution (a
	// cell with no candidate, a digit with no place in a house), found
	// before or after the steps; it is empty otherwise. A broken path is
	// also stuck.
	Broken string
	// Grid is the final position.
	Grid *Grid
}

func (o Options) techniques() []Technique {
	if o.Techniques != nil {
		return o.Techniques
	}
	return defaultTechniques()
}

// Next returns the easiest step that applies to g, and true; or false when
// no technique applies (or g is solved). It tries the techniques in order
// and takes the lowest rated step of the first that finds any, as Sudoku
// Explainer does. g is not changed.
func Next(g *Grid, opts Options) (Step, bool) {
	for _, t := range opts.techniques() {
		if t.Uniqueness && !opts.Unique {
			continue
		}
		steps := t.Find(g)
		if len(steps) == 0 {
			continue
		}
		best := 0
		for i := range steps {
			if steps[i].Rating < steps[best].Rating {
				best = i
			}
		}
		return steps[best], true
	}
	if opts.AllowTrial {
		return bifurcation(g)
	}
	return Step{}, false
}

// Solve applies steps to a copy of g until it is solved, broken or stuck.
// Every step removes at least one candidate or places a digit, so the path
// has at most one step per candidate of g.
func Solve(g *Grid, opts Options) Path {
	p, _ := SolveContext(context.Background(), g, opts)
	return p
}

// SolveContext is Solve that ends at the first step after ctx does (a
// hard variant's path can take minutes): it then returns the steps found
// so far, neither solved nor stuck, and ctx's error. A technique that
// heeds ctx itself (the SAT step of package explain) may end sooner and
// find nothing: that is ctx's error too, not a stuck path.
func SolveContext(ctx context.Context, g *Grid, opts Options) (Path, error) {
	g = g.Clone()
	p := Path{Grid: g}
	if why := g.Contradiction(); why != "" {
		p.Broken, p.Stuck = why, true
		return p, nil
	}
	empty := 0
	for _, v := range g.Value {
		if v == 0 {
			empty++
		}
	}
	p.Steps = make([]Step, 0, empty+empty/2)
	for !g.Solved() {
		if err := ctx.Err(); err != nil {
			return p, err
		}
		s, ok := Next(g, opts)
		if !ok || !g.changes(s) {
			if err := ctx.Err(); err != nil {
				return p, err
			}
			p.Stuck = true
			break
		}
		g.Apply(s)
		p.Steps = append(p.Steps, s)
		if opts.OnStep != nil {
			opts.OnStep(s)
		}
	}
	// A step never breaks a position that has a solution; a position
	// without one (a wrong entry) shows it here, solved or stuck.
	if why := g.Contradiction(); why != "" {
		p.Broken, p.Stuck = why, true
		return p, nil
	}
	p.Solved = !p.Stuck
	return p, nil
}

// changes reports whether applying s would change g: a guard against a
// finder that reports nothing new, which would loop.
func (g *Grid) changes(s Step) bool {
	for _, e := range s.Eliminations {
		if g.Cand[e.Cell].Has(e.Digit) && g.Value[e.Cell] == 0 {
			return true
		}
	}
	for _, p := range s.Placements {
		if g.Value[p.Cell] == 0 {
			return true
		}
	}
	return false
}

// Contradiction names why the position has no solution when that shows
// at a glance: an unsolved cell with no candidate, two placed digits
// alike in a house, or a digit with no place left in a house. It returns
// "" otherwise (which does not prove that a solution exists).
func (g *Grid) Contradiction() string {
	for c, s := range g.Cand {
		if s == 0 {
			return fmt.Sprintf("%s has no candidate left", CellName(g.N, c))
		}
	}
	for _, h := range g.Houses {
		var placed, cand Digits
		for _, c := range h.Cells {
			if v := g.Value[c]; v != 0 {
				if placed.Has(v) {
					return fmt.Sprintf("%s holds %d twice", h.Name(), v)
				}
				placed |= DigitSet(v)
			}
			cand |= g.Cand[c]
		}
		if missing := g.all() &^ cand; missing != 0 {
			return fmt.Sprintf("%d has no place left in %s", missing.List()[0], h.Name())
		}
	}
	return ""
}

// all returns the set of every digit 1..N.
func (g *Grid) all() Digits {
	if g.N == 64 {
		return ^Digits(0)
	}
	return 1<<g.N - 1
}

// cellList writes cells as "r1c2 r1c3".
func cellList(n int, cells []int) string {
	var sb strings.Builder
	for i, c := range cells {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(CellName(n, c))
	}
	return sb.String()
}

// candList writes candidates as "r1c2≠5 r1c3≠5".
func candList(n int, cs []Candidate) string {
	var sb strings.Builder
	for i, c := range cs {
		if i > 0 {
			sb.WriteString(", ")
		}
		fmt.Fprintf(&sb, "%s≠%d", CellName(n, c.Cell), c.Digit)
	}
	return sb.String()
}

// digitList writes a set as "2/5/7".
func digitList(s Digits) string {
	var sb strings.Builder
	for i, d := range s.List() {
		if i > 0 {
			sb.WriteByte('/')
		}
		fmt.Fprintf(&sb, "%d", d)
	}
	return sb.String()
}
