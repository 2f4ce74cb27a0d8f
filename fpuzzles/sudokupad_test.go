package fpuzzles_test

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/fpuzzles"
	"github.com/satdoku/satdoku/input"
	"github.com/satdoku/satdoku/internal/lzstring"
	"github.com/satdoku/satdoku/variant"
)

// hsz3 is "Human-solvable zero #3" of testdata/variants/sudocue/killers.txt
// (forum.enjoysudoku.com/human-solvable-zero-t33357.html), a killer with no
// givens and no diagonals, and its solution.
const (
	hsz3         = "3x3::k:3595:3595:3844:3844:3090:3336:3336:2575:2575:3595:4620:4620:3348:3090:5:5648:5648:2575:3350:4620:4620:3348:3090:23:5648:5648:3841:3350:2581:24:3348:25:26:27:2579:3841:28:2581:29:30:4625:4625:4625:2579:31:3843:2581:32:33:34:35:36:2579:3335:3843:4878:4878:37:38:39:4618:4618:3335:3341:4878:4878:40:41:42:4618:4618:3593:3341:3341:3334:3334:43:3842:3842:3593:3593:"
	hsz3Solution = "279648531581739426463251798956483217128975643734162859812597364697324185345816972"
)

// zipSudokuPad writes p as SudokuPad writes a puzzle in its links, with
// the short keys, single quotes, bare booleans and colours, and an empty
// array slot for each {} of its "puzzle zipper", with metadata.
func zipSudokuPad(p *variant.Puzzle, extra string) string {
	n := p.Side()
	var sb strings.Builder
	sb.WriteString("{id:'test',metadata:{t:'" + strings.ReplaceAll(p.Title, "'", `\'`) + "',author:'satdoku',source:'Sudoku Maker'" + extra + "},ce:[")
	for r := range n {
		if r > 0 {
			sb.WriteString(",")
		}
		sb.WriteString("[")
		for c := range n {
			if c > 0 {
				sb.WriteString(",")
			}
			if d := p.Givens.Cells[r*n+c]; d != 0 {
				fmt.Fprintf(&sb, "{v:%d}", d)
			}
		}
		sb.WriteString("]")
	}
	sb.WriteString("],re:[")
	labels := p.RegionLabels()
	for reg := range n {
		if reg > 0 {
			sb.WriteString(",")
		}
		sb.WriteString("[")
		first := true
		for i, l := range labels {
			if l == reg {
				if !first {
					sb.WriteString(",")
				}
				first = false
				fmt.Fprintf(&sb, "[%d,%d]", i/n, i%n)
			}
		}
		sb.WriteString("]")
	}
	sb.WriteString("],ca:[")
	for k, r := range p.Rules {
		cage := r.(variant.Killer)
		if k > 0 {
			sb.WriteString(",")
		}
		sb.WriteString("{ce:[")
		for j, c := range cage.Cells {
			if j > 0 {
				sb.WriteString(",")
			}
			fmt.Fprintf(&sb, "[%d,%d]", c/n, c%n)
		}
		sb.WriteString("],c1:#0")
		if cage.Sum > 0 {
			fmt.Fprintf(&sb, ",v:%d", cage.Sum)
		}
		sb.WriteString("}")
	}
	sb.WriteString("]}")
	return sb.String()
}

func hsz3Puzzle(t *testing.T) *variant.Puzzle {
	t.Helper()
	p, err := input.ReadSudoCue(hsz3)
	if err != nil {
		t.Fatal(err)
	}
	p.Title = "Human-solvable zero #3"
	return p
}

