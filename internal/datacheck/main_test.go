package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRun(t *testing.T) {
	t.Parallel()
	full := t.TempDir()
	for _, f := range files {
		path := filepath.Join(full, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	partial := t.TempDir()
	absent := filepath.Join(t.TempDir(), "nothing")
	for _, tt := range []struct {
		dir     string
		require bool
		code    int
		says    string
	}{
		{full, false, 0, "the tests that need them ran"},
		{full, true, 0, "the tests that need them ran"},
		{absent, false, 0, "were skipped"},
		{absent, true, 1, "FAIL"},
		{partial, false, 1, "lacks 13 of the 13 files"},
	} {
		var out strings.Builder
		code := run(&out, tt.dir, tt.require)
		if code != tt.code || !strings.Contains(out.String(), tt.says) || strings.Count(out.String(), "\n") != 1 {
			t.Errorf("run(%s, require %v) = %d, %q; want %d and one line with %q", tt.dir, tt.require, code, out.String(), tt.code, tt.says)
		}
	}
	if !strings.HasSuffix(filepath.ToSlash(dataDir()), "/shared/data") {
		t.Errorf("dataDir() = %s", dataDir())
	}
}
