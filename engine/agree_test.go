package engine

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/fallback"
	"github.com/satdoku/satdoku/internal/race"
	"github.com/satdoku/satdoku/internal/testpuzzles"
)

var kinds = []Kind{SAT, Backtrack, Both}

// TestEnginesAgree runs every engine, without and with counting, on the
// committed samples: the statuses and counts must match the file's
// verdict (1 for the proper sets, 2 for serg, 0 for the no-solution
// puzzles), every grid is verified, the grids of a unique puzzle are
// identical across engines, and Both never reports a disagreement.
func TestEnginesAgree(t *testing.T) {
	t.Parallel()
	race.SkipSequential(t)
	files := []struct {
		path  string
		count int
	}{
		{top1465Sample, 1}, {hardest1106, 1}, {clue17Sample, 1}, {plbHard20, 1},
		{sergSample, 2}, {noSolutionFile, 0},
	}
	for _, tf := range files {
		t.Run(filepath.Base(tf.path), func(t *testing.T) {
			puzzles := readPuzzles(t, tf.path)
			for _, limit := range []int{0, 2} {
				engines := make([]*Engine, len(kinds))
				for i, k := range kinds {
					engines[i] = newEngine(t, Options{Kind: k, Limit: limit})
				}
				for _, pz := range puzzles {
					p := pz.Board
					where := fmt.Sprintf("%s:%d: %s (limit %d)", filepath.Base(tf.path), pz.Line, line(p), limit)
					// The independent reference: the backtracker's package function.
					if got := fallback.Count(p, 2); got != tf.count {
						t.Fatalf("%s: fallback.Count = %d, the file promises %d", where, got, tf.count)
					}
					var first *board.Board
					for i, e := range engines {
						res := e.Solve(bg, p)
						w := where + " " + kinds[i].String()
						if res.Fallback != "" {
							t.Errorf("%s: fell back: %s", w, res.Fallback)
						}
						if res.Status == Failed {
							t.Fatalf("%s: failed: %v", w, res.Err)
						}
						if tf.count == 0 {
							if res.Status != NoSolution || res.Solution != nil {
								t.Errorf("%s: status %v, want no_solution", w, res.Status)
							}
							continue
						}
						checkSolved(t, w, p, res)
						wantCount := 0
						if limit >= 2 {
							wantCount = tf.count
						}
						if res.Count != wantCount {
							t.Errorf("%s: Count %d, want %d", w, res.Count, wantCount)
						}
						if limit >= 2 && tf.count >= 2 && res.Second == nil {
							t.Errorf("%s: no second solution", w)
						}
						if tf.count == 1 {
							if first == nil {
								first = res.Solution
							} else if !first.Equal(res.Solution) {
								t.Errorf("%s: grid differs from %s's at %s", w, kinds[0], cellList(p, board.Diff(first, res.Solution)))
							}
						}
					}
				}
			}
		})
	}
}

// TestSizes solves boards of other sizes with SAT and Backtrack (and Both):
// the empty boards, generated proper puzzles (4×4, 6×6 with 2×3 boxes,
// 8×8, 12×12), the published 16×16 (SPOJ) and 25×25 (Dürr) puzzles.
func TestSizes(t *testing.T) {
	t.Parallel()
	race.SkipSequential(t)
	type tcase struct {
		name   string
		p, sol *board.Board // sol: the known solution, nil if not known
		unique bool
	}
	var cases []tcase
	for _, s := range []board.Shape{shp(2, 2), shp(2, 3), shp(3, 2), shp(2, 4), shp(3, 3), shp(3, 4), shp(4, 4), shp(5, 5)} {
		cases = append(cases, tcase{name: "empty " + s.String(), p: board.New(s)})
	}
	for i, s := range []board.Shape{shp(2, 2), shp(2, 3), shp(3, 2), shp(2, 4), shp(3, 4)} {
		p, sol := genPuzzle(t, s, int64(i+1))
		cases = append(cases, tcase{name: "generated " + s.String(), p: p, sol: sol, unique: true})
	}
	if dir, ok := testpuzzles.SharedDir(); !ok {
		t.Logf("16×16 and 25×25 public puzzles left out: %s absent", dir)
	} else {
		p16 := readPuzzles(t, testpuzzles.Shared(t, "ext/spoj16.txt"))[0].Board
		sol16 := readPuzzles(t, testpuzzles.Shared(t, "ext/spoj16_pubsol.txt"))[0].Board
		p25 := readPuzzles(t, testpuzzles.Shared(t, "ext/durr25.txt"))[0].Board
		cases = append(cases,
			tcase{name: "spoj16", p: p16, sol: sol16, unique: true},
			tcase{name: "durr25", p: p25, unique: true})
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var first *board.Board
			for _, k := range kinds {
				for _, limit := range []int{0, 2} {
					res := newEngine(t, Options{Kind: k, Limit: limit}).Solve(bg, tc.p)
					w := fmt.Sprintf("%s %v limit %d", tc.name, k, limit)
					checkSolved(t, w, tc.p, res)
					if res.Fallback != "" {
						t.Errorf("%s: fell back: %s", w, res.Fallback)
					}
					if limit == 2 {
						want := 2
						if tc.unique {
							want = 1
						}
						if res.Count != want {
							t.Errorf("%s: Count %d, want %d", w, res.Count, want)
						}
					}
					if tc.sol != nil && !res.Solution.Equal(tc.sol) {
						t.Errorf("%s: not the known solution (cells %s)", w, cellList(tc.p, board.Diff(tc.sol, res.Solution)))
					}
					if tc.unique {
						if first == nil {
							first = res.Solution
						} else if !first.Equal(res.Solution) {
							t.Errorf("%s: grid differs from the first engine's", w)
						}
					}
					t.Logf("%s: %v", w, res.Elapsed)
				}
			}
		})
	}
}

func shp(r, c int) board.Shape { return board.Shape{BoxRows: r, BoxCols: c} }

// TestSixBySix reads 6×6 puzzles with 2×3 boxes through board.Reader (its
// Shape set, as rectangular boxes need) and solves them with every engine.
func TestSixBySix(t *testing.T) {
	t.Parallel()
	puzzles := testpuzzles.ReadWith(t, "engine/testdata/6x6.txt", func(r *board.Reader) { r.Shape = shp(2, 3) })
	n := 0
	for _, pz := range puzzles {
		n++
		var first *board.Board
		for _, k := range kinds {
			res := newEngine(t, Options{Kind: k, Limit: 2}).Solve(bg, pz.Board)
			w := fmt.Sprintf("6x6.txt:%d %v", pz.Line, k)
			checkSolved(t, w, pz.Board, res)
			if res.Count != 1 {
				t.Errorf("%s: Count %d, want 1", w, res.Count)
			}
			if first == nil {
				first = res.Solution
			} else if !first.Equal(res.Solution) {
				t.Errorf("%s: grid differs", w)
			}
		}
	}
	if n != 4 {
		t.Errorf("%d puzzles read, want 4", n)
	}
}
