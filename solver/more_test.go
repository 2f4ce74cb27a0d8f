package solver_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/internal/race"
	"github.com/satdoku/satdoku/solver"
)

var shapes = []board.Shape{
	{BoxRows: 2, BoxCols: 2}, {BoxRows: 2, BoxCols: 3}, {BoxRows: 3, BoxCols: 2}, {BoxRows: 2, BoxCols: 4},
	{BoxRows: 3, BoxCols: 3}, {BoxRows: 2, BoxCols: 5}, {BoxRows: 3, BoxCols: 4}, {BoxRows: 3, BoxCols: 5},
	{BoxRows: 4, BoxCols: 4}, {BoxRows: 4, BoxCols: 5}, {BoxRows: 5, BoxCols: 5},
}

// TestSizes solves the empty board and a half-filled one (every other cell
// of the first solution kept) of every size, with Fast and with every
// encoding and AMO for the smaller sizes.
func TestSizes(t *testing.T) {
	t.Parallel()
	race.SkipSequential(t)
	for _, s := range shapes {
		t.Run(s.String(), func(t *testing.T) {
			n := s.Side()
			if testing.Short() && n > 12 {
				t.Skip("large board: skipped with -short")
			}
			empty := board.New(s)
			f, _, err := encode.Fast(empty)
			if err != nil {
				t.Fatal(err)
			}
			sol := solveAndCheck(t, empty, f)
			half := empty.Clone()
			for i := range half.Cells {
				if (i*7+i/n)%2 == 0 {
					half.Cells[i] = sol.Cells[i]
				}
			}
			for _, p := range []*board.Board{empty, half} {
				f, _, _ := encode.Fast(p)
				solveAndCheck(t, p, f)
				for _, a := range encode.AMOs {
					if n > 16 && a == encode.Pairwise {
						continue // 750,000 clauses: covered by the encode tests
					}
					for _, e := range encode.Encodings {
						if n >= 12 && e != encode.Extended && e != encode.Reduced {
							continue
						}
						f, err := encode.Encode(p, encode.Options{Encoding: e, AMO: a})
						if err != nil {
							t.Fatal(err)
						}
						solveAndCheck(t, p, f)
					}
				}
			}
		})
	}
}

func TestUnsat(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		f    *encode.CNF
	}{
		{"empty clause", &encode.CNF{NumVars: 2, Clauses: []encode.Clause{{1, 2}, {}}}},
		{"conflicting units", &encode.CNF{NumVars: 2, Clauses: []encode.Clause{{1}, {-1}, {1, 2}}}},
		{"pigeonhole 3 in 2", pigeons(3, 2)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := solver.Solve(context.Background(), tt.f)
			if err != nil || res.Status != encode.Unsat || res.Model != nil {
				t.Errorf("got %v, %v", res.Status, err)
			}
		})
	}
	// Clashing givens: every encoding is unsatisfiable.
	p, _ := parseLine("55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	for _, e := range encode.Encodings {
		f, _ := encode.Encode(p, encode.Options{Encoding: e})
		if res, err := solver.Solve(context.Background(), f); err != nil || res.Status != encode.Unsat {
			t.Errorf("%v: %v, %v", e, res.Status, err)
		}
	}
	f, _, _ := encode.Fast(p)
	if res, err := solver.Solve(context.Background(), f); err != nil || res.Status != encode.Unsat {
		t.Errorf("fast: %v, %v", res.Status, err)
	}
}

// pigeons says p pigeons sit in h holes, at most one per hole.
func pigeons(p, h int) *encode.CNF {
	f := &encode.CNF{NumVars: p * h}
	v := func(i, j int) encode.Lit { return encode.Lit(i*h + j + 1) }
	for i := 0; i < p; i++ {
		var cl encode.Clause
		for j := 0; j < h; j++ {
			cl = append(cl, v(i, j))
		}
		f.Add(cl...)
	}
	for j := 0; j < h; j++ {
		for a := 0; a < p; a++ {
			for b := a + 1; b < p; b++ {
				f.Add(-v(a, j), -v(b, j))
			}
		}
	}
	return f
}

func TestMalformed(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, f := range []*encode.CNF{
		nil,
		{NumVars: 2, Clauses: []encode.Clause{{1, 0}}},
		{NumVars: 2, Clauses: []encode.Clause{{3}}},
		{NumVars: 2, Clauses: []encode.Clause{{-3, 1}}},
	} {
		if _, err := solver.Solve(ctx, f); !errors.Is(err, solver.ErrFormula) {
			t.Errorf("Solve(%v): err %v", f, err)
		}
		if _, _, err := solver.Count(ctx, f, 2); !errors.Is(err, solver.ErrFormula) {
			t.Errorf("Count(%v): err %v", f, err)
		}
		if _, err := solver.MinimalConflict(ctx, f, nil); !errors.Is(err, solver.ErrFormula) {
			t.Errorf("MinimalConflict(%v): err %v", f, err)
		}
	}
	if _, err := solver.MinimalConflict(ctx, pigeons(2, 2), []encode.Lit{5}); !errors.Is(err, solver.ErrFormula) {
		t.Errorf("bad given: %v", err)
	}
	if _, _, err := solver.Count(ctx, pigeons(2, 2), 0); err == nil {
		t.Error("Count with limit 0: no error")
	}
}

