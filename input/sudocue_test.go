package input_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/input"
	"github.com/satdoku/satdoku/variant"
)

// sudoCueCodes returns 81 cell codes, each sum·256 + cage, from a row-major
// grid of cage letters ('.' for no cage) and the sums of the letters.
func sudoCueCodes(t testing.TB, grid string, sums map[byte]int) string {
	t.Helper()
	grid = strings.Join(strings.Fields(grid), "")
	if len(grid) != 81 {
		t.Fatalf("grid of %d cells", len(grid))
	}
	var b strings.Builder
	for i := range 81 {
		c := grid[i]
		if c == '.' {
			fmt.Fprintf(&b, "%d:", 100+i%50) // sum 0: in no cage, whatever the number
			continue
		}
		fmt.Fprintf(&b, "%d:", sums[c]*256+int(c))
	}
	return b.String()
}

// twoCages has cage A (r1c1 r1c2 r2c1, sum 10) and cage B (r9c8 r9c9, sum 17).
const twoCages = `
AA.......
A........
.........
.........
.........
.........
.........
.........
.......BB`

func TestReadSudoCue(t *testing.T) {
	codes := sudoCueCodes(t, twoCages, map[byte]int{'A': 10, 'B': 17})
	wantCages := []variant.Killer{{Cells: []int{0, 1, 9}, Sum: 10}, {Cells: []int{79, 80}, Sum: 17}}
	for _, tc := range []struct {
		name, text string
		diagonals  bool
	}{
		{"plain", "3x3::k:" + codes, false},
		{"diagonals", "3x3:d:k:" + codes, true},
		{"no last colon", "3x3::k:" + strings.TrimSuffix(codes, ":"), false},
		{"spaces and a line end", "  3x3::k:" + codes + "\r\n", false},
		{"zero-padded codes", "3x3::k:" + strings.ReplaceAll(codes, ":100:", ":0000:"), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := input.ReadSudoCue(tc.text)
			if err != nil {
				t.Fatal(err)
			}
			if p.Side() != 9 || p.Givens.Givens() != 0 || p.Regions != nil {
				t.Errorf("side %d, %d givens, regions %v", p.Side(), p.Givens.Givens(), p.Regions)
			}
			var cages []variant.Killer
			diagonals := 0
			for _, r := range p.Rules {
				switch r := r.(type) {
				case variant.Killer:
					cages = append(cages, r)
				case variant.PositiveDiagonal, variant.NegativeDiagonal:
					diagonals++
				default:
					t.Errorf("unexpected rule %s", r.Describe(9))
				}
			}
			if fmt.Sprint(cages) != fmt.Sprint(wantCages) {
				t.Errorf("cages %v, want %v", cages, wantCages)
			}
			if want := map[bool]int{true: 2, false: 0}[tc.diagonals]; diagonals != want {
				t.Errorf("%d diagonals, want %d", diagonals, want)
			}
		})
	}
}