func TestSudokuPadForms(t *testing.T) {
	t.Parallel()
	p := hsz3Puzzle(t)
	zipped := zipSudokuPad(p, ",solution:'"+hsz3Solution+"',rules:'Normal sudoku rules apply. Digits in cages sum to the total.'")
	payload := lzstring.CompressToBase64(zipped)
	escaped := strings.NewReplacer("+", "%2B", "/", "%2F", "=", "%3D").Replace(payload)
	forms := map[string]string{
		"scl link":            "https://sudokupad.app/scl" + payload,
		"ctc link":            "https://sudokupad.app/ctc" + payload,
		"escaped link":        "https://sudokupad.app/scl" + escaped,
		"puzzleid":            "https://sudokupad.app/?puzzleid=scl" + escaped,
		"fog page":            "https://sudokupad.app/scf?puzzleid=scl" + payload,
		"sudoku path":         "https://app.crackingthecryptic.com/sudoku/scl" + payload,
		"payload":             "scl" + payload,
		"zipped JSON":         zipped,
		"uri-safe compressed": "scl" + lzstring.CompressToEncodedURIComponent(zipped),
	}
	want := hsz3Solution
	for name, in := range forms {
		t.Run(name, func(t *testing.T) {
			res, err := input.Load(in)
			if err != nil {
				t.Fatal(err)
			}
			got := res.Puzzle
			if got.Title != p.Title || got.Author != "satdoku" || !strings.HasPrefix(got.RulesText, "Normal sudoku") {
				t.Errorf("metadata %q %q %q", got.Title, got.Author, got.RulesText)
			}
			if !reflect.DeepEqual(got.Rules, p.Rules) || !got.Givens.Equal(p.Givens) {
				t.Fatalf("rules or givens differ:\n%v\nwant\n%v", got.Rules, p.Rules)
			}
			if !reflect.DeepEqual(got.RegionLabels(), p.RegionLabels()) {
				t.Fatalf("regions %v", got.RegionLabels())
			}
			if res.Solution == nil || string(board.AppendLine(nil, res.Solution, board.Default)) != want {
				t.Fatalf("setter's solution %v", res.Solution)
			}
			if err := variant.Check(got, res.Solution); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestSudokuPadParityFish reads a real SudokuPad link: "Parity Fish" by
// Marty Sears, as github.com/SakanaAI/Sudoku-Bench's README gives it. Its
// kropki dots are drawn shapes, so it is refused, saying so.
func TestSudokuPadParityFish(t *testing.T) {
	t.Parallel()
	_, err := input.Load(parityFish)
	var ue *fpuzzles.UnsupportedError
	if !errors.As(err, &ue) || !errors.Is(err, fpuzzles.ErrUnsupported) {
		t.Fatalf("error %v, want an UnsupportedError", err)
	}
	if msg := err.Error(); !strings.Contains(msg, "SudokuPad: the puzzle draws 21 overlays") || !strings.Contains(msg, "f-puzzles link") {
		t.Fatalf("error %q", msg)
	}
}

func TestSudokuPadErrors(t *testing.T) {
	t.Parallel()
	p := hsz3Puzzle(t)
	base := zipSudokuPad(p, "")
	wrong := []byte(hsz3Solution)
	wrong[0], wrong[1] = wrong[1], wrong[0]
	tests := []struct {
		name, in string
		want     error
		msg      string
	}{
		{"anti-knight in the text", zipSudokuPad(p, ",rules:'Normal sudoku rules apply. Anti-Knight: digits a knight move apart differ.'"), fpuzzles.ErrUnsupported, `the rules text names "Anti-Knight"`},
		{"another genre in the text", zipSudokuPad(p, ",rules:'Draw a snake from one circle to the other.'"), fpuzzles.ErrUnsupported, `the rules text names "snake"`},
		{"cages of one sum", zipSudokuPad(p, ",rules:'Killer cages all sum to the same total, to be found.'"), fpuzzles.ErrUnsupported, `the rules text names "same total"`},
		{"setter's solution breaks it", zipSudokuPad(p, ",solution:'"+string(wrong)+"'"), fpuzzles.ErrFormat, "metadata.solution: the setter's solution breaks the puzzle as read"},
		{"cage text", strings.Replace(base, "c1:#0,v:22", "c1:#0,v:'x22'", 1), fpuzzles.ErrUnsupported, `the cage's text "x22" is no sum`},
		{"lines", strings.Replace(base, "ce:[", "l:[{wp:[[0.5,0.5],[1.5,1.5]],c:CFCFCF,th:21}],ce:[", 1), fpuzzles.ErrUnsupported, "draws 1 line,"},
		{"unknown key", strings.Replace(base, "ce:[", "zz:[1],ce:[", 1), fpuzzles.ErrUnsupported, `constraint "zz"`},
		{"short row", strings.Replace(base, "ce:[[,", "ce:[[", 1), fpuzzles.ErrFormat, "cells[0]: 8 cells in a grid of 9 rows"},
		{"digit", strings.Replace(base, "ce:[[,", "ce:[[{v:12},", 1), fpuzzles.ErrFormat, "cells[0][0].value: 12 is not a digit 1..9"},
		{"cage cell off", strings.Replace(base, "ca:[{ce:[[0,0]", "ca:[{ce:[[0,9]", 1), fpuzzles.ErrFormat, "cages[0].cells[0]: [0,9] is not a cell of the 9x9 grid"},
		{"region twice", strings.Replace(base, "re:[[[0,0]", "re:[[[0,3]", 1), fpuzzles.ErrFormat, "is in region 1 too"},
		{"syntax", strings.Replace(base, "ce:[", "ce:[}", 1), fpuzzles.ErrFormat, "SudokuPad: not SudokuPad's JSON: offset"},
		{"garbage payload", "scl" + strings.Repeat("A", 40), fpuzzles.ErrFormat, "SudokuPad: the payload does not decompress"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := input.Load(tt.in)
			if !errors.Is(err, tt.want) || !strings.Contains(err.Error(), tt.msg) {
				t.Fatalf("error %v, want %v with %q", err, tt.want, tt.msg)
			}
		})
	}
}

// TestSudokuPadEmptyDrawings reads plain JSON with empty lists of
// drawings, and the zipper's empty slots in them, as drawing nothing.
func TestSudokuPadEmptyDrawings(t *testing.T) {
	t.Parallel()
	for _, in := range []string{
		`{"cells":[[{"value":1},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"lines":[],"overlays":[],"underlays":[{}]}`,
		`{ce:[[{v:1},,,],[,,,],[,,,],[,,,]],l:[],o:[,]}`,
	} {
		if _, err := input.Load(in); err != nil {
			t.Errorf("%s: %v", in, err)
		}
	}
}

// TestSudokuPadNoRegions reads a grid without regions as SudokuPad draws
// it: rows and columns only.
func TestSudokuPadNoRegions(t *testing.T) {
	t.Parallel()
	res, err := input.Load(`{ce:[[{v:1},,,],[,,,],[,,,],[,,,]]}`)
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range res.Puzzle.RegionLabels() {
		if l != -1 {
			t.Fatalf("cell %d in region %d", i, l)
		}
	}
	if res.Puzzle.Givens.Cells[0] != 1 {
		t.Fatal("the given is lost")
	}
}

// parityFish is the SudokuPad link of "Parity Fish" by Marty Sears, from
// github.com/SakanaAI/Sudoku-Bench's README (MIT licence).
const parityFish = "https://sudokupad.app/sclN4SwJgXA5AzgHjAtgfQLIEMBOAXAngZQFMsZkBWADgAYBjANgDMwAjV9ATmYeasIHYAjOkID2VACziGVAExhxNKABpEhbOjDp1EYDAD2AV0w1C0fAbB6A1gYAEGK4Uy2AbjNlkAdLM8zxAWhoaBjJ0CjpldANsAAs9TGgMHFxbIhJlTAMAG0IYaAA5eMR0LNsYC2s7TJyYW3QAB3qs3ABuWwYQLNLYwlsAc0xwWwB3EFjbHtswED6x2oF/djK9CZitKZm5qb0AOwAdKGxbTEJ64iOQHbqdlMw9YaVbGj0sg0Qdx/QdsFtizEcfgBmOCA2zMPRwTx7HYAFWGKxMXVqGgAVugTDsjiVdn06sdCD8spdeogDDAjs9MehLrZdr1CC5CFdprMsd9aTtenowD8WWMobD4U9CEinrtOTRsASwSl0CMYmNepYKbt1DTKTBCDRoiBGRtWTABXCESKsrVKRKpT9mLKwVl0VZtiqqTS+dhasMYk4uZzbCBapYDMwcqsuT1MJ5lPpXtgQLtoBQyOJAXR2AI+DJ2Hw6DIyAIKIDxAIZIW+BR2GQ6EWKxQS3Q+JXy4C+OIZMXmwJxHQyOwKGXK+xWwIU2na83xGRCzJBI32MpmLNin1TFAYthsPU8gB6LcgTwgRB9IyeZ6ILc7QEgADy2HE+U8KLOfXni/Qy709XRY1wEAESmw0AAApYN+tgAGL+jEUAAL5KCYEAANoIUoKGoShAC6SjIWhqGYdhOFKHhBEYVhxGEaRxFEZRFEEVRtGYSciFIVQShUHhLECOxSgyHhf5sVhf6cQJ3F4TIrGiUoQkIWJPF4QhLGAlx4hcWQvFKIpwnKcJqlYWJGnSUoWkGapcksXQXF8FxFBqeZwmWcJ1m6UotkGfZBnWXJgLiVhXlSV5PFYeI3kIUFUlBQFCFkMFUVSVFslYQhXn6V5RleTpIXqXhQVGUF6VRfpUVGVFJkJV5LleW5XmORlLlBW5QXVVFLlRW5UUeQldDBZ1UmdRFfDBf1Un9RFFDBaNUmjfFSGdfpnVGZ16X9fp/VGf16Wjfpo1GaNJXTc5eGdW5nXVf1Ln9W5/XVaNLmjW5o0eZheiIcAkqIYCnhtZhwwQFQniFkoMQ/X9QWxL+vijVK0DKDQEAAMQsQk2BwTIcNgXBAhw1QsEvQBIUfUojnfb9/2A8TIOAwI4P/iu0OY0oiPI6j6OY9jr2RfjhNAyTXPk2DMgQzTcF0wzNAo7DaM0Bj8Os7j4j40JRPAwDPP/hTVOQ1AtPw/TEBI6LTOSyzSg44hk0fV9Kuk0roOU/z1NQ0L2si2LEtS1jxts/1v06Yr3Nk6rfMCw7MNO7rjPi8z0se7jfHm0ovtBVb/02+rgshwjYf6xHhtRybCF0Pj9kJ8r/sp3bGtaxnesu5H7t5wXMUW/7Se87bQea47Vfh67Rt5xQHNN0rLcB239sd+nOvVwbbsy4hfD4z7lsq2X7eV5P3e17PCF/u9i/N8vavl2nwuZzXOd157SheHvQ8H4HY9r870+92zYkN4PfvW4fq+d+vWc97nNm3sRLxyXqXb+D9f5P2zjPaOiE/xyxvp/ZOECK5QNPs/QBuNfJx19l5JOXk0EhzRtAi+2DC4f3wVzQhx8I6kK3jJXB1CS5/RocHJm9C4EIX7nFShLDARsPHhwjBWDTZKHnkgqhxNBFaxISIrG6FoJAA"

// FuzzSudokuPad checks that no SudokuPad text makes Load panic or accept an
// invalid puzzle, that what it accepts writes back as f-puzzles JSON, and
// that a setter's solution it keeps solves the puzzle.
func FuzzSudokuPad(f *testing.F) {
	p, err := input.ReadSudoCue(hsz3)
	if err != nil {
		f.Fatal(err)
	}
	zipped := zipSudokuPad(p, ",solution:'"+hsz3Solution+"'")
	f.Add(zipped)
	f.Add("scl" + lzstring.CompressToBase64(zipped))
	f.Add(parityFish)
	f.Add(`{"newboard":{"grids":[{"value":[[1,0,0,4],[0,0,1,0],[0,0,0,0],[4,0,0,1]],"solution":"x"}]}}`)
	f.Add(`{ce:[[{v:1},,,],[,,,],[,,,],[,,,]],re:[[[0,0],[0,1],[1,0],[1,1]]],ca:[{ce:[[2,2],[3,3]],v:3},{v:'title: x'}]}`)
	f.Fuzz(func(t *testing.T, s string) {
		res, err := input.Load(s)
		if err != nil {
			if !errors.Is(err, fpuzzles.ErrFormat) && !errors.Is(err, fpuzzles.ErrUnsupported) &&
				!(input.IsSudoCue(s) && (errors.Is(err, input.ErrSudoCue) || errors.Is(err, variant.ErrInvalid))) &&
				!(input.IsSnarfKiller(s) && (errors.Is(err, input.ErrSnarfKiller) || errors.Is(err, variant.ErrInvalid))) {
				t.Fatalf("error of no known kind: %v", err)
			}
			return
		}
		// A classic board (from a link or another kind of JSON) may have
		// givens that clash: a puzzle with no solution, as from any text.
		var clash *board.ClashError
		if err := res.Puzzle.Validate(); err != nil {
			if !errors.As(err, &clash) || len(res.Puzzle.Rules) > 0 {
				t.Fatalf("accepted an invalid puzzle: %v", err)
			}
			return
		}
		if res.Solution != nil && strings.Contains(s, "ce:") {
			if err := variant.Check(res.Puzzle, res.Solution); err != nil {
				t.Fatalf("kept a setter's solution that fails: %v", err)
			}
		}
		out, err := fpuzzles.Marshal(res.Puzzle, nil, fpuzzles.Options{})
		if err != nil {
			t.Fatalf("cannot write back: %v", err)
		}
		if _, err := fpuzzles.Decode(out); err != nil {
			t.Fatalf("cannot read back: %v\n%s", err, out)
		}
	})
}

// TestClassicLinks reads the links of other sites that hold a classic
// puzzle on one line, and refuses those that hold none, naming the site.
func TestClassicLinks(t *testing.T) {
	t.Parallel()
	const pe01 = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
	want, err := board.Parse(pe01)
	if err != nil {
		t.Fatal(err)
	}
	for _, link := range []string{
		"https://www.sudokuwiki.org/sudoku.htm?bd=" + pe01,
		"www.sudokuwiki.org/sudoku.htm?bd=" + pe01 + "#top",
		"https://example.com/play/" + strings.ReplaceAll(pe01, "0", ".") + "/hard",
		"http://example.com/?id=12&s=" + strings.ReplaceAll(pe01, "0", "%2E") + "&lang=en",
	} {
		res, err := input.Load(link)
		if err != nil {
			t.Errorf("%s: %v", link, err)
			continue
		}
		if !res.Puzzle.Givens.Equal(want) || len(res.Puzzle.Rules) != 0 {
			t.Errorf("%s: read %v", link, res.Puzzle.Givens)
		}
	}
	for link, msg := range map[string]string{
		"https://www.sudokuwiki.org/sudoku.htm":                     "the link (www.sudokuwiki.org) is no f-puzzles or SudokuPad link, and its address holds no puzzle on one line",
		"https://example.com/?h=1234123412341234":                   "(example.com)",
		"https://example.com/?bd=" + pe01[:80]:                      "(example.com)",
		"https://sudokupad.app/8bNmDd4J9G":                          "short SudokuPad id",
		"https://tinyurl.com/yd4b3z3c":                              "tinyurl.com links are shortened",
		"https://www.f-puzzles.com/?id=yd4b3z3c":                    "f-puzzles short link (?id=)",
		"https://app.crackingthecryptic.com/sudoku/8bNmDd4J9GxxYzQ": "short SudokuPad id",
	} {
		if _, err := input.Load(link); !errors.Is(err, fpuzzles.ErrFormat) || !strings.Contains(err.Error(), msg) {
			t.Errorf("%s: error %v, want one with %q", link, err, msg)
		}
	}
}

// TestJSONBoards reads the classic board inside JSON of other kinds, as
// puzzle APIs and datasets write it, and never a solution.
func TestJSONBoards(t *testing.T) {
	t.Parallel()
	const (
		pe01 = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
		sol  = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
	)
	rows := func(s string, quote bool) string {
		var out []string
		for r := 0; r < 9; r++ {
			var cells []string
			for _, ch := range s[9*r : 9*r+9] {
				if quote {
					cells = append(cells, `"`+strings.ReplaceAll(string(ch), "0", ".")+`"`)
				} else {
					cells = append(cells, string(ch))
				}
			}
			out = append(out, "["+strings.Join(cells, ",")+"]")
		}
		return "[" + strings.Join(out, ",") + "]"
	}
	want, _ := board.Parse(pe01)
	for _, in := range []string{
		`{"difficulty":"easy","puzzle":"` + pe01 + `","solution":"` + sol + `"}`,
		`{"solution":"` + sol + `","board":` + rows(pe01, false) + `}`,
		`{"newboard":{"grids":[{"solution":` + rows(sol, false) + `,"value":` + rows(pe01, false) + `,"difficulty":"Medium"}],"results":1}}`,
		`{"grid":` + rows(pe01, true) + `}`,
		`{"meta":{"id":7},"items":[{"answer":"` + sol + `","text":"` + pe01 + `"}]}`,
	} {
		res, err := input.Load(in)
		if err != nil {
			t.Errorf("%.50s: %v", in, err)
			continue
		}
		if !res.Puzzle.Givens.Equal(want) {
			t.Errorf("%.50s: read %v", in, res.Puzzle.Givens)
		}
	}
	res, err := input.Load(`{"data":{"puzzle":"12.4..1.....4..1"}}`)
	if err != nil || res.Puzzle.Side() != 4 {
		t.Errorf("a 4×4 under \"puzzle\": %v", err)
	}
	for _, in := range []string{
		`{"id":"1234123412341234","message":"ok"}`,
		`{"solution":"` + sol + `"}`,
		`{"size":9}`,
	} {
		if _, err := input.Load(in); !errors.Is(err, fpuzzles.ErrFormat) {
			t.Errorf("%s: error %v, want ErrFormat", in, err)
		}
	}
}
