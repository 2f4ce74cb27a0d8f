package app

import (
	"bytes"
	"errors"
	"testing"
	"time"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/engine"
)

// FuzzWorkerRequest: parseRequest never panics on any line, and a request
// written by appendRequest reads back as the same board.
func FuzzWorkerRequest(f *testing.F) {
	f.Add([]byte("7 2 2 1000020000300004\n"))
	f.Add([]byte("1 3 3 " + string(bytes.Repeat([]byte{'0'}, 81)) + "\n"))
	f.Add([]byte("x y z\n"))
	f.Fuzz(func(t *testing.T, line []byte) {
		seq, b, err := parseRequest(line)
		if err != nil {
			return
		}
		if b.Check() != nil && !errors.Is(b.Check(), board.ErrClash) {
			t.Fatalf("parseRequest accepted a malformed board: %v", b.Check())
		}
		seq2, b2, err := parseRequest(appendRequest(nil, seq, b))
		if err != nil || seq2 != seq || !b2.Equal(b) {
			t.Fatalf("round trip of %q: %d %v %v", line, seq2, b2, err)
		}
	})
}

// FuzzWorkerResponse: parseResponse never panics, and a response written
// by appendResponse reads back with the same fields.
func FuzzWorkerResponse(f *testing.F) {
	f.Add([]byte("3\t0\t1\tsat\ttrue\t12\t1234341221434321\t-\t\t\"\"\t\"\"\n"), 2, "why", "oops", 5)
	f.Add([]byte("garbage"), 0, "", "", 0)
	f.Fuzz(func(t *testing.T, line []byte, status int, fallback, errText string, conflict int) {
		s := board.Square(2)
		parseResponse(line, s) // must not panic
		sol := board.New(s)
		copy(sol.Cells, []uint8{1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1})
		r := engine.Result{Status: engine.Status(status), Count: 2, Engine: "sat", Solution: sol,
			Fallback: fallback, Elapsed: 7 * time.Microsecond}
		if conflict >= 0 {
			r.Conflict = []int{conflict}
		}
		if errText != "" {
			r.Err = errors.New(errText)
		}
		seq, got, err := parseResponse(appendResponse(nil, 9, &r), s)
		if err != nil || seq != 9 {
			t.Fatalf("round trip: seq %d, %v", seq, err)
		}
		if got.Status != r.Status || got.Fallback != r.Fallback || !got.Solution.Equal(sol) || got.Second != nil ||
			(errText != "") != (got.Err != nil) || (got.Err != nil && got.Err.Error() != errText) ||
			len(got.Conflict) != len(r.Conflict) {
			t.Fatalf("round trip changed the result: %+v, want %+v", got, r)
		}
	})
}

// FuzzSplitCommand: splitting a --sat-cmd never panics and gives no empty
// command.
func FuzzSplitCommand(f *testing.F) {
	f.Add(`minisat {in} {out}`)
	f.Add(`sh -c 'kissat -q "$0"'`)
	f.Add(`"unclosed`)
	f.Fuzz(func(t *testing.T, s string) {
		args, err := splitCommand(s)
		if err == nil && len(args) == 0 {
			t.Fatalf("splitCommand(%q) gave no command and no error", s)
		}
	})
}
