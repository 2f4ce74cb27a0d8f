package encode

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/satdoku/satdoku/board"
)

// Encoding selects which clause families Encode writes. Every encoding has
// exactly the valid completions of the puzzle as its models (restricted to
// the n³ primary variables); they differ in size and in how much a SAT
// solver can deduce by unit propagation alone.
//
// Clause counts below are those of WriteDIMACS (ClausalSize) for an empty
// 9×9 board with the Pairwise AMO (the default for 9×9); a board with k givens adds k unit clauses to Minimal,
// Efficient and Extended. With the other AMO encodings an empty 9×9 has
// (clauses / variables): Sequential 5,670 / 2,673 (Minimal), 7,533 / 3,321
// (Efficient), 7,776 / 3,321 (Extended); Commander 8,100 / 1,701 and
// Product 8,100 / 2,673 (Extended). An empty 25×25 in Extended has 752,500
// clauses with Pairwise, 180,000 with Sequential, 202,500 with Commander
// and 197,500 with Product (the tests check all of these).
type Encoding int

// The encodings. The zero value is Extended, the default.
const (
	// Extended is exactly-one for every cell, row, column and box and for
	// every digit: cell at-least-one and at-most-one, unit at-least-one and
	// at-most-one (Lynce & Ouaknine's extended encoding). Empty 9×9:
	// 81 + 2,916 + 243 + 8,748 = 11,988 clauses.
	Extended Encoding = iota
	// Minimal is cell at-least-one plus unit at-most-one: 81 + 8,748 =
	// 8,829 clauses for an empty 9×9. Its models still have exactly one
	// digit per cell (N cells of a row each need a digit, and a row holds
	// each digit at most once).
	Minimal
	// Efficient is Minimal plus cell at-most-one: 81 + 2,916 + 8,748 =
	// 11,745 clauses for an empty 9×9.
	Efficient
	// Reduced is Extended with the givens propagated away (Kwon & Jain's
	// optimised encoding): each given makes its variable true, and the other
	// digits of its cell and the same digit in its peers false; clauses
	// satisfied by those values are dropped and false literals removed.
	// Every variable so fixed is then pinned by one unit clause (+v or −v),
	// so that any solver's model is still a full valid assignment of all n³
	// primary variables and the numbering keeps its meaning. NumVars stays
	// n³ (plus auxiliaries). Empty 9×9: 11,988 clauses, as Extended.
	Reduced
)

var encodingNames = [...]string{Extended: "extended", Minimal: "minimal", Efficient: "efficient", Reduced: "reduced"}

// String returns the encoding's name as ParseEncoding accepts it:
// "extended", "minimal", "efficient" or "reduced".
func (e Encoding) String() string {
	if e >= 0 && int(e) < len(encodingNames) {
		return encodingNames[e]
	}
	return "Encoding(" + strconv.Itoa(int(e)) + ")"
}

// Encodings lists every encoding, in a stable order.
var Encodings = []Encoding{Minimal, Efficient, Extended, Reduced}

// ErrOption reports an unknown Encoding or AMO name or value.
var ErrOption = errors.New("unknown encoding option")

// ParseEncoding returns the encoding with the given name (case-insensitive;
// "" means the default, Extended).
func ParseEncoding(s string) (Encoding, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" || s == "default" {
		return Extended, nil
	}
	for e, name := range encodingNames {
		if s == name {
			return Encoding(e), nil
		}
	}
	return 0, fmt.Errorf("%w: encoding %q (want minimal, efficient, extended or reduced)", ErrOption, s)
}

// Options choose the encoding and the at-most-one encoding. The zero
// Options are Extended with DefaultAMO.
type Options struct {
	Encoding Encoding
	AMO      AMO
}

