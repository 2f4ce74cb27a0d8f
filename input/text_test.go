package input

import (
	"bufio"
	"bytes"
	"io"
	"math/rand/v2"
	"testing"
	"testing/iotest"
	"unicode/utf16"
)

// TestUTF16Reader decodes random text, every plane and surrogate pairs
// included, written as UTF-16 in both byte orders and read a few bytes at a
// time.
func TestUTF16Reader(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 200; i++ {
		var runes []rune
		for j := rng.IntN(50); j > 0; j-- {
			r := rune(rng.IntN(0x110000))
			if utf16.IsSurrogate(r) {
				r = 'x'
			}
			runes = append(runes, r)
		}
		for _, big := range []bool{false, true} {
			var raw []byte
			for _, u := range utf16.Encode(runes) {
				if big {
					raw = append(raw, byte(u>>8), byte(u))
				} else {
					raw = append(raw, byte(u), byte(u>>8))
				}
			}
			u := &utf16Reader{r: bufio.NewReaderSize(iotest.OneByteReader(bytes.NewReader(raw)), 16), big: big}
			got, err := io.ReadAll(u)
			if err != nil || string(got) != string(runes) {
				t.Fatalf("big-endian %v: %q (%v), want %q", big, got, err, string(runes))
			}
		}
	}
}
