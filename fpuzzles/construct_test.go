package fpuzzles_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/fpuzzles"
	"github.com/satdoku/satdoku/internal/testpuzzles"
	"github.com/satdoku/satdoku/variant"
	"github.com/satdoku/satdoku/variant/varianttest"
)

// maxCompletions bounds the classic completions enumerated to prove a
// constructed puzzle unique.
const maxCompletions = 60000

// keepers counts the completions of p's givens (classic rules and the
// inequality rules varianttest knows) that keep every rule of p, stopping
// at stopAt; complete is false if the enumeration hit maxCompletions.
func keepers(p *variant.Puzzle, stopAt int) (keep, seen int, complete bool) {
	seen, complete = varianttest.Completions(p, maxCompletions, func(g *board.Board) bool {
		for _, r := range p.Rules {
			if r.Check(p, g) != nil {
				return true
			}
		}
		keep++
		return keep < stopAt
	})
	return keep, seen, complete
}

// construction is a puzzle to build: its shape, and how many clues of a
// kind to read off a random grid.
type construction struct {
	name  string
	shape board.Shape
	kind  string
	clues int
}

var constructions = []construction{
	{"doublearrow-9x9-a", board.Classic, "doublearrow", 6},
	{"doublearrow-9x9-b", board.Classic, "doublearrow", 8},
	{"modularline-9x9", board.Classic, "modularline", 6},
	{"modularline-6x6", board.Shape{BoxRows: 2, BoxCols: 3}, "modularline", 4},
	{"entropicline-6x6", board.Shape{BoxRows: 2, BoxCols: 3}, "entropicline", 4},
	{"nabner-9x9", board.Classic, "nabner", 8},
	{"nabner-6x6", board.Shape{BoxRows: 2, BoxCols: 3}, "nabner", 5},
	{"boxindexer-9x9", board.Classic, "boxindexer", 3},
	{"boxindexer-6x6", board.Shape{BoxRows: 2, BoxCols: 3}, "boxindexer", 2},
	{"extraregion-9x9", board.Classic, "extraregion", 4},
	{"slowthermometer-9x9", board.Classic, "slowthermometer", 6},
	{"givenpencilmarks-9x9", board.Classic, "givenPencilMarks", 12},
	{"givenpencilmarks-6x6", board.Shape{BoxRows: 2, BoxCols: 3}, "givenPencilMarks", 6},
	{"digitalroot-9x9", board.Classic, "digitalroot", 10},
	{"digitalroot-6x6", board.Shape{BoxRows: 2, BoxCols: 3}, "digitalroot", 5},
}

