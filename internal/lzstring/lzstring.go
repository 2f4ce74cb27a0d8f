package lzstring

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf16"
)

// Alphabet selects the printable form of a compressed stream.
type Alphabet int

const (
	// Base64 is lz-string's compressToBase64 form: A–Z a–z 0–9 + /, padded
	// with '=' to a multiple of four characters.
	Base64 Alphabet = iota
	// URISafe is lz-string's compressToEncodedURIComponent form:
	// A–Z a–z 0–9 + - $, unpadded.
	URISafe
)

const (
	base64Chars  = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	uriSafeChars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$"
)

// DefaultMaxLen is the output limit, in UTF-16 code units, of
// DecompressFromBase64 and DecompressFromEncodedURIComponent: 16 Mi units,
// far above any puzzle (a large f-puzzles file is a few hundred kilobytes).
const DefaultMaxLen = 1 << 24

// Errors returned by the decompressors; test with errors.Is.
var (
	// ErrCorrupt reports input that is not an lz-string stream of the
	// chosen alphabet.
	ErrCorrupt = errors.New("lzstring: corrupt input")
	// ErrTooLarge reports a stream whose output exceeds the limit.
	ErrTooLarge = errors.New("lzstring: output too large")
)

// reverse maps a byte of each alphabet to its 6-bit value; 0xff marks a
// byte outside the alphabet.
var reverse = [2][256]uint8{table(base64Chars), table(uriSafeChars)}

func table(chars string) [256]uint8 {
	var t [256]uint8
	for i := range t {
		t[i] = 0xff
	}
	for i := 0; i < len(chars); i++ {
		t[chars[i]] = uint8(i)
	}
	return t
}

func (a Alphabet) chars() string {
	if a == URISafe {
		return uriSafeChars
	}
	return base64Chars
}

// CompressToBase64 compresses s as lz-string's compressToBase64 does.
func CompressToBase64(s string) string { return Compress(s, Base64) }

// CompressToEncodedURIComponent compresses s as lz-string's
// compressToEncodedURIComponent does.
func CompressToEncodedURIComponent(s string) string { return Compress(s, URISafe) }

// DecompressFromBase64 decompresses the output of compressToBase64, with an
// output limit of DefaultMaxLen code units.
func DecompressFromBase64(s string) (string, error) { return Decompress(s, Base64, DefaultMaxLen) }

// DecompressFromEncodedURIComponent decompresses the output of
// compressToEncodedURIComponent, with an output limit of DefaultMaxLen code
// units. As in lz-string, a space is read as '+' (a form decoder may have
// turned one into the other).
func DecompressFromEncodedURIComponent(s string) (string, error) {
	return Decompress(s, URISafe, DefaultMaxLen)
}

// Compress compresses s into the printable form a.
func Compress(s string, a Alphabet) string {
	units := utf16.Encode([]rune(s))
	w := bitWriter{chars: a.chars()}
	compress(units, &w)
	out := w.sb.String()
	if a == Base64 {
		if pad := (4 - len(out)%4) % 4; pad > 0 {
			out += strings.Repeat("=", pad)
		}
	}
	return out
}

// bitWriter packs codes six bits to a character, most significant bit of
// each character first, as lz-string's _compress does with bitsPerChar 6.
type bitWriter struct {
	chars string
	sb    strings.Builder
	val   int
	pos   int
}

// bit appends one bit.
func (w *bitWriter) bit(b int) {
	w.val = w.val<<1 | b
	if w.pos == 5 {
		w.pos = 0
		w.sb.WriteByte(w.chars[w.val])
		w.val = 0
	} else {
		w.pos++
	}
}

// bits appends the n low bits of v, least significant first.
func (w *bitWriter) bits(v, n int) {
	for i := 0; i < n; i++ {
		w.bit(v & 1)
		v >>= 1
	}
}

// flush pads the last character with zero bits.
func (w *bitWriter) flush() {
	for {
		w.val <<= 1
		if w.pos == 5 {
			w.sb.WriteByte(w.chars[w.val])
			return
		}
		w.pos++
	}
}

// compress is lz-string's _compress. The dictionary is a trie: a phrase is
// its code, and phrase+unit is found under the key code<<16 | unit. A
// single unit is its own phrase, created when first seen; its literal is
// written the first time the phrase is emitted (pending holds those units).
func compress(units []uint16, w *bitWriter) {
	single := map[uint16]int{}
	pending := map[uint16]bool{}
	trie := map[int]int{}
	dictSize, numBits, enlargeIn := 3, 2, 2
	phrase, first := -1, uint16(0) // code of the current phrase (-1: none) and its first unit
	isSingle := false

	emit := func() {
		if isSingle && pending[first] {
			if first < 256 {
				w.bits(0, numBits)
				w.bits(int(first), 8)
			} else {
				w.bits(1, numBits)
				w.bits(int(first), 16)
			}
			delete(pending, first)
			// The literal's own entry counts as a dictionary growth.
			enlargeIn--
			if enlargeIn == 0 {
				enlargeIn = 1 << numBits
				numBits++
			}
		} else {
			w.bits(phrase, numBits)
		}
		enlargeIn--
		if enlargeIn == 0 {
			enlargeIn = 1 << numBits
			numBits++
		}
	}

	for _, c := range units {
		code, seen := single[c]
		if !seen {
			code = dictSize
			single[c] = code
			dictSize++
			pending[c] = true
		}
		if phrase < 0 {
			phrase, first, isSingle = code, c, true
			continue
		}
		key := phrase<<16 | int(c)
		if next, ok := trie[key]; ok {
			phrase, isSingle = next, false
			continue
		}
		emit()
		trie[key] = dictSize
		dictSize++
		phrase, first, isSingle = code, c, true
	}
	if phrase >= 0 {
		emit()
	}
	w.bits(2, numBits)
	w.flush()
}