func TestContext(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	f := pigeons(2, 2)
	if _, err := solver.Solve(ctx, f); !errors.Is(err, context.Canceled) {
		t.Errorf("Solve: %v", err)
	}
	if _, _, err := solver.Count(ctx, f, 2); !errors.Is(err, context.Canceled) {
		t.Errorf("Count: %v", err)
	}
	if _, err := solver.MinimalConflict(ctx, f, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("MinimalConflict: %v", err)
	}
	ctx, cancel = context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel()
	if _, err := solver.Solve(ctx, f); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Solve: %v", err)
	}
}

func TestCount(t *testing.T) {
	t.Parallel()
	race.SkipSequential(t)
	ctx := context.Background()
	t.Run("empty 4x4", func(t *testing.T) {
		for _, enc := range []string{"fast", "extended", "minimal", "sequential", "product"} {
			b := board.New(board.Square(2))
			f := formula(t, b, enc)
			models, st, err := solver.Count(ctx, f, 1000)
			if err != nil || st != encode.Sat || len(models) != 288 {
				t.Fatalf("%s: %d models, %v, %v; want 288", enc, len(models), st, err)
			}
			seen := map[string]bool{}
			for _, m := range models {
				if solver.Check(f, m) >= 0 {
					t.Fatal("model breaks the formula")
				}
				g, err := decodeModel(b, m)
				if err != nil || board.Verify(b, g) != nil {
					t.Fatalf("bad grid: %v", err)
				}
				if seen[g.String()] {
					t.Fatalf("%s: grid twice:\n%s", enc, g)
				}
				seen[g.String()] = true
			}
		}
	})
	t.Run("limit", func(t *testing.T) {
		f := formula(t, board.New(board.Classic), "fast")
		models, st, err := solver.Count(ctx, f, 5)
		if err != nil || st != encode.Sat || len(models) != 5 {
			t.Fatalf("%d models, %v, %v", len(models), st, err)
		}
	})
	t.Run("unsat", func(t *testing.T) {
		models, st, err := solver.Count(ctx, pigeons(3, 2), 5)
		if err != nil || st != encode.Unsat || len(models) != 0 {
			t.Fatalf("%d models, %v, %v", len(models), st, err)
		}
	})
	for _, name := range sampleFiles {
		t.Run(name, func(t *testing.T) {
			multi := strings.HasPrefix(name, "serg")
			for i, p := range committed(t, name) {
				for _, enc := range []string{"fast", "extended"} {
					models, _, err := solver.Count(ctx, formula(t, p, enc), 2)
					if err != nil {
						t.Fatal(err)
					}
					if want := map[bool]int{true: 2, false: 1}[multi]; len(models) != want {
						t.Fatalf("puzzle %d (%s): %d models, want %d", i+1, enc, len(models), want)
					}
					for _, m := range models {
						g, err := decodeModel(p, m)
						if err != nil || board.Verify(p, g) != nil {
							t.Fatalf("puzzle %d: bad grid %v", i+1, err)
						}
					}
					if multi {
						a, _ := decodeModel(p, models[0])
						b, _ := decodeModel(p, models[1])
						if a.Equal(b) {
							t.Fatalf("puzzle %d: the two solutions are equal", i+1)
						}
					}
				}
			}
		})
	}
}

