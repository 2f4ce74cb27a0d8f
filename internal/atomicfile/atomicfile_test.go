package atomicfile_test

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/satdoku/satdoku/internal/atomicfile"
	"github.com/satdoku/satdoku/internal/disktest"
)

// errFault is the error of a writer that fails.
var errFault = errors.New("fault")

func writeFailingAfter(n int) func(io.Writer) error {
	return func(w io.Writer) error {
		chunk := strings.Repeat("x", 1000)
		for written := 0; ; written += len(chunk) {
			if written >= n {
				return errFault
			}
			if _, err := io.WriteString(w, chunk); err != nil {
				return err
			}
		}
	}
}

// TestWrite: a complete write replaces the file; a writer that fails after
// 0, a few or many bytes (beyond the buffer) leaves the old content, no
// temporary file, and an error naming the file and wrapping the cause.
func TestWrite(t *testing.T) {
	for _, tt := range []struct {
		name    string
		write   func(io.Writer) error
		want    string // the file's content afterwards
		wantErr error
	}{
		{"complete", func(w io.Writer) error { _, err := io.WriteString(w, "new"); return err }, "new", nil},
		{"fails at once", writeFailingAfter(0), "old", errFault},
		{"fails after 5000 bytes", writeFailingAfter(5000), "old", errFault},
		{"fails after 1 MB", writeFailingAfter(1 << 20), "old", errFault},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "out.svg")
			if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
				t.Fatal(err)
			}
			err := atomicfile.Write(path, 0o644, tt.write)
			if !errors.Is(err, tt.wantErr) || (err != nil && !strings.Contains(err.Error(), path)) {
				t.Errorf("err %v, want %v naming %s", err, tt.wantErr, path)
			}
			if got, _ := os.ReadFile(path); string(got) != tt.want {
				t.Errorf("content %q, want %q", got, tt.want)
			}
			checkOnly(t, dir, "out.svg")
		})
	}
}

// TestWriteNoFolder: a folder that does not exist is an error naming the
// file, and nothing is created.
func TestWriteNoFolder(t *testing.T) {
	path := filepath.Join(t.TempDir(), "missing", "x.png")
	err := atomicfile.WriteFile(path, []byte("data"), 0o644)
	if !errors.Is(err, os.ErrNotExist) || !strings.Contains(err.Error(), path) || strings.Contains(err.Error(), ".tmp-") {
		t.Errorf("err %v, want not-exist naming %s and no temporary name", err, path)
	}
}

// TestWriteDiskFull fills a small tmpfs (when the test may mount one: as
// root on Linux): the write that does not fit fails with ENOSPC naming the
// file, and leaves no file, not even a part.
func TestWriteDiskFull(t *testing.T) {
	dir := disktest.SmallDisk(t, 64<<10)
	for i := 0; ; i++ {
		path := filepath.Join(dir, fmt.Sprintf("%06d.svg", i))
		err := atomicfile.WriteFile(path, []byte(strings.Repeat("<g/>", 4000)+"</svg>"), 0o644)
		if err == nil {
			if i > 100 {
				t.Fatal("64 KiB took more than 100 files of 16 KB")
			}
			continue
		}
		if !errors.Is(err, syscall.ENOSPC) || !strings.Contains(err.Error(), path) {
			t.Errorf("err %v, want ENOSPC naming %s", err, path)
		}
		if _, serr := os.Stat(path); !errors.Is(serr, os.ErrNotExist) {
			t.Errorf("%s exists after its write failed", path)
		}
		break
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		data, _ := os.ReadFile(filepath.Join(dir, e.Name()))
		if !strings.HasSuffix(string(data), "</svg>") || strings.Contains(e.Name(), ".tmp-") {
			t.Errorf("%s: a partial or temporary file (%d bytes)", e.Name(), len(data))
		}
	}
}

// checkOnly fails unless dir holds exactly the named files.
func checkOnly(t *testing.T, dir string, names ...string) {
	t.Helper()
	entries, _ := os.ReadDir(dir)
	var got []string
	for _, e := range entries {
		got = append(got, e.Name())
	}
	if strings.Join(got, " ") != strings.Join(names, " ") {
		t.Errorf("folder holds %q, want %q", got, names)
	}
}

func ExampleWriteFile() {
	dir, _ := os.MkdirTemp("", "example")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "hello.txt")
	if err := atomicfile.WriteFile(path, []byte("hello\n"), 0o644); err != nil {
		fmt.Println(err)
	}
	data, _ := os.ReadFile(path)
	fmt.Print(string(data))
	// Output: hello
}
