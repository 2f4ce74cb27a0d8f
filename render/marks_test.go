package render

import (
	"fmt"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/internal/variantcorpus"
	"github.com/satdoku/satdoku/variant"
)

// corpusPuzzles reads every puzzle of testdata/variants.
func corpusPuzzles(t *testing.T) (names []string, puzzles []*variant.Puzzle) {
	t.Helper()
	for _, cp := range variantcorpus.Read(t) {
		names = append(names, cp.File)
		puzzles = append(puzzles, cp.Puzzle)
	}
	return names, puzzles
}

// everyCandidate returns, for each blank cell, every digit: the most marks
// a cell can hold, in every position of the layout.
func everyCandidate(b *board.Board) []uint64 {
	n := b.Side()
	out := make([]uint64, len(b.Cells))
	for i, d := range b.Cells {
		if d == 0 {
			out[i] = 1<<n - 1
		}
	}
	return out
}

// boxOf returns the box an item covers, for the texts and shapes that
// marks must keep clear of.
func boxOf(it Item) box {
	switch it := it.(type) {
	case *Text:
		x0, y0, x1, y1 := TextBox(it)
		return box{x0, y0, x1, y1}
	case *Rect:
		return box{it.Min.X, it.Min.Y, it.Min.X + it.W, it.Min.Y + it.H}
	case *Circle:
		return box{it.C.X - it.R, it.C.Y - it.R, it.C.X + it.R, it.C.Y + it.R}
	case *Path:
		b := box{1e18, 1e18, -1e18, -1e18}
		for _, poly := range it.Polys {
			for _, p := range poly {
				b = box{min(b.x0, p.X), min(b.y0, p.Y), max(b.x1, p.X), max(b.y1, p.Y)}
			}
		}
		return b
	}
	return box{}
}

// keepClear reports whether an item is one that marks must not touch: a
// cage sum (and its white patch), or a clue outside the grid (its number,
// frame or arrow).
func keepClear(it Item) bool {
	class := MetaOf(it).Class
	words := strings.Fields(class)
	for _, w := range words {
		switch w {
		case "sum", "sum-back", "clue", "frame":
			return true
		case "arrow":
			return strings.HasPrefix(class, "littlekillersum")
		}
	}
	return false
}

// TestMarksClear draws every corpus puzzle with a full set of pencil
// marks in each blank cell (and, for pencil-mark grids, their given
// marks): no mark's box meets the box of a cage sum or of a clue outside
// the grid, and every mark stays in its cell.
func TestMarksClear(t *testing.T) {
	t.Parallel()
	names, puzzles := corpusPuzzles(t)
	checked := 0
	for k, p := range puzzles {
		for _, cand := range [][]uint64{everyCandidate(p.Givens), nil} {
			sc, err := Draw(&Picture{Variant: p, Candidates: cand}, Options{})
			if err != nil {
				t.Fatalf("%s: %v", names[k], err)
			}
			var clear []Item
			for _, it := range sc.Items {
				if keepClear(it) {
					clear = append(clear, it)
				}
			}
			l := layoutOf(sc, p.Side())
			for _, it := range sc.Find("candidate") {
				mark := it.(*Text)
				mb := boxOf(mark)
				cell := mark.Cells[0]
				corner := l.Corner(cell/p.Side(), cell%p.Side())
				if mb.x0 < corner.X || mb.y0 < corner.Y || mb.x1 > corner.X+l.Cell || mb.y1 > corner.Y+l.Cell {
					t.Errorf("%s: mark %s of %s leaves its cell: %+v", names[k], mark.Text, board.CellName(p.Side(), cell), mb)
				}
				for _, c := range clear {
					if mb.overlaps(boxOf(c)) {
						t.Errorf("%s: mark %s of %s meets %q", names[k], mark.Text, board.CellName(p.Side(), cell), MetaOf(c).Class)
					}
				}
				checked++
			}
		}
	}
	if checked < 10000 {
		t.Errorf("only %d marks checked", checked)
	}
}

// layoutOf returns the layout of a scene's grid, from its border.
func layoutOf(sc *Scene, n int) Layout {
	b := sc.Find("border")[0].(*Rect)
	return Layout{N: n, Cell: b.W / float64(n), Origin: b.Min}
}

// TestSingleCandidateIsDigit: a cell with one candidate is a full-size
// digit in the solved colour, not a mark; a cell with two is two marks.
func TestSingleCandidateIsDigit(t *testing.T) {
	t.Parallel()
	for _, n := range []int{4, 9, 16, 25} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			shape, _ := board.ShapeForSide(n)
			pz := board.New(shape)
			cand := make([]uint64, n*n)
			cand[0] = 1 << (n - 1) // the largest digit alone
			cand[1] = 0b11
			sc, err := Draw(&Picture{Puzzle: pz, Candidates: cand}, Options{})
			if err != nil {
				t.Fatal(err)
			}
			digits := sc.Find("digit")
			if len(digits) != 1 {
				t.Fatalf("%d digits drawn, want 1", len(digits))
			}
			d := digits[0].(*Text)
			if d.Text != fmt.Sprint(n) || d.Color != solvedColor || d.Cells[0] != 0 || !strings.Contains(d.Class, "solved") || d.Size < 0.4*DefaultCellSize {
				t.Errorf("single candidate drawn as %+v", d)
			}
			if marks := sc.Find("candidate"); len(marks) != 2 || marks[0].(*Text).Size >= 0.4*DefaultCellSize {
				t.Errorf("%d marks for the cell of two candidates", len(marks))
			}
		})
	}
}

