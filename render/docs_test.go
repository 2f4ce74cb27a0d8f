package render

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/satdoku/satdoku/fpuzzles"
	"github.com/satdoku/satdoku/internal/testpuzzles"
)

// updateDocsEnv set to 1 rewrites the pictures under docs/ instead of
// comparing them.
const updateDocsEnv = "SATDOKU_UPDATE_DOCS"

// TestDocsKiller draws the README's killer puzzle, "Killer Blister" by
// Rangsk (testdata/variants/dclamage/killer-blister.json: killer cages and
// little killers), and compares it with the committed docs/killer.svg and
// docs/killer.png (a golden-image test of the whole drawing path);
// SATDOKU_UPDATE_DOCS=1 rewrites them.
func TestDocsKiller(t *testing.T) {
	f, err := os.Open(testpuzzles.Path("testdata/variants/dclamage/killer-blister.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	res, err := fpuzzles.Read(f)
	if err != nil {
		t.Fatal(err)
	}
	sc, err := Draw(&Picture{Variant: res.Puzzle, Title: "Killer Blister by Rangsk, drawn by satdoku"}, Options{})
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
