package app

import (
	"bytes"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/internal/race"
)

// TestSolvePictures: solve -o svg draws the one puzzle of its input to
// standard output exactly as render draws it; with --out DIR it draws
// every puzzle to a file of its own, numbered in input order and listed
// on stdout, and without --out it refuses an input of several puzzles
// before writing anything.
func TestSolvePictures(t *testing.T) {
	t.Parallel()
	race.SkipSequential(t)
	one := writeFile(t, "one.txt", classic9)
	t.Run("one puzzle to stdout", func(t *testing.T) {
		t.Parallel()
		for _, args := range [][]string{{}, {"--explain"}, {"--show-second"}} {
			for _, in := range []string{classic9, noWay, twoWays} {
				file := writeFile(t, "p.txt", in)
				r := satdoku(t, "", append([]string{"solve", "-o", "svg", file}, args...)...)
				want := satdoku(t, "", append(append([]string{"render"}, args...), file)...)
				if r.code != want.code || r.stdout != want.stdout || len(svgClasses(t, r.stdout)) == 0 {
					t.Errorf("solve -o svg %v on %q: exit %d, %d bytes; render: exit %d, %d bytes", args, in, r.code, len(r.stdout), want.code, len(want.stdout))
				}
			}
		}
	})
	t.Run("several puzzles need --out", func(t *testing.T) {
		t.Parallel()
		file := writeFile(t, "two.txt", classic9+classic9)
		r := satdoku(t, "", "solve", "-o", "svg", file)
		r.wantCode(t, ExitUsage)
		if r.stdout != "" || !strings.Contains(r.stderr, "puzzle 2") || !strings.Contains(r.stderr, "--out DIR") {
			t.Errorf("%v", r)
		}
	})
	t.Run("--out DIR", func(t *testing.T) {
		t.Parallel()
		in := classic9 + "12345x\n" + noWay + twoWays
		file := writeFile(t, "four.txt", in)
		for _, format := range []string{"svg", "png"} {
			dir := filepath.Join(t.TempDir(), "pics")
			r := satdoku(t, "", "solve", "-o", format, "--out", dir, file)
			r.wantCode(t, ExitInvalid)
			want := fmt.Sprintf("%[1]s/000001.%[2]s solved\ninvalid\n%[1]s/000003.%[2]s no solution\n%[1]s/000004.%[2]s solved\n", dir, format)
			if r.stdout != want {
				t.Errorf("stdout %q, want %q", r.stdout, want)
			}
			entries, err := os.ReadDir(dir)
			if err != nil || len(entries) != 3 {
				t.Fatalf("%v, %v: want three pictures", entries, err)
			}
			for _, k := range []int{1, 3, 4} {
				data, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("%06d.%s", k, format)))
				if err != nil {
					t.Fatal(err)
				}
				var pic run
				if format == "svg" {
					pic = satdoku(t, "", "render", "--index", fmt.Sprint(k), file)
				} else {
					pic = satdoku(t, "", "render", "--format", "png", "--index", fmt.Sprint(k), file)
					if _, err := png.DecodeConfig(bytes.NewReader(data)); err != nil {
						t.Errorf("picture %d is not a PNG: %v", k, err)
					}
				}
				if string(data) != pic.stdout {
					t.Errorf("picture %d differs from render --index %d", k, k)
				}
			}
		}
	})
	t.Run("usage", func(t *testing.T) {
		t.Parallel()
		r := satdoku(t, "", "solve", "-o", "line", "--out", t.TempDir(), one)
		r.wantCode(t, ExitUsage)
		if !strings.Contains(r.stderr, "--out DIR is for pictures") {
			t.Errorf("%v", r)
		}
	})
}
