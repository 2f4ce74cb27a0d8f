package workerproto

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/engine"
)

// grid4 is a solved 4x4.
func grid4() *board.Board {
	b := board.New(board.Square(2))
	copy(b.Cells, []uint8{1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1})
	return b
}

// fullResult sets every field of engine.Result to a value other than its
// zero value, and fails the test when engine.Result has a field it does
// not know: a new field must cross the protocol too.
func fullResult(t testing.TB) engine.Result {
	second := grid4()
	second.Cells[0], second.Cells[1] = 2, 1
	r := engine.Result{
		Status:    engine.Failed,
		Solution:  grid4(),
		Second:    second,
		Count:     7,
		Engine:    "both, with\ttab",
		Fallback:  "gophersat: \"quoted\"\nnewline",
		Settled:   true,
		Confirmed: true,
		Stage:     encode.StageProbing,
		Clashes: []*board.ClashError{
			{Shape: board.Square(2), CellA: 0, CellB: 1, Digit: 4, Unit: "row 1"},
			{Shape: board.Square(2), CellA: 2, CellB: 15, Digit: 3, Unit: `odd "unit";,`},
		},
		Candidates:    []uint64{1, 2, 4, 8, 0xf, 0xe, 0xd, 0xb, 7, 3, 5, 6, 9, 0xa, 0xc, 1},
		Conflict:      []int{0, 5, 15},
		ConflictRules: []int{0, 2},
		Err:           fmt.Errorf("explaining: %w", fmt.Errorf("%w and %w", engine.ErrDisagree, board.ErrClash)),
		Elapsed:       1234567891 * time.Nanosecond,
	}
	known := map[string]bool{"Status": true, "Solution": true, "Second": true, "Count": true, "Engine": true,
		"Fallback": true, "Settled": true, "Confirmed": true, "Stage": true, "Clashes": true, "Conflict": true, "ConflictRules": true, "Candidates": true, "Err": true, "Elapsed": true}
	v := reflect.ValueOf(r)
	for i := 0; i < v.NumField(); i++ {
		name := v.Type().Field(i).Name
		if !known[name] {
			t.Fatalf("engine.Result has a field %s that the worker protocol does not carry", name)
		}
		if v.Field(i).IsZero() {
			t.Fatalf("fullResult leaves %s zero", name)
		}
	}
	return r
}

// TestResponseRoundTrip writes and reads back a result with every field
// set, and the zero result.
func TestResponseRoundTrip(t *testing.T) {
	s := board.Square(2)
	for _, want := range []engine.Result{fullResult(t), {}} {
		line := AppendResponse(nil, 42, &want)
		if strings.Count(string(line), "\n") != 1 {
			t.Fatalf("response is not one line: %q", line)
		}
		seq, got, err := ParseResponse(line, s, 3)
		if err != nil || seq != 42 {
			t.Fatalf("ParseResponse(%q): seq %d, %v", line, seq, err)
		}
		if (want.Err == nil) != (got.Err == nil) || want.Err != nil && got.Err.Error() != want.Err.Error() {
			t.Errorf("Err %v, want %v", got.Err, want.Err)
		}
		want.Err, got.Err = nil, nil
		if !reflect.DeepEqual(got, want) {
			t.Errorf("round trip:\n got %+v\nwant %+v", got, want)
		}
	}
}

// TestErrorsKeepIdentity sends an error wrapping each sentinel across and
// checks errors.Is for it, and for no other sentinel.
func TestErrorsKeepIdentity(t *testing.T) {
	for i, s := range Sentinels {
		r := engine.Result{Status: engine.Failed, Err: fmt.Errorf("context: %w", s)}
		_, got, err := ParseResponse(AppendResponse(nil, 1, &r), board.Classic, 0)
		if err != nil {
			t.Fatal(err)
		}
		if !errors.Is(got.Err, s) {
			t.Errorf("sentinel %d (%v) lost: %q", i+1, s, AppendResponse(nil, 1, &r))
		}
		if got.Err.Error() != r.Err.Error() {
			t.Errorf("message %q, want %q", got.Err, r.Err)
		}
		for j, other := range Sentinels {
			if j != i && errors.Is(got.Err, other) && !errors.Is(s, other) {
				t.Errorf("an error wrapping %v matches %v too", s, other)
			}
		}
	}
	// A ClashError matches ErrClash through its Is method.
	r := engine.Result{Err: &board.ClashError{Shape: board.Classic, CellA: 0, CellB: 1, Digit: 5, Unit: "row 1"}}
	_, got, _ := ParseResponse(AppendResponse(nil, 1, &r), board.Classic, 0)
	if !errors.Is(got.Err, board.ErrClash) {
		t.Errorf("clash error lost ErrClash: %v", got.Err)
	}
}

func TestRequestRoundTrip(t *testing.T) {
	for _, b := range []*board.Board{grid4(), board.New(board.Classic), board.New(mustShape(t, 2, 3)), board.New(board.Square(8))} {
		b.Cells[len(b.Cells)-1] = uint8(b.Side())
		seq, got, p, err := ParseRequest(AppendRequest(nil, 99, b))
		if err != nil || seq != 99 || !got.Equal(b) || got.Shape != b.Shape || p != nil {
			t.Errorf("%v: seq %d, %v, equal %v", b.Shape, seq, err, got != nil && got.Equal(b))
		}
	}
}