// wideSums returns the cells that hold a cage sum of three or more
// symbols ("DR5", "100"): their marks go below the sum, and may be smaller
// than minFont.
func wideSums(sc *Scene) map[int]bool {
	out := map[int]bool{}
	for _, it := range sc.Items {
		if s, ok := it.(*Text); ok && hasWords(s.Class, []string{"sum"}) && len(s.Text) >= 3 {
			out[s.Cells[0]] = true
		}
	}
	return out
}

// minFont is the smallest font size, in px at --scale 1 (the default cell
// of 40 units), of any text satdoku draws on a board up to 9×9: cage sums,
// pencil marks (but those beside a sum of three symbols, see wideSums),
// clue numbers, dot values, quadruple digits, legends. On
// larger boards, where a cell holds up to 25 marks, the bound is
// minFontLarge of a cell. The setter's own cosmetic texts keep the size
// the setter gave them and are not counted.
const (
	minFont      = 9.0
	minFontLarge = 0.14
)

// TestFontSizes draws every corpus puzzle with full pencil marks and
// every highlight, and a blank 16×16 and 25×25 with marks: no text is
// smaller than minFont px at --scale 1 (minFontLarge of a cell beyond
// 9×9).
func TestFontSizes(t *testing.T) {
	t.Parallel()
	names, puzzles := corpusPuzzles(t)
	for _, n := range []int{16, 25} {
		shape, _ := board.ShapeForSide(n)
		names = append(names, fmt.Sprintf("blank %dx%d", n, n))
		puzzles = append(puzzles, variant.New(shape))
	}
	for k, p := range puzzles {
		all := make([]int, len(p.Givens.Cells))
		for i := range all {
			all[i] = i
		}
		pic := &Picture{Variant: p, Candidates: everyCandidate(p.Givens), Highlights: []Highlight{Conflict(all[:1]), Difference(all[1:2])}}
		sc, err := Draw(pic, Options{CandidateCounts: true})
		if err != nil {
			t.Fatal(err)
		}
		least := minFont
		if p.Side() > 9 {
			least = minFontLarge * DefaultCellSize
		}
		wide := wideSums(sc)
		for _, it := range sc.Items {
			txt, ok := it.(*Text)
			if !ok || strings.HasPrefix(txt.Class, "cosmetic") || strings.Contains(txt.Class, "candidate") && wide[txt.Cells[0]] {
				continue
			}
			if txt.Size < least {
				t.Errorf("%s: %q (%s) at %.1f px, under %.1f", names[k], txt.Text, txt.Class, txt.Size, least)
			}
		}
	}
}

// TestCandidateCounts: with Options.CandidateCounts, each cell of 2, 3 or
// 4 candidates is coloured by their number, and the legend names the
// colours used.
func TestCandidateCounts(t *testing.T) {
	t.Parallel()
	pz := board.New(board.Classic)
	pz.Cells[0] = 5
	cand := make([]uint64, 81)
	cand[1], cand[2], cand[3], cand[4], cand[5] = 0b1, 0b11, 0b111, 0b1111, 0b111111111
	sc, err := Draw(&Picture{Puzzle: pz, Candidates: cand}, Options{CandidateCounts: true})
	if err != nil {
		t.Fatal(err)
	}
	for k, want := range [][]int{{2}, {3}, {4}} {
		items := sc.Find("highlight count" + fmt.Sprint(k+2))
		if len(items) != 1 || fmt.Sprint(MetaOf(items[0]).Cells) != fmt.Sprint(want) {
			t.Errorf("count %d: %d items", k+2, len(items))
		}
	}
	var labels []string
	for _, it := range sc.Find("legend label") {
		labels = append(labels, it.(*Text).Text)
	}
	if strings.Join(labels, "|") != strings.Join(countLabels, "|") {
		t.Errorf("legend %q", labels)
	}
	if len(sc.Find("highlight count5")) != 0 {
		t.Error("a cell of 9 candidates is coloured")
	}
	if sc.Height <= sc.Width {
		t.Errorf("no room made for the legend: %v×%v", sc.Width, sc.Height)
	}
	plain, _ := Draw(&Picture{Puzzle: pz, Candidates: cand}, Options{})
	if len(plain.Find("highlight")) != 0 || len(plain.Find("legend")) != 0 {
		t.Error("cells coloured by count without the option")
	}
}
