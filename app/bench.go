package app

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/satdoku/satdoku/batch"
	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/engine"
	inputpkg "github.com/satdoku/satdoku/input"
	"github.com/satdoku/satdoku/internal/cputime"
	"github.com/satdoku/satdoku/variant"
	"github.com/urfave/cli/v2"
)

func benchCommand(s *streams) *cli.Command {
	return &cli.Command{
		Name:      "bench",
		Usage:     "measure the engines on puzzle files: CPU µs per puzzle, throughput, share settled without search",
		ArgsUsage: "FILE...",
		Description: `Solves every puzzle of each file with each engine, in this process on one
thread, verifying every answer, and prints per file and engine: puzzles,
the mean CPU µs per puzzle (the solving thread's CPU clock over the whole
pass, divided by the puzzles), the median, p99 and max µs per puzzle (each
puzzle's wall time as the engine measures it, on that one thread), the
process's mean CPU µs per puzzle including the garbage collector, puzzles
per second, and the share of puzzles settled by
propagation alone (no search; for the SAT engine, also which preprocessing
step decided each puzzle: singles, subsets, probing, or gophersat's search).
Puzzles are read before timing starts, from the inputs solve reads: classic
sets, f-puzzles files and links, killer strings (SudoCue's and snarfable ones)
and pencil-mark grids.
The collector runs at GOGC=400 unless GOGC is set.

Examples:
   satdoku bench ../shared/data/puzzles3_magictour_top1465
   satdoku bench --engine backtrack --count 2 data/*
   satdoku bench --limit 1000 ../shared/data/puzzles2_17_clue
   satdoku bench --count 2 testdata/variants/sudocue/killers.txt

EXIT CODES:
   0  every puzzle solved (or counted)
   1  fatal error (unreadable file)
   2  usage error
   4  a file holds an invalid puzzle, or none
   6  some puzzle was not solved (listed in the table)
` + brokenPipeHelp,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "engine", Aliases: []string{"e"}, Value: "sat,backtrack", Usage: "comma-separated `ENGINES` to measure: sat, backtrack, both, portfolio"},
			&cli.IntFlag{Name: "count", Usage: "count the solutions, stopping at `K` (2: the uniqueness protocol)", DefaultText: "no count, the first solution only"},
			&cli.IntFlag{Name: "limit", Usage: "measure at most `N` puzzles per file", DefaultText: "0, all"},
			boxFlag(), alphabetFlag(),
		},
		Action: func(c *cli.Context) error { return runBench(c, s) },
	}
}

// benchStats summarises one engine on one file.
type benchStats struct {
	file, engine               string
	puzzles, settled, failures int
	stages                     map[encode.Stage]int // SAT engine: how each puzzle was decided
	clashes                    int                  // SAT engine: decided by clashing givens
	times                      []time.Duration      // per puzzle, wall (Result.Elapsed)
	thread, process, wall      time.Duration        // totals over the pass
}

