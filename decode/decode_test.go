package decode_test

import (
	"errors"
	"io"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/decode"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/internal/race"
)

// model returns the 0-indexed []bool model of vars 1..n with the listed
// variables true.
func model(n int, trues ...int) []bool {
	m := make([]bool, n+1)
	for _, v := range trues {
		m[v] = true
	}
	return m
}

func TestReadOutput(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		in   string
		want decode.Output
	}{
		{"competition", "c CaDiCaL\ns SATISFIABLE\nv 1 -2 -3\nv 4 0\n", decode.Output{encode.Sat, model(4, 1, 4)}},
		{"no final 0", "s SATISFIABLE\nv 1 -2 -3\nv 4\n", decode.Output{encode.Sat, model(4, 1, 4)}},
		{"one literal per line", "s SATISFIABLE\nv -1\nv 2\nv -3\nv 0\n", decode.Output{encode.Sat, model(3, 2)}},
		{"CRLF", "c x\r\ns SATISFIABLE\r\nv 1 -2\r\nv -3 0\r\n", decode.Output{encode.Sat, model(3, 1)}},
		{"no final newline", "s SATISFIABLE\nv -1 2 0", decode.Output{encode.Sat, model(2, 2)}},
		{"v lines first", "v -1 2 0\ns SATISFIABLE\n", decode.Output{encode.Sat, model(2, 2)}},
		{"tabs and blank lines", "\n\n  c indented comment\n\ts\tSATISFIABLE  \n\nv  1\t-2   0  \n\n", decode.Output{encode.Sat, model(2, 1)}},
		{"comment between v lines", "s SATISFIABLE\nv 1\nc hello\nv -2 0\nc bye\n", decode.Output{encode.Sat, model(2, 1)}},
		{"comment word glued", "c---- stats\ncpu 0.1s\ns SATISFIABLE\nv 1 0\n", decode.Output{encode.Sat, model(1, 1)}},
		{"repeated literal", "s SATISFIABLE\nv 1 1 -2 -2 0\n", decode.Output{encode.Sat, model(2, 1)}},
		{"gap is false", "s SATISFIABLE\nv 1 5 0\n", decode.Output{encode.Sat, model(5, 1, 5)}},
		{"empty model", "s SATISFIABLE\nv 0\n", decode.Output{encode.Sat, model(0)}},
		{"unsat", "c x\ns UNSATISFIABLE\n", decode.Output{encode.Unsat, nil}},
		{"unknown", "s UNKNOWN\nc timeout\n", decode.Output{encode.Unknown, nil}},
		{"minisat sat", "SAT\n1 -2 3 0\n", decode.Output{encode.Sat, model(3, 1, 3)}},
		{"minisat sat CRLF", "SAT\r\n-1 -2 3 0\r\n", decode.Output{encode.Sat, model(3, 3)}},
		{"minisat unsat", "UNSAT\n", decode.Output{encode.Unsat, nil}},
		{"minisat indet", "INDET\n", decode.Output{encode.Unknown, nil}},
		{"minisat wrapped", "SAT\n1 -2\n3 0\n", decode.Output{encode.Sat, model(3, 1, 3)}},
		{"bare model", "1 -2 3 0\n", decode.Output{encode.Sat, model(3, 1, 3)}},
		{"bare model no 0", "-1 -2 3", decode.Output{encode.Sat, model(3, 3)}},
		{"bare status words", "SATISFIABLE\n1 0\n", decode.Output{encode.Sat, model(1, 1)}},
		{"bare unsatisfiable", "UNSATISFIABLE\n", decode.Output{encode.Unsat, nil}},
		{"indeterminate", "INDETERMINATE\n", decode.Output{encode.Unknown, nil}},
		{"leading zeros", "v 007 -0010 0\n", decode.Output{encode.Sat, model(10, 7)}},
		{"top variable", "v -4194304 0\n", decode.Output{encode.Sat, model(decode.MaxVar)}},
		{"pseudo-Boolean (MiniSat+)", "c MiniSat+\ns SATISFIABLE\nv x1 -x2 -x3\nv x4\n", decode.Output{encode.Sat, model(4, 1, 4)}},
		{"named and plain mixed", "s SATISFIABLE\nv x1 -2 0\n", decode.Output{encode.Sat, model(2, 1)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := decode.ReadOutput(strings.NewReader(tt.in))
			if err != nil {
				t.Fatalf("ReadOutput(%q): %v", tt.in, err)
			}
			if got.Status != tt.want.Status || !slices.Equal(got.Model, tt.want.Model) || (got.Model == nil) != (tt.want.Model == nil) {
				t.Errorf("ReadOutput(%q) = %v %v, want %v %v", tt.in, got.Status, got.Model, tt.want.Status, tt.want.Model)
			}
		})
	}
}

