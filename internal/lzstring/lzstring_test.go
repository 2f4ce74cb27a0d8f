package lzstring

import (
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"
	"unicode/utf8"
)

type vectorFile struct {
	Version string `json:"version"`
	Vectors []struct {
		Input  string `json:"input"`
		Base64 string `json:"base64"`
		URI    string `json:"uri"`
	} `json:"vectors"`
	DecompressOnly []struct {
		Base64 string `json:"base64"`
		Output string `json:"output"`
	} `json:"decompressOnly"`
}

// readVectors reads testdata/vectors.json, made by testdata/make_vectors.js
// with the npm lz-string package.
func readVectors(t *testing.T) vectorFile {
	t.Helper()
	data, err := os.ReadFile("testdata/vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var v vectorFile
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Vectors) < 40 || len(v.DecompressOnly) == 0 {
		t.Fatalf("vectors.json holds %d vectors and %d payloads: regenerate it", len(v.Vectors), len(v.DecompressOnly))
	}
	return v
}

func TestVectors(t *testing.T) {
	t.Parallel()
	v := readVectors(t)
	for i, vec := range v.Vectors {
		if got := CompressToBase64(vec.Input); got != vec.Base64 {
			t.Errorf("vector %d (%d bytes): CompressToBase64 = %.60q, lz-string %s gives %.60q", i, len(vec.Input), got, v.Version, vec.Base64)
		}
		if got := CompressToEncodedURIComponent(vec.Input); got != vec.URI {
			t.Errorf("vector %d: CompressToEncodedURIComponent = %.60q, want %.60q", i, got, vec.URI)
		}
		if got, err := DecompressFromBase64(vec.Base64); err != nil || got != vec.Input {
			t.Errorf("vector %d: DecompressFromBase64 = %.60q, %v; want %.60q", i, got, err, vec.Input)
		}
		if got, err := DecompressFromEncodedURIComponent(vec.URI); err != nil || got != vec.Input {
			t.Errorf("vector %d: DecompressFromEncodedURIComponent = %.60q, %v; want %.60q", i, got, err, vec.Input)
		}
	}
	for i, vec := range v.DecompressOnly {
		got, err := DecompressFromBase64(vec.Base64)
		if err != nil || got != vec.Output {
			t.Errorf("payload %d: DecompressFromBase64 = %.60q, %v; want %.60q", i, got, err, vec.Output)
		}
		if !strings.HasPrefix(got, "{") {
			t.Errorf("payload %d: not f-puzzles JSON: %.40q", i, got)
		}
	}
}

func TestDecompressErrors(t *testing.T) {
	t.Parallel()
	hello := CompressToBase64("hello, world")
	tests := []struct {
		name  string
		in    string
		alpha Alphabet
		want  error
	}{
		{"empty", "", Base64, ErrCorrupt},
		{"bad character", "BYUw*mD2Q===", Base64, ErrCorrupt},
		{"URI-safe character in base64", "BYUw-mD2Q", Base64, ErrCorrupt},
		{"base64 character in URI-safe", "BYUw/mD2Q", URISafe, ErrCorrupt},
		{"truncated", hello[:len(hello)/2], Base64, ErrCorrupt},
		{"first code is a phrase", "w===", Base64, ErrCorrupt},
		{"code beyond the dictionary", "I/////////", Base64, ErrCorrupt},
		{"non-ASCII byte", "BYUw\xffmD2Q", Base64, ErrCorrupt},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Decompress(tt.in, tt.alpha, 0)
			if !errors.Is(err, tt.want) {
				t.Fatalf("Decompress(%q) = %q, %v; want %v", tt.in, got, err, tt.want)
			}
		})
	}
}

func TestSpaceIsPlusInURISafe(t *testing.T) {
	t.Parallel()
	// Find an input whose URI-safe form has a '+', then replace it by a
	// space as a form decoder would.
	for i := 0; i < 200; i++ {
		in := strings.Repeat("ab?c", i) + "zz{}"
		enc := CompressToEncodedURIComponent(in)
		if !strings.Contains(enc, "+") {
			continue
		}
		got, err := DecompressFromEncodedURIComponent(strings.ReplaceAll(enc, "+", " "))
		if err != nil || got != in {
			t.Fatalf("with spaces for '+': %q, %v; want %q", got, err, in)
		}
		return
	}
	t.Fatal("no input with a '+' in its URI-safe form found")
}

