package app

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/board"
)

// satdokuBin is the satdoku binary built by TestMain: the worker processes
// of the in-memory runs and the signal tests use it.
var satdokuBin string

// Committed samples at the module root and public data beside the module.
const (
	rootTestdata = "../testdata"
	sharedData   = "../../shared/data"
)

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "satdoku-app-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	satdokuBin = filepath.Join(dir, "satdoku")
	build := exec.Command("go", "build", "-o", satdokuBin, "..")
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintf(os.Stderr, "building satdoku for the tests: %v\n", err)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	workerExecutable = func() (string, error) { return satdokuBin, nil }
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// run is the outcome of one command line.
type run struct {
	code           int
	stdout, stderr string
}

func (r run) String() string {
	return fmt.Sprintf("exit %d\n--- stdout:\n%s--- stderr:\n%s", r.code, clip(r.stdout), clip(r.stderr))
}

func clip(s string) string {
	if len(s) > 3000 {
		return s[:3000] + "…\n"
	}
	return s
}

// satdoku runs the CLI in memory with the given standard input.
func satdoku(t testing.TB, stdin string, args ...string) run {
	t.Helper()
	return satdokuReader(t, strings.NewReader(stdin), args...)
}

func satdokuReader(t testing.TB, stdin io.Reader, args ...string) run {
	t.Helper()
	var out, errb bytes.Buffer
	code := Main(append([]string{"satdoku"}, args...), stdin, &out, &errb)
	return run{code, out.String(), errb.String()}
}

// wantCode fails the test when the run did not end with code.
func (r run) wantCode(t testing.TB, code int) {
	t.Helper()
	if r.code != code {
		t.Fatalf("want exit %d, got %v", code, r)
	}
	if strings.Contains(r.stderr, "panic") || strings.Contains(r.stderr, "goroutine ") {
		t.Fatalf("a panic: %v", r)
	}
}

// readPuzzles reads every puzzle of a file (all must be valid).
func readPuzzles(t testing.TB, path string) []*board.Puzzle {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	return readPuzzlesFrom(t, f)
}

func readPuzzlesFrom(t testing.TB, r io.Reader) []*board.Puzzle {
	t.Helper()
	rd := board.NewReader(r)
	var ps []*board.Puzzle
	for {
		p, err := rd.Read()
		if errors.Is(err, io.EOF) {
			return ps
		}
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, p)
	}
}

func boards(ps []*board.Puzzle) []*board.Board {
	bs := make([]*board.Board, len(ps))
	for i, p := range ps {
		bs[i] = p.Board
	}
	return bs
}

// writeFile writes a file in the test's temporary directory.
func writeFile(t testing.TB, name, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func readFile(t testing.TB, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// verifyLines checks line-format output: one line per puzzle, each the
// verified solution of its puzzle, or one of the words in others at the
// index given (0-based).
func verifyLines(t testing.TB, puzzles []*board.Board, out string, others map[int]string) {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if out == "" {
		lines = nil
	}
	if len(lines) != len(puzzles) {
		t.Fatalf("%d lines out for %d puzzles:\n%s", len(lines), len(puzzles), clip(out))
	}
	for i, l := range lines {
		if w, ok := others[i]; ok {
			if l != w {
				t.Errorf("puzzle %d: want %q, got %q", i+1, w, l)
			}
			continue
		}
		verifyLine(t, i, puzzles[i], l)
	}
}

// verifyLine checks that l is a solution of p in line format.
func verifyLine(t testing.TB, i int, p *board.Board, l string) {
	t.Helper()
	s, err := board.Parse(l)
	if err != nil {
		t.Fatalf("puzzle %d: output %q: %v", i+1, l, err)
	}
	if err := board.Verify(p, s); err != nil {
		t.Fatalf("puzzle %d: output %q is not a solution: %v", i+1, l, err)
	}
}

// lineFile joins puzzles as a line-format file.
func lineFile(bs []*board.Board) string {
	var sb strings.Builder
	for _, b := range bs {
		sb.Write(board.AppendLine(nil, b, board.Default))
		sb.WriteByte('\n')
	}
	return sb.String()
}

// samplePuzzles reads one of the committed samples.
func samplePuzzles(t testing.TB, name string) []*board.Board {
	t.Helper()
	return boards(readPuzzles(t, filepath.Join(rootTestdata, name)))
}