func mustShape(t *testing.T, r, c int) board.Shape {
	s, err := board.NewShape(r, c)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestConfigRoundTrip(t *testing.T) {
	want := Config{
		Engine:    engine.Options{Kind: engine.External, Limit: 3, Explain: true, SatCmd: []string{"minisat", "{in}", "{out}"}, Encoding: encode.Options{Encoding: encode.Minimal, AMO: encode.Sequential}, ConfirmBudget: time.Second, Candidates: true},
		Timeout:   1500 * time.Millisecond,
		FlushEach: true,
	}
	line, err := AppendConfig(nil, want)
	if err != nil {
		t.Fatal(err)
	}
	got, err := ParseConfig(line)
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("config round trip: %+v, %v", got, err)
	}
	for _, other := range []string{"satdoku-worker 3 {}\n", "satdoku-worker/3\tconfig\t{}\n", fmt.Sprintf("satdoku-worker/%d\tconfig\t{}\n", Version+1)} {
		if _, err := ParseConfig([]byte(other)); err == nil {
			t.Errorf("config line of another version accepted: %q", other)
		}
	}
	if !strings.HasPrefix(string(line), Protocol+"\t") || !strings.HasPrefix(Ready, Protocol+"\t") {
		t.Errorf("config %q and ready %q lines do not start with %q", line, Ready, Protocol)
	}
}

// TestBadLines checks that malformed lines are errors, never panics.
func TestBadLines(t *testing.T) {
	good := AppendResponse(nil, 3, &engine.Result{Solution: grid4(), Engine: "sat"})
	for _, bad := range []string{"", "\n", "1\t2\t2\n", "x\t2\t2\t0000000000000000\t\n", "1\t2\t2\t000\t\n", "1\t0\t2\t00\t\n",
		"1\t2\t2\t" + strings.Repeat(":", 16) + "\t\n", "1\t2\t2\t0000000000000000\t\textra\n", "1\t2\t2\t-\t\n",
		"1\t2\t2\t0000000000000000\n", "1 2 2 0000000000000000\n"} {
		if _, _, _, err := ParseRequest([]byte(bad)); err == nil {
			t.Errorf("request %q accepted", bad)
		}
	}
	replace := func(field int, with string) string {
		f := strings.Split(strings.TrimSuffix(string(good), "\n"), "\t")
		f[field] = with
		return strings.Join(f, "\t") + "\n"
	}
	for _, bad := range []string{"", "1\t0\n", strings.Repeat("x\t", 13) + "x\n", string(good[:len(good)-1]) + "\tx\n",
		replace(4, "4"), replace(5, "-1"), replace(6, "-5"), replace(7, "123"), replace(9, "16"), replace(9, "1,"),
		replace(10, "3"), replace(10, "-1"), replace(10, "0,"),
		replace(11, "0,1,5,\"row\""), replace(11, "0,1,2"), replace(11, `0,1,2,"row";`), replace(12, "unquoted"),
		replace(13, "1,2"), replace(13, strings.Repeat("1,", 15)+"10"), replace(13, strings.Repeat("1,", 15)+"x"),
		replace(13, strings.Repeat("1,", 16)+"1"), replace(13, strings.Repeat("1,", 16)),
		replace(14, `1:"x`), replace(14, `99:"x"`), replace(14, `0:"x"`), replace(14, `"no codes"`)} {
		if _, _, err := ParseResponse([]byte(bad), board.Square(2), 3); err == nil {
			t.Errorf("response %q accepted", bad)
		}
	}
}

// benchResult is a usual 9x9 answer: solved by SAT after probing.
func benchResult(b *testing.B) engine.Result {
	sol, err := board.Parse(strings.Repeat("0", 81))
	if err != nil {
		b.Fatal(err)
	}
	return engine.Result{Status: engine.Solved, Solution: sol, Engine: "sat", Stage: encode.StageProbing, Settled: true, Elapsed: time.Millisecond}
}

// BenchmarkResponse measures a 9x9 answer's way through: written by the
// worker, read by the parent.
func BenchmarkResponse(b *testing.B) {
	r := benchResult(b)
	b.ReportAllocs()
	var buf []byte
	for i := 0; i < b.N; i++ {
		buf = AppendResponse(buf[:0], i, &r)
		if _, _, err := ParseResponse(buf, board.Classic, 0); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRequest measures a 9x9 request's way through: written by the
// parent, read by the worker.
func BenchmarkRequest(b *testing.B) {
	puzzle, err := board.Parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	var buf []byte
	for i := 0; i < b.N; i++ {
		buf = AppendRequest(buf[:0], i, puzzle)
		if _, _, _, err := ParseRequest(buf); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkResponseJSON measures what BenchmarkResponse measures with
// the response as encoding/json writes and reads engine.Result: the cost
// that keeps the per-puzzle fields out of JSON (see the package doc).
func BenchmarkResponseJSON(b *testing.B) {
	r := benchResult(b)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		js, err := json.Marshal(&r)
		if err != nil {
			b.Fatal(err)
		}
		var got engine.Result
		if err := json.Unmarshal(js, &got); err != nil || got.Solution == nil {
			b.Fatalf("%v %s", err, js)
		}
	}
}
