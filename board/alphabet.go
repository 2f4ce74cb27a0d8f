package board

import (
	"fmt"
	"strings"
	"sync"
)

// Alphabet maps the symbols of the compact and line formats to digits.
// The symbol of digit d (1-based) is Symbols[d-1]; any byte of Blanks is read
// as a blank cell and Blanks[0] is the blank that writers produce. Letters
// are read case-insensitively. The grid format does not use an alphabet: its
// cells are decimal numbers.
type Alphabet struct {
	Name    string // "default", "hex", "letters", or a caller's own name
	Symbols string // symbol of digit d is Symbols[d-1]
	Blanks  string // accepted blank symbols; Blanks[0] is written
}

// The alphabets in common use. Every one of them also accepts '-' as a blank
// (as in SPOJ and Dürr's 25×25 files); a line made only of '-' is therefore a
// row of blanks when its length fits, and a box separator otherwise.
var (
	// Default is "1-9A-Z": digits 1-9, then A=10 … Z=35 (16×16 uses 1-9A-G,
	// 25×25 1-9A-P); blanks '.', '0' and '-'.
	Default = Alphabet{Name: "default", Symbols: "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ", Blanks: ".0-"}
	// Hex is "0-F" for 16×16: symbol '0' is digit 1 … 'F' is 16; blanks '.' and '-'.
	Hex = Alphabet{Name: "hex", Symbols: "0123456789ABCDEF", Blanks: ".-"}
	// Letters is "A-Z": A=1 … P=16 … Y=25; blanks '.', '-' and '0'.
	Letters = Alphabet{Name: "letters", Symbols: "ABCDEFGHIJKLMNOPQRSTUVWXYZ", Blanks: ".-0"}
)

// AlphabetNames lists the names AlphabetByName accepts.
var AlphabetNames = []string{"default", "hex", "letters"}

// AlphabetByName returns the alphabet called name ("default", "hex" or
// "letters", case-insensitive; "" means default).
func AlphabetByName(name string) (Alphabet, error) {
	switch strings.ToLower(name) {
	case "", "default":
		return Default, nil
	case "hex":
		return Hex, nil
	case "letters":
		return Letters, nil
	}
	return Alphabet{}, fmt.Errorf("unknown alphabet %q (want one of %s)", name, strings.Join(AlphabetNames, ", "))
}

// Symbol returns the symbol of digit d: Blanks[0] for d = 0, Symbols[d-1]
// for 1 ≤ d ≤ len(Symbols), and '?' for a digit the alphabet cannot write
// (CanWrite tells which boards an alphabet can write).
func (a Alphabet) Symbol(d int) byte {
	switch {
	case d == 0 && a.Blanks != "":
		return a.Blanks[0]
	case d >= 1 && d <= len(a.Symbols):
		return a.Symbols[d-1]
	}
	return '?'
}

// Digit returns the digit of symbol ch: 1..len(Symbols) for a symbol (either
// case for a letter), 0 for a blank, and ok false for any other byte.
func (a Alphabet) Digit(ch byte) (d int, ok bool) {
	if i := strings.IndexByte(a.Symbols, ch); i >= 0 {
		return i + 1, true
	}
	if i := strings.IndexByte(a.Blanks, ch); i >= 0 {
		return 0, true
	}
	if o := otherCase(ch); o != ch {
		if i := strings.IndexByte(a.Symbols, o); i >= 0 {
			return i + 1, true
		}
	}
	return 0, false
}

func otherCase(ch byte) byte {
	switch {
	case 'a' <= ch && ch <= 'z':
		return ch - 'a' + 'A'
	case 'A' <= ch && ch <= 'Z':
		return ch - 'A' + 'a'
	}
	return ch
}

// Values of a symTable entry besides the digits 0..len(Symbols).
const (
	symBad  = 0xFF // not a symbol, a blank or a separator
	symSkip = 0xFE // '|', a box separator inside a row
)

// symTable maps every byte to its digit (0 for a blank), symBad or symSkip.
type symTable [256]uint8

var tables sync.Map // Alphabet → *symTable

// table returns the lookup table of the alphabet, built once and shared.
func (a Alphabet) table() *symTable {
	if t, ok := tables.Load(a); ok {
		return t.(*symTable)
	}
	t, _ := tables.LoadOrStore(a, a.buildTable())
	return t.(*symTable)
}

func (a Alphabet) buildTable() *symTable {
	t := new(symTable)
	for i := range t {
		d, ok := a.Digit(byte(i))
		switch {
		case ok && d < symSkip:
			t[i] = uint8(d)
		case i == '|':
			t[i] = symSkip
		default:
			t[i] = symBad
		}
	}
	return t
}

// writes reports whether boards of shape s written in format f (Compact or
// Line) with the alphabet read back: nil, or an error wrapping ErrCannotWrite.
func (a Alphabet) writes(s Shape, f Format) error {
	n := s.Side()
	if n > len(a.Symbols) {
		return fmt.Errorf("%w: a %s board needs %d symbols, but the %s alphabet has %d: use the grid or pretty format", ErrCannotWrite, dims(s), n, a.Name, len(a.Symbols))
	}
	if a.Blanks == "" {
		return fmt.Errorf("%w: the %s alphabet has no blank symbol", ErrCannotWrite, a.Name)
	}
	t := a.table()
	for d := 0; d <= n; d++ {
		c := a.Symbol(d)
		if int(t[c]) != d || strings.IndexByte(" \t\r\n#|+*=", c) >= 0 || c == '-' && d != 0 {
			return fmt.Errorf("%w: symbol %q of the %s alphabet would not read back as %d in the %s format", ErrCannotWrite, c, a.Name, d, f)
		}
	}
	return nil
}

// blankDash reports whether '-' is a blank of the alphabet.
func (a Alphabet) blankDash() bool { return strings.IndexByte(a.Blanks, '-') >= 0 }

// describe says in words which symbols a board of side n uses, such as
// "1-9 and A-G, with . 0 or - for a blank".
func (a Alphabet) describe(n int) string {
	syms := a.Symbols
	if n < len(syms) {
		syms = syms[:n]
	}
	var parts []string
	for i := 0; i < len(syms); {
		j := i
		for j+1 < len(syms) && syms[j+1] == syms[j]+1 {
			j++
		}
		switch {
		case j == i:
			parts = append(parts, syms[i:i+1])
		case j == i+1:
			parts = append(parts, syms[i:i+1], syms[j:j+1])
		default:
			parts = append(parts, syms[i:i+1]+"-"+syms[j:j+1])
		}
		i = j + 1
	}
	s := joinWords(parts, "and")
	if n > len(a.Symbols) {
		s += fmt.Sprintf(" (the %s alphabet has only %d symbols: use the grid format)", a.Name, len(a.Symbols))
	}
	var blanks []string
	for i := 0; i < len(a.Blanks); i++ {
		blanks = append(blanks, "'"+a.Blanks[i:i+1]+"'")
	}
	return s + ", with " + joinWords(blanks, "or") + " for a blank"
}

// joinWords joins "a", "b", "c" as "a, b and c" (conj "and").
func joinWords(w []string, conj string) string {
	switch len(w) {
	case 0:
		return ""
	case 1:
		return w[0]
	}
	return strings.Join(w[:len(w)-1], ", ") + " " + conj + " " + w[len(w)-1]
}
