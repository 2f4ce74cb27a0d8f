package board

import (
	"bytes"
	"errors"
	"io"
	"testing"
)

// fuzzReader builds a Reader over data with options chosen by opt.
func fuzzReader(data []byte, opt uint8) *Reader {
	r := NewReader(bytes.NewReader(data))
	shapes := []Shape{{}, {}, {2, 3}, {3, 2}, {2, 2}, {3, 3}, {2, 4}, {4, 4}}
	r.Shape = shapes[opt&7]
	switch opt >> 3 & 3 {
	case 1:
		r.Alphabet = &Hex
	case 2:
		r.Alphabet = &Letters
	}
	if opt&0x20 != 0 {
		r.MaxLineLength = 100
	}
	return r
}

// readAll reads every puzzle of r, checking the Reader's contract: every
// error is a *ParseError with a position, every board fits its shape, and
// the reader always advances.
func readAll(t *testing.T, r *Reader, data []byte) []*Puzzle {
	lines := bytes.Count(data, []byte("\n")) + 1
	var out []*Puzzle
	for i := 0; ; i++ {
		if i > lines+1 {
			t.Fatalf("more than %d results from %d lines", i, lines)
		}
		p, err := r.Read()
		if err == io.EOF {
			return out
		}
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v (%T) is not a *ParseError", err, err)
			}
			if pe.Line < 1 || pe.Col < 0 || pe.Line > lines+1 || pe.StartLine < 1 || pe.Err == nil {
				t.Fatalf("bad position in %#v: %v", pe, err)
			}
			if !errors.Is(err, ErrSymbol) && !errors.Is(err, ErrRowLength) && !errors.Is(err, ErrRowCount) &&
				!errors.Is(err, ErrLineTooLong) && !errors.Is(err, ErrSize) && !errors.Is(err, ErrText) && !errors.Is(err, ErrExtra) {
				t.Fatalf("error %v wraps no sentinel", err)
			}
			continue
		}
		b := p.Board
		if !b.Shape.Valid() || len(b.Cells) != b.Shape.Cells() || r.Shape != (Shape{}) && b.Shape != r.Shape {
			t.Fatalf("board of shape %v with %d cells", b.Shape, len(b.Cells))
		}
		if err := b.Check(); err != nil && !errors.Is(err, ErrClash) {
			t.Fatalf("line %d: %v", p.Line, err)
		}
		if p.Line < 1 || p.Line > lines || p.Format == FormatUnknown {
			t.Fatalf("puzzle on line %d (of %d), format %v", p.Line, lines, p.Format)
		}
		out = append(out, p)
	}
}

func addSeeds(f *testing.F) {
	for i, tt := range readTests {
		opt := uint8(i) & 0xC0
		switch tt.shape {
		case Shape{2, 3}:
			opt |= 2
		}
		if tt.alpha == &Hex {
			opt |= 1 << 3
		}
		if tt.alpha == &Letters {
			opt |= 2 << 3
		}
		if tt.maxLen != 0 {
			opt |= 0x20
		}
		if len(tt.in) < 4096 {
			f.Add([]byte(tt.in), opt)
		}
	}
}

// FuzzReader checks that no input makes the Reader panic, loop or break its contract.
func FuzzReader(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte, opt uint8) {
		readAll(t, fuzzReader(data, opt), data)
		// Parse agrees with the Reader on inputs holding exactly one puzzle.
		if len(data) < 2000 && opt&0x3F == 0 {
			b, err := Parse(string(data))
			ps := readAll(t, fuzzReader(data, opt), data)
			if err == nil && (len(ps) != 1 || !ps[0].Board.Equal(b)) {
				t.Fatalf("Parse gave a board, the Reader %d puzzles", len(ps))
			}
		}
	})
}

