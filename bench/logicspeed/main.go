// Command logicspeed serves bench/logic-speed.sh, which measures the
// logical solver's speed (issue 33). It has two modes:
//
//	logicspeed positions DIR < puzzles
//
// solves each puzzle (one 81-character line) with the default techniques
// and writes, as a pencil-mark grid DIR/NNNN.txt, the position just
// before the hardest step of its path: the position where a hint costs
// most, since every easier technique fails there first.
//
//	logicspeed hint FILE...
//
// reads each pencil-mark grid, times logic.Next on it (what `satdoku
// hint` asks the library for) and prints the median, 90th percentile,
// mean and maximum, in CPU time of the calling thread (which other
// processes on a busy machine do not inflate) and in wall time.
//
//	logicspeed cli [-base BASE] SATDOKU FILE...
//
// runs `SATDOKU hint FILE` for each file, a process each, and prints the
// same statistics of the processes' CPU time (user + system, to the
// microsecond) and wall time; after each, it runs `SATDOKU --version`,
// whose times are the floor any command pays to start. With -base, BASE
// (another build of satdoku) runs `hint FILE` too, alternating with
// SATDOKU (which goes first alternates too), so that the two are measured
// under the same load; the ratio of their medians is printed.
package main

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/input"
	"github.com/satdoku/satdoku/logic"
)

func main() {
	if len(os.Args) < 2 {
		usage()
	}
	var err error
	switch os.Args[1] {
	case "positions":
		if len(os.Args) != 3 {
			usage()
		}
		err = positions(os.Args[2])
	case "hint":
		err = hints(os.Args[2:])
	case "cli":
		args, base := os.Args[2:], ""
		if len(args) >= 2 && args[0] == "-base" {
			base, args = args[1], args[2:]
		}
		if len(args) < 1 {
			usage()
		}
		err = cli(args[0], base, args[1:])
	default:
		usage()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "logicspeed:", err)
		os.Exit(1)
	}
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: logicspeed positions DIR < puzzles | logicspeed hint FILE... | logicspeed cli [-base BASE] SATDOKU FILE...")
	os.Exit(2)
}

