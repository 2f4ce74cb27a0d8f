package board

import (
	"bytes"
	"errors"
	"math/rand"
	"strings"
	"testing"
	"unicode/utf8"
)

// testShapes are the shapes the writer tests cover.
var testShapes = []Shape{{1, 4}, {2, 2}, {3, 3}, {4, 4}, {5, 5}, {6, 6}, {8, 8}, {2, 3}, {3, 2}, {2, 4}, {3, 4}, {2, 5}, {3, 5}, {4, 5}}

// randomBoard fills a board of shape s with random digits and blanks (not a valid Sudoku).
func randomBoard(rng *rand.Rand, s Shape) *Board {
	b := New(s)
	for i := range b.Cells {
		if rng.Intn(3) > 0 {
			b.Cells[i] = uint8(1 + rng.Intn(s.Side()))
		}
	}
	return b
}

func TestWriteGridIsString(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewSource(1))
	for _, s := range testShapes {
		b := randomBoard(rng, s)
		var buf bytes.Buffer
		if err := WriteGrid(&buf, b); err != nil {
			t.Fatal(err)
		}
		if buf.String() != b.String() {
			t.Errorf("%v: WriteGrid\n%s\nString\n%s", s, buf.String(), b.String())
		}
	}
}

func TestWriteFormats(t *testing.T) {
	t.Parallel()
	b, err := Parse(pe01)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		f    Format
		a    Alphabet
		want string
	}{
		{Grid, Default, strings.ReplaceAll(strings.ReplaceAll(pe01, "", " "), " \n ", "\n")[1:]},
		{Compact, Default, strings.ReplaceAll(pe01, "0", ".")},
		{Line, Default, pe01L + "\n"},
		{Line, Letters, strings.Map(func(r rune) rune {
			if r == '.' {
				return r
			}
			return r - '1' + 'A'
		}, pe01L) + "\n"},
		{Line, Hex, strings.Map(func(r rune) rune {
			if r == '.' {
				return r
			}
			return r - 1
		}, pe01L) + "\n"},
	}
	for _, tt := range tests {
		var buf bytes.Buffer
		if err := Write(&buf, b, tt.f, tt.a); err != nil {
			t.Fatal(err)
		}
		want := strings.TrimSuffix(tt.want, " ")
		if buf.String() != want {
			t.Errorf("%v %s:\n%q\nwant\n%q", tt.f, tt.a.Name, buf.String(), want)
		}
	}
	if err := Write(&bytes.Buffer{}, b, FormatUnknown, Default); err == nil {
		t.Error("Write accepted FormatUnknown")
	}
	// A digit the alphabet cannot write.
	big := New(Square(6))
	big.Cells[0] = 36
	if got := string(AppendLine(nil, big, Default)[:2]); got != "?." {
		t.Errorf("digit 36 in Default: %q", got)
	}
}

func TestAppendLineAllocs(t *testing.T) {
	b, _ := Parse(line9)
	dst := make([]byte, 0, 100)
	if n := testing.AllocsPerRun(100, func() { dst = AppendLine(dst[:0], b, Default) }); n != 0 {
		t.Errorf("AppendLine allocates %v times", n)
	}
}

func TestSubset(t *testing.T) {
	t.Parallel()
	b, _ := Parse(line9)
	before := b.Clone()
	got := Subset(b, []int{0, 4, 80, -1, 81})
	if got.Givens() != 2 || got.Cells[0] != 4 || got.Cells[4] != 3 || !b.Equal(before) {
		t.Errorf("Subset: %v", got)
	}
}

func TestAlphabet(t *testing.T) {
	t.Parallel()
	tests := []struct {
		a    Alphabet
		ch   byte
		d    int
		ok   bool
		back byte
	}{
		{Default, '1', 1, true, '1'},
		{Default, '9', 9, true, '9'},
		{Default, 'A', 10, true, 'A'},
		{Default, 'g', 16, true, 'G'},
		{Default, 'Z', 35, true, 'Z'},
		{Default, '.', 0, true, '.'},
		{Default, '0', 0, true, '.'},
		{Default, '-', 0, true, '.'},
		{Default, '*', 0, false, 0},
		{Hex, '0', 1, true, '0'},
		{Hex, 'f', 16, true, 'F'},
		{Hex, 'G', 0, false, 0},
		{Hex, '.', 0, true, '.'},
		{Letters, 'A', 1, true, 'A'},
		{Letters, 'p', 16, true, 'P'},
		{Letters, '-', 0, true, '.'},
		{Letters, '0', 0, true, '.'},
		{Letters, '1', 0, false, 0},
	}
	for _, tt := range tests {
		d, ok := tt.a.Digit(tt.ch)
		if d != tt.d || ok != tt.ok {
			t.Errorf("%s.Digit(%q) = %d, %v; want %d, %v", tt.a.Name, tt.ch, d, ok, tt.d, tt.ok)
		}
		if ok {
			if got := tt.a.Symbol(d); got != tt.back {
				t.Errorf("%s.Symbol(%d) = %q, want %q", tt.a.Name, d, got, tt.back)
			}
		}
	}
	if Default.Symbol(36) != '?' || Default.Symbol(-1) != '?' {
		t.Error("Symbol out of range")
	}
	for _, name := range append(AlphabetNames, "", "HEX") {
		if _, err := AlphabetByName(name); err != nil {
			t.Errorf("AlphabetByName(%q): %v", name, err)
		}
	}
	if _, err := AlphabetByName("klingon"); err == nil {
		t.Error("AlphabetByName accepted klingon")
	}
	for _, tt := range []struct {
		a    Alphabet
		n    int
		want string
	}{
		{Default, 4, "1-4, with '.', '0' or '-' for a blank"},
		{Default, 16, "1-9 and A-G, with '.', '0' or '-' for a blank"},
		{Hex, 16, "0-9 and A-F, with '.' or '-' for a blank"},
		{Letters, 2, "A and B, with '.', '-' or '0' for a blank"},
	} {
		if got := tt.a.describe(tt.n); got != tt.want {
			t.Errorf("%s.describe(%d) = %q, want %q", tt.a.Name, tt.n, got, tt.want)
		}
	}
}