func TestReadSudoCueErrors(t *testing.T) {
	codes := sudoCueCodes(t, twoCages, map[byte]int{'A': 10, 'B': 17})
	fields := strings.Split(strings.TrimSuffix(codes, ":"), ":")
	with := func(cell int, code string) string {
		f := append([]string(nil), fields...)
		f[cell] = code
		return strings.Join(f, ":") + ":"
	}
	// Column of cell code i in "3x3::k:" + codes (each code 3 digits,
	// or 4 for the cages' codes here).
	colOf := func(text string, cell int) int {
		at := len("3x3::k:")
		for _, f := range strings.Split(text[at:], ":")[:cell] {
			at += len(f) + 1
		}
		return at + 1
	}
	for _, tc := range []struct {
		name, text string
		col        int    // the column named, 0: not a *ParseError
		want       string // in the message
	}{
		{"another size", "2x3::k:" + codes, 1, "starts \"2x3\""},
		{"too short", "3x3:d", 6, "ends before the kind"},
		{"another kind", "3x3::j:" + codes, 6, "\"j\""},
		{"unknown flag", "3x3:x:k:" + codes, 5, "unknown flags \"x\""},
		{"too few codes", "3x3::k:" + strings.Join(fields[:80], ":"), 0, "80 cell codes, not 81"},
		{"too many codes", "3x3::k:" + codes + "1:", 0, "82 cell codes"},
		{"a code that is not a number", "3x3::k:" + with(40, "12a"), colOf("3x3::k:"+with(40, "12a"), 40), "\"12a\" of r5c5"},
		{"a negative code", "3x3::k:" + with(40, "-1"), colOf("3x3::k:"+with(40, "-1"), 40), "\"-1\""},
		{"a sum above 45", "3x3::k:" + with(40, "11776"), colOf("3x3::k:"+with(40, "11776"), 40), "0..11775"},
		{"one cage, two sums", "3x3::k:" + with(9, fmt.Sprint(11*256+'A')), colOf("3x3::k:"+with(9, fmt.Sprint(11*256+'A')), 9), "cage 65 sums to 11 at r2c1 but to 10 before"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := input.ReadSudoCue(tc.text)
			var pe *variant.ParseError
			switch {
			case err == nil:
				t.Fatal("no error")
			case !errors.Is(err, input.ErrSudoCue) || !errors.As(err, &pe):
				t.Fatalf("%v: not a *ParseError wrapping ErrSudoCue", err)
			case !strings.Contains(err.Error(), tc.want):
				t.Errorf("%v: want %q in it", err, tc.want)
			case tc.col != 0 && pe.Col != tc.col:
				t.Errorf("%v: column %d, want %d", err, pe.Col, tc.col)
			}
		})
	}
	// Read, but not a well-formed puzzle: a cage of ten cells.
	ten := sudoCueCodes(t, "AAAAAAAAA A........"+strings.Repeat(".........", 7), map[byte]int{'A': 45})
	if _, err := input.ReadSudoCue("3x3::k:" + ten); !errors.Is(err, variant.ErrInvalid) {
		t.Errorf("a cage of ten cells: %v, want ErrInvalid", err)
	}
}

func ExampleReadSudoCue() {
	// One cage, r1c1 r1c2, summing to 3 (3·256 + cage 1); every other
	// cell is in no cage (code 0).
	text := "3x3::k:769:769" + strings.Repeat(":0", 79) + ":"
	p, err := input.ReadSudoCue(text)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range p.Rules {
		fmt.Println(r.Describe(p.Side()))
	}
	// Output: killer cage r1c1 r1c2 sums to 3
}

// FuzzReadSudoCue: any text is read or refused with an error, never a
// panic; a puzzle read is well formed, its cages are disjoint and each
// sums to what the codes say.
func FuzzReadSudoCue(f *testing.F) {
	codes := sudoCueCodes(f, twoCages, map[byte]int{'A': 10, 'B': 17})
	f.Add("3x3::k:" + codes)
	f.Add("3x3:d:k:" + codes)
	f.Add("3x3::k:769:769" + strings.Repeat(":0", 79))
	f.Add("3x3:d")
	f.Fuzz(func(t *testing.T, text string) {
		p, err := input.ReadSudoCue(text)
		if err != nil {
			return
		}
		if err := p.Validate(); err != nil {
			t.Fatalf("%q read into an invalid puzzle: %v", text, err)
		}
		seen := map[int]bool{}
		for _, r := range p.Rules {
			k, ok := r.(variant.Killer)
			if !ok {
				continue
			}
			if k.Sum < 1 || k.Sum > 45 {
				t.Fatalf("%q: cage sum %d", text, k.Sum)
			}
			for _, c := range k.Cells {
				if seen[c] {
					t.Fatalf("%q: cell %d in two cages", text, c)
				}
				seen[c] = true
			}
		}
	})
}