func TestReadOutputErrors(t *testing.T) {
	t.Parallel()
	if _, err := decode.ReadOutput(nil); !errors.Is(err, decode.ErrNoAnswer) {
		t.Errorf("ReadOutput(nil) = %v, want ErrNoAnswer", err)
	}
	if _, _, err := decode.Decode(board.New(board.Classic), nil); !errors.Is(err, decode.ErrNoAnswer) {
		t.Errorf("Decode(nil reader) = %v, want ErrNoAnswer", err)
	}
	tests := []struct {
		name      string
		in        string
		line, col int
		err       error
	}{
		{"empty", "", 1, 1, decode.ErrNoAnswer},
		{"only newlines", "\n\n\r\n", 4, 1, decode.ErrNoAnswer},
		{"only comments", "c a\nc b", 2, 4, decode.ErrNoAnswer},
		{"sat without model", "c x\ns SATISFIABLE\n", 3, 1, decode.ErrNoModel},
		{"minisat sat without model", "SAT\n", 2, 1, decode.ErrNoModel},
		{"s alone", "s\n", 1, 1, decode.ErrStatus},
		{"bad status", "s SATISFIED\n", 1, 3, decode.ErrStatus},
		{"minisat word on s line", "s SAT\nv 1 0\n", 1, 3, decode.ErrStatus},
		{"lower-case status", "s satisfiable\nv 1 0\n", 1, 3, decode.ErrStatus},
		{"text after status", "s SATISFIABLE yes\nv 1 0\n", 1, 15, decode.ErrSyntax},
		{"text after minisat status", "SAT ok\n1 0\n", 1, 5, decode.ErrSyntax},
		{"two s lines", "s SATISFIABLE\ns SATISFIABLE\nv 1 0\n", 2, 3, decode.ErrTwoStatus},
		{"two minisat words", "UNSAT\nUNSAT\n", 2, 1, decode.ErrTwoStatus},
		{"s and minisat word", "s UNSATISFIABLE\nUNSAT\n", 2, 1, decode.ErrTwoStatus},
		{"model after unsat", "s UNSATISFIABLE\nv 1 0\n", 2, 3, decode.ErrModelStatus},
		{"unsat after model", "v 1 0\ns UNSATISFIABLE\n", 2, 3, decode.ErrModelStatus},
		{"indet after model", "1 -2 0\nINDET\n", 2, 1, decode.ErrModelStatus},
		{"zero after unknown", "s UNKNOWN\nv 0\n", 2, 3, decode.ErrModelStatus},
		{"letter in literal", "s SATISFIABLE\nv 1 y2 0\n", 2, 5, decode.ErrLiteral},
		{"lone x", "s SATISFIABLE\nv 1 x 0\n", 2, 5, decode.ErrLiteral},
		{"x0", "s SATISFIABLE\nv x1 x0\n", 2, 6, decode.ErrLiteral},
		{"double x", "s SATISFIABLE\nv xx1\n", 2, 3, decode.ErrLiteral},
		{"lone minus", "v 1 - 2 0\n", 1, 5, decode.ErrLiteral},
		{"minus zero", "v 1 -0\n", 1, 5, decode.ErrLiteral},
		{"plus sign", "v +1 0\n", 1, 3, decode.ErrLiteral},
		{"double minus", "v --1 0\n", 1, 3, decode.ErrLiteral},
		{"NUL in literal", "v 1\x00 0\n", 1, 3, decode.ErrLiteral},
		{"full-width digit", "v １ 0\n", 1, 3, decode.ErrLiteral},
		{"overlong literal", "v " + strings.Repeat("1", 40) + " 0\n", 1, 3, decode.ErrLiteral},
		{"variable too large", "v 4194305 0\n", 1, 3, decode.ErrVarRange},
		{"variable huge", "v -99999999999999999999999 0\n", 1, 3, decode.ErrVarRange},
		{"conflict", "s SATISFIABLE\nv 1 2 -1 0\n", 2, 7, decode.ErrConflict},
		{"conflict across lines", "v -3\nv 3 0\n", 2, 3, decode.ErrConflict},
		{"literal after 0", "v 1 0 2\n", 1, 7, decode.ErrAfterEnd},
		{"second model", "s SATISFIABLE\nv 1 0\nv -1 0\n", 3, 3, decode.ErrAfterEnd},
		{"two zeros", "1 0 0\n", 1, 5, decode.ErrAfterEnd},
		{"junk", "hello\n", 1, 1, decode.ErrSyntax},
		{"minisat stdout", "============================[ Problem Statistics ]=============================\n", 1, 1, decode.ErrSyntax},
		{"junk after comment", "c ok\n  ?\n", 2, 3, decode.ErrSyntax},
		{"v glued", "s SATISFIABLE\nv1 0\n", 2, 1, decode.ErrSyntax},
		{"binary", "\x7fELF\x02\x01\x01\x00", 1, 1, decode.ErrSyntax},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := decode.ReadOutput(strings.NewReader(tt.in))
			if err == nil {
				t.Fatalf("ReadOutput(%q) = %v, want error %v", tt.in, out, tt.err)
			}
			var pe *decode.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("ReadOutput(%q): %T %v is not a *ParseError", tt.in, err, err)
			}
			if !errors.Is(err, tt.err) || pe.Line != tt.line || pe.Col != tt.col {
				t.Errorf("ReadOutput(%q): %v (line %d, column %d), want %v at line %d, column %d", tt.in, err, pe.Line, pe.Col, tt.err, tt.line, tt.col)
			}
			if msg := err.Error(); !strings.HasPrefix(msg, "line ") || strings.HasSuffix(msg, "\n") {
				t.Errorf("error text %q: want \"line L, column C: …\" without a newline", msg)
			}
		})
	}
}

