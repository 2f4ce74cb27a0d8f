package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/internal/disktest"
)

// TestDiskFull writes pictures and formulas onto a small disk until it is
// full (a tmpfs, where the test may mount one): the command fails with an
// error naming the file it could not write, and leaves no partial file and
// no temporary file, only whole ones.
func TestDiskFull(t *testing.T) {
	t.Parallel()
	puzzles := samplePuzzles(t, "top1465-sample.txt")
	file := writeFile(t, "many.txt", lineFile(puzzles))
	one := writeFile(t, "one.txt", classic9)
	for _, tt := range []struct {
		name string
		args func(dir string) []string
		// whole reports whether a file's content is complete.
		whole func(data string) bool
	}{
		{"solve -o svg --out", func(dir string) []string { return []string{"solve", "-q", "-o", "svg", "--out", dir, file} },
			func(s string) bool { return strings.HasSuffix(s, "</svg>\n") }},
		{"solve -o png --out", func(dir string) []string { return []string{"solve", "-q", "-o", "png", "--out", dir, file} },
			func(s string) bool { return strings.HasSuffix(s, "IEND\xaeB`\x82") }},
		{"encode --out", func(dir string) []string { return []string{"encode", "--out", dir, file} },
			func(s string) bool { return strings.HasSuffix(s, " 0\n") }},
		{"render -o x.svg", func(dir string) []string { return []string{"render", "-o", filepath.Join(dir, "x.svg"), one} },
			func(s string) bool { return strings.HasSuffix(s, "</svg>\n") }},
		{"render -o x.png", func(dir string) []string { return []string{"render", "-o", filepath.Join(dir, "x.png"), one} },
			func(s string) bool { return strings.HasSuffix(s, "IEND\xaeB`\x82") }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := disktest.SmallDisk(t, 200<<10)
			if strings.HasPrefix(tt.name, "render") {
				fill(t, dir, 4<<10) // room for less than one picture
			}
			r := satdoku(t, "", tt.args(dir)...)
			r.wantCode(t, ExitError)
			if !strings.Contains(r.stderr, dir+"/") || !strings.Contains(r.stderr, "no space left on device") {
				t.Errorf("the error does not name the file and the cause: %v", r)
			}
			entries, _ := os.ReadDir(dir)
			for _, e := range entries {
				data, _ := os.ReadFile(filepath.Join(dir, e.Name()))
				switch {
				case e.Name() == "filler":
				case strings.HasPrefix(tt.name, "render"): // its one picture failed
					t.Errorf("%s: %d bytes left by a failed render", e.Name(), len(data))
				case !tt.whole(string(data)) || strings.Contains(e.Name(), ".tmp-"):
					t.Errorf("%s: %d bytes, a partial or temporary file", e.Name(), len(data))
				}
			}
		})
	}
}

// fill fills the disk of dir up to free bytes, with a file named filler.
func fill(t *testing.T, dir string, free int) {
	t.Helper()
	f, err := os.Create(filepath.Join(dir, "filler"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	chunk := make([]byte, 1024)
	for {
		if _, err := f.Write(chunk); err != nil {
			break
		}
	}
	// Free some room again: a picture's first bytes fit, the rest not.
	st, _ := f.Stat()
	if err := f.Truncate(max(0, st.Size()-int64(free))); err != nil {
		t.Fatal(err)
	}
}
