package fpuzzles_test

import (
	"os"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/fpuzzles"
	"github.com/satdoku/satdoku/internal/lzstring"
	"github.com/satdoku/satdoku/internal/testpuzzles"
	"github.com/satdoku/satdoku/variant"
)

// benchPuzzle is a real 9×9 with 41 rules (nonconsecutive and negative
// ratio over every unmarked pair, 37 dots, a palindrome, anti-king,
// anti-knight).
const benchPuzzle = "dclamage/bird-in-a-storm.json"

func BenchmarkLoadPayload(b *testing.B) {
	data, err := os.ReadFile(testpuzzles.Path(corpusDir + "/" + benchPuzzle))
	if err != nil {
		b.Fatal(err)
	}
	payload := lzstring.CompressToBase64(strings.TrimSpace(string(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := fpuzzles.ReadPayload(payload); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCheck(b *testing.B) {
	for _, e := range readManifest(b) {
		if e.File != benchPuzzle {
			continue
		}
		res := readCorpusPuzzle(b, e)
		sol := parseSolution(b, e.Solution, res.Puzzle.Givens.Shape)
		b.ReportAllocs()
		for b.Loop() {
			if err := variant.Check(res.Puzzle, sol); err != nil {
				b.Fatal(err)
			}
		}
		return
	}
	b.Fatalf("%s not in the manifest", benchPuzzle)
}
