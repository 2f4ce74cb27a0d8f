// Command ratecompare rates puzzles with the logic package and compares
// the ratings with Sudoku Explainer's (serate, built by bench/serate.sh):
// exact ER agreement and the share within ±0.5 by SE rating band, EP and
// ED agreement, and the time per puzzle of both, side by side (one core,
// one run).
//
// usage: go run ./bench/ratecompare [-limit N] SERATE-OUTPUT [SAMPLE]
//
// SERATE-OUTPUT holds "puzzle ER/EP/ED seconds" lines (bench/serate.sh
// rate); SAMPLE, "puzzle<TAB>set" lines, names each puzzle's set for the
// per-set table.
//
// The path is logic.Solve's with every technique, rated by logic.Rate.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/logic"
)

type ratings struct{ er, ep, ed float64 }

// rate returns a puzzle's ER, EP and ED from the logical solver's path
// (every technique, uniqueness ones included: the sample's puzzles are
// unique), and whether the path reached the solution.
func rate(g *logic.Grid) (ratings, bool) {
	path := logic.Solve(g, logic.Options{Unique: true})
	r := logic.Rate(path)
	return ratings{r.ER, r.EP, r.ED}, path.Solved
}

type row struct {
	puzzle, set string
	se, us      ratings
	seSec       float64
	usSec       float64
	solved      bool
}

func band(er float64) string {
	switch {
	case er < 2:
		return "1.0-1.9"
	case er < 4:
		return "2.0-3.9"
	case er < 6:
		return "4.0-5.9"
	case er < 7:
		return "6.0-6.9"
	case er < 8:
		return "7.0-7.9"
	case er < 8.5:
		return "8.0-8.4"
	case er < 9:
		return "8.5-8.9"
	case er <= 9:
		return "9.0"
	default:
		return "9.1+"
	}
}

func main() {
	limit := flag.Int("limit", 0, "rate at most this many puzzles (0: all)")
	flag.Parse()
	if flag.NArg() < 1 {
		fmt.Fprintln(os.Stderr, "usage: ratecompare [-limit N] SERATE-OUTPUT [SAMPLE]")
		os.Exit(2)
	}
	sets := map[string]string{}
	if flag.NArg() > 1 {
		f, err := os.Open(flag.Arg(1))
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if p, s, ok := strings.Cut(sc.Text(), "\t"); ok {
				sets[p] = s
			}
		}
		f.Close()
	}
	f, err := os.Open(flag.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer f.Close()
	var rows []row
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) < 3 || len(fs[0]) != 81 {
			continue
		}
		var r row
		r.puzzle, r.set = fs[0], sets[fs[0]]
		if _, err := fmt.Sscanf(fs[1], "%g/%g/%g", &r.se.er, &r.se.ep, &r.se.ed); err != nil {
			fmt.Fprintf(os.Stderr, "%s: bad rating %q\n", fs[0], fs[1])
			continue
		}
		r.seSec, _ = strconv.ParseFloat(strings.TrimSuffix(fs[2], "s"), 64)
		b, err := board.Parse(r.puzzle)
		if err != nil {
			fmt.Fprintf(os.Stderr, "%s: %v\n", r.puzzle, err)
			continue
		}
		g, err := logic.FromBoard(b)
		if err != nil {
			fmt.Fprintf(os.Stderr, "%s: %v\n", r.puzzle, err)
			continue
		}
		start := time.Now()
		r.us, r.solved = rate(g)
		r.usSec = time.Since(start).Seconds()
		rows = append(rows, r)
		if *limit > 0 && len(rows) >= *limit {
			break
		}
	}
	report(rows)
}

func report(rows []row) {
	type agg struct {
		n, exact, half, ep, ed, stuck int
		seSec, usSec                  float64
	}
	add := func(a *agg, r row) {
		a.n++
		if r.us.er == r.se.er {
			a.exact++
		}
		if math.Abs(r.us.er-r.se.er) <= 0.5+1e-9 {
			a.half++
		}
		if r.us.ep == r.se.ep {
			a.ep++
		}
		if r.us.ed == r.se.ed {
			a.ed++
		}
		if !r.solved {
			a.stuck++
		}
		a.seSec += r.seSec
		a.usSec += r.usSec
	}
	pct := func(k, n int) string { return fmt.Sprintf("%5.1f%%", 100*float64(k)/float64(max(n, 1))) }
	print := func(title string, keys []string, by map[string]*agg) {
		fmt.Printf("\n%-14s %5s %7s %7s %7s %7s %6s %10s %10s\n", title, "n", "ER=", "ER±0.5", "EP=", "ED=", "stuck", "SE s/pz", "ours s/pz")
		for _, k := range keys {
			a := by[k]
			fmt.Printf("%-14s %5d %7s %7s %7s %7s %6d %10.4f %10.4f\n", k, a.n, pct(a.exact, a.n), pct(a.half, a.n),
				pct(a.ep, a.n), pct(a.ed, a.n), a.stuck, a.seSec/float64(max(a.n, 1)), a.usSec/float64(max(a.n, 1)))
		}
	}
	bands, sets := map[string]*agg{}, map[string]*agg{}
	var total, upto9 agg
	for _, r := range rows {
		for _, m := range []struct {
			by  map[string]*agg
			key string
		}{{bands, band(r.se.er)}, {sets, r.set}} {
			if m.by[m.key] == nil {
				m.by[m.key] = &agg{}
			}
			add(m.by[m.key], r)
		}
		add(&total, r)
		if r.se.er <= 9.0 {
			add(&upto9, r)
		}
	}
	keys := func(m map[string]*agg) []string {
		var ks []string
		for k := range m {
			ks = append(ks, k)
		}
		sort.Strings(ks)
		return ks
	}
	print("SE ER band", keys(bands), bands)
	print("set", keys(sets), sets)
	print("", []string{"SE ER <= 9.0", "all"}, map[string]*agg{"SE ER <= 9.0": &upto9, "all": &total})
}