// endless is an io.Reader of endless copies of one byte.
type endless byte

func (e endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(e)
	}
	return len(p), nil
}

// repeat is an io.Reader of endless copies of a string.
type repeat string

func (s repeat) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = s[i%len(s)]
	}
	return len(p) - len(p)%len(s), nil
}

func TestReadOutputTooLarge(t *testing.T) {
	t.Parallel()
	_, err := decode.ReadOutput(io.MultiReader(strings.NewReader("s SATISFIABLE\nc "), endless('z')))
	var pe *decode.ParseError
	if !errors.Is(err, decode.ErrTooLarge) || !errors.As(err, &pe) || pe.Line != 2 || pe.Col != decode.MaxInputSize-14+1 {
		t.Fatalf("endless comment: %v, want ErrTooLarge on line 2", err)
	}
	if race.Enabled || testing.Short() {
		t.Skip("byte-at-a-time cases take seconds under -race or -short")
	}
	_, err = decode.ReadOutput(endless(' '))
	if !errors.Is(err, decode.ErrTooLarge) || !errors.As(err, &pe) || pe.Line != 1 {
		t.Fatalf("endless blanks: %v, want ErrTooLarge on line 1", err)
	}
	_, err = decode.ReadOutput(io.MultiReader(strings.NewReader("s SATISFIABLE\nv "), endless('7')))
	if !errors.Is(err, decode.ErrLiteral) {
		t.Fatalf("endless literal: %v, want ErrLiteral", err)
	}
	_, err = decode.ReadOutput(io.MultiReader(strings.NewReader("s SATISFIABLE\n"), repeat("v 1 -2 3\n")))
	if !errors.Is(err, decode.ErrTooLarge) {
		t.Fatalf("endless v lines: %v, want ErrTooLarge", err)
	}
}

// A 10 MB line costs no memory to speak of: lines are never held whole.
// Not parallel: it measures the process's allocations.
func TestReadOutputLongLine(t *testing.T) {
	for _, tt := range []struct {
		name   string
		prefix string
		err    error
	}{
		{"comment", "c ", nil},
		{"junk", "x", decode.ErrSyntax},
	} {
		t.Run(tt.name, func(t *testing.T) {
			in := io.MultiReader(strings.NewReader(tt.prefix), io.LimitReader(endless('z'), 10<<20), strings.NewReader("\ns SATISFIABLE\nv 1 -2 0\n"))
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			out, err := decode.ReadOutput(in)
			runtime.ReadMemStats(&after)
			if !errors.Is(err, tt.err) || tt.err == nil && !slices.Equal(out.Model, model(2, 1)) {
				t.Fatalf("ReadOutput: %v %v, want error %v", out, err, tt.err)
			}
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 1<<20 {
				t.Errorf("reading a 10 MB line allocated %d bytes", alloc)
			}
		})
	}
}

// failing is a reader that fails after its text.
type failing struct{ s string }

func (f *failing) Read(p []byte) (int, error) {
	if f.s == "" {
		return 0, io.ErrUnexpectedEOF
	}
	n := copy(p, f.s)
	f.s = f.s[n:]
	return n, nil
}

