// Package testpuzzles reads puzzle files for the tests of every package, so
// that there is one such reader. Paths are relative to the module root.
//
// A committed file that is missing or holds a bad puzzle fails the test: a
// renamed sample must never turn a test into a silent skip. The public
// puzzle sets of ../shared/data (beside the checkout; see docs/testing.md) are
// optional: a test that needs them is skipped with a message naming the
// directory when they are absent.
package testpuzzles

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/satdoku/satdoku/board"
)

// Root returns the module's root directory (where go.mod is).
func Root() string {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		panic("testpuzzles: no caller information")
	}
	return filepath.Join(filepath.Dir(file), "..", "..")
}

// Path returns the absolute path of a file given relative to the module
// root, such as "testdata/top1465-sample.txt".
func Path(rel string) string { return filepath.Join(Root(), filepath.FromSlash(rel)) }

// SharedDir is the directory of the public puzzle sets, ../shared/data
// beside the checkout, and whether it exists.
func SharedDir() (string, bool) {
	dir := filepath.Join(Root(), "..", "shared", "data")
	st, err := os.Stat(dir)
	return dir, err == nil && st.IsDir()
}

// Shared returns the path of a public puzzle set in ../shared/data, such as
// "puzzles3_magictour_top1465", or skips the test when the directory is
// absent. A directory that is present but lacks the file fails the test.
func Shared(tb testing.TB, name string) string {
	tb.Helper()
	dir, ok := SharedDir()
	if !ok {
		tb.Skipf("public puzzle sets not found at %s (see \"Test data\" in docs/testing.md)", dir)
	}
	path := filepath.Join(dir, name)
	if _, err := os.Stat(path); err != nil {
		tb.Fatalf("public puzzle set missing: %v", err)
	}
	return path
}

// Read reads every puzzle of a file, given relative to the module root (or
// absolute), with board.Reader. A missing file, a parse error or a file
// with no puzzle fails the test.
func Read(tb testing.TB, path string) []*board.Puzzle {
	tb.Helper()
	return ReadWith(tb, path, nil)
}

// ReadWith is Read with a configured reader: setup, if not nil, sets the
// reader's options (Shape, Alphabet) before the first Read.
func ReadWith(tb testing.TB, path string, setup func(*board.Reader)) []*board.Puzzle {
	tb.Helper()
	if !filepath.IsAbs(path) {
		path = Path(path)
	}
	f, err := os.Open(path)
	if err != nil {
		tb.Fatalf("reading puzzles: %v", err)
	}
	defer f.Close()
	ps := ReadFrom(tb, f, filepath.Base(path), setup)
	if len(ps) == 0 {
		tb.Fatalf("%s: no puzzles", path)
	}
	return ps
}

// ReadFrom reads every puzzle from r, naming it name in errors; setup may
// be nil. A parse error fails the test; no puzzle at all is not an error.
func ReadFrom(tb testing.TB, r io.Reader, name string, setup func(*board.Reader)) []*board.Puzzle {
	tb.Helper()
	rd := board.NewReader(r)
	rd.Name = name
	if setup != nil {
		setup(rd)
	}
	var out []*board.Puzzle
	for {
		p, err := rd.Read()
		if errors.Is(err, io.EOF) {
			return out
		}
		if err != nil {
			tb.Fatalf("reading puzzles: %v", err)
		}
		out = append(out, p)
	}
}

// Boards reads every puzzle of a file as Read does and returns the boards.
func Boards(tb testing.TB, path string) []*board.Board {
	tb.Helper()
	ps := Read(tb, path)
	out := make([]*board.Board, len(ps))
	for i, p := range ps {
		out[i] = p.Board
	}
	return out
}