func positions(dir string) error {
	in := bufio.NewScanner(os.Stdin)
	line, n := 0, 0
	for in.Scan() {
		line++
		text := strings.TrimSpace(in.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		b, err := board.Parse(text)
		if err != nil {
			return fmt.Errorf("line %d: %v", line, err)
		}
		g, err := logic.FromBoard(b)
		if err != nil {
			return fmt.Errorf("line %d: %v", line, err)
		}
		path := logic.Solve(g, logic.Options{Unique: true})
		hardest := 0
		for i, s := range path.Steps {
			if s.Rating > path.Steps[hardest].Rating {
				hardest = i
			}
		}
		pos := g.Clone()
		for _, s := range path.Steps[:hardest] {
			pos.Apply(s)
		}
		n++
		name := filepath.Join(dir, fmt.Sprintf("%04d.txt", n))
		if err := os.WriteFile(name, []byte(marks(pos)), 0o644); err != nil {
			return err
		}
	}
	if err := in.Err(); err != nil {
		return err
	}
	fmt.Printf("%d positions in %s\n", n, dir)
	return nil
}

// marks writes a 9×9 grid's candidates as a pencil-mark grid, one row a
// line, a bar between boxes. A grid whose first row is solved would read
// as a classic grid (input.IsMarksRow: a row of single digits is not a
// row of candidates), so the rows are then reordered, an equivalent
// position: the band of the first row with two candidates in a cell goes first,
// that row first in it.
func marks(g *logic.Grid) string {
	order := make([]int, g.N)
	for r := range order {
		order[r] = r
	}
	for r := 0; r < g.N; r++ {
		if slices.ContainsFunc(g.Cand[r*g.N:(r+1)*g.N], func(d logic.Digits) bool { return d.Count() > 1 }) {
			band := r / 3
			for k := 0; k < 3; k++ {
				order[k], order[band*3+k] = order[band*3+k], order[k]
			}
			order[0], order[r%3] = order[r%3], order[0]
			break
		}
	}
	var sb strings.Builder
	for _, r := range order {
		for c := 0; c < g.N; c++ {
			if c > 0 && c%3 == 0 {
				sb.WriteString("| ")
			}
			var cell strings.Builder
			for _, d := range g.Cand[r*g.N+c].List() {
				fmt.Fprint(&cell, d)
			}
			fmt.Fprintf(&sb, "%-10s", cell.String())
		}
		sb.WriteString("\n")
	}
	return sb.String()
}

func hints(files []string) error {
	runtime.LockOSThread()
	var cpu, wall []time.Duration
	techniques := map[string]int{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		p, _, err := input.NewMarksReader(strings.NewReader(string(data))).Read()
		if err != nil {
			return fmt.Errorf("%s: %v", f, err)
		}
		g, err := logic.FromPuzzle(p)
		if err != nil {
			return fmt.Errorf("%s: %v", f, err)
		}
		c0, w0 := threadCPU(), time.Now()
		st, ok := logic.Next(g, logic.Options{Unique: true})
		w := time.Since(w0)
		c := threadCPU() - c0
		if !ok && !g.Solved() {
			return fmt.Errorf("%s: no step", f)
		}
		cpu, wall = append(cpu, c), append(wall, w)
		techniques[st.Technique]++
	}
	if len(cpu) == 0 {
		return fmt.Errorf("no position")
	}
	fmt.Printf("library logic.Next on %d positions: CPU %s; wall %s\n", len(cpu), stats(cpu), stats(wall))
	var names []string
	for t := range techniques {
		names = append(names, t)
	}
	sort.Strings(names)
	for _, t := range names {
		fmt.Printf("  %4d steps: %s\n", techniques[t], t)
	}
	return nil
}

func cli(satdoku, base string, files []string) error {
	var cpu, wall, baseCPU, baseWall, startCPU, startWall []time.Duration
	run := func(prog string, args ...string) (time.Duration, time.Duration, error) {
		cmd := exec.Command(prog, args...)
		start := time.Now()
		if out, err := cmd.CombinedOutput(); err != nil {
			return 0, 0, fmt.Errorf("%s %s: %v: %s", prog, strings.Join(args, " "), err, out)
		}
		return cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(), time.Since(start), nil
	}
	for i, f := range files {
		progs := []string{satdoku}
		if base != "" {
			progs = append(progs, base)
			if i%2 == 1 {
				progs[0], progs[1] = base, satdoku
			}
		}
		for _, prog := range progs {
			c, w, err := run(prog, "hint", f)
			if err != nil {
				return err
			}
			if prog == base {
				baseCPU, baseWall = append(baseCPU, c), append(baseWall, w)
			} else {
				cpu, wall = append(cpu, c), append(wall, w)
			}
		}
		// The floor: a process that starts and prints its version.
		c, w, err := run(satdoku, "--version")
		if err != nil {
			return err
		}
		startCPU, startWall = append(startCPU, c), append(startWall, w)
	}
	if len(cpu) == 0 {
		return fmt.Errorf("no position")
	}
	fmt.Printf("CLI satdoku hint on %d positions, a process each: CPU %s; wall %s\n", len(cpu), stats(cpu), stats(wall))
	if base != "" {
		fmt.Printf("CLI base hint (%s), alternating with it: CPU %s; wall %s\n", base, stats(baseCPU), stats(baseWall))
		fmt.Printf("CPU median: base/satdoku = %.2f×\n", float64(median(baseCPU))/float64(median(cpu)))
	}
	fmt.Printf("CLI satdoku --version, interleaved (process start-up): CPU %s; wall %s\n", stats(startCPU), stats(startWall))
	return nil
}

// median returns the median of ds.
func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}

// stats returns "median m, p90 p, mean a, max x" in milliseconds.
func stats(ds []time.Duration) string {
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	var sum time.Duration
	for _, d := range ds {
		sum += d
	}
	ms := func(d time.Duration) string { return fmt.Sprintf("%.2f ms", float64(d.Microseconds())/1000) }
	return fmt.Sprintf("median %s, p90 %s, mean %s, max %s", ms(ds[len(ds)/2]), ms(ds[len(ds)*9/10]), ms(sum/time.Duration(len(ds))), ms(ds[len(ds)-1]))
}