func TestReadOutputReadError(t *testing.T) {
	t.Parallel()
	_, err := decode.ReadOutput(&failing{"s SATISFIABLE\nv 1 -2"})
	var pe *decode.ParseError
	if !errors.Is(err, io.ErrUnexpectedEOF) || !errors.As(err, &pe) || pe.Line != 2 || pe.Col != 7 {
		t.Fatalf("got %v, want io.ErrUnexpectedEOF at line 2, column 7", err)
	}
}

// solution4 is a 4×4 grid and its model.
var solution4 = []uint8{
	1, 2, 3, 4,
	3, 4, 1, 2,
	2, 1, 4, 3,
	4, 3, 2, 1,
}

func gridModel(n int, cells []uint8) []bool {
	m := make([]bool, encode.NumVars(n)+1)
	for cell, d := range cells {
		m[encode.CellVar(n, cell, int(d))] = true
	}
	return m
}

func TestBoard(t *testing.T) {
	t.Parallel()
	s4 := board.Square(2)
	puzzle := &board.Board{Shape: s4, Cells: []uint8{1, 0, 0, 0, 0, 4, 0, 0, 0, 0, 4, 0, 0, 0, 0, 1}}
	good := gridModel(4, solution4)
	with := func(f func(m []bool) []bool) []bool { return f(slices.Clone(good)) }
	set := func(m []bool, r, c, d int, v bool) { m[encode.Var(4, r, c, d)] = v }
	tests := []struct {
		name   string
		puzzle *board.Board
		model  []bool
		err    error  // nil: success
		text   string // the error's text
		cell   int    // for a *CellError
		digits []int
	}{
		{"good", puzzle, good, nil, "", 0, nil},
		{"blank puzzle", board.New(s4), good, nil, "", 0, nil},
		{"auxiliaries ignored", puzzle, with(func(m []bool) []bool { return append(m, true, false, true) }), nil, "", 0, nil},
		{"nil model", puzzle, nil, decode.ErrMissing,
			"r1c1: model too short: no value for variable 1 (digit 1); the model stops at variable 0 of 64", 0, []int{1}},
		{"short by one", puzzle, good[:64], decode.ErrMissing,
			"r4c4: model too short: no value for variable 64 (digit 4); the model stops at variable 63 of 64", 15, []int{4}},
		{"short", puzzle, good[:30], decode.ErrMissing,
			"r2c4: model too short: no value for variable 30 (digit 2); the model stops at variable 29 of 64", 7, []int{2}},
		{"no digit", puzzle, with(func(m []bool) []bool { set(m, 1, 2, 1, false); return m }), decode.ErrNoDigit,
			"r2c3: no digit true: variables 25 to 28 are all false", 6, nil},
		{"two digits", puzzle, with(func(m []bool) []bool { set(m, 2, 3, 1, true); return m }), decode.ErrTwoDigits,
			"r3c4: several digits true: 1 and 3", 11, []int{1, 3}},
		{"all digits", puzzle, with(func(m []bool) []bool {
			for d := 1; d <= 4; d++ {
				set(m, 3, 0, d, true)
			}
			return m
		}), decode.ErrTwoDigits, "r4c1: several digits true: 1, 2, 3 and 4", 12, []int{1, 2, 3, 4}},
		{"given not kept", &board.Board{Shape: s4, Cells: []uint8{0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0}}, good, board.ErrGiven,
			"r2c4: given not kept: the puzzle has 3, the model 2", 7, []int{2}},
		{"rule broken", board.New(s4), gridModel(4, []uint8{1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 1, 2}), board.ErrClash,
			"model breaks a rule: r2c3=1 and r4c3=1 are both in column 3", 0, nil},
		{"clashing givens", &board.Board{Shape: s4, Cells: []uint8{1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}}, good, board.ErrGiven,
			"r1c2: given not kept: the puzzle has 1, the model 2", 1, []int{2}},
		{"puzzle digit out of range", &board.Board{Shape: s4, Cells: []uint8{9, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}}, good, board.ErrGiven,
			"r1c1: given not kept: the puzzle has 9, the model 1", 0, []int{1}},
		{"nil puzzle", nil, good, board.ErrShape, "wrong shape: no puzzle", 0, nil},
		{"bad puzzle", &board.Board{Shape: s4, Cells: make([]uint8, 15)}, good, board.ErrShape, "wrong shape: 15 cells for a 4x4 board", 0, nil},
		{"zero shape", &board.Board{}, good, board.ErrShape, "wrong shape: 0 cells for a 0x0 board", 0, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := slices.Clone(tt.model)
			got, err := decode.Board(tt.puzzle, tt.model)
			if !slices.Equal(before, tt.model) {
				t.Error("Board modified the model")
			}
			if tt.err == nil {
				if err != nil {
					t.Fatalf("Board: %v", err)
				}
				if !slices.Equal(got.Cells, solution4) || got.Shape != s4 {
					t.Errorf("Board = %v", got)
				}
				if err := board.Verify(tt.puzzle, got); err != nil {
					t.Errorf("Verify: %v", err)
				}
				return
			}
			if got != nil || !errors.Is(err, tt.err) {
				t.Fatalf("Board = %v, %v; want nil, %v", got, err, tt.err)
			}
			if err.Error() != tt.text {
				t.Errorf("error text\n got %q\nwant %q", err.Error(), tt.text)
			}
			var ce *decode.CellError
			if errors.As(err, &ce) != (tt.text[0] == 'r' && tt.text[1] != 'e') {
				t.Fatalf("%v: *CellError %v", err, ce)
			}
			if ce != nil && (ce.Cell != tt.cell || !slices.Equal(ce.Digits, tt.digits) || ce.Side != 4) {
				t.Errorf("CellError = %+v, want cell %d digits %v", ce, tt.cell, tt.digits)
			}
		})
	}
}