func runBench(c *cli.Context, s *streams) error {
	if c.NArg() == 0 {
		return usagef("bench needs at least one puzzle file")
	}
	var kinds []engine.Kind
	for _, name := range strings.Split(c.String("engine"), ",") {
		k, err := engine.ParseKind(strings.TrimSpace(name))
		if err != nil || k == engine.External {
			return usagef("--engine %q: want sat, backtrack, both or portfolio", name)
		}
		kinds = append(kinds, k)
	}
	count := c.Int("count")
	if count < 0 {
		return usagef("--count must not be negative")
	}
	in, err := parseInput(c)
	if err != nil {
		return err
	}
	batch.TuneGC()
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	tw := s.stdout
	fmt.Fprintf(tw, benchRow, "file", "engine", "puzzles", "mean µs", "median µs", "p99 µs", "max µs", "process µs", "puzzles/s", "settled")
	if err := s.outErr(); err != nil {
		return exitf(ExitError, "writing output: %v", err)
	}
	failed := false
	err = s.forEachInput(c.Args().Slice(), "puzzles", func(name string, r io.Reader) error {
		br := bufio.NewReaderSize(r, 64<<10) // r is one already (forEachInput)
		var puzzles []benchPuzzle
		puzzles, err = readAll(in.open(br, name, io.Discard), name, c.Int("limit"))
		if err != nil {
			return err
		}
		for _, k := range kinds {
			st, err := benchOne(puzzles, engine.Options{Kind: k, Limit: count})
			if err != nil {
				return err
			}
			st.file, st.engine = shortName(name), k.String()
			failed = failed || st.failures > 0
			st.print(tw)
			if err := s.outErr(); err != nil {
				return exitf(ExitError, "writing output: %v", err)
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(s.stdout, "(mean µs: %s over the pass; median, p99, max: each puzzle's wall time; process µs includes the garbage collector; GOMAXPROCS=%d)\n", cputime.ThreadClock, runtime.GOMAXPROCS(0))
	if failed {
		return exitf(ExitFailed, "some puzzles were not solved: see the table")
	}
	return nil
}

func shortName(name string) string {
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		return name[i+1:]
	}
	return name
}

// benchPuzzle is a puzzle to measure: a classic board, or a variant
// puzzle (v not nil, its givens b).
type benchPuzzle struct {
	b *board.Board
	v *variant.Puzzle
}

// readAll reads up to limit puzzles (0: all) of an input in any format;
// one that cannot be read is an error.
func readAll(rd *inputpkg.Reader, name string, limit int) ([]benchPuzzle, error) {
	var out []benchPuzzle
	for limit == 0 || len(out) < limit {
		p, v, err := readPuzzle(rd)
		if err == io.EOF {
			break
		}
		if batch.Unreadable(err) {
			return nil, exitf(ExitInvalid, "%v", err)
		}
		if err != nil {
			return nil, exitf(ExitError, "reading %s: %v", displayName(name), err)
		}
		out = append(out, benchPuzzle{p.Board, v})
	}
	if len(out) == 0 {
		return nil, exitf(ExitInvalid, "no puzzle in %s", displayName(name))
	}
	return out, nil
}

// benchOne solves every puzzle once with one engine. The CPU clocks are
// read once before and once after the whole pass: a thread CPU clock read
// is a system call (about 1.5 µs on Linux, as much as the backtracker
// takes on an easy puzzle), so reading it around every puzzle measured
// the clock more than the solver. Each puzzle's own time, for the median
// and the tail, is the wall time the engine measures anyway (two vDSO
// reads, tens of nanoseconds).
func benchOne(puzzles []benchPuzzle, o engine.Options) (*benchStats, error) {
	eng, stop, err := batch.NewEngine(o) // the portfolio's SAT side in a worker process
	if err != nil {
		return nil, usagef("%v", err)
	}
	defer stop()
	ctx := context.Background()
	st := &benchStats{puzzles: len(puzzles), times: make([]time.Duration, len(puzzles)), stages: map[encode.Stage]int{}}
	runtime.GC()
	wall0, proc0, thread0 := time.Now(), cputime.Process(), cputime.Thread()
	for i, p := range puzzles {
		var res engine.Result
		if p.v != nil {
			res = eng.SolvePuzzle(ctx, p.v)
		} else {
			res = eng.Solve(ctx, p.b)
		}
		st.times[i] = res.Elapsed
		if res.Settled {
			st.settled++
		}
		switch {
		case res.Engine != engine.SAT.String():
		case res.Settled && res.Stage == encode.StageSearch:
			st.clashes++ // settled before any step: givens that clash
		default:
			st.stages[res.Stage]++
		}
		// The serg set has several solutions per puzzle: counting finds
		// them; every other outcome than solved is a failure here.
		if res.Status != engine.Solved {
			st.failures++
		}
	}
	st.thread, st.process, st.wall = cputime.Thread()-thread0, cputime.Process()-proc0, time.Since(wall0)
	return st, nil
}

// benchRow lays out one row of the bench table; rows are printed as soon
// as they are measured.
const benchRow = "%-34s %-9s %8v %10v %10v %10v %10v %11v %10v %8v\n"

func (st *benchStats) print(w io.Writer) {
	t := slices.Clone(st.times)
	slices.Sort(t)
	n := len(t)
	us := func(d time.Duration) string { return fmt.Sprintf("%.1f", float64(d)/1e3) }
	p99 := t[min(n-1, n*99/100)]
	fmt.Fprintf(w, benchRow, st.file, st.engine, n, us(st.thread/time.Duration(n)), us(t[n/2]), us(p99), us(t[n-1]),
		us(st.process/time.Duration(n)), fmt.Sprintf("%.0f", float64(n)/st.wall.Seconds()),
		fmt.Sprintf("%.1f%%", 100*float64(st.settled)/float64(n)))
	if len(st.stages) > 0 || st.clashes > 0 {
		var parts []string
		for _, stage := range []encode.Stage{encode.StageSingles, encode.StageSubsets, encode.StageProbing, encode.StageSearch} {
			parts = append(parts, fmt.Sprintf("%v %.1f%%", stage, 100*float64(st.stages[stage])/float64(n)))
		}
		if st.clashes > 0 {
			parts = append(parts, fmt.Sprintf("clashing givens %.1f%%", 100*float64(st.clashes)/float64(n)))
		}
		fmt.Fprintf(w, "%-34s %-9s decided by: %s\n", "", "", strings.Join(parts, ", "))
	}
	if st.failures > 0 {
		fmt.Fprintf(w, "%-34s %-9s %s not solved\n", st.file, st.engine, count(st.failures, "puzzle"))
	}
}