// TestMakeCorpus builds the constructed puzzles of testdata/variants and
// adds them to the manifest. It runs only with SATDOKU_MAKE_CORPUS=1:
//
//	SATDOKU_MAKE_CORPUS=1 go test -run TestMakeCorpus -timeout 1h ./fpuzzles/
//
// Each puzzle starts from a random grid with clues of one kind read off
// it; givens are then removed in random order while exactly one classic
// completion of the givens keeps the clues (all completions enumerated,
// at most maxCompletions). The givens left make the puzzle unique by
// exhaustion, which TestConstructedUnique checks again.
func TestMakeCorpus(t *testing.T) {
	if os.Getenv("SATDOKU_MAKE_CORPUS") != "1" {
		t.Skip("set SATDOKU_MAKE_CORPUS=1 to build the constructed corpus")
	}
	entries := readManifest(t)
	var kept []corpusEntry
	for _, e := range entries {
		if e.Origin != "constructed" {
			kept = append(kept, e)
		}
	}
	for i, c := range constructions {
		rng := rand.New(rand.NewPCG(uint64(i)+100, 7))
		p := variant.New(c.shape)
		grid := varianttest.Grid(rng, c.shape)
		for len(p.Rules) < c.clues {
			rs := varianttest.Clue(rng, p, grid, c.kind)
			if rs == nil {
				continue
			}
			overlap := false
			for _, r := range rs {
				for _, x := range r.Scope(p) {
					for _, q := range p.Rules {
						if c.kind != "boxindexer" && contains(q.Scope(p), x) {
							overlap = true
						}
					}
				}
			}
			if !overlap {
				p.Rules = append(p.Rules, rs...)
			}
		}
		copy(p.Givens.Cells, grid.Cells)
		for _, cell := range rng.Perm(len(grid.Cells)) {
			d := p.Givens.Cells[cell]
			p.Givens.Cells[cell] = 0
			if keep, _, complete := keepers(p, 2); keep != 1 || !complete {
				p.Givens.Cells[cell] = d
			}
		}
		_, seen, _ := keepers(p, 2)
		p.Title = "satdoku constructed: " + c.name
		p.Author = "satdoku corpus builder"
		p.RulesText = "Normal sudoku rules apply. " + ruleText(c.kind) + "."
		data, err := fpuzzles.Marshal(p, nil, fpuzzles.Options{})
		if err != nil {
			t.Fatal(err)
		}
		file := "constructed/" + c.name + ".json"
		if err := os.MkdirAll(testpuzzles.Path(corpusDir+"/constructed"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(testpuzzles.Path(corpusDir+"/"+file), append(data, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		sol := make([]string, len(grid.Cells))
		for j, d := range grid.Cells {
			sol[j] = fmt.Sprint(d)
		}
		kept = append(kept, corpusEntry{
			File: file, Title: p.Title, Origin: "constructed",
			Source:   "constructed by TestMakeCorpus (fpuzzles/construct_test.go) from a random grid",
			Solution: strings.Join(sol, ""), SolutionFrom: "constructed", Completions: seen,
			Note: fmt.Sprintf("%d givens, %d rules; unique by exhaustion: exactly one of the %d completions of the givens (rows, columns, boxes and all-different rules) keeps every rule", p.Givens.Givens(), len(p.Rules), seen),
		})
		t.Logf("%s: %d givens, %d completions", c.name, p.Givens.Givens(), seen)
	}
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false) // the sources' links keep their "&"
	enc.SetIndent("", " ")
	if err := enc.Encode(kept); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(testpuzzles.Path(corpusDir+"/manifest.json"), out.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func contains(s []int, x int) bool {
	for _, v := range s {
		if v == x {
			return true
		}
	}
	return false
}

func ruleText(kind string) string {
	return map[string]string{
		"doublearrow":      "The two ends of a double arrow sum to the digits between them",
		"modularline":      "Any three consecutive cells on a modular line hold digits with three different remainders modulo 3",
		"entropicline":     "Any three consecutive cells on an entropic line hold one low (1-2), one middle (3-4) and one high (5-6) digit",
		"nabner":           "No two digits on a nabner line are equal or consecutive",
		"boxindexer":       "A digit d in a box indexer cell at position p of its box (reading order) means position d of the box holds p",
		"extraregion":      "Digits do not repeat in an extra region",
		"slowthermometer":  "Digits never decrease along a slow thermometer from its bulb",
		"givenPencilMarks": "A cell with small digits (given pencil marks) holds one of them",
		"digitalroot":      "Digits do not repeat in a cage marked DR<n>, and their sum has digital root n (n, n+9, n+18, ...)",
	}[kind]
}

// TestConstructedUnique proves again that every constructed puzzle of the
// corpus has exactly one solution: of all the classic completions of its
// givens, only the recorded solution keeps every rule.
func TestConstructedUnique(t *testing.T) {
	if testing.Short() {
		t.Skip("enumerates up to 60000 completions per puzzle")
	}
	t.Parallel()
	n := 0
	for _, e := range readManifest(t) {
		if e.Origin != "constructed" {
			continue
		}
		n++
		res := readCorpusPuzzle(t, e)
		p := res.Puzzle
		want := parseSolution(t, e.Solution, p.Givens.Shape)
		if err := p.Validate(); err != nil {
			t.Fatalf("%s: %v", e.File, err)
		}
		var found *board.Board
		keep := 0
		seen, complete := varianttest.Completions(p, maxCompletions, func(g *board.Board) bool {
			for _, r := range p.Rules {
				if r.Check(p, g) != nil {
					return true
				}
			}
			keep++
			found = g.Clone()
			return true
		})
		if found != nil {
			if err := variant.Check(p, found); err != nil {
				t.Errorf("%s: the one keeper fails Check: %v", e.File, err)
			}
		}
		if !complete || seen != e.Completions {
			t.Errorf("%s: %d completions (complete %v), manifest says %d", e.File, seen, complete, e.Completions)
		}
		if keep != 1 || !found.Equal(want) {
			t.Errorf("%s: %d completions keep every rule, want exactly the recorded one", e.File, keep)
		}
	}
	if n == 0 {
		t.Fatal("no constructed puzzles in the manifest")
	}
}
