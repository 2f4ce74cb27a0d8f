package workerproto

import (
	"bytes"
	"errors"
	"reflect"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/engine"
)

// FuzzRequest: ParseRequest never panics, and what it accepts writes back
// to a request that reads as the same board.
func FuzzRequest(f *testing.F) {
	f.Add([]byte("7\t2\t2\t1000020000300004\t\n"))
	f.Add([]byte("1\t3\t3\t" + string(bytes.Repeat([]byte{'0'}, 81)) + "\t\n"))
	f.Add([]byte("x\ty\tz\n"))
	f.Add([]byte("3\t2\t2\t1000000000000000\t" + `{"regions":null,"rules":[{"t":"Killer","v":{"Cells":[0,1],"Sum":3}},{"t":"AntiKing","v":{}}]}` + "\n"))
	f.Add([]byte("4\t1\t4\t0000000000000000\t" + `{"regions":[0,0,1,1,0,0,1,1,2,2,3,3,2,2,3,3],"rules":[{"t":"LittleKiller","v":{"Clue":{"Row":-1,"Col":0,"DRow":1,"DCol":1},"Sum":10}}]}` + "\n"))
	f.Fuzz(func(t *testing.T, line []byte) {
		seq, b, p, err := ParseRequest(line)
		if err != nil {
			return
		}
		if err := b.Check(); err != nil && !errors.Is(err, board.ErrClash) {
			t.Fatalf("ParseRequest accepted a malformed board: %v", err)
		}
		if p != nil {
			again, err := AppendVariantRequest(nil, seq, p)
			if err != nil {
				t.Fatalf("a variant puzzle read does not write back: %v", err)
			}
			seq2, _, p2, err := ParseRequest(again)
			if err != nil || seq2 != seq || !reflect.DeepEqual(p, p2) {
				t.Fatalf("round trip of %q: %d %+v %v", line, seq2, p2, err)
			}
			return
		}
		seq2, b2, _, err := ParseRequest(AppendRequest(nil, seq, b))
		if err != nil || seq2 != seq || !b2.Equal(b) {
			t.Fatalf("round trip of %q: %d %v %v", line, seq2, b2, err)
		}
	})
}

// FuzzResponse: ParseResponse never panics, and what it accepts writes
// back to a response that reads as the same result.
func FuzzResponse(f *testing.F) {
	full := fullResult(f)
	f.Add(AppendResponse(nil, 3, &full))
	f.Add(AppendResponse(nil, 1, &engine.Result{}))
	f.Add([]byte("3\t0\t1\t\"sat\"\t1\t2\t12\t1234341221434321\t-\t\t\t\t\"\"\t\t\n"))
	f.Add([]byte("garbage"))
	f.Fuzz(func(t *testing.T, line []byte) {
		s := board.Square(2)
		seq, r, err := ParseResponse(line, s, 3)
		if err != nil {
			return
		}
		seq2, r2, err := ParseResponse(AppendResponse(nil, seq, &r), s, 3)
		if err != nil || seq2 != seq {
			t.Fatalf("round trip of %q: %d, %v", line, seq2, err)
		}
		if (r.Err == nil) != (r2.Err == nil) || r.Err != nil && (r.Err.Error() != r2.Err.Error() || len(r2.Err.(*RemoteError).Sentinels) < len(r.Err.(*RemoteError).Sentinels)) {
			t.Fatalf("error changed: %v, then %v", r.Err, r2.Err)
		}
		r.Err, r2.Err = nil, nil
		if !reflect.DeepEqual(r, r2) {
			t.Fatalf("round trip of %q changed the result:\n%+v\n%+v", line, r, r2)
		}
	})
}

// FuzzConfig: ParseConfig never panics.
func FuzzConfig(f *testing.F) {
	line, _ := AppendConfig(nil, Config{FlushEach: true})
	f.Add(line)
	f.Add([]byte(Protocol + "\tconfig\t{\"Engine\":{\"Kind\":9}}\n"))
	f.Fuzz(func(t *testing.T, line []byte) {
		ParseConfig(line)
	})
}