// formula encodes b with "fast", an Encoding name or an AMO name.
func formula(t testing.TB, b *board.Board, enc string) *encode.CNF {
	t.Helper()
	if enc == "fast" {
		f, _, err := encode.Fast(b)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	o := encode.Options{}
	if e, err := encode.ParseEncoding(enc); err == nil {
		o.Encoding = e
	} else if a, err := encode.ParseAMO(enc); err == nil {
		o.AMO = a
	} else {
		t.Fatalf("unknown encoding %q", enc)
	}
	f, err := encode.Encode(b, o)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// noSolution derives puzzles with no solution from proper ones: one given
// is changed to a digit that clashes with nothing, and the result is kept
// if it has no solution.
func noSolution(t *testing.T, max int) []*board.Board {
	var out []*board.Board
	for _, name := range []string{"top1465-sample.txt", "17clue-sample.txt", "hardest1106-sample.txt"} {
		for _, p := range committed(t, name) {
			n := p.Side()
		next:
			for cell, d := range p.Cells {
				if d == 0 {
					continue
				}
				for e := 1; e <= n; e++ {
					q := p.Clone()
					q.Cells[cell] = uint8(e)
					if e == int(d) || q.Check() != nil {
						continue
					}
					f, _, _ := encode.Fast(q)
					res, err := solver.Solve(context.Background(), f)
					if err != nil {
						t.Fatal(err)
					}
					if res.Status == encode.Unsat {
						out = append(out, q)
						break next
					}
				}
			}
			if len(out) >= max {
				return out
			}
		}
	}
	return out
}

// base is the Extended encoding of the empty board; givens are b's units.
func baseAndGivens(b *board.Board) (*encode.CNF, []encode.Lit) {
	base, _ := encode.Encode(board.New(b.Shape), encode.Options{})
	var givens []encode.Lit
	for cell, d := range b.Cells {
		if d != 0 {
			givens = append(givens, encode.Lit(encode.CellVar(b.Side(), cell, int(d))))
		}
	}
	return base, givens
}

func TestMinimalConflict(t *testing.T) {
	t.Parallel()
	race.SkipSequential(t)
	ctx := context.Background()
	puzzles := noSolution(t, 40)
	if len(puzzles) < 20 {
		t.Fatalf("only %d no-solution puzzles", len(puzzles))
	}
	var worst time.Duration
	for i, p := range puzzles {
		base, givens := baseAndGivens(p)
		start := time.Now()
		core, err := solver.MinimalConflict(ctx, base, givens)
		if d := time.Since(start); d > worst {
			worst = d
		}
		if err != nil {
			t.Fatalf("puzzle %d: %v", i, err)
		}
		if len(core) == 0 {
			t.Fatalf("puzzle %d: empty conflict", i)
		}
		if st := solveWith(t, base, core); st != encode.Unsat {
			t.Fatalf("puzzle %d: conflict %v is satisfiable", i, core)
		}
		for j := range core {
			rest := append(append([]encode.Lit(nil), core[:j]...), core[j+1:]...)
			if st := solveWith(t, base, rest); st != encode.Sat {
				t.Fatalf("puzzle %d: conflict %v not minimal: without %d still %v", i, core, core[j], st)
			}
		}
	}
	t.Logf("%d puzzles, slowest MinimalConflict %v (speed: BenchmarkExplain in package engine)", len(puzzles), worst)
	// Direct clash: the two clashing givens.
	p, _ := parseLine("55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	base, givens := baseAndGivens(p)
	core, err := solver.MinimalConflict(ctx, base, givens)
	if err != nil || fmt.Sprint(core) != "[5 14]" {
		t.Errorf("clash: %v, %v", core, err)
	}
	// Satisfiable givens.
	p, _ = parseLine("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	base, givens = baseAndGivens(p)
	if _, err := solver.MinimalConflict(ctx, base, givens); !errors.Is(err, solver.ErrSatisfiable) {
		t.Errorf("satisfiable: %v", err)
	}
	// Base alone unsatisfiable: the empty set.
	core, err = solver.MinimalConflict(ctx, pigeons(3, 2), []encode.Lit{1, 2})
	if err != nil || len(core) != 0 {
		t.Errorf("pigeons: %v, %v", core, err)
	}
}

func solveWith(t *testing.T, base *encode.CNF, units []encode.Lit) encode.Status {
	t.Helper()
	f := &encode.Formula{NumVars: base.NumVars, Primary: base.Primary, Clauses: append([]encode.Clause(nil), base.Clauses...), Cards: base.Cards}
	for _, l := range units {
		f.Add(l)
	}
	res, err := solver.Solve(context.Background(), f)
	if err != nil {
		t.Fatal(err)
	}
	return res.Status
}

func ExampleSolve() {
	b := board.New(board.Square(2))
	copy(b.Cells, []uint8{
		1, 0, 0, 0,
		0, 0, 3, 0,
		0, 4, 0, 0,
		0, 0, 0, 2,
	})
	f, _, err := encode.Fast(b)
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := solver.Solve(context.Background(), f)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Status)
	for cell := range b.Cells {
		for d := 1; d <= 4; d++ {
			if res.Model[encode.CellVar(4, cell, d)] {
				fmt.Print(d)
			}
		}
		if cell%4 == 3 {
			fmt.Println()
		}
	}
	// Output:
	// SATISFIABLE
	// 1324
	// 4231
	// 2413
	// 3142
}

func ExampleCount() {
	f, _ := encode.Encode(board.New(board.Square(2)), encode.Options{})
	models, status, _ := solver.Count(context.Background(), f, 1000)
	fmt.Println(status, len(models), "grids")
	// Output:
	// SATISFIABLE 288 grids
}

func ExampleMinimalConflict() {
	// r1c1=1 and r1c2=1 clash; MinimalConflict finds those two givens.
	b := board.New(board.Square(2))
	copy(b.Cells, []uint8{
		1, 1, 0, 0,
		0, 0, 0, 0,
		0, 0, 3, 0,
		0, 0, 0, 4,
	})
	base, _ := encode.Encode(board.New(b.Shape), encode.Options{})
	var givens []encode.Lit
	for cell, d := range b.Cells {
		if d != 0 {
			givens = append(givens, encode.Lit(encode.CellVar(4, cell, int(d))))
		}
	}
	core, err := solver.MinimalConflict(context.Background(), base, givens)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, l := range core {
		r, c, d := encode.Unvar(4, l.Var())
		fmt.Printf("r%dc%d=%d\n", r+1, c+1, d)
	}
	// Output:
	// r1c1=1
	// r1c2=1
}
