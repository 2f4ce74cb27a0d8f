package encode_test

import (
	"bufio"
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/encode"
)

// readDIMACS is a strict DIMACS reader: comments only before the header,
// exactly one "p cnf V C" header whose counts are exact, one clause per
// line ending in " 0", every literal within ±V.
func readDIMACS(data []byte) (numVars int, clauses []encode.Clause, err error) {
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	header := false
	want := 0
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		switch {
		case strings.HasPrefix(text, "c ") && !header:
			continue
		case strings.HasPrefix(text, "p "):
			if header {
				return 0, nil, fmt.Errorf("line %d: second header", line)
			}
			f := strings.Fields(text)
			if len(f) != 4 || f[1] != "cnf" {
				return 0, nil, fmt.Errorf("line %d: bad header %q", line, text)
			}
			if numVars, err = strconv.Atoi(f[2]); err != nil {
				return 0, nil, err
			}
			if want, err = strconv.Atoi(f[3]); err != nil {
				return 0, nil, err
			}
			header = true
		case !header:
			return 0, nil, fmt.Errorf("line %d: %q before the header", line, text)
		default:
			if !strings.HasSuffix(text, " 0") && text != "0" {
				return 0, nil, fmt.Errorf("line %d: clause %q does not end in ' 0'", line, text)
			}
			f := strings.Fields(text)
			cl := make(encode.Clause, 0, len(f)-1)
			for _, w := range f[:len(f)-1] {
				l, err := strconv.Atoi(w)
				if err != nil || l == 0 || l > numVars || -l > numVars {
					return 0, nil, fmt.Errorf("line %d: bad literal %q", line, w)
				}
				cl = append(cl, encode.Lit(l))
			}
			clauses = append(clauses, cl)
		}
	}
	if !header {
		return 0, nil, fmt.Errorf("no header")
	}
	if len(clauses) != want {
		return 0, nil, fmt.Errorf("header says %d clauses, file has %d", want, len(clauses))
	}
	return numVars, clauses, sc.Err()
}

var fuzzShapes = []board.Shape{{BoxRows: 2, BoxCols: 2}, {BoxRows: 2, BoxCols: 3}, {BoxRows: 3, BoxCols: 2}, {BoxRows: 3, BoxCols: 3}}

// FuzzWriteDIMACS encodes arbitrary boards with every encoding and
// at-most-one encoding, writes DIMACS and reads it back strictly: the
// header's counts are exact and the clauses come back unchanged.
func FuzzWriteDIMACS(f *testing.F) {
	f.Add(byte(0), byte(0), byte(0), []byte{1, 0, 0, 2, 0, 3})
	f.Add(byte(3), byte(3), byte(1), []byte("530070000600195000098000060800060003400803001700020006060000280000419005000080079"))
	f.Add(byte(1), byte(2), byte(4), []byte{1, 1, 1, 1})
	f.Fuzz(func(t *testing.T, shape, enc, amo byte, cells []byte) {
		s := fuzzShapes[int(shape)%len(fuzzShapes)]
		b := board.New(s)
		n := s.Side()
		for i := range b.Cells {
			if i < len(cells) {
				b.Cells[i] = cells[i] % uint8(n+1)
			}
		}
		o := encode.Options{
			Encoding: encode.Encodings[int(enc)%len(encode.Encodings)],
			AMO:      encode.AMOs[int(amo)%len(encode.AMOs)],
		}
		cnf, err := encode.Encode(b, o)
		if err != nil {
			t.Fatalf("Encode(%v): %v", o, err)
		}
		var buf bytes.Buffer
		if err := cnf.WriteDIMACS(&buf); err != nil {
			t.Fatal(err)
		}
		numVars, clauses, err := readDIMACS(buf.Bytes())
		if err != nil {
			t.Fatalf("re-reading the DIMACS of %v: %v\n%s", o, err, buf.String())
		}
		want := cnf.Clausal()
		if numVars != want.NumVars || len(clauses) != len(want.Clauses) {
			t.Fatalf("read back %d vars %d clauses, wrote %d and %d", numVars, len(clauses), want.NumVars, len(want.Clauses))
		}
		for i, cl := range clauses {
			if fmt.Sprint(cl) != fmt.Sprint(want.Clauses[i]) {
				t.Fatalf("clause %d read back as %v, written %v", i+1, cl, want.Clauses[i])
			}
		}
	})
}