// Decompress decompresses s, written in the printable form a, and returns
// ErrTooLarge if the output would exceed maxLen UTF-16 code units (maxLen ≤ 0
// means DefaultMaxLen). Like lz-string, it reads '=' (padding) as zero bits;
// in the URI-safe form it reads a space as '+'.
func Decompress(s string, a Alphabet, maxLen int) (string, error) {
	if maxLen <= 0 {
		maxLen = DefaultMaxLen
	}
	if s == "" {
		return "", fmt.Errorf("%w: empty input", ErrCorrupt)
	}
	units, err := decompress(newBitReader(s, a), maxLen)
	if err != nil {
		return "", err
	}
	return string(utf16.Decode(units)), nil
}

// bitReader reads the bits of a printable stream, six per character, most
// significant first. It loads characters eagerly, as lz-string does: index
// counts the characters loaded, so index > len(s) once a read has gone past
// the end (where it reads zeros), which is how a truncated stream is told.
type bitReader struct {
	s     string
	rev   *[256]uint8
	uri   bool
	index int
	val   int
	pos   int // mask of the next bit in val
	err   error
}

func newBitReader(s string, a Alphabet) *bitReader {
	r := &bitReader{s: s, rev: &reverse[a], uri: a == URISafe}
	r.load()
	return r
}

// load makes character index the current one and advances index.
func (r *bitReader) load() {
	r.pos = 32
	r.val = 0
	if r.index < len(r.s) {
		ch := r.s[r.index]
		if r.uri && ch == ' ' {
			ch = '+'
		}
		switch v := r.rev[ch]; {
		case v != 0xff:
			r.val = int(v)
		case ch == '=':
			// padding: zero bits, as lz-string reads it
		default:
			if r.err == nil {
				r.err = fmt.Errorf("%w: character %q at offset %d is not in the alphabet", ErrCorrupt, ch, r.index)
			}
		}
	}
	r.index++
}

// bits reads an n-bit value, least significant bit first.
func (r *bitReader) bits(n int) int {
	v := 0
	for i := 0; i < n; i++ {
		if r.val&r.pos != 0 {
			v |= 1 << i
		}
		r.pos >>= 1
		if r.pos == 0 {
			r.load()
		}
	}
	return v
}

// span is a dictionary entry: n units of the output from start, or the
// single unit lit when n is 0.
type span struct {
	start, n int
	lit      uint16
}

// decompress is lz-string's _decompress. Every entry of its dictionary is
// either a literal unit or a piece of the output written so far (the
// previous phrase followed by the first unit of the next), so the
// dictionary holds spans into the output instead of copies: time and memory
// stay linear in the output, which maxLen bounds.
func decompress(r *bitReader, maxLen int) ([]uint16, error) {
	dict := []span{{}, {}, {}} // codes 0, 1, 2 are control codes
	enlargeIn, numBits := 4, 3
	var out []uint16

	literal := func(code int) (uint16, bool) {
		switch code {
		case 0:
			return uint16(r.bits(8)), true
		case 1:
			return uint16(r.bits(16)), true
		}
		return 0, false
	}

	code := r.bits(2)
	if code == 2 {
		return []uint16{}, r.err
	}
	c, ok := literal(code)
	if !ok {
		return nil, fmt.Errorf("%w: stream starts with code %d", ErrCorrupt, code)
	}
	dict = append(dict, span{lit: c})
	out = append(out, c)
	wStart, wLen := 0, 1
	for {
		if r.err != nil {
			return nil, r.err
		}
		if r.index > len(r.s) {
			return nil, fmt.Errorf("%w: stream ends without its end code", ErrCorrupt)
		}
		code = r.bits(numBits)
		if code == 2 {
			if r.err != nil {
				return nil, r.err
			}
			return out, nil
		}
		if lit, ok := literal(code); ok {
			dict = append(dict, span{lit: lit})
			code = len(dict) - 1
			enlargeIn--
		}
		if enlargeIn == 0 {
			enlargeIn = 1 << numBits
			numBits++
		}
		start := len(out)
		switch {
		case code < len(dict):
			e := dict[code]
			if len(out)+max(e.n, 1) > maxLen {
				return nil, fmt.Errorf("%w: more than %d units", ErrTooLarge, maxLen)
			}
			if e.n == 0 {
				out = append(out, e.lit)
			} else {
				out = append(out, out[e.start:e.start+e.n]...)
			}
		case code == len(dict):
			// The entry being defined: the previous phrase and its own first unit.
			if len(out)+wLen+1 > maxLen {
				return nil, fmt.Errorf("%w: more than %d units", ErrTooLarge, maxLen)
			}
			out = append(out, out[wStart:wStart+wLen]...)
			out = append(out, out[wStart])
		default:
			return nil, fmt.Errorf("%w: code %d names no dictionary entry (size %d)", ErrCorrupt, code, len(dict))
		}
		// The previous phrase and the first unit of this one are contiguous
		// in the output.
		dict = append(dict, span{start: wStart, n: wLen + 1})
		enlargeIn--
		wStart, wLen = start, len(out)-start
		if enlargeIn == 0 {
			enlargeIn = 1 << numBits
			numBits++
		}
	}
}
