package explain_test

import (
	"cmp"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/satdoku/satdoku/explain"
	"github.com/satdoku/satdoku/internal/cputime"
	"github.com/satdoku/satdoku/logic"
)

// TestPathTimes writes, when SATDOKU_EXPLAIN_TIMES is set, the CPU time
// of the full logical path of each public 9×9 puzzle (the variant corpus
// and the killer collections) to stderr, with the median and the worst;
// SATDOKU_EXPLAIN_TIMES=baseline times the plain baseline instead (one
// MUS call per SAT step, no cost order) and =N (a number) only the first
// N puzzles (SATDOKU_EXPLAIN_LIMIT=N with baseline), and
// SATDOKU_EXPLAIN_ONE=name,name… only the puzzles named, and
// SATDOKU_EXPLAIN_FROM=K starts at the K-th puzzle (0-based), to resume a
// run; SATDOKU_EXPLAIN_TRACE=1 also writes the 20 sets of one or two
// instances whose exact check cost the most propagation work (work,
// checks, candidates left to SAT). It measures; it asserts only that each
// path is solved.
func TestPathTimes(t *testing.T) {
	mode := os.Getenv("SATDOKU_EXPLAIN_TIMES")
	if mode == "" {
		t.Skip("set SATDOKU_EXPLAIN_TIMES to time the paths")
	}
	limit := 0
	if _, err := fmt.Sscan(mode, &limit); err == nil {
		mode = ""
	}
	if v := os.Getenv("SATDOKU_EXPLAIN_LIMIT"); v != "" {
		fmt.Sscan(v, &limit)
	}
	var times, hints []time.Duration
	type agg struct {
		work          int64
		calls, unsure int
	}
	dbg := map[string]*agg{}
	if os.Getenv("SATDOKU_EXPLAIN_TRACE") != "" {
		defer explain.SetTrace(nil)
		explain.SetTrace(func(name string, work int64, unsure int) {
			a := dbg[name]
			if a == nil {
				a = &agg{}
				dbg[name] = a
			}
			a.work += work
			a.calls++
			a.unsure += unsure
		})
		defer func() {
			var names []string
			for k := range dbg {
				names = append(names, k)
			}
			slices.SortFunc(names, func(a, b string) int { return cmp.Compare(dbg[b].work, dbg[a].work) })
			for i, k := range names {
				if i < 20 {
					fmt.Fprintln(os.Stderr, dbg[k].work, dbg[k].calls, dbg[k].unsure, k)
				}
			}
		}()
	}
	one := os.Getenv("SATDOKU_EXPLAIN_ONE")
	from := 0
	if v := os.Getenv("SATDOKU_EXPLAIN_FROM"); v != "" {
		fmt.Sscan(v, &from)
	}
	for k, cp := range public9(t) {
		if limit > 0 && k >= limit {
			break
		}
		if k < from {
			continue
		}
		if one != "" && !slices.Contains(strings.Split(one, ","), cp.name) {
			continue
		}
		start := cputime.Process()
		g, err := logic.FromPuzzle(cp.puzzle)
		if err != nil {
			t.Fatal(err)
		}
		x, err := explain.New(g, explain.Options{})
		if err != nil {
			t.Fatal(err)
		}
		var ts []logic.Technique
		if mode == "baseline" {
			ts = append(logic.DefaultTechniques(), x.Baseline())
		} else {
			ts, x, err = explain.TechniquesOf(g, explain.Options{})
			if err != nil {
				t.Fatal(err)
			}
		}
		p := logic.Solve(g, logic.Options{Techniques: ts})
		d := cputime.Process() - start
		times = append(times, d)
		// A hint halfway along the path: a fresh Explainer, then Next.
		mid := g.Clone()
		for _, s := range p.Steps[:len(p.Steps)/2] {
			mid.Apply(s)
		}
		start = cputime.Process()
		hts, err := explain.Techniques(mid, explain.Options{})
		if err != nil {
			t.Fatal(err)
		}
		logic.Next(mid, logic.Options{Techniques: hts})
		hint := cputime.Process() - start
		hints = append(hints, hint)
		if !p.Solved && cp.solution != nil { // one with two solutions (Wecoc #1 [mod B]) gets stuck
			t.Errorf("%s: not solved", cp.name)
		}
		fmt.Fprintf(os.Stderr, "%d %s\t%v\t%d steps, %d SAT (%d from every instance, %d by MUS of %d instances in all, %d shrunk by SAT; MUS trials %d, %d native, %d by a shrink's solution; %d MUS narrowed, %d scans, %d nodes), hint halfway %v\n",
			k, cp.name, d.Round(time.Millisecond), len(p.Steps), x.Stats.Steps, x.Stats.Fallback, x.Stats.MUS, x.Stats.MUSInstances, x.Stats.Shrunk, x.Stats.Trials, x.Stats.Native, x.Stats.Reused, x.Stats.Narrowed, x.Stats.Scans, x.Stats.Nodes, hint.Round(100*time.Microsecond))
	}
	slices.Sort(times)
	if len(times) > 0 {
		slices.Sort(hints)
		fmt.Fprintf(os.Stderr, "%d puzzles: path median %v, worst %v CPU; hint halfway median %v, worst %v\n", len(times),
			times[len(times)/2].Round(time.Millisecond), times[len(times)-1].Round(time.Millisecond),
			hints[len(hints)/2].Round(100*time.Microsecond), hints[len(hints)-1].Round(100*time.Microsecond))
	}
}