// FuzzRoundtrip checks that every puzzle read, written in each format (with
// each option of Pretty) and its alphabet, reads back as the same board, or
// is refused by CanWrite with nothing written.
func FuzzRoundtrip(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte, opt uint8) {
		r := fuzzReader(data, opt)
		for _, p := range readAll(t, r, data) {
			n := p.Board.Side()
			for _, wr := range writers {
				format := wr.w.Format
				if format == Compact && n == 16 && r.Shape == (Shape{}) {
					continue // 16 rows of 16 symbols may read as 4×4 lines (documented)
				}
				var buf bytes.Buffer
				w := wr.w
				w.w, w.Alphabet = &buf, &p.Alphabet
				err := w.Write(p.Board, p.Board)
				if cerr := CanWrite(format, p.Board.Shape, p.Alphabet); cerr != nil {
					if !errors.Is(err, ErrCannotWrite) || buf.Len() > 0 {
						t.Fatalf("%s: CanWrite refused (%v), Write gave %v and %d bytes", wr.name, cerr, err, buf.Len())
					}
					continue
				}
				if err != nil {
					t.Fatalf("%s: %v", wr.name, err)
				}
				r2 := NewReader(bytes.NewReader(buf.Bytes()))
				r2.Shape, r2.Alphabet = r.Shape, r.Alphabet
				q, err := r2.Read()
				if err != nil {
					t.Fatalf("%v from line %d, written as %s:\n%s\nreads back as: %v", p.Format, p.Line, wr.name, buf.Bytes(), err)
				}
				if !q.Board.Equal(p.Board) {
					t.Fatalf("%v written as %s:\n%s\nreads back as\n%v", p.Format, wr.name, buf.Bytes(), q.Board)
				}
				if _, err := r2.Read(); err != io.EOF {
					t.Fatalf("%v written as %s:\n%s\nreads back with more: %v", p.Format, wr.name, buf.Bytes(), err)
				}
				if format == Pretty && w.Regions == nil {
					// Again with regions: any labels (here the cells'
					// digits) draw borders that Reader skips.
					w.Regions = make([]int, len(p.Board.Cells))
					for i, d := range p.Board.Cells {
						w.Regions[i] = int(d)
					}
					buf.Reset()
					if err := w.Write(p.Board, p.Board); err != nil {
						t.Fatalf("%s with regions: %v", wr.name, err)
					}
					r3 := NewReader(bytes.NewReader(buf.Bytes()))
					r3.Shape, r3.Alphabet = r.Shape, r.Alphabet
					q, err := r3.Read()
					if err != nil || !q.Board.Equal(p.Board) {
						t.Fatalf("%v written as %s with regions:\n%s\nreads back as %v (%v)", p.Format, wr.name, buf.Bytes(), q, err)
					}
				}
			}
		}
	})
}

// endsInSkippedSection reports whether the last section header of text (see
// sectionOf) heads a section that the Reader skips.
func endsInSkippedSection(text []byte) bool {
	last := noSection
	for i, line := range bytes.Split(text, []byte("\n")) {
		if i == 0 {
			line = bytes.TrimPrefix(line, []byte("\ufeff"))
		}
		if k := sectionOf(trimSpace(bytes.TrimSuffix(line, []byte("\r")))); k != noSection {
			last = k
		}
	}
	return last == otherSection
}

// FuzzNoLoss checks that the Reader never loses the puzzles after a bad one:
// whatever text comes first, two line puzzles after it (of the Reader's
// shape, in its alphabet) are both read, on their own lines, and last.
func FuzzNoLoss(f *testing.F) {
	addSeeds(f)
	f.Add([]byte("12x4"), uint8(0))
	f.Add([]byte("0 3 5 4 6 9 2 7 8\n7 8 2 1 0 5 6 0 9"), uint8(0))
	f.Add([]byte("003020600\n900305001\nGrid 02"), uint8(0))
	f.Fuzz(func(t *testing.T, prefix []byte, opt uint8) {
		if len(prefix) > 0 && prefix[len(prefix)-1] != '\n' {
			prefix = append(prefix[:len(prefix):len(prefix)], '\n')
		}
		if endsInSkippedSection(prefix) {
			// Progress under SadMan's "[State]" is skipped by design up
			// to the next section: the puzzles follow a "[Puzzle]".
			prefix = append(prefix[:len(prefix):len(prefix)], "[Puzzle]\n"...)
		}
		r := fuzzReader(nil, opt)
		r.MaxLineLength = 0
		s := r.Shape
		if s == (Shape{}) {
			s = Classic
		}
		a := Default
		if r.Alphabet != nil {
			a = *r.Alphabet
		}
		good := pattern(s)
		line := AppendLine(nil, good, a)
		data := append(append(append(append(prefix, line...), '\n'), line...), '\n')
		r = fuzzReader(data, opt)
		r.MaxLineLength = 0
		ps := readAll(t, r, data)
		first := bytes.Count(prefix, []byte("\n")) + 1
		if len(ps) < 2 {
			t.Fatalf("%d puzzles read, want the 2 line puzzles on lines %d and %d", len(ps), first, first+1)
		}
		for i, p := range ps[len(ps)-2:] {
			if p.Line != first+i || p.Format != Line || !p.Board.Equal(good) {
				t.Fatalf("puzzle %d: %v on line %d, want the line puzzle on line %d", len(ps)-2+i, p.Format, p.Line, first+i)
			}
		}
	})
}
