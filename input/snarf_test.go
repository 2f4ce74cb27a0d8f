package input_test

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/input"
	"github.com/satdoku/satdoku/internal/testpuzzles"
	"github.com/satdoku/satdoku/variant"
)

// snarfRows joins nine rows of nine cells into one snarfable string.
func snarfRows(t testing.TB, rows ...string) string {
	t.Helper()
	s := strings.Join(rows, "")
	if len(rows) != 9 || len(s) != 81 {
		t.Fatalf("%d rows, %d cells", len(rows), len(s))
	}
	return s
}

// snarfWheel has every arrow: the eight cells of box 1 point at r2c2, the
// head of a cage of 45; r4c9 and r5c9 lead down to r6c9 (15); r5c5 is a
// cage of one (5); r5c7 points down to r6c7 (10); r9c9 points at r9c8, a
// cage with no sum; every other cell is a lone '0', in no cage.
var snarfWheel = []string{
	".v,000000",
	">j<000000",
	"'^`000000",
	"00000000v",
	"000050v0v",
	"000000A0F",
	"000000000",
	"000000000",
	"00000000<",
}

// snarfWheelCages are the cages of snarfWheel, as ReadSnarfKiller orders
// them: by their first cell.
var snarfWheelCages = []variant.Killer{
	{Cells: []int{0, 1, 2, 9, 10, 11, 18, 19, 20}, Sum: 45},
	{Cells: []int{35, 44, 53}, Sum: 15},
	{Cells: []int{40}, Sum: 5},
	{Cells: []int{42, 51}, Sum: 10},
	{Cells: []int{79, 80}, Sum: 0},
}

func TestReadSnarfKiller(t *testing.T) {
	wheel := snarfRows(t, snarfWheel...)
	for _, tc := range []struct {
		name, text string
	}{
		{"every arrow", wheel},
		{"spaces and a line end", " \t" + wheel + "\r\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if !input.IsSnarfKiller(tc.text) {
				t.Error("IsSnarfKiller is false")
			}
			p, err := input.ReadSnarfKiller(tc.text)
			if err != nil {
				t.Fatal(err)
			}
			if p.Side() != 9 || p.Givens.Givens() != 0 || p.Regions != nil {
				t.Errorf("side %d, %d givens, regions %v", p.Side(), p.Givens.Givens(), p.Regions)
			}
			if got := fmt.Sprint(p.Rules); got != fmt.Sprint(snarfWheelCages) {
				t.Errorf("rules %s, want %v", got, snarfWheelCages)
			}
		})
	}
}