func TestBoardClashError(t *testing.T) {
	t.Parallel()
	puzzle := board.New(board.Square(2))
	_, err := decode.Board(puzzle, gridModel(4, []uint8{1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 1, 2}))
	var ce *board.ClashError
	if !errors.As(err, &ce) || ce.Digit != 1 {
		t.Fatalf("got %v, want a *board.ClashError on digit 1", err)
	}
}

func TestResult(t *testing.T) {
	t.Parallel()
	puzzle := board.New(board.Square(2))
	good := gridModel(4, solution4)
	bad := slices.Clone(good)
	bad[2] = true
	tests := []struct {
		name   string
		out    decode.Output
		solved bool
		status encode.Status
		err    error
	}{
		{"solved", decode.Output{encode.Sat, good}, true, encode.Sat, nil},
		{"rejected", decode.Output{encode.Sat, bad}, false, encode.Sat, decode.ErrTwoDigits},
		{"rejected empty", decode.Output{Status: encode.Sat}, false, encode.Sat, decode.ErrMissing},
		{"no solution", decode.Output{Status: encode.Unsat}, false, encode.Unsat, nil},
		{"undecided", decode.Output{Status: encode.Unknown}, false, encode.Unknown, decode.ErrUndecided},
		{"strange status", decode.Output{Status: 42}, false, encode.Unknown, decode.ErrUndecided},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			grid, status, err := decode.Result(puzzle, tt.out)
			if (grid != nil) != tt.solved || status != tt.status || !errors.Is(err, tt.err) || (tt.err == nil) != (err == nil) {
				t.Fatalf("Result = %v, %v, %v; want solved=%v, %v, %v", grid, status, err, tt.solved, tt.status, tt.err)
			}
			if grid != nil {
				if err := board.Verify(puzzle, grid); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

func TestDecode(t *testing.T) {
	t.Parallel()
	puzzle := board.New(board.Square(2))
	minisat := formatMiniSat(decode.Output{Status: encode.Sat, Model: gridModel(4, solution4)})
	grid, status, err := decode.Decode(puzzle, strings.NewReader(minisat))
	if err != nil || status != encode.Sat || !slices.Equal(grid.Cells, solution4) {
		t.Fatalf("Decode(%q) = %v, %v, %v", minisat, grid, status, err)
	}
	_, status, err = decode.Decode(puzzle, strings.NewReader("garbage"))
	if !errors.Is(err, decode.ErrSyntax) || status != encode.Unknown {
		t.Fatalf("Decode(garbage) = %v, %v", status, err)
	}
	_, status, err = decode.Decode(puzzle, strings.NewReader("s UNSATISFIABLE\n"))
	if err != nil || status != encode.Unsat {
		t.Fatalf("Decode(UNSAT) = %v, %v", status, err)
	}
}

func TestExitStatus(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		code   int
		status encode.Status
		ok     bool
	}{{10, encode.Sat, true}, {20, encode.Unsat, true}, {0, encode.Unknown, false}, {1, encode.Unknown, false}, {139, encode.Unknown, false}} {
		if st, ok := decode.ExitStatus(tt.code); st != tt.status || ok != tt.ok {
			t.Errorf("ExitStatus(%d) = %v, %v; want %v, %v", tt.code, st, ok, tt.status, tt.ok)
		}
	}
}
