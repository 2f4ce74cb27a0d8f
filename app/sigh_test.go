package app

import (
	"net/url"
	"strings"
	"testing"
)

// sighAntiKing is "Anti-knight Anti-king" of Interactive Sudoku Solver's
// examples (fpuzzles/testdata/sigh.txt), and its solution.
const (
	sighAntiKing         = ".AntiKnight.AntiKing.~R1C1_1~R1C7_5~R1C8_6~R1C9_7~R2C1_2~R2C2_3~R2C3_4~R2C9_8"
	sighAntiKingSolution = "198234567234567198567198234982345671345671982671982345823456719456719823719823456"
)

// TestSighInputs solves puzzles of Interactive Sudoku Solver: a link and a
// string given as arguments, with every output an f-puzzles link has, and
// a file of strings one a line, whose bad line is reported with its
// number while the others are solved.
func TestSighInputs(t *testing.T) {
	t.Parallel()
	link := "https://sigh.github.io/Interactive-Sudoku-Solver/?q=" + strings.ReplaceAll(url.QueryEscape(sighAntiKing), "~", "%7E")
	r := satdoku(t, "", "solve", "-o", "line", link, sighAntiKing)
	r.wantCode(t, ExitOK)
	if r.stdout != sighAntiKingSolution+"\n"+sighAntiKingSolution+"\n" {
		t.Fatalf("%v", r)
	}
	r = satdoku(t, "", "solve", "--unique", "-o", "json", link)
	r.wantCode(t, ExitOK)
	if js := jsonLines(t, r.stdout); len(js) != 1 || js[0]["unique"] != true || js[0]["file"] != "argument 1" {
		t.Errorf("--unique: %v", r)
	}
	r = satdoku(t, "", "solve", "--count", "3", "-o", "json", link)
	if js := jsonLines(t, r.stdout); len(js) != 1 || js[0]["solutions"] != 1.0 {
		t.Errorf("--count: %v", r)
	}
	for _, o := range []string{"fpuzzles", "fpuzzles-url"} {
		r = satdoku(t, "", "solve", "-o", o, link)
		r.wantCode(t, ExitOK)
		if !strings.Contains(r.stdout, "antiknight") && !strings.Contains(r.stdout, "https://www.f-puzzles.com/?load=") {
			t.Errorf("-o %s: %v", o, r)
		}
	}
	if r := satdoku(t, "", "encode", sighAntiKing); r.code != ExitOK || !strings.Contains(r.stdout, "8 givens, 2 rules") {
		t.Errorf("encode: %v", r)
	}
	if r := satdoku(t, "", "render", "-o", "-", link); r.code != ExitOK || !strings.Contains(r.stdout, "<svg") {
		t.Errorf("render: %v", r)
	}

	file := writeFile(t, "iss.txt", "# Interactive Sudoku Solver\n"+sighAntiKing+"\n\n.Lunchbox~10~R1C1~R1C2\n\n"+link+"\n")
	r = satdoku(t, "", "solve", "-o", "line", file)
	r.wantCode(t, ExitInvalid)
	if r.stdout != sighAntiKingSolution+"\ninvalid\n"+sighAntiKingSolution+"\n" {
		t.Fatalf("stdout %q", r.stdout)
	}
	if !strings.Contains(r.stderr, `iss.txt: line 4: Interactive Sudoku Solver: constraint "Lunchbox" is not supported by satdoku (item 1: .Lunchbox~10~R1C1~R1C2)`) {
		t.Errorf("stderr %q", r.stderr)
	}
	// Two strings one under the other, neither indented: one puzzle or
	// two? Refused, naming the line.
	file = writeFile(t, "iss2.txt", sighAntiKing+"\n"+sighAntiKing+"\n")
	r = satdoku(t, "", "solve", "-o", "line", file)
	r.wantCode(t, ExitInvalid)
	if r.stdout != "invalid\n" || !strings.Contains(r.stderr, "iss2.txt: line 2: consecutive lines of Interactive Sudoku Solver strings") {
		t.Errorf("two strings one under the other: %v", r)
	}
	// On standard input too, and with spaces, which ISS removes.
	r = satdoku(t, strings.ReplaceAll(sighAntiKing, ".~", ". ~")+"\n", "solve", "-o", "line")
	r.wantCode(t, ExitOK)
	if r.stdout != sighAntiKingSolution+"\n" {
		t.Errorf("standard input: %v", r)
	}
}