func TestParseFormat(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name string
		f    Format
	}{
		{"grid", Grid}, {"compact", Compact}, {"line", Line}, {"pretty", Pretty}, {"LINE", Line}, {"Pretty", Pretty},
		{"csv", FormatUnknown}, {"", FormatUnknown}, {"json", FormatUnknown}, {"unknown", FormatUnknown},
	} {
		f, err := ParseFormat(tt.name)
		if f != tt.f || (err == nil) != (tt.f != FormatUnknown) {
			t.Errorf("ParseFormat(%q) = %v, %v", tt.name, f, err)
		}
		if err == nil && !strings.EqualFold(f.String(), tt.name) {
			t.Errorf("%v.String() = %q", f, f.String())
		}
	}
	if _, err := ParseFormat("csv"); err == nil || err.Error() != `unknown format "csv" (want grid, compact, line or pretty)` {
		t.Errorf("ParseFormat(csv): %v", err)
	}
	for i, name := range FormatNames {
		if f, err := ParseFormat(name); err != nil || f != Grid+Format(i) {
			t.Errorf("FormatNames[%d] = %q parses as %v, %v", i, name, f, err)
		}
	}
	if FormatUnknown.String() != "unknown" || Format(99).String() != "unknown" {
		t.Error("String of an unknown format")
	}
}

func TestWritePretty(t *testing.T) {
	t.Parallel()
	puzzle, _ := Parse("12.4\n..1.\n....\n4..1\n")
	sol, _ := Parse("1234\n3412\n2143\n4321\n")
	tests := []struct {
		name string
		sol  *Board
		o    PrettyOptions
		want string
	}{
		{"Unicode", sol, PrettyOptions{}, "" +
			"┌─────┬─────┐\n" +
			"│ 1 2 │ 3 4 │\n" +
			"│ 3 4 │ 1 2 │\n" +
			"├─────┼─────┤\n" +
			"│ 2 1 │ 4 3 │\n" +
			"│ 4 3 │ 2 1 │\n" +
			"└─────┴─────┘\n"},
		{"ASCIIBlanks", puzzle, PrettyOptions{ASCII: true}, "" +
			"+-----+-----+\n" +
			"| 1 2 | . 4 |\n" +
			"| . . | 1 . |\n" +
			"+-----+-----+\n" +
			"| . . | . . |\n" +
			"| 4 . | . 1 |\n" +
			"+-----+-----+\n"},
	}
	for _, tt := range tests {
		var buf bytes.Buffer
		if err := WritePretty(&buf, tt.sol, puzzle, tt.o); err != nil {
			t.Fatal(err)
		}
		if buf.String() != tt.want {
			t.Errorf("%s:\n%s\nwant\n%s", tt.name, buf.String(), tt.want)
		}
	}
	var buf bytes.Buffer
	if err := WritePretty(&buf, sol, puzzle, PrettyOptions{Color: true}); err != nil {
		t.Fatal(err)
	}
	if got := buf.String(); !strings.Contains(got, ansiGiven+"1"+ansiReset) || !strings.Contains(got, ansiSolved+"3"+ansiReset) || strings.Count(got, ansiGiven) != puzzle.Givens() {
		t.Errorf("colours:\n%q", got)
	}
	if err := WritePretty(&buf, &Board{Shape: Classic, Cells: make([]uint8, 3)}, nil, PrettyOptions{}); !errors.Is(err, ErrShape) {
		t.Errorf("bad board: %v", err)
	}
	if err := WritePretty(&buf, sol, New(Classic), PrettyOptions{}); !errors.Is(err, ErrShape) {
		t.Errorf("mismatched puzzle: %v", err)
	}
	// Every shape: all lines have the same width.
	rng := rand.New(rand.NewSource(3))
	for _, s := range testShapes {
		for _, o := range []PrettyOptions{{}, {ASCII: true}, {Alphabet: &Default}} {
			buf.Reset()
			if err := WritePretty(&buf, randomBoard(rng, s), nil, o); err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
			if want := s.Side() + s.BoxCols + 1; len(lines) != want {
				t.Errorf("%v: %d lines, want %d", s, len(lines), want)
			}
			for _, l := range lines {
				if utf8.RuneCountInString(l) != utf8.RuneCountInString(lines[0]) {
					t.Errorf("%v %+v: ragged lines\n%s", s, o, buf.String())
					break
				}
			}
		}
	}
}