func TestOutputLimit(t *testing.T) {
	t.Parallel()
	in := strings.Repeat("abc", 10000)
	enc := CompressToBase64(in)
	if _, err := Decompress(enc, Base64, len(in)-1); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("limit %d below the output: err = %v, want ErrTooLarge", len(in)-1, err)
	}
	got, err := Decompress(enc, Base64, len(in))
	if err != nil || got != in {
		t.Fatalf("limit at the output length: %v", err)
	}
}

// TestQuadraticStream checks the limit on a stream built to expand: every
// code names the phrase just defined (the previous phrase plus its own first
// unit), so the output grows quadratically in the input.
func TestQuadraticStream(t *testing.T) {
	t.Parallel()
	w := bitWriter{chars: base64Chars}
	// literal 'a', then code = dictionary size again and again.
	w.bits(0, 2)
	w.bits('a', 8)
	dictSize, numBits, enlargeIn := 4, 3, 4
	for i := 0; i < 3000; i++ {
		w.bits(dictSize, numBits)
		dictSize++
		enlargeIn--
		if enlargeIn == 0 {
			enlargeIn = 1 << numBits
			numBits++
		}
	}
	w.bits(2, numBits)
	w.flush()
	enc := w.sb.String()
	got, err := Decompress(enc, Base64, 0)
	if err != nil {
		t.Fatalf("%d-character stream: %v", len(enc), err)
	}
	if want := 1 + 3000*3001/2 + 3000; len(got) != want {
		t.Fatalf("output %d units, want %d", len(got), want)
	}
	if _, err := Decompress(enc, Base64, 1<<20); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("limit 1 Mi units on a %d-unit output: %v", len(got), err)
	}
}

func TestRoundTripInvalidUTF8(t *testing.T) {
	t.Parallel()
	// Invalid UTF-8 cannot cross to UTF-16; it arrives as U+FFFD.
	got, err := DecompressFromBase64(CompressToBase64("a\xffb"))
	if err != nil || got != "a\uFFFDb" {
		t.Fatalf("got %q, %v", got, err)
	}
}

func FuzzDecompress(f *testing.F) {
	f.Add("BYUwNmD2A0AEDukBOYAmQ===", false)
	f.Add("N4IgzglgXgpiBcBOANCA5gJwgEwQbT1ADcBDAGwFc54BGVNCImAOwQBcMqBfZYHv3vyGCRfALrJCwgTOlyJU0XKVKFsles1c1yrRu2S9R+Yd1nVp/Vdk7r58WK5A", false)
	f.Add("IY18ZVkA", true)
	f.Add("", true)
	f.Fuzz(func(t *testing.T, in string, uri bool) {
		a := Base64
		if uri {
			a = URISafe
		}
		const limit = 1 << 16
		out, err := Decompress(in, a, limit)
		if err != nil {
			return
		}
		if !utf8.ValidString(out) || len([]rune(out)) > limit {
			t.Fatalf("output of %d bytes breaks the contract", len(out))
		}
	})
}

func FuzzRoundTrip(f *testing.F) {
	f.Add("hello, world")
	f.Add("{\"size\":9}")
	f.Add("🧩数独")
	f.Fuzz(func(t *testing.T, in string) {
		if !utf8.ValidString(in) {
			in = strings.ToValidUTF8(in, "\uFFFD")
		}
		for _, a := range []Alphabet{Base64, URISafe} {
			enc := Compress(in, a)
			got, err := Decompress(enc, a, 0)
			if err != nil || got != in {
				t.Fatalf("alphabet %d: %q → %q → %q, %v", a, in, enc, got, err)
			}
		}
	})
}

func BenchmarkDecompressFromBase64(b *testing.B) {
	payload := "N4IgzglgXgpiBcBOANCA5gJwgEwQbT1ADcBDAGwFc54BGVNCImAOwQBcMqBfZYHv3vyGCRfALrJCwgTOlyJU0XKVKFsles1c1yrRu2S9R+Yd1nVp/Vdk7r58WK5A"
	b.ReportAllocs()
	for b.Loop() {
		if _, err := DecompressFromBase64(payload); err != nil {
			b.Fatal(err)
		}
	}
}
