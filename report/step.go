package report

import (
	"fmt"
	"slices"
	"strings"

	"github.com/satdoku/satdoku/logic"
	"github.com/satdoku/satdoku/render"
)

// Candidate is a digit in a cell as JSON: {"cell": 31, "name": "r4c5",
// "digit": 7}, the cell numbered r·N + c from 0 and named.
type Candidate struct {
	Cell  int    `json:"cell"`
	Name  string `json:"name"`
	Digit int    `json:"digit"`
}

// Candidates returns candidates of a grid of side n as JSON (nil for
// none, so that an empty list is left out).
func Candidates(n int, cs []logic.Candidate) []Candidate {
	var out []Candidate
	for _, c := range cs {
		out = append(out, Candidate{Cell: c.Cell, Name: logic.CellName(n, c.Cell), Digit: c.Digit})
	}
	return out
}

// House is a house a step names: "row 4" and its cells.
type House struct {
	Name  string `json:"name"`
	Cells []int  `json:"cells"`
}

// Link is a link of a step's chain: strong (if From is false, To is true)
// or weak (if From is true, To is false).
type Link struct {
	FromDigit int   `json:"from_digit"`
	From      []int `json:"from"`
	ToDigit   int   `json:"to_digit"`
	To        []int `json:"to"`
	Strong    bool  `json:"strong"`
}

// Step is a step of the logical solver as JSON: what it concludes, what it
// relies on (a picture's highlight), and its words. Cells are r·N + c.
type Step struct {
	Technique    string      `json:"technique"`
	Rating       float64     `json:"rating"`
	Text         string      `json:"text"`
	Placements   []Candidate `json:"placements,omitempty"`
	Eliminations []Candidate `json:"eliminations,omitempty"`
	Cells        []int       `json:"cells,omitempty"`
	Candidates   []Candidate `json:"candidates,omitempty"` // the candidates it relies on
	Houses       []House     `json:"houses,omitempty"`
	// Rules are the rule instances it relies on, as indexes into the
	// puzzle's rules (a cage, a thermometer).
	Rules []int  `json:"rules,omitempty"`
	Links []Link `json:"links,omitempty"`
	// Sub are the steps this one is made of, in order, when it has any:
	// the zoom of a SAT step (the candidate supposed, then each digit that
	// unit propagation over the houses and rules it names places or
	// removes, each naming the one house or rule that forces it, to the
	// contradiction), or the branches of a forcing chain.
	Sub []Step `json:"sub,omitempty"`
}

// NewStep returns a step of grid g as JSON.
func NewStep(g *logic.Grid, st logic.Step) Step {
	s := Step{Technique: st.Technique, Rating: st.Rating, Text: st.Text, Cells: st.Cells, Rules: st.Rules,
		Placements: Candidates(g.N, st.Placements), Eliminations: Candidates(g.N, st.Eliminations),
		Candidates: Candidates(g.N, st.Candidates)}
	for _, i := range st.Houses {
		s.Houses = append(s.Houses, House{Name: g.Houses[i].Name(), Cells: g.Houses[i].Cells})
	}
	for _, l := range st.Links {
		s.Links = append(s.Links, Link{FromDigit: l.From.Digit, From: l.From.Cells, ToDigit: l.To.Digit, To: l.To.Cells, Strong: l.Strong})
	}
	for _, sub := range st.Sub {
		s.Sub = append(s.Sub, NewStep(g, sub))
	}
	return s
}

// Steps returns the steps of a path as JSON.
func Steps(p logic.Path) []Step {
	out := make([]Step, len(p.Steps))
	for i, st := range p.Steps {
		out[i] = NewStep(p.Grid, st)
	}
	return out
}

// Rating is a logical rating as JSON.
type Rating struct {
	ER      float64 `json:"er"`
	EP      float64 `json:"ep"`
	ED      float64 `json:"ed"`
	HoDoKu  int     `json:"hodoku"`
	Level   string  `json:"level"`
	Hardest string  `json:"hardest"`
	Solved  bool    `json:"solved"`
}

// NewRating returns a rating as JSON.
func NewRating(rt logic.Rating) *Rating {
	return &Rating{ER: rt.ER, EP: rt.EP, ED: rt.ED, HoDoKu: rt.HoDoKu, Level: rt.Level, Hardest: rt.Hardest, Solved: rt.Solved}
}

// StepPicture returns a step of grid g as package render draws it, with
// its number ("12" for step 12, "12.3" for sub-step 3 of step 12) before
// its words.
func StepPicture(g *logic.Grid, st logic.Step, number string) *render.Step {
	marks := func(cs []logic.Candidate) []render.Mark {
		out := make([]render.Mark, len(cs))
		for i, c := range cs {
			out[i] = render.Mark{Cell: c.Cell, Digit: c.Digit}
		}
		return out
	}
	cells := st.Cells
	if len(cells) == 0 {
		// A sub-step of unit propagation names no cells: shade the cell it
		// concludes on (the legend then gives its words).
		for _, c := range append(slices.Clone(st.Placements), st.Eliminations...) {
			cells = append(cells, c.Cell)
		}
		slices.Sort(cells)
		cells = slices.Compact(cells)
	}
	rs := &render.Step{Cells: cells, Used: marks(st.Candidates), Placed: marks(st.Placements), Eliminated: marks(st.Eliminations),
		Rules: st.Rules, Text: fmt.Sprintf("%s. %s", number, strings.ReplaceAll(st.Text, " ⇒ ", "; "))} // ⇒: not in the PNG fonts
	for _, h := range st.Houses {
		rs.Houses = append(rs.Houses, g.Houses[h].Cells)
	}
	for _, l := range st.Links {
		rs.Links = append(rs.Links, render.StepLink{FromDigit: l.From.Digit, From: l.From.Cells, ToDigit: l.To.Digit, To: l.To.Cells, Strong: l.Strong})
	}
	return rs
}