func TestReadSnarfKillerErrors(t *testing.T) {
	wheel := snarfRows(t, snarfWheel...)
	// at returns wheel with cell i (0-based) replaced by s.
	at := func(i int, s string) string { return wheel[:i] + s + wheel[i+1:] }
	for _, tc := range []struct {
		name, text string
		col        int    // the column named
		want       string // in the message
	}{
		{"80 characters", wheel[:80], 81, "80 characters, not 81"},
		{"82 characters", wheel + "0", 82, "82 characters, not 81"},
		{"80 after spaces", "  " + wheel[:80], 83, "80 characters"},
		{"nothing", "", 1, "0 characters"},
		{"a letter past j", at(30, "k"), 31, `'k' is neither a cage sum`},
		{"a space inside", at(80, " 0"), 81, `' ' is neither`},
		{"a letter not in ASCII", at(4, "é"), 5, `'é' is neither`},
		{"bad character before the length", at(4, "x") + "00", 5, `'x'`},
		{"left off the board", at(9, "<"), 10, `the arrow '<' at r2c1 points off the board`},
		{"right off the board", at(26, ">"), 27, "'>' at r3c9"},
		{"up off the board", "  " + at(4, "^"), 7, "'^' at r1c5"},
		{"down off the board", at(76, "v"), 77, "'v' at r9c5"},
		{"up-left off the board", at(27, "`"), 28, "'`' at r4c1"},
		{"up-right off the board", at(6, "'"), 7, `'\'' at r1c7`},
		{"down-left off the board", at(36, ","), 37, "',' at r5c1"},
		{"down-right off the board", at(80, "."), 81, "'.' at r9c9"},
		{"a loop of two", at(63, ">")[:64] + "<" + wheel[65:], 64, "the arrows of r8c1 r8c2 go round in a loop"},
		// r4c7 leads into the loop r5c5 r5c6 r6c6 r6c5: the loop is named
		// by its first cell, r5c5, though the walk starts at r4c7.
		{"a loop entered", snarfRows(t, snarfWheel[0], snarfWheel[1], snarfWheel[2], "000000,0v", "0000>v00v", "0000^<00F", snarfWheel[6], snarfWheel[7], snarfWheel[8]), 41, "r5c5 r5c6 r6c5 r6c6 go round"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := input.ReadSnarfKiller(tc.text)
			var pe *variant.ParseError
			switch {
			case err == nil:
				t.Fatal("no error")
			case !errors.Is(err, input.ErrSnarfKiller) || !errors.As(err, &pe):
				t.Fatalf("%v: not a *ParseError wrapping ErrSnarfKiller", err)
			case !strings.Contains(err.Error(), tc.want):
				t.Errorf("%v: want %q in it", err, tc.want)
			case pe.Col != tc.col || pe.Line != 0:
				t.Errorf("%v: line %d, column %d, want column %d", err, pe.Line, pe.Col, tc.col)
			}
		})
	}
	// Read, but not a well-formed puzzle: a cage of ten cells.
	ten := snarfRows(t, "j<<<<<<<<", "^00000000", "000000000", "000000000", "000000000", "000000000", "000000000", "000000000", "000000000")
	if _, err := input.ReadSnarfKiller(ten); !errors.Is(err, variant.ErrInvalid) || errors.Is(err, input.ErrSnarfKiller) {
		t.Errorf("a cage of ten cells: %v, want ErrInvalid", err)
	}
}

func TestIsSnarfKiller(t *testing.T) {
	wheel := snarfRows(t, snarfWheel...)
	classic := "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	for _, tc := range []struct {
		name, text string
		want       bool
	}{
		{"a killer", wheel, true},
		{"with spaces around", "\t" + wheel + "\n", true},
		{"an orthogonal arrow off the board", "<" + wheel[1:], true}, // read, to say where
		{"a classic line puzzle", classic, false},
		{"digits only", strings.Repeat("123456789", 9), false},
		{"dots only", strings.Repeat(".", 81), false},
		// Digits, '.' and ',' make no orthogonal arrow: not a killer.
		{"diagonal arrows only", strings.Repeat("5.,", 27), false},
		{"80 characters", wheel[:80], false},
		{"a character past j", wheel[:80] + "z", false},
		{"a space inside", wheel[:40] + " " + wheel[41:], false},
		{"markup", "<" + wheel[1:80] + ">", false},
		{"a SudoCue string", "3x3::k:769:769" + strings.Repeat(":0", 79), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := input.IsSnarfKiller(tc.text); got != tc.want {
				t.Errorf("IsSnarfKiller(%q) = %v", tc.text, got)
			}
		})
	}
}

// snarfExamples are puzzles of Interactive Sudoku Solver's collections
// (data/collections.js): TAREK_ALL #41, #1 and #22 and
// MATHEMAGIC_KILLERS #1, with their number of cages and of cells in no
// cage.
var snarfExamples = []struct {
	name, text     string
	cages, uncaged int
}{
	{"TAREK_ALL #41", "S<J<<O<<KJ^<<^<^>^^<N<<<J^Q^S^O>>^^^>^W^<<^>^^O^<<^T^J^^^>>>^>^>^ML<S<<^^>^<^<<^<", 17, 0},
	{"TAREK_ALL #1", "G<<L<K<L<^G>^>^E^^>^IJ<G^<G^>^^I^<>^HC<C^<B^N^^G^<>^>^^E^<DF<^PG^<>^^J<^^<H<<>^>^", 24, 0},
	{"MATHEMAGIC_KILLERS #1", "R<<<M<<<U^M<<<^J>^R<<^S<^R^^P>>^>^^^^^<R5^>^MP^>^V<<^^^^^>^L>>^^<^K>^<<R^>>^<>>>^", 17, 0},
	{"TAREK_ALL #22", "B<7<JF<B<^T<<^V<<^A^L<^R<^8^^^^^^^^^G<<M0^C<<AS>^OF<SB^^^^^^^^^H^<<^>>^E^<9<^8<>^", 24, 1}, // r5c5 is a lone '0'
}

