package workerproto

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/engine"
)

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
	sol, err := board.Parse(strings.Repeat("0", 81))
	if err != nil {
		b.Fatal(err)
	}
	r := engine.Result{Status: engine.Solved, Solution: sol, Engine: "sat", Stage: encode.StageProbing, Settled: true, Elapsed: time.Millisecond}
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
