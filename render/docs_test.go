package render

import (
	"bytes"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/variant"
	"github.com/satdoku/satdoku/variant/varianttest"
)

// updateDocsEnv set to 1 rewrites the pictures under docs/ instead of
// comparing them.
const updateDocsEnv = "SATDOKU_UPDATE_DOCS"

// killerExample is the killer puzzle of the README: cages of 2 to 5 cells
// grown at random over a random grid, each with its sum (the first seed
// whose cages all have two cells or more). Its grid is a solution
// (checked); the picture makes no claim that it is the only one.
func killerExample(t testing.TB) (*variant.Puzzle, *board.Board) {
	for seed := uint64(1); ; seed++ {
		if p, grid := killerFrom(t, seed); p != nil {
			return p, grid
		}
	}
}

// killerFrom grows the cages from one seed, or returns nil if a cage is
// left with one cell.
func killerFrom(t testing.TB, seed uint64) (*variant.Puzzle, *board.Board) {
	rng := rand.New(rand.NewPCG(2024, seed))
	grid := varianttest.Grid(rng, board.Classic)
	p := variant.New(board.Classic)
	p.Title = "Killer"
	n := 9
	covered := make([]bool, n*n)
	for _, start := range rng.Perm(n * n) {
		if covered[start] {
			continue
		}
		size := 2 + rng.IntN(4)
		cage := []int{start}
		covered[start] = true
		for len(cage) < size {
			var next []int
			for _, c := range cage {
				for _, nb := range variant.Neighbours(n, c) {
					if covered[nb] || slices.Contains(next, nb) || slices.ContainsFunc(cage, func(x int) bool { return grid.Cells[x] == grid.Cells[nb] }) {
						continue
					}
					next = append(next, nb)
				}
			}
			if len(next) == 0 {
				if len(cage) == 1 {
					return nil, nil
				}
				break
			}
			nb := next[rng.IntN(len(next))]
			cage = append(cage, nb)
			covered[nb] = true
		}
		sum := 0
		for _, c := range cage {
			sum += int(grid.Cells[c])
		}
		slices.Sort(cage)
		p.Rules = append(p.Rules, variant.Killer{Cells: cage, Sum: sum})
	}
	if err := variant.Check(p, grid); err != nil {
		t.Fatalf("the example's grid breaks its cages: %v", err)
	}
	return p, grid
}

// TestDocsKiller draws the README's killer puzzle and compares it with the
// committed docs/killer.svg and docs/killer.png (a golden-image test of the
// whole drawing path); SATDOKU_UPDATE_DOCS=1 rewrites them.
func TestDocsKiller(t *testing.T) {
	p, _ := killerExample(t)
	sc, err := Draw(&Picture{Variant: p, Title: "A killer sudoku drawn by satdoku"}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var svg, png bytes.Buffer
	sc.WriteSVG(&svg)
	if err := sc.WritePNG(&png, 1.5); err != nil {
		t.Fatal(err)
	}
	parseSVG(t, svg.Bytes())
	dir := filepath.Join("..", "docs")
	for name, data := range map[string][]byte{"killer.svg": svg.Bytes(), "killer.png": png.Bytes()} {
		path := filepath.Join(dir, name)
		if os.Getenv(updateDocsEnv) == "1" {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		old, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run with %s=1 to write it)", err, updateDocsEnv)
		}
		same := bytes.Equal(old, data)
		if !same && filepath.Ext(name) == ".png" {
			// Anti-aliasing may round differently on another CPU: compare
			// pixels, with a small tolerance.
			same = similarPNG(t, old, data)
		}
		if !same {
			t.Errorf("%s differs from the drawing (%d bytes, drawn %d): if the change is meant, run with %s=1", path, len(old), len(data), updateDocsEnv)
		}
	}
}

// similarPNG reports whether two PNG images have the same size and differ
// by more than 8 levels of a channel in at most 1 pixel in 1000.
func similarPNG(t testing.TB, a, b []byte) bool {
	ia, err1 := png.Decode(bytes.NewReader(a))
	ib, err2 := png.Decode(bytes.NewReader(b))
	if err1 != nil || err2 != nil || ia.Bounds() != ib.Bounds() {
		return false
	}
	bad, total := 0, ia.Bounds().Dx()*ia.Bounds().Dy()
	for y := ia.Bounds().Min.Y; y < ia.Bounds().Max.Y; y++ {
		for x := ia.Bounds().Min.X; x < ia.Bounds().Max.X; x++ {
			if colorDist(at(ia, x, y), at(ib, x, y)) > 8 {
				bad++
			}
		}
	}
	return bad*1000 <= total
}