// TestSnarfKillerExamples reads public killers: each has the cages it
// should, and TAREK_ALL #41 is "tarek unsolvable #41" of the SudoCue
// sample, with the same cages and the solution that sample gives.
func TestSnarfKillerExamples(t *testing.T) {
	for _, ex := range snarfExamples {
		p, err := input.ReadSnarfKiller(ex.text)
		if err != nil {
			t.Fatalf("%s: %v", ex.name, err)
		}
		caged, sums := 0, 0
		for _, r := range p.Rules {
			k := r.(variant.Killer)
			caged += len(k.Cells)
			sums += k.Sum
		}
		if len(p.Rules) != ex.cages || 81-caged != ex.uncaged || ex.uncaged == 0 && sums != 405 {
			t.Errorf("%s: %d cages over %d cells summing to %d, want %d cages and %d cells in none", ex.name, len(p.Rules), caged, sums, ex.cages, ex.uncaged)
		}
	}
	data, err := os.ReadFile(testpuzzles.Path("testdata/variants/sudocue/killers.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var cue string
	for _, l := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(l, "# tarek unsolvable #41:") {
			cue = "next"
		} else if cue == "next" && strings.HasPrefix(l, "3x3:") {
			cue = l
		}
	}
	want, err := input.ReadSudoCue(cue)
	if err != nil {
		t.Fatalf("the SudoCue sample's tarek unsolvable #41: %v", err)
	}
	got, _ := input.ReadSnarfKiller(snarfExamples[0].text)
	if cageSet(got) != cageSet(want) {
		t.Errorf("TAREK_ALL #41 has cages\n%s\nbut the SudoCue string\n%s", cageSet(got), cageSet(want))
	}
	solution, err := board.Parse("283197546967542813415368729591726384876439152324851967149275638752683491638914275")
	if err != nil {
		t.Fatal(err)
	}
	if err := variant.Check(got, solution); err != nil {
		t.Errorf("TAREK_ALL #41's solution: %v", err)
	}
}

// cageSet describes a puzzle's killer cages one a line, sorted, so that
// puzzles with the same cages in another order describe alike.
func cageSet(p *variant.Puzzle) string {
	var lines []string
	for _, r := range p.Rules {
		lines = append(lines, r.Describe(p.Side()))
	}
	slices.Sort(lines)
	return strings.Join(lines, "\n")
}

// TestSnarfKillerSample reads testdata/variants/snarf/killers.txt: every
// line reads, and the solution its comment gives keeps every rule (the
// checker only: proving them unique is the engines' business).
func TestSnarfKillerSample(t *testing.T) {
	data, err := os.ReadFile(testpuzzles.Path("testdata/variants/snarf/killers.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var name, solution string
	read := 0
	for i, l := range strings.Split(string(data), "\n") {
		switch {
		case strings.HasPrefix(l, "# solution: "):
			solution, _, _ = strings.Cut(strings.TrimPrefix(l, "# solution: "), " ")
		case strings.HasPrefix(l, "# "):
			name, _, _ = strings.Cut(strings.TrimPrefix(l, "# "), ":")
		case l == "" || l[0] == '#':
		default:
			read++
			if !input.IsSnarfKiller(l) {
				t.Errorf("line %d (%s): IsSnarfKiller is false", i+1, name)
			}
			p, err := input.ReadSnarfKiller(l)
			if err != nil {
				t.Errorf("line %d (%s): %v", i+1, name, err)
				continue
			}
			if solution == "" {
				continue
			}
			b, err := board.Parse(solution)
			if err != nil {
				t.Fatalf("line %d (%s): solution: %v", i+1, name, err)
			}
			if err := variant.Check(p, b); err != nil {
				t.Errorf("line %d (%s): the solution given: %v", i+1, name, err)
			}
			solution = ""
		}
	}
	if read != 56 {
		t.Errorf("%d killers, want 56 (42 of TAREK_ALL, 14 of MATHEMAGIC_KILLERS)", read)
	}
}

func ExampleReadSnarfKiller() {
	// r1c1 is the head of a cage of 3 that r1c2 points to ('<'); r9c9
	// points up ('^') to r8c9, the head of a cage of 17. The other cells
	// are lone '0's, in no cage.
	text := "3<" + strings.Repeat("0", 69) + "H" + strings.Repeat("0", 8) + "^"
	p, err := input.ReadSnarfKiller(text)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range p.Rules {
		fmt.Println(r.Describe(p.Side()))
	}
	// Output:
	// killer cage r1c1 r1c2 sums to 3
	// killer cage r8c9 r9c9 sums to 17
}

// snarfWrite writes cages in the snarfable format, each headed by its
// first cell with every other cell pointing to a neighbour found before
// it (a breadth-first tree); cells in no cage are '0'. It is the test's
// inverse of ReadSnarfKiller, for cages connected through neighbours (as
// every cage read is).
func snarfWrite(p *variant.Puzzle) string {
	const heads = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghij"
	arrows := map[[2]int]byte{{0, -1}: '<', {0, 1}: '>', {-1, 0}: '^', {1, 0}: 'v', {-1, -1}: '`', {-1, 1}: '\'', {1, -1}: ',', {1, 1}: '.'}
	s := []byte(strings.Repeat("0", 81))
	for _, r := range p.Rules {
		k := r.(variant.Killer)
		in := map[int]bool{}
		for _, c := range k.Cells {
			in[c] = true
		}
		s[k.Cells[0]] = heads[k.Sum]
		queue := []int{k.Cells[0]}
		delete(in, k.Cells[0])
		for len(queue) > 0 {
			c := queue[0]
			queue = queue[1:]
			for step, arrow := range arrows {
				r, col := c/9-step[0], c%9-step[1] // the neighbour that points to c with arrow
				if d := r*9 + col; r >= 0 && r < 9 && col >= 0 && col < 9 && in[d] {
					s[d] = arrow
					delete(in, d)
					queue = append(queue, d)
				}
			}
		}
	}
	return string(s)
}

// FuzzSnarfKiller: any text is read or refused with an error, never a
// panic; an error is a *ParseError wrapping ErrSnarfKiller, or an invalid
// puzzle; a puzzle read is well formed, its cages disjoint with sums
// 0..45, and it writes back (snarfWrite) as a string that reads to the
// same cages.
func FuzzSnarfKiller(f *testing.F) {
	f.Add(snarfRows(f, snarfWheel...))
	for _, ex := range snarfExamples {
		f.Add(ex.text)
	}
	f.Add("3<" + strings.Repeat("0", 79))
	f.Add(">" + strings.Repeat("<", 80))
	f.Fuzz(func(t *testing.T, text string) {
		p, err := input.ReadSnarfKiller(text)
		var pe *variant.ParseError
		switch {
		case err != nil && errors.Is(err, input.ErrSnarfKiller) && errors.As(err, &pe):
			if pe.Col < 1 || pe.Col > len(text)+1 {
				t.Fatalf("%q: column %d of %d bytes", text, pe.Col, len(text))
			}
			return
		case err != nil && errors.Is(err, variant.ErrInvalid):
			return
		case err != nil:
			t.Fatalf("%q: error of no known kind: %v", text, err)
		}
		if err := p.Validate(); err != nil {
			t.Fatalf("%q read into an invalid puzzle: %v", text, err)
		}
		seen := map[int]bool{}
		for _, r := range p.Rules {
			k, ok := r.(variant.Killer)
			if !ok || k.Sum < 0 || k.Sum > 45 || k.Sum == 0 && len(k.Cells) < 2 {
				t.Fatalf("%q: rule %s", text, r.Describe(9))
			}
			for _, c := range k.Cells {
				if seen[c] {
					t.Fatalf("%q: cell %d in two cages", text, c)
				}
				seen[c] = true
			}
		}
		back := snarfWrite(p)
		q, err := input.ReadSnarfKiller(back)
		if err != nil || fmt.Sprint(q.Rules) != fmt.Sprint(p.Rules) {
			t.Fatalf("%q wrote back as %q, which reads as %v, %v; want %v", text, back, q, err, p.Rules)
		}
	})
}