// Encode returns the formula of puzzle b: the encoding's groups of each
// cell and of each digit in each unit as cardinality constraints (Card
// with K = 1: exactly-one, at-most-one or, for a cell in Minimal,
// at-least-one), then one unit clause per given. NumVars and Primary are
// n³: the at-most-one groups stay data, and WriteDIMACS writes them with
// the AMO encoding (f.AMO), numbering its auxiliary variables after n³;
// the clause counts documented for Encoding are WriteDIMACS's (see
// ClausalSize). Reduced is the exception: it is written as clauses at
// once, to simplify them with the givens. Comments describe the numbering,
// the encoding and the puzzle.
//
// Givens that clash make an unsatisfiable formula, not an error. Encode
// returns an error only for a malformed board (nil, bad shape, digit out of
// range; board.ErrShape or board.ErrDigit) or unknown Options (ErrOption).
func Encode(b *board.Board, o Options) (*Formula, error) {
	if err := checkBoard(b); err != nil {
		return nil, err
	}
	if o.Encoding < 0 || int(o.Encoding) >= len(encodingNames) {
		return nil, fmt.Errorf("%w: encoding %d", ErrOption, int(o.Encoding))
	}
	n := b.Side()
	amo := o.AMO
	if amo == AMODefault {
		amo = DefaultAMO(n)
	}
	if amo < 0 || int(amo) >= len(amoNames) {
		return nil, fmt.Errorf("%w: amo %d", ErrOption, int(amo))
	}
	n3 := NumVars(n)
	f := &Formula{NumVars: n3, Primary: n3, AMO: amo}
	g := b.Shape.Geometry()
	// Every group's literals are slices of one array.
	lits := make([]Lit, 0, 4*n3)
	group := func(cmp Cmp) {
		f.Cards = append(f.Cards, Card{Lits: lits[len(lits)-n : len(lits) : len(lits)], Cmp: cmp, K: 1})
	}
	cell, unit := Equal, Equal // exactly one digit per cell, each digit once per unit
	switch o.Encoding {
	case Minimal:
		cell, unit = AtLeast, AtMost
	case Efficient:
		unit = AtMost
	}
	f.Cards = make([]Card, 0, 4*n*n)
	for c := 0; c < n*n; c++ {
		for d := 1; d <= n; d++ {
			lits = append(lits, Lit(CellVar(n, c, d)))
		}
		group(cell)
	}
	for _, u := range g.Units {
		for d := 1; d <= n; d++ {
			for _, c := range u {
				lits = append(lits, Lit(CellVar(n, c, d)))
			}
			group(unit)
		}
	}
	var numVars int
	if o.Encoding == Reduced {
		f = f.Clausal()
		numVars = f.NumVars
		reduce(f, b)
	} else {
		numVars, _ = f.ClausalSize()
		for c, d := range b.Cells {
			if d != 0 {
				f.Clauses = append(f.Clauses, Clause{Lit(CellVar(n, c, int(d)))})
			}
		}
	}
	f.Comments = comments(b, o.Encoding.String(), amo, numVars)
	return f, nil
}

// checkBoard reports whether b is a well-formed board (clashes allowed).
func checkBoard(b *board.Board) error {
	if b == nil {
		return fmt.Errorf("%w: nil board", board.ErrShape)
	}
	if !b.Shape.Valid() || len(b.Cells) != b.Shape.Cells() {
		return fmt.Errorf("%w: %d cells for a %v board", board.ErrShape, len(b.Cells), b.Shape)
	}
	n := b.Side()
	for i, d := range b.Cells {
		if int(d) > n {
			return fmt.Errorf("%w: %s=%d on a %v board", board.ErrDigit, b.CellName(i), d, b.Shape)
		}
	}
	return nil
}

// reduce simplifies f with the values the givens of b fix (the given is
// true; its cell's other digits and its digit in its peers are false),
// keeping one copy of each unit clause that results, then appends one unit
// clause per fixed primary variable. Clashing givens fix a
// variable both ways; the formula then ends with an empty clause.
func reduce(f *Formula, b *board.Board) {
	n := b.Side()
	val := make([]int8, f.NumVars+1) // +1 true, −1 false, 0 free
	clash := false
	set := func(v int, x int8) {
		if val[v] != 0 && val[v] != x {
			clash = true
		}
		val[v] = x
	}
	g := b.Shape.Geometry()
	for cell, d := range b.Cells {
		if d == 0 {
			continue
		}
		for e := 1; e <= n; e++ {
			if e != int(d) {
				set(CellVar(n, cell, e), -1)
			}
		}
		for _, p := range g.Peers[cell] {
			set(CellVar(n, p, int(d)), -1)
		}
	}
	// Givens last, so a given that a clashing peer made false shows up as a clash.
	for cell, d := range b.Cells {
		if d != 0 {
			set(CellVar(n, cell, int(d)), +1)
		}
	}
	out := f.Clauses[:0]
	empty := false
	unit := make([]bool, 2*f.NumVars+2) // residual unit clauses already kept
	for _, cl := range f.Clauses {
		k, sat := 0, false
		for _, l := range cl {
			x := val[l.Var()]
			if x == 0 {
				cl[k] = l
				k++
			} else if (x > 0) == l.Pos() {
				sat = true
				break
			}
		}
		if sat {
			continue
		}
		if k == 0 {
			empty = true
			continue
		}
		if k == 1 {
			i := 2 * cl[0].Var()
			if cl[0] < 0 {
				i++
			}
			if unit[i] {
				continue // the same unit clause twice
			}
			unit[i] = true
		}
		out = append(out, cl[:k])
	}
	f.Clauses = out
	for v := 1; v <= f.Primary; v++ {
		switch val[v] {
		case 1:
			f.Add(Lit(v))
		case -1:
			f.Add(Lit(-v))
		}
	}
	if clash || empty {
		f.Add() // the empty clause: no model
	}
}

// comments returns the DIMACS header comments of an encoded board.
func comments(b *board.Board, enc string, amo AMO, numVars int) []string {
	n := b.Side()
	n3 := NumVars(n)
	c := []string{
		fmt.Sprintf("Sudoku %v, %d givens, encoding %s, at-most-one %s", b.Shape, b.Givens(), enc, amo),
		"variables: var(r,c,d) = r*N^2 + c*N + d, r and c the 0-based row and column, d the 1-based digit",
		fmt.Sprintf("  here N = %d: var(r,c,d) = %d*r + %d*c + d, variables 1..%d; true means cell (r,c) holds d", n, n*n, n, n3),
		"  cells are row-major; boxes are " + strconv.Itoa(b.Shape.BoxRows) + " rows by " + strconv.Itoa(b.Shape.BoxCols) + " columns",
	}
	if numVars > n3 {
		c = append(c, fmt.Sprintf("auxiliary variables %d..%d (from the %s at-most-one encoding) start after N^3 = %d", n3+1, numVars, amo, n3))
	} else {
		c = append(c, fmt.Sprintf("no auxiliary variables: every variable is var(r,c,d), 1..%d", n3))
	}
	switch enc {
	case "minimal":
		c = append(c, "clauses: each cell has at least one digit; each row, column and box holds each digit at most once; one unit clause per given")
	case "efficient":
		c = append(c, "clauses: each cell has exactly one digit; each row, column and box holds each digit at most once; one unit clause per given")
	case "extended":
		c = append(c, "clauses: exactly one digit per cell, and each digit exactly once per row, column and box; one unit clause per given")
	case "reduced":
		c = append(c, "clauses: the extended encoding with the givens propagated away (satisfied clauses and false literals dropped),",
			"  then one unit clause per variable the givens fix (+v for a given, -v for a digit it rules out)")
	case "fast":
		c = append(c, "clauses: givens, naked and hidden singles propagated to a fixpoint; exactly-one clauses over the open candidates only;",
			"  one unit clause per decided variable (+v for a placed digit, -v for an eliminated candidate)")
	}
	c = append(c, "at-most-one: "+amo.describe())
	if n <= 35 {
		c = append(c, "puzzle: "+puzzleLine(b))
	}
	return c
}

// puzzleLine writes b on one line, 1-9 then A-Z, '.' for a blank.
func puzzleLine(b *board.Board) string {
	const symbols = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	out := make([]byte, len(b.Cells))
	for i, d := range b.Cells {
		if d == 0 {
			out[i] = '.'
		} else {
			out[i] = symbols[d-1]
		}
	}
	return string(out)
}
